/* The one place the C names a compiler's own (docs/native.md, "Portable C"): the bit scans and
 * counts, the high half of a 64-bit product, a branch hint and a prefetch. Every other file is
 * plain C11 that GCC, Clang and MSVC build on 32- and 64-bit targets alike (.ci/portable-c
 * checks it: no builtin, __int128 or __attribute__ outside this header).
 *
 * Each has three ways, the first that applies:
 *
 *   GCC and Clang (__GNUC__)   their builtins (__builtin_ctz, ...), one instruction where the
 *                              target has it
 *   MSVC (_MSC_VER)            its intrinsics (_BitScanForward, _BitScanForward64, __umulh, ...)
 *                              where the target has them
 *   anything else              plain C (below), which SUDOKU_PORTABLE_FALLBACK forces on any
 *                              compiler: the build setup.py makes with
 *                              SUDOKU_REPL_PORTABLE_FALLBACK=1, on which CI runs the native
 *                              tests (.ci/sanitize), so the plain C is not left untried
 *
 * The scans take a nonzero argument (as the builtins do: their result for 0 is undefined). No
 * Python here: the counter (counting.c) and its check's entry (tests/native/count_check.c)
 * build without Python.h. */
#ifndef SUDOKU_REPL_PORTABLE_H
#define SUDOKU_REPL_PORTABLE_H

#include <stdint.h>

#if defined(SUDOKU_PORTABLE_FALLBACK)
#define PORTABLE_PLAIN 1
#elif defined(__GNUC__)
#define PORTABLE_GNU 1
#elif defined(_MSC_VER)
#define PORTABLE_MSVC 1
#include <intrin.h>
#else
#define PORTABLE_PLAIN 1
#endif

/* -- plain C: the reference the others must agree with ------------------------------------ */

static inline int plain_ctz64(uint64_t x) {
    int n = 0;
    if (!(x & 0xFFFFFFFFu)) { n += 32; x >>= 32; }
    if (!(x & 0xFFFFu)) { n += 16; x >>= 16; }
    if (!(x & 0xFFu)) { n += 8; x >>= 8; }
    if (!(x & 0xFu)) { n += 4; x >>= 4; }
    if (!(x & 0x3u)) { n += 2; x >>= 2; }
    return n + (int)(~x & 1);
}

static inline int plain_clz32(uint32_t x) {
    int n = 0;
    if (!(x & 0xFFFF0000u)) { n += 16; x <<= 16; }
    if (!(x & 0xFF000000u)) { n += 8; x <<= 8; }
    if (!(x & 0xF0000000u)) { n += 4; x <<= 4; }
    if (!(x & 0xC0000000u)) { n += 2; x <<= 2; }
    return n + (int)(~x >> 31 & 1);
}

static inline int plain_popcount64(uint64_t m) {
    m = m - ((m >> 1) & 0x5555555555555555u);
    m = (m & 0x3333333333333333u) + ((m >> 2) & 0x3333333333333333u);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((m * 0x0101010101010101u) >> 56);
}

/* the high 64 bits of a * b, from four 32-bit products */
static inline uint64_t plain_mul_high64(uint64_t a, uint64_t b) {
    uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
    uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    uint64_t middle = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
    return hi_hi + (hi_lo >> 32) + (middle >> 32);
}

/* -- what the other files call ----------------------------------------------------------- */

#if defined(PORTABLE_GNU)

/* the index of the lowest set bit (x != 0) */
static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
/* the zero bits above the highest set bit (x != 0) */
static inline int clz32(uint32_t x) { return __builtin_clz(x); }
/* the set bits */
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
static inline int popcount32(uint32_t x) { return __builtin_popcount(x); }
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
#else
/* (x86 without POPCNT, the baseline a wheel is built for: there the builtins are a call to
 * libgcc's __popcountdi2, a table walk; the plain count is a few instructions inline) */
static inline int popcount32(uint32_t x) { return plain_popcount64(x); }
static inline int popcount64(uint64_t x) { return plain_popcount64(x); }
#endif
#if defined(__SIZEOF_INT128__)
/* (__extension__: the 128-bit type is GCC's and Clang's own, which -pedantic would refuse) */
__extension__ typedef unsigned __int128 portable_u128;
static inline uint64_t mul_high64(uint64_t a, uint64_t b) {
    return (uint64_t)(((portable_u128)a * b) >> 64);
}
#else
static inline uint64_t mul_high64(uint64_t a, uint64_t b) { return plain_mul_high64(a, b); }
#endif
/* a condition that is almost never true: the compiler lays the other way out first */
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define PREFETCH(p) __builtin_prefetch(p)
/* a small function inlined wherever it is called, whatever the optimiser weighs (link-time
 * optimisation may otherwise leave it a call in a hot loop) */
#define ALWAYS_INLINE __attribute__((always_inline)) inline

#elif defined(PORTABLE_MSVC)

static inline int ctz32(uint32_t x) {
    unsigned long i;
    _BitScanForward(&i, x);
    return (int)i;
}
static inline int clz32(uint32_t x) {
    unsigned long i;
    _BitScanReverse(&i, x);
    return 31 - (int)i;
}
#if defined(_M_X64) || defined(_M_ARM64)
static inline int ctz64(uint64_t x) {
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
}
#else
static inline int ctz64(uint64_t x) {
    return (uint32_t)x ? ctz32((uint32_t)x) : 32 + ctz32((uint32_t)(x >> 32));
}
#endif
/* (plain C, not __popcnt: POPCNT is missing on older x86-64 CPUs, and MSVC, unlike GCC,
 * emits it whatever the target) */
static inline int popcount32(uint32_t x) { return plain_popcount64(x); }
static inline int popcount64(uint64_t x) { return plain_popcount64(x); }
#if defined(_M_X64) || defined(_M_ARM64)
static inline uint64_t mul_high64(uint64_t a, uint64_t b) { return __umulh(a, b); }
#else
static inline uint64_t mul_high64(uint64_t a, uint64_t b) { return plain_mul_high64(a, b); }
#endif
#define UNLIKELY(x) (x)
#define PREFETCH(p) ((void)(p))
#define ALWAYS_INLINE __forceinline

#else /* PORTABLE_PLAIN */

static inline int ctz32(uint32_t x) { return plain_ctz64(x); }
static inline int ctz64(uint64_t x) { return plain_ctz64(x); }
static inline int clz32(uint32_t x) { return plain_clz32(x); }
static inline int popcount32(uint32_t x) { return plain_popcount64(x); }
static inline int popcount64(uint64_t x) { return plain_popcount64(x); }
static inline uint64_t mul_high64(uint64_t a, uint64_t b) { return plain_mul_high64(a, b); }
#define UNLIKELY(x) (x)
#define PREFETCH(p) ((void)(p))
#define ALWAYS_INLINE inline

#endif

/* SSE2 (moves.c compares 16 cells at once with it): on every x86-64 target, not on ARM64 or
 * WebAssembly, nor in the plain build */
#if !defined(SUDOKU_PORTABLE_FALLBACK) && \
    (defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2))
#define PORTABLE_SSE2 1
#endif

#endif

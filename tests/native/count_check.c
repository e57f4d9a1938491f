/* The native core's counter (core/csrc/counting.c) and the compilers' shim (portable.h) alone,
 * without Python and without a C library: an entry the tests build as a shared library for this
 * machine (called through ctypes) and as a freestanding WebAssembly module (wasm32: 32-bit
 * pointers and long; called through wasmtime), to see that the C gives the same answers on 32-
 * and 64-bit targets, with the builtins and with the plain C (tests/core/test_portable_c.py).
 *
 * Numbers cross as arguments and return values; the grid and the answers through two buffers
 * whose addresses check_cells() and check_answers() give:
 *
 *   check_count(LIMIT)  the grid in check_cells() (81 values 0-9) counted up to LIMIT: 0, and
 *                       the solutions and the guesses the search made in answers 0 and 1
 *   check_bits(X, Y)    0, and in answers 0-4: CTZ64 CLZ32 POPCOUNT64 MULHIGH64 CTZ32 (CLZ32
 *                       and CTZ32 of X's low 32 bits, -1 when they are 0; MULHIGH64: X * Y's
 *                       high half)
 *
 * What it cannot take (a limit below 1, a value past 9, an X of 0 to scan): -1, and the answers
 * are left as they were. */
#include <stdint.h>

#include "counting.h"

static unsigned char cells[81];
static int64_t answers[5];

unsigned char *check_cells(void) { return cells; }

int64_t *check_answers(void) { return answers; }

int check_count(int64_t limit) {
    if (limit < 1)
        return -1;
    for (int i = 0; i < 81; i++)
        if (cells[i] > 9)
            return -1;
    int64_t guesses = 0;
    answers[0] = count_grid_guessing(cells, limit, &guesses);
    answers[1] = guesses;
    return 0;
}

int check_bits(uint64_t x, uint64_t y) {
    if (!x)
        return -1;
    uint32_t low = (uint32_t)x;
    answers[0] = ctz64(x);
    answers[1] = low ? clz32(low) : -1;
    answers[2] = popcount64(x);
    answers[3] = (int64_t)mul_high64(x, y);
    answers[4] = low ? ctz32(low) : -1;
    return 0;
}

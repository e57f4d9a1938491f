/* The bits of a 9-bit candidate mask (bits.c): the lowest of the core's files, and the one the
 * explainer's C (techniques/explainer/csrc/) takes from it, compiled into each extension. */
#ifndef SUDOKU_REPL_BITS_H
#define SUDOKU_REPL_BITS_H

#include "portable.h" /* ctz32 */

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

extern const int BITS[512]; /* the number of bits of a 9-bit mask */

/* the value of a mask's lowest bit (bit 0: the value 1) */
static inline int value_of_bit(int b) { return ctz32(b) + 1; }

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

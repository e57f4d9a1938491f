/* Braids of braids (df_bxb.c), mirroring techniques/difficulty/bxb.py: T&E(B_x, 1), trial and
 * error with BRT and braids up to length x as the rules of each trial. */
#ifndef SUDOKU_REPL_DF_BXB_H
#define SUDOKU_REPL_DF_BXB_H

#include "df_braids.h"
#include "df_te.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define DF_BXB_MAX 12

/* the least x <= max (max <= DF_BXB_MAX) for which T&E(B_x, 1) solves cands: -1 past max, -2
 * at a contradiction (a state with no solution), -3 out of memory; solution (81 digits, or
 * NULL) spares the trials of true candidates. A state T&E(1) solves answers 1 or less: the
 * figure is meant for T&E(2) states. */
int df_bxb_rating(const uint16_t *cands, int max, const uint8_t *solution);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

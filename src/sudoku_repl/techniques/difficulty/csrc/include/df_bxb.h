/* Braids of braids (df_bxb.c), mirroring techniques/difficulty/bxb.py: T&E(B_x, 1), trial and
 * error with BRT and braids up to length x as the rules of each trial; and braids of braids of
 * braids, T&E(B_x, 2). */
#ifndef SUDOKU_REPL_DF_BXB_H
#define SUDOKU_REPL_DF_BXB_H

#include "df_braids.h"
#include "df_te.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define DF_BXB_MAX 16

/* the least x <= max (max <= DF_BXB_MAX) for which T&E(B_x, depth) solves cands on board b
 * (depth 1: BxB, 2: BxBB): -1 past max, -2 at a contradiction (a state with no solution), -3
 * out of memory; solution (81 digits, or NULL) spares the trials of true candidates. A state
 * T&E(depth) solves answers 1 or less: the figure is meant for T&E(depth + 1) states. */
int df_bxb_rating(const uint16_t *cands, int max, const uint8_t *solution, int depth,
                  const DfBoard *b);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* Braids (df_braids.c), mirroring techniques/difficulty/braids.py: the least length of a braid
 * against a candidate, the closure of BRT and braids up to a length, and the B rating. */
#ifndef SUDOKU_REPL_DF_BRAIDS_H
#define SUDOKU_REPL_DF_BRAIDS_H

#include "df_grid.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the least length (1 to max) of a braid against candidate z (cell * 9 + digit - 1, of an
 * undecided cell) in g, a state BRT has closed without contradiction; 0 when there is none */
int df_braid_length(const DfGrid *g, int z, int max);

/* BRT and braids of length up to n on g in place, until nothing changes: 1, or 0 at a
 * contradiction; solution (81 digits, or NULL) spares the search against true candidates */
int df_braids(DfGrid *g, int n, const uint8_t *solution);

/* the least n <= max for which BRT and braids up to n solve cands on board b: -1 past max, -2
 * when BRT meets a contradiction on the way (a state with no solution) */
int df_b_rating(const uint16_t *cands, int max, const uint8_t *solution, const DfBoard *b);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

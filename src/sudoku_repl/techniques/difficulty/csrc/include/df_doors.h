/* Backdoors and fewest guesses (df_doors.c), mirroring backdoors.py and guesses.py: trials of
 * the solution's digits (or the removal of wrong candidates) under basic rules. */
#ifndef SUDOKU_REPL_DF_DOORS_H
#define SUDOKU_REPL_DF_DOORS_H

#include "df_rules.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* The functions below take cands on board b. */

/* the cells whose solution digit, placed, lets BRT solve cands, ascending, into cells: how
 * many (0 when BRT alone solves it); -1 when BRT meets a contradiction */
int df_brt_backdoors(const uint16_t *cands, const uint8_t *solution, int *cells,
                     const DfBoard *b);

/* the candidate backdoors of size 1 or 2 (backdoors.py's order), into found as cell*9+digit-1
 * (pairs: two entries a backdoor), at most room entries: how many backdoors (they may be more
 * than room holds: the count is exact) */
int df_candidate_backdoors(const uint16_t *cands, const uint8_t *solution, int size,
                           int *found, int room, const DfBoard *b);

/* fewest guesses under rules: the size (0 to limit, -1 past it, -2 a contradiction), one set
 * of cells into cells (the first in cell order) */
int df_fewest_guesses(const uint16_t *cands, const uint8_t *solution, int limit, DfRules rules,
                      int *cells, const DfBoard *b);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

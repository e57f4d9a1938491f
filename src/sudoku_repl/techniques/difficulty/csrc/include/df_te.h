/* T&E(rules, n) on a grid, and a grid's solutions (df_te.c), mirroring te.py and solving.py. */
#ifndef SUDOKU_REPL_DF_TE_H
#define SUDOKU_REPL_DF_TE_H

#include "df_grid.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* basic rules: applied in place until nothing changes, 0 at a contradiction */
typedef int (*DfRules)(DfGrid *g);

/* a search's rules, what it knows (the solution, when known: NULL otherwise) and its witnesses
 * (df_te.c), for T&E up to a limit */
typedef struct DfSearch DfSearch;

/* recall_from: the least level whose trials start where the candidate's last one ended (where
 * the trials cost more than keeping their ends) */
DfSearch *df_search_new(DfRules rules, const uint8_t *solution, int limit, int recall_from);
void df_search_free(DfSearch *search);

/* the search's rules replaced by stronger ones (every elimination of the old rules one of the
 * new): the witnesses go (closed under the old rules only), each candidate's last trial stays
 * (the new rules end within where the old ones did) */
void df_search_rules(DfSearch *search, DfRules rules);

/* T&E(rules, depth) on g in place (after the rules; depth up to the search's limit), until
 * solved or nothing more is eliminated: 1, or 0 at a contradiction */
int df_search_te(DfSearch *search, DfGrid *g, int depth);

/* the least n <= limit for which T&E(rules, n) solves cands on board b, -1 past limit, -2 when
 * the rules meet a contradiction on the way (a state with no solution), -3 out of memory, -4
 * when the state has several solutions (found before the levels past the cheap ones; a state
 * T&E solves has one: the one it reaches); solution (81 digits, one of the state's solutions,
 * or NULL) spares the trials of its candidates */
int df_depth(const uint16_t *cands, int limit, DfRules rules, const uint8_t *solution,
             const DfBoard *b);

/* up to limit solutions of cands on board b, written to out (81 digits each): how many were
 * found */
int df_solutions(const uint16_t *cands, int limit, uint8_t *out, const DfBoard *b);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* Aligned pair and triplet exclusion (se_exclusion.c: exclusion.py) */
#ifndef SUDOKU_REPL_SE_EXCLUSION_H
#define SUDOKU_REPL_SE_EXCLUSION_H

#include "se_geo.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the search: the first ``limit`` findings (0: all) into x->found, in exclusion.py's order;
 * 0, or -1 (MemoryError) */
int se_exclusion_run(SeCtx *x, const SeGrid *g, int degree, int limit);
/* the same, where the search found nothing on an earlier grid whose cells' candidates differ
 * from g's at ``changed`` alone (two words: cells 0-63, 64-80; NULL: every cell). A group's
 * hint reads its cells' candidates and those of its excluders, the cells of two to ``degree``
 * candidates that see them all (a peer of one candidate leaves a cell out of every group). A
 * changed cell that sees a group and has more than ``degree`` candidates was no excluder before
 * either (candidates only go), and one placed since (none) was at most an excluder then: fewer
 * excluders kill fewer combinations, and a group that removed nothing removes nothing. So a
 * group none of whose cells changed, and that no changed cell of one to ``degree`` candidates
 * sees whole, gives nothing again, and is passed by */
int se_exclusion_since(SeCtx *x, const SeGrid *g, int degree, int limit, const uint64_t *changed);
/* the module function se_exclusion */
PyObject *se_exclusion(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

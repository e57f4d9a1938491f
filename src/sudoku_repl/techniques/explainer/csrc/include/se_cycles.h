/* chains.py's bidirectional cycles and forcing X/Y chains (se_cycles.c) */
#ifndef SUDOKU_REPL_SE_CYCLES_H
#define SUDOKU_REPL_SE_CYCLES_H

#include "se_found.h"
#include "se_reach.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the search on a context: 0, or -1 with x->stop set. Outside an inner search (whose findings
 * keep their chains' summaries) a forcing chain's finding may rest on another chain of the same
 * length than chains.py's: the same removals and rating, not the same links or shape (the
 * batch path reads neither) */
int se_cycles_run(SeCtx *x, const SeGrid *g);
/* the same where only the easiest finding is asked for (se_sorted_order's first): the
 * findings hold it, not all the others */
int se_cycles_easiest(SeCtx *x, const SeGrid *g);
/* the same for se_below's batch (shortest chains, as se_cycles_run outside an inner search),
 * which takes every finding rated below ``least`` at once and reads the highest rating taken
 * alone (``hardest``: the highest before it): an XY forcing chain that removes a candidate a
 * placement found takes away, and cannot rate above a rating taken, is left out (its removal
 * and its rating change nothing the batch reads) */
int se_cycles_below(SeCtx *x, const SeGrid *g, int least, int hardest);
/* the module function se_cycles */
PyObject *se_cycles(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

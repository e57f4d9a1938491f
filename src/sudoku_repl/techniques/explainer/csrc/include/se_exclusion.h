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
/* the module function se_exclusion */
PyObject *se_exclusion(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

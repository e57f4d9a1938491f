/* The ladder's techniques by number (se_ladder.c): one run on a grid, and the module
 * function se_ladder */
#ifndef SUDOKU_REPL_SE_LADDER_H
#define SUDOKU_REPL_SE_LADDER_H

#include "se_fish.h"
#include "se_links.h"
#include "se_singles.h"
#include "se_subsets.h"
#include "se_uniqueness.h"
#include "se_wings.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* a technique's number and degree checked (0, or -1 with ValueError); one technique's hints to
 * r (0, 1 at the limit, -1) */
int se_rung_check(int technique, int degree);
int se_rung_run(SeRungs *r, int technique, int degree);

/* the module function se_ladder */
PyObject *se_ladder(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

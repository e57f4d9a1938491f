/* rating.rate's loop over the techniques in C (se_rating.c): the ladder's and the chains' */
#ifndef SUDOKU_REPL_SE_RATING_H
#define SUDOKU_REPL_SE_RATING_H

#include "se_ladder.h"
#include "se_exclusion.h"
#include "se_nested.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the module function se_climb */
PyObject *se_climb(PyObject *self, PyObject *args);
/* the module function se_below */
PyObject *se_below(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

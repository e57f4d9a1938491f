/* A puzzle's canonical form (canonical.c; core/canonical.py is its reference and says what it
 * is): the module's function. */
#ifndef SUDOKU_REPL_CANONICAL_H
#define SUDOKU_REPL_CANONICAL_H

#include "native.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

PyObject *canonical_form(PyObject *self, PyObject *arg);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

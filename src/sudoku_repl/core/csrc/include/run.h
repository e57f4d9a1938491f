/* The Core's methods that make many moves a call (run.c): the plain run and the silent
 * search. */
#ifndef SUDOKU_REPL_RUN_H
#define SUDOKU_REPL_RUN_H

#include "state.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

PyObject *Core_run(Core *c, PyObject *args);
PyObject *Core_search(Core *c, PyObject *const *args, Py_ssize_t nargs);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

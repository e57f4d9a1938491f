/* The puzzle makers (making.c; core/making.py is their reference): the module's functions. */
#ifndef SUDOKU_REPL_MAKING_H
#define SUDOKU_REPL_MAKING_H

#include "native.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

PyObject *random_completion(PyObject *self, PyObject *args);
PyObject *minimal_puzzle(PyObject *self, PyObject *args);
PyObject *is_minimal(PyObject *self, PyObject *args);
PyObject *neighbours(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* quiz.py's clash test (quiz.c): a module function. */
#ifndef SUDOKU_REPL_QUIZ_H
#define SUDOKU_REPL_QUIZ_H

#include "native.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

PyObject *clash_free(PyObject *self, PyObject *const *args, Py_ssize_t n);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

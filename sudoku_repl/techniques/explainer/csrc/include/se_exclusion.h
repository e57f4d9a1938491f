/* Aligned pair and triplet exclusion (se_exclusion.c: exclusion.py) */
#ifndef SUDOKU_REPL_SE_EXCLUSION_H
#define SUDOKU_REPL_SE_EXCLUSION_H

#include "se_tables.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the module function se_exclusion */
PyObject *se_exclusion(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

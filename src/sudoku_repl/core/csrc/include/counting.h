/* The solution counter that stops at a limit (counting.c; core/counting.py is its reference):
 * a C function for the puzzle makers (making.c) and the module's function. */
#ifndef SUDOKU_REPL_COUNTING_H
#define SUDOKU_REPL_COUNTING_H

#include "native.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* how many solutions the grid (81 values, 0 empty, each 0-9: the caller checks) has, counted up
 * to limit (>= 1): 0 when its givens clash */
long count_grid(const unsigned char *cells, long limit);

/* whether the grid has a solution where cell (0-80, empty in the grid) does not hold value
 * (1-9): for a grid whose one solution had value there before it was taken away, whether
 * taking it away leaves more than one (a search to the first such solution, which skips the
 * branch of the known one: quicker than counting to two) */
int solvable_without(const unsigned char *cells, int cell, int value);

PyObject *count_solutions(PyObject *self, PyObject *const *args, Py_ssize_t n);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

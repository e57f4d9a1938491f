/* subsets.py's naked and hidden sets in C (se_subsets.c): each technique's hints to r (0, 1 at the limit, -1 on an error) */
#ifndef SUDOKU_REPL_SE_SUBSETS_H
#define SUDOKU_REPL_SE_SUBSETS_H

#include "se_rungs.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int se_naked_sets(SeRungs *r, int degree);
int se_hidden_sets(SeRungs *r, int degree);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

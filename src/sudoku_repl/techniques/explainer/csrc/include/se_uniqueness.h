/* uniqueness.py's rectangles, loops and BUG in C (se_uniqueness.c): each technique's hints to r (0, 1 at the limit, -1 on an error) */
#ifndef SUDOKU_REPL_SE_UNIQUENESS_H
#define SUDOKU_REPL_SE_UNIQUENESS_H

#include "se_rungs.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int se_unique_loops(SeRungs *r);
int se_bug(SeRungs *r);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

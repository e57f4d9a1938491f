/* wings.py's XY- to VWXYZ-Wings in C (se_wings.c): each technique's hints to r (0, 1 at the limit, -1 on an error) */
#ifndef SUDOKU_REPL_SE_WINGS_H
#define SUDOKU_REPL_SE_WINGS_H

#include "se_rungs.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int se_xy_wing(SeRungs *r, int pivot_size);
int se_als_wing(SeRungs *r, int size);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

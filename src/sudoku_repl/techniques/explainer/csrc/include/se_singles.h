/* singles.py's techniques in C (se_singles.c): each technique's hints to r (0, 1 at the limit, -1 on an error) */
#ifndef SUDOKU_REPL_SE_SINGLES_H
#define SUDOKU_REPL_SE_SINGLES_H

#include "se_rungs.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int se_hidden_singles(SeRungs *r);
int se_direct_pointing(SeRungs *r);
int se_direct_hidden_sets(SeRungs *r, int degree);
int se_naked_singles(SeRungs *r);
int se_locking(SeRungs *r);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

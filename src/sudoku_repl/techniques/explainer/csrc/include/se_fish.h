/* fish.py's X-Wing, Swordfish and Jellyfish in C (se_fish.c): each technique's hints to r (0, 1 at the limit, -1 on an error) */
#ifndef SUDOKU_REPL_SE_FISH_H
#define SUDOKU_REPL_SE_FISH_H

#include "se_rungs.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int se_fish(SeRungs *r, int degree);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

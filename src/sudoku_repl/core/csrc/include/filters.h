/* The filters of core/filters.py (filters.c): grp and ply, each a filter result (NOTHING,
 * COMPLETE, SHRUNKEN, CONTRADICTION). */
#ifndef SUDOKU_REPL_FILTERS_H
#define SUDOKU_REPL_FILTERS_H

#include "state.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int grp(Core *c);
int ply(Core *c);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

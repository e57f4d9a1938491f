/* strong_links.py's chains of two and three strong links in C (se_links.c): each technique's hints to r (0, 1 at the limit, -1 on an error) */
#ifndef SUDOKU_REPL_SE_LINKS_H
#define SUDOKU_REPL_SE_LINKS_H

#include "se_rungs.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int se_turbot_fish(SeRungs *r);
int se_three_strong_links(SeRungs *r);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

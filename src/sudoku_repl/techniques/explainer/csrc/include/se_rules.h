/* The "+" rules of dynamic forcing chains (+) (se_rules.c, advanced.py) */
#ifndef SUDOKU_REPL_SE_RULES_H
#define SUDOKU_REPL_SE_RULES_H

#include "se_tables.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the "+" removals as new "off" potentials in x->adv[0 .. n): n, or -1 (x->stop set) */
int se_simple_rule_offs(SeCtx *x, const SeGrid *work, const SeGrid *source, const SeMap *offs);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

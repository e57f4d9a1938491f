/* The "+" rules of dynamic forcing chains (+) (se_rules.c, advanced.py) */
#ifndef SUDOKU_REPL_SE_RULES_H
#define SUDOKU_REPL_SE_RULES_H

#include "se_tables.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the "+" removals as new "off" potentials in x->adv[0 .. n): n, or -1 (x->stop set) */
/* the rules' patterns by pair of grids, in a rating's memo (se_nested.c's SeMemo) */
typedef struct SeRuleMemo SeRuleMemo;
void se_rule_memo_free(SeRuleMemo *m);
/* the memo's slot for them (se_nested.c), NULL until the rules first run */
SeRuleMemo **se_memo_rules(struct SeMemo *m);

int se_simple_rule_offs(SeCtx *x, const SeGrid *work, const SeGrid *source, const SeMap *offs);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* The original's filters as basic rules (df_rules.c), mirroring guesses.py: run modes 0 and 1
 * (BRT and naked subsets of every size in each house; hidden subsets are their complements),
 * run mode 2 (a placed digit leaves its peers, naked singles). */
#ifndef SUDOKU_REPL_DF_RULES_H
#define SUDOKU_REPL_DF_RULES_H

#include "df_te.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

int df_subsets(DfGrid *g);
int df_singles(DfGrid *g);

/* the rules of a run mode (-1: BRT), or NULL for a mode that has none here */
DfRules df_rules_of(int mode);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

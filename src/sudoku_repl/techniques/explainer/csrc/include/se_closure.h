/* The implication closure of a forcing chain (se_closure.c: forcing.Chainer.chain) */
#ifndef SUDOKU_REPL_SE_CLOSURE_H
#define SUDOKU_REPL_SE_CLOSURE_H

#include "se_rules.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the closure of the potentials in ``on`` and ``off`` on the grid g: 1 with a contradiction
 * (*a on, *b off), 0 when it runs dry, -1 on a stop; at level 1 the "+" rules (se_rules.h), at
 * levels 2 and up x->nested_offs, once the implications run dry */
int se_chain(SeCtx *x, const SeGrid *g, SeMap *on, SeMap *off, int *a, int *b);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

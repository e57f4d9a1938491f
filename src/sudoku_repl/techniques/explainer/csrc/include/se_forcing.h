/* The forcing chains' hints (se_forcing.c: forcing.Chainer's binary, cell and region
 * chains) */
#ifndef SUDOKU_REPL_SE_FORCING_H
#define SUDOKU_REPL_SE_FORCING_H

#include "se_closure.h"
#include "se_found.h"
#include "se_reach.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the Chainer's search on a context: 0, or -1 with x->stop set */
int se_chainer_run(SeCtx *x, const SeGrid *g);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

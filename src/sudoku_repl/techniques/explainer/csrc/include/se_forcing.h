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

/* se_chainer_run on a rating's path: Nishio's chains of a value read that value's places alone
 * (no cell's other values), so a value whose places (the rows' masks of it, rows[r][v]) are
 * those of a grid where its chains met no contradiction finds nothing again, and is left out;
 * after a run, each value whose chains met none has its places kept (*known: the values kept,
 * bit v), and one whose chains met one is known no more */
int se_chainer_since(SeCtx *x, const SeGrid *g, int *known, uint16_t rows[][10]);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

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

/* one move a search is aimed at: the digit placed in the cell (place) or removed from it, the
 * highest rating (tenths) of a finding wanted, and a complete grid whose every unit holds each
 * digit once (a judge's solution) */
typedef struct {
    int cell, digit, place, limit;
    unsigned char solution[81];
} SeAim;

/* se_chainer_run's findings of the cells whose chains may make the move with a rating up to
 * the aim's limit (the others' are not looked for): every such finding is among them (a
 * dynamic chain, not Nishio) */
int se_chainer_run_aimed(SeCtx *x, const SeGrid *g, const SeAim *aim);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

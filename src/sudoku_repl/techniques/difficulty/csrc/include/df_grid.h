/* A pencil-mark state and BRT on it (df_grid.c), mirroring techniques/difficulty/brt.py. A grid
 * is 81 candidate masks (bit d-1: digit d) on a board (df_board.h: classic sudoku's or a
 * variant's), and which decided cells have already left their peers; copying one is a plain
 * assignment. */
#ifndef SUDOKU_REPL_DF_GRID_H
#define SUDOKU_REPL_DF_GRID_H

#include <stdint.h>

#include "df_board.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

typedef struct {
    uint16_t c[DF_CELLS];
    uint8_t done[DF_CELLS]; /* 1: a decided cell whose digit has left its peers */
    int solved;             /* how many cells are done */
    uint64_t dirty;         /* a bit a house changed since BRT last looked at it */
    const DfBoard *b;       /* the board the grid is on */
    /* classic sudoku's BRT works on each digit's places by band (df_board.h's DF_BAND), kept
     * here between its calls so that a trial converts only the cells changed since */
    uint32_t w[9][3];   /* digit d's places by band, where not stale */
    uint32_t doneb[3];  /* the cells done, by band, where not stale */
    uint32_t stale[3];  /* the cells changed since w and doneb were last true of them */
} DfGrid;

/* a grid from 81 masks on board b: nothing done yet */
void df_grid_from(DfGrid *g, const uint16_t *cands, const DfBoard *b);

/* a cell's candidates changed from outside the rules: the one way to change a grid */
static inline void df_set(DfGrid *g, int cell, unsigned mask) {
    g->c[cell] = (uint16_t)mask;
    g->dirty |= g->b->house_bits[cell];
    g->stale[cell / 27] |= 1u << (cell % 27);
}

/* the singles todo[0..n) names placed: each leaves its peers (and, under non-consecutive, its
 * digits one apart leave the cells beside it), and a cell it leaves a single follows (todo has
 * room for every cell twice); 0 at a contradiction */
int df_place_singles(DfGrid *g, int *todo, int n);

/* BRT on g in place until nothing changes: 1, or 0 at a contradiction */
int df_brt(DfGrid *g);

/* whether every cell is decided and has left its peers (after df_brt: a solution) */
static inline int df_full(const DfGrid *g) { return g->solved == DF_CELLS; }

static inline int df_single(unsigned m) { return m && !(m & (m - 1)); }

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* A pencil-mark state and BRT on it (df_grid.c): the lowest of the difficulty's C, mirroring
 * techniques/difficulty/brt.py. A grid is 81 candidate masks (bit d-1: digit d) and which
 * decided cells have already left their peers; copying one is a plain assignment. */
#ifndef SUDOKU_REPL_DF_GRID_H
#define SUDOKU_REPL_DF_GRID_H

#include <stdint.h>

#include "bits.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define DF_CELLS 81
#define DF_FULL 0x1FF
#define DF_ALL_UNITS 0x7FFFFFFu

typedef struct {
    uint16_t c[DF_CELLS];
    uint8_t done[DF_CELLS]; /* 1: a decided cell whose digit has left its peers */
    int solved;             /* how many cells are done */
    uint32_t dirty;         /* a bit a unit changed since BRT last looked at it */
} DfGrid;

/* the 27 units' cells (rows, columns, boxes) and each cell's 20 peers */
extern int DF_UNITS[27][9];
extern int DF_PEERS[DF_CELLS][20];
/* each cell's three units, a bit each (rows 0-8, columns 9-17, boxes 18-26) */
extern uint32_t DF_UNIT_BITS[DF_CELLS];

void df_tables_init(void);

/* a grid from 81 masks: nothing done yet */
void df_grid_from(DfGrid *g, const uint16_t *cands);

/* a cell's candidates changed from outside the rules: the one way to change a grid */
static inline void df_set(DfGrid *g, int cell, unsigned mask) {
    g->c[cell] = (uint16_t)mask;
    g->dirty |= DF_UNIT_BITS[cell];
}

/* the singles todo[0..n) names placed: each leaves its peers, and a peer it leaves a single
 * follows (todo has room for every cell twice); 0 at a contradiction */
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

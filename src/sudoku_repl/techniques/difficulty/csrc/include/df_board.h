/* The board the measures play on (df_board.c): its houses (each nine cells), each cell's peers
 * (its digit is none of theirs: the cells of its houses, and a neighbour rule's leaps) and the
 * cells beside it (non-consecutive: a digit one apart from its own is none of theirs), mirroring
 * techniques/difficulty/board.py's Board. Classic sudoku's is built once at the module's start;
 * a variant's is built once a set of rules, from the Python's Board, and kept by the Python. */
#ifndef SUDOKU_REPL_DF_BOARD_H
#define SUDOKU_REPL_DF_BOARD_H

#include <stdint.h>

#include "bits.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define DF_CELLS 81
#define DF_FULL 0x1FF
/* a house a bit of a 64-bit mask: every rule of core/rules.py at once makes 59 */
#define DF_MAX_HOUSES 64
#define DF_MAX_PEERS (DF_CELLS - 1)
/* the cells beside a cell: non-consecutive's four orthogonal steps */
#define DF_MAX_APART 4

/* 81 cells as bits: cells 0-63 in lo, 64-80 in hi */
typedef struct {
    uint64_t lo, hi;
} DfCells;

typedef struct {
    int houses;                         /* how many: 27 on the classic board */
    int house[DF_MAX_HOUSES][9];        /* each house's cells */
    uint64_t all;                       /* a bit each house */
    uint64_t house_bits[DF_CELLS];      /* each cell's houses */
    int npeers[DF_CELLS];               /* 20 on the classic board */
    uint8_t peer[DF_CELLS][DF_MAX_PEERS];
    int napart[DF_CELLS];               /* 0 without non-consecutive */
    uint8_t apart[DF_CELLS][DF_MAX_APART];
    int any_apart;                      /* whether a cell has cells beside it */
    int cyclic;                         /* 9 and 1 one apart (nc+) */
    /* the same as bits, for the braids */
    DfCells house_cells[DF_MAX_HOUSES];
    DfCells peer_cells[DF_CELLS];
    DfCells apart_cells[DF_CELLS];
    uint64_t peer_houses[DF_CELLS]; /* the houses a cell's peers meet, its own left out */
} DfBoard;

/* classic sudoku by band: a band is three rows, 27 cells, a bit each (cell 27 * band + k at
 * bit k), as df_grid.c's BRT keeps each digit's places */
#define DF_BAND 0x7FFFFFFu
extern uint32_t DF_PEER_BANDS[DF_CELLS][3]; /* each cell's 20 peers, by band */

/* classic sudoku's board: rows, columns, boxes (after df_board_classic_init) */
extern DfBoard DF_CLASSIC;
void df_board_classic_init(void);

/* the tables derived from houses, house, npeers, peer, napart, apart and cyclic, once these
 * are filled: NULL, or what is wrong with them (a board the C cannot follow) */
const char *df_board_finish(DfBoard *b);

/* the digits one apart from those of mask on b (cyclic: 9 and 1 too) */
static inline unsigned df_away(const DfBoard *b, unsigned mask) {
    unsigned out = (mask << 1 | mask >> 1) & DF_FULL;
    if (b->cyclic)
        out |= (mask >> 8 & 1) | (mask & 1) << 8;
    return out;
}

static inline DfCells df_cell_bit(int i) {
    DfCells c;
    c.lo = i < 64 ? UINT64_C(1) << i : 0;
    c.hi = i < 64 ? 0 : UINT64_C(1) << (i - 64);
    return c;
}

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

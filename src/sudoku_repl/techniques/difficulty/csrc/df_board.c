/* The board's tables (df_board.h): classic sudoku's, and the bits any board's derive. */
#include "df_board.h"

#include <string.h>

DfBoard DF_CLASSIC;
uint32_t DF_PEER_BANDS[DF_CELLS][3];

void df_board_classic_init(void) {
    DfBoard *b = &DF_CLASSIC;
    int i, k;
    memset(b, 0, sizeof *b);
    b->houses = 27;
    for (i = 0; i < DF_CELLS; i++) {
        int r = i / 9, c = i % 9, x = (r / 3) * 3 + c / 3;
        b->house[r][c] = i;
        b->house[9 + c][r] = i;
        b->house[18 + x][(r % 3) * 3 + c % 3] = i;
    }
    for (i = 0; i < DF_CELLS; i++) {
        int r = i / 9, c = i % 9, x = (r / 3) * 3 + c / 3;
        for (k = 0; k < DF_CELLS; k++) {
            int kr = k / 9, kc = k % 9, kx = (kr / 3) * 3 + kc / 3;
            if (k != i && (kr == r || kc == c || kx == x)) {
                b->peer[i][b->npeers[i]++] = (uint8_t)k;
                DF_PEER_BANDS[i][k / 27] |= 1u << (k % 27);
            }
        }
    }
    (void)df_board_finish(b); /* (classic sudoku's tables are whole) */
}

static void add(DfCells *to, int cell) {
    DfCells bit = df_cell_bit(cell);
    to->lo |= bit.lo;
    to->hi |= bit.hi;
}

static int meets(DfCells a, DfCells b) { return ((a.lo & b.lo) | (a.hi & b.hi)) != 0; }

const char *df_board_finish(DfBoard *b) {
    int u, i, k;
    if (b->houses < 1 || b->houses > DF_MAX_HOUSES)
        return "a board has 1 to 64 houses";
    b->all = b->houses == 64 ? ~UINT64_C(0) : (UINT64_C(1) << b->houses) - 1;
    b->any_apart = 0;
    for (i = 0; i < DF_CELLS; i++) {
        b->house_bits[i] = 0;
        b->peer_cells[i].lo = b->peer_cells[i].hi = 0;
        b->apart_cells[i].lo = b->apart_cells[i].hi = 0;
        if (b->npeers[i] < 0 || b->npeers[i] > DF_MAX_PEERS || b->napart[i] < 0 ||
            b->napart[i] > DF_MAX_APART)
            return "a cell has at most 80 peers and 4 cells beside it";
        for (k = 0; k < b->npeers[i]; k++) {
            if (b->peer[i][k] >= DF_CELLS || b->peer[i][k] == i)
                return "a cell's peers are other cells, 0-80";
            add(&b->peer_cells[i], b->peer[i][k]);
        }
        for (k = 0; k < b->napart[i]; k++) {
            if (b->apart[i][k] >= DF_CELLS || b->apart[i][k] == i)
                return "the cells beside a cell are other cells, 0-80";
            add(&b->apart_cells[i], b->apart[i][k]);
        }
        b->any_apart |= b->napart[i] > 0;
    }
    for (u = 0; u < b->houses; u++) {
        b->house_cells[u].lo = b->house_cells[u].hi = 0;
        for (k = 0; k < 9; k++) {
            int cell = b->house[u][k];
            if (cell < 0 || cell >= DF_CELLS)
                return "a house's cells are 0-80";
            if (meets(b->house_cells[u], df_cell_bit(cell)))
                return "a house is nine different cells";
            add(&b->house_cells[u], cell);
            b->house_bits[cell] |= UINT64_C(1) << u;
        }
    }
    /* the rules' links are the Python's: a cell's house-mates are among its peers */
    for (u = 0; u < b->houses; u++)
        for (k = 0; k < 9; k++) {
            int cell = b->house[u][k];
            DfCells others = b->house_cells[u], self = df_cell_bit(cell);
            others.lo &= ~self.lo;
            others.hi &= ~self.hi;
            if ((others.lo & ~b->peer_cells[cell].lo) | (others.hi & ~b->peer_cells[cell].hi))
                return "a cell's house-mates are among its peers";
        }
    for (i = 0; i < DF_CELLS; i++) {
        b->peer_houses[i] = 0;
        for (u = 0; u < b->houses; u++)
            if (!(b->house_bits[i] >> u & 1) && meets(b->house_cells[u], b->peer_cells[i]))
                b->peer_houses[i] |= UINT64_C(1) << u;
    }
    return NULL;
}

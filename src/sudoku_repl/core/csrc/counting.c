/* The solution counter that stops at a limit (core/counting.py is its reference): the one a
 * generator asks "still unique?" thousands of times a second. It records nothing.
 *
 * The board is a digit's places, band by band (the layout tdoku's README calls "band
 * bitboards", after Zhou's and JCZSolve's solvers; the code is this project's own):
 *
 *      F[b][d]: 27 bits, the cells of band b (rows 3b..3b+2) where digit d may stand, its
 *               placed cell(s) included; bit 9r + c is row r of the band, column c
 *
 *               band 0  | r0: bits 0-8   | r1: bits 9-17 | r2: bits 18-26 |
 *                          c0 c1 c2 | c3 c4 c5 | c6 c7 c8   (a box is 3 minirows of 3 bits)
 *
 *      solved[b]: the cells of band b that hold a value
 *
 * In a band a digit stands once in each row and once in each box, so the (row, box) minirows
 * it uses make a permutation of the three rows onto the three boxes: a table (PERM_OK) gives,
 * for the minirows that still have a place, those that belong to some such permutation (none:
 * a contradiction). That is pointing and claiming along rows in one look-up; the same table on
 * a stack's (band, column) pairs does them along columns. A row, box or column with one place
 * left (a hidden single) and a cell with one digit left (a naked single) are placed, until
 * nothing changes; then the search guesses on a cell with two digits, the one with the most
 * open cells around it (a cell with more, where none has two); a search near a known solution
 * (solvable_without), on the last open cell.
 *
 * Measured (benchmarks/bench_count.py, which counts each puzzle with tdoku too): the most open
 * cells around the guessed cell took a fifth to a third of the instructions off the hard sets,
 * where the first two-digit cell was taken; not running a rule on what it saw last, a quarter. */
#include "counting.h"

#include <string.h>

#define BAND 0x7FFFFFFu /* the 27 cells of a band */

typedef struct {
    /* digit d's places in band b (drawn above); a band's nine digits side by side, since
     * placing a cell clears it from all nine words of its band (place) */
    uint32_t F[3][9];
    uint32_t solved[3]; /* the cells placed, by band */
    uint32_t dirty;     /* bit 3d + b: F[b][d] changed since it was last looked at */
    /* what the rules last saw (the same again: nothing new for them, they are not run) */
    uint16_t minirows_seen[9][3]; /* band_update: digit d's minirows of band b */
    uint32_t columns_seen[9];     /* stack_update: digit d's columns, band by band */
} Board;

static uint32_t BAND_PEERS[27];     /* a cell's row and box within its band, itself out */
static uint32_t COLUMN_BIT[27];     /* a cell's column within its band (bit c) */
static uint32_t CELL_COLUMN[27];    /* a cell's column's three cells within a band */
static uint32_t COLS[9];            /* a column's three cells within a band */
static uint32_t BOX_IN_BAND[3];     /* a box's nine cells within its band */
static unsigned char ROWPRES[512];  /* a row's 9 bits -> which of its 3 minirows hold any */
static uint16_t PERM_OK[512];       /* minirows held (bit 3r + k) -> those in some permutation */
static uint32_t MINIROW_CELLS[512]; /* minirows (bit 3r + k) -> their cells */
static uint32_t COLUMN_CELLS[512];  /* columns (bit c) -> their cells within a band */
static uint32_t SPREAD3[512];       /* digits (bit d) -> bit 3d each: their band 0 dirty bits */
static unsigned char POPCOUNT9[512]; /* 9 bits -> how many are set */
/* a band's cell (0-26) -> its row in the band, its column, its box in the band */
static unsigned char BAND_ROW[27], COLUMN[27], BAND_BOX[27];
/* band b's columns (bit c) -> bit 9s + 3b + k for column c = 3s + k: a stack's (band, column)
 * pairs, as PERM_OK reads them, stack s at bits 9s.. */
static uint32_t STACKED[3][512];
static int tables_made;

static void make_tables(void) {
    static const int PERMS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int c = 0; c < 9; c++)
        COLS[c] = 1u << c | 1u << (c + 9) | 1u << (c + 18);
    for (int k = 0; k < 3; k++)
        BOX_IN_BAND[k] = (COLS[3 * k] | COLS[3 * k + 1] | COLS[3 * k + 2]);
    for (int i = 0; i < 27; i++) {
        BAND_PEERS[i] = ((0x1FFu << (9 * (i / 9))) | BOX_IN_BAND[(i % 9) / 3]) & ~(1u << i);
        COLUMN_BIT[i] = 1u << (i % 9);
        BAND_ROW[i] = (unsigned char)(i / 9), COLUMN[i] = (unsigned char)(i % 9);
        BAND_BOX[i] = (unsigned char)(i % 9 / 3);
        CELL_COLUMN[i] = COLS[i % 9];
    }
    for (unsigned m = 0; m < 512; m++) {
        ROWPRES[m] = (unsigned char)((m & 7 ? 1 : 0) | (m & 070 ? 2 : 0) | (m & 0700 ? 4 : 0));
        unsigned ok = 0;
        for (int p = 0; p < 6; p++) {
            unsigned need = 0;
            for (int r = 0; r < 3; r++)
                need |= 1u << (3 * r + PERMS[p][r]);
            if ((m & need) == need)
                ok |= need;
        }
        PERM_OK[m] = (uint16_t)ok;
        uint32_t cells = 0, columns = 0;
        for (int j = 0; j < 9; j++)
            if (m >> j & 1) {
                cells |= 7u << (9 * (j / 3) + 3 * (j % 3));
                columns |= COLS[j];
            }
        MINIROW_CELLS[m] = cells;
        SPREAD3[m] = 0;
        for (int d = 0; d < 9; d++)
            SPREAD3[m] |= (m >> d & 1u) << (3 * d);
        COLUMN_CELLS[m] = columns;
        POPCOUNT9[m] = (unsigned char)popcount32(m);
        for (int b = 0; b < 3; b++) {
            STACKED[b][m] = 0;
            for (int c = 0; c < 9; c++)
                STACKED[b][m] |= (m >> c & 1u) << (9 * (c / 3) + 3 * b + c % 3);
        }
    }
    tables_made = 1;
}

/* digit d in open cell i of band b, which the digits of had (bit e) have left already: d
 * leaves the cell's peers */
static void put_left(Board *g, int d, int b, int i, unsigned had) {
    uint32_t bit = 1u << i;
    g->solved[b] |= bit;
    g->dirty |= SPREAD3[had] << b;
    /* (the column's cells in band b are in the cell's box: cleared there too, the cell put back) */
    uint32_t column = CELL_COLUMN[i];
    g->F[0][d] &= ~column, g->F[1][d] &= ~column, g->F[2][d] &= ~column;
    g->F[b][d] = (g->F[b][d] | bit) & ~BAND_PEERS[i];
    g->dirty |= 7u << (3 * d);
}

/* digit d in open cell i of band b, where the digits of had (bit e) stand: the cell leaves
 * them, d leaves the cell's peers */
static void put(Board *g, int d, int b, int i, unsigned had) {
    for (unsigned h = had; h; h &= h - 1) /* (d too: put back by put_left) */
        g->F[b][ctz32(h)] &= ~(1u << i);
    put_left(g, d, b, i, had);
}

/* digit d in cell i of band b (0: d could not stand there) */
static int place(Board *g, int d, int b, int i) {
    uint32_t bit = 1u << i;
    if (!(g->F[b][d] & bit))
        return 0;
    if (g->solved[b] & bit)
        return 1;
    unsigned had = 0; /* (no branch: which of the nine held the cell, the cell left) */
    for (int e = 0; e < 9; e++) {
        had |= (g->F[b][e] >> i & 1) << e;
        g->F[b][e] &= ~bit;
    }
    put_left(g, d, b, i, had);
    return 1;
}

/* a single bit set */
static inline int single(uint32_t x) { return x && !(x & (x - 1)); }

/* digit d in band b: the minirows of no permutation go; a row or box with one place left not
 * yet placed is placed (0: a contradiction) */
static int band_update(Board *g, int d, int b) {
    uint32_t s = g->F[b][d];
    unsigned held = ROWPRES[s & 0x1FF] | ROWPRES[(s >> 9) & 0x1FF] << 3 | ROWPRES[s >> 18] << 6;
    if (held == g->minirows_seen[d][b])
        return 1;
    unsigned ok = PERM_OK[held];
    if (!ok)
        return 0;
    g->minirows_seen[d][b] = (uint16_t)ok;
    s &= MINIROW_CELLS[ok];
    g->F[b][d] = s;
    if (!(s & ~g->solved[b]))
        return 1;
    for (int r = 0; r < 3; r++) {
        s = g->F[b][d];
        uint32_t row = s & (0x1FFu << (9 * r));
        if (single(row) && (row & ~g->solved[b]) && !place(g, d, b, ctz32(row)))
            return 0;
    }
    for (int k = 0; k < 3; k++) {
        s = g->F[b][d];
        uint32_t box = s & BOX_IN_BAND[k];
        if (single(box) && (box & ~g->solved[b]) && !place(g, d, b, ctz32(box)))
            return 0;
    }
    return 1;
}

/* the columns a band's places of a digit take (bit c) */
static inline unsigned columns_of(uint32_t s) { return (s | s >> 9 | s >> 18) & 0x1FF; }

/* digit d along the stacks: in each stack the (band, column) pairs of no permutation go; a
 * column with one place left not yet placed is placed (0: a contradiction) */
static int stack_update(Board *g, int d) {
    unsigned p[3] = {columns_of(g->F[0][d]), columns_of(g->F[1][d]), columns_of(g->F[2][d])};
    if ((p[0] | p[1] << 9 | p[2] << 18) == g->columns_seen[d])
        return 1;
    uint32_t by_stack = STACKED[0][p[0]] | STACKED[1][p[1]] | STACKED[2][p[2]];
    unsigned held[3], ok[3];
    for (int s = 0; s < 3; s++) {
        held[s] = by_stack >> (9 * s) & 0x1FF;
        ok[s] = PERM_OK[held[s]];
        if (!ok[s])
            return 0;
    }
    /* (most often every pair is in a permutation: nothing goes, p stands) */
    if ((held[0] ^ ok[0]) | (held[1] ^ ok[1]) | (held[2] ^ ok[2])) {
        for (int b = 0; b < 3; b++) {
            unsigned keep = (ok[0] >> (3 * b) & 7) | (ok[1] >> (3 * b) & 7) << 3 |
                            (ok[2] >> (3 * b) & 7) << 6;
            uint32_t s = g->F[b][d] & COLUMN_CELLS[keep];
            if (s != g->F[b][d]) {
                g->F[b][d] = s;
                g->dirty |= 1u << (3 * d + b);
            }
            p[b] = columns_of(s);
        }
    }
    g->columns_seen[d] = p[0] | p[1] << 9 | p[2] << 18;
    /* the columns of one band alone (held once of the three), less those where the digit
     * stands already (nothing to place there); a place made below in one band takes nothing
     * from another band's lone columns, which are read once */
    unsigned once = (p[0] ^ p[1] ^ p[2]) & ~(p[0] & p[1] & p[2]);
    for (int b = 0; b < 3; b++) {
        unsigned alone = p[b] & once;
        if (alone)
            alone &= ~columns_of(g->F[b][d] & g->solved[b]);
        while (alone) {
            int c = ctz32(alone);
            alone &= alone - 1;
            uint32_t cells = g->F[b][d] & COLS[c];
            if (single(cells) && (cells & ~g->solved[b]) && !place(g, d, b, ctz32(cells)))
                return 0;
        }
    }
    return 1;
}

/* cells with one digit left are placed (0: a cell with none) */
static int naked_singles(Board *g) {
    for (int b = 0; b < 3; b++) {
        uint32_t one = 0, two = 0;
        for (int d = 0; d < 9; d++) {
            two |= one & g->F[b][d];
            one |= g->F[b][d];
        }
        uint32_t open = ~g->solved[b] & BAND;
        if (open & ~one)
            return 0;
        uint32_t singles = open & one & ~two;
        while (singles) {
            int i = ctz32(singles);
            singles &= singles - 1;
            int d = 0;
            while (d < 9 && !(g->F[b][d] & (1u << i)))
                d++;
            if (d == 9)
                return 0;
            /* (the places before took digits from the cell, none added: d is its only one, and
             * the places set only their own cells solved) */
            put(g, d, b, i, 1u << d);
        }
    }
    return 1;
}

/* everything the rules above place, until nothing changes (0: a contradiction) */
static int settle(Board *g) {
    while (g->dirty) {
        uint32_t work = g->dirty;
        g->dirty = 0;
        while (work) { /* (the digits with a dirty band, in order: their bits alone visited) */
            int d = ctz32(work) / 3;
            uint32_t bands = work >> (3 * d) & 7;
            work &= ~(7u << (3 * d));
            for (; bands; bands &= bands - 1)
                if (!band_update(g, d, ctz32(bands)))
                    return 0;
            if (!stack_update(g, d))
                return 0;
        }
        if (!naked_singles(g))
            return 0;
    }
    return 1;
}

/* a count's bounds and what it did: its limit, the guesses it made (each digit tried on a guessed
 * cell) */
typedef struct {
    int64_t limit, guesses;
    const unsigned char *prefer; /* a grid whose value a guessed cell tries first (NULL: none) */
} Count;

/* the solutions below g added to found, stopping at k->limit */
static int64_t search(Board *g, int64_t found, Count *k) {
    if (!settle(g))
        return found;
    /* a cell with two digits (naked singles are placed), the one with the most open cells in
     * its row, column and box; else the first open cell (near a known solution: the last open
     * cell, below) */
    uint32_t pairs[3] = {0, 0, 0}, open[3];
    int any = 0;
    for (int band = 0; band < 3; band++) {
        open[band] = ~g->solved[band] & BAND;
        any |= open[band] != 0;
        if (k->prefer)
            continue;
        uint32_t one = 0, two = 0, three = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = g->F[band][d];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        pairs[band] = open[band] & two & ~three;
    }
    if (!any)
        return found + 1; /* every cell placed: a solution */
    int b = -1, i = -1, best = -1;
    if (k->prefer) {
        /* a search for a solution near a known one takes the last open cell, its digits
         * unread and unscored: the known solution's value, tried first, is right on most
         * cells whichever is guessed, and finding and scoring a two-digit cell costs more
         * there than the guesses it saves */
        b = open[2] ? 2 : open[1] ? 1 : 0;
        i = 31 - clz32(open[b]);
    } else if (pairs[0] | pairs[1] | pairs[2]) {
        /* the open cells of each row, column and box, counted once for all the two-digit
         * cells */
        unsigned char rows[9], columns[9], boxes[9];
        for (int band = 0; band < 3; band++)
            for (int k = 0; k < 3; k++) {
                uint32_t x = open[band] >> (3 * k);
                rows[3 * band + k] = POPCOUNT9[open[band] >> (9 * k) & 0x1FF];
                boxes[3 * band + k] = POPCOUNT9[(x & 7) | (x >> 6 & 070) | (x >> 12 & 0700)];
            }
        for (int c = 0; c < 9; c++) { /* (a band's three cells of the column at bits 0, 9, 18) */
            uint32_t y = (open[0] >> c & 0x40201) + (open[1] >> c & 0x40201) +
                         (open[2] >> c & 0x40201);
            columns[c] = (unsigned char)((y + (y >> 9) + (y >> 18)) & 0xF);
        }
        for (int band = 0; band < 3; band++)
            for (uint32_t x = pairs[band]; x; x &= x - 1) {
                int j = ctz32(x);
                int score = rows[3 * band + BAND_ROW[j]] + columns[COLUMN[j]] +
                            boxes[3 * band + BAND_BOX[j]];
                if (score > best)
                    best = score, b = band, i = j;
            }
    }
    for (int band = 0; band < 3 && b < 0; band++)
        if (open[band])
            b = band, i = ctz32(open[band]);
    unsigned digits = 0;
    for (int d = 0; d < 9; d++)
        digits |= (unsigned)((g->F[b][d] >> i) & 1) << d;
    if (!digits)
        return found;
    const unsigned had = digits; /* (the open cell's digits: each guess puts one there) */
    if (k->prefer && k->prefer[27 * b + i]) { /* the preferred value first, on a copy */
        unsigned want = 1u << (k->prefer[27 * b + i] - 1);
        if (digits & want && digits != want) {
            digits ^= want;
            Board next = *g;
            put(&next, ctz32(want), b, i, had);
            k->guesses++;
            found = search(&next, found, k);
            if (found >= k->limit)
                return found;
        }
    }
    while (digits & (digits - 1)) { /* all but the last on a copy */
        int d = ctz32(digits);
        digits &= digits - 1;
        Board next = *g;
        put(&next, d, b, i, had);
        k->guesses++;
        found = search(&next, found, k);
        if (found >= k->limit)
            return found;
    }
    put(g, ctz32(digits), b, i, had); /* the last on g itself: nothing needs it after */
    k->guesses++;
    return search(g, found, k);
}

/* value d's places from its givens alone, into givens->places (0: two of them see each other):
 * it may stand on its own givens and on the open cells none of them sees */
static int digit_places(Givens *givens, int d) {
    const uint32_t *own = givens->at[d];
    /* the cells of each band that d's givens see: through the columns of the other bands'
     * givens, and the rows and boxes of its own band's */
    unsigned columns[3] = {columns_of(own[0]), columns_of(own[1]), columns_of(own[2])};
    uint32_t seen[3] = {COLUMN_CELLS[columns[1] | columns[2]],
                        COLUMN_CELLS[columns[0] | columns[2]],
                        COLUMN_CELLS[columns[0] | columns[1]]};
    int clash = 0;
    for (int b = 0; b < 3; b++) {
        for (uint32_t x = own[b]; x; x &= x - 1)
            seen[b] |= BAND_PEERS[ctz32(x)];
        clash |= (own[b] & seen[b]) != 0;
        givens->places[b][d] = (BAND & ~givens->solved[b] & ~seen[b]) | own[b];
    }
    return !clash;
}

void givens_of(Givens *givens, const unsigned char *cells) {
    if (!tables_made)
        make_tables();
    memset(givens, 0, sizeof *givens);
    for (int c = 0; c < 81; c++)
        if (cells[c]) {
            givens->at[cells[c] - 1][c / 27] |= 1u << (c % 27);
            givens->solved[c / 27] |= 1u << (c % 27);
        }
    for (int d = 0; d < 9; d++)
        givens->clash |= (unsigned)!digit_places(givens, d) << d;
}

void givens_set(Givens *givens, int cell, int value, int in, unsigned free) {
    int b = cell / 27, i = cell % 27, d = value - 1;
    uint32_t bit = 1u << i;
    if (in) {
        givens->at[d][b] |= bit;
        givens->solved[b] |= bit;
        for (int e = 0; e < 9; e++) /* (no other value stands on a given; d's own, below) */
            givens->places[b][e] &= ~bit;
    } else {
        givens->at[d][b] &= ~bit;
        givens->solved[b] &= ~bit;
        for (; free; free &= free - 1) /* (an open cell: each value no given sees there) */
            givens->places[b][ctz32(free)] |= bit;
    }
    /* (d's givens changed: its places anew, and whether they clash) */
    givens->clash = (givens->clash & ~(1u << d)) | (unsigned)!digit_places(givens, d) << d;
}

void givens_put_back(Givens *givens, int cell, int value, const GivensKept *kept) {
    int b = cell / 27, d = value - 1;
    uint32_t bit = 1u << (cell % 27);
    givens->at[d][b] |= bit;
    givens->solved[b] |= bit;
    for (int e = 0; e < 9; e++) /* (as givens_set: no value stands on a given; d's below) */
        givens->places[b][e] &= ~bit;
    for (int band = 0; band < 3; band++)
        givens->places[band][d] = kept->places[band];
    givens->clash = kept->clash;
}

/* the board of a puzzle's givens, every rule to run (0: the givens clash): what placing them
 * one by one (place) would leave */
static int board_of(Board *g, const Givens *givens) {
    if (givens->clash)
        return 0;
    memcpy(g->F, givens->places, sizeof g->F);
    memcpy(g->solved, givens->solved, sizeof g->solved);
    memset(g->minirows_seen, 0xFF, sizeof g->minirows_seen); /* (seen nothing: no held set is) */
    memset(g->columns_seen, 0xFF, sizeof g->columns_seen);
    g->dirty = 0x7FFFFFF;
    return 1;
}

/* the board of cells' givens (board_of) */
static int start_board(Board *g, const unsigned char *cells) {
    Givens givens;
    givens_of(&givens, cells);
    return board_of(g, &givens);
}

int solvable_without(const Givens *givens, int cell, int value, const unsigned char *near) {
    Board g;
    if (!board_of(&g, givens))
        return 0;
    g.F[cell / 27][value - 1] &= ~(1u << (cell % 27)); /* (its band's dirty bit is set) */
    Count k = {1, 0, near};
    return search(&g, 0, &k) > 0;
}

int64_t count_grid(const unsigned char *cells, int64_t limit) {
    return count_grid_guessing(cells, limit, NULL);
}

int64_t count_grid_guessing(const unsigned char *cells, int64_t limit, int64_t *guesses) {
    Board g;
    if (!start_board(&g, cells))
        return 0;
    Count k = {limit, 0, NULL};
    int64_t found = search(&g, 0, &k);
    if (guesses)
        *guesses = k.guesses;
    return found;
}

int settles(const unsigned char *cells) {
    Board g;
    if (!start_board(&g, cells) || !settle(&g))
        return 0;
    return (g.solved[0] & g.solved[1] & g.solved[2]) == BAND;
}

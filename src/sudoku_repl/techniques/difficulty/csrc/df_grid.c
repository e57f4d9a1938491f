/* BRT on a pencil-mark state (brt.py's propagate): a decided digit leaves its peers (and the
 * digits one apart leave the cells beside it, under non-consecutive), hidden singles, and the
 * direct contradictions (a cell without candidate, a digit without place in a house). */
#include "df_grid.h"

#include <string.h>

void df_grid_from(DfGrid *g, const uint16_t *cands, const DfBoard *b) {
    memcpy(g->c, cands, sizeof g->c);
    memset(g->done, 0, sizeof g->done);
    g->solved = 0;
    g->b = b;
    g->dirty = b->all;
    g->stale[0] = g->stale[1] = g->stale[2] = DF_BAND;
}

/* The singles' placing below is made twice by the compiler from one text: on classic sudoku's
 * board (classic 1, board &DF_CLASSIC: its 20 peers a cell a loop of fixed length, no cell
 * beside another) as fast as before any other board, and on any board. BRT on another board
 * goes cell by cell (brt_on); on classic sudoku's, digit by digit and band by band (below). */

/* cell p loses the digits of gone it has (its houses marked changed): the count of todo, a
 * cell left a single added to it, or -1 when none is left */
static inline int take(uint16_t *c, uint64_t *dirty, const DfBoard *board, int p, unsigned gone,
                       int *todo, int n) {
    unsigned m = c[p];
    if (m & gone) {
        m &= ~gone;
        if (!m)
            return -1;
        c[p] = (uint16_t)m;
        *dirty |= board->house_bits[p];
        if (!(m & (m - 1)))
            todo[n++] = p;
    }
    return n;
}

static inline int place_singles_on(DfGrid *g, const DfBoard *board, int classic, int *todo,
                                   int n) {
    uint16_t *c = g->c;
    while (n) {
        unsigned b;
        int i = todo[--n], k, count;
        const uint8_t *peers;
        if (g->done[i])
            continue;
        g->done[i] = 1;
        g->solved++;
        b = c[i];
        peers = board->peer[i];
        count = classic ? 20 : board->npeers[i];
        for (k = 0; k < count; k++)
            if ((n = take(c, &g->dirty, board, peers[k], b, todo, n)) < 0)
                return 0;
        if (!classic && board->napart[i]) {
            unsigned away = df_away(board, b);
            for (k = 0; k < board->napart[i]; k++)
                if ((n = take(c, &g->dirty, board, board->apart[i][k], away, todo, n)) < 0)
                    return 0;
        }
    }
    return 1;
}

int df_place_singles(DfGrid *g, int *todo, int n) {
    /* (the cells it changes are not noted: the bands are made again from the masks) */
    g->stale[0] = g->stale[1] = g->stale[2] = DF_BAND;
    return g->b == &DF_CLASSIC ? place_singles_on(g, &DF_CLASSIC, 1, todo, n)
                               : place_singles_on(g, g->b, 0, todo, n);
}

static int brt_on(DfGrid *g, const DfBoard *board) {
    /* at most every cell of every house at the start, then each cell once as it is decided */
    int todo[DF_MAX_HOUSES * 9 + DF_CELLS];
    int n = 0, i, k;
    uint16_t *c = g->c;
    uint64_t start = g->dirty;
    if (start == board->all) {
        for (i = 0; i < DF_CELLS; i++) {
            if (!c[i])
                return 0;
            if (!g->done[i] && !(c[i] & (c[i] - 1)))
                todo[n++] = i;
        }
    } else {
        /* the cells changed from outside are in the houses marked changed */
        while (start) {
            const int *cells = board->house[ctz64(start)];
            start &= start - 1;
            for (k = 0; k < 9; k++) {
                i = cells[k];
                if (!c[i])
                    return 0;
                if (!g->done[i] && !(c[i] & (c[i] - 1)))
                    todo[n++] = i;
            }
        }
    }
    for (;;) {
        uint64_t dirty;
        int u;
        if (!place_singles_on(g, board, 0, todo, n))
            return 0;
        n = 0;
        dirty = g->dirty;
        if (!dirty)
            return 1;
        /* the houses changed since they were last looked at: a digit with no place, or one */
        u = ctz64(dirty);
        g->dirty = dirty & (dirty - 1);
        {
            const int *cells = board->house[u];
            unsigned once = 0, twice = 0, decided = 0, hidden;
            for (k = 0; k < 9; k++) {
                unsigned m = c[cells[k]];
                twice |= once & m;
                once |= m;
                decided |= m & (0u - !(m & (m - 1))); /* (no branch: either way at random) */
            }
            if (once != DF_FULL)
                return 0; /* a digit with no place in the house */
            /* (a digit decided in the house has its one place already: no cell to look for) */
            hidden = once & ~twice & ~decided;
            while (hidden) {
                unsigned b = hidden & (0u - hidden);
                hidden ^= b;
                for (k = 0; k < 9; k++) {
                    int cell = cells[k];
                    if (c[cell] & b) {
                        if (c[cell] != b) {
                            df_set(g, cell, b);
                            todo[n++] = cell;
                        }
                        break;
                    }
                }
                if (k == 9)
                    return 0; /* its one place took another hidden single */
            }
        }
    }
}

/* BRT on classic sudoku by digit and band: digit d's places in band b are the 27 bits w[d][b],
 * so that a decided cell's digit leaves its 20 peers in three ANDs, and a digit's places in its
 * 27 houses are looked at in a few words' operations (rows and boxes band by band, columns the
 * three bands folded). The rules reach the one closure the cell-by-cell loop above does (BRT
 * is confluent), and meet a contradiction where it does. */

/* the stale cells of g made true in its bands: the digits' bands whose places changed, a bit
 * each (3 * digit + band) */
static unsigned refresh_bands(DfGrid *g) {
    unsigned changed = 0;
    int b, d;
    for (b = 0; b < 3; b++) {
        uint32_t s = g->stale[b];
        g->stale[b] = 0;
        if (s == DF_BAND) { /* (the whole band: made, not patched) */
            uint32_t done = 0;
            int k;
            for (d = 0; d < 9; d++)
                g->w[d][b] = 0;
            for (k = 0; k < 27; k++) {
                unsigned m = g->c[27 * b + k];
                for (d = 0; d < 9; d++)
                    g->w[d][b] |= (uint32_t)(m >> d & 1) << k;
                done |= (uint32_t)g->done[27 * b + k] << k;
            }
            g->doneb[b] = done;
            changed |= 0x1249249u << b; /* (every digit's bit of band b) */
            continue;
        }
        while (s) {
            int k = ctz32(s);
            uint32_t bit = 1u << k;
            unsigned m = g->c[27 * b + k];
            s &= s - 1;
            for (d = 0; d < 9; d++) {
                uint32_t was = g->w[d][b], now = (was & ~bit) | (uint32_t)(m >> d & 1) << k;
                changed |= (unsigned)(was != now) << (3 * d + b);
                g->w[d][b] = now;
            }
            g->doneb[b] = (g->doneb[b] & ~bit) | (uint32_t)g->done[27 * b + k] << k;
        }
    }
    return changed;
}

/* the one places of digit d's houses into h, by band: its rows and boxes in the bands of
 * bands (a bit each; no one place looked for in the others), its columns: 0 where a house
 * looked at has no place for it, else 1 */
static inline int one_places(const uint32_t *w, unsigned bands, uint32_t *h) {
    uint32_t f[3], t[3], once, twice, cols;
    int b, k;
    for (b = 0; b < 3; b++) {
        uint32_t x = w[b], one = 0, lo = x & 0x1FF, mid = x >> 9 & 0x1FF, hi = x >> 18;
        f[b] = lo | mid | hi;
        t[b] = (lo & mid) | (lo & hi) | (mid & hi);
        h[b] = 0;
        if (!(bands >> b & 1))
            continue;
        for (k = 0; k < 3; k++) {
            uint32_t row = x & (0x1FFu << 9 * k), box = x & (0x1C0E07u << 3 * k);
            if (!row || !box)
                return 0;
            one |= (row & (row - 1)) ? 0 : row;
            one |= (box & (box - 1)) ? 0 : box;
        }
        h[b] = one;
    }
    once = f[0] | f[1] | f[2];
    if (once != DF_FULL)
        return 0; /* a column without a place */
    twice = t[0] | t[1] | t[2] | (f[0] & f[1]) | (f[0] & f[2]) | (f[1] & f[2]);
    cols = once & ~twice;
    cols |= cols << 9 | cols << 18;
    for (b = 0; b < 3; b++)
        h[b] |= w[b] & cols;
    return 1;
}

/* g's bands and masks after the closure: the candidates gone (from the bands as they were,
 * was) taken from the masks, the cells newly done marked */
static void write_back(DfGrid *g, const uint32_t was[9][3], const uint32_t *solved) {
    int b, d;
    for (b = 0; b < 3; b++) {
        uint32_t fresh = solved[b] & ~g->doneb[b];
        for (d = 0; d < 9; d++) {
            uint32_t gone = was[d][b] & ~g->w[d][b];
            while (gone) {
                g->c[27 * b + ctz32(gone)] &= (uint16_t)~(1u << d);
                gone &= gone - 1;
            }
        }
        g->doneb[b] = solved[b];
        while (fresh) {
            g->done[27 * b + ctz32(fresh)] = 1;
            g->solved++;
            fresh &= fresh - 1;
        }
    }
    g->dirty = 0;
}

static int df_brt_bands(DfGrid *g) {
    uint32_t was[9][3], solved[3];
    /* the digits' bands changed (3 * digit + band), whose houses to look at for one places */
    uint32_t todo = refresh_bands(g);
    int b, d, lost = 1;
    memcpy(was, g->w, sizeof was);
    memcpy(solved, g->doneb, sizeof solved);
    for (;;) {
        uint32_t round;
        /* the cells decided and not yet gone from their peers: their digit leaves them (looked
         * for again only after a cell lost a candidate) */
        while (lost) {
            uint32_t once[3] = {0, 0, 0}, twice[3] = {0, 0, 0};
            lost = 0;
            for (d = 0; d < 9; d++)
                for (b = 0; b < 3; b++) {
                    twice[b] |= once[b] & g->w[d][b];
                    once[b] |= g->w[d][b];
                }
            for (b = 0; b < 3; b++) {
                uint32_t fresh;
                if (once[b] != DF_BAND)
                    goto contradiction; /* a cell without a candidate */
                fresh = once[b] & ~twice[b] & ~solved[b];
                solved[b] |= fresh;
                while (fresh) {
                    int k = ctz32(fresh), c;
                    const uint32_t *peers = DF_PEER_BANDS[27 * b + k];
                    fresh &= fresh - 1;
                    for (d = 0; d < 9 && !(g->w[d][b] >> k & 1); d++)
                        ;
                    if (d == 9)
                        goto contradiction; /* a single of the same digit left it empty */
                    for (c = 0; c < 3; c++) {
                        uint32_t left = g->w[d][c] & ~peers[c];
                        if (left != g->w[d][c]) {
                            g->w[d][c] = left;
                            todo |= 1u << (3 * d + c);
                            lost = 1;
                        }
                    }
                }
            }
        }
        if (!todo)
            break;
        /* a digit's one place in a house: the cell's other digits leave it (each digit whose
         * places changed, once a round) */
        round = todo;
        todo = 0;
        for (d = 0; d < 9; d++) {
            uint32_t h[3];
            unsigned bands = round >> (3 * d) & 7;
            int e;
            if (!bands)
                continue;
            if (!one_places(g->w[d], bands, h))
                goto contradiction;
            for (b = 0; b < 3; b++) {
                if (!(h[b] & ~solved[b]))
                    continue;
                for (e = 0; e < 9; e++)
                    if (e != d && (g->w[e][b] & h[b])) {
                        g->w[e][b] &= ~h[b];
                        todo |= 1u << (3 * e + b);
                        lost = 1;
                    }
            }
        }
    }
    write_back(g, (const uint32_t(*)[3])was, solved);
    return 1;
contradiction:
    /* (the masks are as they came: their bands made again if the grid is used) */
    g->stale[0] = g->stale[1] = g->stale[2] = DF_BAND;
    return 0;
}

int df_brt(DfGrid *g) {
    return g->b == &DF_CLASSIC ? df_brt_bands(g) : brt_on(g, g->b);
}

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
}

/* The two below are made twice by the compiler from one text: on classic sudoku's board
 * (classic 1, board &DF_CLASSIC: its 20 peers a cell a loop of fixed length, no cell beside
 * another) as fast as before any other board, and on any board. */

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
    return g->b == &DF_CLASSIC ? place_singles_on(g, &DF_CLASSIC, 1, todo, n)
                               : place_singles_on(g, g->b, 0, todo, n);
}

static inline int brt_on(DfGrid *g, const DfBoard *board, int classic) {
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
        if (!place_singles_on(g, board, classic, todo, n))
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

int df_brt(DfGrid *g) {
    return g->b == &DF_CLASSIC ? brt_on(g, &DF_CLASSIC, 1) : brt_on(g, g->b, 0);
}

/* BRT on a pencil-mark state (brt.py's propagate): a decided digit leaves its peers, hidden
 * singles, and the direct contradictions (a cell without candidate, a digit without place). */
#include "df_grid.h"

#include <string.h>

int DF_UNITS[27][9];
int DF_PEERS[DF_CELLS][20];
uint32_t DF_UNIT_BITS[DF_CELLS];

void df_tables_init(void) {
    int i, k, n;
    for (i = 0; i < DF_CELLS; i++) {
        int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        DF_UNITS[r][c] = i;
        DF_UNITS[9 + c][r] = i;
        DF_UNITS[18 + b][(r % 3) * 3 + c % 3] = i;
        DF_UNIT_BITS[i] = (1u << r) | (1u << (9 + c)) | (1u << (18 + b));
    }
    for (i = 0; i < DF_CELLS; i++) {
        int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
        n = 0;
        for (k = 0; k < DF_CELLS; k++) {
            int kr = k / 9, kc = k % 9, kb = (kr / 3) * 3 + kc / 3;
            if (k != i && (kr == r || kc == c || kb == b))
                DF_PEERS[i][n++] = k;
        }
    }
}

void df_grid_from(DfGrid *g, const uint16_t *cands) {
    memcpy(g->c, cands, sizeof g->c);
    memset(g->done, 0, sizeof g->done);
    g->solved = 0;
    g->dirty = DF_ALL_UNITS;
}

int df_place_singles(DfGrid *g, int *todo, int n) {
    uint16_t *c = g->c;
    while (n) {
        unsigned b;
        int i = todo[--n], k;
        if (g->done[i])
            continue;
        g->done[i] = 1;
        g->solved++;
        b = c[i];
        for (k = 0; k < 20; k++) {
            int p = DF_PEERS[i][k];
            unsigned m = c[p];
            if (m & b) {
                m ^= b;
                if (!m)
                    return 0;
                c[p] = (uint16_t)m;
                g->dirty |= DF_UNIT_BITS[p];
                if (!(m & (m - 1)))
                    todo[n++] = p;
            }
        }
    }
    return 1;
}

int df_brt(DfGrid *g) {
    /* at most every cell of every unit at the start, then each cell once as it is decided */
    int todo[27 * 9 + DF_CELLS];
    int n = 0, i, k;
    uint16_t *c = g->c;
    uint32_t start = g->dirty;
    if (start == DF_ALL_UNITS) {
        for (i = 0; i < DF_CELLS; i++) {
            if (!c[i])
                return 0;
            if (!g->done[i] && !(c[i] & (c[i] - 1)))
                todo[n++] = i;
        }
    } else {
        /* the cells changed from outside are in the units marked changed */
        while (start) {
            const int *cells = DF_UNITS[value_of_bit((int)(start & (0u - start))) - 1];
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
        uint32_t dirty;
        int u;
        if (!df_place_singles(g, todo, n))
            return 0;
        n = 0;
        dirty = g->dirty;
        if (!dirty)
            return 1;
        /* the units changed since they were last looked at: a digit with no place, or one */
        u = value_of_bit((int)(dirty & (0u - dirty))) - 1;
        g->dirty = dirty & ~(1u << u);
        {
            const int *cells = DF_UNITS[u];
            unsigned once = 0, twice = 0, decided = 0, hidden;
            for (k = 0; k < 9; k++) {
                unsigned m = c[cells[k]];
                twice |= once & m;
                once |= m;
                decided |= m & (0u - !(m & (m - 1))); /* (no branch: either way at random) */
            }
            if (once != DF_FULL)
                return 0; /* a digit with no place in the unit */
            /* (a digit decided in the unit has its one place already: no cell to look for) */
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

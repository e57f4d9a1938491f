/* guesses.py's rules: subsets (modes 0 and 1) and singles (mode 2). */
#include "df_rules.h"

#include <stddef.h>

/* naked subsets in one house: -1 a contradiction, 1 something removed, 0 nothing */
static int unit_subsets(DfGrid *g, const int *cells) {
    int open[9], n = 0, k, s;
    unsigned masks[9], unions[512];
    for (k = 0; k < 9; k++) {
        unsigned m = g->c[cells[k]];
        if (m & (m - 1)) {
            open[n] = cells[k];
            masks[n++] = m;
        }
    }
    if (n < 4)
        return 0; /* sizes 2 to n-2: none */
    unions[0] = 0;
    for (s = 1; s < (1 << n); s++) {
        int size = BITS[s], low = 0, count, removed = 0;
        while (!(s >> low & 1))
            low++;
        unions[s] = unions[s & (s - 1)] | masks[low];
        if (size < 2 || size > n - 2)
            continue;
        count = BITS[unions[s]];
        if (count > size)
            continue;
        if (count < size)
            return -1; /* more cells than digits */
        for (k = 0; k < n; k++) {
            if (!(s >> k & 1) && (g->c[open[k]] & unions[s])) {
                df_set(g, open[k], g->c[open[k]] & ~unions[s]);
                if (!g->c[open[k]])
                    return -1;
                removed = 1;
            }
        }
        if (removed)
            return 1; /* the unions above are stale: the caller goes round again */
    }
    return 0;
}

int df_subsets(DfGrid *g) {
    for (;;) {
        int u, shrunk = 0;
        if (!df_brt(g))
            return 0;
        for (u = 0; u < g->b->houses; u++) {
            int found = unit_subsets(g, g->b->house[u]);
            if (found < 0)
                return 0;
            shrunk |= found;
        }
        if (!shrunk)
            return 1;
    }
}

int df_singles(DfGrid *g) {
    int todo[DF_CELLS * 2];
    int n = 0, i;
    uint16_t *c = g->c;
    for (i = 0; i < DF_CELLS; i++) {
        if (!c[i])
            return 0;
        if (!g->done[i] && !(c[i] & (c[i] - 1)))
            todo[n++] = i;
    }
    return df_place_singles(g, todo, n);
}

DfRules df_rules_of(int mode) {
    switch (mode) {
    case -1:
        return df_brt;
    case 0:
    case 1:
        return df_subsets;
    case 2:
        return df_singles;
    default:
        return NULL;
    }
}

/* The links of a grid as a graph, and what each potential's walk reaches (the header draws
 * the data). */
#include "se_reach.h"

void se_links_fill(const SeGrid *g, SeLinks *L) {
    for (int cell = 0; cell < 81; cell++) {
        int mask = g->cands[cell];
        L->pair[cell] = BITS[mask >> 1] == 2 ? (uint16_t)mask : 0;
        for (int value = 1; value <= 9; value++) {
            if (!(mask >> value & 1))
                continue;
            int n = 0;
            for (int i = 0; i < 20; i++) {
                int o = SE_PEER_ORDER[cell][i];
                if (g->cands[o] >> value & 1)
                    L->peers[cell][value][n++] = (uint8_t)o;
            }
            L->n_peers[cell][value] = (int8_t)n;
            for (int t = 0; t < 3; t++) {
                int unit = SE_CELL_UNITS[cell][t];
                int pos = g->table[unit][value] & ~(1 << SE_CELL_POS[cell][t]);
                L->conj[cell][value][t] =
                    (int8_t)(pos && !(pos & (pos - 1)) ? SE_UNITS[unit][__builtin_ctz(pos)] : -1);
            }
        }
    }
}

int se_reach_fill(SeCtx *x, const SeGrid *g, const SeLinks *L, SeReach *r, int cell_links) {
    int targets[28], n = 0, edges = 0;
    for (int k = 0; k < SE_KEYS; k++)
        r->node[k] = -1;
    for (int cell = 0; cell < 81; cell++)
        for (int m = g->cands[cell]; m; m &= m - 1)
            for (int on = 0; on < 2; on++) {
                int k = se_key(cell, __builtin_ctz(m), on);
                r->key[n] = (int16_t)k;
                r->node[k] = (int16_t)n++;
            }
    r->n = n;
    r->words = (n + 63) / 64;
    for (int v = 0; v < n; v++) {
        int k = r->key[v];
        SePot p = {.cell = (int16_t)(k / 20), .value = (int8_t)(k / 2 % 10), .on = (int8_t)(k & 1)};
        int c = p.on ? se_offs_of(L, g, &p, cell_links, targets) : se_ons_of(L, &p, cell_links, 1, targets);
        if (se_grow((void **)&r->to, &r->cap_to, edges + c, sizeof(int16_t), x) < 0)
            return -1;
        r->first[v] = edges;
        for (int i = 0; i < c; i++)
            r->to[edges++] = r->node[se_key(targets[i] >> 4, targets[i] & 15, !p.on)];
    }
    r->first[n] = edges;
    if (se_grow((void **)&r->bits, &r->cap_bits, n * r->words, sizeof(uint64_t), x) < 0)
        return -1;
    int counter = 0, top = 0, parts = 0;
    for (int v = 0; v < n; v++)
        r->index[v] = r->joined[v] = -1;
    for (int root = 0; root < n; root++) {
        if (r->index[root] >= 0)
            continue;
        int depth = 0;
        r->call[0] = (int16_t)root;
        r->index[root] = r->low[root] = (int16_t)counter++;
        r->next[root] = 0;
        r->part[root] = -1;
        r->stack[top++] = (int16_t)root;
        while (depth >= 0) {
            int v = r->call[depth];
            int e = r->first[v] + r->next[v];
            if (e < r->first[v + 1]) {
                r->next[v]++;
                int w = r->to[e];
                if (r->index[w] < 0) {
                    r->index[w] = r->low[w] = (int16_t)counter++;
                    r->next[w] = 0;
                    r->part[w] = -1;
                    r->stack[top++] = (int16_t)w;
                    r->call[++depth] = (int16_t)w;
                } else if (r->part[w] < 0 && r->index[w] < r->low[v])
                    r->low[v] = r->index[w]; /* w on the stack */
                continue;
            }
            if (r->low[v] == r->index[v]) { /* v roots a part: its reach */
                uint64_t *bits = r->bits + (size_t)parts * r->words;
                memset(bits, 0, (size_t)r->words * sizeof(uint64_t));
                int bottom = top;
                do
                    bottom--;
                while (r->stack[bottom] != v);
                for (int i = bottom; i < top; i++) {
                    int m = r->stack[i];
                    bits[m >> 6] |= 1ULL << (m & 63);
                    for (int f = r->first[m]; f < r->first[m + 1]; f++) {
                        int q = r->part[r->to[f]];
                        if (q >= 0 && r->joined[q] != parts + 1) { /* another part, ended before */
                            r->joined[q] = (int16_t)(parts + 1);
                            for (int j = 0; j < r->words; j++)
                                bits[j] |= r->bits[(size_t)q * r->words + j];
                        }
                    }
                }
                for (int i = bottom; i < top; i++)
                    r->part[r->stack[i]] = (int16_t)parts;
                r->size[parts] = (int16_t)(top - bottom);
                top = bottom;
                parts++;
            }
            if (--depth >= 0) {
                int u = r->call[depth];
                if (r->low[v] < r->low[u])
                    r->low[u] = r->low[v];
            }
        }
    }
    return 0;
}

void se_reach_free(SeReach *r) {
    PyMem_Free(r->to);
    PyMem_Free(r->bits);
    r->to = NULL;
    r->bits = NULL;
    r->cap_to = r->cap_bits = 0;
}

/* The links of a grid as a graph, and what each potential's walk reaches (the header draws
 * the data). */
#include "se_reach.h"

void se_links_fill(const SeGrid *g, SeLinks *L) {
    uint64_t(*places)[2] = L->places;
    memset(L->places, 0, sizeof L->places);
    if (++L->gen == 0) { /* the peers and conjugates are made when first asked */
        memset(L->made, 0, sizeof L->made);
        L->gen = 1;
    }
    if (g->geo->classic) /* (row r, unit 9 + r, is the cells 9r .. 9r + 8: bit i its i-th) */
        for (int value = 1; value <= 9; value++)
            for (int r = 0, at = 0; r < 9; r++, at += 9) {
                uint64_t row = g->table[9 + r][value];
                if (at < 64) {
                    places[value][0] |= row << at;
                    if (at > 55) /* (row 7: its cell 63 in word 0, the rest in word 1) */
                        places[value][1] |= row >> (64 - at);
                } else
                    places[value][1] |= row << (at - 64);
            }
    else
        for (int cell = 0; cell < 81; cell++)
            for (int m = g->cands[cell]; m; m &= m - 1)
                places[ctz32(m)][cell >> 6] |= 1ULL << (cell & 63);
    memset(L->conj_any, 0, sizeof L->conj_any);
    for (int unit = 0; unit < g->geo->n_units; unit++) /* a conjugate: a value of two places */
        for (int value = 1; value <= 9; value++) {
            int pos = g->table[unit][value];
            if (BITS[pos] == 2)
                for (; pos; pos &= pos - 1)
                    L->conj_any[g->geo->units[unit][ctz32(pos)]] |= (uint16_t)(1 << value);
        }
    for (int cell = 0; cell < 81; cell++)
        L->pair[cell] = BITS[g->cands[cell] >> 1] == 2 ? g->cands[cell] : 0;
}

int se_reach_fill(SeCtx *x, const SeGrid *g, SeLinks *L, SeReach *r, int cell_links,
                  const uint16_t *linked) {
    int targets[SE_MAX_ONS], n = 0, edges = 0;
    uint64_t nodes[10][2] = {{0}}; /* each value's cells whose candidate is a node, as bits */
    /* an "off" node that links to nothing (a sink: most of them, where every candidate is a
     * node) is one whose cell and units give it no strong link (se_off_links): ``live`` holds
     * the others, by cell and by value */
    uint16_t live[81];
    uint64_t places_live[10][2] = {{0}};
    for (int k = 0; k < SE_KEYS; k++)
        r->node[k] = -1;
    for (int cell = 0; cell < 81; cell++) {
        live[cell] = (uint16_t)se_off_links(L, cell, cell_links, 1);
        for (int m = g->cands[cell] & (linked ? linked[cell] : 0xffff); m; m &= m - 1) {
            int value = ctz32(m), goes_on = live[cell] >> value & 1;
            nodes[value][cell >> 6] |= 1ULL << (cell & 63);
            places_live[value][cell >> 6] |= (uint64_t)goes_on << (cell & 63);
            for (int on = 0; on < 2; on++) {
                int k = se_key(cell, value, on);
                r->key[n] = (int16_t)k;
                r->sink[n] = (uint8_t)(!on && !goes_on);
                /* no link comes to the "on" of a candidate whose "off" is a sink (the strong
                 * links go both ways): its reach is asked for itself alone (se_reach_on) */
                r->lazy[n] = (uint8_t)(on && !goes_on && !linked);
                r->node[k] = (int16_t)n++;
            }
        }
    }
    r->n = n;
    r->words = (n + 63) / 64;
    /* an "on" potential has 8 links in its cell and one a region peer at most (classic: 20),
     * an "off" one SE_MAX_ONS */
    int most = 8 + (g->geo->classic ? 20 : SE_MAX_PEERS);
    if (se_grow((void **)&r->to, &r->cap_to, most * n, sizeof(int16_t), x) < 0)
        return -1;
    /* (the buffer's pointer read once: the int16 stores below would have it read again) */
    int16_t *const to = r->to;
    const uint64_t(*region_mask)[2] = g->geo->region_mask;
    /* (a potential's links in any order: what the graph answers is its parts and reaches; an
     * "on" one's to the nodes that go on first, to the sinks from mid[] on) */
    for (int v = 0; v < n; v++) {
        int k = r->key[v], cell = k / 20, value = k / 2 % 10;
        r->first[v] = edges;
        if (r->lazy[v]) {
            r->mid[v] = edges;
            continue;
        }
        if (k & 1) { /* potentials.on_to_off's targets that are nodes, from the nodes' bits */
            int in_cell = cell_links ? g->cands[cell] & (linked ? linked[cell] : 0xffff) &
                                           ~(1 << value)
                                     : 0;
            for (int sinks = 0; sinks < 2; sinks++) {
                if (sinks)
                    r->mid[v] = edges;
                for (int m = in_cell & (sinks ? ~live[cell] : live[cell]); m; m &= m - 1)
                    to[edges++] = r->node[se_key(cell, ctz32(m), 0)];
                for (int w = 0; w < 2; w++)
                    for (uint64_t m = region_mask[cell][w] & nodes[value][w] &
                                      (sinks ? ~places_live[value][w] : places_live[value][w]);
                         m; m &= m - 1)
                        to[edges++] = r->node[se_key(w * 64 + ctz64(m), value, 0)];
            }
            continue;
        }
        if (r->sink[v]) { /* (no strong link: se_ons_of would give none) */
            r->mid[v] = edges;
            continue;
        }
        SePot p = {.cell = (int16_t)cell, .value = (int8_t)value, .on = 0};
        int c = se_ons_of(L, g, &p, cell_links, 1, targets);
        for (int i = 0; i < c; i++) {
            int w = r->node[se_key(targets[i] >> 4, targets[i] & 15, 1)];
            if (w >= 0) /* (not a candidate left out) */
                to[edges++] = (int16_t)w;
        }
        r->mid[v] = edges;
    }
    r->first[n] = edges;
    if (se_grow((void **)&r->bits, &r->cap_bits, n * r->words, sizeof(uint64_t), x) < 0)
        return -1;
    uint64_t *const all = r->bits; /* (read once too, with the word count) */
    const int words = r->words;
    /* a sink is no part of its own, only a bit in the reaches of the parts that link to it
     * (its own reach is not asked) */
    int counter = 0, top = 0, parts = 0;
    for (int v = 0; v < n; v++)
        r->index[v] = r->joined[v] = r->part[v] = -1;
    for (int root = 0; root < n; root++) {
        if (r->index[root] >= 0 || r->sink[root] || r->lazy[root])
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
            if (e < r->mid[v]) { /* (the sinks left out) */
                r->next[v]++;
                int w = to[e];
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
                uint64_t *bits = all + (size_t)parts * words;
                memset(bits, 0, (size_t)words * sizeof(uint64_t));
                int bottom = top;
                do
                    bottom--;
                while (r->stack[bottom] != v);
                int others = 0, ons = 0;
                for (int i = bottom; i < top; i++) {
                    int m = r->stack[i];
                    ons += r->key[m] & 1;
                    bits[m >> 6] |= 1ULL << (m & 63);
                    others |= r->mid[m] < r->first[m + 1];
                    for (int f = r->mid[m]; f < r->first[m + 1]; f++) /* the sinks */
                        bits[to[f] >> 6] |= 1ULL << (to[f] & 63);
                    for (int f = r->first[m]; f < r->mid[m]; f++) {
                        int w = to[f], q = r->part[w];
                        if (q >= 0 && r->joined[q] != parts + 1) { /* a part ended before */
                            r->joined[q] = (int16_t)(parts + 1);
                            others = 1;
                            if (r->alone[q]) /* its reach is w alone */
                                bits[w >> 6] |= 1ULL << (w & 63);
                            else
                                for (int j = 0; j < words; j++)
                                    bits[j] |= all[(size_t)q * words + j];
                        }
                    }
                }
                r->alone[parts] = (uint8_t)(top - bottom == 1 && !others);
                for (int i = bottom; i < top; i++)
                    r->part[r->stack[i]] = (int16_t)parts;
                r->cycle[parts] = (int16_t)(ons >= 2 && top - bottom - ons >= 2);
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
    r->parts = parts;
    memcpy(r->places, nodes, sizeof nodes);
    return 0;
}

const uint64_t *se_reach_on(SeReach *r, const SeGrid *g, int key) {
    int a = r->node[key];
    if (a < 0 || !r->lazy[a] || r->part[a] >= 0)
        return se_reach_of(r, key);
    /* its part is itself; its reach itself and its "off" targets' (potentials.on_to_off's,
     * with the cell's links: every candidate is a node), as se_reach_fill's walk would join
     * them */
    const int words = r->words, cell = key / 20, value = key / 2 % 10;
    uint64_t *bits = r->bits + (size_t)r->parts * words;
    memset(bits, 0, (size_t)words * sizeof(uint64_t));
    bits[a >> 6] |= 1ULL << (a & 63);
    int targets[SE_MAX_OFFS], nt = 0;
    for (int m = g->cands[cell] & ~(1 << value); m; m &= m - 1)
        targets[nt++] = r->node[se_key(cell, ctz32(m), 0)];
    for (int w = 0; w < 2; w++)
        for (uint64_t m = g->geo->region_mask[cell][w] & r->places[value][w]; m; m &= m - 1)
            targets[nt++] = r->node[se_key(w * 64 + ctz64(m), value, 0)];
    for (int i = 0; i < nt; i++) {
        int w = targets[i], q = r->part[w];
        if (q < 0 || r->alone[q]) /* a sink, or a part whose reach is w alone */
            bits[w >> 6] |= 1ULL << (w & 63);
        else
            for (int j = 0; j < words; j++)
                bits[j] |= r->bits[(size_t)q * words + j];
    }
    r->part[a] = (int16_t)r->parts;
    r->cycle[r->parts] = 0; /* (one node) */
    r->alone[r->parts++] = 0;
    return bits;
}

/* whether the walk from the "on" potential of a candidate left out of the graph (not linked:
 * no walk comes to its "on" or goes on from its "off") reaches its "off": through an "off"
 * target z of its own, then the graph, to an "on" y that links to its "off" (one of its own
 * targets again: the links are both ways); both linked (y is reached, z goes on).
 * ``places``: each value's linked cells, as bits */
static int unlinked_on_off(const SeReach *r, const SeGrid *g, const uint16_t *linked,
                           uint64_t places[10][2], int cell, int value, int cell_links) {
    int zs[SE_MAX_OFFS], nz = 0;
    if (cell_links)
        for (int m = g->cands[cell] & linked[cell] & ~(1 << value); m; m &= m - 1)
            zs[nz++] = cell * 16 + ctz32(m);
    for (int w = 0; w < 2; w++)
        for (uint64_t m = g->geo->region_mask[cell][w] & places[value][w]; m; m &= m - 1)
            zs[nz++] = (w * 64 + ctz64(m)) * 16 + value;
    if (nz <= 4) { /* (few: each pair's bit, no masks to clear) */
        for (int i = 0; i < nz; i++) {
            int off = r->node[se_key(zs[i] >> 4, zs[i] & 15, 0)];
            const uint64_t *bits = r->bits + (size_t)r->part[off] * r->words;
            for (int j = 0; j < nz; j++) {
                int on = r->node[se_key(zs[j] >> 4, zs[j] & 15, 1)];
                if (bits[on >> 6] >> (on & 63) & 1)
                    return 1;
            }
        }
        return 0;
    }
    uint64_t to[SE_MAX_NODES / 64 + 1]; /* the targets' "on" nodes: a z's "off" reaching one */
    for (int j = 0; j < r->words; j++)
        to[j] = 0;
    for (int i = 0; i < nz; i++) {
        int on = r->node[se_key(zs[i] >> 4, zs[i] & 15, 1)];
        to[on >> 6] |= 1ULL << (on & 63);
    }
    for (int i = 0; i < nz; i++) {
        int off = r->node[se_key(zs[i] >> 4, zs[i] & 15, 0)];
        const uint64_t *bits = r->bits + (size_t)r->part[off] * r->words;
        for (int j = 0; j < r->words; j++)
            if (bits[j] & to[j])
                return 1;
    }
    return 0;
}

int se_reach_walks(SeCtx *x, const SeGrid *g, SeLinks *L, SeReach *r, int cell_links,
                   const uint16_t *linked, uint8_t walks[81][10]) {
    if (se_reach_fill(x, g, L, r, cell_links, linked) < 0)
        return -1;
    se_reach_answers(r, g, cell_links, linked, NULL, NULL, walks);
    return 0;
}

void se_reach_answers(const SeReach *r, const SeGrid *g, int cell_links, const uint16_t *linked,
                      const uint8_t (*kept)[10], const uint16_t *known,
                      uint8_t walks[81][10]) {
    uint64_t places[10][2];
    int placed = 0; /* (the linked places made when first asked: on a kept graph, seldom) */
    if (kept)
        memcpy(walks, kept, sizeof(uint8_t[81][10]));
    for (int cell = 0; cell < 81; cell++) {
        if (BITS[g->cands[cell] >> 1] < 2)
            continue; /* (no start: a cell of one candidate) */
        for (int m = g->cands[cell] & ~(known ? known[cell] : 0); m; m &= m - 1) {
            int value = ctz32(m), on = se_key(cell, value, 1), off = on ^ 1;
            if (linked[cell] >> value & 1)
                walks[cell][value] = (uint8_t)(se_may_return(r, on) * SE_MAY_RETURN |
                                               se_reaches(r, on, off) * SE_ON_OFF |
                                               se_reaches(r, off, on) * SE_OFF_ON);
            else {
                if (!placed) {
                    memset(places, 0, sizeof places);
                    for (int c = 0; c < 81; c++)
                        for (int l = g->cands[c] & linked[c]; l; l &= l - 1)
                            places[ctz32(l)][c >> 6] |= 1ULL << (c & 63);
                    placed = 1;
                }
                walks[cell][value] = (uint8_t)(unlinked_on_off(r, g, linked, places, cell, value,
                                                               cell_links) *
                                               SE_ON_OFF);
            }
        }
    }
}

uint64_t se_xy_key(const SeGrid *g, const SeLinks *L, const uint16_t *linked, SeXYKey *key) {
    memset(key, 0, sizeof *key); /* (the padding too: the key is hashed and compared whole) */
    memcpy(key->linked, linked, sizeof key->linked);
    for (int cell = 0; cell < 81; cell++) {
        uint64_t bit = 1ULL << (cell & 63);
        if (L->pair[cell])
            key->pair[cell >> 6] |= bit;
        if (linked[cell] && BITS[g->cands[cell] >> 1] < 2)
            key->single[cell >> 6] |= bit;
    }
    for (int unit = 0; unit < g->geo->n_units; unit++)
        for (int value = 1; value <= 9; value++)
            if (BITS[g->table[unit][value]] == 2)
                key->conj[(unit * 10 + value) >> 6] |= 1ULL << ((unit * 10 + value) & 63);
    uint64_t h = 0xcbf29ce484222325ULL, w;
    for (size_t i = 0; i + sizeof w <= sizeof *key; i += sizeof w) {
        memcpy(&w, (const char *)key + i, sizeof w);
        h = (h ^ w) * 0x100000001b3ULL;
    }
    h ^= h >> 33; /* (spread: the slot is the hash's low bits) */
    h *= 0xff51afd7ed558ccdULL;
    return h ^ (h >> 33);
}

const SeXYEntry *se_xy_find(const SeXYMemo *m, const SeXYKey *key, uint64_t hash) {
    const SeXYEntry *e = m->slot[hash % SE_XY_KEPT];
    return e && e->hash == hash && !memcmp(&e->key, key, sizeof *key) ? e : NULL;
}

int se_xy_restore(SeCtx *x, const SeXYEntry *e, SeReach *r) {
    if (se_grow((void **)&r->bits, &r->cap_bits, e->parts * e->words, sizeof(uint64_t), x) < 0)
        return -1;
    for (int k = 0; k < SE_KEYS; k++)
        r->node[k] = -1;
    r->n = e->n;
    r->words = e->words;
    for (int v = 0; v < e->n; v++) {
        r->key[v] = e->keys[v];
        r->node[e->keys[v]] = (int16_t)v;
        r->part[v] = e->part[v];
    }
    memcpy(r->cycle, e->cycle, (size_t)e->parts * sizeof(int16_t));
    if (e->parts && e->words) /* (a graph of no node has no bits) */
        memcpy(r->bits, e->bits, (size_t)e->parts * e->words * sizeof(uint64_t));
    return 0;
}

void se_xy_keep(SeXYMemo *m, const SeXYKey *key, uint64_t hash, const SeReach *r,
                const SeGrid *g, const uint8_t walks[81][10], const int16_t *data, int n_data) {
    int parts = 0;
    for (int v = 0; v < r->n; v++)
        if (r->part[v] >= parts)
            parts = r->part[v] + 1;
    size_t words = (size_t)parts * r->words;
    SeXYEntry *e = PyMem_Malloc(sizeof(SeXYEntry) + words * sizeof(uint64_t) +
                                (2 * (size_t)r->n + (size_t)parts + (size_t)n_data) *
                                    sizeof(int16_t));
    if (!e)
        return;
    e->hash = hash;
    e->key = *key;
    memcpy(e->walks, walks, sizeof e->walks);
    for (int cell = 0; cell < 81; cell++) /* (the candidates se_reach_answers answered) */
        e->known[cell] = BITS[g->cands[cell] >> 1] < 2 ? 0 : g->cands[cell];
    e->n = r->n;
    e->parts = parts;
    e->words = r->words;
    e->n_data = n_data;
    e->bits = (uint64_t *)(e + 1);
    e->keys = (int16_t *)(e->bits + words);
    e->part = e->keys + r->n;
    e->cycle = e->part + r->n;
    e->data = e->cycle + parts;
    if (words) /* (a graph of no node has no bits) */
        memcpy(e->bits, r->bits, words * sizeof(uint64_t));
    memcpy(e->keys, r->key, (size_t)r->n * sizeof(int16_t));
    memcpy(e->part, r->part, (size_t)r->n * sizeof(int16_t));
    memcpy(e->cycle, r->cycle, (size_t)parts * sizeof(int16_t));
    if (n_data)
        memcpy(e->data, data, (size_t)n_data * sizeof(int16_t));
    PyMem_Free(m->slot[hash % SE_XY_KEPT]);
    m->slot[hash % SE_XY_KEPT] = e;
}

/* the transitive closure of the digit's graph over its linked places (those with a conjugate
 * in some unit), and the answers from it. The graph is of two sides: the "on" of a place links
 * to the "off" of its linked peers, an "off" to the "on" of its conjugates. So the closure is
 * made over the "on" side alone (Warshall's, on bits; reach[i]: the places whose "on" that of
 * the i-th reaches, a hop an "off" between), a quarter of the whole graph's work, and the
 * rest read from it: the i-th's "on" reaches its "off" where a place its "on" reaches is its
 * peer (peers both ways), its "off" reaches its "on" where the "on" of a conjugate of it does.
 * A place without a conjugate: no walk comes back to its "on" or goes on from its "off"; its
 * "on" reaches its "off" through a linked peer's "off", then the graph, to a linked peer's "on"
 * (the links are both ways) */
static void digit_closure(SeLinks *L, const SeGrid *g, int value, SeDigitReach *out) {
    int cells[81], local[81], m = 0;
    uint64_t linked[2] = {0, 0};
    for (int w = 0; w < 2; w++)
        for (uint64_t b = L->places[value][w]; b; b &= b - 1) {
            int c = w * 64 + ctz64(b);
            if (L->conj_any[c] >> value & 1) {
                local[c] = m;
                cells[m++] = c;
                linked[w] |= 1ULL << (c & 63);
            }
        }
    /* by linked place (its index i): its linked peers and its conjugates, as bits of indexes */
    uint64_t peer[81][2], conj[81][2], reach[81][2], off_ons[81][2];
    for (int i = 0; i < m; i++) {
        int cell = cells[i];
        peer[i][0] = peer[i][1] = conj[i][0] = conj[i][1] = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t b = g->geo->region_mask[cell][w] & linked[w]; b; b &= b - 1) {
                int j = local[w * 64 + ctz64(b)];
                peer[i][j >> 6] |= 1ULL << (j & 63);
            }
        se_links_of(L, g, cell, value);
        for (int t = 0; t < g->geo->n_cell_units[cell]; t++) {
            int o = L->conj[cell][value][t];
            if (o >= 0)
                conj[i][local[o] >> 6] |= 1ULL << (local[o] & 63);
        }
    }
    for (int i = 0; i < m; i++) { /* one hop: the conjugates of its peers */
        reach[i][0] = reach[i][1] = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t b = peer[i][w]; b; b &= b - 1) {
                int k = w * 64 + ctz64(b);
                reach[i][0] |= conj[k][0];
                reach[i][1] |= conj[k][1];
            }
    }
    for (int k = 0; k < m; k++) { /* (row k itself does not change at step k) */
        int w = k >> 6;
        uint64_t bit = 1ULL << (k & 63), k0 = reach[k][0], k1 = reach[k][1];
        for (int v = 0; v < m; v++)
            if (reach[v][w] & bit) {
                reach[v][0] |= k0;
                reach[v][1] |= k1;
            }
    }
    for (int i = 0; i < m; i++) { /* the "on" places its "off" reaches */
        off_ons[i][0] = conj[i][0];
        off_ons[i][1] = conj[i][1];
        for (int w = 0; w < 2; w++)
            for (uint64_t b = conj[i][w]; b; b &= b - 1) {
                int j = w * 64 + ctz64(b);
                off_ons[i][0] |= reach[j][0];
                off_ons[i][1] |= reach[j][1];
            }
    }
    memset(out->ret, 0, sizeof out->ret + sizeof out->on_off + sizeof out->off_on);
    for (int i = 0; i < m; i++) {
        uint64_t cell_bit = 1ULL << (cells[i] & 63), own = 1ULL << (i & 63);
        int w = cells[i] >> 6;
        if (reach[i][i >> 6] & own)
            out->ret[w] |= cell_bit;
        if ((reach[i][0] & peer[i][0]) | (reach[i][1] & peer[i][1]))
            out->on_off[w] |= cell_bit;
        if (off_ons[i][i >> 6] & own)
            out->off_on[w] |= cell_bit;
    }
    for (int w = 0; w < 2; w++) /* the places left out */
        for (uint64_t b = L->places[value][w] & ~linked[w]; b; b &= b - 1) {
            int c = w * 64 + ctz64(b);
            uint64_t from[2] = {0, 0}, to[2] = {0, 0};
            for (int u = 0; u < 2; u++)
                for (uint64_t z = g->geo->region_mask[c][u] & linked[u]; z; z &= z - 1) {
                    int i = local[u * 64 + ctz64(z)];
                    from[0] |= off_ons[i][0];
                    from[1] |= off_ons[i][1];
                    to[i >> 6] |= 1ULL << (i & 63);
                }
            if ((from[0] & to[0]) | (from[1] & to[1]))
                out->on_off[w] |= 1ULL << (c & 63);
        }
}

const SeDigitReach *se_digit_reach(SeLinks *L, const SeGrid *g, int value, SeDigitMemo *memo,
                                   SeDigitReach *own) {
    const uint64_t *places = L->places[value];
    SeDigitReach *r = own;
    if (memo) {
        uint64_t h = (places[0] ^ places[1] * 0x9e3779b97f4a7c15ULL) * 0xff51afd7ed558ccdULL;
        r = &memo->slot[(h >> 40) % SE_DIGIT_KEPT];
        if (r->places[0] == places[0] && r->places[1] == places[1] && (places[0] | places[1]))
            return r;
    }
    r->places[0] = places[0];
    r->places[1] = places[1];
    digit_closure(L, g, value, r);
    return r;
}

void se_reach_free(SeReach *r) {
    PyMem_Free(r->to);
    PyMem_Free(r->bits);
    r->to = NULL;
    r->bits = NULL;
    r->cap_to = r->cap_bits = 0;
}

/* The filters of core/filters.py: grp (a unit's complete and shrunken subsets, with its memo)
 * and ply (a line's cells ruled out by a block). */
#include "filters.h"
#include "objects.h"

static void _remove(Core *c, int technique, int cell, int mask) {
    c->cands[cell] &= ~mask;
    touch(c, cell);
    for (int v = 1; v <= 9; v++)
        if (mask >> (v - 1) & 1)
            EMIT(c, REMOVED, T_Removal, 4, num(REMOVED), num(technique), num(v), num(cell));
}

static int _complete_shrink(Core *c, const int *empty, int e, int missing) {
    int changed = 0;
    uint16_t *cands = c->cands;
    while (missing) {
        int b = missing & -missing;
        missing ^= b;
        int only = -1, found = 0;
        for (int i = 0; i < e; i++) { /* (no branch: it mispredicts) */
            int hit = (cands[empty[i]] & b) != 0;
            found += hit;
            only = hit ? empty[i] : only;
        }
        if (found > 1)
            continue;
        if (!found)
            return CONTRADICTION;
        if (cands[only] != b) {
            cands[only] = b;
            touch(c, only);
            changed = 1;
        }
    }
    return changed ? COMPLETE : NOTHING;
}

static int _naked_identical(Core *c, const int *empty, int e) {
    uint16_t *cands = c->cands;
    for (int i = 0; i < e; i++) {
        int s = cands[empty[i]];
        int same = 0;
        for (int j = 0; j < e; j++)
            same += cands[empty[j]] == s;
        if (same != BITS[s] || same == e)
            continue;
        int removed = 0;
        for (int j = 0; j < e; j++) {
            int d = empty[j];
            int hit = cands[d] & s;
            if (hit && cands[d] != s) {
                _remove(c, 1, d, hit);
                removed = 1;
            }
        }
        if (removed)
            return 1;
    }
    return 0;
}

/* the next combination of k out of n indices (lexicographic); 0 after the last */
static int next_combo(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

static int _hidden_subset(Core *c, const int *empty, int e, int missing) {
    uint16_t *cands = c->cands;
    int vals[9], pos[9], counts[9], nv = 0;
    for (int v = 1; v <= 9; v++)
        if (missing >> (v - 1) & 1) {
            int b = 1 << (v - 1), p = 0;
            for (int j = 0; j < e; j++)
                if (cands[empty[j]] & b)
                    p |= 1 << j;
            vals[nv] = v;
            pos[nv] = p;
            counts[nv] = BITS[p];
            nv++;
        }
    for (int k = 2; k < e; k++) {
        int items[9], n = 0;
        for (int i = 0; i < nv; i++)
            if (counts[i] <= k)
                items[n++] = i;
        if (n < k)
            continue;
        int idx[9];
        for (int j = 0; j < k; j++)
            idx[j] = j;
        do {
            int unite = 0, chosen = 0;
            for (int j = 0; j < k; j++) {
                unite |= pos[items[idx[j]]];
                chosen |= 1 << (vals[items[idx[j]]] - 1);
            }
            if (BITS[unite] != k)
                continue;
            int any = 0;
            for (int j = 0; j < e; j++)
                if (unite >> j & 1 && cands[empty[j]] & ~chosen)
                    any = 1;
            if (!any)
                continue;
            PyObject *cells = WANTS(c, CELSET) ? PyTuple_New(k) : NULL;
            int m = 0;
            for (int j = 0; j < e; j++)
                if (unite >> j & 1) {
                    int extra = cands[empty[j]] & ~chosen;
                    if (extra)
                        _remove(c, 2, empty[j], extra);
                    if (cells)
                        TUPLE_SET(cells, m, num(empty[j]));
                    m++;
                }
            if (cells)
                EMIT(c, CELSET, T_CelSet, 3, num(CELSET), cells, values_tuple(chosen));
            return 1;
        } while (next_combo(idx, k, n));
    }
    return 0;
}

static int _naked_subset(Core *c, const int *empty, int e) {
    uint16_t *cands = c->cands;
    int masks[9], counts[9];
    for (int j = 0; j < e; j++) {
        masks[j] = cands[empty[j]];
        counts[j] = BITS[masks[j]];
    }
    for (int k = 2; k < e; k++) {
        int items[9], n = 0;
        for (int j = 0; j < e; j++)
            if (counts[j] <= k)
                items[n++] = j;
        if (n < k)
            continue;
        int idx[9];
        for (int j = 0; j < k; j++)
            idx[j] = j;
        do {
            int unite = 0, in_combo = 0;
            for (int j = 0; j < k; j++) {
                unite |= masks[items[idx[j]]];
                in_combo |= 1 << items[idx[j]];
            }
            if (BITS[unite] != k)
                continue;
            int others[9], o = 0;
            for (int j = 0; j < e; j++)
                if (!(in_combo >> j & 1) && cands[empty[j]] & unite)
                    others[o++] = empty[j];
            if (o) {
                for (int j = 0; j < o; j++)
                    _remove(c, 3, others[j], cands[others[j]] & unite);
                return 1;
            }
        } while (next_combo(idx, k, n));
    }
    return 0;
}

/* 1GW, 2GW, 3GW in order; ``matched``: every cell can take a different missing value (then
 * 3GW has nothing that complete shrink or 2GW did not find first) */
static int _subsets(Core *c, const int *empty, int e, int matched, int missing) {
    if (_naked_identical(c, empty, e))
        return 1;
    return _hidden_subset(c, empty, e, missing) || (!matched && _naked_subset(c, empty, e));
}

/* ``_augment``: node[i] is the candidates of the cell matched to value bit i (0: none) */
static int _augment(int m, int *node, int *seen) {
    int free = m & ~*seen;
    while (free) {
        int b = free & -free;
        free ^= b;
        *seen |= b;
        int i = ctz32(b);
        if (!node[i] || _augment(node[i], node, seen)) {
            node[i] = m;
            return 1;
        }
    }
    return 0;
}

static int _matched_nodes(const int *masks, int e, int missing, int *node) {
    if (BITS[missing] != e)
        return 0;
    memset(node, 0, sizeof(int) * 9);
    int taken = 0, left[9], n_left = 0;
    for (int j = 0; j < e; j++) {
        int free = masks[j] & ~taken;
        if (free) {
            int b = free & -free;
            taken |= b;
            node[ctz32(b)] = masks[j];
        } else
            left[n_left++] = masks[j];
    }
    for (int j = 0; j < n_left; j++) {
        int seen = 0;
        if (!_augment(left[j], node, &seen))
            return 0;
    }
    return 1;
}

static int _small_unit_quiet(const int *masks, int e) {
    for (int j = 0; j < e; j++)
        if (BITS[masks[j]] < 2)
            return 0;
    if (e < 4)
        return 1;
    int a = masks[0], b = masks[1], c = masks[2], d = masks[3];
    int pairs[3][2] = {{a | b, c | d}, {a | c, b | d}, {a | d, b | c}};
    for (int i = 0; i < 3; i++) {
        int x = pairs[i][0], y = pairs[i][1];
        if (x & y && (BITS[x] == 2 || BITS[y] == 2))
            return 0;
    }
    return 1;
}

static int _every_edge_in_a_cycle(const int *node) {
    int remaining = 0, unite = 0;
    for (int i = 0; i < 9; i++) {
        remaining |= (node[i] != 0) << i;
        unite |= node[i];
    }
    if (unite & ~remaining)
        return 0;
    while (remaining) {
        int x = remaining & -remaining;
        int reach = x, frontier = x;
        while (frontier) {
            int step = 0;
            while (frontier) {
                int b = frontier & -frontier;
                frontier ^= b;
                step |= node[ctz32(b)];
            }
            frontier = step & ~reach;
            reach |= step;
        }
        int back = x, rest = reach ^ x;
        while (rest) {
            int grown = 0, r = rest;
            while (r) {
                int b = r & -r;
                r ^= b;
                if (node[ctz32(b)] & back)
                    grown |= b;
            }
            if (!grown)
                return 0;
            back |= grown;
            rest ^= grown;
        }
        remaining &= ~reach;
    }
    return 1;
}

/* whether no subset can clear anything in the unit: every candidate of every cell lies in some
 * way of completing it (filters.grp's test before _subsets) */
static int quiet_unit(Core *c, const int *empty, int e, int missing, int once, int twice,
                      int *matched) {
    int masks[9], node[9];
    for (int j = 0; j < e; j++)
        masks[j] = c->cands[empty[j]];
    if (e <= 4 && once == missing && !(missing & ~twice) && _small_unit_quiet(masks, e))
        return 1;
    *matched = _matched_nodes(masks, e, missing, node);
    return *matched && _every_edge_in_a_cycle(node);
}

/* grp's memo (filters.Memo.known): unit contents on which grp found nothing, whatever the unit
 * (what grp does in a unit depends on its cells' values and candidates in order, nothing else).
 * One table for every core: a cache of fixed size, an entry per hash, the newest kept. */
#define KNOWN_BITS 13
typedef struct {
    uint16_t key[12]; /* a unit's nine cells, then zeros: three 64-bit words to hash */
    unsigned char used;
} Known;
static Known KNOWN[1 << KNOWN_BITS];

static unsigned known_slot(const uint16_t *key) {
    uint64_t w[3];
    memcpy(w, key, sizeof w);
    uint64_t h = w[0] * 0x9E3779B97F4A7C15ULL ^ w[1] * 0xC2B2AE3D27D4EB4FULL ^
                 w[2] * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    return (unsigned)(h >> (64 - KNOWN_BITS));
}

/* what grp reads of a unit's cells: its empty cells, the values placed, the candidates found
 * once and twice or more, and its contents as the memo's key */
typedef struct {
    int empty[9], e, placed, once, twice;
    uint16_t key[12];
} UnitScan;

/* the unit's ``size`` cells into ``s``, without a branch on whether a cell is filled (it
 * mispredicts a third of the time); inlined with a constant size, the loop is unrolled */
static inline void scan_unit(const Core *c, const int *cells, int size, UnitScan *s) {
    for (int k = 0; k < size; k++) {
        int cell = cells[k];
        int v = c->values[cell], m = c->cands[cell];
        int open = -(v == 0); /* all ones for an empty cell */
        s->placed |= (1 << v) >> 1;
        m &= open;
        s->empty[s->e] = cell;
        s->e -= open;
        s->twice |= s->once & m;
        s->once |= m;
        s->key[k] = (uint16_t)(v ? 0x8000 | v : m);
    }
}

/* grp in unit u (one the dirty bits name): NOTHING clears its bit */
static int grp_unit(Core *c, int u) {
    uint64_t *dirty = &c->dirty[u / 64], bit = 1ULL << (u % 64);
    UnitScan s = {{0}, 0, 0, 0, 0, {0}};
    const int *cells = c->unit_cells + c->unit_at[u];
    int size = c->unit_at[u + 1] - c->unit_at[u];
    if (size == 9) /* (the usual unit) */
        scan_unit(c, cells, 9, &s);
    else
        scan_unit(c, cells, size, &s);
    int *empty = s.empty, e = s.e, placed = s.placed, once = s.once, twice = s.twice;
    if (!e) {
        *dirty &= ~bit;
        return NOTHING;
    }
    Known *known = &KNOWN[known_slot(s.key)];
    if (known->used && !memcmp(known->key, s.key, sizeof s.key)) {
        *dirty &= ~bit;
        return NOTHING;
    }
    int missing = FULL & ~placed;
    int result = NOTHING;
    if (missing & ~twice)
        result = _complete_shrink(c, empty, e, missing);
    int matched = 0;
    if (result == NOTHING && e > 1 &&
        !quiet_unit(c, empty, e, missing, once, twice, &matched) &&
        _subsets(c, empty, e, matched, missing)) {
        result = SHRUNKEN;
        EMIT(c, INCOMPLETE, T_UnitShrunk, 3, num(INCOMPLETE), PyLong_FromLongLong(c->steps),
             num(u));
    }
    if (result != NOTHING) {
        if (result == COMPLETE)
            EMIT(c, COMPLETE_K, T_UnitShrunk, 3, num(COMPLETE_K),
                 PyLong_FromLongLong(c->steps), num(u));
        return result;
    }
    *dirty &= ~bit;
    memcpy(known->key, s.key, sizeof s.key);
    known->used = 1;
    return NOTHING;
}

int grp(Core *c) {
    for (int w = 0; w < c->words; w++)
        for (uint64_t left = c->dirty[w]; left; left &= left - 1) {
            int result = grp_unit(c, 64 * w + ctz64(left));
            if (result != NOTHING)
                return result;
        }
    return NOTHING;
}

static int _no_block_conflict(Core *c) {
    for (int b = 0; b < c->n_blocks; b++) {
        int placed = 0;
        for (int k = c->block_at[b]; k < c->block_at[b + 1]; k++) {
            placed |= (1 << c->values[c->block_cells[k]]) >> 1; /* (no branch; 0: none) */
        }
        if (placed)
            for (int k = c->block_at[b]; k < c->block_at[b + 1]; k++)
                if (c->cands[c->block_cells[k]] & placed)
                    return 0;
    }
    return 1;
}

int ply(Core *c) {
    if (_no_block_conflict(c))
        return NOTHING;
    for (int u = 0; u < c->n_lines; u++) {
        int changed = 0, a = c->line_at[u], z = c->line_at[u + 1];
        int seen[64], n_seen = 0;
        for (int k = a; k < z; k++) {
            int blk = c->block_of[c->line_cells[k]], dup = 0;
            for (int s = 0; s < n_seen; s++)
                dup |= seen[s] == blk;
            if (dup)
                continue;
            seen[n_seen++] = blk;
            int ruled_out = 0;
            for (int q = c->block_at[blk]; q < c->block_at[blk + 1]; q++) {
                int cell = c->block_cells[q], inside = 0;
                for (int r = a; r < z; r++)
                    inside |= c->line_cells[r] == cell;
                if (!inside && c->values[cell])
                    ruled_out |= 1 << (c->values[cell] - 1);
            }
            for (int r = a; r < z; r++) {
                int cell = c->line_cells[r];
                if (c->block_of[cell] == blk && !c->values[cell] && c->cands[cell] & ruled_out) {
                    c->cands[cell] &= ~ruled_out;
                    touch(c, cell);
                    changed = 1;
                }
            }
        }
        if (changed) {
            EMIT(c, PLY, T_UnitShrunk, 3, num(PLY), PyLong_FromLongLong(c->steps), num(u));
            return SHRUNKEN;
        }
    }
    return NOTHING;
}

/* The implication closure of a forcing chain (forcing.Chainer.chain) and its two steps
 * (potentials.on_to_off, off_to_on), the potentials kept in the context with their parents. */
#include "se_closure.h"
#include <stddef.h> /* offsetof: a grid copied as far as its geometry's regions */

/* which potential ends the chain: a contradiction (1, *a on and *b off), nothing (0), or a
 * stop (-1) */
typedef struct {
    SeMap *on, *off;
    int head_on, head_off; /* pending_on and pending_off: the maps' orders from here */
    int *a, *b;
} Closure;

/* one "off" potential an "on" one makes (on_to_off's, of the candidate (oc, ov)): added, or
 * found on already (a contradiction: 1), or -1 on a stop; 0 otherwise */
static inline int step_target(SeCtx *x, int pi, int oc, int ov, Closure *c) {
    int key = se_key(oc, ov, 0);
    if (se_has(c->on, key | 1)) {
        int off = se_pot(x, oc, ov, 0, pi);
        if (off < 0)
            return -1;
        *c->a = c->on->idx[key | 1];
        *c->b = off;
        return 1;
    }
    if (!se_has(c->off, key)) {
        int off = se_pot(x, oc, ov, 0, pi);
        if (off < 0)
            return -1;
        se_map_put(c->off, key, off);
    }
    return 0;
}

/* the "off" potentials an "on" one makes (on_to_off), in its order, each added or found a
 * contradiction (each taken as it is met: no list of them is made) */
static int step_on(SeCtx *x, const SeGrid *work, int pi, int cell_links, Closure *c) {
    const SePot p = x->pots[pi];
    int cell = p.cell, value = p.value, r;
    if (cell_links)
        for (int m = work->cands[cell] & ~(1 << value); m; m &= m - 1)
            if ((r = step_target(x, pi, cell, ctz32(m), c)))
                return r;
    const SeGeo *geo = work->geo;
    if (!geo->classic) { /* a variant's region peers, in their order */
        for (int i = 0; i < geo->n_region_peers[cell]; i++) {
            int o = geo->region_peers[cell][i];
            if (work->cands[o] >> value & 1 && (r = step_target(x, pi, o, value, c)))
                return r;
        }
        return 0;
    }
    /* the peers that hold the value, in SE_PEER_ORDER: the block's, then the row's and the
     * column's outside the block, each in its unit's order, read off the units' places (each
     * read before the potentials it makes: a store to x->pots may alias the grid) */
    int block = SE_CELL_UNITS[cell][0], row = SE_CELL_UNITS[cell][1], col = SE_CELL_UNITS[cell][2];
    int in_row = row - 9, in_col = col - 18;
    int mb = work->table[block][value] & ~(1 << SE_CELL_POS[cell][0]);
    int mr = work->table[row][value] & ~(7 << (in_col / 3 * 3));
    int mc = work->table[col][value] & ~(7 << (in_row / 3 * 3));
    for (; mb; mb &= mb - 1)
        if ((r = step_target(x, pi, SE_UNITS[block][ctz32(mb)], value, c)))
            return r;
    for (; mr; mr &= mr - 1)
        if ((r = step_target(x, pi, SE_UNITS[row][ctz32(mr)], value, c)))
            return r;
    for (; mc; mc &= mc - 1)
        if ((r = step_target(x, pi, SE_UNITS[col][ctz32(mc)], value, c)))
            return r;
    return 0;
}

/* an "on" potential the closure holds already and whose "off" it does not: one made again
 * would be dropped unread (se_chain's loop keeps the first of a key), so it is not made, nor
 * its parents gathered */
static inline int known_on(const SeMap *ons, const SeMap *offs, int cell, int value) {
    int key = se_key(cell, value, 1);
    return se_has(ons, key) && !se_has(offs, key & ~1);
}

/* make_ons' part of the potential's units (the first n_units of its cell's): each unit left
 * with one other place of the value makes that place "on"; the count made in all, or -1. On a
 * dynamic chain (``copy`` the chain's own grid, the work grid itself) the candidate leaves the
 * unit's places as they are read: its table row is read once for both */
static inline int unit_ons(SeCtx *x, const SeGrid *work, SeGrid *copy, const SeGrid *source,
                           int pi, const SeMap *ons, const SeMap *offs, int n_units, int *made,
                           int n) {
    const SeGeo *geo = work->geo;
    int cell = x->pots[pi].cell, value = x->pots[pi].value;
    for (int t = 0; t < n_units; t++) {
        int unit = geo->cell_units[cell][t];
        int had = work->table[unit][value], pos = had & ~(1 << geo->cell_pos[cell][t]);
        if (copy)
            copy->table[unit][value] = (uint16_t)pos;
        if (!pos || (pos & (pos - 1)))
            continue;
        int place = geo->units[unit][ctz32(pos)];
        if (known_on(ons, offs, place, value))
            continue;
        int on = se_pot(x, place, value, 1, pi);
        if (on < 0)
            return -1;
        if (source) /* the unit's places of the value lost since the chain began */
            for (int m = source->table[unit][value] & ~had; m; m &= m - 1) {
                int parent = offs->idx[se_key(geo->units[unit][ctz32(m)], value, 0)];
                if (parent >= 0 && se_add_parent(x, on, parent) < 0)
                    return -1;
            }
        made[n++] = on;
    }
    return n;
}

/* the "on" potentials an "off" one makes (off_to_on), ``source`` the grid the chain began on
 * when the chain is dynamic (NULL: not), and then ``copy`` the work grid, which loses the
 * potential's candidate (potentials.remove): their indexes into made[], their count or -1 */
static int make_ons(SeCtx *x, const SeGrid *work, SeGrid *copy, const SeGrid *source, int pi,
                    const SeMap *ons, const SeMap *offs, int cell_links, int *made) {
    const SePot p = x->pots[pi];
    int cell = p.cell, value = p.value, n = 0;
    if (x->live && !(x->live[cell] >> value & 1))
        return 0; /* (a static search's: no other value, no unit's other place) */
    if (cell_links) {
        int mask = work->cands[cell];
        if (BITS[mask >> 1] == 2) {
            int d0 = ctz32(mask), d1 = 31 - clz32(mask);
            int other = d0 == value ? d1 : d0;
            if (!known_on(ons, offs, cell, other)) {
                int on = se_pot(x, cell, other, 1, pi);
                if (on < 0)
                    return -1;
                if (source) {
                    for (int hidden = source->cands[cell] & ~mask; hidden; hidden &= hidden - 1) {
                        int parent = offs->idx[se_key(cell, ctz32(hidden), 0)];
                        if (parent >= 0 && se_add_parent(x, on, parent) < 0)
                            return -1;
                    }
                }
                made[n++] = on;
            }
        }
    }
    if (copy)
        copy->cands[cell] &= (uint16_t)~(1 << value);
    /* (a classic cell's three units a constant count: the loop unrolled) */
    return work->geo->classic
               ? unit_ons(x, work, copy, source, pi, ons, offs, 3, made, n)
               : unit_ons(x, work, copy, source, pi, ons, offs, work->geo->n_cell_units[cell], made,
                          n);
}

/* Chainer.chain: every consequence of the potentials in ``on`` and ``off`` (filled in place),
 * on the grid g (not changed); 1 with *a, *b the potential found both on and off, 0, or -1 */
int se_chain(SeCtx *x, const SeGrid *g, SeMap *on, SeMap *off, int *a, int *b) {
    SeGrid copy;
    const SeGrid *work = g;
    if (x->dynamic) { /* (the geometry's units' rows of the table alone) */
        memcpy(&copy, g, offsetof(SeGrid, table) + (size_t)g->geo->n_units * sizeof g->table[0]);
        work = &copy;
    }
    int cell_links = !x->nishio;
    Closure c = {on, off, 0, 0, a, b};
    int made[SE_MAX_ONS];
    /* (the stop is looked at before each "on" potential and before the rules: the "off" ones
     * between come from the "on" ones, a few dozen each at most, so the work between two looks
     * stays small) */
    for (;;) {
        if (c.head_on < on->n) {
            if (se_check_stop(x))
                return -1;
            int r = step_on(x, work, on->idx[on->order[c.head_on++]], cell_links, &c);
            if (r)
                return r;
            continue;
        }
        if (c.head_off < off->n) {
            int pi = off->idx[off->order[c.head_off++]];
            int n = make_ons(x, work, x->dynamic ? &copy : NULL, x->dynamic ? g : NULL, pi, on,
                             off, cell_links, made);
            if (n < 0)
                return -1;
            for (int i = 0; i < n; i++) {
                const SePot *q = &x->pots[made[i]];
                int key = se_key(q->cell, q->value, 1);
                if (se_has(off, key & ~1)) {
                    *a = made[i];
                    *b = off->idx[key & ~1];
                    return 1;
                }
                if (!se_has(on, key))
                    se_map_put(on, key, made[i]);
            }
            continue;
        }
        if (x->level >= 1) {
            if (se_check_stop(x))
                return -1;
            int n = x->level >= 2 ? x->nested_offs(x, work, g, off)
                                  : se_simple_rule_offs(x, work, g, off);
            if (n < 0)
                return -1;
            for (int i = 0; i < n; i++) {
                const SePot *q = &x->pots[x->adv[i]];
                int key = se_key(q->cell, q->value, 0);
                if (!se_has(off, key))
                    se_map_put(off, key, x->adv[i]);
            }
            if (c.head_off < off->n)
                continue;
        }
        return 0;
    }
}

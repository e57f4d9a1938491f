/* The "+" of dynamic forcing chains (+) (advanced.py): once a chain's implications run dry, the
 * simplest rules (pointing and claiming, hidden pairs, naked pairs, X-Wings) on the chain's
 * grid, in the order and with the parents of advanced.simple_rule_offs; on variant rules, their
 * technique set's (ruled_plus.py, SeCtx.plus): VLocking, hidden pairs and generalized naked
 * pairs in the geometry's regions, X-Wings; or on a Latin square or non-consecutive, pointing
 * and claiming (with blocks), hidden pairs, naked pairs, X-Wings.
 *
 * What the rules find depends on the chain's grid (``work``) and the search's (``source``: a
 * parent is a candidate lost between the two) alone; the chain's own "off" potentials only
 * choose which of those parents are its. So the patterns (the removals and the keys of the
 * "off" potentials they rest on) are kept by the two grids, in a rating's memo (se_memo's),
 * and a chain that runs dry on a grid seen before takes them from there: most do (some 80% of
 * the calls on the hardest puzzles). */
#include "se_rules.h"
#include "se_found.h"

#define MOST 160 /* a pattern's removals and keys at most (a generalized pair's: 2 x 80) */

typedef struct {
    int16_t rems[2 * MOST];
    int n_rems;
    int keys[MOST]; /* the "off" keys the removals rest on */
    int n_keys;
} Pattern;

typedef struct {
    int16_t *data;
    int n, cap;
} Patterns;

static void rem(Pattern *p, int cell, int value) {
    p->rems[2 * p->n_rems] = (int16_t)cell;
    p->rems[2 * p->n_rems + 1] = (int16_t)value;
    p->n_rems++;
}

/* a pattern kept, in ``out``, its removals in advanced.hash_order (one that rests on no lost
 * candidate is left out: it makes no potential) */
static int keep_pattern(SeCtx *x, Patterns *out, const Pattern *p) {
    if (!p->n_keys)
        return 0;
    int need = out->n + 2 + 2 * p->n_rems + p->n_keys;
    if (se_grow((void **)&out->data, &out->cap, need, sizeof(int16_t), x) < 0)
        return -1;
    int16_t *d = out->data + out->n;
    *d++ = (int16_t)p->n_rems;
    *d++ = (int16_t)p->n_keys;
    se_hash_order(p->rems, p->n_rems, d); /* (the order SE's hint hands them out) */
    d += 2 * p->n_rems;
    for (int k = 0; k < p->n_keys; k++)
        *d++ = (int16_t)p->keys[k];
    out->n = need;
    return 0;
}

/* the patterns' removals as potentials resting on the keys found in ``offs`` */
static int emit_patterns(SeCtx *x, const int16_t *d, int n, const SeMap *offs) {
    if (!n)
        return 0;
    for (const int16_t *end = d + n; d < end;) {
        int n_rems = d[0], n_keys = d[1];
        const int16_t *rems = d + 2, *keys = rems + 2 * n_rems;
        for (int r = 0; r < n_rems; r++) {
            int pot = se_pot(x, rems[2 * r], rems[2 * r + 1], 0, -1);
            if (pot < 0)
                return -1;
            for (int k = 0; k < n_keys; k++)
                if (se_has(offs, keys[k]) && se_add_parent(x, pot, offs->idx[keys[k]]) < 0)
                    return -1;
            if (se_adv_push(x, pot) < 0)
                return -1;
        }
        d = keys + n_keys;
    }
    return 0;
}

/* What the chain took off the grid, by unit: a pattern rests on candidates lost since the
 * search's grid (a rule's parents), and one that rests on none is left out (keep_pattern), so
 * each rule looks only where its parents could be. */
typedef struct {
    uint16_t places[SE_MAX_UNITS][10]; /* the unit's places of the value lost (as SeGrid.table) */
    uint64_t units[10];                /* the units that lost a place of the value, as bits */
    uint16_t values[SE_MAX_UNITS];     /* the values of which the unit lost a place, as bits */
    SeRuleCounts *counts;              /* the grid's counts of its values (counted_for) */
} Lost;

_Static_assert(sizeof(((SeRuleCounts *)0)->empty) >= SE_MAX_UNITS, "an empty count a unit");

/* (from the cells that lost a candidate, a unit at a time: a chain takes off far fewer
 * candidates than the grid's units hold places, and a unit's places of a value are its cells'
 * candidates, in a table as in the cells) */
static void lost_fill(const SeGrid *g, const SeGrid *s, Lost *l) {
    const SeGeo *geo = g->geo;
    memset(l->units, 0, sizeof l->units);
    memset(l->values, 0, (size_t)geo->n_units * sizeof l->values[0]);
    memset(l->places, 0, (size_t)geo->n_units * sizeof l->places[0]);
    for (int cell = 0; cell < 81; cell++) {
        int gone = s->cands[cell] & ~g->cands[cell];
        if (!gone)
            continue;
        for (int t = 0; t < geo->n_cell_units[cell]; t++) {
            int unit = geo->cell_units[cell][t], bit = 1 << geo->cell_pos[cell][t];
            l->values[unit] |= (uint16_t)gone;
            for (int m = gone; m; m &= m - 1) {
                l->places[unit][ctz32(m)] |= (uint16_t)bit;
                l->units[ctz32(m)] |= 1ULL << unit;
            }
        }
    }
}

static int lost(const SeGrid *g, const SeGrid *s, int cell, int value) {
    return (s->cands[cell] >> value & 1) && !(g->cands[cell] >> value & 1);
}

/* ``c`` made the counts of g's values and geometry: those it holds where they are its own,
 * else none counted yet */
static void counted_for(SeRuleCounts *c, const SeGrid *g) {
    if (c->geo == g->geo && !memcmp(c->values, g->values, sizeof c->values))
        return;
    c->geo = g->geo;
    memcpy(c->values, g->values, sizeof c->values);
    memset(c->empty, 0xff, sizeof c->empty);
    c->open = -1;
}

/* the unit's empty cells (counted once for the values) */
static int empty_count(const Lost *l, const SeGrid *g, int unit) {
    uint8_t *n = &l->counts->empty[unit];
    if (*n == 0xff) {
        *n = 0;
        for (int i = 0; i < 9; i++)
            *n += !g->values[g->geo->units[unit][i]];
    }
    return *n;
}

/* (value, unit1, unit2) of singles.locked_places, with _locking's removals and parents (not
 * named locking: the Windows C library's io.h, which Python.h includes there, has a locking) */
static int locking_rule(SeCtx *x, const SeGrid *g, const SeGrid *s, const Lost *l,
                        Patterns *out) {
    static const int PAIRS[4][2] = {{0, 2}, {0, 1}, {2, 0}, {1, 0}};
    for (int t = 0; t < 4; t++) {
        int type1 = PAIRS[t][0], type2 = PAIRS[t][1];
        for (int value = 1; value <= 9; value++)
            /* (the parents: unit1's lost places of the value outside unit2) */
            for (uint32_t units = l->units[value] >> (type1 * 9) & 0x1ff; units;
                 units &= units - 1) {
                int unit1 = type1 * 9 + ctz32(units);
                int pos = g->table[unit1][value];
                if (BITS[pos] < 2)
                    continue;
                int first = ctz32(pos);
                if (pos & ~SE_SHARED_POS[unit1][type2][first]) /* not all in one unit2 */
                    continue;
                if (!(l->places[unit1][value] & ~SE_SHARED_POS[unit1][type2][first]))
                    continue;
                int unit2 = SE_CELL_UNITS[SE_UNITS[unit1][first]][type2];
                Pattern p; /* (its counts alone set: an initializer would clear its arrays) */
                p.n_rems = p.n_keys = 0;
                for (int i = 0; i < 9; i++) {
                    int cell = SE_UNITS[unit2][i];
                    if (SE_CELL_UNITS[cell][type1] != unit1 && g->cands[cell] >> value & 1)
                        rem(&p, cell, value);
                }
                if (!p.n_rems)
                    continue;
                for (int i = 0; i < 9; i++) {
                    int cell = SE_UNITS[unit1][i];
                    if (lost(g, s, cell, value) && SE_CELL_UNITS[cell][type2] != unit2)
                        p.keys[p.n_keys++] = se_key(cell, value, 0);
                }
                if (keep_pattern(x, out, &p) < 0)
                    return -1;
            }
    }
    return 0;
}

/* subsets.hidden_set_patterns(grid, 2) with _hidden_pairs' parents (ruled_plus._hidden_pairs:
 * the geometry's regions) */
static int hidden_pairs(SeCtx *x, const SeGrid *g, const SeGrid *s, const Lost *l,
                        Patterns *out) {
    const SeGeo *geo = g->geo;
    for (int k = 0; k < geo->n_units; k++) {
        int unit = geo->scan[k];
        /* (the parents: the places the pair's values lost in the unit) */
        if (!l->values[unit] || empty_count(l, g, unit) <= 4)
            continue;
        int two = 0; /* the values with two places in the unit: a pair is two of them with the
                      * same places (one with fewer or more cannot make two places in all) */
        for (int v = 1; v <= 9; v++)
            two |= (BITS[g->table[unit][v]] == 2) << v;
        for (int bs = two & (two - 1); bs; bs &= bs - 1) /* (b above the lowest) */
            for (int as = two & ((1 << ctz32(bs)) - 1); as; as &= as - 1) {
                int a = ctz32(as), b = ctz32(bs);
                int pa = g->table[unit][a], pb = g->table[unit][b];
                if (pa != pb || !((l->values[unit] >> a | l->values[unit] >> b) & 1))
                    continue;
                int common = pa | pb, keep = 1 << a | 1 << b;
                Pattern p; /* (its counts alone set: an initializer would clear its arrays) */
                p.n_rems = p.n_keys = 0;
                for (int i = 0; i < 9; i++)
                    if (common >> i & 1) {
                        int cell = geo->units[unit][i], m = g->cands[cell] & ~keep;
                        for (int v = 1; v <= 9; v++)
                            if (m >> v & 1)
                                rem(&p, cell, v);
                    }
                if (!p.n_rems)
                    continue;
                for (int i = 0; i < 9; i++) {
                    int cell = geo->units[unit][i];
                    if (common >> i & 1)
                        continue;
                    if (s->cands[cell] >> a & 1)
                        p.keys[p.n_keys++] = se_key(cell, a, 0);
                    if (s->cands[cell] >> b & 1)
                        p.keys[p.n_keys++] = se_key(cell, b, 0);
                }
                if (keep_pattern(x, out, &p) < 0)
                    return -1;
            }
    }
    return 0;
}

/* the cells that see both a and b holding the value (ruled_plus._naked_pairs, generalized),
 * ascending, as removals */
static void seen_by_both(const SeGrid *g, int a, int b, int value, Pattern *p) {
    const SeGeo *geo = g->geo;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = geo->peer_mask[a][w] & geo->peer_mask[b][w]; m; m &= m - 1) {
            int cell = w * 64 + ctz64(m);
            if (g->cands[cell] >> value & 1 && p->n_rems < MOST)
                rem(p, cell, value);
        }
}

/* subsets.naked_set_patterns(grid, 2) with _naked_pairs' parents (ruled_plus._naked_pairs: the
 * geometry's regions, ``generalized`` each value out of the cells seeing both of the pair) */
static int naked_pairs_of(SeCtx *x, const SeGrid *g, const SeGrid *s, const Lost *l,
                          Patterns *out, int generalized) {
    const SeGeo *geo = g->geo;
    for (int k = 0; k < geo->n_units; k++) {
        int unit = geo->scan[k];
        /* (the parents: the values the pair's cells lost, each a place its unit lost) */
        if (!l->values[unit] || empty_count(l, g, unit) < 4)
            continue;
        int two = 0; /* the unit's cells of two values: a pair is two of them with the same
                      * values (a cell of fewer or more cannot make two values in all) */
        for (int o = 0; o < 9; o++)
            two |= (BITS[g->cands[geo->units[unit][o]] >> 1] == 2) << o;
        for (int js = two & (two - 1); js; js &= js - 1) /* (j above the lowest) */
            for (int is = two & ((1 << ctz32(js)) - 1); is; is &= is - 1) {
                int i = ctz32(is), j = ctz32(js);
                int ci = geo->units[unit][i], cj = geo->units[unit][j];
                int mi = g->cands[ci], mj = g->cands[cj];
                if (mi != mj || (s->cands[ci] == mi && s->cands[cj] == mj))
                    continue;
                int u = mi | mj;
                Pattern p; /* (its counts alone set: an initializer would clear its arrays) */
                p.n_rems = p.n_keys = 0;
                if (generalized)
                    for (int v = 1; v <= 9; v++) {
                        if (u >> v & 1)
                            seen_by_both(g, ci, cj, v, &p);
                    }
                else
                    for (int o = 0; o < 9; o++) {
                        int m = o == i || o == j ? 0 : g->cands[geo->units[unit][o]] & u;
                        for (int v = 1; v <= 9; v++)
                            if (m >> v & 1)
                                rem(&p, geo->units[unit][o], v);
                    }
                if (!p.n_rems)
                    continue;
                int cells[2] = {ci, cj};
                for (int c = 0; c < 2; c++) {
                    int m = s->cands[cells[c]] & ~u;
                    for (int v = 1; v <= 9; v++)
                        if (m >> v & 1)
                            p.keys[p.n_keys++] = se_key(cells[c], v, 0);
                }
                if (keep_pattern(x, out, &p) < 0)
                    return -1;
            }
    }
    return 0;
}

static int naked_pairs(SeCtx *x, const SeGrid *g, const SeGrid *s, const Lost *l, Patterns *out) {
    return naked_pairs_of(x, g, s, l, out, 0);
}

static int naked_pairs_gen(SeCtx *x, const SeGrid *g, const SeGrid *s, const Lost *l,
                           Patterns *out) {
    return naked_pairs_of(x, g, s, l, out, 1);
}

/* ruled_plus._vlocking: a digit's two to six places in a region, out of the cells seeing them
 * all, resting on the region's places of the digit lost; by type, then digit, then region */
static int vlocking(SeCtx *x, const SeGrid *g, const SeGrid *s, const Lost *l, Patterns *out) {
    (void)s; /* (its parents are the region's lost places: l's) */
    const SeGeo *geo = g->geo;
    for (int first = 0; first < geo->n_units;) {
        int last = first; /* the type's units: first .. last */
        while (last < geo->n_units && geo->unit_type[last] == geo->unit_type[first])
            last++;
        /* (the type's units, as bits of l->units: a region with no lost place has no parent) */
        uint64_t type = (last == 64 ? 0 : 1ULL << last) - (1ULL << first);
        for (int value = 1; value <= 9; value++)
            for (uint64_t units = l->units[value] & type; units; units &= units - 1) {
                int unit = ctz64(units);
                int pos = g->table[unit][value], n = BITS[pos];
                if (n < 2 || n > 6)
                    continue;
                uint64_t seeing[2] = {~0ULL, ~0ULL};
                for (int m = pos; m; m &= m - 1) {
                    int cell = geo->units[unit][ctz32(m)];
                    seeing[0] &= geo->peer_mask[cell][0];
                    seeing[1] &= geo->peer_mask[cell][1];
                }
                Pattern p; /* (its counts alone set: an initializer would clear its arrays) */
                p.n_rems = p.n_keys = 0;
                for (int w = 0; w < 2; w++)
                    for (uint64_t m = seeing[w]; m; m &= m - 1) {
                        int cell = w * 64 + ctz64(m);
                        if (cell < 81 && g->cands[cell] >> value & 1)
                            rem(&p, cell, value);
                    }
                if (!p.n_rems)
                    continue;
                for (int m = l->places[unit][value]; m; m &= m - 1)
                    p.keys[p.n_keys++] = se_key(geo->units[unit][ctz32(m)], value, 0);
                if (keep_pattern(x, out, &p) < 0)
                    return -1;
            }
        first = last;
    }
    return 0;
}

/* fish.fish_patterns(grid, 2) with _x_wings' parents */
static int x_wings(SeCtx *x, const SeGrid *g, const SeGrid *s, const Lost *l, Patterns *out) {
    int open = l->counts->open; /* the values placed five times or fewer (counted once) */
    if (open < 0) {
        int counts[10] = {0};
        for (int c = 0; c < 81; c++)
            counts[g->values[c]]++;
        open = 0;
        for (int value = 1; value <= 9; value++)
            open |= (counts[value] + 4 <= 9) << value;
        l->counts->open = open;
    }
    for (int base = 2; base >= 1; base--) {
        int cover = 3 - base, lost_lines = 0;
        for (int m = open; m; m &= m - 1) /* (the parents: a line's lost places of the value) */
            lost_lines |= (l->units[ctz32(m)] >> (base * 9) & 0x1ff ? 1 : 0) << ctz32(m);
        int two[9]; /* each line's open values of two places: a wing is two lines' same two */
        for (int k = 0; k < 9; k++) {
            two[k] = 0;
            for (int m = lost_lines; m; m &= m - 1)
                two[k] |= (BITS[g->table[base * 9 + k][ctz32(m)]] == 2) << ctz32(m);
        }
        for (int j = 1; j < 9; j++)
            for (int i = 0; i < j; i++)
                for (int values = two[i] & two[j]; values; values &= values - 1) {
                    int value = ctz32(values);
                    int pi = g->table[base * 9 + i][value], pj = g->table[base * 9 + j][value];
                    int u = pi | pj;
                    /* (the parents: the two lines' lost places of the value outside the
                     * cover lines) */
                    if (pi != pj ||
                        !((l->places[base * 9 + i][value] | l->places[base * 9 + j][value]) & ~u))
                        continue;
                    Pattern p; /* (its counts alone: an initializer would clear its arrays) */
                    p.n_rems = p.n_keys = 0;
                    for (int cv = 0; cv < 9; cv++) {
                        if (!(u >> cv & 1))
                            continue;
                        for (int k = 0; k < 9; k++) {
                            int cell = SE_UNITS[cover * 9 + cv][k];
                            if (k != i && k != j && g->cands[cell] >> value & 1)
                                rem(&p, cell, value);
                        }
                    }
                    if (!p.n_rems)
                        continue;
                    int pair[2] = {i, j};
                    for (int w = 0; w < 2; w++)
                        for (int k = 0; k < 9; k++) {
                            int cell = SE_UNITS[base * 9 + pair[w]][k];
                            int cv = SE_CELL_UNITS[cell][cover] - cover * 9;
                            if (lost(g, s, cell, value) && !(u >> cv & 1))
                                p.keys[p.n_keys++] = se_key(cell, value, 0);
                        }
                    if (keep_pattern(x, out, &p) < 0)
                        return -1;
                }
    }
    return 0;
}

static uint64_t pair_hash(const SeGrid *work, const SeGrid *source) {
    /* (four cells' candidates a step: the hash only chooses a bucket, the entries' grids are
     * compared whole) */
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int c = 0; c + 4 <= 81; c += 4) {
        uint64_t w, s;
        memcpy(&w, work->cands + c, sizeof w);
        memcpy(&s, source->cands + c, sizeof s);
        h = se_mix(se_mix(h, w), s);
    }
    h = se_mix(h, (uint64_t)work->cands[80] << 16 | source->cands[80]);
    return se_spread(h); /* (the source's bits alone would choose the bucket) */
}

typedef int (*Rule)(SeCtx *, const SeGrid *, const SeGrid *, const Lost *, Patterns *);

/* a grid on classic sudoku's units (the rules of rows, columns and blocks alone: pointing and
 * claiming, X-Wings), from a variant's: its blocks', rows' and columns' places are the
 * variant's own (a variant's regions of those types are classic sudoku's, in its order; a
 * Latin square's blocks, which no rule of its set reads, none: lost_fill, from the cells,
 * gives them lost places all the same) */
static void classic_of(const SeGrid *g, SeGrid *out) {
    memcpy(out->values, g->values, sizeof out->values);
    memcpy(out->cands, g->cands, sizeof out->cands);
    out->geo = &SE_CLASSIC_GEO;
    for (int t = 0; t < 3; t++) {
        int first = g->geo->type_first[t];
        if (first >= 0)
            memcpy(out->table[9 * t], g->table[first], 9 * sizeof g->table[0]);
        else
            memset(out->table[9 * t], 0, 9 * sizeof g->table[0]);
    }
}

/* the patterns of the first rule that finds any resting on a lost candidate, into out: the
 * rules of x->plus's set, those on classic units run on the grids' classic copies */
static int find(SeCtx *x, const SeGrid *work, const SeGrid *source, Patterns *out,
                SeRuleCounts *counts) {
    static const Rule SETS[4][4] = {
        [SE_PLUS_CLASSIC] = {locking_rule, hidden_pairs, naked_pairs, x_wings},
        [SE_PLUS_VARIANT] = {vlocking, hidden_pairs, naked_pairs_gen, x_wings},
        [SE_PLUS_BLOCKS] = {locking_rule, hidden_pairs, naked_pairs, x_wings},
        [SE_PLUS_LATIN] = {hidden_pairs, naked_pairs, x_wings, NULL},
    };
    const Rule *rules = SETS[x->plus];
    Lost l, lc;
    SeGrid cw, cs; /* the classic copies, made when first needed */
    SeRuleCounts own, own_classic; /* (the counts where no memo keeps them) */
    int classic = 0;
    if (!counts) {
        counts = &own;
        own.geo = NULL;
    }
    counted_for(counts, work);
    lost_fill(work, source, &l);
    l.counts = counts;
    out->n = 0;
    for (int r = 0; r < 4 && rules[r] && !out->n; r++) {
        const SeGrid *w = work, *s = source;
        const Lost *lr = &l;
        if (!work->geo->classic && (rules[r] == locking_rule || rules[r] == x_wings)) {
            if (!classic) {
                classic_of(work, &cw);
                classic_of(source, &cs);
                lost_fill(&cw, &cs, &lc);
                own_classic.geo = NULL;
                counted_for(&own_classic, &cw);
                lc.counts = &own_classic;
                classic = 1;
            }
            w = &cw;
            s = &cs;
            lr = &lc;
        }
        if (rules[r](x, w, s, lr, out) < 0)
            return -1;
    }
    return 0;
}

/* advanced.simple_rule_offs: the removals of the first rule that finds any resting on the
 * chain, as new "off" potentials in x->adv (the rules' patterns from the rating's memo where
 * the two grids were seen before) */
int se_simple_rule_offs(SeCtx *x, const SeGrid *work, const SeGrid *source, const SeMap *offs) {
    x->n_adv = 0;
    /* (an inner search's chains run on a grid of their own: its pairs of grids are seldom met
     * again, and a memo that misses costs more than the rules it saves) */
    SeRuleMemo **slot = x->memo && !x->summarize ? se_memo_rules(x->memo) : NULL;
    if (slot && !*slot && !(*slot = PyMem_Calloc(1, sizeof(SeRuleMemo)))) {
        PyErr_NoMemory();
        x->stop = 2;
        return -1;
    }
    SeRuleMemo *m = slot ? *slot : NULL;
    uint64_t h = 0;
    SeRuleEntry **bucket = NULL;
    if (m) {
        h = pair_hash(work, source);
        bucket = &m->buckets[h % (2 * SE_RULES_KEPT)];
        for (SeRuleEntry *e = *bucket; e; e = e->next)
            if (e->hash == h && !memcmp(e->work, work->cands, sizeof e->work) &&
                !memcmp(e->source, source->cands, sizeof e->source))
                return emit_patterns(x, e->data, e->n, offs) < 0 ? -1 : x->n_adv;
    }
    Patterns out = {x->rule_data, 0, x->cap_rule_data};
    int r = find(x, work, source, &out, m ? &m->counts : NULL);
    x->rule_data = out.data;
    x->cap_rule_data = out.cap;
    if (r < 0)
        return -1;
    if (m) {
        SeRuleEntry *e =
            PyMem_Malloc(sizeof(SeRuleEntry) + (size_t)out.n * sizeof(int16_t));
        if (!e) {
            PyErr_NoMemory();
            x->stop = 2;
            return -1;
        }
        e->hash = h;
        memcpy(e->work, work->cands, sizeof e->work);
        memcpy(e->source, source->cands, sizeof e->source);
        e->n = out.n;
        if (out.n) /* (out.data is NULL until a pattern is kept) */
            memcpy(e->data, out.data, (size_t)out.n * sizeof(int16_t));
        SeRuleEntry *old = m->ring[m->next]; /* the oldest pair is forgotten */
        if (old) {
            SeRuleEntry **p = &m->buckets[old->hash % (2 * SE_RULES_KEPT)];
            while (*p != old)
                p = &(*p)->next;
            *p = old->next;
            PyMem_Free(old);
        }
        m->ring[m->next] = e;
        m->next = (m->next + 1) % SE_RULES_KEPT;
        e->next = *bucket;
        *bucket = e;
    }
    return emit_patterns(x, out.data, out.n, offs) < 0 ? -1 : x->n_adv;
}

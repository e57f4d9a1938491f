/* uniqueness.py: unique rectangles and loops of types 1 to 4 (4.5 and up), every one found,
 * then sorted by rating, then type (SeFinds); and the bivalue universal grave (BUG, 5.6 and
 * up) in uniqueness.bug's order.
 *
 * A loop is walked as uniqueness._loops walks it, depth first from each bivalue cell through
 * cells holding both its values, and each closed loop is looked at as soon as it is found (the
 * Python lists a start's loops first, then looks at them in that order: the same order).
 *
 *   Loop.cells[0 .. n)   the path being walked, its start first
 *   Loop.in_loop         the same cells as a set (SeCells), for ``nxt not in loop``
 *   Loop.seen[2]         the units (bits) of the path's even and odd cells: a cell meeting a
 *                        unit its parity has met makes every loop through the path invalid
 *                        (_valid_loop: none twice), so the walk does not go there; it looks at
 *                        the same valid loops, in the same order */
#include "se_uniqueness.h"

#define BIT(c) se_cells_of(c)
#define HAS se_cells_has
#define AND se_cells_and
#define OR se_cells_or
#define MINUS se_cells_minus
#define ANY se_cells_any

typedef struct {
    const SeGrid *g;
    const int *empty; /* SeRungs.empty: Grid.empty_count of each unit */
    int v1, v2, both;
    int cells[81], n;
    SeCells in_loop, holders; /* holders: the cells holding both values that may lie on a
                               * valid loop (loop_core) */
    int seen[2];
    SeFinds found;
    int shared; /* the units (bit u) the extra cells of its loops of two share (type3, type4) */
} Loop;

static int digit_of(int mask) { return ctz32((unsigned)mask); }

static int loop_rating(int n) {
    int rating = 45;
    if (n >= 10)
        rating += 3;
    if (n >= 8)
        rating += 2;
    else if (n >= 6)
        rating += 1;
    return rating;
}

/* uniqueness._common_units: the units of c1 (block, row, column) that hold c2, into units */
static int common_units(int c1, int c2, int *units) {
    int n = 0;
    for (int t = 0; t < 3; t++) {
        int u = SE_CELL_UNITS[c1][t];
        if (SE_CELL_UNITS[c2][t] == u)
            units[n++] = u;
    }
    return n;
}

/* a loop's finding, its shape (v1, v2, the loop's cells) */
static int add(Loop *l, int rating, int kind, const int *rems, int n) {
    int shape[2 + 81] = {l->v1, l->v2};
    memcpy(shape + 2, l->cells, (size_t)l->n * sizeof(int));
    return se_finds_add(&l->found, SE_N_UNIQUE + kind - 1, rating, kind, rems, n, shape, 2 + l->n);
}

/* uniqueness._type3 (0, or -1 with MemoryError) */
static int type3(Loop *l, int c1, int c2, int base) {
    const uint16_t *cands = l->g->cands;
    int extra = (cands[c1] | cands[c2]) & ~l->both, units[3], n_units = common_units(c1, c2, units);
    int rems[2 * 81], avails[3];
    /* the unit's subsets of ``degree`` cells in colex order, those holding c1 and not c2 and no
     * cell of fewer than two values (the others fail at once) alone: c1 with each subset of
     * the unit's ``avail`` others, taken in the same order */
    for (int k = 0; k < n_units; k++) {
        int unit = units[k], i1 = SE_CELL_POS[c1][unit / 9], i2 = SE_CELL_POS[c2][unit / 9];
        avails[k] = 0;
        for (int i = 0; i < 9; i++)
            avails[k] |= (i != i1 && i != i2 && se_bits((unsigned)cands[SE_UNITS[unit][i]]) > 1)
                         << i;
    }
    for (int degree = 2; degree < 8; degree++)
        for (int k = 0; k < n_units; k++) {
            int unit = units[k], empty = l->empty[unit];
            const int *cells = SE_UNITS[unit];
            int i1 = SE_CELL_POS[c1][unit / 9], i2 = SE_CELL_POS[c2][unit / 9];
            int avail = avails[k], n_avail = se_bits((unsigned)avail);
            if (degree * 2 <= empty && degree >= se_bits((unsigned)extra) &&
                se_bits((unsigned)extra) > 1 && degree - 1 <= n_avail)
                for (int pick = (1 << (degree - 1)) - 1; pick < 1 << n_avail;
                     pick = se_next_of_size(pick)) {
                    int idx = se_deposit(pick, avail) | 1 << i1;
                    int naked = extra & cands[c1] & cands[c2], u = extra;
                    for (int others = idx & ~(1 << i1); others; others &= others - 1) {
                        int m = cands[cells[ctz32((unsigned)others)]];
                        naked |= m;
                        u |= m;
                    }
                    if (se_bits((unsigned)naked) != degree || se_bits((unsigned)u) != degree)
                        continue;
                    int n = 0;
                    for (int i = 0; i < 9; i++) {
                        int cell = cells[i];
                        if ((idx >> i & 1 && i != i1) || cell == c1 || cell == c2)
                            continue;
                        int m = cands[cell] & u;
                        for (int v = 1; v <= 9; v++)
                            if (m >> v & 1) {
                                rems[2 * n] = cell;
                                rems[2 * n + 1] = v;
                                n++;
                            }
                    }
                    if (n && add(l, base + degree - 1, 3, rems, n) < 0)
                        return -1;
                }
            if (degree * 2 < empty) {
                int rest = 0x3FE & ~l->both & ~extra; /* rem_values */
                if (degree - 2 > se_bits((unsigned)rest))
                    continue;
                /* colex, of the digits: rest's subsets in increasing order */
                for (int chosen = 0, more = 1; more;
                     more = chosen != rest, chosen = (chosen - rest) & rest) {
                    if (se_bits((unsigned)chosen) != degree - 2)
                        continue;
                    int values = chosen | l->both, u = 0, ok = 1;
                    for (int v = 1; v <= 9 && ok; v++)
                        if (values >> v & 1) {
                            int pos = l->g->table[unit][v] & ~(1 << i2);
                            ok = pos != 0;
                            u |= pos;
                        }
                    if (!ok || se_bits((unsigned)u) != degree)
                        continue;
                    int places = u & ~(1 << i1) & ~(1 << i2), n = 0;
                    for (int i = 0; i < 9; i++) {
                        if (!(places >> i & 1))
                            continue;
                        int m = cands[cells[i]] & ~values;
                        for (int v = 1; v <= 9; v++)
                            if (m >> v & 1) {
                                rems[2 * n] = cells[i];
                                rems[2 * n + 1] = v;
                                n++;
                            }
                    }
                    if (n && add(l, base + se_bits((unsigned)places) - 1, 3, rems, n) < 0)
                        return -1;
                }
            }
        }
    return 0;
}

/* uniqueness._type4 (0, or -1 with MemoryError) */
static int type4(Loop *l, int c1, int c2, int base) {
    const uint16_t *cands = l->g->cands;
    int units[3], n_units = common_units(c1, c2, units), r1 = 0, r2 = 0;
    for (int k = 0; k < n_units; k++) {
        int has1 = 0, has2 = 0;
        for (int i = 0; i < 9; i++) {
            int c = SE_UNITS[units[k]][i];
            if (c == c1 || c == c2)
                continue;
            has1 |= cands[c] >> l->v1 & 1;
            has2 |= cands[c] >> l->v2 & 1;
        }
        r1 |= !has1;
        r2 |= !has2;
    }
    if (!r1 && !r2)
        return 0;
    int value = r1 ? l->v2 : l->v1, rems[4], n = 0, pair[2] = {c1, c2};
    for (int i = 0; i < 2; i++)
        if (cands[pair[i]] >> value & 1) {
            rems[2 * n] = pair[i];
            rems[2 * n + 1] = value;
            n++;
        }
    return n ? add(l, base, 4, rems, n) : 0;
}

/* a closed loop (unique_loops' body for one loop): 0, or -1 with MemoryError */
static int look_at(Loop *l) {
    const uint16_t *cands = l->g->cands;
    /* uniqueness._valid_loop: each unit met by the odd cells and by the even cells alike, none
     * twice. The walk never takes a cell meeting a unit its parity has met (Loop.seen), so
     * none is met twice, and the units met are seen[0] and seen[1] */
    if (l->seen[0] != l->seen[1])
        return 0;
    int base = loop_rating(l->n), extra_cells[81], n_extra = 0;
    for (int i = 0; i < l->n; i++)
        if (se_bits((unsigned)cands[l->cells[i]]) > 2)
            extra_cells[n_extra++] = l->cells[i];
    if (n_extra == 1) {
        int rems[4] = {extra_cells[0], l->v1, extra_cells[0], l->v2};
        return add(l, base, 1, rems, 2);
    }
    if (n_extra < 2)
        return 0;
    int extra = 0;
    SeCells common = se_cells_all(), extras = se_cells_none();
    for (int i = 0; i < n_extra; i++) {
        extra |= cands[extra_cells[i]];
        common = AND(common, SE_PEER_CELLS[extra_cells[i]]);
        extras = OR(extras, BIT(extra_cells[i]));
    }
    extra &= ~l->both;
    if (n_extra > 2 || se_bits((unsigned)extra) == 1) {
        int value = digit_of(cands[extra_cells[0]] & ~l->both), rems[2 * 81], n = 0;
        for (int c = 0; c < 81; c++)
            if (HAS(common, c) && !HAS(extras, c) && cands[c] >> value & 1) {
                rems[2 * n] = c;
                rems[2 * n + 1] = value;
                n++;
            }
        if (n && add(l, base, 2, rems, n) < 0)
            return -1;
    }
    if (n_extra == 2) {
        int c1 = extra_cells[0], c2 = extra_cells[1], units[3], n_units = common_units(c1, c2, units);
        for (int k = 0; k < n_units; k++)
            l->shared |= 1 << units[k];
        if (se_bits((unsigned)extra) >= 2 && type3(l, c1, c2, base) < 0)
            return -1;
        if (type4(l, c1, c2, base) < 0)
            return -1;
    }
    return 0;
}

/* uniqueness._loops' walk (0, or -1 with MemoryError) */
static int units_of(int cell) { return SE_CELL_UNIT_BITS[cell]; }

static int walk(Loop *l, int cell, int allowed, int extra, int last_type) {
    int parity = l->n % 2, units = units_of(cell);
    l->seen[parity] |= units;
    l->cells[l->n++] = cell;
    l->in_loop = OR(l->in_loop, BIT(cell));
    int failed = 0;
    for (int t = 0; t < 3 && !failed; t++) {
        if (t == last_type)
            continue;
        /* the unit's cells in order (ascending), those that may come next alone: the start
         * (closing a loop of 4 or more), the cells off the path holding both values */
        SeCells open = MINUS(l->holders, l->in_loop);
        if (l->n >= 4)
            open = OR(open, BIT(l->cells[0]));
        for (SeCells m = AND(SE_UNIT_CELLS[SE_CELL_UNITS[cell][t]], open); ANY(m) && !failed;) {
            int next = se_cells_pop(&m);
            if (next == l->cells[0])
                failed = look_at(l) < 0;
            else {
                int mask = l->g->cands[next];
                if (l->seen[l->n % 2] & units_of(next))
                    continue; /* no valid loop through here */
                int grown = (extra | mask) & ~l->both, size = se_bits((unsigned)mask);
                if (size == 2 || se_bits((unsigned)grown) == 1 || allowed > 0)
                    failed = walk(l, next, allowed - (size > 2), grown, t) < 0;
            }
        }
    }
    l->n--;
    l->in_loop = MINUS(l->in_loop, BIT(cell));
    l->seen[parity] &= ~units;
    return failed ? -1 : 0;
}

/* whether a pair's loops (its SeLoopPair) are as they were when they found nothing: none of
 * the cells that held both digits, nor of the units their extra cells shared, has changed */
static int loops_as_before(const SeLoopPair *p, const SeStamps *st) {
    if (!p->known)
        return 0;
    for (int units = p->units; units; units &= units - 1)
        if (st->unit[ctz32((unsigned)units)] > p->kept_at)
            return 0;
    for (SeCells m = p->holders; ANY(m);)
        if (st->cell[se_cells_pop(&m)] > p->kept_at)
            return 0;
    return 1;
}

/* the holders that may lie on a valid loop: a valid loop meets each of its units twice, once
 * by an odd cell and once by an even one (_valid_loop), so each of its cells has another of
 * its cells in each of its three units. The holders without another in one of their units
 * are taken away until none is: every valid loop's cells are among those left */
static SeCells loop_core(SeCells held) {
    SeCells core = held;
    for (int changed = 1; changed;) {
        changed = 0;
        for (SeCells m = core; ANY(m);) {
            int c = se_cells_pop(&m);
            for (int t = 0; t < 3; t++)
                if (!ANY(MINUS(AND(core, SE_UNIT_CELLS[SE_CELL_UNITS[c][t]]), BIT(c)))) {
                    core = MINUS(core, BIT(c));
                    changed = 1;
                    break;
                }
        }
    }
    return core;
}

int se_unique_loops(SeRungs *r) {
    Loop *l = PyMem_Calloc(1, sizeof(Loop));
    if (!l) {
        PyErr_NoMemory();
        return -1;
    }
    l->g = r->g;
    l->empty = r->empty;
    SeLoopsMemo *memo = r->stamps ? r->loops : NULL;
    /* by pair (10 * v1 + v2): 1 left out, 2 walked (then whether it found anything, the units
     * its loops' extra cells shared) */
    unsigned char state[100] = {0}, found[100] = {0};
    int shared[100] = {0};
    SeCells held[100], cores[100]; /* (a walked pair's holders, and their loops' core) */
    int failed = 0;
    for (int start = 0; start < 81 && !failed; start++) {
        int m = r->g->cands[start];
        if (se_bits((unsigned)m) != 2)
            continue;
        l->v1 = digit_of(m);
        l->v2 = digit_of(m & (m - 1));
        int pair = 10 * l->v1 + l->v2;
        if (!state[pair]) {
            state[pair] = memo && loops_as_before(&memo->pair[pair], r->stamps) ? 1 : 2;
            if (state[pair] == 2) {
                held[pair] = se_held_cells(r->g, l->v1, l->v2);
                cores[pair] = loop_core(held[pair]);
            }
        }
        if (state[pair] == 1)
            continue;
        if (memo)
            memo->pair[pair].holders = held[pair];
        if (!se_cells_has(cores[pair], start)) /* (no valid loop through it) */
            continue;
        l->both = m;
        l->holders = cores[pair];
        int before = l->found.n;
        l->shared = 0;
        failed = walk(l, start, 2, 0, -1) < 0;
        found[pair] |= l->found.n != before;
        shared[pair] |= l->shared;
    }
    for (int pair = 0; memo && !failed && pair < 100; pair++)
        if (state[pair] == 2) {
            SeLoopPair *p = &memo->pair[pair];
            p->known = !found[pair];
            p->kept_at = r->stamps->batch;
            p->units = shared[pair];
        }
    int done = failed ? -1 : se_finds_emit(&l->found, r);
    se_finds_free(&l->found);
    PyMem_Free(l);
    return done;
}

/* uniqueness._shared_units: the units of the first cell (block, row, column) holding all n */
static int shared_units(const int *cells, int n, int *units) {
    int k = 0;
    for (int t = 0; t < 3; t++) {
        int u = SE_CELL_UNITS[cells[0]][t], all = 1;
        for (int i = 1; i < n; i++)
            all &= SE_CELL_UNITS[cells[i]][t] == u;
        if (all)
            units[k++] = u;
    }
    return k;
}

/* a BUG's hint, its shape (the digits it names, the BUG cells) */
static int bug_rung(SeRungs *r, int type, int rating, const int *rems, int n, int digits,
                    const int *cells, int n_cells) {
    int shape[1 + 81] = {digits};
    memcpy(shape + 1, cells, (size_t)n_cells * sizeof(int));
    return se_rung(r, SE_N_BUG + type - 1, rating, rems, n, -1, 0, shape, 1 + n_cells);
}

/* the removals of ``mask``'s digits from the cell, appended to rems at n: the new n */
static int digits_of(int *rems, int n, int cell, int mask) {
    for (int v = 1; v <= 9; v++)
        if (mask >> v & 1) {
            rems[2 * n] = cell;
            rems[2 * n + 1] = v;
            n++;
        }
    return n;
}

/* uniqueness._bug4 */
static int bug4(SeRungs *r, const int *bug_cells, const int *bug_values, int all_values) {
    const uint16_t *cands = r->g->cands;
    int c1 = bug_cells[0], c2 = bug_cells[1], units[3];
    int common = cands[c1] & cands[c2] & ~all_values;
    if (se_bits((unsigned)common) != 1)
        return 0;
    int n_units = shared_units(bug_cells, 2, units);
    for (int k = 0; k < n_units; k++) {
        int rems[2 * 18], n = digits_of(rems, 0, c1, cands[c1] & ~bug_values[c1] & ~common);
        n = digits_of(rems, n, c2, cands[c2] & ~bug_values[c2] & ~common);
        int done = n ? bug_rung(r, 4, 57, rems, n, common, bug_cells, 2) : 0;
        if (done)
            return done;
    }
    return 0;
}

/* uniqueness._bug3 */
static int bug3(SeRungs *r, const int *bug_cells, int n_bug, int all_values, SeCells common) {
    const uint16_t *cands = r->g->cands;
    int units[3], n_units = shared_units(bug_cells, n_bug, units);
    SeCells bugs = se_cells_none();
    for (int i = 0; i < n_bug; i++)
        bugs = OR(bugs, BIT(bug_cells[i]));
    for (int degree = 2; degree < 7; degree++)
        for (int k = 0; k < n_units; k++) {
            int region[9], n_region = 0;
            for (int c = 0; c < 81; c++)
                if (HAS(common, c) && HAS(SE_UNIT_CELLS[units[k]], c))
                    region[n_region++] = c;
            if (n_region < degree)
                continue;
            for (int idx = 0; idx < 1 << n_region; idx++) { /* colex */
                if (se_bits((unsigned)idx) != degree - 1)
                    continue;
                int other = 0, ok = se_bits((unsigned)all_values) > 1;
                for (int i = 0; i < n_region; i++)
                    if (idx >> i & 1) {
                        other |= cands[region[i]];
                        ok &= se_bits((unsigned)cands[region[i]]) > 1;
                    }
                int u = other | all_values;
                if (se_bits((unsigned)other) != degree || !ok || se_bits((unsigned)u) != degree)
                    continue;
                int rems[2 * 81], n = 0;
                for (int i = 0; i < n_region; i++)
                    if (!(idx >> i & 1) && !HAS(bugs, region[i]))
                        n = digits_of(rems, n, region[i], cands[region[i]] & u);
                int done = n ? bug_rung(r, 3, 57 + degree - 1, rems, n, u, bug_cells, n_bug) : 0;
                if (done)
                    return done;
            }
        }
    return 0;
}

/* one more BUG cell with its values (the Python's bug_cells, bug_values, temp and common
 * updated); whether the grave is impossible already (the Python returns) */
typedef struct {
    int cells[81], n, values[81], all_values, temp[81];
    SeCells common, set;
    int have_common;
} Grave;

static int grave_add(Grave *b, int cell, int bit, int replace) {
    if (!HAS(b->set, cell)) {
        b->cells[b->n++] = cell;
        b->set = OR(b->set, BIT(cell));
    }
    b->values[cell] = replace ? bit : b->values[cell] | bit;
    b->temp[cell] &= ~bit;
    b->common = b->have_common ? AND(b->common, SE_PEER_CELLS[cell]) : SE_PEER_CELLS[cell];
    b->have_common = 1;
    b->common = MINUS(b->common, b->set);
    return b->n > 1 && se_bits((unsigned)b->all_values) > 1 && !ANY(b->common);
}

/* uniqueness.bug */
int se_bug(SeRungs *r) {
    const SeGrid *g = r->g;
    Grave b = {.n = 0};
    for (int c = 0; c < 81; c++)
        b.temp[c] = g->cands[c];
    int all_extra[81], n_extra = -1, only_value = 0, one_value = 1; /* -1: None */
    SeCells in_extra = se_cells_none();
    for (int unit = 0; unit < 27; unit++)
        for (int value = 1; value <= 9; value++) {
            int pos = g->table[unit][value], k = se_bits((unsigned)pos);
            if (k == 0 || k == 2)
                continue;
            int new_cells[9], n_new = 0;
            for (int i = 0; i < 9; i++)
                if (pos >> i & 1 && se_bits((unsigned)g->cands[SE_UNITS[unit][i]]) >= 3)
                    new_cells[n_new++] = SE_UNITS[unit][i];
            if (n_extra < 0) {
                n_extra = 0;
                for (int i = 0; i < n_new; i++) {
                    all_extra[n_extra++] = new_cells[i];
                    in_extra = OR(in_extra, BIT(new_cells[i]));
                }
                only_value = value;
            } else if (one_value) {
                if (only_value == value) {
                    for (int i = 0; i < n_new; i++)
                        if (!HAS(in_extra, new_cells[i])) {
                            all_extra[n_extra++] = new_cells[i];
                            in_extra = OR(in_extra, BIT(new_cells[i]));
                        }
                } else
                    one_value = 0;
            }
            if (n_new == 1) {
                b.all_values |= 1 << value;
                if (grave_add(&b, new_cells[0], 1 << value, 0))
                    return 0;
            }
            if (!n_new)
                return 0;
        }
    if (one_value && n_extra > b.n) {
        int rest[81], n_rest = 0;
        for (int i = 0; i < n_extra; i++)
            if (!HAS(b.set, all_extra[i]))
                rest[n_rest++] = all_extra[i];
        for (int i = 0; i < n_rest; i++)
            if (grave_add(&b, rest[i], 1 << only_value, 1))
                return 0;
    }
    for (int c = 0; c < 81; c++)
        if (!g->values[c] && se_bits((unsigned)b.temp[c]) != 2)
            return 0;
    for (int u = 0; u < 27; u++)
        for (int v = 1; v <= 9; v++) {
            int k = 0;
            for (int i = 0; i < 9; i++)
                k += b.temp[SE_UNITS[u][i]] >> v & 1;
            if (k != 0 && k != 2)
                return 0;
        }
    if (!b.n)
        return 0;
    const uint16_t *cands = g->cands;
    if (b.n == 1) {
        int rems[2 * 9], cell = b.cells[0];
        int n = digits_of(rems, 0, cell, cands[cell] & ~b.all_values);
        return bug_rung(r, 1, 56, rems, n, 0, b.cells, 1);
    }
    if (se_bits((unsigned)b.all_values) == 1) {
        int value = digit_of(b.all_values);
        if (ANY(b.common)) {
            int rems[2 * 81], n = 0;
            for (int c = 0; c < 81; c++)
                if (HAS(b.common, c) && cands[c] >> value & 1) {
                    rems[2 * n] = c;
                    rems[2 * n + 1] = value;
                    n++;
                }
            int done = n ? bug_rung(r, 2, 57, rems, n, b.all_values, b.cells, b.n) : 0;
            if (done)
                return done;
        }
        return b.n == 2 ? bug4(r, b.cells, b.values, b.all_values) : 0;
    }
    if (ANY(b.common)) {
        if (b.n == 2) {
            int done = bug4(r, b.cells, b.values, b.all_values);
            if (done)
                return done;
        }
        return bug3(r, b.cells, b.n, b.all_values, b.common);
    }
    return 0;
}

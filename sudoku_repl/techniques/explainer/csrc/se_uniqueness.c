/* uniqueness.py: unique rectangles and loops of types 1 to 4 (4.5 and up), every one found,
 * then sorted by rating, then type (SeFinds); and the bivalue universal grave (BUG).
 *
 * A loop is walked as uniqueness._loops walks it, depth first from each bivalue cell through
 * cells holding both its values, and each closed loop is looked at as soon as it is found (the
 * Python lists a start's loops first, then looks at them in that order: the same order).
 *
 *   Loop.cells[0 .. n)   the path being walked, its start first
 *   Loop.in_loop         the same cells as a set (SeCells), for ``nxt not in loop`` */
#include "se_ladder.h"

#define BIT(c) ((SeCells)1 << (c))

typedef struct {
    const SeGrid *g;
    const int *empty; /* SeRungs.empty: Grid.empty_count of each unit */
    int v1, v2, both;
    int cells[81], n;
    SeCells in_loop;
    SeFinds found;
} Loop;

static int digit_of(int mask) { return __builtin_ctz((unsigned)mask); }

/* uniqueness._valid_loop: each unit met by the odd cells and by the even cells alike, none twice */
static int valid_loop(const int *loop, int n) {
    int seen[2] = {0, 0};
    for (int i = 0; i < n; i++)
        for (int t = 0; t < 3; t++) {
            int bit = 1 << SE_CELL_UNITS[loop[i]][t];
            if (seen[i % 2] & bit)
                return 0;
            seen[i % 2] |= bit;
        }
    return seen[0] == seen[1];
}

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

static int add(Loop *l, int rating, int kind, const int *rems, int n) {
    return se_finds_add(&l->found, SE_N_UNIQUE + kind - 1, rating, kind, rems, n);
}

/* uniqueness._type3 (0, or -1 with MemoryError) */
static int type3(Loop *l, int c1, int c2, int base) {
    const uint16_t *cands = l->g->cands;
    int extra = (cands[c1] | cands[c2]) & ~l->both, units[3], n_units = common_units(c1, c2, units);
    int rems[2 * 81];
    for (int degree = 2; degree < 8; degree++)
        for (int k = 0; k < n_units; k++) {
            int unit = units[k], empty = l->empty[unit];
            const int *cells = SE_UNITS[unit];
            int i1 = SE_CELL_POS[c1][unit / 9], i2 = SE_CELL_POS[c2][unit / 9];
            if (degree * 2 <= empty && degree >= __builtin_popcount(extra))
                for (int idx = 0; idx < 512; idx++) { /* colex */
                    if (__builtin_popcount(idx) != degree || !(idx >> i1 & 1) || idx >> i2 & 1)
                        continue;
                    int naked = extra & cands[c1] & cands[c2], u = 0, ok = 1;
                    for (int i = 0; i < 9; i++) {
                        if (!(idx >> i & 1))
                            continue;
                        int m = i == i1 ? extra : cands[cells[i]];
                        if (i != i1)
                            naked |= m;
                        ok &= __builtin_popcount(m) > 1;
                        u |= m;
                    }
                    if (__builtin_popcount(naked) != degree || !ok ||
                        __builtin_popcount(u) != degree)
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
                if (degree - 2 > __builtin_popcount(rest))
                    continue;
                for (int chosen = 0; chosen < 1024; chosen += 2) { /* colex, of the digits */
                    if ((chosen & ~rest) || __builtin_popcount(chosen) != degree - 2)
                        continue;
                    int values = chosen | l->both, u = 0, ok = 1;
                    for (int v = 1; v <= 9 && ok; v++)
                        if (values >> v & 1) {
                            int pos = l->g->table[unit][v] & ~(1 << i2);
                            ok = pos != 0;
                            u |= pos;
                        }
                    if (!ok || __builtin_popcount(u) != degree)
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
                    if (n && add(l, base + __builtin_popcount(places) - 1, 3, rems, n) < 0)
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
    if (!valid_loop(l->cells, l->n))
        return 0;
    int base = loop_rating(l->n), extra_cells[81], n_extra = 0;
    for (int i = 0; i < l->n; i++)
        if (__builtin_popcount(cands[l->cells[i]]) > 2)
            extra_cells[n_extra++] = l->cells[i];
    if (n_extra == 1) {
        int rems[4] = {extra_cells[0], l->v1, extra_cells[0], l->v2};
        return add(l, base, 1, rems, 2);
    }
    if (n_extra < 2)
        return 0;
    int extra = 0;
    SeCells common = ~(SeCells)0, extras = 0;
    for (int i = 0; i < n_extra; i++) {
        extra |= cands[extra_cells[i]];
        common &= SE_PEER_CELLS[extra_cells[i]];
        extras |= BIT(extra_cells[i]);
    }
    extra &= ~l->both;
    if (n_extra > 2 || __builtin_popcount(extra) == 1) {
        int value = digit_of(cands[extra_cells[0]] & ~l->both), rems[2 * 81], n = 0;
        for (int c = 0; c < 81; c++)
            if (common >> c & 1 && !(extras >> c & 1) && cands[c] >> value & 1) {
                rems[2 * n] = c;
                rems[2 * n + 1] = value;
                n++;
            }
        if (n && add(l, base, 2, rems, n) < 0)
            return -1;
    }
    if (n_extra == 2) {
        int c1 = extra_cells[0], c2 = extra_cells[1];
        if (__builtin_popcount(extra) >= 2 && type3(l, c1, c2, base) < 0)
            return -1;
        if (type4(l, c1, c2, base) < 0)
            return -1;
    }
    return 0;
}

/* uniqueness._loops' walk (0, or -1 with MemoryError) */
static int walk(Loop *l, int cell, int allowed, int extra, int last_type) {
    l->cells[l->n++] = cell;
    l->in_loop |= BIT(cell);
    int failed = 0;
    for (int t = 0; t < 3 && !failed; t++) {
        if (t == last_type)
            continue;
        const int *unit = SE_UNITS[SE_CELL_UNITS[cell][t]];
        for (int i = 0; i < 9 && !failed; i++) {
            int next = unit[i];
            if (next == l->cells[0] && l->n >= 4)
                failed = look_at(l) < 0;
            else if (!(l->in_loop >> next & 1)) {
                int mask = l->g->cands[next];
                if ((mask & l->both) != l->both)
                    continue;
                int grown = (extra | mask) & ~l->both, size = __builtin_popcount(mask);
                if (size == 2 || __builtin_popcount(grown) == 1 || allowed > 0)
                    failed = walk(l, next, allowed - (size > 2), grown, t) < 0;
            }
        }
    }
    l->n--;
    l->in_loop &= ~BIT(cell);
    return failed ? -1 : 0;
}

int se_unique_loops(SeRungs *r) {
    Loop *l = PyMem_Calloc(1, sizeof(Loop));
    if (!l) {
        PyErr_NoMemory();
        return -1;
    }
    l->g = r->g;
    l->empty = r->empty;
    int failed = 0;
    for (int start = 0; start < 81 && !failed; start++) {
        int m = r->g->cands[start];
        if (__builtin_popcount(m) != 2)
            continue;
        l->v1 = digit_of(m);
        l->v2 = digit_of(m & (m - 1));
        l->both = m;
        failed = walk(l, start, 2, 0, -1) < 0;
    }
    int done = failed ? -1 : se_finds_emit(&l->found, r);
    se_finds_free(&l->found);
    PyMem_Free(l);
    return done;
}

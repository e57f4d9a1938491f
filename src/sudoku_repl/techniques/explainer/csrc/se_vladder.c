/* The variant ladder's question (se_vladder.h): the first technique of a variant rating's
 * order that finds a step. Here the module function and the checks of the singles, the
 * intersections, the sets and the fish, each the existence of a hint of ruled.py's finder of
 * the same name (ruled.py being the reference: its order of search does not matter here, only
 * whether a hint comes out). */
#include "se_vladder.h"

static int hidden_singles(const SvGrid *v) {
    for (int u = 0; u < v->n_units; u++)
        for (int value = 1; value <= 9; value++)
            if (popcount32(sv_places(v, u, value)) == 1)
                return 1;
    return 0;
}

static int naked_singles(const SvGrid *v) {
    for (int c = 0; c < 81; c++)
        if (popcount32(v->g->cands[c]) == 1)
            return 1;
    return 0;
}

/* ruled._DIRECT_PAIRS as the layout has them: blocks with lines, then with the disjoint
 * groups, the windows, and those two together */
static int direct_pairs(const SvGrid *v, int pairs[][2]) {
    static const int PAIRS[][2] = {{0, 2}, {0, 1}, {2, 0}, {1, 0}, {3, 2}, {3, 1}, {2, 3},
                                   {1, 3}, {0, 3}, {3, 0}, {4, 2}, {4, 1}, {2, 4}, {1, 4},
                                   {0, 4}, {4, 0}, {4, 3}, {3, 4}};
    int has3 = v->type_count[3] > 0, has4 = v->type_count[4] > 0, n = 0;
    for (int i = 0; i < 18; i++) {
        int group = i < 4 ? 0 : i < 10 ? 3 : i < 16 ? 4 : 7;
        if ((group == 3 && !has3) || (group == 4 && !has4) || (group == 7 && !(has3 && has4)))
            continue;
        pairs[n][0] = PAIRS[i][0];
        pairs[n++][1] = PAIRS[i][1];
    }
    return n;
}

/* ruled.direct_pointing (``pointing`` 0) and ruled.pointing_claiming (1: the classic pairs) */
static int lockings(const SvGrid *v, int pointing) {
    int pairs[18][2];
    int n = pointing ? 4 : direct_pairs(v, pairs); /* (the classic four come first) */
    if (pointing)
        direct_pairs(v, pairs);
    for (int p = 0; p < n; p++) {
        int t1 = pairs[p][0], t2 = pairs[p][1];
        int f1 = v->geo->type_first[t1], f2 = v->geo->type_first[t2];
        if (f1 < 0 || f2 < 0)
            continue;
        for (int value = 1; value <= 9; value++) {
            SvCells holders = v->holding[value];
            for (int i1 = f1; i1 < f1 + v->type_count[t1]; i1++) {
                SvCells m1 = v->unit[i1], places = sv_and(holders, m1);
                if (sv_count(places) < 2)
                    continue;
                SvCells outside = sv_minus(holders, m1);
                for (int i2 = f2; i2 < f2 + v->type_count[t2]; i2++) {
                    SvCells m2 = v->unit[i2];
                    if (!sv_any(sv_and(m2, m1)) || sv_any(sv_minus(places, m2)))
                        continue;
                    if (pointing) {
                        if (sv_any(sv_and(outside, m2)))
                            return 1;
                        continue;
                    }
                    for (int i3 = f1; i3 < f1 + v->type_count[t1]; i3++) {
                        if (i3 == i1 || !sv_any(sv_and(v->unit[i3], m2)))
                            continue;
                        SvCells places3 = sv_and(holders, v->unit[i3]);
                        if (sv_count(places3) > 1 && sv_count(sv_minus(places3, m2)) == 1)
                            return 1;
                    }
                }
            }
        }
    }
    return 0;
}

/* the values (a 9-bit mask, bit v - 1) of two places or more in a unit */
static int held_values(const SvGrid *v, int u) {
    int held = 0;
    for (int value = 1; value <= 9; value++)
        if (popcount32(sv_places(v, u, value)) > 1)
            held |= 1 << (value - 1);
    return held;
}

/* ruled.generalized_intersections */
static int generalized_intersections(const SvGrid *v) {
    for (int u = 0; u < v->n_units; u++)
        for (int value = 1; value <= 9; value++) {
            int places = sv_places(v, u, value), count = popcount32((uint32_t)places);
            if (count < 2 || count > 6)
                continue;
            SvCells seeing = v->holding[value];
            for (int i = 0; i < 9; i++)
                if (places >> i & 1)
                    seeing = sv_and(seeing, v->peer[v->geo->units[u][i]]);
            if (sv_any(seeing))
                return 1;
        }
    return 0;
}

/* ruled.naked_sets(degree, generalized) */
static int naked_sets(const SvGrid *v, int degree, int generalized) {
    const uint16_t *cands = v->g->cands;
    for (int u = 0; u < v->n_units; u++) {
        if (v->empty[u] < degree * 2)
            continue;
        const int8_t *cells = v->geo->units[u];
        int open = 0;
        for (int i = 0; i < 9; i++)
            if (popcount32(cands[cells[i]]) > 1)
                open |= 1 << i;
        for (int set = sv_next_subset(0, degree, open); set >= 0;
             set = sv_next_subset(set, degree, open)) {
            int uni = 0;
            for (int i = 0; i < 9; i++)
                if (set >> i & 1)
                    uni |= cands[cells[i]];
            if (popcount32((uint32_t)uni) != degree)
                continue;
            for (int value = 1; value <= 9; value++) {
                if (!(uni >> value & 1))
                    continue;
                if (generalized) {
                    SvCells seeing = v->holding[value];
                    for (int i = 0; i < 9; i++)
                        if (set >> i & 1 && cands[cells[i]] >> value & 1)
                            seeing = sv_and(seeing, v->peer[cells[i]]);
                    if (sv_any(seeing))
                        return 1;
                } else if (sv_places(v, u, value) & ~set) {
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* ruled._hidden_sets' sets of ``degree`` values, each with a hint: ruled.direct_hidden_sets
 * (``direct``: another value left one place by the set, in units of more than ``degree`` empty
 * cells) or ruled.hidden_sets (the set's places' other values to take off, in units of more
 * than twice ``degree``) */
static int hidden_sets(const SvGrid *v, int degree, int direct) {
    for (int u = 0; u < v->n_units; u++) {
        if (v->empty[u] <= (direct ? degree : degree * 2))
            continue;
        int held = held_values(v, u);
        for (int set = sv_next_subset(0, degree, held); set >= 0;
             set = sv_next_subset(set, degree, held)) {
            int common = 0;
            for (int value = 1; value <= 9; value++)
                if (set >> (value - 1) & 1)
                    common |= sv_places(v, u, value);
            if (popcount32((uint32_t)common) != degree)
                continue;
            for (int value = 1; direct && value <= 9; value++)
                if (!(set >> (value - 1) & 1) && held >> (value - 1) & 1 &&
                    popcount32((uint32_t)(sv_places(v, u, value) & ~common)) == 1)
                    return 1;
            for (int i = 0; !direct && i < 9; i++)
                if (common >> i & 1 && v->g->cands[v->geo->units[u][i]] & ~(set << 1))
                    return 1;
        }
    }
    return 0;
}

/* fish.fish_patterns(degree): columns, then rows, as the base lines (a column's place i is
 * row i, a row's column i) */
static int fish(const SvGrid *v, int degree) {
    int counts[10] = {0};
    for (int c = 0; c < 81; c++)
        counts[v->g->values[c]]++;
    for (int base = 2; base >= 1; base--) {
        for (int lines = sv_next_subset(0, degree, 511); lines >= 0;
             lines = sv_next_subset(lines, degree, 511))
            for (int value = 1; value <= 9; value++) {
                if (counts[value] + degree * 2 > 9)
                    continue;
                int uni = 0, ok = 1;
                for (int l = 0; l < 9 && ok; l++) {
                    if (!(lines >> l & 1))
                        continue;
                    int pos = 0;
                    for (int i = 0; i < 9; i++) /* line l's place i */
                        if (v->g->cands[base == 2 ? i * 9 + l : l * 9 + i] >> value & 1)
                            pos |= 1 << i;
                    ok = popcount32((uint32_t)pos) > 1;
                    uni |= pos;
                }
                if (!ok || popcount32((uint32_t)uni) != degree)
                    continue;
                for (int cover = 0; cover < 9; cover++)
                    for (int i = 0; uni >> cover & 1 && i < 9; i++)
                        if (!(lines >> i & 1) &&
                            v->g->cands[base == 2 ? cover * 9 + i : i * 9 + cover] >> value & 1)
                            return 1;
            }
    }
    return 0;
}

static int check(const SvGrid *v, int code) {
    int degree = code & 15;
    switch (code >> 4) {
    case SV_HIDDEN_SINGLE:
        return hidden_singles(v);
    case SV_DIRECT_POINTING:
        return lockings(v, 0);
    case SV_DIRECT_HIDDEN_SET:
        return hidden_sets(v, degree, 1);
    case SV_NAKED_SINGLE:
        return naked_singles(v);
    case SV_GENERALIZED_INTERSECTIONS:
        return generalized_intersections(v);
    case SV_POINTING_CLAIMING:
        return lockings(v, 1);
    case SV_NAKED_SET:
        return naked_sets(v, degree, 0);
    case SV_GENERALIZED_NAKED_SET:
        return naked_sets(v, degree, 1);
    case SV_HIDDEN_SET:
        return hidden_sets(v, degree, 0);
    case SV_FISH:
        return fish(v, degree);
    case SV_TURBOT_FISH:
        return sv_turbot_fish(v);
    case SV_XY_WING:
        return sv_xy_wing(v, degree == 3);
    case SV_ALS_WING:
        return sv_als_wing(v, degree);
    default:
        return sv_unique_loops(v);
    }
}

/* the codes each technique takes: a bit per degree */
static const int DEGREES[SV_TECHNIQUES] = {
    [SV_HIDDEN_SINGLE] = 1, [SV_DIRECT_POINTING] = 1, [SV_DIRECT_HIDDEN_SET] = 12,
    [SV_NAKED_SINGLE] = 1, [SV_GENERALIZED_INTERSECTIONS] = 1, [SV_POINTING_CLAIMING] = 1,
    [SV_NAKED_SET] = 28, [SV_GENERALIZED_NAKED_SET] = 28, [SV_HIDDEN_SET] = 28, [SV_FISH] = 28,
    [SV_TURBOT_FISH] = 1, [SV_XY_WING] = 12, [SV_ALS_WING] = 24, [SV_UNIQUE_LOOPS] = 1};

/* a tuple of ints, each in [low, high], into out[most]: the count, or -1 with ValueError */
static int parse_ints(PyObject *obj, const char *what, int most, int low, int high, int *out) {
    PyObject *seq = PySequence_Fast(obj, "");
    int n = seq ? (int)FAST_SIZE(seq) : -1, bad = n < 0 || n > most;
    for (int i = 0; !bad && i < n; i++) {
        PyObject *item = FAST_ITEM(seq, i);
        long x = PyLong_Check(item) ? PyLong_AsLong(item) : low - 1;
        bad = x < low || x > high;
        out[i] = (int)x;
    }
    Py_XDECREF(seq);
    if (bad) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: at most %d ints, each %d to %d", what, most, low,
                     high);
        return -1;
    }
    return n;
}

static void sv_fill(SvGrid *v, const SeGeo *geo, const SeGrid *g) {
    v->geo = geo;
    v->g = g;
    v->n_units = geo->n_units;
    for (int t = 0; t < 10; t++) {
        v->type_count[t] = 0;
        for (int c = 0; c < 81; c++)
            v->unit_of[t][c] = -1;
    }
    for (int value = 0; value < 10; value++)
        v->holding[value] = sv_none();
    for (int c = 0; c < 81; c++) {
        v->peer[c].w[0] = geo->peer_mask[c][0];
        v->peer[c].w[1] = geo->peer_mask[c][1];
        for (int value = 1; value <= 9; value++)
            if (g->cands[c] >> value & 1)
                sv_add(&v->holding[value], c);
    }
    for (int u = 0; u < geo->n_units; u++) {
        int t = geo->unit_type[u];
        v->type_count[t]++;
        v->unit[u] = sv_none();
        v->empty[u] = 0;
        for (int i = 0; i < 9; i++) {
            int c = geo->units[u][i];
            sv_add(&v->unit[u], c);
            v->empty[u] += !g->values[c];
            if (v->unit_of[t][c] < 0)
                v->unit_of[t][c] = u;
        }
    }
}

PyObject *se_vladder(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *capsule, *codes_obj, *sets_obj, *shares_obj;
    int start, codes[64], flat[128];
    if (!PyArg_ParseTuple(args, "OOOOiOO", &values, &cands, &capsule, &codes_obj, &start,
                          &sets_obj, &shares_obj))
        return NULL;
    const SeGeo *geo = se_geo_of(capsule);
    if (!geo)
        return NULL;
    int n = parse_ints(codes_obj, "the codes", 64, -1, SV_TECHNIQUES * 16 - 1, codes);
    if (n < 0)
        return NULL;
    for (int i = 0; i < n; i++)
        if (codes[i] >= 0 && !(DEGREES[codes[i] >> 4] >> (codes[i] & 15) & 1)) {
            PyErr_Format(PyExc_ValueError, "code %d: a technique (1-%d) * 16 + its degree",
                         codes[i], SV_TECHNIQUES - 1);
            return NULL;
        }
    if (start < 0 || start > n) {
        PyErr_Format(PyExc_ValueError, "start %d (accepted: 0 to %d)", start, n);
        return NULL;
    }
    SeGrid *g = PyMem_Malloc(sizeof(SeGrid));
    SvGrid *v = PyMem_Malloc(sizeof(SvGrid));
    if (!g || !v) {
        PyMem_Free(g);
        PyMem_Free(v);
        return PyErr_NoMemory();
    }
    int index = -1, n_flat = parse_ints(sets_obj, "the turbot sets", 128, 0, 9, flat);
    if (n_flat >= 0 && n_flat % 2) {
        PyErr_SetString(PyExc_ValueError, "the turbot sets: (base, cover) types in pairs");
        n_flat = -1;
    }
    if (n_flat >= 0 && (v->n_shares = parse_ints(shares_obj, "the turbot shares", 10, 0, 9,
                                                 v->shares)) >= 0 &&
        se_parse_grid(values, cands, g) == 0) {
        g->geo = geo;
        se_table_fill(g);
        sv_fill(v, geo, g);
        v->n_sets = n_flat / 2;
        for (int i = 0; i < v->n_sets; i++) {
            v->sets[i][0] = flat[2 * i];
            v->sets[i][1] = flat[2 * i + 1];
        }
        for (index = start; index < n; index++)
            if (codes[index] < 0 || check(v, codes[index]))
                break;
    }
    PyMem_Free(g);
    PyMem_Free(v);
    return index < 0 ? NULL : PyLong_FromLong(index);
}

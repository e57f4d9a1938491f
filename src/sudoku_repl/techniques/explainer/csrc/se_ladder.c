/* The module function se_ladder(values, cands, technique, degree, limit): the grid (81 values,
 * 81 candidate masks, checked by se_parse_grid), one technique of se_rungs.h's enum with its
 * degree (2-4 for sets and fish, 2 or 3 for direct hidden sets and XY/XYZ-Wings, 3 or 4 for
 * WXYZ/VWXYZ-Wings, 0 for the rest), and at most
 * ``limit`` hints (0: all) -> [(name number, rating, removals, placement or None, shape)] in
 * the Python's order (the shape: se_rungs.h). Bad input raises ValueError, one line saying
 * what is accepted. */
#include "se_ladder.h"

/* the degrees each technique takes: a bit per degree */
static const int DEGREES[SE_TECHNIQUES] = {
    [SE_HIDDEN_SINGLE] = 1 << 0, [SE_DIRECT_POINTING] = 1 << 0,
    [SE_DIRECT_HIDDEN_SET] = 1 << 2 | 1 << 3, [SE_NAKED_SINGLE] = 1 << 0,
    [SE_LOCKING] = 1 << 0, [SE_NAKED_SET] = 1 << 2 | 1 << 3 | 1 << 4,
    [SE_HIDDEN_SET] = 1 << 2 | 1 << 3 | 1 << 4, [SE_FISH] = 1 << 2 | 1 << 3 | 1 << 4,
    [SE_TURBOT_FISH] = 1 << 0, [SE_THREE_STRONG_LINKS] = 1 << 0,
    [SE_XY_WING] = 1 << 2 | 1 << 3, [SE_ALS_WING] = 1 << 3 | 1 << 4,
    [SE_UNIQUE_LOOPS] = 1 << 0, [SE_BUG] = 1 << 0};

int se_rung_run(SeRungs *r, int technique, int degree) {
    switch (technique) {
    case SE_HIDDEN_SINGLE:
        return se_hidden_singles(r);
    case SE_DIRECT_POINTING:
        return se_direct_pointing(r);
    case SE_DIRECT_HIDDEN_SET:
        return se_direct_hidden_sets(r, degree);
    case SE_NAKED_SINGLE:
        return se_naked_singles(r);
    case SE_LOCKING:
        return se_locking(r);
    case SE_NAKED_SET:
        return se_naked_sets(r, degree);
    case SE_HIDDEN_SET:
        return se_hidden_sets(r, degree);
    case SE_FISH:
        return se_fish(r, degree);
    case SE_TURBOT_FISH:
        return se_turbot_fish(r);
    case SE_THREE_STRONG_LINKS:
        return se_three_strong_links(r);
    case SE_XY_WING:
        return se_xy_wing(r, degree);
    case SE_ALS_WING:
        return se_als_wing(r, degree);
    case SE_UNIQUE_LOOPS:
        return se_unique_loops(r);
    default:
        return se_bug(r);
    }
}

/* whether a technique finds one digit at a time (1), one unit (2), by its cells (3: since), or
 * none of these (0) */
static int one_at_a_time(int technique) {
    if (technique == SE_FISH || technique == SE_TURBOT_FISH || technique == SE_THREE_STRONG_LINKS ||
        technique == SE_HIDDEN_SINGLE || technique == SE_DIRECT_POINTING ||
        technique == SE_LOCKING)
        return 1;
    if (technique == SE_XY_WING || technique == SE_ALS_WING)
        return 3;
    return technique == SE_NAKED_SET || technique == SE_HIDDEN_SET ||
                   technique == SE_DIRECT_HIDDEN_SET
               ? 2
               : 0;
}

int se_changed_cells(const SeNothing *nothing, const SeGrid *g, uint64_t changed[2]) {
    if (!nothing->known)
        return -1;
    changed[0] = changed[1] = 0;
    for (int c = 0; c < 81; c++)
        changed[c >> 6] |= (uint64_t)(nothing->cands[c] != g->cands[c]) << (c & 63);
    return (changed[0] | changed[1]) != 0;
}

void se_keep_cands(SeNothing *nothing, const SeGrid *g) {
    memcpy(nothing->cands, g->cands, sizeof nothing->cands);
    nothing->known = 1;
}

/* a technique of cells run on the cells changed since it last found nothing (se_rung_run's) */
static int since_nothing(SeRungs *r, SeNothing *nothing, int technique, int degree) {
    uint64_t changed[2];
    int since = se_changed_cells(nothing, r->g, changed);
    if (!since) /* every cell as it was: nothing again */
        return 0;
    r->since = since > 0;
    r->changed = (SeCells){changed[0], changed[1]};
    Py_ssize_t before = se_rungs_found(r);
    int said = se_rung_run(r, technique, degree);
    r->since = 0;
    if (!said && se_rungs_found(r) == before)
        se_keep_cands(nothing, r->g);
    return said;
}

/* where two units' ten masks (index 0, unused, read with them) differ, as the bits of a 16-bit
 * lane a mask, in two words and a half (``moved``: or'ed in) */
static void masks_moved(const uint16_t *a, const uint16_t *b, uint64_t moved[3]) {
    uint64_t a0, a1, b0, b1;
    uint32_t a2, b2;
    memcpy(&a0, a, 8);
    memcpy(&a1, a + 4, 8);
    memcpy(&a2, a + 8, 4);
    memcpy(&b0, b, 8);
    memcpy(&b1, b + 4, 8);
    memcpy(&b2, b + 8, 4);
    moved[0] |= a0 ^ b0;
    moved[1] |= a1 ^ b1;
    moved[2] |= a2 ^ b2;
}

/* the digits (bit v: by ``digits``) or units (bit u) whose places on r's grid are those
 * ``nothing`` kept (a unit's empty cells too); kept anew with ``keep``. A digit's places differ
 * where a row's mask of it does: the nine rows' masks are compared digit by digit at once (a
 * step moves the places of a few rows, and there the digits are told apart) */
static int same_places(SeNothing *nothing, const SeRungs *r, int digits, int keep) {
    if (r->stamps) { /* (the batch each last changed in, against the one they were kept after) */
        const SeStamps *st = r->stamps;
        int every = digits ? 0x3FE : 0x7FFFFFF, differ = 0;
        if (digits)
            for (int k = 1; k < 10; k++)
                differ |= (st->digit[k] > nothing->kept_at) << k;
        else
            for (int k = 0; k < 27; k++)
                differ |= (st->unit[k] > nothing->kept_at) << k;
        int same = nothing->known & every & ~differ;
        if (keep) {
            nothing->known = every;
            nothing->kept_at = st->batch;
        }
        return same;
    }
    const SeGrid *g = r->g;
    _Static_assert(sizeof nothing->places[0] == sizeof g->table[0], "a unit's masks alike");
    int differ = 0;
    if (digits) {
        uint64_t moved[3] = {0, 0, 0};
        for (int i = 0; i < 9; i++)
            masks_moved(nothing->places[i], g->table[9 + i], moved);
        for (int k = 1; k < 10; k++)
            differ |= (moved[k / 4] >> 16 * (k % 4) & 0xFFFF ? 1 : 0) << k;
    } else
        for (int k = 0; k < 27; k++) {
            uint64_t moved[3] = {0, 0, 0};
            masks_moved(nothing->places[k], g->table[k], moved);
            differ |= (nothing->empty[k] != r->empty[k] || moved[0] || moved[1] || moved[2]) << k;
        }
    int every = digits ? 0x3FE : 0x7FFFFFF, same = nothing->known & every & ~differ;
    if (keep) {
        /* (the rows' masks for the digits, every unit's for the units: copied whole, so kept
         * in the grid's own layout) */
        _Static_assert(sizeof nothing->empty == sizeof r->empty, "the empty counts alike");
        memcpy(nothing->places, g->table[digits ? 9 : 0], (digits ? 9 : 27) * sizeof g->table[0]);
        memcpy(nothing->empty, r->empty, sizeof nothing->empty);
        nothing->known = every;
    }
    return same;
}

int se_rung_remembered(SeRungs *r, SeNothing *nothing, int technique, int degree) {
    int kind = nothing ? one_at_a_time(technique) : 0;
    if (!kind)
        return se_rung_run(r, technique, degree);
    if (kind == 3)
        return since_nothing(r, nothing, technique, degree);
    int same = same_places(nothing, r, kind == 1, 0);
    if (same == (kind == 1 ? 0x3FE : 0x7FFFFFF)) /* everywhere as it was: nothing again */
        return 0;
    *(kind == 1 ? &r->skip : &r->skip_units) = same;
    Py_ssize_t before = se_rungs_found(r);
    int said = se_rung_run(r, technique, degree);
    r->skip = r->skip_units = 0;
    if (!said && se_rungs_found(r) == before) /* nothing anywhere: every place kept */
        same_places(nothing, r, kind == 1, 1);
    return said;
}

int se_rung_check(int technique, int degree) {
    if (technique < 0 || technique >= SE_TECHNIQUES) {
        PyErr_Format(PyExc_ValueError, "technique %d (accepted: 0 to %d)", technique,
                     SE_TECHNIQUES - 1);
        return -1;
    }
    if (degree < 0 || degree > 4 || !(DEGREES[technique] >> degree & 1)) {
        int low = ctz32((unsigned)DEGREES[technique]);
        int high = 31 - clz32((unsigned)DEGREES[technique]);
        if (low == high)
            PyErr_Format(PyExc_ValueError, "degree %d for technique %d (accepted: %d)", degree,
                         technique, low);
        else
            PyErr_Format(PyExc_ValueError, "degree %d for technique %d (accepted: %d %s %d)",
                         degree, technique, low, high - low == 1 ? "or" : "to", high);
        return -1;
    }
    return 0;
}

PyObject *se_ladder(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands;
    int technique, degree, limit;
    if (!PyArg_ParseTuple(args, "OOiii", &values, &cands, &technique, &degree, &limit))
        return NULL;
    if (se_rung_check(technique, degree) < 0)
        return NULL;
    if (limit < 0) {
        PyErr_Format(PyExc_ValueError, "limit %d (accepted: 0 for all, or a positive count)",
                     limit);
        return NULL;
    }
    se_cells_init();
    SeGrid g;
    if (se_parse_grid(values, cands, &g) < 0)
        return NULL;
    SeRungs r = {.g = &g, .limit = limit, .list = PyList_New(0)};
    if (!r.list)
        return NULL;
    se_rungs_count_empty(&r);
    if (se_rung_run(&r, technique, degree) < 0)
        Py_CLEAR(r.list);
    return r.list;
}

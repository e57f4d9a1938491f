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

/* the digits (bit v) whose places on g are those ``nothing`` kept */
static int same_places(const SeNothing *nothing, const SeGrid *g) {
    int same = 0;
    for (int v = 1; v <= 9; v++) {
        int equal = nothing->known >> v & 1;
        for (int row = 0; row < 9 && equal; row++)
            equal = nothing->places[v][row] == g->table[9 + row][v];
        same |= equal << v;
    }
    return same;
}

int se_rung_remembered(SeRungs *r, SeNothing *nothing, int technique, int degree) {
    if (!nothing ||
        (technique != SE_FISH && technique != SE_TURBOT_FISH && technique != SE_THREE_STRONG_LINKS))
        return se_rung_run(r, technique, degree);
    r->skip = same_places(nothing, r->g);
    if (r->skip == 0x3FE) { /* every digit as it was: nothing again */
        r->skip = 0;
        return 0;
    }
    Py_ssize_t before = LIST_SIZE(r->list);
    int said = se_rung_run(r, technique, degree);
    r->skip = 0;
    if (said || LIST_SIZE(r->list) != before)
        return said;
    nothing->known = 0x3FE; /* nothing on any digit: every digit's places kept */
    for (int v = 1; v <= 9; v++)
        for (int row = 0; row < 9; row++)
            nothing->places[v][row] = r->g->table[9 + row][v];
    return 0;
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

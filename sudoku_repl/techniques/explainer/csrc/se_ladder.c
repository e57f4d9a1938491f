/* The module function se_ladder(values, cands, technique, degree, limit): the grid (81 values,
 * 81 candidate masks, checked by se_parse_grid), one technique of se_ladder.h's enum with its
 * degree (2-4 for sets and fish, 2 or 3 for direct hidden sets and XY/XYZ-Wings, 3 or 4 for
 * WXYZ/VWXYZ-Wings, 0 for the rest), and at most
 * ``limit`` hints (0: all) -> [(name number, rating, removals, placement or None)] in the
 * Python's order. Bad input raises ValueError, one line saying what is accepted. */
#include "se_ladder.h"

SeCells SE_PEER_CELLS[81], SE_UNIT_CELLS[27];
int SE_CELL_UNIT_BITS[81];
uint16_t SE_COMBOS[10][126];
int SE_N_COMBOS[10];

void se_cells_init(void) {
    static int ready;
    if (ready)
        return;
    for (int u = 0; u < 27; u++)
        for (int i = 0; i < 9; i++) {
            int c = SE_UNITS[u][i];
            SE_UNIT_CELLS[u] |= (SeCells)1 << c;
            SE_CELL_UNIT_BITS[c] |= 1 << u;
        }
    for (int c = 0; c < 81; c++) {
        for (int t = 0; t < 3; t++)
            SE_PEER_CELLS[c] |= SE_UNIT_CELLS[SE_CELL_UNITS[c][t]];
        SE_PEER_CELLS[c] &= ~((SeCells)1 << c);
    }
    for (int m = 0; m < 512; m++) {
        int k = se_bits((unsigned)(unsigned)m);
        SE_COMBOS[k][SE_N_COMBOS[k]++] = (uint16_t)m;
    }
    ready = 1;
}

int se_rung(SeRungs *r, int name, int rating, const int *rems, int n_rems, int cell, int value) {
    PyObject *removals = PyTuple_New(n_rems);
    for (int j = 0; removals && j < n_rems; j++) {
        PyObject *pair = Py_BuildValue("(ii)", rems[2 * j], rems[2 * j + 1]);
        if (!pair) {
            Py_CLEAR(removals);
            break;
        }
        PyTuple_SET_ITEM(removals, j, pair);
    }
    if (!removals)
        return -1;
    PyObject *item = value ? Py_BuildValue("(iiN(ii))", name, rating, removals, cell, value)
                           : Py_BuildValue("(iiNO)", name, rating, removals, Py_None);
    if (!item)
        return -1;
    int failed = PyList_Append(r->list, item) < 0;
    Py_DECREF(item);
    if (failed)
        return -1;
    return r->limit && PyList_GET_SIZE(r->list) >= r->limit;
}

int se_finds_add(SeFinds *f, int name, int rating, int key, const int *rems, int n_rems) {
    if (f->n == f->cap) {
        int cap = f->cap ? 2 * f->cap : 64;
        SeFind *more = PyMem_Realloc(f->items, (size_t)cap * sizeof(SeFind));
        if (!more) {
            PyErr_NoMemory();
            return -1;
        }
        f->items = more;
        f->cap = cap;
    }
    if (f->n_rems + n_rems > f->cap_rems) {
        int cap = f->cap_rems ? 2 * f->cap_rems : 1024;
        while (cap < f->n_rems + n_rems)
            cap *= 2;
        int *more = PyMem_Realloc(f->rems, (size_t)cap * 2 * sizeof(int));
        if (!more) {
            PyErr_NoMemory();
            return -1;
        }
        f->rems = more;
        f->cap_rems = cap;
    }
    memcpy(f->rems + 2 * f->n_rems, rems, (size_t)n_rems * 2 * sizeof(int));
    f->items[f->n] = (SeFind){name, rating, key, n_rems, f->n_rems, f->n};
    f->n++;
    f->n_rems += n_rems;
    return 0;
}

static int by_rating_then_key(const void *x, const void *y) {
    const SeFind *a = x, *b = y;
    if (a->rating != b->rating)
        return a->rating < b->rating ? -1 : 1;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

int se_finds_emit(SeFinds *f, SeRungs *r) {
    if (f->n > 1)
        qsort(f->items, (size_t)f->n, sizeof(SeFind), by_rating_then_key);
    int done = 0;
    for (int i = 0; i < f->n && !done; i++) {
        const SeFind *it = &f->items[i];
        done = se_rung(r, it->name, it->rating, f->rems + 2 * it->rems, it->n, -1, 0);
    }
    se_finds_free(f);
    return done;
}

void se_finds_free(SeFinds *f) {
    PyMem_Free(f->items);
    PyMem_Free(f->rems);
    *f = (SeFinds){0};
}

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

int se_rung_check(int technique, int degree) {
    if (technique < 0 || technique >= SE_TECHNIQUES) {
        PyErr_Format(PyExc_ValueError, "technique %d (accepted: 0 to %d)", technique,
                     SE_TECHNIQUES - 1);
        return -1;
    }
    if (degree < 0 || degree > 4 || !(DEGREES[technique] >> degree & 1)) {
        int low = __builtin_ctz((unsigned)DEGREES[technique]);
        int high = 31 - __builtin_clz((unsigned)DEGREES[technique]);
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

void se_rungs_count_empty(SeRungs *r) {
    for (int u = 0; u < 27; u++) {
        r->empty[u] = 0;
        for (int i = 0; i < 9; i++)
            r->empty[u] += !r->g->values[SE_UNITS[u][i]];
    }
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

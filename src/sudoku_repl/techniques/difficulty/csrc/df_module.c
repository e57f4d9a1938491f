/* The module sudoku_repl.techniques.difficulty._native: the measures of difficulty in C, an
 * extension of its own beside the core's and the explainer's (setup.py), on the core's bits.h.
 * techniques/difficulty/native.py is its door; the pure Python beside it is the reference. */
#include "pyaccess.h" /* the core's: Python.h, its objects read on the full or the limited API */

#include "df_bxb.h"
#include "df_doors.h"

/* 81 masks 0-511 from a sequence of ints: 1, or 0 with ValueError set */
static int masks_from(PyObject *seq, uint16_t *cands) {
    PyObject *fast = PySequence_Fast(seq, "the candidates are a sequence of 81 masks");
    Py_ssize_t i;
    if (!fast)
        return 0;
    if (FAST_SIZE(fast) != DF_CELLS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "the candidates are 81 masks");
        return 0;
    }
    for (i = 0; i < DF_CELLS; i++) {
        long m = PyLong_AsLong(FAST_ITEM(fast, i));
        if (m < 0 || m > DF_FULL) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a candidate mask is 0-511");
            return 0;
        }
        cands[i] = (uint16_t)m;
    }
    Py_DECREF(fast);
    return 1;
}

/* a solution: 81 bytes 1-9 */
static int solution_from(const char *text, Py_ssize_t n) {
    Py_ssize_t i;
    if (n != DF_CELLS)
        goto bad;
    for (i = 0; i < n; i++)
        if (text[i] < 1 || text[i] > 9)
            goto bad;
    return 1;
bad:
    PyErr_SetString(PyExc_ValueError, "a solution is 81 bytes 1-9");
    return 0;
}

static PyObject *df_brt_py(PyObject *self, PyObject *args) {
    PyObject *seq, *out;
    uint16_t cands[DF_CELLS];
    DfGrid g;
    int i;
    (void)self;
    if (!PyArg_ParseTuple(args, "O", &seq) || !masks_from(seq, cands))
        return NULL;
    df_grid_from(&g, cands);
    if (!df_brt(&g))
        Py_RETURN_NONE;
    out = PyTuple_New(DF_CELLS);
    if (!out)
        return NULL;
    for (i = 0; i < DF_CELLS; i++) {
        PyObject *m = PyLong_FromLong(g.c[i]);
        if (!m) {
            Py_DECREF(out);
            return NULL;
        }
        TUPLE_SET(out, i, m);
    }
    return out;
}

static PyObject *df_depth_py(PyObject *self, PyObject *args) {
    PyObject *seq;
    uint16_t cands[DF_CELLS];
    const char *solution = NULL;
    Py_ssize_t length = 0;
    int limit, mode, depth;
    DfRules rules;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oiiz#", &seq, &limit, &mode, &solution, &length) ||
        !masks_from(seq, cands) || (solution && !solution_from(solution, length)))
        return NULL;
    rules = df_rules_of(mode);
    if (!rules || limit < 0 || limit > 8) {
        PyErr_SetString(PyExc_ValueError, "a depth's rules are -1 (BRT), 0, 1 or 2; limit 0-8");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS depth = df_depth(cands, limit, rules, (const uint8_t *)solution);
    Py_END_ALLOW_THREADS if (depth == -3) return PyErr_NoMemory();
    return PyLong_FromLong(depth);
}

static PyObject *df_solutions_py(PyObject *self, PyObject *args) {
    PyObject *seq, *out;
    uint16_t cands[DF_CELLS];
    uint8_t found[2 * DF_CELLS];
    int limit, n, k;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oi", &seq, &limit) || !masks_from(seq, cands))
        return NULL;
    if (limit < 1 || limit > 2) {
        PyErr_SetString(PyExc_ValueError, "the solutions' limit is 1 or 2");
        return NULL;
    }
    n = df_solutions(cands, limit, found);
    out = PyList_New(n);
    if (!out)
        return NULL;
    for (k = 0; k < n; k++) {
        PyObject *one = PyBytes_FromStringAndSize((const char *)found + k * DF_CELLS, DF_CELLS);
        if (!one) {
            Py_DECREF(out);
            return NULL;
        }
        LIST_SET(out, k, one);
    }
    return out;
}

static PyObject *int_list(const int *values, int n) {
    PyObject *out = PyList_New(n);
    int k;
    if (!out)
        return NULL;
    for (k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(values[k]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        LIST_SET(out, k, v);
    }
    return out;
}

static PyObject *df_brt_backdoors_py(PyObject *self, PyObject *args) {
    PyObject *seq;
    const char *solution;
    Py_ssize_t length;
    uint16_t cands[DF_CELLS];
    int cells[DF_CELLS], n;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#", &seq, &solution, &length) || !masks_from(seq, cands) ||
        !solution_from(solution, length))
        return NULL;
    n = df_brt_backdoors(cands, (const uint8_t *)solution, cells);
    if (n < 0)
        Py_RETURN_NONE;
    return int_list(cells, n);
}

static PyObject *df_candidate_backdoors_py(PyObject *self, PyObject *args) {
    PyObject *seq, *out;
    const char *solution;
    Py_ssize_t length;
    uint16_t cands[DF_CELLS];
    int size, n, room, *found;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#i", &seq, &solution, &length, &size) ||
        !masks_from(seq, cands) || !solution_from(solution, length))
        return NULL;
    if (size != 1 && size != 2) {
        PyErr_SetString(PyExc_ValueError, "a candidate backdoor's size is 1 or 2");
        return NULL;
    }
    room = size == 1 ? DF_CELLS * 9 : DF_CELLS * 9 * DF_CELLS * 9;
    found = PyMem_Malloc(sizeof(int) * (size_t)room);
    if (!found)
        return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS n = df_candidate_backdoors(cands, (const uint8_t *)solution, size,
                                                      found, room);
    Py_END_ALLOW_THREADS if (n < 0) {
        PyMem_Free(found);
        Py_RETURN_NONE;
    }
    out = int_list(found, n * size);
    PyMem_Free(found);
    return out;
}

static PyObject *df_fewest_guesses_py(PyObject *self, PyObject *args) {
    PyObject *seq, *cells_out, *out;
    const char *solution;
    Py_ssize_t length;
    uint16_t cands[DF_CELLS];
    int limit, mode, size, cells[DF_CELLS];
    DfRules rules;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#ii", &seq, &solution, &length, &limit, &mode) ||
        !masks_from(seq, cands) || !solution_from(solution, length))
        return NULL;
    rules = df_rules_of(mode);
    if (!rules || limit < 0 || limit > 8) {
        PyErr_SetString(PyExc_ValueError, "the rules are -1 (BRT), 0, 1 or 2; limit 0-8");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS size =
        df_fewest_guesses(cands, (const uint8_t *)solution, limit, rules, cells);
    Py_END_ALLOW_THREADS cells_out = int_list(cells, size > 0 ? size : 0);
    if (!cells_out)
        return NULL;
    out = Py_BuildValue("(iN)", size, cells_out);
    return out;
}

/* (masks, max, solution or None) -> the B rating (bxb 0), or the BxB (1) or BxBB (2) rating
 * (df_braids.h, df_bxb.h) */
static PyObject *rating_py(PyObject *args, int bxb) {
    PyObject *seq;
    uint16_t cands[DF_CELLS];
    const char *solution = NULL;
    Py_ssize_t length = 0;
    int max, found;
    if (!PyArg_ParseTuple(args, "Oiz#", &seq, &max, &solution, &length) ||
        !masks_from(seq, cands) || (solution && !solution_from(solution, length)))
        return NULL;
    if (max < (bxb ? 1 : 0) || max > (bxb ? DF_BXB_MAX : 64)) {
        PyErr_SetString(PyExc_ValueError, bxb ? "BxB's bound is 1-16" : "B's bound is 0-64");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS found = bxb ? df_bxb_rating(cands, max, (const uint8_t *)solution, bxb)
                                       : df_b_rating(cands, max, (const uint8_t *)solution);
    Py_END_ALLOW_THREADS if (found == -3) return PyErr_NoMemory();
    return PyLong_FromLong(found);
}

static PyObject *df_b_rating_py(PyObject *self, PyObject *args) {
    (void)self;
    return rating_py(args, 0);
}

static PyObject *df_bxb_rating_py(PyObject *self, PyObject *args) {
    (void)self;
    return rating_py(args, 1);
}

static PyObject *df_bxbb_rating_py(PyObject *self, PyObject *args) {
    (void)self;
    return rating_py(args, 2);
}

static PyMethodDef module_methods[] = {
    {"df_brt", df_brt_py, METH_VARARGS, "BRT on 81 masks: the masks reached, or None"},
    {"df_depth", df_depth_py, METH_VARARGS,
     "the least n <= limit for which T&E(rules, n) solves: -1 past limit, -2 no solution"},
    {"df_solutions", df_solutions_py, METH_VARARGS, "up to limit (1 or 2) solutions, as bytes"},
    {"df_brt_backdoors", df_brt_backdoors_py, METH_VARARGS, "the BRT backdoors' cells"},
    {"df_candidate_backdoors", df_candidate_backdoors_py, METH_VARARGS,
     "the candidate backdoors, flat: cell*9+digit-1, size entries each"},
    {"df_fewest_guesses", df_fewest_guesses_py, METH_VARARGS,
     "(size or -1 past the limit or -2, the cells of one set)"},
    {"df_b_rating", df_b_rating_py, METH_VARARGS,
     "the least n <= max for which BRT and braids up to n solve: -1 past max, -2 no solution"},
    {"df_bxb_rating", df_bxb_rating_py, METH_VARARGS,
     "the least x <= max for which T&E(B_x, 1) solves: -1 past max, -2 no solution"},
    {"df_bxbb_rating", df_bxbb_rating_py, METH_VARARGS,
     "the least x <= max for which T&E(B_x, 2) solves: -1 past max, -2 no solution"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The measures of difficulty in C (docs/native.md).", -1,
    module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void) {
    df_tables_init();
    df_braid_tables_init();
    return PyModule_Create(&module);
}

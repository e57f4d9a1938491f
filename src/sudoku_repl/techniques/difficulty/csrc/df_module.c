/* The module sudoku_repl.techniques.difficulty._native: the measures of difficulty in C, an
 * extension of its own beside the core's and the explainer's (setup.py), on the core's bits.h.
 * techniques/difficulty/native.py is its door; the pure Python beside it is the reference. */
#include "pyaccess.h" /* the core's: Python.h, its objects read on the full or the limited API */

#include "df_bxb.h"
#include "df_doors.h"

#include <string.h>

/* fewest to most ints 0 to top from a sequence into out: how many, or -1 with an error set
 * (count: what a wrong length or a non-sequence is told; value: a value out of range) */
static int ints_from(PyObject *seq, int *out, Py_ssize_t fewest, Py_ssize_t most, long top,
                     const char *count, const char *value) {
    PyObject *fast = PySequence_Fast(seq, count);
    Py_ssize_t n, k;
    if (!fast)
        return -1;
    n = FAST_SIZE(fast);
    if (n < fewest || n > most) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, count);
        return -1;
    }
    for (k = 0; k < n; k++) {
        long v = PyLong_AsLong(FAST_ITEM(fast, k));
        if (v < 0 || v > top) {
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, value);
            return -1;
        }
        out[k] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

/* 81 masks 0-511 from a sequence of ints: 1, or 0 with ValueError set */
static int masks_from(PyObject *seq, uint16_t *cands) {
    int masks[DF_CELLS], i;
    if (ints_from(seq, masks, DF_CELLS, DF_CELLS, DF_FULL, "the candidates are 81 masks",
                  "a candidate mask is 0-511") < 0)
        return 0;
    for (i = 0; i < DF_CELLS; i++)
        cands[i] = (uint16_t)masks[i];
    return 1;
}

#define BOARD_NAME "sudoku_repl.techniques.difficulty._native.board"

/* a board argument: None for classic sudoku's, or a capsule df_board made: 1, or 0 with
 * TypeError set */
static int board_from(PyObject *obj, const DfBoard **board) {
    if (obj == Py_None) {
        *board = &DF_CLASSIC;
        return 1;
    }
    *board = PyCapsule_GetPointer(obj, BOARD_NAME);
    if (!*board) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "a board is None (classic sudoku) or df_board's");
        return 0;
    }
    return 1;
}

/* the cells of each of a sequence's items, into table (rows of room): each row's count into
 * counts, or 0 with an error set */
static int rows_from(PyObject *seq, Py_ssize_t rows, int *counts, int *table, int room) {
    PyObject *fast = PySequence_Fast(seq, "a board's tables are sequences");
    Py_ssize_t k;
    if (!fast)
        return 0;
    if (FAST_SIZE(fast) != rows) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a board's tables have a row a house, or a row a cell");
        return 0;
    }
    for (k = 0; k < rows; k++) {
        int n = ints_from(FAST_ITEM(fast, k), table + k * room, 0, room, DF_CELLS - 1,
                          "a board's rows are sequences of cells, at most 80 a row",
                          "a board's cells are 0-80");
        if (n < 0) {
            Py_DECREF(fast);
            return 0;
        }
        counts[k] = n;
    }
    Py_DECREF(fast);
    return 1;
}

static void board_capsule_free(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, BOARD_NAME));
}

/* (houses, peers, apart, cyclic) -> a board's capsule: the houses each nine cells, per cell its
 * peers and the cells beside it (non-consecutive; empty rows without it), cyclic: 9 and 1 one
 * apart. ValueError for a board the C cannot follow (more than 64 houses, ...) */
static PyObject *df_board_py(PyObject *self, PyObject *args) {
    PyObject *houses, *peers, *apart, *fast, *capsule;
    int cyclic, counts[DF_MAX_HOUSES], k, i;
    int table[DF_CELLS * DF_MAX_PEERS];
    Py_ssize_t n;
    const char *wrong;
    DfBoard *b;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOp", &houses, &peers, &apart, &cyclic))
        return NULL;
    b = PyMem_Malloc(sizeof *b);
    if (!b)
        return PyErr_NoMemory();
    memset(b, 0, sizeof *b);
    fast = PySequence_Fast(houses, "a board's houses are a sequence");
    if (!fast)
        goto fail;
    n = FAST_SIZE(fast);
    Py_DECREF(fast);
    if (n < 1 || n > DF_MAX_HOUSES) {
        PyErr_SetString(PyExc_ValueError, "a board has 1 to 64 houses");
        goto fail;
    }
    b->houses = (int)n;
    if (!rows_from(houses, n, counts, &b->house[0][0], 9))
        goto fail;
    for (k = 0; k < b->houses; k++)
        if (counts[k] != 9) {
            PyErr_SetString(PyExc_ValueError, "a house is nine cells");
            goto fail;
        }
    if (!rows_from(peers, DF_CELLS, b->npeers, table, DF_MAX_PEERS))
        goto fail;
    for (i = 0; i < DF_CELLS; i++)
        for (k = 0; k < b->npeers[i]; k++)
            b->peer[i][k] = (uint8_t)table[i * DF_MAX_PEERS + k];
    if (!rows_from(apart, DF_CELLS, b->napart, table, DF_MAX_APART))
        goto fail;
    for (i = 0; i < DF_CELLS; i++)
        for (k = 0; k < b->napart[i]; k++)
            b->apart[i][k] = (uint8_t)table[i * DF_MAX_APART + k];
    b->cyclic = cyclic;
    wrong = df_board_finish(b);
    if (wrong) {
        PyErr_SetString(PyExc_ValueError, wrong);
        goto fail;
    }
    capsule = PyCapsule_New(b, BOARD_NAME, board_capsule_free);
    if (!capsule)
        goto fail;
    return capsule;
fail:
    PyMem_Free(b);
    return NULL;
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
    PyObject *seq, *out, *on = Py_None;
    uint16_t cands[DF_CELLS];
    const DfBoard *board;
    DfGrid g;
    int i;
    (void)self;
    if (!PyArg_ParseTuple(args, "O|O", &seq, &on) || !masks_from(seq, cands) ||
        !board_from(on, &board))
        return NULL;
    df_grid_from(&g, cands, board);
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
    PyObject *seq, *on = Py_None;
    uint16_t cands[DF_CELLS];
    const char *solution = NULL;
    Py_ssize_t length = 0;
    int limit, mode, depth;
    DfRules rules;
    const DfBoard *board;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oiiz#|O", &seq, &limit, &mode, &solution, &length, &on) ||
        !masks_from(seq, cands) || (solution && !solution_from(solution, length)) ||
        !board_from(on, &board))
        return NULL;
    rules = df_rules_of(mode);
    if (!rules || limit < 0 || limit > 8) {
        PyErr_SetString(PyExc_ValueError, "a depth's rules are -1 (BRT), 0, 1 or 2; limit 0-8");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS depth =
        df_depth(cands, limit, rules, (const uint8_t *)solution, board);
    Py_END_ALLOW_THREADS if (depth == -3) return PyErr_NoMemory();
    return PyLong_FromLong(depth);
}

static PyObject *df_solutions_py(PyObject *self, PyObject *args) {
    PyObject *seq, *out, *on = Py_None;
    uint16_t cands[DF_CELLS];
    uint8_t found[2 * DF_CELLS];
    int limit, n, k;
    const DfBoard *board;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oi|O", &seq, &limit, &on) || !masks_from(seq, cands) ||
        !board_from(on, &board))
        return NULL;
    if (limit < 1 || limit > 2) {
        PyErr_SetString(PyExc_ValueError, "the solutions' limit is 1 or 2");
        return NULL;
    }
    n = df_solutions(cands, limit, found, board);
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
    PyObject *seq, *on = Py_None;
    const char *solution;
    Py_ssize_t length;
    uint16_t cands[DF_CELLS];
    int cells[DF_CELLS], n;
    const DfBoard *board;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#|O", &seq, &solution, &length, &on) ||
        !masks_from(seq, cands) || !solution_from(solution, length) || !board_from(on, &board))
        return NULL;
    n = df_brt_backdoors(cands, (const uint8_t *)solution, cells, board);
    if (n < 0)
        Py_RETURN_NONE;
    return int_list(cells, n);
}

static PyObject *df_candidate_backdoors_py(PyObject *self, PyObject *args) {
    PyObject *seq, *out, *on = Py_None;
    const char *solution;
    Py_ssize_t length;
    uint16_t cands[DF_CELLS];
    int size, n, room, *found;
    const DfBoard *board;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#i|O", &seq, &solution, &length, &size, &on) ||
        !masks_from(seq, cands) || !solution_from(solution, length) || !board_from(on, &board))
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
                                                      found, room, board);
    Py_END_ALLOW_THREADS if (n < 0) {
        PyMem_Free(found);
        Py_RETURN_NONE;
    }
    out = int_list(found, n * size);
    PyMem_Free(found);
    return out;
}

static PyObject *df_fewest_guesses_py(PyObject *self, PyObject *args) {
    PyObject *seq, *cells_out, *out, *on = Py_None;
    const char *solution;
    Py_ssize_t length;
    uint16_t cands[DF_CELLS];
    int limit, mode, size, cells[DF_CELLS];
    DfRules rules;
    const DfBoard *board;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#ii|O", &seq, &solution, &length, &limit, &mode, &on) ||
        !masks_from(seq, cands) || !solution_from(solution, length) || !board_from(on, &board))
        return NULL;
    rules = df_rules_of(mode);
    if (!rules || limit < 0 || limit > 8) {
        PyErr_SetString(PyExc_ValueError, "the rules are -1 (BRT), 0, 1 or 2; limit 0-8");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS size =
        df_fewest_guesses(cands, (const uint8_t *)solution, limit, rules, cells, board);
    Py_END_ALLOW_THREADS cells_out = int_list(cells, size > 0 ? size : 0);
    if (!cells_out)
        return NULL;
    out = Py_BuildValue("(iN)", size, cells_out);
    return out;
}

/* (masks, max, solution or None) -> the B rating (bxb 0), or the BxB (1) or BxBB (2) rating
 * (df_braids.h, df_bxb.h) */
static PyObject *rating_py(PyObject *args, int bxb) {
    PyObject *seq, *on = Py_None;
    uint16_t cands[DF_CELLS];
    const char *solution = NULL;
    Py_ssize_t length = 0;
    int max, found;
    const DfBoard *board;
    if (!PyArg_ParseTuple(args, "Oiz#|O", &seq, &max, &solution, &length, &on) ||
        !masks_from(seq, cands) || (solution && !solution_from(solution, length)) ||
        !board_from(on, &board))
        return NULL;
    if (max < (bxb ? 1 : 0) || max > (bxb ? DF_BXB_MAX : 64)) {
        PyErr_SetString(PyExc_ValueError, bxb ? "BxB's bound is 1-16" : "B's bound is 0-64");
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS found =
        bxb ? df_bxb_rating(cands, max, (const uint8_t *)solution, bxb, board)
            : df_b_rating(cands, max, (const uint8_t *)solution, board);
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
    {"df_board", df_board_py, METH_VARARGS,
     "(houses, peers, apart, cyclic) -> a board the functions below take last (None: classic)"},
    {"df_brt", df_brt_py, METH_VARARGS, "BRT on 81 masks: the masks reached, or None"},
    {"df_depth", df_depth_py, METH_VARARGS,
     "the least n <= limit for which T&E(rules, n) solves: -1 past limit, -2 no solution, -4 "
     "several"},
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
    df_board_classic_init();
    return PyModule_Create(&module);
}

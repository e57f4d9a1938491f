/* rating.rate's loop over the native rungs, many steps a call: se_climb(values, cands, order,
 * above, below, poll) takes, from the grid, step after step, the first hint of the
 * first technique of ``order`` (a sequence of (technique, degree) pairs, the rating's order
 * of its first techniques) that finds one, and applies it (Hint.apply), until
 *
 *   SE_CLIMB_SOLVED      the grid is solved
 *   SE_CLIMB_NONE        no technique of ``order`` finds anything: the rating goes on with
 *                        the techniques after them, in Python
 *   SE_CLIMB_OVER_BELOW  the step found rates above ``below`` (tenths; -1: none): not taken
 *   SE_CLIMB_OVER_ABOVE  the step taken rates above ``above`` (tenths; -1: none)
 *   SE_CLIMB_STOPPED     ``poll`` (a callable, or None) said stop
 *
 * -> (the hints taken, as se_ladder gives them, the status). Ctrl-C and poll are looked at
 * before each step, as rate looks at them before the first technique of a step. The time limit
 * is rate's to look at, before each climb (on its own clock): a climb takes milliseconds. */
#include "se_rating.h"

enum {
    SE_CLIMB_SOLVED,
    SE_CLIMB_NONE,
    SE_CLIMB_OVER_BELOW,
    SE_CLIMB_OVER_ABOVE,
    SE_CLIMB_STOPPED
};

#define MAX_ORDER 64

/* Hint.apply on the grid: the removals, then the placement (its peers lose the value) */
static int apply(SeGrid *g, PyObject *hint) {
    PyObject *removals = PyTuple_GET_ITEM(hint, 2), *placement = PyTuple_GET_ITEM(hint, 3);
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(removals); i++) {
        PyObject *pair = PyTuple_GET_ITEM(removals, i);
        long cell = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
        long value = PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
        g->cands[cell] &= (uint16_t) ~(1 << value);
    }
    if (placement != Py_None) {
        long cell = PyLong_AsLong(PyTuple_GET_ITEM(placement, 0));
        long value = PyLong_AsLong(PyTuple_GET_ITEM(placement, 1));
        g->values[cell] = (unsigned char)value;
        g->cands[cell] = 0;
        for (int p = 0; p < 81; p++)
            if (SE_PEER_CELLS[cell] >> p & 1)
                g->cands[p] &= (uint16_t) ~(1 << value);
    }
    se_table_fill(g);
    return PyErr_Occurred() ? -1 : 0;
}

/* the limits before a step: a status, 0 to go on, or -1 with an exception (Ctrl-C) */
static int limits(PyObject *poll) {
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (poll) {
        PyObject *said = PyObject_CallNoArgs(poll);
        int stop = said ? PyObject_IsTrue(said) : -1;
        Py_XDECREF(said);
        if (stop)
            return stop < 0 ? -1 : SE_CLIMB_STOPPED;
    }
    return 0;
}

/* the order: (technique, degree) pairs, each checked as se_ladder checks them (n, or -1) */
static int parse_order(PyObject *obj, int order[][2]) {
    PyObject *seq = PySequence_Fast(obj, "the order is a sequence of (technique, degree) pairs");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAX_ORDER) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "an order of %zd techniques (accepted: up to %d)", n,
                     MAX_ORDER);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !PyLong_Check(PyTuple_GET_ITEM(pair, 0)) || !PyLong_Check(PyTuple_GET_ITEM(pair, 1))) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "the order's item %zd is not a (technique, degree) pair",
                         i);
            return -1;
        }
        long t = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
        long d = PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
        order[i][0] = t < 0 || t > SE_TECHNIQUES ? -1 : (int)t;
        order[i][1] = d < 0 || d > 4 ? -1 : (int)d;
        if (PyErr_Occurred() || se_rung_check(order[i][0], order[i][1]) < 0) {
            Py_DECREF(seq);
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "the order's item %zd is not a technique and its degree (see se_ladder)",
                         i);
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

/* the first hint of the order's techniques (a new reference), None when none finds one, or
 * NULL with an exception */
static PyObject *first_hint(SeRungs *r, int order[][2], int n) {
    se_rungs_count_empty(r);
    for (int i = 0; i < n; i++) {
        r->list = PyList_New(0);
        if (!r->list)
            return NULL;
        if (se_rung_run(r, order[i][0], order[i][1]) < 0) {
            Py_CLEAR(r->list);
            return NULL;
        }
        if (PyList_GET_SIZE(r->list)) {
            PyObject *hint = PyList_GET_ITEM(r->list, 0);
            Py_INCREF(hint);
            Py_CLEAR(r->list);
            return hint;
        }
        Py_CLEAR(r->list);
    }
    Py_RETURN_NONE;
}

static int solved(const SeGrid *g) {
    for (int c = 0; c < 81; c++)
        if (!g->values[c])
            return 0;
    return 1;
}

PyObject *se_climb(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *order_obj, *poll;
    int above, below, order[MAX_ORDER][2];
    if (!PyArg_ParseTuple(args, "OOOiiO", &values, &cands, &order_obj, &above, &below, &poll))
        return NULL;
    int n = parse_order(order_obj, order);
    if (n < 0)
        return NULL;
    if (above < -1 || below < -1) {
        PyErr_SetString(PyExc_ValueError, "above and below are ratings in tenths, or -1 for none");
        return NULL;
    }
    if (poll != Py_None && !PyCallable_Check(poll)) {
        PyErr_SetString(PyExc_ValueError, "poll is a callable or None");
        return NULL;
    }
    se_cells_init();
    SeGrid g;
    if (se_parse_grid(values, cands, &g) < 0)
        return NULL;
    SeRungs r = {.g = &g, .limit = 1};
    PyObject *steps = PyList_New(0);
    int status = -1;
    while (steps) {
        if (solved(&g)) {
            status = SE_CLIMB_SOLVED;
            break;
        }
        int said = limits(poll == Py_None ? NULL : poll);
        if (said) {
            status = said;
            break;
        }
        PyObject *hint = first_hint(&r, order, n);
        if (!hint)
            break;
        if (hint == Py_None) {
            Py_DECREF(hint);
            status = SE_CLIMB_NONE;
            break;
        }
        long rating = PyLong_AsLong(PyTuple_GET_ITEM(hint, 1));
        if (below >= 0 && rating > below) {
            Py_DECREF(hint);
            status = SE_CLIMB_OVER_BELOW;
            break;
        }
        int failed = PyList_Append(steps, hint) < 0 || apply(&g, hint) < 0;
        Py_DECREF(hint);
        if (failed)
            break;
        if (above >= 0 && rating > above) {
            status = SE_CLIMB_OVER_ABOVE;
            break;
        }
    }
    if (status < 0) {
        Py_XDECREF(steps);
        return NULL;
    }
    return Py_BuildValue("(Ni)", steps, status);
}

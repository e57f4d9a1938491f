/* The module sudoku_repl.core._native: its functions, the Core type, and the constants it shares
 * with Python, exported as module attributes so that core/native_check.py can check them
 * against Python's definitions when the module is first loaded (a mismatch refuses the native
 * core: the two sides would read each other's numbers wrong). The explainer's C is a module of
 * its own (techniques/explainer/csrc/se_module.c): nothing here reaches above the core. */
#include "canonical.h"
#include "core.h"
#include "counting.h"
#include "making.h"
#include "objects.h"
#include "quiz.h"
#include "record.h"

/* count_solutions(grid: 81 bytes 0-9, limit >= 1) -> int */
static PyObject *count_solutions(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t n) {
    static const char usage[] = "count_solutions(grid: 81 bytes 0-9, limit: int >= 1)";
    if (n != 2) {
        PyErr_SetString(PyExc_ValueError, usage);
        return NULL;
    }
    const unsigned char *cells = grid_bytes(args[0], usage);
    if (!cells)
        return NULL;
    long long limit = PyLong_AsLongLong(args[1]);
    if (limit == -1 && PyErr_Occurred())
        return NULL;
    if (limit < 1) {
        PyErr_SetString(PyExc_ValueError, "the limit of a count is 1 or more");
        return NULL;
    }
    return PyLong_FromLongLong(count_grid(cells, limit));
}

/* settles(grid: 81 bytes 0-9) -> bool */
static PyObject *settles_grid(PyObject *Py_UNUSED(self), PyObject *grid) {
    const unsigned char *cells = grid_bytes(grid, "settles(grid: 81 bytes 0-9)");
    return cells ? PyBool_FromLong(settles(cells)) : NULL;
}

static PyMethodDef module_methods[] = {
    {"configure", configure, METH_VARARGS, "the Python types the core makes"},
    {"clash_free", (PyCFunction)(void (*)(void))clash_free, METH_FASTCALL,
     "whether no unit gives a value twice (quiz._no_clash)"},
    {"cell_track", cell_track, METH_VARARGS, "the steps that changed a cell (History.cell_track)"},
    {"value_events", value_events, METH_VARARGS, "the value changes of a cell's track"},
    {"removal_steps", removal_steps, METH_VARARGS, "the steps a cell's track loses a candidate"},
    {"count_solutions", (PyCFunction)(void (*)(void))count_solutions, METH_FASTCALL,
     "how many solutions a grid has, up to a limit (counting.count_solutions)"},
    {"settles", settles_grid, METH_O,
     "whether the counter's rules solve a grid with no guess (counting.settles)"},
    {"random_completion", random_completion, METH_VARARGS,
     "a random solution of a grid (making.random_completion)"},
    {"minimal_puzzle", minimal_puzzle, METH_VARARGS, "a minimal puzzle (making.minimal_puzzle)"},
    {"is_minimal", is_minimal, METH_VARARGS, "whether a puzzle is minimal (making.is_minimal)"},
    {"neighbours", neighbours, METH_VARARGS, "a puzzle's neighbours (making.neighbours)"},
    {"canonical_form", canonical_form, METH_O, "a puzzle's canonical form (canonical)"},
    {"drop_scan", drop_scan, METH_VARARGS, "what the moves a record drops showed (record.dropped)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The native core (docs/native.md).", -1, module_methods,
    NULL, NULL, NULL, NULL};

typedef struct {
    const char *name;
    int value;
} Named;

/* the event kinds by their names in core/events.py */
static const Named EVENT_KINDS[] = {
    {"NO_CANDIDATE", NO_CANDIDATE}, {"WENT_WRONG", WENT_WRONG}, {"COMPLETE", COMPLETE_K},
    {"REMOVED", REMOVED},           {"CELSET", CELSET},         {"INCOMPLETE", INCOMPLETE},
    {"PLY", PLY},                   {"GUESS", GUESS},           {"FORWARD", FORWARD},
    {"UPWARD", UPWARD},             {"NO_MORE", NO_MORE},       {"SOLUTION", SOLUTION},
    {NULL, 0}};

/* the kinds of a cell's value events by their names in core/layout.py */
static const Named VALUE_EVENT_KINDS[] = {
    {"LOST", LOST}, {"GOT", GOT}, {"PASSING", PASSING}, {NULL, 0}};

/* the statuses' names (state.Status) in the order of their codes */
static const char *const STATUS_NAMES[N_STATUSES] = {"LOADED",   "SEARCHING", "SOLVED",
                                                     "FINISHED", "GUESS_DUE", "WRONG"};

/* a dict {name: value} of a table */
static PyObject *named_dict(const Named *table) {
    PyObject *d = PyDict_New();
    for (; d && table->name; table++) {
        PyObject *v = PyLong_FromLong(table->value);
        if (!v || PyDict_SetItemString(d, table->name, v) < 0) {
            Py_XDECREF(v);
            Py_CLEAR(d);
            break;
        }
        Py_DECREF(v);
    }
    return d;
}

/* the shared constants as the module's attributes (0, or -1 with an exception) */
static int add_constants(PyObject *m) {
    PyObject *statuses = PyTuple_New(N_STATUSES);
    if (!statuses)
        return -1;
    for (int i = 0; i < N_STATUSES; i++) {
        PyObject *name = PyUnicode_FromString(STATUS_NAMES[i]);
        if (!name) {
            Py_DECREF(statuses);
            return -1;
        }
        TUPLE_SET(statuses, i, name);
    }
    if (PyModule_AddObject(m, "STATUSES", statuses) < 0) {
        Py_DECREF(statuses);
        return -1;
    }
    const Named *tables[2] = {EVENT_KINDS, VALUE_EVENT_KINDS};
    const char *names[2] = {"EVENT_KINDS", "VALUE_EVENT_KINDS"};
    for (int i = 0; i < 2; i++) {
        PyObject *d = named_dict(tables[i]);
        if (!d || PyModule_AddObject(m, names[i], d) < 0) {
            Py_XDECREF(d);
            return -1;
        }
    }
    if (PyModule_AddIntConstant(m, "MOVES_PER_SNAPSHOT", MOVES_PER_SNAPSHOT) < 0 ||
        PyModule_AddIntConstant(m, "FILLED", FILLED) < 0 ||
        PyModule_AddIntConstant(m, "VALUE_SHIFT", VALUE_SHIFT) < 0 ||
        PyModule_AddIntConstant(m, "NOT_WAITING", NOT_WAITING) < 0)
        return -1;
    return 0;
}

PyMODINIT_FUNC PyInit__native(void) {
    for (int i = 0; i < 1024; i++)
        if (!SMALL[i] && !(SMALL[i] = PyLong_FromLong(i)))
            return NULL;
    if (!COPY && !(COPY = PyUnicode_InternFromString("__copy__")))
        return NULL;
    if (core_type_ready() < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF((PyObject *)CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)CoreType) < 0) {
        Py_DECREF((PyObject *)CoreType);
        Py_DECREF(m);
        return NULL;
    }
    if (add_constants(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

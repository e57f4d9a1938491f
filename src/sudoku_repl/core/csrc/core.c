/* The Core type: a geometry's tables and an engine's state in native memory; push and pull
 * carry the pure Engine's attributes in and out, advance makes one move (run.c the many-move
 * methods). */
#include "core.h"
#include "moves.h"
#include "objects.h"
#include "run.h"

static int *int_table(PyObject *seq, int *n_out) {
    Py_buffer view; /* an array("i"): copied as it is */
    if (PyObject_CheckBuffer(seq) && PyObject_GetBuffer(seq, &view, PyBUF_FORMAT) == 0) {
        int ok = view.itemsize == sizeof(int) && view.format && strcmp(view.format, "i") == 0;
        int *t = ok ? PyMem_Malloc(view.len + sizeof(int)) : NULL;
        if (t) {
            memcpy(t, view.buf, view.len);
            if (n_out)
                *n_out = (int)(view.len / sizeof(int));
        }
        PyBuffer_Release(&view);
        if (t)
            return t;
    }
    PyErr_Clear();
    PyObject *fast = PySequence_Fast(seq, "a table of ints");
    if (!fast)
        return NULL;
    Py_ssize_t n = FAST_SIZE(fast);
    int *t = PyMem_Malloc(sizeof(int) * (n + 1));
    for (Py_ssize_t i = 0; t && i < n; i++)
        t[i] = (int)PyLong_AsLong(FAST_ITEM(fast, i));
    Py_DECREF(fast);
    if (n_out)
        *n_out = (int)n;
    if (!t)
        PyErr_NoMemory();
    return PyErr_Occurred() ? NULL : t;
}

static void Core_dealloc(Core *c) {
    PyMem_Free(c->peer_at);
    PyMem_Free(c->peers);
    PyMem_Free(c->in_block);
    PyMem_Free(c->unit_at);
    PyMem_Free(c->unit_cells);
    PyMem_Free(c->line_at);
    PyMem_Free(c->line_cells);
    PyMem_Free(c->block_at);
    PyMem_Free(c->block_cells);
    PyMem_Free(c->block_of);
    PyMem_Free(c->values);
    PyMem_Free(c->counts);
    PyMem_Free(c->dirty);
    PyMem_Free(c->unit_bits);
    PyMem_Free(c->cands);
    PyMem_Free(c->touched);
    for (int i = 0; i < c->cap_frames; i++) {
        frame_forget(&c->frames[i]);
        PyMem_Free(c->frames[i].values);
        PyMem_Free(c->frames[i].cands);
        PyMem_Free(c->frames[i].dirty);
    }
    PyMem_Free(c->frames);
    Py_XDECREF(c->cands_template);
    PyTypeObject *type = Py_TYPE((PyObject *)c);
    TYPE_FREE(c);
    Py_DECREF(type); /* (a heap type: its instances hold a reference to it) */
}

/* whether ``n`` entries of a table lie in lo..hi (else ValueError naming the table) */
static int in_bounds(const int *t, int n, int lo, int hi, const char *name) {
    for (int i = 0; i < n; i++)
        if (t[i] < lo || t[i] > hi) {
            PyErr_Format(PyExc_ValueError, "%s[%d] is %d (accepted: %d to %d)", name, i, t[i], lo,
                         hi);
            return 0;
        }
    return 1;
}

/* whether ``at`` (n_at entries) are the offsets of groups in a table of n_items entries:
 * from 0, never decreasing, up to n_items at the end; ``groups``: how many there must be
 * (-1: any number) */
static int offsets(const int *at, int n_at, int groups, int n_items, const char *name) {
    if (n_at < 1 || (groups >= 0 && n_at != groups + 1) || at[0] != 0 ||
        at[n_at - 1] != n_items) {
        PyErr_Format(PyExc_ValueError,
                     "%s: %d offsets ending at %d (accepted: offsets from 0 to the table's %d)",
                     name, n_at, n_at ? at[n_at - 1] : 0, n_items);
        return 0;
    }
    for (int i = 1; i < n_at; i++)
        if (at[i] < at[i - 1]) {
            PyErr_Format(PyExc_ValueError, "%s decreases at %d (accepted: never decreasing)",
                         name, i);
            return 0;
        }
    return 1;
}

/* Core(size, peer_at, peers, in_block, unit_at, unit_cells, line_at, line_cells, block_at,
 *      block_cells, block_of, units_of_at, units_of): flat tables (native_engine.tables), each
 * checked once: the moves index the state by them */
static int Core_init(Core *c, PyObject *args, PyObject *Py_UNUSED(kw)) {
    PyObject *t[12];
    int size;
    if (!PyArg_ParseTuple(args, "iOOOOOOOOOOOO", &size, &t[0], &t[1], &t[2], &t[3], &t[4],
                          &t[5], &t[6], &t[7], &t[8], &t[9], &t[10], &t[11]))
        return -1;
    if (c->peer_at) {
        PyErr_SetString(PyExc_ValueError, "a Core is initialised once (accepted: a new Core)");
        return -1;
    }
    if (size < 1 || size > 65536) {
        PyErr_Format(PyExc_ValueError, "size %d (accepted: 1 to 65536 cells)", size);
        return -1;
    }
    int n, n_at, n_flags, n_peers;
    c->size = size;
    if (!(c->peer_at = int_table(t[0], &n_at)) || !(c->peers = int_table(t[1], &n_peers)))
        return -1;
    if (!offsets(c->peer_at, n_at, size, n_peers, "peer_at") ||
        !in_bounds(c->peers, n_peers, 0, size - 1, "peers"))
        return -1;
    int *flags = int_table(t[2], &n_flags);
    if (!flags)
        return -1;
    c->in_block = PyMem_Malloc(n_flags + 1);
    if (!c->in_block) {
        PyMem_Free(flags);
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < n_flags; i++)
        c->in_block[i] = (unsigned char)flags[i];
    PyMem_Free(flags);
    if (n_flags != n_peers) {
        PyErr_Format(PyExc_ValueError, "%d in_block flags (accepted: one per peer, %d)", n_flags,
                     n_peers);
        return -1;
    }
    if (!(c->unit_at = int_table(t[3], &n_at)) || !(c->unit_cells = int_table(t[4], &n)))
        return -1;
    c->n_units = n_at - 1;
    if (!offsets(c->unit_at, n_at, -1, n, "unit_at") ||
        !in_bounds(c->unit_cells, n, 0, size - 1, "unit_cells"))
        return -1;
    if (!(c->line_at = int_table(t[5], &n_at)) || !(c->line_cells = int_table(t[6], &n)))
        return -1;
    c->n_lines = n_at - 1;
    if (!offsets(c->line_at, n_at, -1, n, "line_at") ||
        !in_bounds(c->line_cells, n, 0, size - 1, "line_cells"))
        return -1;
    if (!(c->block_at = int_table(t[7], &n_at)) || !(c->block_cells = int_table(t[8], &n)))
        return -1;
    c->n_blocks = n_at - 1;
    if (!offsets(c->block_at, n_at, -1, n, "block_at") ||
        !in_bounds(c->block_cells, n, 0, size - 1, "block_cells"))
        return -1;
    if (!(c->block_of = int_table(t[9], &n)))
        return -1;
    if (n != size || !in_bounds(c->block_of, n, 0, c->n_blocks - 1, "block_of")) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "%d block_of entries (accepted: one per cell, %d)", n,
                         size);
        return -1;
    }
    const int *at[3] = {c->unit_at, c->line_at, c->block_at};
    const int groups[3] = {c->n_units, c->n_lines, c->n_blocks};
    for (int k = 0; k < 3; k++)
        for (int u = 0; u < groups[k]; u++)
            if (at[k][u + 1] - at[k][u] > 9) {
                PyErr_SetString(PyExc_ValueError,
                                "a unit of more than nine cells (accepted: up to nine)");
                return -1;
            }
    c->values = PyMem_Calloc(size, 1);
    c->counts = PyMem_Calloc(size, 1);
    c->words = (c->n_units + 63) / 64 + (c->n_units == 0);
    c->dirty = PyMem_Calloc(c->words, sizeof(uint64_t));
    c->unit_bits = PyMem_Calloc((size_t)size * c->words, sizeof(uint64_t));
    /* per cell, the units it lies in: read once, as the bits of unit_bits */
    int n_units_of;
    int *units_of_at = int_table(t[10], &n_at), *units_of = int_table(t[11], &n_units_of);
    if (units_of_at && units_of &&
        (!offsets(units_of_at, n_at, size, n_units_of, "units_of_at") ||
         !in_bounds(units_of, n_units_of, 0, c->n_units - 1, "units_of")))
    {
        PyMem_Free(units_of_at); /* (the error is set) */
        units_of_at = NULL;
    }
    if (c->unit_bits && units_of_at && units_of)
        for (int cell = 0; cell < size; cell++)
            for (int k = units_of_at[cell]; k < units_of_at[cell + 1]; k++) {
                int u = units_of[k];
                c->unit_bits[(size_t)cell * c->words + u / 64] |= 1ULL << (u % 64);
            }
    PyMem_Free(units_of_at);
    PyMem_Free(units_of);
    if (PyErr_Occurred())
        return -1;
    c->cands = PyMem_Calloc(size, sizeof(uint16_t));
    c->cap_touched = 4 * size + 64;
    c->touched = PyMem_Malloc(sizeof(int) * c->cap_touched);
    c->cap_frames = 16;
    c->frames = PyMem_Calloc(c->cap_frames, sizeof(NFrame));
    if (!c->values || !c->counts || !c->dirty || !c->unit_bits || !c->cands || !c->touched ||
        !c->frames) {
        PyErr_NoMemory();
        return -1;
    }
    c->pending = -1;
    return 0;
}

/* whether a state's cells are in range (values 0..9, candidates within the nine bits), checked
 * once as they cross from Python: the moves index tables by them and trust them */
static int cells_in_range(Core *c, const unsigned char *values, const uint16_t *cands) {
    for (int i = 0; i < c->size; i++) {
        if (values && values[i] > 9) {
            PyErr_Format(PyExc_ValueError, "cell %d: value %d (accepted: 0 for empty, 1 to 9)",
                         i, values[i]);
            return -1;
        }
        if (cands && cands[i] > FULL) {
            PyErr_Format(PyExc_ValueError,
                         "cell %d: candidates %d (accepted: a mask 0 to 511, nine bits)", i,
                         (int)cands[i]);
            return -1;
        }
    }
    return 0;
}

static int read_cells(PyObject *seq, Core *c, unsigned char *values, uint16_t *cands) {
    /* a sequence of size ints into values (bytes) or cands (16-bit), each checked in range */
    Py_buffer view;
    if (values && PyBytes_Check(seq) && BYTES_SIZE(seq) == c->size) {
        memcpy(values, BYTES_DATA(seq), c->size);
        return cells_in_range(c, values, NULL);
    }
    if (cands && !PyList_Check(seq) && !PyTuple_Check(seq) &&
        PyObject_GetBuffer(seq, &view, PyBUF_FORMAT) == 0) {
        int ok = view.itemsize == 2 && view.len == 2 * c->size && view.format &&
                 strcmp(view.format, "H") == 0;
        if (ok)
            memcpy(cands, view.buf, view.len);
        PyBuffer_Release(&view);
        if (ok)
            return cells_in_range(c, NULL, cands);
    }
    PyErr_Clear();
    PyObject *fast = PySequence_Fast(seq, "cells");
    if (!fast)
        return -1;
    if (FAST_SIZE(fast) != c->size) {
        PyErr_Format(PyExc_ValueError, "%zd cells (accepted: the geometry's %d)",
                     FAST_SIZE(fast), c->size);
        Py_DECREF(fast);
        return -1;
    }
    long long limit = values ? 9 : FULL;
    for (int i = 0; i < c->size; i++) {
        long long v = PyLong_AsLongLong(FAST_ITEM(fast, i)); /* (i within its size) */
        if (v == -1 && PyErr_Occurred())
            break;
        if (v < 0 || v > limit) {
            PyErr_Format(PyExc_ValueError,
                         values ? "cell %d: value %lld (accepted: 0 for empty, 1 to 9)"
                                : "cell %d: candidates %lld (accepted: a mask 0 to 511, nine bits)",
                         i, v);
            break;
        }
        if (values)
            values[i] = (unsigned char)v;
        else
            cands[i] = (uint16_t)v;
    }
    Py_DECREF(fast);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *attr_long(PyObject *o, const char *name, long long *out) {
    PyObject *a = PyObject_GetAttrString(o, name);
    if (!a)
        return NULL;
    *out = PyLong_AsLongLong(a);
    Py_DECREF(a);
    return PyErr_Occurred() ? NULL : Py_None;
}

static int read_frame(Core *c, NFrame *f, PyObject *frame) {
    long long cell, tried;
    if (!attr_long(frame, "cell", &cell) || !attr_long(frame, "tried", &tried))
        return -1;
    PyObject *options = PyObject_GetAttrString(frame, "options");
    PyObject *values = PyObject_GetAttrString(frame, "values");
    PyObject *cands = PyObject_GetAttrString(frame, "cands");
    int rc = -1;
    if (options && values && cands) {
        PyObject *fast = PySequence_Fast(options, "options");
        if (fast) {
            Py_ssize_t n = FAST_SIZE(fast);
            if (n > 9)
                PyErr_Format(PyExc_ValueError, "a frame of %zd options (accepted: up to nine)",
                             n);
            else if (cell < 0 || cell >= c->size)
                PyErr_Format(PyExc_ValueError, "a frame at cell %lld (accepted: 0 to %d)", cell,
                             c->size - 1);
            else if (tried < 1 || tried > (n ? n : 1))
                PyErr_Format(PyExc_ValueError,
                             "a frame's tried %lld (accepted: 1 to its %zd options)", tried, n);
            for (Py_ssize_t i = 0; i < n && !PyErr_Occurred(); i++) {
                long long v = PyLong_AsLongLong(FAST_ITEM(fast, i));
                if (!PyErr_Occurred() && (v < 1 || v > 9))
                    PyErr_Format(PyExc_ValueError, "a frame's option %lld (accepted: 1 to 9)",
                                 v);
                f->options[i] = (unsigned char)v;
            }
            f->n_options = (int)n;
            Py_DECREF(fast);
            if (!PyErr_Occurred() && read_cells(values, c, f->values, NULL) == 0 &&
                read_cells(cands, c, NULL, f->cands) == 0)
                rc = 0;
        }
    }
    if (rc == 0) {
        frame_forget(f);
        f->cell = (int)cell;
        f->tried = (int)tried;
        f->frame = frame;
        Py_INCREF(frame);
        f->options_obj = options;
        f->values_obj = values;
        f->cands_obj = cands;
        return 0;
    }
    Py_XDECREF(options);
    Py_XDECREF(values);
    Py_XDECREF(cands);
    return -1;
}

/* a push refused part way: the core is left blank and finished (a move does nothing), never
 * half the old state and half the refused one */
static PyObject *push_failed(Core *c) {
    memset(c->values, 0, c->size);
    memset(c->cands, 0, sizeof(uint16_t) * c->size);
    for (int i = 0; i < c->n_frames; i++)
        frame_forget(&c->frames[i]);
    c->n_frames = 0;
    c->status = FINISHED;
    c->pending = -1;
    for (int i = 0; i < c->size; i++)
        recount(c, i);
    return NULL;
}

/* push(status, steps, solutions, pending, values, cands, frames): the pure attributes in */
static PyObject *Core_push(Core *c, PyObject *args) {
    int status, pending;
    long long steps, solutions;
    PyObject *values, *cands, *frames;
    if (core_ready(c) < 0)
        return NULL;
    if (!PyArg_ParseTuple(args, "iLLiOOO", &status, &steps, &solutions, &pending, &values,
                          &cands, &frames))
        return NULL;
    if (status < 0 || status >= N_STATUSES) {
        PyErr_Format(PyExc_ValueError, "status %d (accepted: 0 to %d)", status, N_STATUSES - 1);
        return NULL;
    }
    if (pending < -1 || pending >= c->size || (status == GUESS_DUE && pending < 0)) {
        PyErr_Format(PyExc_ValueError, "pending cell %d (accepted: 0 to %d, or -1 when no guess "
                     "is due)", pending, c->size - 1);
        return NULL;
    }
    if (steps < 0 || solutions < 0) {
        PyErr_Format(PyExc_ValueError, "steps %lld, solutions %lld (accepted: 0 or more)", steps,
                     solutions);
        return NULL;
    }
    if (read_cells(values, c, c->values, NULL) < 0 || read_cells(cands, c, NULL, c->cands) < 0)
        return push_failed(c);
    PyObject *fast = PySequence_Fast(frames, "frames");
    if (!fast)
        return push_failed(c);
    Py_ssize_t n = FAST_SIZE(fast);
    int keep = c->n_frames < n ? c->n_frames : (int)n;
    for (int i = 0; i < keep; i++)
        if (c->frames[i].frame != FAST_ITEM(fast, i)) {
            keep = i;
            break;
        }
    for (int i = keep; i < c->n_frames; i++)
        frame_forget(&c->frames[i]);
    c->n_frames = keep;
    for (Py_ssize_t i = keep; i < n; i++) {
        if (!push_frame(c) || read_frame(c, &c->frames[i], FAST_ITEM(fast, i))) {
            c->n_frames = (int)i;
            Py_DECREF(fast);
            if (!PyErr_Occurred())
                PyErr_NoMemory();
            return push_failed(c);
        }
    }
    Py_DECREF(fast);
    c->status = status;
    c->steps = steps;
    c->solutions = solutions;
    c->pending = pending;
    for (int i = 0; i < c->size; i++)
        recount(c, i);
    all_dirty(c, c->dirty);
    Py_RETURN_NONE;
}

/* pull() -> (status, steps, solutions, pending, values, cands, counts, frames, touched) */
static PyObject *Core_pull(Core *c, PyObject *Py_UNUSED(unused)) {
    if (core_ready(c) < 0)
        return NULL;
    int size = c->size;
    PyObject *values = PyList_New(size), *cands = PyList_New(size);
    PyObject *counts = PyByteArray_FromStringAndSize((const char *)c->counts, size);
    PyObject *frames = PyList_New(c->n_frames), *touched = PyList_New(c->n_touched);
    if (!values || !cands || !counts || !frames || !touched)
        goto fail;
    for (int i = 0; i < size; i++) {
        LIST_SET(values, i, num(c->values[i]));
        LIST_SET(cands, i, num(c->cands[i]));
    }
    for (int i = 0; i < c->n_touched; i++)
        LIST_SET(touched, i, num(c->touched[i]));
    for (int i = 0; i < c->n_frames; i++) {
        PyObject *f = frame_object(c, &c->frames[i]);
        if (!f)
            goto fail;
        LIST_SET(frames, i, f);
    }
    return Py_BuildValue("(iLLiNNNNN)", c->status, (long long)c->steps,
                         (long long)c->solutions, c->pending, values,
                         cands, counts, frames, touched);
fail:
    Py_XDECREF(values);
    Py_XDECREF(cands);
    Py_XDECREF(counts);
    Py_XDECREF(frames);
    Py_XDECREF(touched);
    return NULL;
}

/* advance(run_mode, kinds) -> the move's events (of the kinds in the bit mask ``kinds``) */
/* advance(mode, kinds[, counted]): the move's events; counted: (step count after it, events) */
static PyObject *Core_advance(Core *c, PyObject *args) {
    int mode, counted = 0;
    unsigned kinds;
    if (core_ready(c) < 0 || !PyArg_ParseTuple(args, "iI|p", &mode, &kinds, &counted))
        return NULL;
    PyObject *ev = PyList_New(0);
    if (!ev)
        return NULL;
    c->ev = ev;
    c->kinds = kinds;
    c->failed = 0;
    advance(c, mode);
    c->ev = NULL;
    if (c->failed) {
        Py_DECREF(ev);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    return counted ? Py_BuildValue("(LN)", (long long)c->steps, ev) : ev;
}

static PyObject *Core_state(Core *c, PyObject *Py_UNUSED(unused)) {
    return core_ready(c) < 0 ? NULL : make_state(c);
}

static PyMethodDef Core_methods[] = {
    {"push", (PyCFunction)Core_push, METH_VARARGS, "the pure attributes into the core"},
    {"pull", (PyCFunction)Core_pull, METH_NOARGS, "the core's state as the pure attributes"},
    {"advance", (PyCFunction)Core_advance, METH_VARARGS, "one move without a guess answer"},
    {"run", (PyCFunction)Core_run, METH_VARARGS, "the plain run, many units at once"},
    {"search", (PyCFunction)(void (*)(void))Core_search, METH_FASTCALL,
     "a silent search without a record (Engine.search)"},
    {"state", (PyCFunction)Core_state, METH_NOARGS, "the state as an EngineState"},
    {NULL, NULL, 0, NULL}};

PyTypeObject *CoreType;

/* a heap type (PyType_FromSpec: the limited API has no static type), made once, immutable and
 * final as a static type is; its slots filled here (ISO C initialises no void * with a
 * function) */
int core_type_ready(void) {
    static PyType_Slot slots[6];
    static PyType_Spec spec = {"sudoku_repl.core._native.Core", sizeof(Core), 0,
                               Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, slots};
    if (CoreType)
        return 0;
    slots[0] = (PyType_Slot){Py_tp_doc, "The engine's state and moves in native memory "
                                        "(core/native_engine.py)."};
    slots[1] = (PyType_Slot){Py_tp_new, code_as_data((PyCode)PyType_GenericNew)};
    slots[2] = (PyType_Slot){Py_tp_init, code_as_data((PyCode)Core_init)};
    slots[3] = (PyType_Slot){Py_tp_dealloc, code_as_data((PyCode)Core_dealloc)};
    slots[4] = (PyType_Slot){Py_tp_methods, Core_methods};
    CoreType = (PyTypeObject *)PyType_FromSpec(&spec);
    return CoreType ? 0 : -1;
}

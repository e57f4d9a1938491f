/* The Python objects the core makes: event records, Frame and EngineState (attrs classes with
 * slots, filled in directly), given by Python once (configure). */
#include "objects.h"

/* set by configure(): the event records, Frame, EngineState, the statuses, array.array */
PyObject *T_NoCandidate, *T_WentWrong, *T_UnitShrunk, *T_Removal, *T_CelSet, *T_Guess,
    *T_Outcome, *T_Frame, *T_State, *T_array, *STATUS[N_STATUSES];
PyObject *SMALL[1024];
PyObject *COPY;
/* the slots of Frame and EngineState, in their fields' order (attrs classes with slots): set
 * directly, as their __init__ would, without a Python call (NULL: call the class instead) */
static PyObject *FRAME_SLOTS[5], *STATE_SLOTS[7];

/* an instance of an attrs class with slots, made from its fields (each a new reference) */
static PyObject *make_record(PyObject *type, PyObject **slots, int n, PyObject **fields) {
    PyObject *obj = NULL;
    for (int i = 0; i < n; i++)
        if (!fields[i])
            goto done;
    if (!slots[0]) {
        PyObject *args = PyTuple_New(n);
        if (!args)
            goto done;
        for (int i = 0; i < n; i++) {
            TUPLE_SET(args, i, fields[i]);
            fields[i] = NULL;
        }
        obj = PyObject_Call(type, args, NULL);
        Py_DECREF(args);
        goto done;
    }
    obj = TYPE_ALLOC(type, 0);
    for (int i = 0; obj && i < n; i++)
        if (DESCR_SET(slots[i], obj, fields[i]) < 0)
            Py_CLEAR(obj);
done:
    for (int i = 0; i < n; i++)
        Py_XDECREF(fields[i]);
    return obj;
}

/* an event record (EMIT in objects.h): a named tuple of ``type`` made directly (its fields are
 * plain) */
void emit(Core *c, PyObject *type, int n, ...) {
    PyObject *t = TYPE_ALLOC(type, n);
    if (!t) {
        c->failed = 1;
        return;
    }
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        TUPLE_SET(t, i, va_arg(ap, PyObject *)); /* each a new reference */
    va_end(ap);
    for (int i = 0; i < n; i++)
        if (!TUPLE_ITEM(t, i)) {
            Py_DECREF(t);
            c->failed = 1;
            return;
        }
    if (PyList_Append(c->ev, t) < 0)
        c->failed = 1;
    Py_DECREF(t);
}

PyObject *grid(Core *c) {
    return PyBytes_FromStringAndSize((const char *)c->values, c->size);
}

const unsigned char *grid_bytes(PyObject *arg, const char *usage) {
    if (!PyBytes_Check(arg) || BYTES_SIZE(arg) != 81) {
        PyErr_SetString(PyExc_ValueError, usage);
        return NULL;
    }
    const unsigned char *cells = (const unsigned char *)BYTES_DATA(arg);
    for (int c = 0; c < 81; c++)
        if (cells[c] > 9) {
            PyErr_SetString(PyExc_ValueError, "a grid's values are 0 (empty) to 9");
            return NULL;
        }
    return cells;
}

PyObject *values_tuple(int mask) {
    PyObject *t = PyTuple_New(BITS[mask]);
    if (!t)
        return NULL;
    int i = 0;
    for (int v = 1; v <= 9; v++)
        if (mask >> (v - 1) & 1)
            TUPLE_SET(t, i++, num(v));
    return t;
}

/* an array("H") of the candidates: a copy of the core's template filled in (an array made from
 * bytes costs several times as much: it parses its arguments and audits the call) */
static PyObject *cands_array(Core *c, const uint16_t *cands) {
    if (!c->cands_template) {
        PyObject *raw = PyBytes_FromStringAndSize(NULL, sizeof(uint16_t) * c->size);
        if (!raw)
            return NULL;
        c->cands_template = PyObject_CallFunction(T_array, "sO", "H", raw);
        Py_DECREF(raw);
        if (!c->cands_template)
            return NULL;
    }
    PyObject *a = CALL_METHOD0(c->cands_template, COPY);
    Py_buffer view;
    if (!a || PyObject_GetBuffer(a, &view, PyBUF_WRITABLE) < 0) {
        Py_XDECREF(a);
        return NULL;
    }
    memcpy(view.buf, cands, sizeof(uint16_t) * c->size);
    PyBuffer_Release(&view);
    return a;
}

PyObject *frame_object(Core *c, NFrame *f) {
    if (f->frame) {
        Py_INCREF(f->frame);
        return f->frame;
    }
    if (!f->values_obj) {
        f->values_obj = PyBytes_FromStringAndSize((const char *)f->values, c->size);
        if (!f->values_obj)
            return NULL;
    }
    if (!f->cands_obj) {
        f->cands_obj = cands_array(c, f->cands);
        if (!f->cands_obj)
            return NULL;
    }
    if (!f->options_obj) {
        f->options_obj = PyTuple_New(f->n_options);
        if (!f->options_obj)
            return NULL;
        for (int i = 0; i < f->n_options; i++)
            TUPLE_SET(f->options_obj, i, num(f->options[i]));
    }
    Py_INCREF(f->options_obj);
    Py_INCREF(f->values_obj);
    Py_INCREF(f->cands_obj);
    PyObject *fields[5] = {PyLong_FromLong(f->cell), f->options_obj, PyLong_FromLong(f->tried),
                           f->values_obj, f->cands_obj};
    f->frame = make_record(T_Frame, FRAME_SLOTS, 5, fields);
    Py_XINCREF(f->frame);
    return f->frame;
}

static PyObject *frames_tuple(Core *c) {
    PyObject *t = PyTuple_New(c->n_frames);
    if (!t)
        return NULL;
    for (int i = 0; i < c->n_frames; i++) {
        PyObject *f = frame_object(c, &c->frames[i]);
        if (!f) {
            Py_DECREF(t);
            return NULL;
        }
        TUPLE_SET(t, i, f);
    }
    return t;
}

PyObject *make_state(Core *c) {
    PyObject *frames = frames_tuple(c);
    if (!frames)
        return NULL;
    PyObject *cands = cands_array(c, c->cands);
    Py_INCREF(STATUS[c->status]);
    PyObject *fields[7] = {STATUS[c->status],        PyLong_FromLongLong(c->steps),
                           PyLong_FromLongLong(c->solutions), grid(c),
                           cands,                    frames,
                           PyLong_FromLong(c->pending)};
    return make_record(T_State, STATE_SLOTS, 7, fields);
}

/* the member descriptors of a class's fields, or all NULL when one is not a slot (or the class
 * has an __attrs_post_init__, or validators: then the class is called) */
static int find_slots(PyObject *type, const char **names, int n, PyObject **slots) {
    for (int i = 0; i < n; i++)
        Py_CLEAR(slots[i]);
    for (int i = -1; i < n; i++) { /* (-1: __attrs_post_init__, which must not be there) */
        PyObject *name = PyUnicode_FromString(i < 0 ? "__attrs_post_init__" : names[i]);
        PyObject *d = name ? type_own(type, name) : NULL;
        Py_XDECREF(name);
        if (i >= 0 && d && Py_IS_TYPE(d, &PyMemberDescr_Type)) {
            slots[i] = d; /* (the new reference kept) */
            continue;
        }
        if (i < 0 && !d && !PyErr_Occurred())
            continue;
        Py_XDECREF(d);
        for (int j = 0; j < n; j++)
            Py_CLEAR(slots[j]);
        return PyErr_Occurred() ? -1 : 0;
    }
    return 0;
}

/* configure(NoCandidate, WentWrong, UnitShrunk, Removal, CelSet, Guess, Outcome, Frame,
 *           EngineState, statuses, array) */
PyObject *configure(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *statuses;
    PyObject *t[10];
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOO", &t[0], &t[1], &t[2], &t[3], &t[4], &t[5], &t[6],
                          &t[7], &t[8], &statuses, &t[9]))
        return NULL;
    for (int i = 0; i < 7; i++)
        if (!PyType_Check(t[i]) || !PyType_IsSubtype((PyTypeObject *)t[i], &PyTuple_Type)) {
            PyErr_SetString(PyExc_TypeError, "event records must be tuple types");
            return NULL;
        }
    if (!PyTuple_Check(statuses) || TUPLE_SIZE(statuses) != 6) {
        PyErr_SetString(PyExc_TypeError, "six statuses");
        return NULL;
    }
    PyObject **slots[] = {&T_NoCandidate, &T_WentWrong, &T_UnitShrunk, &T_Removal, &T_CelSet,
                          &T_Guess,       &T_Outcome,   &T_Frame,      &T_State,   &T_array};
    for (int i = 0; i < 10; i++) {
        PyObject *old = *slots[i];
        Py_INCREF(t[i]);
        *slots[i] = t[i];
        Py_XDECREF(old);
    }
    for (int i = 0; i < 6; i++) { /* (a tuple of six, checked above) */
        PyObject *old = STATUS[i];
        STATUS[i] = TUPLE_ITEM(statuses, i);
        Py_INCREF(STATUS[i]);
        Py_XDECREF(old);
    }
    static const char *frame_fields[5] = {"cell", "options", "tried", "values", "cands"};
    static const char *state_order[7] = {"status", "steps",  "solutions", "values",
                                         "cands",  "frames", "pending"};
    if (find_slots(T_Frame, frame_fields, 5, FRAME_SLOTS) < 0 ||
        find_slots(T_State, state_order, 7, STATE_SLOTS) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* The record's cell questions (core/record/: History.cell_track and its readers in queries.py),
 * and what the moves a record drops showed (record/dropped.py). */
#include "record.h"
#include "objects.h"

/* history.py's Python loops are the reference (the pure build's way); these do the same on the
 * record's buffers, for a cell a million steps touched some 100,000 times. */

/* a growable column of numbers of one type, kept as the bytes Python receives */
typedef struct {
    char *buf;
    Py_ssize_t n, cap; /* in items */
} Column;

/* room for one more item of size bytes (-1 and MemoryError when there is none) */
static inline int column_room(Column *c, size_t size) {
    if (c->n < c->cap)
        return 0;
    Py_ssize_t cap = c->cap ? 2 * c->cap : 4096;
    char *buf = PyMem_Realloc(c->buf, cap * size);
    if (!buf) {
        PyErr_NoMemory();
        return -1;
    }
    c->buf = buf;
    c->cap = cap;
    return 0;
}

#define COLUMN_ADD(c, type, v)                                                                     \
    (column_room(&(c), sizeof(type)) < 0 ? -1 : (((type *)(c).buf)[(c).n++] = (type)(v), 0))

/* the column as bytes (items of size bytes); frees it */
static PyObject *column_bytes(Column *c, size_t size) {
    PyObject *b = PyBytes_FromStringAndSize(c->buf ? c->buf : "", c->n * (Py_ssize_t)size);
    PyMem_Free(c->buf);
    c->buf = NULL;
    c->n = c->cap = 0;
    return b;
}

/* a view of an object's buffer (an array, bytes, a bytearray) */
static int view_of(PyObject *o, Py_buffer *view) {
    return PyObject_GetBuffer(o, view, PyBUF_SIMPLE);
}

/* where the record's chunks (record.chunks.Chunk, a class with slots) keep their cells, ends and
 * states: the slots' offsets, read once per scan from the class's member descriptors (-1: not
 * a plain slot, or a build on the limited API: read as an attribute). A scan reads them of
 * some 15,000 chunks. */
typedef struct {
    PyTypeObject *type;
    PyObject *names[3];
    Py_ssize_t offsets[3];
} ChunkSlots;

enum { CELLS = 0, ENDS, STATES };

static int chunk_slots(ChunkSlots *slots, PyObject *chunk) {
    static const char *names[3] = {"cells", "ends", "states"};
    slots->type = Py_TYPE(chunk);
    for (int i = 0; i < 3; i++) {
        if (!slots->names[i] && !(slots->names[i] = PyUnicode_InternFromString(names[i])))
            return -1;
        PyObject *d = type_own((PyObject *)slots->type, slots->names[i]);
        if (!d && PyErr_Occurred())
            return -1;
        slots->offsets[i] = d ? object_slot_offset(d) : -1;
        Py_XDECREF(d);
    }
    return 0;
}

/* the buffer of a chunk's cells, ends or states */
static int attr_view(PyObject *chunk, ChunkSlots *slots, int which, Py_buffer *view) {
    Py_ssize_t offset = slots->offsets[which];
    if (Py_TYPE(chunk) == slots->type && offset >= 0) {
        PyObject *a = *(PyObject **)((char *)chunk + offset);
        if (a)
            return view_of(a, view);
    }
    PyObject *a = PyObject_GetAttr(chunk, slots->names[which]);
    if (!a)
        return -1;
    int r = view_of(a, view);
    Py_DECREF(a);
    return r;
}

static void release(Py_buffer *view) {
    if (view->obj)
        PyBuffer_Release(view);
}

/* What crosses from Python is checked once a call: a number out of its range,
 * or a buffer whose length does not fit what it holds, is a ValueError naming the function,
 * what is wrong and what is accepted; nothing is read before. */
#define MAX_VALUE 9 /* the values: one candidate bit each */
_Static_assert(FULL == (1 << MAX_VALUE) - 1, "a value for each of FULL's candidate bits");

/* chunk k's states in view (2 bytes a cell, n_cells of them); a chunk recorded without them
 * (deferred) gets them first from write_out(k). -1 with an exception set on failure. */
static int states_view(PyObject *chunk, ChunkSlots *slots, PyObject *write_out, Py_ssize_t k,
                       Py_ssize_t n_cells, Py_buffer *view) {
    if (attr_view(chunk, slots, STATES, view) < 0)
        return -1;
    if (view->len / 2 == n_cells)
        return 0;
    release(view);
    PyObject *r = PyObject_CallFunction(write_out, "n", k);
    if (!r)
        return -1;
    Py_DECREF(r);
    if (attr_view(chunk, slots, STATES, view) < 0)
        return -1;
    if (view->len / 2 != n_cells) {
        PyErr_SetString(PyExc_RuntimeError, "a chunk without its states");
        return -1;
    }
    return 0;
}

static int in_range(const char *fn, const char *what, long long v, long long lo, long long hi) {
    if (v >= lo && v <= hi)
        return 0;
    PyErr_Format(PyExc_ValueError, "%s: %s %lld is out of range (%lld to %lld)", fn, what, v, lo,
                 hi);
    return -1;
}

/* a buffer of items of size bytes: its length a whole number of them (n: how many, or -1
 * unless it must hold exactly n) */
static int items_of(const char *fn, const char *what, const Py_buffer *view, Py_ssize_t size,
                    Py_ssize_t n) {
    if (view->len % size == 0 && (n < 0 || view->len / size == n))
        return 0;
    if (n < 0)
        PyErr_Format(PyExc_ValueError, "%s: %s are %zd-byte numbers, not %zd bytes", fn, what,
                     size, view->len);
    else
        PyErr_Format(PyExc_ValueError, "%s: %s hold %zd bytes, not %zd for %zd steps", fn, what,
                     view->len, n * size, n);
    return -1;
}

/* every byte of a column of values is a value (0: none) */
static int values_column(const char *fn, const char *what, const Py_buffer *view) {
    const unsigned char *v = (const unsigned char *)view->buf;
    unsigned char top = 0;
    for (Py_ssize_t i = 0; i < view->len; i++)
        top = v[i] > top ? v[i] : top;
    return top <= MAX_VALUE ? 0 : in_range(fn, what, top, 0, MAX_VALUE);
}

/* the first place of cell in cells[from:n] (8- or 16-bit numbers), or -1 */
static inline Py_ssize_t find_cell(const void *cells, int wide, Py_ssize_t from, Py_ssize_t n,
                                   int cell) {
    if (from >= n)
        return -1;
    if (!wide) {
        const unsigned char *p = (const unsigned char *)cells;
        const unsigned char *at = memchr(p + from, cell, n - from);
        return at ? at - p : -1;
    }
    const uint16_t *p = (const uint16_t *)cells;
    for (Py_ssize_t i = from; i < n; i++)
        if (p[i] == cell)
            return i;
    return -1;
}

/* what a scan gathers: the columns of History.cell_track */
typedef struct {
    Column steps, values_before, values, cands_before, cands; /* uint32, u8, u8, u16, u16 */
    PyObject *passing;                                         /* [(entry, (values...)), ...] */
} Track;

/* close the step of the changes seen (history.py's close): an entry when the step's state
 * shows the cell otherwise than the step before, or it held a value only inside the step */
static int track_close(Track *t, uint32_t step, int value, int cands, int now_value, int now_cands,
                       const int *held, int n_held) {
    int passing[128], n_passing = 0;
    if (n_held && !(n_held == 1 && (held[0] == now_value || held[0] == value)))
        for (int j = 0; j < n_held; j++)
            if (held[j] != value && held[j] != now_value)
                passing[n_passing++] = held[j];
    if (now_value == value && now_cands == cands && !n_passing)
        return 0;
    if (n_passing) {
        PyObject *values = PyTuple_New(n_passing);
        if (!values)
            return -1;
        for (int j = 0; j < n_passing; j++)
            TUPLE_SET(values, j, num(passing[j]));
        PyObject *entry = Py_BuildValue("(nN)", t->steps.n, values);
        if (!entry || PyList_Append(t->passing, entry) < 0) {
            Py_XDECREF(entry);
            return -1;
        }
        Py_DECREF(entry);
    }
    if (COLUMN_ADD(t->steps, uint32_t, step) < 0 ||
        COLUMN_ADD(t->values_before, uint8_t, value) < 0 ||
        COLUMN_ADD(t->values, uint8_t, now_value) < 0 ||
        COLUMN_ADD(t->cands_before, uint16_t, cands) < 0 ||
        COLUMN_ADD(t->cands, uint16_t, now_cands) < 0)
        return -1;
    return 0;
}

/* cell_track(chunks, cell, stop, steps, start_steps, start_value, start_cands, wide, write_out)
 * -> (steps, values before, values, candidates before, candidates, passing): History.cell_track
 * read from the chunks' buffers, the loop of record/cell_index.py's scan_cell. steps is the record's
 * array('I'); write_out(k) gives chunk k its states when it has none. The columns come back as
 * bytes (native uint32, uint8, uint8, uint16, uint16); passing as [(entry, values)]. */
PyObject *cell_track(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *chunks, *steps_obj, *write_out;
    int cell, start_value, start_cands, wide;
    Py_ssize_t stop;
    long long before_all;
    if (!PyArg_ParseTuple(args, "O!inOLiipO", &PyList_Type, &chunks, &cell, &stop, &steps_obj,
                          &before_all, &start_value, &start_cands, &wide, &write_out))
        return NULL;
    const char *fn = "cell_track";
    if (in_range(fn, "cell", cell, 0, wide ? 0xFFFF : 0xFF) < 0 ||
        in_range(fn, "stop", stop, 0, PY_SSIZE_T_MAX) < 0 ||
        in_range(fn, "start steps", before_all, 0, UINT32_MAX) < 0 ||
        in_range(fn, "start value", start_value, 0, MAX_VALUE) < 0 ||
        in_range(fn, "start candidates", start_cands, 0, FULL) < 0)
        return NULL;
    if (!PyCallable_Check(write_out)) {
        PyErr_SetString(PyExc_TypeError, "cell_track: write_out is called with a chunk's number");
        return NULL;
    }
    static ChunkSlots slots;
    if (LIST_SIZE(chunks) && chunk_slots(&slots, LIST_ITEM(chunks, 0)) < 0)
        return NULL;
    Track t = {{0}, {0}, {0}, {0}, {0}, PyList_New(0)};
    PyObject *result = NULL, *chunk = NULL;
    Py_buffer sv = {0}, cv = {0}, ev = {0}, tv = {0};
    int cell_size = wide ? 2 : 1;
    if (!t.passing || view_of(steps_obj, &sv) < 0 || items_of(fn, "steps", &sv, 4, -1) < 0)
        goto done;
    const uint32_t *steps = (const uint32_t *)sv.buf;
    Py_ssize_t last = sv.len / 4;
    if (stop > last)
        stop = last;
    /* the cell at the state of the last step closed, and now; values held since then */
    int value = start_value, now_value = start_value, cands = start_cands, now_cands = start_cands;
    int held[128], n_held = 0;
    Py_ssize_t end = -1; /* the last move of the step the changes seen since then belong to */
    Py_ssize_t n_chunks = (stop + MOVES_PER_SNAPSHOT - 1) / MOVES_PER_SNAPSHOT;
    for (Py_ssize_t k = 0; k < n_chunks && k < LIST_SIZE(chunks); k++) {
        chunk = LIST_ITEM(chunks, k);
        Py_INCREF(chunk);
        if (attr_view(chunk, &slots, CELLS, &cv) < 0 ||
            items_of(fn, "a chunk's cells", &cv, cell_size, -1) < 0)
            goto done;
        Py_ssize_t n_cells = cv.len / cell_size;
        Py_ssize_t at = find_cell(cv.buf, wide, 0, n_cells, cell);
        if (at >= 0) {
            if (states_view(chunk, &slots, write_out, k, n_cells, &tv) < 0)
                goto done;
            if (attr_view(chunk, &slots, ENDS, &ev) < 0 ||
                items_of(fn, "a chunk's ends", &ev, 4, -1) < 0)
                goto done;
            const uint32_t *ends = (const uint32_t *)ev.buf;
            const uint16_t *states = (const uint16_t *)tv.buf;
            /* the states are read here and there: ask for all their cache lines at once */
            for (Py_ssize_t p = at & ~(Py_ssize_t)31; p < n_cells; p += 32)
                PREFETCH(states + p);
            Py_ssize_t n_ends = ev.len / 4, base = k * MOVES_PER_SNAPSHOT, i = 0;
            while (at >= 0) {
                while (i < n_ends && (Py_ssize_t)ends[i] <= at) /* bisect_right(ends, at) */
                    i++;
                Py_ssize_t move = base + i;
                if (move >= stop || i >= n_ends)
                    goto close;
                if (end >= 0 && move > end) { /* the step of the changes before has ended */
                    if ((now_value != value || now_cands != cands || n_held) &&
                        track_close(&t, steps[end], value, cands, now_value, now_cands, held,
                                    n_held) < 0)
                        goto done;
                    value = now_value, cands = now_cands, end = -1, n_held = 0;
                }
                now_value = states[at] >> VALUE_SHIFT, now_cands = states[at] & FULL;
                int seen = !now_value;
                for (int j = 0; j < n_held && !seen; j++)
                    seen = held[j] == now_value;
                if (!seen && n_held < 128)
                    held[n_held++] = now_value;
                if (end < 0) { /* the step's last move: the first from this one that advances */
                    end = move;
                    while (end < last && steps[end] <= (end ? steps[end - 1] : before_all))
                        end++;
                    if (end >= stop) { /* the step does not end within the moves asked about */
                        end = -1;
                        goto close;
                    }
                }
                at = find_cell(cv.buf, wide, ends[i], n_cells, cell);
            }
            release(&ev);
            release(&tv);
        }
        release(&cv);
        Py_CLEAR(chunk);
    }
close:
    if (end >= 0 &&
        track_close(&t, steps[end], value, cands, now_value, now_cands, held, n_held) < 0)
        goto done;
    result = Py_BuildValue("(NNNNNO)", column_bytes(&t.steps, 4),
                           column_bytes(&t.values_before, 1), column_bytes(&t.values, 1),
                           column_bytes(&t.cands_before, 2), column_bytes(&t.cands, 2), t.passing);
done:
    release(&ev);
    release(&tv);
    release(&cv);
    release(&sv);
    Py_XDECREF(chunk);
    Py_XDECREF(t.passing);
    PyMem_Free(t.steps.buf);
    PyMem_Free(t.values_before.buf);
    PyMem_Free(t.values.buf);
    PyMem_Free(t.cands_before.buf);
    PyMem_Free(t.cands.buf);
    return result;
}

/* the entries of a track's passing values ({entry: values}), by entry */
typedef struct {
    Py_ssize_t entry;
    PyObject *values; /* borrowed from the dict */
} Passing;

static int by_entry(const void *a, const void *b) {
    Py_ssize_t x = ((const Passing *)a)->entry, y = ((const Passing *)b)->entry;
    return (x > y) - (x < y);
}

/* value_events(steps, values_before, values, passing, held) -> (steps, codes): history.py's
 * value_events on a track's columns (steps: a uint32 buffer; values: bytes; passing: the
 * track's {entry: values}); a code is kind << 4 | value, its kind LOST, GOT or PASSING */
PyObject *value_events(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *steps_obj, *vb_obj, *va_obj, *passing;
    int held;
    if (!PyArg_ParseTuple(args, "OOOO!i", &steps_obj, &vb_obj, &va_obj, &PyDict_Type, &passing,
                          &held))
        return NULL;
    Py_buffer sv = {0}, bv = {0}, av = {0};
    Column steps = {0}, codes = {0};
    PyObject *result = NULL;
    const char *fn = "value_events";
    if (in_range(fn, "held", held, 0, MAX_VALUE) < 0)
        return NULL;
    Py_ssize_t n_passing = DICT_SIZE(passing), next = 0;
    Passing *sorted = PyMem_Malloc((n_passing + 1) * sizeof(Passing));
    if (!sorted)
        return PyErr_NoMemory();
    if (view_of(steps_obj, &sv) < 0 || items_of(fn, "steps", &sv, 4, -1) < 0)
        goto done;
    Py_ssize_t n = sv.len / 4;
    if (view_of(vb_obj, &bv) < 0 || items_of(fn, "the values before", &bv, 1, n) < 0 ||
        view_of(va_obj, &av) < 0 || items_of(fn, "the values", &av, 1, n) < 0 ||
        values_column(fn, "a value before", &bv) < 0 || values_column(fn, "a value", &av) < 0)
        goto done;
    PyObject *key, *values;
    for (Py_ssize_t pos = 0, j = 0; PyDict_Next(passing, &pos, &key, &values); j++) {
        sorted[j].entry = PyLong_AsSsize_t(key);
        sorted[j].values = values;
        if (sorted[j].entry == -1 && PyErr_Occurred())
            goto done;
        if (in_range(fn, "a passing entry", sorted[j].entry, 0, n - 1) < 0)
            goto done;
        if (!PyTuple_Check(values)) {
            PyErr_SetString(PyExc_TypeError, "value_events: passing values are a tuple");
            goto done;
        }
        for (Py_ssize_t k = 0; k < TUPLE_SIZE(values); k++) {
            long v = PyLong_AsLong(TUPLE_ITEM(values, k));
            if (v == -1 && PyErr_Occurred())
                goto done;
            if (in_range(fn, "a passing value", v, 1, MAX_VALUE) < 0)
                goto done;
        }
    }
    qsort(sorted, n_passing, sizeof(Passing), by_entry);
    const uint32_t *s = (const uint32_t *)sv.buf;
    const unsigned char *vb = (const unsigned char *)bv.buf, *va = (const unsigned char *)av.buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        int b = vb[i], a = va[i];
        if (b && b != a && (!held || held == b))
            if (COLUMN_ADD(steps, uint32_t, s[i]) < 0 || COLUMN_ADD(codes, uint8_t, LOST << 4 | b) < 0)
                goto done;
        if (a && a != b && (!held || held == a))
            if (COLUMN_ADD(steps, uint32_t, s[i]) < 0 ||
                COLUMN_ADD(codes, uint8_t, GOT << 4 | a) < 0)
                goto done;
        for (; next < n_passing && sorted[next].entry <= i; next++) {
            if (sorted[next].entry < i)
                continue;
            PyObject *vs = sorted[next].values;
            for (Py_ssize_t j = 0; j < TUPLE_SIZE(vs); j++) {
                long v = PyLong_AsLong(TUPLE_ITEM(vs, j));
                if (v == -1 && PyErr_Occurred())
                    goto done;
                if (held && held != v)
                    continue;
                if (COLUMN_ADD(steps, uint32_t, s[i]) < 0 ||
                    COLUMN_ADD(codes, uint8_t, PASSING << 4 | v) < 0)
                    goto done;
            }
        }
    }
    result = Py_BuildValue("(NN)", column_bytes(&steps, 4), column_bytes(&codes, 1));
done:
    release(&sv);
    release(&bv);
    release(&av);
    PyMem_Free(sorted);
    PyMem_Free(steps.buf);
    PyMem_Free(codes.buf);
    return result;
}

/* removal_steps(steps, values, cands, bit, last_empty) -> steps: the loop of history.py's
 * removal_steps on a track's columns (last_empty -1: none, the cell was filled at the start) */
PyObject *removal_steps(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *steps_obj, *va_obj, *ca_obj;
    int bit, last_empty;
    if (!PyArg_ParseTuple(args, "OOOii", &steps_obj, &va_obj, &ca_obj, &bit, &last_empty))
        return NULL;
    Py_buffer sv = {0}, av = {0}, cv = {0};
    Column found = {0};
    PyObject *result = NULL;
    const char *fn = "removal_steps";
    if (bit <= 0 || bit > FULL || (bit & (bit - 1))) {
        PyErr_Format(PyExc_ValueError,
                     "removal_steps: bit %d is no candidate's bit (1 << (value - 1), value 1 "
                     "to %d)",
                     bit, MAX_VALUE);
        return NULL;
    }
    if (in_range(fn, "last empty candidates", last_empty, -1, FULL) < 0)
        return NULL;
    if (view_of(steps_obj, &sv) < 0 || items_of(fn, "steps", &sv, 4, -1) < 0)
        goto done;
    Py_ssize_t n = sv.len / 4;
    if (view_of(va_obj, &av) < 0 || items_of(fn, "the values", &av, 1, n) < 0 ||
        view_of(ca_obj, &cv) < 0 || items_of(fn, "the candidates", &cv, 2, n) < 0)
        goto done;
    const uint32_t *s = (const uint32_t *)sv.buf;
    const unsigned char *va = (const unsigned char *)av.buf;
    const uint16_t *ca = (const uint16_t *)cv.buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (va[i])
            continue;
        if (last_empty >= 0 && last_empty & bit && !(ca[i] & bit) &&
            COLUMN_ADD(found, uint32_t, s[i]) < 0)
            goto done;
        last_empty = ca[i];
    }
    result = column_bytes(&found, 4);
done:
    release(&sv);
    release(&av);
    release(&cv);
    PyMem_Free(found.buf);
    return result;
}

/* -- what the dropped moves showed (History.drop_oldest) --------------------------------------- */

/* the per-cell arrays of a DropScan (uint16 each: last_empty, held, removed, waiting) */
typedef struct {
    uint16_t *last_empty, *held, *removed, *waiting;
    Py_ssize_t cells;
} Gathered;

/* a cell's state at a step's state, gathered (dropped.py's gather) */
static inline int gather(const char *fn, Gathered *g, int cell, unsigned state) {
    unsigned value = state >> VALUE_SHIFT;
    if (value) {
        if (value > MAX_VALUE)
            return in_range(fn, "a state's value", value, 0, MAX_VALUE);
        g->held[cell] |= (uint16_t)(1u << (value - 1));
    } else {
        g->removed[cell] |= (uint16_t)(g->last_empty[cell] & ~state);
        g->last_empty[cell] = (uint16_t)state;
    }
    return 0;
}

/* drop_scan(chunks, first, stop, steps, start_steps, wide, write_out, last_empty, held, removed,
 * waiting) -> None: record/dropped.py's scan of chunks first..stop - 1 on their buffers, into a
 * DropScan's four arrays (uint16, one per cell, written in place). steps is the record's
 * array('I'); write_out(k) gives chunk k its states when it has none. */
PyObject *drop_scan(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *chunks, *steps_obj, *write_out, *arrays[4];
    Py_ssize_t first, stop;
    long long before_all;
    int wide;
    if (!PyArg_ParseTuple(args, "O!nnOLpOOOOO", &PyList_Type, &chunks, &first, &stop, &steps_obj,
                          &before_all, &wide, &write_out, &arrays[0], &arrays[1], &arrays[2],
                          &arrays[3]))
        return NULL;
    const char *fn = "drop_scan";
    if (in_range(fn, "stop", stop, 0, LIST_SIZE(chunks)) < 0 ||
        in_range(fn, "first", first, 0, stop) < 0 ||
        in_range(fn, "start steps", before_all, 0, UINT32_MAX) < 0)
        return NULL;
    if (!PyCallable_Check(write_out)) {
        PyErr_SetString(PyExc_TypeError, "drop_scan: write_out is called with a chunk's number");
        return NULL;
    }
    static ChunkSlots slots;
    if (stop > first && chunk_slots(&slots, LIST_ITEM(chunks, first)) < 0)
        return NULL;
    static const char *names[4] = {"last_empty", "held", "removed", "waiting"};
    Py_buffer av[4] = {{0}}, sv = {0}, cv = {0}, ev = {0}, tv = {0};
    PyObject *result = NULL, *chunk = NULL;
    int *waiting = NULL, n_waiting = 0, cell_size = wide ? 2 : 1;
    Gathered g = {0};
    for (int i = 0; i < 4; i++) {
        if (PyObject_GetBuffer(arrays[i], &av[i], PyBUF_WRITABLE) < 0 ||
            items_of(fn, names[i], &av[i], 2, -1) < 0)
            goto done;
        if (!i)
            g.cells = av[0].len / 2;
        else if (av[i].len / 2 != g.cells) {
            PyErr_Format(PyExc_ValueError, "%s: %s holds %zd cells, not %zd as last_empty", fn,
                         names[i], av[i].len / 2, g.cells);
            goto done;
        }
    }
    g.last_empty = av[0].buf, g.held = av[1].buf, g.removed = av[2].buf, g.waiting = av[3].buf;
    if (view_of(steps_obj, &sv) < 0 || items_of(fn, "steps", &sv, 4, -1) < 0)
        goto done;
    const uint32_t *steps = (const uint32_t *)sv.buf;
    Py_ssize_t n_steps = sv.len / 4;
    /* the cells whose change waits for a step's state (a move that left the count as it was) */
    if (!(waiting = PyMem_Malloc((g.cells ? g.cells : 1) * sizeof(int)))) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t c = 0; c < g.cells; c++)
        if (g.waiting[c] != NOT_WAITING)
            waiting[n_waiting++] = (int)c;
    for (Py_ssize_t k = first; k < stop; k++) {
        chunk = LIST_ITEM(chunks, k);
        Py_INCREF(chunk);
        if (attr_view(chunk, &slots, CELLS, &cv) < 0 ||
            items_of(fn, "a chunk's cells", &cv, cell_size, -1) < 0)
            goto done;
        Py_ssize_t n_cells = cv.len / cell_size;
        if (states_view(chunk, &slots, write_out, k, n_cells, &tv) < 0)
            goto done;
        if (attr_view(chunk, &slots, ENDS, &ev) < 0 ||
            items_of(fn, "a chunk's ends", &ev, 4, -1) < 0)
            goto done;
        const uint32_t *ends = (const uint32_t *)ev.buf;
        const uint16_t *states = (const uint16_t *)tv.buf;
        const unsigned char *narrow = (const unsigned char *)cv.buf;
        const uint16_t *broad = (const uint16_t *)cv.buf;
        Py_ssize_t n_ends = ev.len / 4, base = k * MOVES_PER_SNAPSHOT, at = 0;
        if (base + n_ends > n_steps) {
            PyErr_Format(PyExc_ValueError,
                         "%s: chunk %zd ends at move %zd, past the %zd steps given", fn, k,
                         base + n_ends, n_steps);
            goto done;
        }
        /* the ends checked (from 0 up to the cells, never down), and whether every move
         * advances the step count */
        uint32_t previous = base ? steps[base - 1] : (uint32_t)before_all;
        int all_advance = 1;
        for (Py_ssize_t i = 0; i < n_ends; i++) {
            if ((Py_ssize_t)ends[i] < (i ? (Py_ssize_t)ends[i - 1] : 0) ||
                (Py_ssize_t)ends[i] > n_cells) {
                PyErr_Format(PyExc_ValueError,
                             "%s: a chunk's ends go from %zd to %zd (0 to %zd, never down)", fn,
                             i ? (Py_ssize_t)ends[i - 1] : 0, (Py_ssize_t)ends[i], n_cells);
                goto done;
            }
            all_advance &= steps[base + i] > (i ? steps[base + i - 1] : previous);
        }
        if (all_advance && !n_waiting) { /* each state kept is a step's: gathered in order */
            Py_ssize_t n = n_ends ? ends[n_ends - 1] : 0;
            for (Py_ssize_t p = 0; p < n; p++) {
                int c = wide ? broad[p] : narrow[p];
                if (c >= g.cells) {
                    in_range(fn, "a chunk's cell", c, 0, g.cells - 1);
                    goto done;
                }
                if (gather(fn, &g, c, states[p]) < 0)
                    goto done;
            }
        } else {
            for (Py_ssize_t i = 0; i < n_ends; i++) {
                for (Py_ssize_t p = at; p < (Py_ssize_t)ends[i]; p++) {
                    int c = wide ? broad[p] : narrow[p];
                    if (c >= g.cells) {
                        in_range(fn, "a chunk's cell", c, 0, g.cells - 1);
                        goto done;
                    }
                    if (states[p] >> VALUE_SHIFT > MAX_VALUE) { /* (never NOT_WAITING) */
                        in_range(fn, "a state's value", states[p] >> VALUE_SHIFT, 0, MAX_VALUE);
                        goto done;
                    }
                    if (g.waiting[c] == NOT_WAITING)
                        waiting[n_waiting++] = c;
                    g.waiting[c] = states[p];
                }
                at = ends[i];
                if (steps[base + i] > previous) { /* a step's state: what waited shows in it */
                    for (int j = 0; j < n_waiting; j++) {
                        int c = waiting[j];
                        if (gather(fn, &g, c, g.waiting[c]) < 0)
                            goto done;
                        g.waiting[c] = NOT_WAITING;
                    }
                    n_waiting = 0;
                }
                previous = steps[base + i];
            }
        }
        release(&ev);
        release(&tv);
        release(&cv);
        Py_CLEAR(chunk);
    }
    result = Py_NewRef(Py_None);
done:
    release(&ev);
    release(&tv);
    release(&cv);
    release(&sv);
    for (int i = 0; i < 4; i++)
        release(&av[i]);
    Py_XDECREF(chunk);
    PyMem_Free(waiting);
    return result;
}

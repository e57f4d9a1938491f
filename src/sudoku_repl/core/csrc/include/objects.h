/* The Python objects the core makes (objects.c): event records, Frame and EngineState, the
 * types given once by configure(), and the small ints shared. */
#ifndef SUDOKU_REPL_OBJECTS_H
#define SUDOKU_REPL_OBJECTS_H

#include "state.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* set by configure(): the event records, Frame, EngineState, the statuses, array.array */
extern PyObject *T_NoCandidate, *T_WentWrong, *T_UnitShrunk, *T_Removal, *T_CelSet, *T_Guess,
    *T_Outcome, *T_Frame, *T_State, *T_array, *STATUS[N_STATUSES];
extern PyObject *SMALL[1024]; /* ints 0..1023, shared (made by PyInit__native) */
extern PyObject *COPY;        /* "__copy__", interned */

void emit(Core *c, PyObject *type, int n, ...);
PyObject *grid(Core *c);
PyObject *values_tuple(int mask);
PyObject *frame_object(Core *c, NFrame *f);
PyObject *make_state(Core *c);
PyObject *configure(PyObject *self, PyObject *args);
/* the 81 values of a grid passed as bytes, each 0-9, or NULL with ValueError: ``usage`` (the
 * function's signature) where it is not 81 bytes, else that the values are 0 (empty) to 9 */
const unsigned char *grid_bytes(PyObject *arg, const char *usage);

static inline PyObject *num(long v) {
    if (v >= 0 && v < 1024) {
        Py_INCREF(SMALL[v]);
        return SMALL[v];
    }
    return PyLong_FromLong(v);
}

/* an event record: a named tuple of ``type`` made directly (its fields are plain) */
#define WANTS(c, kind) ((c)->ev && ((c)->kinds >> (kind) & 1) && !(c)->failed)
/* the fields are made only when the kind is wanted */
#define EMIT(c, kind, type, n, ...)                                                             \
    do {                                                                                        \
        if (WANTS(c, kind))                                                                     \
            emit(c, type, n, __VA_ARGS__);                                                      \
    } while (0)

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

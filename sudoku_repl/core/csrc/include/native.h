/* The native core's shared part: the constants, the state's types and what one file of the core
 * calls in another (docs/native.md). The core mirrors the pure engine (core/engine.py,
 * core/filters.py) function for function, under the same names (engine.py's Engine._start is
 * _start() here, filters.grp is grp(), ...). The pure engine's caches (grp's memo, the counts'
 * byte searches) are left out or replaced by what is cheap in C (a bit per unit that may have
 * something for grp); they never change what a move does.
 *
 * The state lives in C arrays. core/native_engine.py's NativeEngine keeps the pure Engine's
 * attributes as well: it pushes them in before a native call and pulls them out after it, so
 * that every pure method (a technique's run mode, a guess answer) works on it unchanged.
 *
 * The files, one concern each: filters.c (grp, ply), moves.c (the move machine), run.c (the
 * plain run and the silent search, many moves a call), objects.c (the Python objects the core
 * makes: events, frames, states), core.c (the Core type: its tables, push and pull), record.c
 * (the record's cell questions, and what the moves it drops showed), quiz.c (the clash test),
 * module.c (the module, and the constants it exports for core/native_check.py). */
#ifndef SUDOKU_REPL_NATIVE_H
#define SUDOKU_REPL_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* what one file defines for another stays inside the extension (only PyInit__native is
 * exported): no clash with a symbol of the interpreter, and calls the compiler may inline */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* -- the constants Python shares (module.c exports them; core/native_check.py checks them) -- */

/* event kinds (core/events.py; COMPLETE_K is events.COMPLETE) */
enum { NO_CANDIDATE = 0, WENT_WRONG, COMPLETE_K, REMOVED, CELSET, INCOMPLETE, PLY, GUESS,
       FORWARD, UPWARD, NO_MORE, SOLUTION };
/* statuses, in the order of state.Status (NativeEngine's STATUSES) */
enum { LOADED = 0, SEARCHING, SOLVED, FINISHED, GUESS_DUE, WRONG, N_STATUSES };
/* the kinds of a cell's value events (history.LOST, GOT, PASSING): a code is kind << 4 | value */
enum { LOST = 0, GOT, PASSING };

#define FILLED 10             /* the count of a filled cell (engine.FILLED) */
#define MOVES_PER_SNAPSHOT 128 /* the record's chunk (history.MOVES_PER_SNAPSHOT) */
#define VALUE_SHIFT 9         /* a cell's state in the record: value << 9 | candidates */
#define NOT_WAITING 0xFFFF    /* a drop's cell with no state waiting (layout.NOT_WAITING) */

/* -- the core's own constants ------------------------------------------------------------- */

/* filter results (filters.Result) */
enum { NOTHING = 0, COMPLETE = 1, SHRUNKEN = 2, CONTRADICTION = 3 };

#define FULL 0x1FF

/* -- the state --------------------------------------------------------------------------- */

typedef struct {
    int cell, n_options, tried;
    unsigned char options[10];
    unsigned char *values;
    uint16_t *cands;
    uint64_t *dirty; /* grp's units to look at when the guess was made (Engine.frame_clean) */
    PyObject *frame;  /* the Frame as Python sees it, made when first asked for (or NULL) */
    PyObject *values_obj, *cands_obj, *options_obj; /* its parts, shared by its next tries */
} NFrame;

typedef struct {
    PyObject_HEAD
    /* the geometry's tables */
    int size, n_units, n_lines, n_blocks;
    int *peer_at, *peers;        /* place order: peers[peer_at[i] .. peer_at[i + 1]] */
    unsigned char *in_block;     /* per peer entry */
    int *unit_at, *unit_cells;   /* units in scan order */
    int *line_at, *line_cells;   /* rows then columns (ply) */
    int *block_at, *block_cells; /* blocks */
    int *block_of;
    /* the state */
    int status, pending;
    long steps, solutions;
    unsigned char *values, *counts;
    /* grp's units to look at (a set bit: a cell of the unit changed since grp last found
     * nothing there), ``words`` 64-bit words; per cell, the bits of its units */
    uint64_t *dirty, *unit_bits;
    int words;
    uint16_t *cands;
    NFrame *frames;
    int n_frames, cap_frames;
    int *touched;
    int n_touched, cap_touched;
    /* the move in progress: its events (NULL: none wanted), the kinds wanted, its new guess */
    PyObject *ev;
    unsigned kinds;
    int new_guess;
    int failed; /* a Python error was raised inside a move */
    PyObject *cands_template; /* an array("H") of size cells (cands_array) */
} Core;

/* -- objects.c: the Python objects the core makes ------------------------------------------ */

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

/* -- filters.c ------------------------------------------------------------------------------ */

extern const int BITS[512]; /* the number of bits of a 9-bit mask */
int grp(Core *c);
int ply(Core *c);

/* -- moves.c -------------------------------------------------------------------------------- */

int grow_touched(Core *c);
void frame_forget(NFrame *f);
int push_frame(Core *c);
void advance(Core *c, int run_mode);

/* -- core.c, run.c: the Core type and its methods that run many moves ----------------------- */

extern PyTypeObject CoreType;
int core_ready(Core *c); /* 0, or -1 with ValueError: a Core whose __init__ did not succeed */
PyObject *Core_run(Core *c, PyObject *args);
PyObject *Core_search(Core *c, PyObject *const *args, Py_ssize_t nargs);

/* -- record.c, quiz.c: the module's functions ---------------------------------------------- */

PyObject *cell_track(PyObject *self, PyObject *args);
PyObject *value_events(PyObject *self, PyObject *args);
PyObject *removal_steps(PyObject *self, PyObject *args);
PyObject *drop_scan(PyObject *self, PyObject *args);
PyObject *clash_free(PyObject *self, PyObject *const *args, Py_ssize_t n);

/* -- helpers of the hot path, inlined where they are used ------------------------------------ */

static inline PyObject *num(long v) {
    if (v >= 0 && v < 1024) {
        Py_INCREF(SMALL[v]);
        return SMALL[v];
    }
    return PyLong_FromLong(v);
}

static inline int value_of_bit(int b) { return __builtin_ctz(b) + 1; }

static inline void touch(Core *c, int cell) {
    if (__builtin_expect(c->n_touched == c->cap_touched, 0) && !grow_touched(c))
        return;
    c->touched[c->n_touched++] = cell;
    if (c->words == 1) { /* (every geometry of up to 64 units) */
        c->dirty[0] |= c->unit_bits[cell];
        return;
    }
    const uint64_t *bits = c->unit_bits + (size_t)cell * c->words;
    for (int w = 0; w < c->words; w++)
        c->dirty[w] |= bits[w];
}

/* every unit to be looked at (nothing known of any) */
static inline void all_dirty(Core *c, uint64_t *dirty) {
    for (int w = 0; w < c->words; w++) {
        int left = c->n_units - 64 * w;
        dirty[w] = left >= 64 ? ~0ULL : (1ULL << left) - 1;
    }
}

static inline void recount(Core *c, int cell) {
    c->counts[cell] = c->values[cell] ? FILLED : BITS[c->cands[cell]];
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

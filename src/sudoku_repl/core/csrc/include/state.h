/* The state of a Core (state.c): its types, and what changes its touched cells, the units grp
 * looks at and the counts, the helpers of the hot path inlined where they are used. */
#ifndef SUDOKU_REPL_STATE_H
#define SUDOKU_REPL_STATE_H

#include "native.h"
#include "bits.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

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
    int64_t steps, solutions; /* (not long: 32 bits on Windows) */
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

int grow_touched(Core *c); /* 1, or 0 with c->failed set (no memory) */
int core_ready(Core *c);   /* 0, or -1 with ValueError: a Core whose __init__ did not succeed */

static inline void touch(Core *c, int cell) {
    if (UNLIKELY(c->n_touched == c->cap_touched) && !grow_touched(c))
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

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* The native core: the move machine of core/engine.py and the filters of core/filters.py in C,
 * with a plain run loop that records its moves in native buffers (docs/native.md).
 *
 * The pure engine is the reference; this file mirrors it function for function, under the
 * same names (engine.py's Engine._start is start() here, filters.grp is grp(), ...). The pure
 * engine's caches (grp's memo, the counts' byte searches) are left out or replaced by what is
 * cheap in C (a bit per unit that may have something for grp); they never change what a move
 * does.
 *
 * The state lives in C arrays. core/native_engine.py's NativeEngine keeps the pure Engine's
 * attributes as well: it pushes them in before a native call and pulls them out after it, so
 * that every pure method (a technique's run mode, a guess answer) works on it unchanged.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#ifndef Py_T_OBJECT_EX /* (Python 3.11: structmember.h's name) */
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* event kinds (core/events.py) */
enum { NO_CANDIDATE = 0, WENT_WRONG, COMPLETE_K, REMOVED, CELSET, INCOMPLETE, PLY, GUESS,
       FORWARD, UPWARD, NO_MORE, SOLUTION };
/* statuses, in the order of NativeEngine's STATUSES */
enum { LOADED = 0, SEARCHING, SOLVED, FINISHED, GUESS_DUE, WRONG };
/* filter results (filters.Result) */
enum { NOTHING = 0, COMPLETE = 1, SHRUNKEN = 2, CONTRADICTION = 3 };

#define FILLED 10
#define FULL 0x1FF
#define MOVES_PER_SNAPSHOT 128

/* set by configure(): the event records, Frame, EngineState, the statuses, array.array */
static PyObject *T_NoCandidate, *T_WentWrong, *T_UnitShrunk, *T_Removal, *T_CelSet, *T_Guess,
    *T_Outcome, *T_Frame, *T_State, *T_array, *STATUS[6];
static PyObject *SMALL[1024]; /* ints 0..1023, shared */
static PyObject *COPY;        /* "__copy__", interned */
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
            PyTuple_SET_ITEM(args, i, fields[i]);
            fields[i] = NULL;
        }
        obj = PyObject_Call(type, args, NULL);
        Py_DECREF(args);
        goto done;
    }
    obj = ((PyTypeObject *)type)->tp_alloc((PyTypeObject *)type, 0);
    for (int i = 0; obj && i < n; i++)
        if (Py_TYPE(slots[i])->tp_descr_set(slots[i], obj, fields[i]) < 0)
            Py_CLEAR(obj);
done:
    for (int i = 0; i < n; i++)
        Py_XDECREF(fields[i]);
    return obj;
}

static inline PyObject *num(long v) {
    if (v >= 0 && v < 1024) {
        Py_INCREF(SMALL[v]);
        return SMALL[v];
    }
    return PyLong_FromLong(v);
}

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

/* -- helpers ---------------------------------------------------------------------------- */

static const int BITS[512] = {
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
#define B8(n) B6(n), B6(n + 1), B6(n + 1), B6(n + 2)
    B8(0), B8(1)};

static inline int value_of_bit(int b) { return __builtin_ctz(b) + 1; }

static int grow_touched(Core *c) {
    int cap = c->cap_touched * 2;
    int *t = PyMem_Realloc(c->touched, sizeof(int) * cap);
    if (!t) {
        c->failed = 1;
        return 0;
    }
    c->touched = t;
    c->cap_touched = cap;
    return 1;
}

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
static void all_dirty(Core *c, uint64_t *dirty) {
    for (int w = 0; w < c->words; w++) {
        int left = c->n_units - 64 * w;
        dirty[w] = left >= 64 ? ~0ULL : (1ULL << left) - 1;
    }
}

/* an event record: a named tuple of ``type`` made directly (its fields are plain) */
#define WANTS(c, kind) ((c)->ev && ((c)->kinds >> (kind) & 1) && !(c)->failed)
/* the fields are made only when the kind is wanted */
#define EMIT(c, kind, type, n, ...)                                                             \
    do {                                                                                        \
        if (WANTS(c, kind))                                                                     \
            emit(c, type, n, __VA_ARGS__);                                                      \
    } while (0)

static void emit(Core *c, PyObject *type, int n, ...) {
    PyObject *t = ((PyTypeObject *)type)->tp_alloc((PyTypeObject *)type, n);
    if (!t) {
        c->failed = 1;
        return;
    }
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        PyTuple_SET_ITEM(t, i, va_arg(ap, PyObject *)); /* each a new reference */
    va_end(ap);
    for (int i = 0; i < n; i++)
        if (!PyTuple_GET_ITEM(t, i)) {
            Py_DECREF(t);
            c->failed = 1;
            return;
        }
    if (PyList_Append(c->ev, t) < 0)
        c->failed = 1;
    Py_DECREF(t);
}

static PyObject *grid(Core *c) {
    return PyBytes_FromStringAndSize((const char *)c->values, c->size);
}

static PyObject *values_tuple(int mask) {
    PyObject *t = PyTuple_New(BITS[mask]);
    if (!t)
        return NULL;
    int i = 0;
    for (int v = 1; v <= 9; v++)
        if (mask >> (v - 1) & 1)
            PyTuple_SET_ITEM(t, i++, num(v));
    return t;
}

static void recount(Core *c, int cell) {
    c->counts[cell] = c->values[cell] ? FILLED : BITS[c->cands[cell]];
}

static void recount_touched(Core *c) {
    for (int k = 0; k < c->n_touched; k++)
        recount(c, c->touched[k]);
}

/* -- filters.py ------------------------------------------------------------------------- */

static void _remove(Core *c, int technique, int cell, int mask) {
    c->cands[cell] &= ~mask;
    touch(c, cell);
    for (int v = 1; v <= 9; v++)
        if (mask >> (v - 1) & 1)
            EMIT(c, REMOVED, T_Removal, 4, num(REMOVED), num(technique), num(v), num(cell));
}

static int _complete_shrink(Core *c, const int *empty, int e, int missing) {
    int changed = 0;
    uint16_t *cands = c->cands;
    while (missing) {
        int b = missing & -missing;
        missing ^= b;
        int only = -1, found = 0;
        for (int i = 0; i < e; i++) { /* (no branch: it mispredicts) */
            int hit = (cands[empty[i]] & b) != 0;
            found += hit;
            only = hit ? empty[i] : only;
        }
        if (found > 1)
            continue;
        if (!found)
            return CONTRADICTION;
        if (cands[only] != b) {
            cands[only] = b;
            touch(c, only);
            changed = 1;
        }
    }
    return changed ? COMPLETE : NOTHING;
}

static int _naked_identical(Core *c, const int *empty, int e) {
    uint16_t *cands = c->cands;
    for (int i = 0; i < e; i++) {
        int s = cands[empty[i]];
        int same = 0;
        for (int j = 0; j < e; j++)
            same += cands[empty[j]] == s;
        if (same != BITS[s] || same == e)
            continue;
        int removed = 0;
        for (int j = 0; j < e; j++) {
            int d = empty[j];
            int hit = cands[d] & s;
            if (hit && cands[d] != s) {
                _remove(c, 1, d, hit);
                removed = 1;
            }
        }
        if (removed)
            return 1;
    }
    return 0;
}

/* the next combination of k out of n indices (lexicographic); 0 after the last */
static int next_combo(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i)
        i--;
    if (i < 0)
        return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++)
        idx[j] = idx[j - 1] + 1;
    return 1;
}

static int _hidden_subset(Core *c, const int *empty, int e, int missing) {
    uint16_t *cands = c->cands;
    int vals[9], pos[9], counts[9], nv = 0;
    for (int v = 1; v <= 9; v++)
        if (missing >> (v - 1) & 1) {
            int b = 1 << (v - 1), p = 0;
            for (int j = 0; j < e; j++)
                if (cands[empty[j]] & b)
                    p |= 1 << j;
            vals[nv] = v;
            pos[nv] = p;
            counts[nv] = BITS[p];
            nv++;
        }
    for (int k = 2; k < e; k++) {
        int items[9], n = 0;
        for (int i = 0; i < nv; i++)
            if (counts[i] <= k)
                items[n++] = i;
        if (n < k)
            continue;
        int idx[9];
        for (int j = 0; j < k; j++)
            idx[j] = j;
        do {
            int unite = 0, chosen = 0;
            for (int j = 0; j < k; j++) {
                unite |= pos[items[idx[j]]];
                chosen |= 1 << (vals[items[idx[j]]] - 1);
            }
            if (BITS[unite] != k)
                continue;
            int any = 0;
            for (int j = 0; j < e; j++)
                if (unite >> j & 1 && cands[empty[j]] & ~chosen)
                    any = 1;
            if (!any)
                continue;
            PyObject *cells = WANTS(c, CELSET) ? PyTuple_New(k) : NULL;
            int m = 0;
            for (int j = 0; j < e; j++)
                if (unite >> j & 1) {
                    int extra = cands[empty[j]] & ~chosen;
                    if (extra)
                        _remove(c, 2, empty[j], extra);
                    if (cells)
                        PyTuple_SET_ITEM(cells, m, num(empty[j]));
                    m++;
                }
            if (cells)
                EMIT(c, CELSET, T_CelSet, 3, num(CELSET), cells, values_tuple(chosen));
            return 1;
        } while (next_combo(idx, k, n));
    }
    return 0;
}

static int _naked_subset(Core *c, const int *empty, int e) {
    uint16_t *cands = c->cands;
    int masks[9], counts[9];
    for (int j = 0; j < e; j++) {
        masks[j] = cands[empty[j]];
        counts[j] = BITS[masks[j]];
    }
    for (int k = 2; k < e; k++) {
        int items[9], n = 0;
        for (int j = 0; j < e; j++)
            if (counts[j] <= k)
                items[n++] = j;
        if (n < k)
            continue;
        int idx[9];
        for (int j = 0; j < k; j++)
            idx[j] = j;
        do {
            int unite = 0, in_combo = 0;
            for (int j = 0; j < k; j++) {
                unite |= masks[items[idx[j]]];
                in_combo |= 1 << items[idx[j]];
            }
            if (BITS[unite] != k)
                continue;
            int others[9], o = 0;
            for (int j = 0; j < e; j++)
                if (!(in_combo >> j & 1) && cands[empty[j]] & unite)
                    others[o++] = empty[j];
            if (o) {
                for (int j = 0; j < o; j++)
                    _remove(c, 3, others[j], cands[others[j]] & unite);
                return 1;
            }
        } while (next_combo(idx, k, n));
    }
    return 0;
}

/* 1GW, 2GW, 3GW in order; ``matched``: every cell can take a different missing value (then
 * 3GW has nothing that complete shrink or 2GW did not find first) */
static int _subsets(Core *c, const int *empty, int e, int matched, int missing) {
    if (_naked_identical(c, empty, e))
        return 1;
    return _hidden_subset(c, empty, e, missing) || (!matched && _naked_subset(c, empty, e));
}

/* ``_augment``: node[i] is the candidates of the cell matched to value bit i (0: none) */
static int _augment(int m, int *node, int *seen) {
    int free = m & ~*seen;
    while (free) {
        int b = free & -free;
        free ^= b;
        *seen |= b;
        int i = __builtin_ctz(b);
        if (!node[i] || _augment(node[i], node, seen)) {
            node[i] = m;
            return 1;
        }
    }
    return 0;
}

static int _matched_nodes(const int *masks, int e, int missing, int *node) {
    if (BITS[missing] != e)
        return 0;
    memset(node, 0, sizeof(int) * 9);
    int taken = 0, left[9], n_left = 0;
    for (int j = 0; j < e; j++) {
        int free = masks[j] & ~taken;
        if (free) {
            int b = free & -free;
            taken |= b;
            node[__builtin_ctz(b)] = masks[j];
        } else
            left[n_left++] = masks[j];
    }
    for (int j = 0; j < n_left; j++) {
        int seen = 0;
        if (!_augment(left[j], node, &seen))
            return 0;
    }
    return 1;
}

static int _small_unit_quiet(const int *masks, int e) {
    for (int j = 0; j < e; j++)
        if (BITS[masks[j]] < 2)
            return 0;
    if (e < 4)
        return 1;
    int a = masks[0], b = masks[1], c = masks[2], d = masks[3];
    int pairs[3][2] = {{a | b, c | d}, {a | c, b | d}, {a | d, b | c}};
    for (int i = 0; i < 3; i++) {
        int x = pairs[i][0], y = pairs[i][1];
        if (x & y && (BITS[x] == 2 || BITS[y] == 2))
            return 0;
    }
    return 1;
}

static int _every_edge_in_a_cycle(const int *node) {
    int remaining = 0, unite = 0;
    for (int i = 0; i < 9; i++) {
        remaining |= (node[i] != 0) << i;
        unite |= node[i];
    }
    if (unite & ~remaining)
        return 0;
    while (remaining) {
        int x = remaining & -remaining;
        int reach = x, frontier = x;
        while (frontier) {
            int step = 0;
            while (frontier) {
                int b = frontier & -frontier;
                frontier ^= b;
                step |= node[__builtin_ctz(b)];
            }
            frontier = step & ~reach;
            reach |= step;
        }
        int back = x, rest = reach ^ x;
        while (rest) {
            int grown = 0, r = rest;
            while (r) {
                int b = r & -r;
                r ^= b;
                if (node[__builtin_ctz(b)] & back)
                    grown |= b;
            }
            if (!grown)
                return 0;
            back |= grown;
            rest ^= grown;
        }
        remaining &= ~reach;
    }
    return 1;
}

/* whether no subset can clear anything in the unit: every candidate of every cell lies in some
 * way of completing it (filters.grp's test before _subsets) */
static int quiet_unit(Core *c, const int *empty, int e, int missing, int once, int twice,
                      int *matched) {
    int masks[9], node[9];
    for (int j = 0; j < e; j++)
        masks[j] = c->cands[empty[j]];
    if (e <= 4 && once == missing && !(missing & ~twice) && _small_unit_quiet(masks, e))
        return 1;
    *matched = _matched_nodes(masks, e, missing, node);
    return *matched && _every_edge_in_a_cycle(node);
}

/* grp's memo (filters.Memo.known): unit contents on which grp found nothing, whatever the unit
 * (what grp does in a unit depends on its cells' values and candidates in order, nothing else).
 * One table for every core: a cache of fixed size, an entry per hash, the newest kept. */
#define KNOWN_BITS 13
typedef struct {
    uint16_t key[12]; /* a unit's nine cells, then zeros: three 64-bit words to hash */
    unsigned char used;
} Known;
static Known KNOWN[1 << KNOWN_BITS];

static unsigned known_slot(const uint16_t *key) {
    uint64_t w[3];
    memcpy(w, key, sizeof w);
    uint64_t h = w[0] * 0x9E3779B97F4A7C15ULL ^ w[1] * 0xC2B2AE3D27D4EB4FULL ^
                 w[2] * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    return (unsigned)(h >> (64 - KNOWN_BITS));
}

/* what grp reads of a unit's cells: its empty cells, the values placed, the candidates found
 * once and twice or more, and its contents as the memo's key */
typedef struct {
    int empty[9], e, placed, once, twice;
    uint16_t key[12];
} UnitScan;

/* the unit's ``size`` cells into ``s``, without a branch on whether a cell is filled (it
 * mispredicts a third of the time); inlined with a constant size, the loop is unrolled */
static inline void scan_unit(const Core *c, const int *cells, int size, UnitScan *s) {
    for (int k = 0; k < size; k++) {
        int cell = cells[k];
        int v = c->values[cell], m = c->cands[cell];
        int open = -(v == 0); /* all ones for an empty cell */
        s->placed |= (1 << v) >> 1;
        m &= open;
        s->empty[s->e] = cell;
        s->e -= open;
        s->twice |= s->once & m;
        s->once |= m;
        s->key[k] = (uint16_t)(v ? 0x8000 | v : m);
    }
}

/* grp in unit u (one the dirty bits name): NOTHING clears its bit */
static int grp_unit(Core *c, int u) {
    uint64_t *dirty = &c->dirty[u / 64], bit = 1ULL << (u % 64);
    UnitScan s = {{0}, 0, 0, 0, 0, {0}};
    const int *cells = c->unit_cells + c->unit_at[u];
    int size = c->unit_at[u + 1] - c->unit_at[u];
    if (size == 9) /* (the usual unit) */
        scan_unit(c, cells, 9, &s);
    else
        scan_unit(c, cells, size, &s);
    int *empty = s.empty, e = s.e, placed = s.placed, once = s.once, twice = s.twice;
    if (!e) {
        *dirty &= ~bit;
        return NOTHING;
    }
    Known *known = &KNOWN[known_slot(s.key)];
    if (known->used && !memcmp(known->key, s.key, sizeof s.key)) {
        *dirty &= ~bit;
        return NOTHING;
    }
    int missing = FULL & ~placed;
    int result = NOTHING;
    if (missing & ~twice)
        result = _complete_shrink(c, empty, e, missing);
    int matched = 0;
    if (result == NOTHING && e > 1 &&
        !quiet_unit(c, empty, e, missing, once, twice, &matched) &&
        _subsets(c, empty, e, matched, missing)) {
        result = SHRUNKEN;
        EMIT(c, INCOMPLETE, T_UnitShrunk, 3, num(INCOMPLETE), PyLong_FromLong(c->steps),
             num(u));
    }
    if (result != NOTHING) {
        if (result == COMPLETE)
            EMIT(c, COMPLETE_K, T_UnitShrunk, 3, num(COMPLETE_K),
                 PyLong_FromLong(c->steps), num(u));
        return result;
    }
    *dirty &= ~bit;
    memcpy(known->key, s.key, sizeof s.key);
    known->used = 1;
    return NOTHING;
}

static int grp(Core *c) {
    for (int w = 0; w < c->words; w++)
        for (uint64_t left = c->dirty[w]; left; left &= left - 1) {
            int result = grp_unit(c, 64 * w + __builtin_ctzll(left));
            if (result != NOTHING)
                return result;
        }
    return NOTHING;
}

static int _no_block_conflict(Core *c) {
    for (int b = 0; b < c->n_blocks; b++) {
        int placed = 0;
        for (int k = c->block_at[b]; k < c->block_at[b + 1]; k++) {
            placed |= (1 << c->values[c->block_cells[k]]) >> 1; /* (no branch; 0: none) */
        }
        if (placed)
            for (int k = c->block_at[b]; k < c->block_at[b + 1]; k++)
                if (c->cands[c->block_cells[k]] & placed)
                    return 0;
    }
    return 1;
}

static int ply(Core *c) {
    if (_no_block_conflict(c))
        return NOTHING;
    for (int u = 0; u < c->n_lines; u++) {
        int changed = 0, a = c->line_at[u], z = c->line_at[u + 1];
        int seen[64], n_seen = 0;
        for (int k = a; k < z; k++) {
            int blk = c->block_of[c->line_cells[k]], dup = 0;
            for (int s = 0; s < n_seen; s++)
                dup |= seen[s] == blk;
            if (dup)
                continue;
            seen[n_seen++] = blk;
            int ruled_out = 0;
            for (int q = c->block_at[blk]; q < c->block_at[blk + 1]; q++) {
                int cell = c->block_cells[q], inside = 0;
                for (int r = a; r < z; r++)
                    inside |= c->line_cells[r] == cell;
                if (!inside && c->values[cell])
                    ruled_out |= 1 << (c->values[cell] - 1);
            }
            for (int r = a; r < z; r++) {
                int cell = c->line_cells[r];
                if (c->block_of[cell] == blk && !c->values[cell] && c->cands[cell] & ruled_out) {
                    c->cands[cell] &= ~ruled_out;
                    touch(c, cell);
                    changed = 1;
                }
            }
        }
        if (changed) {
            EMIT(c, PLY, T_UnitShrunk, 3, num(PLY), PyLong_FromLong(c->steps), num(u));
            return SHRUNKEN;
        }
    }
    return NOTHING;
}

/* -- engine.py -------------------------------------------------------------------------- */

static void frame_forget(NFrame *f) {
    Py_CLEAR(f->frame);
    Py_CLEAR(f->values_obj);
    Py_CLEAR(f->cands_obj);
    Py_CLEAR(f->options_obj);
}

static int foremost(Core *c, int *least_out) {
    int size = c->size;
    if (memchr(c->counts, 0, size)) { /* the quirk (state.foremost) */
        int best = 0, least = 0;
        for (int i = 0; i < size; i++)
            if (!c->values[i]) {
                int n = BITS[c->cands[i]];
                if (least == 0 || (least != 1 && n < least)) {
                    best = i;
                    least = n;
                }
            }
        *least_out = least;
        return best;
    }
    /* no count is 0 here, nor 1 when _search asks (it fills singles first): 2 is the least */
    const unsigned char *counts = c->counts;
    int best = 0, least = FILLED;
    for (int i = 0; i < size; i++)
        if (counts[i] < least) {
            least = counts[i];
            best = i;
            if (least <= 2)
                break;
        }
    if (least == FILLED) {
        *least_out = 0;
        return 0;
    }
    *least_out = least;
    return best;
}

static void solved(Core *c) {
    c->solutions++;
    EMIT(c, SOLUTION, T_Outcome, 4, num(SOLUTION), PyLong_FromLong(c->steps),
         PyLong_FromLong(c->solutions), grid(c));
    c->status = SOLVED;
}

static int place(Core *c, int cell, int value) {
    uint16_t *cands = c->cands;
    unsigned char *counts = c->counts;
    c->values[cell] = value;
    cands[cell] = 0;
    counts[cell] = FILLED;
    touch(c, cell);
    int b = 1 << (value - 1);
    const int *peers = c->peers;
    int k = c->peer_at[cell], end = c->peer_at[cell + 1];
    if (c->words == 1 && c->n_touched + (end - k) <= c->cap_touched) {
        /* the same without a branch on whether a peer has the value (a sixth of them
         * mispredict): every peer is written, and counted as touched only when it had it */
        int *touched = c->touched, n = c->n_touched;
        const uint64_t *unit_bits = c->unit_bits;
        uint64_t dirty = c->dirty[0];
        for (; k < end; k++) {
            int j = peers[k], m = cands[j];
            int hit = m >> (value - 1) & 1;
            cands[j] = (uint16_t)(m & ~b);
            counts[j] -= hit;
            touched[n] = j;
            n += hit;
            dirty |= unit_bits[j] & -(uint64_t)hit;
            if (__builtin_expect(m == b, 0)) { /* its last candidate */
                c->n_touched = n;
                c->dirty[0] = dirty;
                EMIT(c, WENT_WRONG, T_WentWrong, 5, num(WENT_WRONG), PyLong_FromLong(c->steps),
                     num(value), num(j), PyBool_FromLong(c->in_block[k]));
                return 0;
            }
        }
        c->n_touched = n;
        c->dirty[0] = dirty;
        return 1;
    }
    for (; k < end; k++) {
        int j = peers[k];
        int m = cands[j];
        if (m & b) {
            m ^= b;
            cands[j] = m;
            counts[j]--;
            touch(c, j);
            if (!m) {
                EMIT(c, WENT_WRONG, T_WentWrong, 5, num(WENT_WRONG), PyLong_FromLong(c->steps),
                     num(value), num(j), PyBool_FromLong(c->in_block[k]));
                return 0;
            }
        }
    }
    return 1;
}

static int has_empty(Core *c) {
    return memchr(c->values, 0, c->size) != NULL;
}

static void _start(Core *c) {
    int size = c->size;
    c->steps++;
    for (int i = 0; i < size; i++) {
        touch(c, i);
        if (c->values[i]) {
            c->cands[i] = 0;
            continue;
        }
        int m = FULL;
        for (int k = c->peer_at[i]; k < c->peer_at[i + 1]; k++) {
            int v = c->values[c->peers[k]];
            if (v)
                m &= ~(1 << (v - 1));
        }
        c->cands[i] = m;
    }
    int missing = -1;
    for (int i = 0; i < size; i++) {
        recount(c, i);
        if (missing < 0 && !c->values[i] && !c->cands[i])
            missing = i;
    }
    if (missing >= 0) {
        EMIT(c, NO_CANDIDATE, T_NoCandidate, 3, num(NO_CANDIDATE), PyLong_FromLong(c->steps),
             num(missing));
        c->status = WRONG;
    } else if (!has_empty(c))
        solved(c);
    else
        c->status = SEARCHING;
}

static void filtered(Core *c, int result, int fore) {
    if (result == CONTRADICTION)
        c->status = WRONG;
    else if (result == COMPLETE || (result == SHRUNKEN && fore == 0))
        c->status = SEARCHING;
    else {
        c->pending = fore;
        c->status = GUESS_DUE;
    }
}

static void fill(Core *c) {
    unsigned char *counts = c->counts;
    int size = c->size;
    for (int i = 0; i < size; i++) {
        unsigned char *next = memchr(counts + i, 1, size - i);
        if (!next)
            break;
        i = (int)(next - counts);
        if (!place(c, i, value_of_bit(c->cands[i]))) {
            c->status = WRONG;
            return;
        }
    }
    c->steps++;
    if (has_empty(c))
        c->status = SEARCHING;
    else
        solved(c);
}

static void _search(Core *c, int run_mode) {
    if (memchr(c->counts, 1, c->size)) {
        fill(c);
        return;
    }
    int least, fore = foremost(c, &least);
    c->steps++;
    int result = NOTHING;
    if (run_mode != 2)
        result = grp(c);
    if (result == NOTHING && run_mode != 1)
        result = ply(c);
    recount_touched(c);
    filtered(c, result, fore);
}

static void _try(Core *c, NFrame *f) {
    int ok = f->n_options && place(c, f->cell, f->options[f->tried - 1]);
    c->status = ok ? SEARCHING : WRONG;
}

static int push_frame(Core *c) {
    if (c->n_frames == c->cap_frames) {
        int cap = c->cap_frames * 2;
        NFrame *fr = PyMem_Realloc(c->frames, sizeof(NFrame) * cap);
        if (!fr)
            return 0;
        memset(fr + c->cap_frames, 0, sizeof(NFrame) * (cap - c->cap_frames));
        c->frames = fr;
        c->cap_frames = cap;
    }
    NFrame *f = &c->frames[c->n_frames];
    if (!f->values) {
        f->values = PyMem_Malloc(c->size);
        f->cands = PyMem_Malloc(sizeof(uint16_t) * c->size);
        f->dirty = PyMem_Malloc(sizeof(uint64_t) * c->words);
        if (!f->values || !f->cands || !f->dirty)
            return 0;
    }
    all_dirty(c, f->dirty); /* nothing known until a guess says so */
    c->n_frames++;
    return 1;
}

static void _guess(Core *c) {
    int cell = c->pending;
    int mask = c->cands[cell];
    c->steps++;
    if (!push_frame(c)) {
        c->failed = 1;
        PyErr_NoMemory();
        return;
    }
    NFrame *f = &c->frames[c->n_frames - 1];
    f->cell = cell;
    f->tried = 1;
    f->n_options = 0;
    for (int v = 1; v <= 9; v++)
        if (mask >> (v - 1) & 1)
            f->options[f->n_options++] = v;
    memcpy(f->values, c->values, c->size);
    memcpy(f->cands, c->cands, sizeof(uint16_t) * c->size);
    memcpy(f->dirty, c->dirty, sizeof(uint64_t) * c->words);
    c->pending = -1;
    c->new_guess = c->n_frames;
    EMIT(c, GUESS, T_Guess, 6, num(GUESS), PyLong_FromLong(c->steps), num(cell),
         num(c->n_frames), num(1), num(f->n_options));
    _try(c, f);
}

/* the cell of the state as it was, touched (in cell order) where it differs */
static inline void restore_cell(Core *c, NFrame *f, int i) {
    touch(c, i);
    c->values[i] = f->values[i];
    c->cands[i] = f->cands[i];
    recount(c, i);
}

static void _restore_cells(Core *c, NFrame *f) {
    int size = c->size, i = 0;
#ifdef __SSE2__
    /* sixteen cells at a time: a bit per cell whose value or candidates differ */
    for (; i + 16 <= size; i += 16) {
        __m128i v = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(c->values + i)),
                                   _mm_loadu_si128((const __m128i *)(f->values + i)));
        __m128i lo = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(c->cands + i)),
                                     _mm_loadu_si128((const __m128i *)(f->cands + i)));
        __m128i hi = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(c->cands + i + 8)),
                                     _mm_loadu_si128((const __m128i *)(f->cands + i + 8)));
        unsigned same = (unsigned)_mm_movemask_epi8(_mm_and_si128(v, _mm_packs_epi16(lo, hi)));
        for (unsigned differ = ~same & 0xFFFF; differ; differ &= differ - 1)
            restore_cell(c, f, i + __builtin_ctz(differ));
    }
#endif
    for (; i < size; i++)
        if (c->values[i] != f->values[i] || c->cands[i] != f->cands[i])
            restore_cell(c, f, i);
}

static void _next_guess(Core *c) {
    c->steps++;
    int popped = 0;
    while (c->n_frames) {
        NFrame *top = &c->frames[c->n_frames - 1];
        if (top->tried < top->n_options) {
            _restore_cells(c, top);
            /* the cells are as when the guess was made: so is what grp knew of their units */
            memcpy(c->dirty, top->dirty, sizeof(uint64_t) * c->words);
            top->tried++;
            Py_CLEAR(top->frame); /* a new Frame (its parts stay shared) */
            EMIT(c, popped ? UPWARD : FORWARD, T_Guess, 6, num(popped ? UPWARD : FORWARD),
                 PyLong_FromLong(c->steps), num(top->cell), num(c->n_frames), num(top->tried),
                 num(top->n_options));
            _try(c, top);
            return;
        }
        frame_forget(top);
        c->n_frames--;
        popped = 1;
    }
    EMIT(c, NO_MORE, T_Outcome, 4, num(NO_MORE), PyLong_FromLong(c->steps),
         PyLong_FromLong(c->solutions), grid(c));
    c->status = FINISHED;
}

/* Engine.advance without a guess answer */
static void advance(Core *c, int run_mode) {
    c->n_touched = 0;
    c->new_guess = 0;
    switch (c->status) {
    case SEARCHING:
        _search(c, run_mode);
        break;
    case GUESS_DUE:
        _guess(c);
        break;
    case WRONG:
    case SOLVED:
        _next_guess(c);
        break;
    case LOADED:
        _start(c);
        break;
    }
}

/* -- Python objects of the state ---------------------------------------------------------- */

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
    PyObject *a = PyObject_CallMethodNoArgs(c->cands_template, COPY);
    Py_buffer view;
    if (!a || PyObject_GetBuffer(a, &view, PyBUF_WRITABLE) < 0) {
        Py_XDECREF(a);
        return NULL;
    }
    memcpy(view.buf, cands, sizeof(uint16_t) * c->size);
    PyBuffer_Release(&view);
    return a;
}

static PyObject *frame_object(Core *c, NFrame *f) {
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
            PyTuple_SET_ITEM(f->options_obj, i, num(f->options[i]));
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
        PyTuple_SET_ITEM(t, i, f);
    }
    return t;
}

static PyObject *make_state(Core *c) {
    PyObject *frames = frames_tuple(c);
    if (!frames)
        return NULL;
    PyObject *cands = cands_array(c, c->cands);
    Py_INCREF(STATUS[c->status]);
    PyObject *fields[7] = {STATUS[c->status],        PyLong_FromLong(c->steps),
                           PyLong_FromLong(c->solutions), grid(c),
                           cands,                    frames,
                           PyLong_FromLong(c->pending)};
    return make_record(T_State, STATE_SLOTS, 7, fields);
}

/* -- the Core type ---------------------------------------------------------------------- */

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
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int *t = PyMem_Malloc(sizeof(int) * (n + 1));
    for (Py_ssize_t i = 0; t && i < n; i++)
        t[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
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
    Py_TYPE(c)->tp_free((PyObject *)c);
}

/* Core(size, peer_at, peers, in_block, unit_at, unit_cells, line_at, line_cells, block_at,
 *      block_cells, block_of, units_of_at, units_of): flat tables (native_engine.tables) */
static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    PyObject *t[12];
    int size;
    if (!PyArg_ParseTuple(args, "iOOOOOOOOOOOO", &size, &t[0], &t[1], &t[2], &t[3], &t[4],
                          &t[5], &t[6], &t[7], &t[8], &t[9], &t[10], &t[11]))
        return -1;
    int n;
    c->size = size;
    if (!(c->peer_at = int_table(t[0], NULL)) || !(c->peers = int_table(t[1], NULL)))
        return -1;
    int *flags = int_table(t[2], &n);
    if (!flags)
        return -1;
    c->in_block = PyMem_Malloc(n + 1);
    for (int i = 0; i < n; i++)
        c->in_block[i] = (unsigned char)flags[i];
    PyMem_Free(flags);
    if (!(c->unit_at = int_table(t[3], &n)) || !(c->unit_cells = int_table(t[4], NULL)))
        return -1;
    c->n_units = n - 1;
    if (!(c->line_at = int_table(t[5], &n)) || !(c->line_cells = int_table(t[6], NULL)))
        return -1;
    c->n_lines = n - 1;
    if (!(c->block_at = int_table(t[7], &n)) || !(c->block_cells = int_table(t[8], NULL)))
        return -1;
    c->n_blocks = n - 1;
    if (!(c->block_of = int_table(t[9], NULL)))
        return -1;
    for (int u = 0; u < c->n_units; u++)
        if (c->unit_at[u + 1] - c->unit_at[u] > 9) {
            PyErr_SetString(PyExc_ValueError, "a unit of more than nine cells");
            return -1;
        }
    c->values = PyMem_Calloc(size, 1);
    c->counts = PyMem_Calloc(size, 1);
    c->words = (c->n_units + 63) / 64 + (c->n_units == 0);
    c->dirty = PyMem_Calloc(c->words, sizeof(uint64_t));
    c->unit_bits = PyMem_Calloc((size_t)size * c->words, sizeof(uint64_t));
    /* per cell, the units it lies in: read once, as the bits of unit_bits */
    int *units_of_at = int_table(t[10], NULL), *units_of = int_table(t[11], NULL);
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

static int read_cells(PyObject *seq, Core *c, unsigned char *values, uint16_t *cands) {
    /* a sequence of size ints into values (bytes) or cands (16-bit) */
    Py_buffer view;
    if (values && PyBytes_Check(seq) && PyBytes_GET_SIZE(seq) == c->size) {
        memcpy(values, PyBytes_AS_STRING(seq), c->size);
        return 0;
    }
    if (cands && !PyList_Check(seq) && !PyTuple_Check(seq) &&
        PyObject_GetBuffer(seq, &view, PyBUF_FORMAT) == 0) {
        int ok = view.itemsize == 2 && view.len == 2 * c->size && view.format &&
                 strcmp(view.format, "H") == 0;
        if (ok)
            memcpy(cands, view.buf, view.len);
        PyBuffer_Release(&view);
        if (ok)
            return 0;
    }
    PyErr_Clear();
    PyObject *fast = PySequence_Fast(seq, "cells");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != c->size) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "wrong number of cells");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (int i = 0; i < c->size; i++) {
        long v = PyLong_AsLong(items[i]);
        if (values)
            values[i] = (unsigned char)v;
        else
            cands[i] = (uint16_t)v;
    }
    Py_DECREF(fast);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *attr_long(PyObject *o, const char *name, long *out) {
    PyObject *a = PyObject_GetAttrString(o, name);
    if (!a)
        return NULL;
    *out = PyLong_AsLong(a);
    Py_DECREF(a);
    return PyErr_Occurred() ? NULL : Py_None;
}

static int read_frame(Core *c, NFrame *f, PyObject *frame) {
    long cell, tried;
    if (!attr_long(frame, "cell", &cell) || !attr_long(frame, "tried", &tried))
        return -1;
    PyObject *options = PyObject_GetAttrString(frame, "options");
    PyObject *values = PyObject_GetAttrString(frame, "values");
    PyObject *cands = PyObject_GetAttrString(frame, "cands");
    int rc = -1;
    if (options && values && cands) {
        PyObject *fast = PySequence_Fast(options, "options");
        if (fast) {
            Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
            if (n > 10)
                PyErr_SetString(PyExc_ValueError, "more than ten options");
            for (Py_ssize_t i = 0; i < n && i < 10; i++)
                f->options[i] = (unsigned char)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
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

/* push(status, steps, solutions, pending, values, cands, frames): the pure attributes in */
static PyObject *Core_push(Core *c, PyObject *args) {
    int status, pending;
    long steps, solutions;
    PyObject *values, *cands, *frames;
    if (!PyArg_ParseTuple(args, "illiOOO", &status, &steps, &solutions, &pending, &values,
                          &cands, &frames))
        return NULL;
    if (read_cells(values, c, c->values, NULL) < 0 || read_cells(cands, c, NULL, c->cands) < 0)
        return NULL;
    PyObject *fast = PySequence_Fast(frames, "frames");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int keep = c->n_frames < n ? c->n_frames : (int)n;
    for (int i = 0; i < keep; i++)
        if (c->frames[i].frame != PySequence_Fast_GET_ITEM(fast, i)) {
            keep = i;
            break;
        }
    for (int i = keep; i < c->n_frames; i++)
        frame_forget(&c->frames[i]);
    c->n_frames = keep;
    for (Py_ssize_t i = keep; i < n; i++) {
        if (!push_frame(c) || read_frame(c, &c->frames[i], PySequence_Fast_GET_ITEM(fast, i))) {
            c->n_frames = (int)i;
            Py_DECREF(fast);
            return PyErr_Occurred() ? NULL : PyErr_NoMemory();
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
static PyObject *Core_pull(Core *c, PyObject *unused) {
    int size = c->size;
    PyObject *values = PyList_New(size), *cands = PyList_New(size);
    PyObject *counts = PyByteArray_FromStringAndSize((const char *)c->counts, size);
    PyObject *frames = PyList_New(c->n_frames), *touched = PyList_New(c->n_touched);
    if (!values || !cands || !counts || !frames || !touched)
        goto fail;
    for (int i = 0; i < size; i++) {
        PyList_SET_ITEM(values, i, num(c->values[i]));
        PyList_SET_ITEM(cands, i, num(c->cands[i]));
    }
    for (int i = 0; i < c->n_touched; i++)
        PyList_SET_ITEM(touched, i, num(c->touched[i]));
    for (int i = 0; i < c->n_frames; i++) {
        PyObject *f = frame_object(c, &c->frames[i]);
        if (!f)
            goto fail;
        PyList_SET_ITEM(frames, i, f);
    }
    return Py_BuildValue("(illiNNNNN)", c->status, c->steps, c->solutions, c->pending, values,
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
static PyObject *Core_advance(Core *c, PyObject *args) {
    int mode;
    unsigned kinds;
    if (!PyArg_ParseTuple(args, "iI", &mode, &kinds))
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
    return ev;
}

/* Engine.reached: a run's goals met (the end of the search, ``goal`` new solutions since it
 * had ``first``: 0 no limit, ``max_steps`` reached: -1 no limit) */
static int reached(Core *c, long goal, long first, long max_steps) {
    return c->status == FINISHED || (goal > 0 && c->solutions - first >= goal) ||
           (max_steps >= 0 && c->steps >= max_steps);
}

/* run(run_mode, kinds, units, fine, solutions, first, max_steps, moves, index, resume,
 *     cells_base):
 * the plain run (Session._plain_unit, unit after unit) natively. Before each unit but the
 * first, the walk's goals: the end of the search, ``solutions`` new ones since ``first``,
 * ``max_steps`` (-1: none). A unit is a step of docs/engine.md, or with ``fine`` one step count.
 * At most ``units`` units and ``moves`` moves (the record's room); ``index``: the record's
 * length (snapshots are due after its moves 63, 127, ...); ``resume``: go on with the unit the
 * last call left unfinished; ``cells_base``: how many touched cells the record's last chunk
 * holds already (0 when the first move begins a chunk).
 * Returns (units done, unit left unfinished, biggest new guess level, the moves' step counts
 * as uint32 bytes, the new guesses' moves as uint32 bytes and their levels as bytes,
 * [snapshots], events of ``kinds``, the cells each move touched (a byte each, or uint16 when
 * the geometry has more than 256 cells), after each move how many cells its chunk holds
 * (uint32): the record's index of the cells, ``_Chunk.note``; and the state of each of those
 * cells after its move, value << 9 | candidates (uint16): ``_Chunk.note_states``). */
static PyObject *Core_run(Core *c, PyObject *args) {
    int mode, units, fine, resume;
    unsigned kinds;
    long goal, first, max_steps, max_moves, index, cells_base;
    if (!PyArg_ParseTuple(args, "iIiilllllil", &mode, &kinds, &units, &fine, &goal, &first,
                          &max_steps, &max_moves, &index, &resume, &cells_base))
        return NULL;
    const int wide = c->size > 256;
    const long cell_width = wide ? 2 : 1;
    long cells_cap = 8192, n_cells = 0;
    unsigned char *cells_out = PyMem_Malloc(cells_cap * cell_width);
    uint16_t *states_out = PyMem_Malloc(cells_cap * sizeof(uint16_t));
    uint32_t *ends_out = NULL;
    PyObject *ev = kinds ? PyList_New(0) : NULL;
    PyObject *snapshots = PyList_New(0);
    long cap = 1024, n = 0, n_guesses = 0;
    uint32_t *steps_out = PyMem_Malloc(sizeof(uint32_t) * cap);
    uint32_t *guess_moves = PyMem_Malloc(sizeof(uint32_t) * cap);
    unsigned char *guess_levels = PyMem_Malloc(cap);
    ends_out = PyMem_Malloc(sizeof(uint32_t) * cap);
    if ((kinds && !ev) || !snapshots || !steps_out || !guess_moves || !guess_levels ||
        !cells_out || !states_out || !ends_out)
        goto fail;
    c->ev = ev;
    c->kinds = kinds;
    c->failed = 0;
    int done = 0, open = 0, biggest = 0;
    while (done < units && n < max_moves) {
        if ((done || !resume) && reached(c, goal, first, max_steps))
            break;
        long count = c->steps;
        open = 1;
        while (n < max_moves) {
            advance(c, mode);
            if (c->failed)
                goto fail;
            if (n == cap) {
                cap *= 2;
                uint32_t *more = PyMem_Realloc(steps_out, sizeof(uint32_t) * cap);
                if (more)
                    steps_out = more;
                uint32_t *more_moves = PyMem_Realloc(guess_moves, sizeof(uint32_t) * cap);
                if (more_moves)
                    guess_moves = more_moves;
                unsigned char *more_levels = PyMem_Realloc(guess_levels, cap);
                if (more_levels)
                    guess_levels = more_levels;
                uint32_t *more_ends = PyMem_Realloc(ends_out, sizeof(uint32_t) * cap);
                if (more_ends)
                    ends_out = more_ends;
                if (!more || !more_moves || !more_levels || !more_ends)
                    goto fail;
            }
            if (n_cells + c->n_touched > cells_cap) {
                long grown = 2 * (n_cells + c->n_touched);
                unsigned char *more_cells = PyMem_Realloc(cells_out, grown * cell_width);
                if (!more_cells)
                    goto fail;
                cells_out = more_cells;
                uint16_t *more_states = PyMem_Realloc(states_out, grown * sizeof(uint16_t));
                if (!more_states)
                    goto fail;
                states_out = more_states;
                cells_cap = grown;
            }
            if ((index + n) % MOVES_PER_SNAPSHOT == 0) /* the move begins a chunk */
                cells_base = 0;
            const int *touched = c->touched, n_touched = c->n_touched;
            const unsigned char *values = c->values;
            const uint16_t *cands = c->cands;
            uint16_t *states_at = states_out + n_cells;
            if (wide) {
                uint16_t *cells_at = (uint16_t *)cells_out + n_cells;
                for (int k = 0; k < n_touched; k++) {
                    int cell = touched[k];
                    cells_at[k] = (uint16_t)cell;
                    states_at[k] = (uint16_t)(values[cell] << 9 | cands[cell]);
                }
            } else {
                unsigned char *cells_at = cells_out + n_cells;
                for (int k = 0; k < n_touched; k++) {
                    int cell = touched[k];
                    cells_at[k] = (unsigned char)cell;
                    states_at[k] = (uint16_t)(values[cell] << 9 | cands[cell]);
                }
            }
            n_cells += n_touched;
            cells_base += c->n_touched;
            ends_out[n] = (uint32_t)cells_base;
            steps_out[n] = (uint32_t)c->steps;
            if (c->new_guess) {
                guess_moves[n_guesses] = (uint32_t)(index + n);
                guess_levels[n_guesses++] = (unsigned char)c->new_guess;
                if (c->new_guess > biggest)
                    biggest = c->new_guess;
            }
            if ((index + n) % MOVES_PER_SNAPSHOT == MOVES_PER_SNAPSHOT - 1) {
                PyObject *s = make_state(c);
                if (!s || PyList_Append(snapshots, s) < 0) {
                    Py_XDECREF(s);
                    goto fail;
                }
                Py_DECREF(s);
            }
            n++;
            if (fine ? (c->steps > count || c->status == FINISHED)
                     : (c->status != GUESS_DUE && c->status != WRONG)) {
                open = 0;
                break;
            }
        }
        if (open)
            break;
        done++;
        resume = 0;
    }
    c->ev = NULL;
    PyObject *steps = PyBytes_FromStringAndSize((const char *)steps_out, sizeof(uint32_t) * n);
    PyObject *moves = PyBytes_FromStringAndSize((const char *)guess_moves,
                                                sizeof(uint32_t) * n_guesses);
    PyObject *levels = PyBytes_FromStringAndSize((const char *)guess_levels, n_guesses);
    PyObject *cells = PyBytes_FromStringAndSize((const char *)cells_out, n_cells * cell_width);
    PyObject *ends = PyBytes_FromStringAndSize((const char *)ends_out, sizeof(uint32_t) * n);
    PyObject *states =
        PyBytes_FromStringAndSize((const char *)states_out, sizeof(uint16_t) * n_cells);
    PyMem_Free(steps_out);
    PyMem_Free(guess_moves);
    PyMem_Free(guess_levels);
    PyMem_Free(cells_out);
    PyMem_Free(states_out);
    PyMem_Free(ends_out);
    if (!ev)
        ev = PyList_New(0);
    if (!steps || !moves || !levels || !cells || !ends || !states || !ev) {
        Py_XDECREF(states);
        Py_XDECREF(steps);
        Py_XDECREF(moves);
        Py_XDECREF(levels);
        Py_XDECREF(cells);
        Py_XDECREF(ends);
        goto fail_after;
    }
    return Py_BuildValue("(iiiNNNNNNNN)", done, open, biggest, steps, moves, levels, snapshots,
                         ev, cells, ends, states);
fail:
    c->ev = NULL;
    PyMem_Free(steps_out);
    PyMem_Free(guess_moves);
    PyMem_Free(guess_levels);
    PyMem_Free(cells_out);
    PyMem_Free(states_out);
    PyMem_Free(ends_out);
fail_after:
    Py_XDECREF(ev);
    Py_XDECREF(snapshots);
    return PyErr_Occurred() ? NULL : PyErr_NoMemory();
}

/* search(run_mode, steps, solutions, first, max_steps) -> (steps made, biggest new guess
 * level, new guesses): Engine.search, a silent search that keeps no record (no events, no
 * snapshots); before each step the goals of Core_run (max_steps -1: none). */
static PyObject *Core_search(Core *c, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "search takes 5 arguments");
        return NULL;
    }
    int mode = PyLong_AsLong(args[0]);
    long steps = PyLong_AsLong(args[1]), goal = PyLong_AsLong(args[2]);
    long first = PyLong_AsLong(args[3]), max_steps = PyLong_AsLong(args[4]);
    if (PyErr_Occurred())
        return NULL;
    c->ev = NULL;
    c->failed = 0;
    long done = 0;
    int biggest = 0, guesses = 0;
    for (; done < steps; done++) {
        if (reached(c, goal, first, max_steps))
            break;
        do {
            advance(c, mode);
            if (c->failed)
                return PyErr_Occurred() ? NULL : PyErr_NoMemory();
            if (c->new_guess) {
                guesses++;
                if (c->new_guess > biggest)
                    biggest = c->new_guess;
            }
        } while (c->status == GUESS_DUE || c->status == WRONG);
    }
    return Py_BuildValue("(lii)", done, biggest, guesses);
}

static PyObject *Core_state(Core *c, PyObject *unused) { return make_state(c); }

static PyMethodDef Core_methods[] = {
    {"push", (PyCFunction)Core_push, METH_VARARGS, "the pure attributes into the core"},
    {"pull", (PyCFunction)Core_pull, METH_NOARGS, "the core's state as the pure attributes"},
    {"advance", (PyCFunction)Core_advance, METH_VARARGS, "one move without a guess answer"},
    {"run", (PyCFunction)Core_run, METH_VARARGS, "the plain run, many units at once"},
    {"search", (PyCFunction)(void (*)(void))Core_search, METH_FASTCALL,
     "a silent search without a record (Engine.search)"},
    {"state", (PyCFunction)Core_state, METH_NOARGS, "the state as an EngineState"},
    {NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "sudoku_repl.core._native.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The engine's state and moves in native memory (core/native_engine.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

/* the member descriptors of a class's fields, or all NULL when one is not a slot (or the class
 * has an __attrs_post_init__, or validators: then the class is called) */
static int find_slots(PyObject *type, const char **names, int n, PyObject **slots) {
    for (int i = 0; i < n; i++)
        Py_CLEAR(slots[i]);
    PyObject *dict = ((PyTypeObject *)type)->tp_dict;
    int ok = PyDict_GetItemString(dict, "__attrs_post_init__") == NULL;
    for (int i = 0; ok && i < n; i++) {
        PyObject *d = PyDict_GetItemString(dict, names[i]);
        ok = d && Py_IS_TYPE(d, &PyMemberDescr_Type);
        if (ok) {
            Py_INCREF(d);
            slots[i] = d;
        }
    }
    if (!ok)
        for (int i = 0; i < n; i++)
            Py_CLEAR(slots[i]);
    return 0;
}

/* configure(NoCandidate, WentWrong, UnitShrunk, Removal, CelSet, Guess, Outcome, Frame,
 *           EngineState, statuses, array) */
static PyObject *configure(PyObject *self, PyObject *args) {
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
    if (!PyTuple_Check(statuses) || PyTuple_GET_SIZE(statuses) != 6) {
        PyErr_SetString(PyExc_TypeError, "six statuses");
        return NULL;
    }
    PyObject **slots[] = {&T_NoCandidate, &T_WentWrong, &T_UnitShrunk, &T_Removal, &T_CelSet,
                          &T_Guess,       &T_Outcome,   &T_Frame,      &T_State,   &T_array};
    for (int i = 0; i < 10; i++) {
        Py_INCREF(t[i]);
        Py_XSETREF(*slots[i], t[i]);
    }
    for (int i = 0; i < 6; i++) {
        Py_INCREF(PyTuple_GET_ITEM(statuses, i));
        Py_XSETREF(STATUS[i], PyTuple_GET_ITEM(statuses, i));
    }
    static const char *frame_fields[5] = {"cell", "options", "tried", "values", "cands"};
    static const char *state_order[7] = {"status", "steps",  "solutions", "values",
                                         "cands",  "frames", "pending"};
    if (find_slots(T_Frame, frame_fields, 5, FRAME_SLOTS) < 0 ||
        find_slots(T_State, state_order, 7, STATE_SLOTS) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* -- the record's cell questions (core/history.py: History.cell_track and its readers) ----- */
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

/* where the record's chunks (history._Chunk, a class with slots) keep their cells, ends and
 * states: the slots' offsets, read once per scan from the class's member descriptors (-1: not
 * a plain slot, read as an attribute). A scan reads them of some 15,000 chunks. */
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
        PyObject *d = PyDict_GetItemWithError(slots->type->tp_dict, slots->names[i]);
        if (!d && PyErr_Occurred())
            return -1;
        slots->offsets[i] = -1;
        if (d && Py_IS_TYPE(d, &PyMemberDescr_Type) &&
            ((PyMemberDescrObject *)d)->d_member->type == Py_T_OBJECT_EX)
            slots->offsets[i] = ((PyMemberDescrObject *)d)->d_member->offset;
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
            PyTuple_SET_ITEM(values, j, num(passing[j]));
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
 * read from the chunks' buffers, the loop of history.py's _scan_cell. steps is the record's
 * array('I'); write_out(k) gives chunk k its states when it has none. The columns come back as
 * bytes (native uint32, uint8, uint8, uint16, uint16); passing as [(entry, values)]. */
static PyObject *cell_track(PyObject *self, PyObject *args) {
    PyObject *chunks, *steps_obj, *write_out;
    int cell, start_value, start_cands, wide;
    Py_ssize_t stop;
    long before_all;
    if (!PyArg_ParseTuple(args, "O!inOliipO", &PyList_Type, &chunks, &cell, &stop, &steps_obj,
                          &before_all, &start_value, &start_cands, &wide, &write_out))
        return NULL;
    static ChunkSlots slots;
    if (PyList_GET_SIZE(chunks) && chunk_slots(&slots, PyList_GET_ITEM(chunks, 0)) < 0)
        return NULL;
    Track t = {{0}, {0}, {0}, {0}, {0}, PyList_New(0)};
    PyObject *result = NULL, *chunk = NULL;
    Py_buffer sv = {0}, cv = {0}, ev = {0}, tv = {0};
    int cell_size = wide ? 2 : 1;
    if (!t.passing || view_of(steps_obj, &sv) < 0)
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
    for (Py_ssize_t k = 0; k < n_chunks && k < PyList_GET_SIZE(chunks); k++) {
        chunk = PyList_GET_ITEM(chunks, k);
        Py_INCREF(chunk);
        if (attr_view(chunk, &slots, CELLS, &cv) < 0)
            goto done;
        Py_ssize_t n_cells = cv.len / cell_size;
        Py_ssize_t at = find_cell(cv.buf, wide, 0, n_cells, cell);
        if (at >= 0) {
            if (attr_view(chunk, &slots, STATES, &tv) < 0)
                goto done;
            if (tv.len / 2 != n_cells) { /* a deferred chunk without states: work it out */
                release(&tv);
                PyObject *r = PyObject_CallFunction(write_out, "n", k);
                if (!r)
                    goto done;
                Py_DECREF(r);
                if (attr_view(chunk, &slots, STATES, &tv) < 0)
                    goto done;
                if (tv.len / 2 != n_cells) {
                    PyErr_SetString(PyExc_RuntimeError, "a chunk without its states");
                    goto done;
                }
            }
            if (attr_view(chunk, &slots, ENDS, &ev) < 0)
                goto done;
            const uint32_t *ends = (const uint32_t *)ev.buf;
            const uint16_t *states = (const uint16_t *)tv.buf;
            /* the states are read here and there: ask for all their cache lines at once */
            for (Py_ssize_t p = at & ~(Py_ssize_t)31; p < n_cells; p += 32)
                __builtin_prefetch(states + p);
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
                now_value = states[at] >> 9, now_cands = states[at] & FULL;
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
 * track's {entry: values}); a code is kind << 4 | value, the kinds LOST 0, GOT 1, PASSING 2 */
static PyObject *value_events(PyObject *self, PyObject *args) {
    PyObject *steps_obj, *vb_obj, *va_obj, *passing;
    int held;
    if (!PyArg_ParseTuple(args, "OOOO!i", &steps_obj, &vb_obj, &va_obj, &PyDict_Type, &passing,
                          &held))
        return NULL;
    Py_buffer sv = {0}, bv = {0}, av = {0};
    Column steps = {0}, codes = {0};
    PyObject *result = NULL;
    Py_ssize_t n_passing = PyDict_GET_SIZE(passing), next = 0;
    Passing *sorted = PyMem_Malloc((n_passing + 1) * sizeof(Passing));
    if (!sorted)
        return PyErr_NoMemory();
    PyObject *key, *values;
    for (Py_ssize_t pos = 0, j = 0; PyDict_Next(passing, &pos, &key, &values); j++) {
        sorted[j].entry = PyLong_AsSsize_t(key);
        sorted[j].values = values;
        if (sorted[j].entry == -1 && PyErr_Occurred())
            goto done;
        if (!PyTuple_Check(values)) {
            PyErr_SetString(PyExc_TypeError, "passing values are a tuple");
            goto done;
        }
    }
    qsort(sorted, n_passing, sizeof(Passing), by_entry);
    if (view_of(steps_obj, &sv) < 0 || view_of(vb_obj, &bv) < 0 || view_of(va_obj, &av) < 0)
        goto done;
    const uint32_t *s = (const uint32_t *)sv.buf;
    const unsigned char *vb = (const unsigned char *)bv.buf, *va = (const unsigned char *)av.buf;
    Py_ssize_t n = sv.len / 4;
    if (bv.len < n || av.len < n) {
        PyErr_SetString(PyExc_ValueError, "columns of different lengths");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int b = vb[i], a = va[i];
        if (b && b != a && (!held || held == b))
            if (COLUMN_ADD(steps, uint32_t, s[i]) < 0 || COLUMN_ADD(codes, uint8_t, b) < 0)
                goto done;
        if (a && a != b && (!held || held == a))
            if (COLUMN_ADD(steps, uint32_t, s[i]) < 0 ||
                COLUMN_ADD(codes, uint8_t, 1 << 4 | a) < 0)
                goto done;
        for (; next < n_passing && sorted[next].entry <= i; next++) {
            if (sorted[next].entry < i)
                continue;
            PyObject *vs = sorted[next].values;
            for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(vs); j++) {
                long v = PyLong_AsLong(PyTuple_GET_ITEM(vs, j));
                if (v == -1 && PyErr_Occurred())
                    goto done;
                if (held && held != v)
                    continue;
                if (COLUMN_ADD(steps, uint32_t, s[i]) < 0 ||
                    COLUMN_ADD(codes, uint8_t, 2 << 4 | v) < 0)
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
static PyObject *removal_steps(PyObject *self, PyObject *args) {
    PyObject *steps_obj, *va_obj, *ca_obj;
    int bit, last_empty;
    if (!PyArg_ParseTuple(args, "OOOii", &steps_obj, &va_obj, &ca_obj, &bit, &last_empty))
        return NULL;
    Py_buffer sv = {0}, av = {0}, cv = {0};
    Column found = {0};
    PyObject *result = NULL;
    if (view_of(steps_obj, &sv) < 0 || view_of(va_obj, &av) < 0 || view_of(ca_obj, &cv) < 0)
        goto done;
    const uint32_t *s = (const uint32_t *)sv.buf;
    const unsigned char *va = (const unsigned char *)av.buf;
    const uint16_t *ca = (const uint16_t *)cv.buf;
    Py_ssize_t n = sv.len / 4;
    if (av.len < n || cv.len / 2 < n) {
        PyErr_SetString(PyExc_ValueError, "columns of different lengths");
        goto done;
    }
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

/* number_lines(numbers, codes, prefixes, suffixes) -> [prefixes[c] + str(n) + suffixes[c]]:
 * lines made of numbers (a uint32 buffer) and codes (bytes, or None: all 0) by templates given
 * as two tuples of str indexed by code (text/numbered.py's comprehension is the reference) */
static PyObject *number_lines(PyObject *self, PyObject *args) {
    PyObject *numbers_obj, *codes_obj, *prefixes, *suffixes;
    if (!PyArg_ParseTuple(args, "OOO!O!", &numbers_obj, &codes_obj, &PyTuple_Type, &prefixes,
                          &PyTuple_Type, &suffixes))
        return NULL;
    Py_buffer nv = {0}, cv = {0};
    PyObject *lines = NULL;
    Py_ssize_t n_templates = PyTuple_GET_SIZE(prefixes);
    if (PyTuple_GET_SIZE(suffixes) != n_templates) {
        PyErr_SetString(PyExc_ValueError, "as many prefixes as suffixes");
        return NULL;
    }
    int ascii = 1;
    for (Py_ssize_t j = 0; j < n_templates; j++) {
        PyObject *p = PyTuple_GET_ITEM(prefixes, j), *q = PyTuple_GET_ITEM(suffixes, j);
        if (!PyUnicode_Check(p) || !PyUnicode_Check(q)) {
            PyErr_SetString(PyExc_TypeError, "templates are str");
            return NULL;
        }
        ascii = ascii && PyUnicode_IS_ASCII(p) && PyUnicode_IS_ASCII(q);
    }
    if (view_of(numbers_obj, &nv) < 0 || (codes_obj != Py_None && view_of(codes_obj, &cv) < 0))
        goto done;
    const uint32_t *numbers = (const uint32_t *)nv.buf;
    const unsigned char *codes = cv.obj ? (const unsigned char *)cv.buf : NULL;
    Py_ssize_t n = nv.len / 4;
    if (codes && cv.len < n) {
        PyErr_SetString(PyExc_ValueError, "fewer codes than numbers");
        goto done;
    }
    if (!(lines = PyList_New(n)))
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t code = codes ? codes[i] : 0;
        if (code >= n_templates) {
            PyErr_SetString(PyExc_IndexError, "a code without its template");
            Py_CLEAR(lines);
            goto done;
        }
        PyObject *p = PyTuple_GET_ITEM(prefixes, code), *q = PyTuple_GET_ITEM(suffixes, code);
        PyObject *line;
        if (ascii) {
            char digits[12], *d = digits + sizeof digits;
            uint32_t v = numbers[i];
            do
                *--d = (char)('0' + v % 10);
            while (v /= 10);
            Py_ssize_t lp = PyUnicode_GET_LENGTH(p), lq = PyUnicode_GET_LENGTH(q);
            Py_ssize_t ld = digits + sizeof digits - d;
            line = PyUnicode_New(lp + ld + lq, 127);
            if (line) {
                char *out = (char *)PyUnicode_DATA(line);
                memcpy(out, PyUnicode_DATA(p), lp);
                memcpy(out + lp, d, ld);
                memcpy(out + lp + ld, PyUnicode_DATA(q), lq);
            }
        } else
            line = PyUnicode_FromFormat("%U%u%U", p, (unsigned)numbers[i], q);
        if (!line) {
            Py_CLEAR(lines);
            goto done;
        }
        PyList_SET_ITEM(lines, i, line);
    }
done:
    release(&nv);
    release(&cv);
    return lines;
}

/* -- quiz.py's clash test ------------------------------------------------------------------ */

/* clash_free(values, units): whether no unit gives a value twice (quiz._no_clash, which rate
 * asks of every quiz of a file): ``values`` a byte per cell (0: empty), ``units`` each unit as
 * its number of cells then its cells, 16-bit numbers */
static PyObject *clash_free(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    if (n != 2 || !PyBytes_Check(args[0]) || !PyBytes_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "clash_free(values: bytes, units: bytes)");
        return NULL;
    }
    const unsigned char *values = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    const char *table = PyBytes_AS_STRING(args[1]);
    Py_ssize_t size = PyBytes_GET_SIZE(args[0]), len = PyBytes_GET_SIZE(args[1]) / 2;
    for (Py_ssize_t k = 0; k < len;) {
        uint16_t count, cell;
        memcpy(&count, table + 2 * k++, 2);
        unsigned seen = 0;
        for (int j = 0; j < count && k < len; j++, k++) {
            memcpy(&cell, table + 2 * k, 2);
            if (cell >= size) {
                PyErr_SetString(PyExc_ValueError, "a unit's cell past the values");
                return NULL;
            }
            unsigned bit = 1u << (values[cell] & 31);
            if (seen & bit & ~1u)
                Py_RETURN_FALSE;
            seen |= bit;
        }
    }
    Py_RETURN_TRUE;
}

static PyMethodDef module_methods[] = {
    {"configure", configure, METH_VARARGS, "the Python types the core makes"},
    {"clash_free", (PyCFunction)(void (*)(void))clash_free, METH_FASTCALL,
     "whether no unit gives a value twice (quiz._no_clash)"},
    {"cell_track", cell_track, METH_VARARGS, "the steps that changed a cell (History.cell_track)"},
    {"value_events", value_events, METH_VARARGS, "the value changes of a cell's track"},
    {"removal_steps", removal_steps, METH_VARARGS, "the steps a cell's track loses a candidate"},
    {"number_lines", number_lines, METH_VARARGS, "lines made of numbers and templates"},
    {NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_native",
                                    "The native core (docs/native.md).", -1, module_methods};

PyMODINIT_FUNC PyInit__native(void) {
    for (int i = 0; i < 1024; i++)
        if (!SMALL[i] && !(SMALL[i] = PyLong_FromLong(i)))
            return NULL;
    if (!COPY && !(COPY = PyUnicode_InternFromString("__copy__")))
        return NULL;
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* The move machine of core/engine.py: start, search (fill, or filter then a guess due), guess
 * and next guess; one move a call of advance(). */
#include "moves.h"
#include "filters.h"
#include "objects.h"

#ifdef PORTABLE_SSE2
#include <emmintrin.h>
#endif

static void recount_touched(Core *c) {
    for (int k = 0; k < c->n_touched; k++)
        recount(c, c->touched[k]);
}

void frame_forget(NFrame *f) {
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
    EMIT(c, SOLUTION, T_Outcome, 4, num(SOLUTION), PyLong_FromLongLong(c->steps),
         PyLong_FromLongLong(c->solutions), grid(c));
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
            if (UNLIKELY(m == b)) { /* its last candidate */
                c->n_touched = n;
                c->dirty[0] = dirty;
                EMIT(c, WENT_WRONG, T_WentWrong, 5, num(WENT_WRONG), PyLong_FromLongLong(c->steps),
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
                EMIT(c, WENT_WRONG, T_WentWrong, 5, num(WENT_WRONG), PyLong_FromLongLong(c->steps),
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
        EMIT(c, NO_CANDIDATE, T_NoCandidate, 3, num(NO_CANDIDATE), PyLong_FromLongLong(c->steps),
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

int push_frame(Core *c) {
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
    EMIT(c, GUESS, T_Guess, 6, num(GUESS), PyLong_FromLongLong(c->steps), num(cell),
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
#ifdef PORTABLE_SSE2
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
            restore_cell(c, f, i + ctz32(differ));
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
                 PyLong_FromLongLong(c->steps), num(top->cell), num(c->n_frames), num(top->tried),
                 num(top->n_options));
            _try(c, top);
            return;
        }
        frame_forget(top);
        c->n_frames--;
        popped = 1;
    }
    EMIT(c, NO_MORE, T_Outcome, 4, num(NO_MORE), PyLong_FromLongLong(c->steps),
         PyLong_FromLongLong(c->solutions), grid(c));
    c->status = FINISHED;
}

/* Engine.advance without a guess answer */
void advance(Core *c, int run_mode) {
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

/* rating.rate's loop, many steps a call: se_climb(values, cands, order, above, below, poll[,
 * deadline, memo]) takes, from the grid, step after step, the first hint of the first technique
 * of ``order`` (a sequence of (technique, degree) pairs, the rating's order of its techniques)
 * that finds one, and applies it (Hint.apply), until
 *
 *   SE_CLIMB_SOLVED      the grid is solved
 *   SE_CLIMB_NONE        no technique of ``order`` finds anything: the rating goes on with
 *                        the techniques after them, in Python (none when the order is all)
 *   SE_CLIMB_OVER_BELOW  the step found rates above ``below`` (tenths; -1: none): not taken
 *   SE_CLIMB_OVER_ABOVE  the step taken rates above ``above`` (tenths; -1: none)
 *   SE_CLIMB_STOPPED     ``poll`` (a callable, or None) said stop
 *   SE_CLIMB_TIMEOUT     the deadline (time.monotonic's clock, or None) passed while the
 *                        technique at ``index`` was searching, or before it began
 *
 * -> (the hints taken, each as (its technique's index in the order, (name, rating, removals,
 * placement, shape)), the status, that index or -1, the grid's values and candidate masks as the
 * hints leave them: 81 ints each, new lists). A hint's shape is what serate's description of it
 * names (``%s``, tools/serate_steps.py): the very finding the step applied, handed back with it
 * (se_rungs.h and se_found.h lay the shapes out). The techniques are the ladder's (se_ladder) and
 * the chains' (SE_T_EXCLUSION, SE_T_CYCLES, SE_T_CHAINER: aligned exclusion, cycles and forcing
 * X/Y chains, forcing.Chainer's kinds in CHAINERS, their findings sorted and the first taken, the
 * nested ones sharing ``memo``, se_memo's), so that a rating crosses into C once a puzzle. Ctrl-C
 * and poll are looked at before each step and before each chain technique, as rate looks at them
 * before each technique; the deadline before each chain technique and inside the chain searches. */
#include "se_rating.h"
#include "se_scratch.h"

enum {
    SE_CLIMB_SOLVED,
    SE_CLIMB_NONE,
    SE_CLIMB_OVER_BELOW,
    SE_CLIMB_OVER_ABOVE,
    SE_CLIMB_STOPPED,
    SE_CLIMB_TIMEOUT
};

/* the chain techniques, by the numbers native_ladder gives them (above the ladder's) */
enum { SE_T_EXCLUSION = 100, SE_T_CYCLES, SE_T_CHAINER };

/* SE_T_CHAINER's degrees: forcing.Chainer's (multiple, dynamic, nishio, level, nesting), in
 * the rating's order: Nishio, multiple, dynamic, dynamic (+), nested 2, 3, 4 over 0-3 */
static const int CHAINERS[10][5] = {{0, 1, 1, 0, 0}, {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0},
                                    {1, 1, 0, 1, 0}, {1, 1, 0, 2, 0}, {1, 1, 0, 3, 0},
                                    {1, 1, 0, 4, 0}, {1, 1, 0, 4, 1}, {1, 1, 0, 4, 2},
                                    {1, 1, 0, 4, 3}};

/* whether (technique, degree) is a chain technique climb takes */
static int chain_check(long t, long d) {
    return (t == SE_T_EXCLUSION && (d == 2 || d == 3)) || (t == SE_T_CYCLES && d == 0) ||
           (t == SE_T_CHAINER && d >= 0 && d < 10);
}

typedef struct {
    double deadline; /* CLOCK_MONOTONIC seconds, or < 0 */
    PyObject *poll;  /* or NULL */
    struct SeMemo *memo;
    /* the chain searches' scratch (SeCtx.scratch, its kind in scratch_free), one slot for
     * cycles and one for the chainers (se_scratch.h): each search is handed its technique's,
     * which it keeps if it is of its kind (a cycles search's is 75 KB to clear), so that
     * cycles and a static chainer taking turns at each grid do not make theirs again */
    SeScratch scratch[2];
    SeNothing *nothing; /* what each technique of the order found nothing of (se_ladder.h) */
    /* the chain searches' potentials, parents, queue and walk, handed from one search to the
     * next: made again from nothing at each search, they were copied over at each doubling */
    SeCtx buffers;
} Limits;

/* the growing buffers of ``a`` and ``b`` traded (a search's at its start and end) */
static void buffers_traded(SeCtx *a, SeCtx *b) {
    SePot *pots = a->pots;
    int32_t *par = a->par, *queue = a->queue, *walk = a->walk;
    int cap_pots = a->cap_pots, cap_par = a->cap_par, cap_queue = a->cap_queue;
    int cap_walk = a->cap_walk;
    a->pots = b->pots, a->cap_pots = b->cap_pots, a->par = b->par, a->cap_par = b->cap_par;
    a->queue = b->queue, a->cap_queue = b->cap_queue, a->walk = b->walk, a->cap_walk = b->cap_walk;
    b->pots = pots, b->cap_pots = cap_pots, b->par = par, b->cap_par = cap_par;
    b->queue = queue, b->cap_queue = cap_queue, b->walk = walk, b->cap_walk = cap_walk;
}

/* the buffers a rating grew, handed to the next (the GIL is held throughout one) rather than
 * freed, unless past SPARE_POTS potentials (a rating of nested chains may reach that once) */
enum { SPARE_POTS = 1 << 16 };
static SeCtx spare_buffers; /* (traded with a rating's limits at its start) */

static void buffers_freed(Limits *lim) {
    if (lim->buffers.cap_pots <= SPARE_POTS) /* (the spare's, if it held any, freed below) */
        buffers_traded(&spare_buffers, &lim->buffers);
    PyMem_Free(lim->buffers.pots);
    PyMem_Free(lim->buffers.par);
    PyMem_Free(lim->buffers.queue);
    PyMem_Free(lim->buffers.walk);
}

#define MAX_ORDER 64

/* Hint.apply on the grid: the removals, then the placement (its peers lose the value) */
static int apply(SeGrid *g, PyObject *hint) {
    PyObject *removals = TUPLE_ITEM(hint, 2), *placement = TUPLE_ITEM(hint, 3);
    for (Py_ssize_t i = 0; i < TUPLE_SIZE(removals); i++) {
        PyObject *pair = TUPLE_ITEM(removals, i);
        long cell = PyLong_AsLong(TUPLE_ITEM(pair, 0));
        long value = PyLong_AsLong(TUPLE_ITEM(pair, 1));
        se_grid_drop(g, (int)cell, (int)value);
    }
    if (placement != Py_None) {
        long cell = PyLong_AsLong(TUPLE_ITEM(placement, 0));
        long value = PyLong_AsLong(TUPLE_ITEM(placement, 1));
        g->values[cell] = (unsigned char)value;
        for (int v = 1; v <= 9; v++)
            se_grid_drop(g, (int)cell, v);
        for (SeCells m = SE_PEER_CELLS[cell]; se_cells_any(m);)
            se_grid_drop(g, se_cells_pop(&m), (int)value);
    }
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
    Py_ssize_t n = FAST_SIZE(seq);
    if (n > MAX_ORDER) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "an order of %zd techniques (accepted: up to %d)", n,
                     MAX_ORDER);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = FAST_ITEM(seq, i);
        if (!PyTuple_Check(pair) || TUPLE_SIZE(pair) != 2 ||
            !PyLong_Check(TUPLE_ITEM(pair, 0)) || !PyLong_Check(TUPLE_ITEM(pair, 1))) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "the order's item %zd is not a (technique, degree) pair",
                         i);
            return -1;
        }
        long t = PyLong_AsLong(TUPLE_ITEM(pair, 0));
        long d = PyLong_AsLong(TUPLE_ITEM(pair, 1));
        if (!PyErr_Occurred() && chain_check(t, d)) {
            order[i][0] = (int)t;
            order[i][1] = (int)d;
            continue;
        }
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

/* a chain search's context for technique ``t``, lent the limits' scratch space of its slot
 * (``ctx_returned`` gives it back and is done with the context), its deadline ``deadline`` (-1:
 * none); NULL with an exception */
static SeCtx *ctx_lent(Limits *lim, int t, double deadline) {
    SeCtx *x = se_ctx_new();
    if (!x) {
        PyErr_NoMemory();
        return NULL;
    }
    SeScratch *slot = &lim->scratch[t == SE_T_CHAINER];
    x->scratch = slot->scratch;
    x->scratch_free = slot->scratch_free;
    *slot = (SeScratch){NULL, NULL};
    x->deadline = deadline;
    x->poll = lim->poll;
    buffers_traded(x, &lim->buffers);
    return x;
}

/* ``x``'s scratch space back to the limits' slot of technique ``t``, for the next chain
 * search; ``x`` done with (se_ctx_done) */
static void ctx_returned(SeCtx *x, Limits *lim, int t) {
    lim->scratch[t == SE_T_CHAINER] = (SeScratch){x->scratch, x->scratch_free};
    x->scratch = NULL;
    x->scratch_free = NULL;
    buffers_traded(x, &lim->buffers);
    se_ctx_done(x);
}

/* aligned exclusion's rating at degree ``d`` (aligned_exclusion's: pair 6.2, triplet 7.5) */
static int exclusion_rating(int d) {
    return d == 2 ? 62 : 75;
}

/* chain technique ``t`` of degree ``d`` run on ``g`` into ``x`` (its findings, x->n_found;
 * ``limit``: 1 where the easiest finding alone is asked for, so aligned exclusion stops at its
 * first and the cycles and chainers leave out findings that cannot come first; aligned
 * exclusion on the cells changed, Nishio on the values moved, since it last found nothing, in
 * ``nothing``); -1: an error */
static int technique_run(SeCtx *x, const SeGrid *g, int t, int d, Limits *lim, int limit,
                         SeNothing *nothing) {
    if (t == SE_T_EXCLUSION) {
        uint64_t changed[2];
        int since = se_changed_cells(nothing, g, changed);
        if (since && se_exclusion_since(x, g, d, limit, since > 0 ? changed : NULL) < 0)
            return -1;
        if (since && !x->n_found)
            se_keep_cands(nothing, g);
        return 0;
    }
    if (se_init_maps(x) < 0)
        return -1;
    if (t == SE_T_CYCLES)
        limit ? se_cycles_easiest(x, g) : se_cycles_run(x, g);
    else {
        const int *k = CHAINERS[d];
        se_chainer_setup(x, k[0], k[1], k[2], k[3], k[4], lim->memo);
        x->easiest = limit;
        se_chainer_since(x, g, &nothing->known, nothing->places);
    }
    return 0;
}

/* the first hint of a chain technique on the grid as (name, rating, removals, placement, shape): a
 * new reference, None when it finds nothing, or NULL with an exception; *stopped: why its
 * search stopped (1 the deadline, 3 the poll; else 0) */
static PyObject *chain_first(const SeGrid *g, int t, int d, Limits *lim, SeNothing *nothing,
                             int *stopped) {
    SeCtx *x = ctx_lent(lim, t, lim->deadline);
    if (!x)
        return NULL;
    PyObject *hint = NULL;
    int *order = NULL;
    if (technique_run(x, g, t, d, lim, 1, nothing) < 0)
        goto done;
    if (x->stop == 2)
        goto done;
    if (x->stop || !x->n_found) {
        *stopped = x->stop;
        hint = Py_NewRef(Py_None);
        goto done;
    }
    int first = 0; /* aligned exclusion: the first found; the chains: the easiest, sorted */
    if (t != SE_T_EXCLUSION) {
        order = PyMem_Malloc(((size_t)x->n_found + 1) * sizeof(int));
        if (!order || se_sorted_order(x, order) < 0) {
            PyErr_NoMemory();
            goto done;
        }
        first = order[0];
    }
    const SeFound *f = &x->found[first];
    PyObject *rems = se_rems_tuple(x, f);
    PyObject *shape = rems ? se_ints_tuple(x->shapes + f->shape, f->n_shape) : NULL;
    if (!shape) {
        Py_XDECREF(rems);
        goto done;
    }
    if (t == SE_T_EXCLUSION) /* exclusion.aligned_exclusion's names and ratings */
        hint = Py_BuildValue("(iiNON)", d, exclusion_rating(d), rems, Py_None, shape);
    else if (f->value)
        hint = Py_BuildValue("(iiN(ii)N)", f->name, f->rating, rems, f->cell, f->value, shape);
    else
        hint = Py_BuildValue("(iiNON)", f->name, f->rating, rems, Py_None, shape);
done:
    PyMem_Free(order);
    ctx_returned(x, lim, t);
    return hint;
}

/* the first hint of the order's techniques (a new reference), its technique's index in
 * *index; None when none finds one; NULL with an exception; or None with *status set (a
 * stop: the poll, or the deadline while *index searched) */
static PyObject *first_hint(SeRungs *r, int order[][2], int n, Limits *lim, int *index,
                            int *status) {
    se_rungs_count_empty(r);
    for (int i = 0; i < n; i++) {
        *index = i;
        if (order[i][0] >= SE_T_EXCLUSION) { /* a chain: the limits first, as rate looks */
            int said = limits(lim->poll);
            if (said) {
                *status = said;
                return said < 0 ? NULL : Py_NewRef(Py_None);
            }
            double now = lim->deadline >= 0 ? se_monotonic() : 0.0;
            if (now < 0) {
                *status = -1; /* (the clock's error, raised) */
                return NULL;
            }
            if (lim->deadline >= 0 && now > lim->deadline) {
                *status = SE_CLIMB_TIMEOUT;
                Py_RETURN_NONE;
            }
            int stopped = 0;
            PyObject *hint =
                chain_first(r->g, order[i][0], order[i][1], lim, &lim->nothing[i], &stopped);
            if (!hint || hint != Py_None)
                return hint;
            if (stopped) {
                *status = stopped == 1 ? SE_CLIMB_TIMEOUT : SE_CLIMB_STOPPED;
                return hint;
            }
            Py_DECREF(hint);
            continue;
        }
        r->list = PyList_New(0);
        if (!r->list)
            return NULL;
        if (se_rung_remembered(r, &lim->nothing[i], order[i][0], order[i][1]) < 0) {
            Py_CLEAR(r->list);
            return NULL;
        }
        if (LIST_SIZE(r->list)) {
            PyObject *hint = LIST_ITEM(r->list, 0);
            Py_INCREF(hint);
            Py_CLEAR(r->list);
            return hint;
        }
        Py_CLEAR(r->list);
    }
    Py_RETURN_NONE;
}

/* the grid as two new lists of 81 ints (values, candidate masks), or NULL with an exception */
static PyObject *grid_lists(const SeGrid *g) {
    PyObject *values = PyList_New(81), *cands = PyList_New(81);
    if (!values || !cands) {
        Py_XDECREF(values);
        Py_XDECREF(cands);
        return NULL;
    }
    for (int c = 0; c < 81; c++) {
        PyObject *value = PyLong_FromLong(g->values[c]), *mask = PyLong_FromLong(g->cands[c]);
        LIST_SET(values, c, value); /* (NULL is safe in a list being dropped) */
        LIST_SET(cands, c, mask);
        if (!value || !mask) {
            Py_DECREF(values);
            Py_DECREF(cands);
            return NULL;
        }
    }
    return Py_BuildValue("(NN)", values, cands);
}

static int solved(const SeGrid *g) {
    for (int c = 0; c < 81; c++)
        if (!g->values[c])
            return 0;
    return 1;
}

PyObject *se_climb(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *order_obj, *poll, *deadline = Py_None, *memo = Py_None;
    int above, below, order[MAX_ORDER][2];
    if (!PyArg_ParseTuple(args, "OOOiiO|OO", &values, &cands, &order_obj, &above, &below, &poll,
                          &deadline, &memo))
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
    SeNothing nothing[MAX_ORDER];
    for (int i = 0; i < n; i++)
        nothing[i].known = 0;
    Limits lim = {.deadline = -1, .poll = poll == Py_None ? NULL : poll, .nothing = nothing};
    if (deadline != Py_None) {
        lim.deadline = PyFloat_AsDouble(deadline);
        if (lim.deadline == -1 && PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "the deadline is a number (time.monotonic) or None");
            return NULL;
        }
        if (lim.deadline < 0)
            lim.deadline = 0;
    }
    if (memo != Py_None && !(lim.memo = se_memo_of(memo)))
        return NULL;
    se_cells_init();
    SeGrid g;
    if (se_parse_grid(values, cands, &g) < 0)
        return NULL;
    SeRungs r = {.g = &g, .limit = 1};
    se_scratch_taken(lim.scratch);
    buffers_traded(&lim.buffers, &spare_buffers);
    PyObject *steps = PyList_New(0);
    int status = -1, index = -1;
    while (steps) {
        if (solved(&g)) {
            status = SE_CLIMB_SOLVED;
            break;
        }
        int said = limits(lim.poll);
        if (said) {
            status = said;
            break;
        }
        int stop = -1;
        PyObject *hint = first_hint(&r, order, n, &lim, &index, &stop);
        if (!hint)
            break;
        if (hint == Py_None) {
            Py_DECREF(hint);
            status = stop >= 0 ? stop : SE_CLIMB_NONE;
            break;
        }
        long rating = PyLong_AsLong(TUPLE_ITEM(hint, 1));
        if (below >= 0 && rating > below) {
            Py_DECREF(hint);
            status = SE_CLIMB_OVER_BELOW;
            break;
        }
        PyObject *step = Py_BuildValue("(iO)", index, hint);
        int failed = !step || PyList_Append(steps, step) < 0 || apply(&g, hint) < 0;
        Py_XDECREF(step);
        Py_DECREF(hint);
        if (failed)
            break;
        if (above >= 0 && rating > above) {
            status = SE_CLIMB_OVER_ABOVE;
            break;
        }
    }
    /* (a search stopped early may leave its scratch half done: not kept) */
    se_scratch_left(lim.scratch,
                    status >= 0 && status != SE_CLIMB_STOPPED && status != SE_CLIMB_TIMEOUT);
    buffers_freed(&lim);
    if (status < 0) {
        Py_XDECREF(steps);
        return NULL;
    }
    PyObject *left = grid_lists(&g); /* the grid as the steps leave it */
    if (!left) {
        Py_DECREF(steps);
        return NULL;
    }
    PyObject *result = Py_BuildValue("(NiiOO)", steps, status,
                                     status == SE_CLIMB_TIMEOUT ? index : -1,
                                     TUPLE_ITEM(left, 0), TUPLE_ITEM(left, 1));
    Py_DECREF(left);
    return result;
}

/* se_below(givens, order, least, poll[, memo, enough]): whether the puzzle (81 bytes, 0 for an
 * empty cell; its grid as Grid.from_puzzle makes it, here rather than in Python) is solved by
 * steps all rated below ``least`` (tenths) of ``order``'s techniques (se_climb's), taken a batch
 * at a time: at each grid, the first technique that finds anything, as the rating takes it, and
 * every finding of it rated below ``least`` applied at once (not the first, or the easiest,
 * alone). -> the highest rating of a finding applied, 10 or more (solved so), 0 (a grid where
 * that technique's findings all rate ``least`` or more, or none finds anything: not known
 * below), 1 (``poll`` said stop). With ``enough`` (tenths, -1: none), the path stops after the
 * first batch that takes the highest rating applied to ``enough`` or more and answers that
 * rating: the highest only grows, so a caller that rejects the answers below ``enough`` decides
 * the same without the rest of the path. A rejection that need not follow the rating's path
 * step by step (rating.below_at_once says why it holds). */

enum { BELOW_NONE, BELOW_TAKEN, BELOW_OVER, BELOW_STOPPED }; /* a technique's batch */

/* a chain technique's findings below ``least`` applied (BELOW_*; *hardest: the highest rating
 * applied, as it was or higher), or -1 with an exception */
static int chain_below(SeGrid *g, SeStamps *st, int *empty, int t, int d, Limits *lim,
                       SeNothing *nothing, int least, int *hardest) {
    SeCtx *x = ctx_lent(lim, t, -1);
    if (!x)
        return -1;
    int outcome = -1;
    x->unshaped = 1; /* (the batch reads a finding's rating, removals and placement alone) */
    if (t != SE_T_CYCLES ? technique_run(x, g, t, d, lim, 0, nothing) < 0 : se_init_maps(x) < 0)
        goto done;
    if (t == SE_T_CYCLES) /* (a stop is read from x->stop, as technique_run leaves it) */
        se_cycles_below(x, g, least, *hardest);
    if (x->stop) { /* (2: an exception is set) */
        outcome = x->stop == 2 ? -1 : BELOW_STOPPED;
        goto done;
    }
    outcome = x->n_found ? BELOW_OVER : BELOW_NONE;
    /* (the findings were all made on the grid before any is applied: g changes only now) */
    st->batch++;
    for (int i = 0; i < x->n_found; i++) {
        const SeFound *f = &x->found[i];
        int rating = t == SE_T_EXCLUSION ? exclusion_rating(d) : f->rating;
        if (rating >= least)
            continue;
        outcome = BELOW_TAKEN;
        if (rating > *hardest)
            *hardest = rating;
        for (int j = 0; j < f->n_rems; j++)
            se_stamped_drop(g, st, x->rems[f->rems + 2 * j], x->rems[f->rems + 2 * j + 1]);
        if (f->value)
            se_stamped_place(g, st, empty, f->cell, f->value);
    }
done:
    ctx_returned(x, lim, t);
    return outcome;
}

/* a ladder technique's findings below ``least`` applied to g (r's grid: BELOW_*, *hardest as
 * chain_below's), or -1 with an exception */
static int rung_below(SeRungs *r, SeGrid *g, SeStamps *st, SeNothing *nothing, int technique,
                      int degree, int least, int *hardest) {
    SeSink *sink = r->sink;
    sink->n = sink->hints = 0;
    if (se_rung_remembered(r, nothing, technique, degree) < 0)
        return -1;
    int outcome = sink->hints ? BELOW_OVER : BELOW_NONE;
    /* the findings as made on the grid before any is applied (the sink holds them all), each
     * as Hint.apply takes it: the removals, then the placement */
    st->batch++;
    for (int at = 0; at < sink->n; at += 4 + 2 * sink->data[at + 3]) {
        const int *hint = sink->data + at;
        if (hint[0] >= least)
            continue;
        outcome = BELOW_TAKEN;
        if (hint[0] > *hardest)
            *hardest = hint[0];
        for (int j = 0; j < hint[3]; j++)
            se_stamped_drop(g, st, hint[4 + 2 * j], hint[5 + 2 * j]);
        if (hint[2])
            se_stamped_place(g, st, r->empty, hint[1], hint[2]);
    }
    return outcome;
}

/* the grid of a puzzle's givens (Grid.from_puzzle's: an empty cell keeps the values its units
 * do not hold), or -1 with ValueError */
static int givens_grid(PyObject *givens, SeGrid *g) {
    if (!PyBytes_Check(givens) || BYTES_SIZE(givens) != 81) {
        PyErr_SetString(PyExc_ValueError, "the givens: 81 bytes, 0 for an empty cell, else 1-9");
        return -1;
    }
    const unsigned char *v = (const unsigned char *)BYTES_DATA(givens);
    uint16_t used[27] = {0};
    for (int cell = 0; cell < 81; cell++) {
        if (v[cell] > 9) {
            PyErr_SetString(PyExc_ValueError,
                            "the givens: 81 bytes, 0 for an empty cell, else 1-9");
            return -1;
        }
        if (v[cell])
            for (int t = 0; t < 3; t++)
                used[SE_CELL_UNITS[cell][t]] |= (uint16_t)(1 << v[cell]);
    }
    for (int cell = 0; cell < 81; cell++) {
        const int *u = SE_CELL_UNITS[cell];
        g->values[cell] = v[cell];
        g->cands[cell] = v[cell] ? 0 : (uint16_t)(0x3FE & ~(used[u[0]] | used[u[1]] | used[u[2]]));
    }
    g->geo = &SE_CLASSIC_GEO;
    se_table_fill(g);
    return 0;
}

PyObject *se_below(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *givens, *order_obj, *poll, *memo = Py_None;
    int least, enough = -1, order[MAX_ORDER][2];
    if (!PyArg_ParseTuple(args, "OOiO|Oi", &givens, &order_obj, &least, &poll, &memo, &enough))
        return NULL;
    int n = parse_order(order_obj, order);
    if (n < 0)
        return NULL;
    if (poll != Py_None && !PyCallable_Check(poll)) {
        PyErr_SetString(PyExc_ValueError, "poll is a callable or None");
        return NULL;
    }
    if (enough < -1) {
        PyErr_SetString(PyExc_ValueError, "enough is a rating in tenths, or -1 for none");
        return NULL;
    }
    Limits lim = {.deadline = -1, .poll = poll == Py_None ? NULL : poll};
    if (memo != Py_None && !(lim.memo = se_memo_of(memo)))
        return NULL;
    SeNothing nothing[MAX_ORDER];
    for (int i = 0; i < n; i++) {
        nothing[i].known = 0;
        nothing[i].kept_at = 0;
    }
    se_cells_init();
    SeGrid g;
    if (givens_grid(givens, &g) < 0)
        return NULL;
    SeSink sink = {0};
    SeStamps stamps;
    SeLoopsMemo loops;
    memset(&stamps, 0, sizeof stamps);
    memset(&loops, 0, sizeof loops);
    SeRungs r = {.g = &g, .limit = 0, .sink = &sink, .stamps = &stamps, .loops = &loops};
    se_rungs_count_empty(&r); /* (then kept by each placement: place) */
    se_scratch_taken(lim.scratch);
    buffers_traded(&lim.buffers, &spare_buffers);
    int answer = -1, hardest = 0;
    while (answer < 0) {
        if (solved(&g)) {
            answer = hardest;
            break;
        }
        int said = limits(lim.poll);
        if (said) {
            if (said > 0)
                answer = 1;
            break;
        }
        int outcome = BELOW_NONE;
        for (int i = 0; i < n && outcome == BELOW_NONE; i++) {
            if (order[i][0] >= SE_T_EXCLUSION) {
                said = limits(lim.poll);
                if (said) {
                    outcome = said > 0 ? BELOW_STOPPED : -1;
                    break;
                }
                outcome = chain_below(&g, &stamps, r.empty, order[i][0], order[i][1], &lim,
                                      &nothing[i], least, &hardest);
            } else
                outcome = rung_below(&r, &g, &stamps, &nothing[i], order[i][0], order[i][1],
                                     least, &hardest);
        }
        if (outcome < 0)
            break;
        if (outcome == BELOW_STOPPED)
            answer = 1;
        else if (outcome != BELOW_TAKEN)
            answer = 0;
        else if (enough >= 0 && hardest >= enough)
            answer = hardest;
    }
    se_scratch_left(lim.scratch, answer >= 0 && answer != 1);
    buffers_freed(&lim);
    PyMem_Free(sink.data);
    return answer < 0 ? NULL : PyLong_FromLong(answer);
}

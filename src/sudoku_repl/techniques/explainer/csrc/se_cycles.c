/* chains.py: bidirectional cycles (6.5 X, 7.0 XY) and forcing chains from one candidate (6.6
 * X, 7.0 XY) with Sudoku Explainer's length penalty, in chains.py's order. Each potential has
 * one parent here (no dynamic parents): a chain. */
#include "se_cycles.h"

/* the names, as native_chains.CYCLE_NAMES numbers them: cycles X, Y, XY, then chains */
enum { X_CYCLE = 0, Y_CYCLE, XY_CYCLE, X_CHAIN, Y_CHAIN, XY_CHAIN };

typedef struct {
    int32_t *q; /* pending potentials */
    int n, cap;
} Queue;

/* push on a full queue: room made first (0, or -1 with x->stop set) */
static int push_grown(SeCtx *x, Queue *q, int pot) {
    int cap = q->cap ? q->cap * 2 : 1024;
    int32_t *p = PyMem_Realloc(q->q, (size_t)cap * sizeof(int32_t));
    if (!p) {
        PyErr_NoMemory();
        x->stop = 2;
        return -1;
    }
    q->q = p;
    q->cap = cap;
    q->q[q->n++] = pot;
    return 0;
}

static inline int push(SeCtx *x, Queue *q, int pot) {
    if (q->n == q->cap)
        return push_grown(x, q, pot);
    q->q[q->n++] = pot;
    return 0;
}

typedef struct {
    SeLinks links;
    Queue on, off;
    int32_t seen_on[SE_KEYS], seen_off[SE_KEYS]; /* stamps: the key is in to_on, to_off */
    int gen;
    int32_t ancestor[SE_KEYS]; /* stamps: the key is an ancestor of the potential at hand */
    int agen;
    SeReach reach; /* the forcing chains' links of the kind at hand */
    /* what the walks from a candidate reach, for the links at hand (se_reach_walks) */
    uint8_t walks[81][10];
    uint16_t linked[81]; /* se_off_links for the links at hand: the "off" that are not sinks */
    SeDigitMemo *digits; /* the X links' answers by a digit's places, or NULL */
} Search;

/* s->walks for the links of the kind at hand (the units', and ``cell_links`` the cells'
 * too): for the X links (the units' alone) digit by digit (se_digit_reach), else from the
 * graph of the grid's linked candidates (se_reach_walks); 0, or -1 (x->stop set) */
static int walks_fill(SeCtx *x, const SeGrid *g, Search *s, int cell_links) {
    memset(s->walks, 0, sizeof s->walks);
    if (cell_links)
        return se_reach_walks(x, g, &s->links, &s->reach, cell_links, s->linked, s->walks);
    for (int value = 1; value <= 9; value++) {
        SeDigitReach own;
        const SeDigitReach *d = se_digit_reach(&s->links, g, value, s->digits, &own);
        for (int w = 0; w < 2; w++) /* (the cells any walk may find from, as bits) */
            for (uint64_t m = d->ret[w] | d->on_off[w] | d->off_on[w]; m; m &= m - 1) {
                int b = ctz64(m);
                s->walks[w * 64 + b][value] = (uint8_t)((d->ret[w] >> b & 1) * SE_MAY_RETURN |
                                                        (d->on_off[w] >> b & 1) * SE_ON_OFF |
                                                        (d->off_on[w] >> b & 1) * SE_OFF_ON);
            }
    }
    return 0;
}

/* chains.is_ancestor for every key at once: marks the keys of the child's ancestors (the
 * chain it rests on, itself left out) in s->ancestor, stamped s->agen */
static void mark_ancestors(const SeCtx *x, Search *s, int child) {
    s->agen++;
    for (const SePot *p = &x->pots[child]; p->n_parents;) {
        p = &x->pots[x->par[p->parents]];
        s->ancestor[se_key(p->cell, p->value, p->on)] = s->agen;
    }
}

/* chains._cycles: the potentials that come back to ``start``, into cycles */
static int cycles(SeCtx *x, const SeGrid *g, Search *s, int start, int cell_links, int unit_links,
                  const SeReach *scc, Queue *found) {
    int targets[28], length = 0;
    const SePot *st = &x->pots[start];
    int start_key = se_key(st->cell, st->value, 1);
    /* with ``scc`` (the graph of the links at hand), the walk stays in the start's strongly
     * connected part: a potential outside it cannot lead back to the start, nor to one that
     * can (it would then be in the part), so leaving it out changes no cycle found */
    int part = scc ? scc->part[scc->node[start_key]] : -1;
    s->gen++;
    s->on.n = s->off.n = 0;
    s->seen_on[start_key] = s->gen;
    int head_on = 0, head_off = 0;
    if (push(x, &s->on, start) < 0)
        return -1;
    while (head_on < s->on.n || head_off < s->off.n) {
        length++;
        while (head_on < s->on.n) {
            if (se_check_stop(x))
                return -1;
            int pi = s->on.q[head_on++];
            int n = se_offs_of(&s->links, g, &x->pots[pi], cell_links, targets);
            mark_ancestors(x, s, pi);
            for (int i = 0; i < n; i++) {
                int cell = targets[i] >> 4, value = targets[i] & 15;
                if (s->ancestor[se_key(cell, value, 0)] == s->agen || !(s->linked[cell] >> value & 1))
                    continue; /* (a sink: no walk goes on from it, and it is not the start) */
                if (scc && scc->part[scc->node[se_key(cell, value, 0)]] != part)
                    continue;
                int off = se_pot(x, cell, value, 0, pi);
                if (off < 0 || push(x, &s->off, off) < 0)
                    return -1;
            }
        }
        length++;
        while (head_off < s->off.n) {
            int pi = s->off.q[head_off++];
            int n = se_ons_of(&s->links, g, &x->pots[pi], cell_links, unit_links, targets);
            for (int i = 0; i < n; i++) {
                int cell = targets[i] >> 4, value = targets[i] & 15, key = se_key(cell, value, 1);
                int on = -1;
                if (scc && scc->part[scc->node[key]] != part)
                    continue;
                if (length >= 4 && key == start_key) {
                    if ((on = se_pot(x, cell, value, 1, pi)) < 0 || push(x, found, on) < 0)
                        return -1;
                }
                if (s->seen_on[key] != s->gen) {
                    if (on < 0 && (on = se_pot(x, cell, value, 1, pi)) < 0)
                        return -1;
                    s->seen_on[key] = s->gen;
                    if (push(x, &s->on, on) < 0)
                        return -1;
                }
            }
        }
    }
    return 0;
}

/* one step of _forcing_targets: the potentials ``targets`` (cell * 16 + value) made "on"
 * (``on``) or "off" from pi, each queued once, the first that is ``opposite`` into *result */
static int follow(SeCtx *x, Search *s, int pi, const int *targets, int n, int on, int opposite,
                  int *result) {
    int32_t *seen = on ? s->seen_on : s->seen_off;
    for (int i = 0; i < n; i++) {
        int cell = targets[i] >> 4, value = targets[i] & 15, key = se_key(cell, value, on);
        int hit = key == opposite && *result == -2;
        if (!hit && (seen[key] == s->gen || (!on && !(s->linked[cell] >> value & 1))))
            continue; /* seen, or an "off" sink: the walk would end there */
        int made = se_pot(x, cell, value, on, pi);
        if (made < 0)
            return -1;
        if (hit) {
            *result = made; /* the one target: the rest of the walk finds nothing more */
            return 0;
        }
        if (seen[key] != s->gen) {
            seen[key] = s->gen;
            if (push(x, on ? &s->on : &s->off, made) < 0)
                return -1;
        }
    }
    return 0;
}

/* chains._forcing_targets: the potential reaching the negation of ``start``, or -2 (none); the
 * walk ends at the first, as the negation is one potential */
static int forcing_target(SeCtx *x, const SeGrid *g, Search *s, int start, int cell_links) {
    int targets[28], result = -2;
    const SePot *st = &x->pots[start];
    int opposite = se_key(st->cell, st->value, st->on) ^ 1;
    s->gen++;
    s->on.n = s->off.n = 0;
    if (st->on)
        s->seen_on[se_key(st->cell, st->value, 1)] = s->gen;
    else
        s->seen_off[se_key(st->cell, st->value, 0)] = s->gen;
    if (push(x, st->on ? &s->on : &s->off, start) < 0)
        return -1;
    int head_on = 0, head_off = 0;
    while (head_on < s->on.n || head_off < s->off.n) {
        while (head_on < s->on.n) {
            if (se_check_stop(x))
                return -1;
            int pi = s->on.q[head_on++];
            int n = se_offs_of(&s->links, g, &x->pots[pi], cell_links, targets);
            if (follow(x, s, pi, targets, n, 0, opposite, &result) < 0)
                return -1;
            if (result >= 0)
                return result;
        }
        while (head_off < s->off.n) {
            int pi = s->off.q[head_off++];
            int n = se_ons_of(&s->links, g, &x->pots[pi], cell_links, 1, targets);
            if (follow(x, s, pi, targets, n, 1, opposite, &result) < 0)
                return -1;
            if (result >= 0)
                return result;
        }
    }
    return result;
}

/* chains._cycle_removals: the candidates both an "on" and an "off" link of the cycle see
 * (outside its cells), sorted, into rems; their count */
static int cycle_removals(const SeCtx *x, const SeGrid *g, int dst, int16_t *rems) {
    unsigned char in_chain[81] = {0};
    uint16_t forward[81] = {0}, backward[81] = {0};
    const SePot *p;
    for (p = &x->pots[dst]; p->n_parents; p = &x->pots[x->par[p->parents]])
        in_chain[p->cell] = 1;
    for (p = &x->pots[dst]; p->n_parents; p = &x->pots[x->par[p->parents]])
        for (int i = 0; i < 20; i++) { /* the cell's peers */
            int o = SE_PEER_ORDER[p->cell][i];
            if (!in_chain[o] && (g->cands[o] >> p->value & 1))
                (p->on ? forward : backward)[o] |= (uint16_t)(1 << p->value);
        }
    int n = 0;
    for (int o = 0; o < 81; o++)
        for (int m = forward[o] & backward[o]; m; m &= m - 1) {
            rems[2 * n] = (int16_t)o;
            rems[2 * n++ + 1] = (int16_t)ctz32(m);
        }
    return n;
}

/* chains._search for one kind of link */
static int search(SeCtx *x, const SeGrid *g, Search *s, int cell_links, int unit_links) {
    int both = cell_links && unit_links;
    int kind = both ? 2 : cell_links ? 1 : 0, sort_key = both ? 4 : cell_links ? 3 : 2;
    Queue found = {NULL, 0, 0};
    for (int cell = 0; cell < 81; cell++)
        s->linked[cell] = (uint16_t)se_off_links(&s->links, cell, cell_links, unit_links);
    /* (the Y links' walks are few and short: a graph of them cost more than it saved) */
    int result = unit_links ? walks_fill(x, g, s, cell_links) : 0;
    for (int cell = 0; cell < 81 && !result; cell++) {
        int mask = g->cands[cell], count = BITS[mask >> 1];
        if (count < 2 || (!unit_links && count > 2))
            continue;
        for (int values = mask; values && !result; values &= values - 1) {
            int value = ctz32(values);
            if (unit_links && !s->walks[cell][value])
                continue; /* no walk from it can find anything */
            x->n_pots = x->n_par = 0;
            found.n = 0;
            int start = se_pot(x, cell, value, 1, -1), targets[2], n_targets = 0;
            if (start < 0 || ((!unit_links || s->walks[cell][value] & SE_MAY_RETURN) &&
                              cycles(x, g, s, start, cell_links, unit_links,
                                     cell_links && unit_links ? &s->reach : NULL, &found) < 0)) {
                result = -1;
                break;
            }
            if (unit_links) {
                int walks = s->walks[cell][value];
                int t = walks & SE_ON_OFF ? forcing_target(x, g, s, start, cell_links) : -2;
                int off = t == -1 ? -1 : !(walks & SE_OFF_ON) ? -2 : se_pot(x, cell, value, 0, -1);
                int u = off == -1 ? -1 : off == -2 ? -2 : forcing_target(x, g, s, off, cell_links);
                if (t == -1 || off == -1 || u == -1) {
                    result = -1;
                    break;
                }
                if (t >= 0)
                    targets[n_targets++] = t;
                if (u >= 0 && !(t >= 0 && x->pots[t].on == x->pots[u].on))
                    targets[n_targets++] = u;
            }
            int16_t rems[2 * 81 * 9 > 2048 ? 2048 : 2 * 81 * 9];
            for (int i = 0; i < found.n && !result; i++) {
                int n = cycle_removals(x, g, found.q[i], rems);
                if (!n)
                    continue;
                if (se_found_chain(x, X_CYCLE + kind, both ? 70 : 65, sort_key, rems, n, 0, 0,
                                   &found.q[i], 1, SE_CYCLE_ORIGIN) < 0)
                    result = -1;
            }
            for (int i = 0; i < n_targets && !result; i++) {
                const SePot *t = &x->pots[targets[i]];
                int n = 0, tc = t->cell, tv = t->value, on = t->on;
                if (on) {
                    for (int v = 1; v <= 9; v++)
                        if (g->cands[tc] >> v & 1 && v != tv) {
                            rems[2 * n] = (int16_t)tc;
                            rems[2 * n++ + 1] = (int16_t)v;
                        }
                } else {
                    rems[0] = (int16_t)tc;
                    rems[1] = (int16_t)tv;
                    n = 1;
                }
                if (!n)
                    continue;
                if (se_found_chain(x, X_CHAIN + kind, both ? 70 : 66, sort_key, rems, n, tc,
                                   on ? tv : 0, &targets[i], 1, SE_NO_ORIGIN) < 0)
                    result = -1;
            }
        }
    }
    PyMem_Free(found.q);
    return result;
}

/* chains.cycles_and_chains_found: X-cycles and X-chains, Y-cycles, then XY (the findings in
 * x->found, as found) */
static void search_free(void *scratch) {
    Search *s = scratch;
    PyMem_Free(s->on.q);
    PyMem_Free(s->off.q);
    se_reach_free(&s->reach);
    PyMem_Free(s);
}

int se_cycles_run(SeCtx *x, const SeGrid *g) {
    if (x->scratch_free != search_free) { /* made once a context (its stamps run on) */
        if (x->scratch_free)
            x->scratch_free(x->scratch);
        x->scratch_free = NULL;
        if (!(x->scratch = PyMem_Calloc(1, sizeof(Search)))) {
            PyErr_NoMemory();
            x->stop = 2;
            return -1;
        }
        x->scratch_free = search_free;
    }
    Search *s = x->scratch;
    se_links_fill(g, &s->links);
    s->digits = se_memo_digits(x->memo);
    if (search(x, g, s, 0, 1) == 0 && search(x, g, s, 1, 0) == 0)
        search(x, g, s, 1, 1);
    return x->stop ? -1 : 0;
}

/* se_cycles(values, cands, deadline, poll): chains.cycles_and_forcing_chains' hints as
 * se_chainer gives its own */
PyObject *se_cycles(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *deadline, *poll;
    if (!PyArg_ParseTuple(args, "OOOO", &values, &cands, &deadline, &poll))
        return NULL;
    SeCtx *x = PyMem_Calloc(1, sizeof(SeCtx));
    if (!x)
        return PyErr_NoMemory();
    return se_search(x, values, cands, deadline, poll, se_cycles_run);
}

/* chains.py: bidirectional cycles (6.5 X, 7.0 XY) and forcing chains from one candidate (6.6
 * X, 7.0 XY) with Sudoku Explainer's length penalty, in chains.py's order. Each potential has
 * one parent here (no dynamic parents): a chain. */
#include "se_cycles.h"
#include "se_walks.h"

/* s->walks for the links of the kind at hand (the units', and ``cell_links`` the cells'
 * too): for the X links (the units' alone) digit by digit (se_digit_reach), else from the
 * graph of the grid's linked candidates (se_reach_walks); 0, or -1 (x->stop set) */
static void digit_walks_fill(const SeGrid *g, Search *s, int value) {
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

static int walks_fill(SeCtx *x, const SeGrid *g, Search *s, int cell_links) {
    memset(s->walks, 0, sizeof s->walks);
    if (cell_links) {
        if (se_reach_walks(x, g, &s->links, &s->reach, cell_links, s->linked, s->walks) < 0)
            return -1;
        se_xy_removing(g, s);
        return 0;
    }
    for (int value = 1; value <= 9; value++)
        digit_walks_fill(g, s, value);
    return 0;
}
/* An inner search's X findings, kept by digit (SeXFound). A finding as int32s: the start's
 * cell, name, base, complexity, sort_key, cell, value (a placement's; 0 none), n_rems, the
 * removals (cell, value) unless a placement's (those are the cell's other candidates, of the
 * grid at hand), n_links, the links (cell, value, cause), the chain's hash (low, high) */

/* the finding f, made from the candidate of ``start``'s cell, to s->own[value]: 0, or -1 */
static int keep_found(SeCtx *x, Search *s, int value, int start, const SeFound *f) {
    int rems = f->value ? 0 : 2 * f->n_rems, need = s->own_n[value] + 11 + rems + 3 * f->n_links;
    if (se_grow((void **)&s->own[value], &s->own_cap[value], need, sizeof(int32_t), x) < 0)
        return -1;
    int32_t *d = s->own[value] + s->own_n[value];
    int head[8] = {start,   f->name,  f->rating - se_penalty(f->complexity),
                   f->complexity, f->sort_key, f->cell, f->value, f->n_rems};
    for (int i = 0; i < 8; i++)
        *d++ = head[i];
    for (int i = 0; i < rems; i++)
        *d++ = x->rems[f->rems + i];
    *d++ = f->n_links;
    for (int i = 0; i < 3 * f->n_links; i++)
        *d++ = x->links[3 * f->links + i];
    *d++ = (int32_t)(uint32_t)f->chain;
    *d++ = (int32_t)(uint32_t)(f->chain >> 32);
    s->own_n[value] = need;
    return 0;
}

/* the kept finding at d[at ..] into x->found, as se_found_chain made it: the next finding's
 * index in d, or -1 */
static int replay_found(SeCtx *x, const SeGrid *g, const int32_t *d, int at) {
    int name = d[at + 1], base = d[at + 2], complexity = d[at + 3], sort_key = d[at + 4];
    int cell = d[at + 5], value = d[at + 6], n = d[at + 7];
    int16_t rems[2 * 81 * 9];
    at += 8;
    if (value) {
        n = 0;
        for (int v = 1; v <= 9; v++)
            if (g->cands[cell] >> v & 1 && v != value) {
                rems[2 * n] = (int16_t)cell;
                rems[2 * n++ + 1] = (int16_t)v;
            }
    } else
        for (int i = 0; i < 2 * n; i++)
            rems[i] = (int16_t)d[at++];
    int n_links = d[at++], links = x->n_links;
    if (se_add_found(x, name, base, complexity, sort_key, rems, n, cell, value) < 0 ||
        se_grow((void **)&x->links, &x->cap_links, 3 * (links + n_links), sizeof(int16_t), x) < 0)
        return -1;
    for (int i = 0; i < 3 * n_links; i++)
        x->links[3 * links + i] = (int16_t)d[at++];
    x->n_links += n_links;
    SeFound *f = &x->found[x->n_found - 1];
    f->links = links;
    f->n_links = n_links;
    f->chain = (uint64_t)(uint32_t)d[at] | (uint64_t)(uint32_t)d[at + 1] << 32;
    return at + 2;
}

static SeXFound *xfound_slot(SeXFoundMemo *memo, const uint64_t *places, int value) {
    uint64_t h = (places[0] ^ places[1] * 0x9e3779b97f4a7c15ULL ^ (uint64_t)value << 56) *
                 0xff51afd7ed558ccdULL;
    return &memo->slot[(h >> 40) % SE_XFOUND_KEPT];
}

/* chains._search with the X links, in an inner search: a digit's findings are the same on any
 * grid where its places and which of them are cells of one candidate are (the walks, cycles and
 * removals are the digit's, a placement's removals aside, made again from the grid), so each
 * digit's are searched where the memo has none (a digit's walks in turn), then all are handed
 * over in the search's order: by the start's cell, then value */
static int x_search_kept(SeCtx *x, const SeGrid *g, Search *s, Queue *found) {
    SeXFoundMemo *memo = se_memo_xfound(x->memo);
    const int32_t *data[10] = {NULL};
    int n[10] = {0}, searched[10] = {0};
    uint64_t single[2] = {0, 0};
    for (int cell = 0; cell < 81; cell++)
        if (BITS[g->cands[cell] >> 1] < 2)
            single[cell >> 6] |= 1ULL << (cell & 63);
    memset(s->walks, 0, sizeof s->walks);
    for (int value = 1; value <= 9; value++) {
        const uint64_t *places = s->links.places[value];
        if (!(places[0] | places[1]))
            continue;
        SeXFound *slot = memo ? xfound_slot(memo, places, value) : NULL;
        if (slot && slot->value == value && slot->places[0] == places[0] &&
            slot->places[1] == places[1] && slot->single[0] == (single[0] & places[0]) &&
            slot->single[1] == (single[1] & places[1])) {
            data[value] = slot->data;
            n[value] = slot->n;
            continue;
        }
        digit_walks_fill(g, s, value);
        s->own_n[value] = 0;
        for (int w = 0; w < 2; w++)
            for (uint64_t m = places[w] & ~single[w]; m; m &= m - 1) {
                int cell = w * 64 + ctz64(m), f0 = x->n_found, r0 = x->n_rems, l0 = x->n_links;
                if (!s->walks[cell][value])
                    continue; /* no walk from it can find anything */
                if (se_from_start(x, g, s, cell, value, 0, 1, found) < 0)
                    return -1;
                for (int i = f0; i < x->n_found; i++)
                    if (keep_found(x, s, value, cell, &x->found[i]) < 0)
                        return -1;
                x->n_found = f0;
                x->n_rems = r0;
                x->n_links = l0;
            }
        data[value] = s->own[value];
        n[value] = s->own_n[value];
        searched[value] = 1;
    }
    /* (``pending``: the digits with findings still to hand over; most searches have none) */
    int at[10] = {0}, pending = 0;
    for (int value = 1; value <= 9; value++)
        pending |= (n[value] > 0) << value;
    for (int cell = 0; cell < 81 && pending; cell++)
        for (int values = g->cands[cell] & pending; values; values &= values - 1) {
            int value = ctz32(values);
            while (at[value] < n[value] && data[value][at[value]] == cell)
                if ((at[value] = replay_found(x, g, data[value], at[value])) < 0)
                    return -1;
            if (at[value] >= n[value])
                pending &= ~(1 << value);
        }
    for (int value = 1; value <= 9 && memo; value++) {
        if (!searched[value])
            continue;
        SeXFound *slot = xfound_slot(memo, s->links.places[value], value);
        int32_t *kept = n[value] ? PyMem_Malloc((size_t)n[value] * sizeof(int32_t)) : NULL;
        if (n[value] && !kept)
            continue; /* (not kept: searched again when next asked) */
        if (n[value])
            memcpy(kept, data[value], (size_t)n[value] * sizeof(int32_t));
        PyMem_Free(slot->data);
        slot->data = kept;
        slot->n = n[value];
        slot->value = value;
        memcpy(slot->places, s->links.places[value], sizeof slot->places);
        slot->single[0] = single[0] & slot->places[0];
        slot->single[1] = single[1] & slot->places[1];
    }
    return 0;
}

/* An inner search's XY findings, kept by the graph (SeXYEntry): the walks from a linked
 * candidate are the graph's, so a start's walks (se_walk_from) are kept as their chains, each
 * potential's key from the start on; a graph met again makes those chains again (one parent
 * each, as the walk made them) and its findings from them on the grid at hand (se_make_found:
 * the removals are the grid's). A start's record: cell, value, its cycles' count, its
 * targets' count, then each chain's length and keys. */

/* the chain that ends at ``pot`` (by first parents) to s->rec, its length first: 0, or -1 */
static int record_chain(SeCtx *x, Search *s, int pot) {
    int length = 1;
    for (const SePot *p = &x->pots[pot]; p->n_parents; p = &x->pots[x->par[p->parents]])
        length++;
    if (se_grow((void **)&s->rec, &s->rec_cap, s->rec_n + 1 + length, sizeof(int16_t), x) < 0)
        return -1;
    s->rec[s->rec_n] = (int16_t)length;
    s->rec_n += length + 1;
    int16_t *key = s->rec + s->rec_n; /* (written from the end: the start first) */
    for (const SePot *p = &x->pots[pot];; p = &x->pots[x->par[p->parents]]) {
        *--key = (int16_t)se_key(p->cell, p->value, p->on);
        if (!p->n_parents)
            break;
    }
    return 0;
}

static int record_start(SeCtx *x, Search *s, int cell, int value, const Queue *found,
                        const int *targets, int n_targets) {
    if (se_grow((void **)&s->rec, &s->rec_cap, s->rec_n + 4, sizeof(int16_t), x) < 0)
        return -1;
    int16_t head[4] = {(int16_t)cell, (int16_t)value, (int16_t)found->n, (int16_t)n_targets};
    memcpy(s->rec + s->rec_n, head, sizeof head);
    s->rec_n += 4;
    for (int i = 0; i < found->n + n_targets; i++)
        if (record_chain(x, s, i < found->n ? found->q[i] : targets[i - found->n]) < 0)
            return -1;
    return 0;
}

/* the start's record at d[at ..]: its chains made again, then its findings; the next
 * record's index, or -1 */
static int replay_start(SeCtx *x, const SeGrid *g, const Search *s, const int16_t *d, int at,
                        Queue *found) {
    int n_cycles = d[at + 2], n_targets = d[at + 3], targets[2];
    at += 4;
    x->n_pots = x->n_par = 0;
    found->n = 0;
    for (int i = 0; i < n_cycles + n_targets; i++) {
        int pot = -1;
        for (int length = d[at++]; length > 0; length--, at++)
            if ((pot = se_pot(x, d[at] / 20, d[at] / 2 % 10, d[at] & 1, pot)) < 0)
                return -1;
        if (i >= n_cycles)
            targets[i - n_cycles] = pot;
        else if (se_queue_push(x, found, pot) < 0)
            return -1;
    }
    return se_make_found(x, g, s, found, targets, n_targets, 1, 1) < 0 ? -1 : at;
}

/* chains._search with the cells' and the units' links, in an inner search, its graph and its
 * linked starts' walks kept by the graph (the memo's) */
static int xy_search_kept(SeCtx *x, const SeGrid *g, Search *s, SeXYMemo *memo, Queue *found) {
    SeXYKey key;
    uint64_t hash = se_xy_key(g, &s->links, s->linked, &key);
    const SeXYEntry *e = se_xy_find(memo, &key, hash);
    memset(s->walks, 0, sizeof s->walks);
    if (e) {
        if (se_xy_restore(x, e, &s->reach) < 0)
            return -1;
        se_reach_answers(&s->reach, g, 1, s->linked, (const uint8_t(*)[10])e->walks, e->known,
                         s->walks);
    } else if (se_reach_walks(x, g, &s->links, &s->reach, 1, s->linked, s->walks) < 0)
        return -1;
    s->rec_n = 0;
    int at = 0, targets[2];
    for (int cell = 0; cell < 81; cell++) {
        if (BITS[g->cands[cell] >> 1] < 2)
            continue;
        for (int values = g->cands[cell]; values; values &= values - 1) {
            int value = ctz32(values), linked = s->linked[cell] >> value & 1;
            if (!s->walks[cell][value])
                continue; /* no walk from it can find anything */
            if (e && linked) { /* (the records in the order of the starts) */
                if (at < e->n_data && e->data[at] == cell && e->data[at + 1] == value &&
                    (at = replay_start(x, g, s, e->data, at, found)) < 0)
                    return -1;
                continue;
            }
            int n = se_walk_from(x, g, s, cell, value, 1, 1, found, targets);
            if (n < 0 || (!e && linked && (found->n || n) &&
                          record_start(x, s, cell, value, found, targets, n) < 0) ||
                se_make_found(x, g, s, found, targets, n, 1, 1) < 0)
                return -1;
        }
    }
    if (!e && !x->stop)
        se_xy_keep(memo, &key, hash, &s->reach, g, (const uint8_t(*)[10])s->walks, s->rec,
                   s->rec_n);
    return 0;
}

/* whether a Y-cycle's walk from the "on" of (cell, value), the cell's two values, may come back
 * to it: with the cells' links alone, the walk goes on from its start only to the "off" of a
 * peer of two values holding ``value``, and comes back only through the "off" of the cell's
 * other value, made by the "on" of such a peer holding that value (the links of a cell of
 * two values); the geometry's peers (a rule's leaps too) hold every peer a link reads */
static int y_may_return(const SeGrid *g, const Search *s, int cell, int value) {
    const uint64_t *peers = g->geo->peer_mask[cell];
    int other = ctz32(g->cands[cell] & ~(1 << value));
    uint64_t self[2] = {0, 0};
    self[cell >> 6] = 1ULL << (cell & 63);
    for (int i = 0; i < 2; i++) {
        const uint64_t *held = s->linked_places[i ? other : value];
        if (!((held[0] & peers[0] & ~self[0]) | (held[1] & peers[1] & ~self[1])))
            return 0;
    }
    return 1;
}

/* the highest rating below s->least of x->found[from ..], or ``top`` if higher */
static int taken_top(const SeCtx *x, const Search *s, int from, int top) {
    for (int i = from; i < x->n_found; i++)
        if (x->found[i].rating < s->least && x->found[i].rating > top)
            top = x->found[i].rating;
    return top;
}

/* the XY search on se_below's batch (s->least set, classic): the starts whose "off" walks reach
 * their "on" (placements) first, then the rest. A placement of v in cell c rests on a shortest
 * chain of n potentials from off(c,v) to on(c,v); the candidates it takes away (c's others,
 * w, and v in c's peers, e) each have a chain from their "on" to their "off" of at most n + 2
 * (on(c,w) to off(c,v), or on(e,v) to off(c,v), by the cell's or the unit's link; the chain;
 * on(c,v) to off(c,w), or to off(e,v)), and the shortest is what the walk finds. Where that
 * bound rates no higher than a finding taken (on this grid, or before it: ``top``), and the
 * placement is taken, the chain's finding removes what is removed already and leaves the
 * highest rating as it is: the walk to it is left out. The findings come in another order
 * than se_cycles_run's; the batch takes them all at once */
static int xy_below(SeCtx *x, const SeGrid *g, Search *s, Queue *found) {
    uint8_t bound[81][10]; /* the most a chain of the candidate may rate, where one is known */
    memset(bound, 0, sizeof bound);
    int top = taken_top(x, s, 0, s->hardest);
    for (int pass = 0; pass < 2; pass++)
        for (int cell = 0; cell < 81; cell++) {
            if (BITS[g->cands[cell] >> 1] < 2)
                continue;
            for (int values = g->cands[cell]; values; values &= values - 1) {
                int value = ctz32(values), from = x->n_found;
                uint8_t *walks = &s->walks[cell][value];
                if (!*walks || (*walks & SE_OFF_ON ? 0 : 1) != pass)
                    continue; /* (no walk from it finds anything; or not this pass's) */
                if (pass && *walks & SE_ON_OFF && bound[cell][value] && bound[cell][value] <= top)
                    *walks &= (uint8_t)~SE_ON_OFF;
                if (*walks && se_from_start(x, g, s, cell, value, 1, 1, found) < 0)
                    return -1;
                top = taken_top(x, s, from, top);
                for (int i = from; i < x->n_found && !pass; i++) {
                    const SeFound *f = &x->found[i];
                    if (!f->value || f->rating >= s->least)
                        continue;
                    int most = f->rating - se_penalty(f->complexity) + se_penalty(f->complexity + 2);
                    int c = f->cell, v = f->value;
                    for (int m = g->cands[c] & ~(1 << v); m; m &= m - 1)
                        if (!bound[c][ctz32(m)] || bound[c][ctz32(m)] > most)
                            bound[c][ctz32(m)] = (uint8_t)most;
                    for (int w = 0; w < 2; w++)
                        for (uint64_t m = g->geo->peer_mask[c][w] & s->links.places[v][w]; m;
                             m &= m - 1) {
                            int e = w * 64 + ctz64(m);
                            if (!bound[e][v] || bound[e][v] > most)
                                bound[e][v] = (uint8_t)most;
                        }
                }
            }
        }
    return 0;
}

/* chains._search for one kind of link */
static int search(SeCtx *x, const SeGrid *g, Search *s, int cell_links, int unit_links) {
    Queue found = {NULL, 0, 0};
    memset(s->linked_places, 0, sizeof s->linked_places);
    for (int cell = 0; cell < 81; cell++) {
        s->linked[cell] = (uint16_t)se_off_links(&s->links, cell, cell_links, unit_links);
        for (int m = g->cands[cell] & s->linked[cell]; m; m &= m - 1)
            s->linked_places[ctz32(m)][cell >> 6] |= 1ULL << (cell & 63);
    }
    /* an inner search's X findings are kept (they need no shapes, and below level 2 rest on
     * no nested chain) */
    int kept = !cell_links && x->summarize && x->level < 2;
    SeXYMemo *xy = cell_links && unit_links && x->summarize && x->level < 2
                       ? se_memo_xy(x->memo)
                       : NULL;
    /* (the Y links' walks are few and short: a graph of them cost more than it saved) */
    int result = kept ? x_search_kept(x, g, s, &found)
                 : xy ? xy_search_kept(x, g, s, xy, &found)
                 : unit_links ? walks_fill(x, g, s, cell_links)
                              : 0;
    kept = kept || xy;
    if (!result && !kept && unit_links && !cell_links && g->geo->classic)
        se_x_removing(g, s);
    uint8_t y_parts[81][10], (*y_ok)[10] = NULL;
    if (!result && !kept && !unit_links && g->geo->classic) {
        se_y_removing(g, s, y_parts);
        y_ok = y_parts;
    }
    if (!result && !kept && s->least && cell_links && unit_links && g->geo->classic) {
        result = xy_below(x, g, s, &found);
        kept = 1;
    }
    for (int cell = 0; cell < 81 && !result && !kept; cell++) {
        int mask = g->cands[cell], count = BITS[mask >> 1];
        if (count < 2 || (!unit_links && count > 2))
            continue;
        for (int values = mask; values && !result; values &= values - 1) {
            int value = ctz32(values);
            if (unit_links ? !s->walks[cell][value]
                           : (y_ok && !y_ok[cell][value]) || !y_may_return(g, s, cell, value))
                continue; /* no walk from it can find anything */
            result = se_from_start(x, g, s, cell, value, cell_links, unit_links, &found);
        }
    }
    PyMem_Free(found.q);
    return result;
}

/* whether a finding so far rates below ``rating`` */
static int rates_below(const SeCtx *x, int rating) {
    for (int i = 0; i < x->n_found; i++)
        if (x->found[i].rating < rating)
            return 1;
    return 0;
}

/* chains.cycles_and_chains_found: X-cycles and X-chains, Y-cycles, then XY (the findings in
 * x->found, as found) */
static void search_free(void *scratch) {
    Search *s = scratch;
    for (int value = 1; value <= 9; value++)
        PyMem_Free(s->own[value]);
    PyMem_Free(s->rec);
    PyMem_Free(s->on.q);
    PyMem_Free(s->off.q);
    se_reach_free(&s->reach);
    PyMem_Free(s);
}

/* the searches X, Y, then XY; with ``easiest`` (only the easiest finding is asked for), the
 * XY search is left out once an X or Y finding rates below 7.0: an XY one rates 7.0 or more
 * (its base, and a length penalty of zero or more), so it cannot come first (se_sorted_order:
 * by rating first) */
static int cycles_run(SeCtx *x, const SeGrid *g, int easiest, int shortest, int least,
                      int hardest) {
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
    s->shortest = shortest;
    s->least = least;
    s->hardest = hardest;
    se_links_fill(g, &s->links);
    s->digits = se_memo_digits(x->memo);
    if (search(x, g, s, 0, 1) == 0 && search(x, g, s, 1, 0) == 0 &&
        !(easiest && rates_below(x, 70)))
        search(x, g, s, 1, 1);
    return x->stop ? -1 : 0;
}

int se_cycles_run(SeCtx *x, const SeGrid *g) {
    return cycles_run(x, g, 0, !x->summarize, 0, 0);
}

int se_cycles_below(SeCtx *x, const SeGrid *g, int least, int hardest) {
    return cycles_run(x, g, 0, 1, least, hardest);
}

int se_cycles_easiest(SeCtx *x, const SeGrid *g) {
    return cycles_run(x, g, 1, 0, 0, 0);
}

/* every finding with its own chain and shape, as chains.py's */
static int cycles_listed(SeCtx *x, const SeGrid *g) {
    return cycles_run(x, g, 0, 0, 0, 0);
}

/* se_cycles(values, cands, deadline, poll[, geometry, shaped, shortest]):
 * chains.cycles_and_forcing_chains' hints as se_chainer gives its own (``geometry``:
 * se_geometry's capsule, or None: classic); ``shortest``: as the batch path makes them
 * (se_cycles_run: a forcing chain's links and shape may be another chain's of its length) */
PyObject *se_cycles(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *deadline, *poll, *geometry = Py_None;
    int shaped = 0, shortest = 0;
    if (!PyArg_ParseTuple(args, "OOOO|Opp", &values, &cands, &deadline, &poll, &geometry,
                          &shaped, &shortest))
        return NULL;
    const SeGeo *geo = se_geo_of(geometry);
    if (!geo)
        return NULL;
    SeCtx *x = PyMem_Calloc(1, sizeof(SeCtx));
    if (!x)
        return PyErr_NoMemory();
    x->geo = geo;
    x->shaped = shaped;
    return se_search(x, values, cands, deadline, poll, shortest ? se_cycles_run : cycles_listed);
}

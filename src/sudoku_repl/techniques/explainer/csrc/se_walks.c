/* chains.py's walks from one start: the cycles back to it and the forcing chains to its
 * negation, with Sudoku Explainer's length penalty, and their findings (include/se_walks.h).
 * Each potential has one parent here (no dynamic parents): a chain. Then the starts whose
 * cycles can remove nothing, by the parts of the links' graphs (se_xy_removing ...). */
#include "se_walks.h"

/* push on a full queue: room made first (0, or -1 with x->stop set) */
int se_push_grown(SeCtx *x, Queue *q, int pot) {
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

/* the "on" potential's "off" targets that go on (se_linked_offs_of, for the links at hand) */
static inline int linked_offs(const SeGrid *g, const Search *s, const SePot *p, int cell_links,
                              int *targets) {
    return se_linked_offs_of(g, s->linked, (const uint64_t(*)[2])s->linked_places, p->cell,
                             p->value, cell_links, targets);
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
    int targets[SE_MAX_OFFS], length = 0;
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
    if (se_queue_push(x, &s->on, start) < 0)
        return -1;
    while (head_on < s->on.n || head_off < s->off.n) {
        length++;
        while (head_on < s->on.n) {
            if (se_check_stop(x))
                return -1;
            int pi = s->on.q[head_on++];
            /* (the sinks left out: no walk goes on from one, and none is the start) */
            int n = linked_offs(g, s, &x->pots[pi], cell_links, targets), marked = 0;
            for (int i = 0; i < n; i++) {
                int cell = targets[i] >> 4, value = targets[i] & 15;
                int key = se_key(cell, value, 0);
                if (s->spent[key] == s->gen)
                    continue; /* (a spent key's potential would queue nothing: not made) */
                if (scc && scc->part[scc->node[key]] != part)
                    continue;
                if (!marked++) /* (its chain walked once, for the first target left to test) */
                    mark_ancestors(x, s, pi);
                if (s->ancestor[key] == s->agen)
                    continue;
                int off = se_pot(x, cell, value, 0, pi);
                if (off < 0 || se_queue_push(x, &s->off, off) < 0)
                    return -1;
            }
        }
        length++;
        while (head_off < s->off.n) {
            int pi = s->off.q[head_off++], back = 0;
            int off_key = se_key(x->pots[pi].cell, x->pots[pi].value, 0);
            if (s->spent[off_key] == s->gen)
                continue;
            int n = se_ons_of(&s->links, g, &x->pots[pi], cell_links, unit_links, targets);
            for (int i = 0; i < n; i++) {
                int cell = targets[i] >> 4, value = targets[i] & 15, key = se_key(cell, value, 1);
                int on = -1;
                if (scc && scc->part[scc->node[key]] != part)
                    continue;
                back |= key == start_key;
                if (length >= 4 && key == start_key) {
                    if ((on = se_pot(x, cell, value, 1, pi)) < 0 || se_queue_push(x, found, on) < 0)
                        return -1;
                }
                if (s->seen_on[key] != s->gen) {
                    if (on < 0 && (on = se_pot(x, cell, value, 1, pi)) < 0)
                        return -1;
                    s->seen_on[key] = s->gen;
                    if (se_queue_push(x, &s->on, on) < 0)
                        return -1;
                }
            }
            /* its targets are all in to_on now: another potential of its key, whatever its
             * chain, queues none, and finds a cycle only through the start */
            if (!back)
                s->spent[off_key] = s->gen;
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
            if (se_queue_push(x, on ? &s->on : &s->off, made) < 0)
                return -1;
        }
    }
    return 0;
}

/* forcing_target's walk, from the potential it queued: the potential reaching ``opposite``, or
 * -2 (none) */
static int forcing_walk(SeCtx *x, const SeGrid *g, Search *s, int cell_links, int opposite) {
    int targets[SE_MAX_OFFS], result = -2;
    int head_on = 0, head_off = 0;
    while (head_on < s->on.n || head_off < s->off.n) {
        while (head_on < s->on.n) {
            if (se_check_stop(x))
                return -1;
            int pi = s->on.q[head_on++];
            int n = linked_offs(g, s, &x->pots[pi], cell_links, targets);
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

/* the candidate of a key (se_key) as a potential, for the links' lists */
static SePot pot_of_key(int key) {
    return (SePot){.cell = (int16_t)((key >> 1) / 10), .value = (int8_t)((key >> 1) % 10),
                   .on = (int8_t)(key & 1)};
}

/* forcing_meet's chain through the keys ``meet`` and its negation: the start's potential, then
 * the potentials on the walk's way to ``meet`` (by the keys' parents), then the negations of
 * those on its way to meet's negation, the last first (the start's negation last); that
 * chain's end, or -1 */
static int meet_chain(SeCtx *x, const Search *s, int start, int meet) {
    int way[SE_KEYS], n = 0, pot = start, there = s->depth[meet];
    for (int key = meet; s->depth[key]; key = s->parent_key[key])
        way[n++] = key;
    for (int key = meet ^ 1; s->depth[key]; key = s->parent_key[key])
        way[n++] = s->parent_key[key] ^ 1; /* (the negation of the potential before it) */
    for (int i = 0; i < n && pot >= 0; i++) {
        int key = way[i < there ? there - 1 - i : i]; /* (the way there, reversed) */
        pot = se_pot(x, (key >> 1) / 10, (key >> 1) % 10, key & 1, pot);
    }
    return pot;
}

/* forcing_walk's chain length from both ends: every link has its contrapositive (an "on" to
 * an "off" of a peer, an "off" to the "on" of its strong partner), so a chain from the start
 * to a potential Q, with one from the start to Q's negation read backwards and negated, is a
 * chain from the start to its negation, and the shortest one's middle potential and its
 * negation are both at most half its length away. The walk goes level by level, by keys (a
 * key is reached once: its parent's key is its chain), and makes potentials for the chain
 * alone; once the least sum of a key's and its negation's distances is at most twice the
 * level done plus one, no pair not yet met can make it less. The potential reaching the
 * negation of the start (a chain as long as forcing_walk's first), or -2 (none) */
static int forcing_meet(SeCtx *x, const SeGrid *g, Search *s, int cell_links, int start) {
    int targets[SE_MAX_OFFS], best = INT_MAX, meet = -1;
    const SePot *st = &x->pots[start];
    int key0 = se_key(st->cell, st->value, st->on);
    s->depth[key0] = 0;
    if (se_queue_push(x, st->on ? &s->on : &s->off, key0) < 0)
        return -1;
    int head_on = 0, head_off = 0;
    for (int level = 0; head_on < s->on.n || head_off < s->off.n; level++) {
        int on = head_on < s->on.n; /* (the level's keys: all "on" or all "off") */
        Queue *from = on ? &s->on : &s->off, *to = on ? &s->off : &s->on;
        int *head = on ? &head_on : &head_off, end = from->n;
        int32_t *seen = on ? s->seen_off : s->seen_on, *seen_not = on ? s->seen_on : s->seen_off;
        while (*head < end) {
            if (on && se_check_stop(x))
                return -1;
            int from_key = from->q[(*head)++];
            SePot p = pot_of_key(from_key);
            int n = on ? linked_offs(g, s, &p, cell_links, targets)
                       : se_ons_of(&s->links, g, &p, cell_links, 1, targets);
            for (int i = 0; i < n; i++) {
                int cell = targets[i] >> 4, value = targets[i] & 15, key = se_key(cell, value, !on);
                if (seen[key] == s->gen || (on && !(s->linked[cell] >> value & 1)))
                    continue; /* seen, or an "off" sink: no chain goes on from it */
                if (se_queue_push(x, to, key) < 0)
                    return -1;
                seen[key] = s->gen;
                s->depth[key] = (int16_t)(level + 1);
                s->parent_key[key] = (int16_t)from_key;
                if (seen_not[key ^ 1] == s->gen && level + 1 + s->depth[key ^ 1] < best) {
                    best = level + 1 + s->depth[key ^ 1];
                    meet = key;
                }
            }
        }
        if (best <= 2 * (level + 1) + 1)
            return meet_chain(x, s, start, meet);
    }
    return -2;
}

/* chains._forcing_targets: the potential reaching the negation of ``start``, or -2 (none); the
 * walk ends at the first, as the negation is one potential */
static int forcing_target(SeCtx *x, const SeGrid *g, Search *s, int start, int cell_links) {
    int result;
    const SePot *st = &x->pots[start];
    int opposite = se_key(st->cell, st->value, st->on) ^ 1;
    s->gen++;
    s->on.n = s->off.n = 0;
    if (st->on)
        s->seen_on[se_key(st->cell, st->value, 1)] = s->gen;
    else
        s->seen_off[se_key(st->cell, st->value, 0)] = s->gen;
    if (!s->shortest && se_queue_push(x, st->on ? &s->on : &s->off, start) < 0)
        return -1; /* (forcing_meet's queues hold keys: it queues the start's own) */
    /* the "off" targets read are the linked ones (a sink ends the walk) and the negation, a sink
     * where the start is not linked: it is made linked for the walk */
    int cell = st->cell, value = st->value, was = s->linked[cell];
    s->linked[cell] |= (uint16_t)(1 << value);
    uint64_t *place = &s->linked_places[value][cell >> 6], had = *place;
    *place |= 1ULL << (cell & 63);
    result = s->shortest ? forcing_meet(x, g, s, cell_links, start)
                         : forcing_walk(x, g, s, cell_links, opposite);
    s->linked[cell] = (uint16_t)was;
    *place = had;
    return result;
}

/* chains._cycle_removals: the candidates both an "on" and an "off" link of the cycle see
 * (outside its cells), sorted, into rems; their count. ``places``: each value's cells on the
 * grid (SeLinks.places); the links' peers as bits, by value */
static int cycle_removals(const SeCtx *x, const SeGrid *g, const uint64_t (*places)[2], int dst,
                          int16_t *rems) {
    uint64_t cells[2] = {0, 0}, seen[2][10][2] = {{{0}}}; /* (by "off", "on") */
    int values = 0;
    const SePot *p;
    for (p = &x->pots[dst]; p->n_parents; p = &x->pots[x->par[p->parents]]) {
        const uint64_t *peers = g->geo->peer_mask[p->cell]; /* (a rule's leaps too) */
        cells[p->cell >> 6] |= 1ULL << (p->cell & 63);
        seen[p->on][p->value][0] |= peers[0];
        seen[p->on][p->value][1] |= peers[1];
        values |= 1 << p->value;
    }
    uint64_t both[10][2], any[2] = {0, 0};
    for (int m = values; m; m &= m - 1) {
        int v = ctz32(m);
        for (int w = 0; w < 2; w++) {
            both[v][w] = seen[0][v][w] & seen[1][v][w] & places[v][w] & ~cells[w];
            any[w] |= both[v][w];
        }
    }
    int n = 0;
    for (int w = 0; w < 2; w++) /* (by cell, then value) */
        for (uint64_t c = any[w]; c; c &= c - 1)
            for (int m = values, b = ctz64(c); m; m &= m - 1)
                if (both[ctz32(m)][w] >> b & 1) {
                    rems[2 * n] = (int16_t)(w * 64 + b);
                    rems[2 * n++ + 1] = (int16_t)ctz32(m);
                }
    return n;
}

/* the walks from the candidate (cell, value) with the links of one kind, as chains._search
 * makes them: the cycles' last potentials into ``found``, then the forcing chains' targets
 * (two at most) into ``targets``; their count, or -1 */
int se_walk_from(SeCtx *x, const SeGrid *g, Search *s, int cell, int value, int cell_links,
                 int unit_links, Queue *found, int *targets) {
    int both = cell_links && unit_links, n_targets = 0;
    x->n_pots = x->n_par = 0;
    found->n = 0;
    int start = se_pot(x, cell, value, 1, -1);
    if (start < 0 || ((!unit_links || s->walks[cell][value] & SE_MAY_RETURN) &&
                      cycles(x, g, s, start, cell_links, unit_links, both ? &s->reach : NULL,
                             found) < 0))
        return -1;
    if (unit_links) {
        int walks = s->walks[cell][value];
        int t = walks & SE_ON_OFF ? forcing_target(x, g, s, start, cell_links) : -2;
        int off = t == -1 ? -1 : !(walks & SE_OFF_ON) ? -2 : se_pot(x, cell, value, 0, -1);
        int u = off == -1 ? -1 : off == -2 ? -2 : forcing_target(x, g, s, off, cell_links);
        if (t == -1 || off == -1 || u == -1)
            return -1;
        if (t >= 0)
            targets[n_targets++] = t;
        if (u >= 0 && !(t >= 0 && x->pots[t].on == x->pots[u].on))
            targets[n_targets++] = u;
    }
    return n_targets;
}

/* the findings of a start's walks (se_walk_from): its cycles', then its forcing chains' */
int se_make_found(SeCtx *x, const SeGrid *g, const Search *s, const Queue *found,
                  const int *targets, int n_targets, int cell_links, int unit_links) {
    int both = cell_links && unit_links;
    int kind = both ? 2 : cell_links ? 1 : 0, sort_key = both ? 4 : cell_links ? 3 : 2;
    int16_t rems[2 * 81 * 9];
    for (int i = 0; i < found->n; i++) {
        int n = cycle_removals(x, g, (const uint64_t(*)[2])s->links.places, found->q[i], rems);
        if (n && se_found_chain(x, X_CYCLE + kind, both ? 70 : 65, sort_key, rems, n, 0, 0,
                                &found->q[i], 1, SE_CYCLE_ORIGIN) < 0)
            return -1;
    }
    for (int i = 0; i < n_targets; i++) {
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
        if (n && se_found_chain(x, X_CHAIN + kind, both ? 70 : 66, sort_key, rems, n, tc,
                                on ? tv : 0, &targets[i], 1, SE_NO_ORIGIN) < 0)
            return -1;
    }
    return 0;
}

/* the findings of the walks from the candidate (cell, value) with the links of one kind, as
 * chains._search makes them (cycles, then the forcing chains to its negation); 0, or -1 */
int se_from_start(SeCtx *x, const SeGrid *g, Search *s, int cell, int value, int cell_links,
                  int unit_links, Queue *found) {
    int targets[2], n = se_walk_from(x, g, s, cell, value, cell_links, unit_links, found, targets);
    return n < 0 ? -1 : se_make_found(x, g, s, found, targets, n, cell_links, unit_links);
}

/* the parts of the XY graph whose cycles can remove nothing: a cycle's walk stays in its
 * start's part, so its "on" and "off" potentials are the part's, and a candidate it removes
 * is one of a value both an "on" and an "off" of the part with that value see; a part where no
 * candidate is seen so has its starts' SE_MAY_RETURN taken away (their walks find only cycles
 * with nothing to remove, which make no finding) */
enum { ROOMY_PARTS = 16 };
void se_xy_removing(const SeGrid *g, Search *s) {
    const SeReach *r = &s->reach;
    int16_t slot[SE_MAX_NODES];
    uint64_t seen[ROOMY_PARTS][2][10][2];
    int n_slots = 0;
    memset(slot, -1, (size_t)r->parts * sizeof slot[0]);
    for (int a = 0; a < r->n; a++) {
        int p = r->part[a];
        if (p < 0 || !r->cycle[p])
            continue;
        if (slot[p] < 0) {
            if (n_slots == ROOMY_PARTS)
                return; /* (more parts of cycles than kept: every start walked) */
            slot[p] = (int16_t)n_slots;
            memset(seen[n_slots++], 0, sizeof seen[0]);
        }
        int key = r->key[a], cell = (key >> 1) / 10, value = (key >> 1) % 10;
        uint64_t *into = seen[slot[p]][key & 1][value];
        into[0] |= g->geo->peer_mask[cell][0];
        into[1] |= g->geo->peer_mask[cell][1];
    }
    int removing = 0;
    for (int i = 0; i < n_slots; i++) {
        uint64_t any = 0;
        for (int v = 1; v <= 9; v++)
            for (int w = 0; w < 2; w++)
                any |= seen[i][0][v][w] & seen[i][1][v][w] & s->links.places[v][w];
        removing |= (any != 0) << i;
    }
    for (int cell = 0; cell < 81; cell++)
        for (int value = 1; value <= 9; value++)
            if (s->walks[cell][value] & SE_MAY_RETURN) {
                int p = r->part[r->node[se_key(cell, value, 1)]];
                if (!(removing >> slot[p] & 1))
                    s->walks[cell][value] &= (uint8_t)~SE_MAY_RETURN;
            }
}

/* The Y links' cycles as a graph of their "on" potentials (classic): a Y-cycle's walk goes
 * from on(c,a) to off(d,a), d a peer of two values holding a, then to on(d,b), b d's other
 * value, so its "on" potentials make a cycle of the arcs on(c,a) -> on(d,b), and each "off"
 * is off(d,a) beside the on(d,b) after it. A start's cycles stay in its strongly connected
 * part; a candidate one removes is of a value v both an on(c,v) of the part and an off(d,v)
 * (d's other "on" in the part) see. A start whose part is one potential, or sees no such
 * candidate, finds no cycle with a removal: *ok is 0 for it (1 else) */
typedef struct {
    int16_t index[810], low[810], part[810], stack[162];
    int n, sp, parts;
} YParts;

/* Tarjan's walk over the "on" potentials' arcs, shared by the Y and the X parts: a node
 * entered (numbered, pushed), and left (its part popped when it is the part's root) */
static void part_entered(YParts *t, int node) {
    t->index[node] = t->low[node] = (int16_t)t->n++;
    t->stack[t->sp++] = (int16_t)node;
}

static void part_left(YParts *t, int node) {
    if (t->low[node] != t->index[node])
        return;
    int top;
    do {
        top = t->stack[--t->sp];
        t->part[top] = (int16_t)t->parts;
    } while (top != node);
    t->parts++;
}

static void y_part(YParts *t, const SeGrid *g, const Search *s, int node) {
    part_entered(t, node);
    int c = node / 10, a = node % 10;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = g->geo->peer_mask[c][w] & s->linked_places[a][w]; m; m &= m - 1) {
            int d = w * 64 + ctz64(m), to = d * 10 + ctz32(g->cands[d] & ~(1 << a));
            if (t->index[to] < 0) {
                y_part(t, g, s, to);
                if (t->low[to] < t->low[node])
                    t->low[node] = t->low[to];
            } else if (t->part[to] < 0 && t->index[to] < t->low[node])
                t->low[node] = t->index[to]; /* (still on the stack) */
        }
    part_left(t, node);
}

void se_y_removing(const SeGrid *g, const Search *s, uint8_t ok[81][10]) {
    YParts t;
    memset(t.index, -1, sizeof t.index);
    memset(t.part, -1, sizeof t.part);
    t.n = t.sp = t.parts = 0;
    int count[162] = {0};
    uint64_t seen[162][2][10][2]; /* (by part, "off" then "on", value) */
    for (int cell = 0; cell < 81; cell++)
        for (int m = BITS[g->cands[cell] >> 1] == 2 ? g->cands[cell] : 0; m; m &= m - 1)
            if (t.index[cell * 10 + ctz32(m)] < 0)
                y_part(&t, g, s, cell * 10 + ctz32(m));
    memset(seen, 0, (size_t)t.parts * sizeof seen[0]);
    for (int cell = 0; cell < 81; cell++)
        for (int m = BITS[g->cands[cell] >> 1] == 2 ? g->cands[cell] : 0; m; m &= m - 1) {
            int b = ctz32(m), a = ctz32(g->cands[cell] & ~(1 << b)), p = t.part[cell * 10 + b];
            count[p]++;
            for (int w = 0; w < 2; w++) {
                seen[p][1][b][w] |= g->geo->peer_mask[cell][w];
                seen[p][0][a][w] |= g->geo->peer_mask[cell][w];
            }
        }
    for (int cell = 0; cell < 81; cell++)
        for (int m = BITS[g->cands[cell] >> 1] == 2 ? g->cands[cell] : 0; m; m &= m - 1) {
            int p = t.part[cell * 10 + ctz32(m)];
            uint64_t any = 0;
            for (int v = 1; v <= 9 && count[p] > 1; v++)
                for (int w = 0; w < 2; w++)
                    any |= seen[p][0][v][w] & seen[p][1][v][w] & s->links.places[v][w];
            ok[cell][ctz32(m)] = any != 0;
        }
}

/* The same for the X links, digit by digit (classic): an X-cycle's walk goes from on(c) to
 * off(d), d a peer of c with a conjugate in a unit, then to on(e), e that conjugate, so its
 * "on" potentials make a cycle of the arcs on(c) -> on(e), and each "off" is the conjugate d of
 * the on(e) after it. A start whose part is one potential, or sees no place of the digit that an
 * "on" of the part and a conjugate of one both see, finds no cycle with a removal: its
 * SE_MAY_RETURN is taken away */
static void x_part(YParts *t, const SeGrid *g, Search *s, int value, int c) {
    part_entered(t, c);
    for (int w = 0; w < 2; w++)
        for (uint64_t m = g->geo->peer_mask[c][w] & s->linked_places[value][w]; m; m &= m - 1) {
            int d = w * 64 + ctz64(m);
            se_links_of(&s->links, g, d, value);
            for (int u = 0; u < 3; u++) {
                int e = s->links.conj[d][value][u];
                if (e < 0)
                    continue;
                if (t->index[e] < 0) {
                    x_part(t, g, s, value, e);
                    if (t->low[e] < t->low[c])
                        t->low[c] = t->low[e];
                } else if (t->part[e] < 0 && t->index[e] < t->low[c])
                    t->low[c] = t->index[e]; /* (still on the stack) */
            }
        }
    part_left(t, c);
}

void se_x_removing(const SeGrid *g, Search *s) {
    for (int value = 1; value <= 9; value++) {
        const uint64_t *places = s->links.places[value];
        YParts t;
        memset(t.index, -1, 81 * sizeof t.index[0]);
        memset(t.part, -1, 81 * sizeof t.part[0]);
        t.n = t.sp = t.parts = 0;
        int count[81] = {0};
        uint64_t seen[81][2][2]; /* (by part, "off" then "on") */
        for (int w = 0; w < 2; w++) /* (the parts of the starts walked, and what they reach) */
            for (uint64_t m = places[w]; m; m &= m - 1)
                if (s->walks[w * 64 + ctz64(m)][value] & SE_MAY_RETURN &&
                    t.index[w * 64 + ctz64(m)] < 0)
                    x_part(&t, g, s, value, w * 64 + ctz64(m));
        if (!t.parts)
            continue;
        memset(seen, 0, (size_t)t.parts * sizeof seen[0]);
        for (int w = 0; w < 2; w++)
            for (uint64_t m = places[w]; m; m &= m - 1) {
                int c = w * 64 + ctz64(m), p = t.part[c];
                if (p < 0)
                    continue;
                count[p]++;
                se_links_of(&s->links, g, c, value);
                for (int k = 0; k < 2; k++)
                    seen[p][1][k] |= g->geo->peer_mask[c][k];
                for (int u = 0; u < 3; u++) {
                    int d = s->links.conj[c][value][u];
                    for (int k = 0; k < 2 && d >= 0; k++)
                        seen[p][0][k] |= g->geo->peer_mask[d][k];
                }
            }
        for (int w = 0; w < 2; w++)
            for (uint64_t m = places[w]; m; m &= m - 1) {
                int c = w * 64 + ctz64(m), p = t.part[c];
                if (p < 0 || !(s->walks[c][value] & SE_MAY_RETURN))
                    continue;
                if (count[p] < 2 || !((seen[p][0][0] & seen[p][1][0] & places[0]) |
                                      (seen[p][0][1] & seen[p][1][1] & places[1])))
                    s->walks[c][value] &= (uint8_t)~SE_MAY_RETURN;
            }
    }
}

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

static int push(SeCtx *x, Queue *q, int pot) {
    if (q->n == q->cap) {
        int cap = q->cap ? q->cap * 2 : 1024;
        int32_t *p = PyMem_Realloc(q->q, (size_t)cap * sizeof(int32_t));
        if (!p) {
            PyErr_NoMemory();
            x->stop = 2;
            return -1;
        }
        q->q = p;
        q->cap = cap;
    }
    q->q[q->n++] = pot;
    return 0;
}

/* The links of the grid a search runs on, made once a search (the grid does not change during
 * it) rather than once a potential visited:
 *
 *   peers[cell][value][0 .. n_peers)   the cell's peers that hold the value, in PEER_ORDER
 *   conj[cell][value][t]               the one other cell of the cell's unit t (block, row,
 *                                      column) that holds the value, or -1
 *   other[cell]                        a two-value cell's values, as a mask (else 0) */
typedef struct {
    uint8_t peers[81][10][20];
    int8_t n_peers[81][10];
    int8_t conj[81][10][3];
    uint16_t pair[81];
} Links;

static void links_fill(const SeGrid *g, Links *L) {
    for (int cell = 0; cell < 81; cell++) {
        int mask = g->cands[cell];
        L->pair[cell] = BITS[mask >> 1] == 2 ? (uint16_t)mask : 0;
        for (int value = 1; value <= 9; value++) {
            if (!(mask >> value & 1))
                continue;
            int n = 0;
            for (int i = 0; i < 20; i++) {
                int o = SE_PEER_ORDER[cell][i];
                if (g->cands[o] >> value & 1)
                    L->peers[cell][value][n++] = (uint8_t)o;
            }
            L->n_peers[cell][value] = (int8_t)n;
            for (int t = 0; t < 3; t++) {
                int unit = SE_CELL_UNITS[cell][t];
                int pos = g->table[unit][value] & ~(1 << SE_CELL_POS[cell][t]);
                L->conj[cell][value][t] =
                    (int8_t)(pos && !(pos & (pos - 1)) ? SE_UNITS[unit][__builtin_ctz(pos)] : -1);
            }
        }
    }
}

/* potentials.on_to_off's targets, as cell * 16 + value */
static int offs_of(const Links *L, const SeGrid *g, const SePot *p, int cell_links,
                   int *targets) {
    int n = 0, cell = p->cell, value = p->value;
    if (cell_links) {
        int m = g->cands[cell] & ~(1 << value);
        for (; m; m &= m - 1)
            targets[n++] = cell * 16 + __builtin_ctz(m);
    }
    const uint8_t *peers = L->peers[cell][value];
    for (int i = 0, k = L->n_peers[cell][value]; i < k; i++)
        targets[n++] = peers[i] * 16 + value;
    return n;
}

/* potentials.off_to_on's targets (no source: no extra parents) */
static int ons_of(const Links *L, const SePot *p, int cell_links, int unit_links, int *targets) {
    int n = 0, cell = p->cell, value = p->value, pair = L->pair[cell];
    if (cell_links && pair)
        targets[n++] = cell * 16 + __builtin_ctz(pair & ~(1 << value));
    if (unit_links)
        for (int t = 0; t < 3; t++) {
            int o = L->conj[cell][value][t];
            if (o >= 0)
                targets[n++] = o * 16 + value;
        }
    return n;
}

/* Which potentials a forcing chain's walk from each potential reaches, for one kind of link
 * (offs_of and ons_of, with or without the cell's links) on the grid, made once a kind and grid:
 * the walk from a start that does not reach its own negation finds nothing, and most do not,
 * so only the others are walked (the walk is still what finds the chain, the same one). The
 * links as a graph, its strongly connected parts by Tarjan's walk, each part's reach the union
 * of the parts it links to (sinks first, as Tarjan's walk ends them):
 *
 *   node[key]               a potential's node, or -1 (its candidate is not on the grid)
 *   first[node] .. first[node + 1]   its links' nodes in to[]
 *   part[node]              its strongly connected part; parts numbered sinks first
 *   bits[part * words ..]   the nodes the part reaches, a bit each */
#define MAX_NODES (2 * 81 * 9)

typedef struct {
    int16_t node[SE_KEYS], key[MAX_NODES];
    int first[MAX_NODES + 1], n, words;
    int16_t *to;
    int cap_to;
    int16_t part[MAX_NODES], index[MAX_NODES], low[MAX_NODES], stack[MAX_NODES];
    int16_t size[MAX_NODES]; /* a part's nodes */
    int16_t call[MAX_NODES], next[MAX_NODES]; /* Tarjan's walk, without recursion */
    uint64_t *bits;
    int cap_bits;
} Reach;

static int reach_grow(SeCtx *x, void **buf, int *cap, int need, size_t size) {
    return se_grow(buf, cap, need, size, x);
}

/* the graph of the grid's potentials and links, and each one's reach: 0, or -1 */
static int reach_fill(SeCtx *x, const SeGrid *g, const Links *L, Reach *r, int cell_links) {
    int targets[28], n = 0, edges = 0;
    for (int k = 0; k < SE_KEYS; k++)
        r->node[k] = -1;
    for (int cell = 0; cell < 81; cell++)
        for (int m = g->cands[cell]; m; m &= m - 1)
            for (int on = 0; on < 2; on++) {
                int k = se_key(cell, __builtin_ctz(m), on);
                r->key[n] = (int16_t)k;
                r->node[k] = (int16_t)n++;
            }
    r->n = n;
    r->words = (n + 63) / 64;
    for (int v = 0; v < n; v++) {
        int k = r->key[v];
        SePot p = {.cell = (int16_t)(k / 20), .value = (int8_t)(k / 2 % 10), .on = (int8_t)(k & 1)};
        int c = p.on ? offs_of(L, g, &p, cell_links, targets) : ons_of(L, &p, cell_links, 1, targets);
        if (reach_grow(x, (void **)&r->to, &r->cap_to, edges + c, sizeof(int16_t)) < 0)
            return -1;
        r->first[v] = edges;
        for (int i = 0; i < c; i++)
            r->to[edges++] = r->node[se_key(targets[i] >> 4, targets[i] & 15, !p.on)];
    }
    r->first[n] = edges;
    if (reach_grow(x, (void **)&r->bits, &r->cap_bits, n * r->words, sizeof(uint64_t)) < 0)
        return -1;
    int counter = 0, top = 0, parts = 0;
    for (int v = 0; v < n; v++)
        r->index[v] = -1;
    for (int root = 0; root < n; root++) {
        if (r->index[root] >= 0)
            continue;
        int depth = 0;
        r->call[0] = (int16_t)root;
        r->index[root] = r->low[root] = (int16_t)counter++;
        r->next[root] = 0;
        r->part[root] = -1;
        r->stack[top++] = (int16_t)root;
        while (depth >= 0) {
            int v = r->call[depth];
            int e = r->first[v] + r->next[v];
            if (e < r->first[v + 1]) {
                r->next[v]++;
                int w = r->to[e];
                if (r->index[w] < 0) {
                    r->index[w] = r->low[w] = (int16_t)counter++;
                    r->next[w] = 0;
                    r->part[w] = -1;
                    r->stack[top++] = (int16_t)w;
                    r->call[++depth] = (int16_t)w;
                } else if (r->part[w] < 0 && r->index[w] < r->low[v])
                    r->low[v] = r->index[w]; /* w on the stack */
                continue;
            }
            if (r->low[v] == r->index[v]) { /* v roots a part: its reach */
                uint64_t *bits = r->bits + (size_t)parts * r->words;
                memset(bits, 0, (size_t)r->words * sizeof(uint64_t));
                int bottom = top;
                do
                    bottom--;
                while (r->stack[bottom] != v);
                for (int i = bottom; i < top; i++) {
                    int m = r->stack[i];
                    bits[m >> 6] |= 1ULL << (m & 63);
                    for (int f = r->first[m]; f < r->first[m + 1]; f++) {
                        int q = r->part[r->to[f]];
                        if (q >= 0) /* another part, ended before */
                            for (int j = 0; j < r->words; j++)
                                bits[j] |= r->bits[(size_t)q * r->words + j];
                    }
                }
                for (int i = bottom; i < top; i++)
                    r->part[r->stack[i]] = (int16_t)parts;
                r->size[parts] = (int16_t)(top - bottom);
                top = bottom;
                parts++;
            }
            if (--depth >= 0) {
                int u = r->call[depth];
                if (r->low[v] < r->low[u])
                    r->low[u] = r->low[v];
            }
        }
    }
    return 0;
}

/* whether a walk from the potential (key) may come back to it: its part is not itself alone */
static int may_return(const Reach *r, int key) {
    int a = r->node[key];
    return a >= 0 && r->size[r->part[a]] > 1;
}

/* whether the walk from the potential ``from`` (key) reaches the potential ``to`` (key) */
static int reaches(const Reach *r, int from, int to) {
    int a = r->node[from], b = r->node[to];
    return a >= 0 && b >= 0 && (r->bits[(size_t)r->part[a] * r->words + (b >> 6)] >> (b & 63) & 1);
}

typedef struct {
    Links links;
    Queue on, off;
    int32_t seen_on[SE_KEYS], seen_off[SE_KEYS]; /* stamps: the key is in to_on, to_off */
    int gen;
    int32_t ancestor[SE_KEYS]; /* stamps: the key is an ancestor of the potential at hand */
    int agen;
    Reach reach; /* the forcing chains' links of the kind at hand */
} Search;

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
                  Queue *found) {
    int targets[28], length = 0;
    const SePot *st = &x->pots[start];
    int start_key = se_key(st->cell, st->value, 1);
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
            int n = offs_of(&s->links, g, &x->pots[pi], cell_links, targets);
            mark_ancestors(x, s, pi);
            for (int i = 0; i < n; i++) {
                int cell = targets[i] >> 4, value = targets[i] & 15;
                if (s->ancestor[se_key(cell, value, 0)] == s->agen)
                    continue;
                int off = se_pot(x, cell, value, 0, pi);
                if (off < 0 || push(x, &s->off, off) < 0)
                    return -1;
            }
        }
        length++;
        while (head_off < s->off.n) {
            int pi = s->off.q[head_off++];
            int n = ons_of(&s->links, &x->pots[pi], cell_links, unit_links, targets);
            for (int i = 0; i < n; i++) {
                int cell = targets[i] >> 4, value = targets[i] & 15, key = se_key(cell, value, 1);
                int on = -1;
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
        if (!hit && seen[key] == s->gen)
            continue;
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
            int n = offs_of(&s->links, g, &x->pots[pi], cell_links, targets);
            if (follow(x, s, pi, targets, n, 0, opposite, &result) < 0)
                return -1;
            if (result >= 0)
                return result;
        }
        while (head_off < s->off.n) {
            int pi = s->off.q[head_off++];
            int n = ons_of(&s->links, &x->pots[pi], cell_links, 1, targets);
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
        for (int v = 1; v <= 9; v++)
            if ((forward[o] & backward[o]) >> v & 1) {
                rems[2 * n] = (int16_t)o;
                rems[2 * n++ + 1] = (int16_t)v;
            }
    return n;
}

/* chains._search for one kind of link */
static int search(SeCtx *x, const SeGrid *g, Search *s, int cell_links, int unit_links) {
    int both = cell_links && unit_links;
    int kind = both ? 2 : cell_links ? 1 : 0, sort_key = both ? 4 : cell_links ? 3 : 2;
    Queue found = {NULL, 0, 0};
    int result = unit_links ? reach_fill(x, g, &s->links, &s->reach, cell_links) : 0;
    for (int cell = 0; cell < 81 && !result; cell++) {
        int mask = g->cands[cell], count = BITS[mask >> 1];
        if (count < 2 || (!unit_links && count > 2))
            continue;
        for (int value = 1; value <= 9 && !result; value++) {
            if (!(mask >> value & 1))
                continue;
            x->n_pots = x->n_par = 0;
            found.n = 0;
            int start = se_pot(x, cell, value, 1, -1), targets[2], n_targets = 0;
            if (start < 0 || ((!unit_links || may_return(&s->reach, se_key(cell, value, 1))) &&
                              cycles(x, g, s, start, cell_links, unit_links, &found) < 0)) {
                result = -1;
                break;
            }
            if (unit_links) {
                int on_key = se_key(cell, value, 1), off_key = on_key ^ 1;
                int t = reaches(&s->reach, on_key, off_key)
                            ? forcing_target(x, g, s, start, cell_links)
                            : -2;
                int off = t != -1 ? se_pot(x, cell, value, 0, -1) : -1;
                int u = off < 0                                  ? -1
                        : reaches(&s->reach, off_key, on_key) ? forcing_target(x, g, s, off, cell_links)
                                                                 : -2;
                if (t == -1 || off < 0 || u == -1) {
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
int se_cycles_run(SeCtx *x, const SeGrid *g) {
    Search *s = PyMem_Calloc(1, sizeof(Search));
    if (!s) {
        PyErr_NoMemory();
        x->stop = 2;
        return -1;
    }
    links_fill(g, &s->links);
    if (search(x, g, s, 0, 1) == 0 && search(x, g, s, 1, 0) == 0)
        search(x, g, s, 1, 1);
    PyMem_Free(s->on.q);
    PyMem_Free(s->off.q);
    PyMem_Free(s->reach.to);
    PyMem_Free(s->reach.bits);
    PyMem_Free(s);
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

/* The links of a grid as a graph, and what each potential's walk reaches (se_reach.c), for
 * the searches whose grid does not change during them: chains.py's cycles and forcing X/Y
 * chains (se_cycles.c), and the static forcing chains (se_forcing.c).
 *
 * SeLinks, made once a grid rather than once a potential visited:
 *
 *   conj[cell][value][t]               the one other cell of the cell's t-th unit (classic:
 *                                      block, row, column) that holds the value, or -1
 *   pair[cell]                         a two-value cell's values, as a mask (else 0)
 *   (conj made when first asked for the grid: made[cell][value] == gen; an "on" potential's
 *   targets, the region peers that hold the value, are read from places as bits)
 *   conj_any[cell]                     the cell's values with a conjugate in some unit (mask)
 *   places[value]                      the cells that hold the value, as bits
 *
 * SeReach, for one kind of link (offs_of and ons_of with or without the cell's links, always
 * with the units'): the potentials as the graph's nodes, its strongly connected parts by
 * Tarjan's walk, and each part's reach, the union of the parts it links to (sinks first, as
 * Tarjan's walk ends them). A walk that cannot reach what a search looks for finds nothing, and
 * most cannot: the searches walk only where it can, and the walk is still what finds the chain,
 * the same one.
 *
 *   node[key]                       a potential's node, or -1 (its candidate is not there)
 *   first[node] .. first[node + 1]  its links' nodes in to[], those to sinks from mid[node]
 *   part[node]                      its strongly connected part, parts numbered sinks first
 *                                   (-1: an "off" node that links to nothing, a bit alone;
 *                                   with every candidate a node, an "on" one no link comes to
 *                                   until se_reach_on makes it)
 *   cycle[part]                     1 where the part holds two "on" nodes and two "off" ones:
 *                                   a cycle's walk from an "on" in it, which stays in it, comes
 *                                   back to the start through another "on" and two "off" (its
 *                                   first and its last, never the same: the first is an ancestor
 *                                   of the last's parent), so a part without them finds none
 *   bits[part * words ..]           the nodes the part reaches (its own too), a bit each */
#ifndef SUDOKU_REPL_SE_REACH_H
#define SUDOKU_REPL_SE_REACH_H

#include "se_tables.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define SE_MAX_NODES (2 * 81 * 9)

typedef struct {
    uint32_t made[81][10], gen;
    int8_t conj[81][10][SE_MAX_CELL_UNITS];
    uint16_t pair[81];
    uint16_t conj_any[81];
    uint64_t places[10][2]; /* each value's cells, as bits */
} SeLinks;

typedef struct {
    int16_t node[SE_KEYS], key[SE_MAX_NODES];
    int first[SE_MAX_NODES + 1], n, words;
    int mid[SE_MAX_NODES]; /* its links to sinks: to[mid[node] .. first[node + 1]) */
    int16_t *to;
    int cap_to;
    int16_t part[SE_MAX_NODES], cycle[SE_MAX_NODES];
    int16_t index[SE_MAX_NODES], low[SE_MAX_NODES], stack[SE_MAX_NODES]; /* Tarjan's walk */
    int16_t call[SE_MAX_NODES], next[SE_MAX_NODES], joined[SE_MAX_NODES];
    uint8_t alone[SE_MAX_NODES]; /* the part is one node that reaches no other */
    uint8_t sink[SE_MAX_NODES];  /* an "off" node that links to nothing: in no part */
    uint8_t lazy[SE_MAX_NODES];  /* an "on" node no link comes to: its part made when asked */
    uint64_t places[10][2];      /* each value's cells whose candidate is a node, as bits */
    uint64_t *bits;
    int cap_bits, parts;
} SeReach;

/* the answers for the digit's places on the grid (from the memo where it has them; memo may
 * be NULL) */
const SeDigitReach *se_digit_reach(SeLinks *L, const SeGrid *g, int value, SeDigitMemo *memo,
                                   SeDigitReach *own);

void se_links_fill(const SeGrid *g, SeLinks *L);
/* the graph of the grid's potentials and links (``cell_links``: the cell's too), and each
 * one's reach: 0, or -1 (x->stop set). With ``linked`` (NULL: every candidate) only the
 * candidates it holds (by cell, as se_off_links gives them) are nodes, "on" and "off". */
int se_reach_fill(SeCtx *x, const SeGrid *g, SeLinks *L, SeReach *r, int cell_links,
                  const uint16_t *linked);

/* the nodes the potential (key) reaches, as bits, or NULL (not on the grid): se_reach_of's,
 * and for the "on" of a candidate whose "off" is a sink, in a graph of every candidate, its
 * part made now from its targets' (no link comes to it, so no other part asks for its reach:
 * se_reach_fill makes neither its links nor its walk) */
const uint64_t *se_reach_on(SeReach *r, const SeGrid *g, int key);

/* what the walks from each candidate may find, for the links of one kind (the units', and
 * ``cell_links`` the cells' too): SE_MAY_RETURN (a cycle's walk from its "on" may come back to
 * it: se_may_return), SE_ON_OFF (its "on" reaches its "off"), SE_OFF_ON (and the other way),
 * into walks[cell][value] (the others left as they are). ``linked`` is se_off_links for the
 * kind: a walk goes on only from the candidates it holds, so the graph is theirs alone (r is
 * filled with it). */
enum { SE_MAY_RETURN = 1, SE_ON_OFF = 2, SE_OFF_ON = 4 };
int se_reach_walks(SeCtx *x, const SeGrid *g, SeLinks *L, SeReach *r, int cell_links,
                   const uint16_t *linked, uint8_t walks[81][10]);
/* se_reach_walks' answers from the graph r already holds (se_reach_fill's, or a kept one's),
 * for the candidates of the cells of two or more (the walks' starts); ``kept`` (or NULL): the
 * answers a kept graph gave for another grid, for the values of ``known`` (by cell), copied
 * whole (a candidate's answer is a function of the graph and where it is; what they hold for
 * a value that is no start here is never read) */
void se_reach_answers(const SeReach *r, const SeGrid *g, int cell_links, const uint16_t *linked,
                      const uint8_t (*kept)[10], const uint16_t *known, uint8_t walks[81][10]);
void se_reach_free(SeReach *r);

/* The XY links' graphs kept by their key (SeXYKey, se_memo.h): the key of the grid's graph
 * over ``linked`` (se_off_links of both kinds), and its hash */
uint64_t se_xy_key(const SeGrid *g, const SeLinks *L, const uint16_t *linked, SeXYKey *key);
/* the entry kept for the key, or NULL */
const SeXYEntry *se_xy_find(const SeXYMemo *m, const SeXYKey *key, uint64_t hash);
/* the kept graph into r, as se_reach_fill made it for what se_reach_answers and the walks
 * read (node, key, part, cycle, bits): 0, or -1 (x->stop set) */
int se_xy_restore(SeCtx *x, const SeXYEntry *e, SeReach *r);
/* r's graph, its answers on g (``walks``, se_reach_answers') and the findings ``data``
 * (n_data int16s) kept for the key, in place of the slot's last (not kept where there is no
 * room) */
void se_xy_keep(SeXYMemo *m, const SeXYKey *key, uint64_t hash, const SeReach *r,
                const SeGrid *g, const uint8_t walks[81][10], const int16_t *data, int n_data);

/* the cell's values whose "off" potential links to an "on" one (the cell's other value where
 * it has two and ``cell_links``, a conjugate in a unit where ``unit_links``): the others are
 * sinks, where a walk ends */
static inline int se_off_links(const SeLinks *L, int cell, int cell_links, int unit_links) {
    return (cell_links ? L->pair[cell] : 0) | (unit_links ? L->conj_any[cell] : 0);
}

/* L->conj[cell][value], made from the grid's units' places */
static inline void se_links_make(SeLinks *L, const SeGrid *g, int cell, int value) {
    const SeGeo *geo = g->geo;
    for (int t = 0; t < geo->n_cell_units[cell]; t++) {
        int unit = geo->cell_units[cell][t];
        int pos = g->table[unit][value] & ~(1 << geo->cell_pos[cell][t]);
        L->conj[cell][value][t] =
            (int8_t)(pos && !(pos & (pos - 1)) ? geo->units[unit][ctz32(pos)] : -1);
    }
    L->made[cell][value] = L->gen;
}

/* the candidate's conjugates, made where not yet for this grid */
static inline void se_links_of(SeLinks *L, const SeGrid *g, int cell, int value) {
    if (L->made[cell][value] != L->gen)
        se_links_make(L, g, cell, value);
}

/* potentials.on_to_off's targets (as cell * 16 + value: the cell's other values where
 * ``cell_links``, then its region peers that hold the value) whose candidates are ``linked`` (by
 * cell; ``places``: the same by value, as bits), in its order: the "off" potentials a walk goes
 * on from */
static inline int se_linked_offs_of(const SeGrid *g, const uint16_t *linked,
                                    const uint64_t (*places)[2], int cell, int value,
                                    int cell_links, int *targets) {
    int n = 0;
    if (cell_links)
        for (int m = g->cands[cell] & linked[cell] & ~(1 << value); m; m &= m - 1)
            targets[n++] = cell * 16 + ctz32(m);
    if (g->geo->classic) /* (SE_PEER_ORDER: the parts, each by the cells' numbers) */
        for (int part = 0; part < 3; part++)
            for (int w = 0; w < 2; w++)
                for (uint64_t m = SE_PEER_PARTS[cell][part][w] & places[value][w]; m; m &= m - 1)
                    targets[n++] = (w * 64 + ctz64(m)) * 16 + value;
    else
        for (int i = 0; i < g->geo->n_region_peers[cell]; i++) {
            int o = g->geo->region_peers[cell][i];
            if (places[value][o >> 6] >> (o & 63) & 1)
                targets[n++] = o * 16 + value;
        }
    return n;
}

/* potentials.off_to_on's targets (no source: no extra parents) */
static inline int se_ons_of(SeLinks *L, const SeGrid *g, const SePot *p, int cell_links,
                            int unit_links, int *targets) {
    int n = 0, cell = p->cell, value = p->value, pair = L->pair[cell];
    if (cell_links && pair)
        targets[n++] = cell * 16 + ctz32(pair & ~(1 << value));
    if (unit_links) {
        se_links_of(L, g, cell, value);
        for (int t = 0; t < g->geo->n_cell_units[cell]; t++) {
            int o = L->conj[cell][value][t];
            if (o >= 0)
                targets[n++] = o * 16 + value;
        }
    }
    return n;
}

/* the nodes the potential (key) reaches, as bits, or NULL (not on the grid) */
static inline const uint64_t *se_reach_of(const SeReach *r, int key) {
    int a = r->node[key];
    return a < 0 || r->part[a] < 0 ? NULL : r->bits + (size_t)r->part[a] * r->words;
}

/* whether the walk from the potential ``from`` (key) reaches the potential ``to`` (key) */
static inline int se_reaches(const SeReach *r, int from, int to) {
    const uint64_t *bits = se_reach_of(r, from);
    int b = r->node[to];
    return bits && b >= 0 && (bits[b >> 6] >> (b & 63) & 1);
}

/* whether a cycle's walk from the potential (key) may come back to it: its part holds two "on"
 * nodes and two "off" ones (cycle[]) */
static inline int se_may_return(const SeReach *r, int key) {
    int a = r->node[key];
    return a >= 0 && r->cycle[r->part[a]];
}

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* The braids' search (df_braids.c), written once and made twice there: on classic sudoku's
 * board, its tables at fixed addresses and a house a bit of 32 (the code as fast as it was
 * before any other board), and on any board (df_board.h: up to 64 houses, neighbour rules,
 * non-consecutive). The includer defines
 *
 *   BS(name)       the name of this making's copy of name
 *   BS_MASK        the type of a set of houses, a bit each
 *   BS_BOARD(b)    the board the search runs on, given the one its grid names
 *   BS_APART(b)    whether that board has cells beside cells (non-consecutive)
 *
 * and gets BS(braids) (df_braids's closure), BS(braid_length) (df_braid_length's). No include
 * guard: it is meant to be included more than once. */

#ifndef SUDOKU_REPL_DF_BRAID_SEARCH_ONCE /* (what both makings share, once) */
#define SUDOKU_REPL_DF_BRAID_SEARCH_ONCE

#include <string.h>

#include "df_grid.h"

typedef DfCells Cells;

#define MAX_DEPTH 64
/* the least bound whose braids' search a BRT trial goes before: below it a search that finds
 * nothing costs less than the trial (in the T&E(B_x) trials' states most candidates meet a
 * contradiction under BRT, so the trial spares few searches) */
#define BRT_FIRST 5
/* a single is a different candidate a variable: at most the cells and the houses' digits */
#define MAX_SINGLES (DF_CELLS + 9 * DF_MAX_HOUSES)

#define cell_bit df_cell_bit

/* whether BRT meets a contradiction with b assumed in cell: a braid against it is a path of
 * BRT's singles to a contradiction, and BRT (on the same links), confluent, asserts every
 * single of every path (each stays one or meets the contradiction as others are asserted):
 * where BRT meets none, no braid of any length is there */
static int brt_refutes(const DfGrid *g, int cell, unsigned b) {
    DfGrid trial = *g;
    df_set(&trial, cell, b);
    return !df_brt(&trial);
}

#endif

#define Trial BS(Trial)
#define BraidSearch BS(BraidSearch)
#define recount BS(recount)
#define houses_of BS(houses_of)
#define trial_from BS(trial_from)
#define assume BS(assume)
#define singles BS(singles)
#define one_step_short_apart BS(one_step_short_apart)
#define one_step_short BS(one_step_short)
#define contradicts BS(contradicts)
#define search_init BS(search_init)
#define length_in BS(length_in)
#define has_braid BS(has_braid)
#define whips1 BS(whips1)
#define braid_length BS(braid_length)
#define braids BS(braids)

/* a trial: the candidates left to each digit, the cells assigned nothing, and by digit the
 * units not holding it (decided in the state, or assumed). What each digit's places in each
 * unit come to is kept as the trial changes (a unit's places change only where a candidate
 * leaves it: assume recounts those units alone), so that singles reads the hidden singles off
 * rather than counting the 243 places of every node again. */
typedef struct {
    Cells cand[9];
    Cells open;
    BS_MASK free[9];   /* a bit a house, as the board's house_bits */
    BS_MASK single[9]; /* the houses of free[d] where d has one place left */
    int empty;          /* a unit of free[d] where d has no place left: a contradiction */
} Trial;

/* digit d's places in house u counted again: one (single), or none (empty) */
static inline void recount(const DfBoard *b, Trial *t, int d, int u) {
    b = BS_BOARD(b);
    uint64_t mlo = t->cand[d].lo & b->house_cells[u].lo;
    uint64_t mhi = t->cand[d].hi & b->house_cells[u].hi;
    uint64_t v = mlo | mhi;
    if (!v) {
        t->empty = 1;
    } else if ((mlo && mhi) || (v & (v - 1))) {
        t->single[d] &= ~((BS_MASK)1 << u);
    } else {
        t->single[d] |= (BS_MASK)1 << u;
    }
}

/* the houses of cells, one bit each */
static inline BS_MASK houses_of(const DfBoard *b, Cells cells) {
    uint64_t units = 0;
    b = BS_BOARD(b);
    while (cells.lo) {
        units |= b->house_bits[ctz64(cells.lo)];
        cells.lo &= cells.lo - 1;
    }
    while (cells.hi) {
        units |= b->house_bits[64 + ctz64(cells.hi)];
        cells.hi &= cells.hi - 1;
    }
    return (BS_MASK)units;
}
/* the trial of g, a state closed under BRT without contradiction: no digit there has one place
 * in a unit it is not decided in (a hidden single BRT would have placed) nor none, so single
 * and empty start empty */
static void trial_from(Trial *t, const DfGrid *g) {
    const DfBoard *b = BS_BOARD(g->b);
    int i, d;
    memset(t, 0, sizeof *t);
    for (i = 0; i < DF_CELLS; i++) {
        uint64_t m = g->c[i];
        /* (each digit's bit set with no branch: present or not goes either way at random) */
        if (i < 64) {
            for (d = 0; d < 9; d++)
                t->cand[d].lo |= (m >> d & 1) << i;
            t->open.lo |= (uint64_t)!df_single((unsigned)m) << i;
        } else {
            for (d = 0; d < 9; d++)
                t->cand[d].hi |= (m >> d & 1) << (i - 64);
            t->open.hi |= (uint64_t)!df_single((unsigned)m) << (i - 64);
        }
    }
    for (d = 0; d < 9; d++)
        t->free[d] = (BS_MASK)b->all;
    for (i = 0; i < DF_CELLS; i++)
        if (df_single(g->c[i]))
            t->free[value_of_bit(g->c[i]) - 1] &= ~(BS_MASK)b->house_bits[i];
}

/* assume candidate x on board bd: its cell loses its other digits, its digit leaves the
 * cell's peers (and the digits one apart leave the cells beside it); the houses a candidate
 * left are counted again */
static void assume(const DfBoard *bd, Trial *t, int x) {
    int cell = x / 9, d = x % 9, e;
    Cells b = cell_bit(cell), gone;
    BS_MASK own, units;
    bd = BS_BOARD(bd);
    own = (BS_MASK)bd->house_bits[cell];
    for (e = 0; e < 9; e++)
        if (e != d && ((t->cand[e].lo & b.lo) | (t->cand[e].hi & b.hi))) {
            t->cand[e].lo &= ~b.lo;
            t->cand[e].hi &= ~b.hi;
            units = t->free[e] & own;
            while (units) {
                int u = ctz64(units);
                units &= units - 1;
                recount(bd, t, e, u);
            }
        }
    gone.lo = t->cand[d].lo & bd->peer_cells[cell].lo;
    gone.hi = t->cand[d].hi & bd->peer_cells[cell].hi;
    t->cand[d].lo &= ~gone.lo;
    t->cand[d].hi &= ~gone.hi;
    t->open.lo &= ~b.lo;
    t->open.hi &= ~b.hi;
    t->free[d] &= ~own;
    t->single[d] &= ~own;
    /* the houses the gone places were in (fewer cells than the peers' houses, often none) */
    units = houses_of(bd, gone) & t->free[d];
    while (units) {
        int u = ctz64(units);
        units &= units - 1;
        recount(bd, t, d, u);
    }
    if (BS_APART(bd) && bd->napart[cell]) {
        unsigned away = df_away(bd, 1u << d);
        for (e = 0; e < 9; e++) {
            if (!(away >> e & 1))
                continue;
            gone.lo = t->cand[e].lo & bd->apart_cells[cell].lo;
            gone.hi = t->cand[e].hi & bd->apart_cells[cell].hi;
            t->cand[e].lo &= ~gone.lo;
            t->cand[e].hi &= ~gone.hi;
            units = houses_of(bd, gone) & t->free[e];
            while (units) {
                int u = ctz64(units);
                units &= units - 1;
                recount(bd, t, e, u);
            }
        }
    }
}

typedef struct {
    const DfBoard *b;
    int first[DF_CELLS * 9]; /* the depth a candidate became a single at, on the path; -1 */
    unsigned stamp[DF_CELLS * 9];
    unsigned visit;
    int path[MAX_DEPTH + 2]; /* the singles asserted, path[1] first */
} BraidSearch;

/* the singles of t (each candidate once) into out: their number, or -1 at a contradiction (a
 * variable with no candidate left) */
static int singles(BraidSearch *s, const Trial *t, int *out) {
    const DfBoard *bd = BS_BOARD(s->b);
    uint64_t once_lo = 0, once_hi = 0, twice_lo = 0, twice_hi = 0, lo, hi;
    int d, u, n = 0;
    unsigned visit;
    if (t->empty)
        return -1; /* a digit with no place in a unit */
    if (++s->visit == 0) { /* (after 2^32 nodes: stamps from before the wrap would match) */
        memset(s->stamp, 0, sizeof s->stamp);
        s->visit = 1;
    }
    visit = s->visit;
    for (d = 0; d < 9; d++) {
        twice_lo |= once_lo & t->cand[d].lo;
        twice_hi |= once_hi & t->cand[d].hi;
        once_lo |= t->cand[d].lo;
        once_hi |= t->cand[d].hi;
    }
    if ((t->open.lo & ~once_lo) | (t->open.hi & ~once_hi))
        return -1; /* a cell with no candidate */
    lo = t->open.lo & once_lo & ~twice_lo;
    hi = t->open.hi & once_hi & ~twice_hi;
    while (lo | hi) {
        int cell;
        if (lo) {
            cell = ctz64(lo);
            lo &= lo - 1;
        } else {
            cell = 64 + ctz64(hi);
            hi &= hi - 1;
        }
        for (d = 0; d < 9; d++) {
            Cells b = cell_bit(cell);
            if ((t->cand[d].lo & b.lo) | (t->cand[d].hi & b.hi))
                break;
        }
        s->stamp[cell * 9 + d] = visit;
        out[n++] = cell * 9 + d;
    }
    for (d = 0; d < 9; d++) {
        BS_MASK units = t->single[d]; /* (a house holding the digit is no variable left) */
        while (units) {
            int x;
            uint64_t mlo;
            u = ctz64(units);
            units &= units - 1;
            mlo = t->cand[d].lo & bd->house_cells[u].lo;
            /* (its one place, found again here: a trial is copied at every node, and
             * smaller without the places kept) */
            x = (mlo ? ctz64(mlo) : 64 + ctz64(t->cand[d].hi & bd->house_cells[u].hi)) * 9 +
                d;
            if (s->stamp[x] != visit) {
                s->stamp[x] = visit;
                out[n++] = x;
            }
        }
    }
    return n;
}

/* whether asserting one of the n singles of t (found) leaves a variable with no candidate, on a
 * board with non-consecutive: a single there takes digits of other cells too, so each is
 * asserted in turn */
static int one_step_short_apart(BraidSearch *s, const Trial *t, const int *found, int n) {
    int after[MAX_SINGLES], i;
    for (i = 0; i < n; i++) {
        Trial next = *t;
        assume(s->b, &next, found[i]);
        if (singles(s, &next, after) < 0)
            return 1;
    }
    return 0;
}

/* whether asserting one of the n singles of t (found) leaves a variable with no candidate, on a
 * board without non-consecutive: t being free of contradiction, that is a single linked to
 * another (two in one cell, or one digit twice among peers: the one asserted first takes the
 * other's last candidate), or a digit whose places in a house are all peers of the single's
 * cell (the house's other digits and the cells' variables lose no more than a single does) */
static int one_step_short(const DfBoard *bd, const Trial *t, const int *found, int n) {
    Cells at[9], once = {0, 0}, twice = {0, 0};
    int i, d, u;
    bd = BS_BOARD(bd);
    for (d = 0; d < 9; d++)
        at[d].lo = at[d].hi = 0;
    for (i = 0; i < n; i++) {
        Cells b = cell_bit(found[i] / 9);
        d = found[i] % 9;
        at[d].lo |= b.lo;
        at[d].hi |= b.hi;
    }
    for (d = 0; d < 9; d++) {
        twice.lo |= once.lo & at[d].lo;
        twice.hi |= once.hi & at[d].hi;
        once.lo |= at[d].lo;
        once.hi |= at[d].hi;
    }
    if (twice.lo | twice.hi)
        return 1; /* two singles in one cell */
    for (i = 0; i < n; i++) {
        int cell = found[i] / 9;
        Cells peers = bd->peer_cells[cell];
        d = found[i] % 9;
        if ((at[d].lo & peers.lo) | (at[d].hi & peers.hi))
            return 1; /* a digit's singles in two peers */
        /* (a house apart from the peers keeps its places: t has no contradiction) */
        BS_MASK units = t->free[d] & (BS_MASK)bd->peer_houses[cell];
        while (units) {
            uint64_t mlo, mhi;
            u = ctz64(units);
            units &= units - 1;
            mlo = t->cand[d].lo & bd->house_cells[u].lo;
            mhi = t->cand[d].hi & bd->house_cells[u].hi;
            if (!((mlo & ~peers.lo) | (mhi & ~peers.hi)))
                return 1; /* the digit's places in the house all among the cell's peers */
        }
    }
    return 0;
}

/* whether the singles asserted so far (depth of them) lead to a contradiction within bound
 * variables in all */
static int contradicts(BraidSearch *s, const Trial *t, int depth, int bound) {
    int found[MAX_SINGLES], fresh[MAX_SINGLES], suffix[MAX_DEPTH + 2];
    int n = singles(s, t, found), nfresh = 0, i, j, hit = 0;
    if (n < 0)
        return 1;
    if (depth + 1 >= bound)
        return 0;
    if (depth + 2 == bound) /* one more single at most: no need to assert each in turn */
        return BS_APART(s->b) ? one_step_short_apart(s, t, found, n)
                               : one_step_short(s->b, t, found, n);
    for (i = 0; i < n; i++)
        if (s->first[found[i]] < 0) {
            s->first[found[i]] = depth;
            fresh[nfresh++] = found[i];
        }
    /* suffix[j]: the largest of path[j..depth]; a single available since depth k follows the
     * one order only when it is larger than every single asserted after depth k */
    suffix[depth + 1] = -1;
    for (j = depth; j >= 1; j--)
        suffix[j] = s->path[j] > suffix[j + 1] ? s->path[j] : suffix[j + 1];
    for (i = 0; i < n && !hit; i++) {
        int x = found[i];
        if (x > suffix[s->first[x] + 1]) {
            Trial next = *t;
            assume(s->b, &next, x);
            s->path[depth + 1] = x;
            hit = contradicts(s, &next, depth + 1, bound);
        }
    }
    for (i = 0; i < nfresh; i++)
        s->first[fresh[i]] = -1;
    return hit;
}

static void search_init(BraidSearch *s, const DfBoard *b) {
    s->b = b;
    memset(s->first, 0xff, sizeof s->first);
    memset(s->stamp, 0, sizeof s->stamp);
    s->visit = 0;
}

/* the least length (1 to max) of a braid against z in the state base: 0 when none */
static int length_in(BraidSearch *s, const Trial *base, int z, int max) {
    Trial start = *base;
    int bound;
    if (max > MAX_DEPTH)
        max = MAX_DEPTH;
    assume(s->b, &start, z);
    for (bound = 1; bound <= max; bound++)
        if (contradicts(s, &start, 0, bound))
            return bound;
    return 0;
}

/* whether a braid of length up to max against z is in the state base: the search bounded at
 * max at once (it meets any shorter braid on its way) */
static int has_braid(BraidSearch *s, const Trial *base, int z, int max) {
    Trial start = *base;
    if (max > MAX_DEPTH)
        max = MAX_DEPTH;
    assume(s->b, &start, z);
    return contradicts(s, &start, 0, max);
}

/* every braid of length 1 in g (closed under BRT; base its trial) taken out at once, then
 * BRT: 1 something went, 0 nothing, -1 a contradiction. With a candidate assumed in a state BRT
 * closed, a cell left with one candidate or a digit with one place in a house would be a single
 * BRT has not placed, where a candidate's links are its cell's and its digit's in the peers
 * (not under non-consecutive: a cell beside it may lose every digit): its braid of length 1 is
 * its digit's places in some house all among its cell's peers. So, by digit, the candidates in
 * the cells that see every place of a house */
static int whips1(DfGrid *g, const Trial *base, const uint8_t *solution) {
    const DfBoard *b = BS_BOARD(g->b);
    int d, i, progress = 0;
    for (d = 0; d < 9; d++) {
        Cells hit = {0, 0};
        BS_MASK units = base->free[d];
        while (units) {
            int u = ctz64(units);
            Cells places, seen = {~UINT64_C(0), ~UINT64_C(0)};
            units &= units - 1;
            places.lo = base->cand[d].lo & b->house_cells[u].lo;
            places.hi = base->cand[d].hi & b->house_cells[u].hi;
            while ((places.lo | places.hi) && (seen.lo | seen.hi)) {
                int p = places.lo ? ctz64(places.lo) : 64 + ctz64(places.hi);
                if (places.lo)
                    places.lo &= places.lo - 1;
                else
                    places.hi &= places.hi - 1;
                seen.lo &= b->peer_cells[p].lo;
                seen.hi &= b->peer_cells[p].hi;
            }
            hit.lo |= seen.lo & base->cand[d].lo & base->open.lo;
            hit.hi |= seen.hi & base->cand[d].hi & base->open.hi;
        }
        while (hit.lo | hit.hi) {
            if (hit.lo) {
                i = ctz64(hit.lo);
                hit.lo &= hit.lo - 1;
            } else {
                i = 64 + ctz64(hit.hi);
                hit.hi &= hit.hi - 1;
            }
            if (solution && solution[i] == d + 1)
                continue; /* (not reached: a state holding the solution has no braid against it) */
            df_set(g, i, g->c[i] & ~(1u << d));
            progress = 1;
        }
    }
    if (!progress)
        return 0;
    return df_brt(g) ? 1 : -1;
}

static int braid_length(const DfGrid *g, int z, int max) {
    BraidSearch s; /* (on the stack: the callers run without the GIL) */
    Trial base;
    search_init(&s, g->b);
    trial_from(&base, g);
    return length_in(&s, &base, z, max);
}

static int braids(DfGrid *g, int n, const uint8_t *solution) {
    BraidSearch s;
    Trial base;
    if (!df_brt(g))
        return 0;
    if (n == 1 && !BS_APART(g->b)) {
        /* (one in a state is one in any state within it, and the closure is the same in any
         * order: they are all taken from a round's state) */
        for (;;) {
            int found;
            if (df_full(g))
                return 1;
            trial_from(&base, g);
            found = whips1(g, &base, solution);
            if (found <= 0)
                return found == 0;
        }
    }
    search_init(&s, g->b);
    for (;;) {
        int progress = 0, i, d;
        trial_from(&base, g);
        for (i = 0; i < DF_CELLS && !df_full(g); i++)
            for (d = 0; d < 9; d++) {
                unsigned m = g->c[i];
                if (!(m >> d & 1) || df_single(m) || (solution && solution[i] == d + 1))
                    continue;
                if ((n < BRT_FIRST || brt_refutes(g, i, 1u << d)) &&
                    has_braid(&s, &base, i * 9 + d, n)) {
                    df_set(g, i, m & ~(1u << d));
                    if (!df_brt(g))
                        return 0;
                    trial_from(&base, g);
                    progress = 1;
                }
            }
        if (!progress || df_full(g))
            return 1;
    }
}

#undef Trial
#undef BraidSearch
#undef recount
#undef houses_of
#undef trial_from
#undef assume
#undef singles
#undef one_step_short_apart
#undef one_step_short
#undef contradicts
#undef search_init
#undef length_in
#undef has_braid
#undef whips1
#undef braid_length
#undef braids

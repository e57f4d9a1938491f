/* The variant ladder's question in C (se_vladder.c, se_vlinks.c): which technique of a variant
 * rating's order (ruled.order_of) is the first to find a step on a grid of the rules'
 * geometry (an SeGeo, se_geo.c). Each check answers whether ruled.py's finder of that technique
 * yields a hint on the grid, never which one: the Python finder, the reference, then finds the
 * step itself, so that the hint, its words and its order stay the Python's.
 *
 * A technique is a code (tech * 16 + degree), the enum below; a code the C has no check for
 * (-1: non-consecutive's, the three strong links, the BUG, the chains) is the Python's to run. */
#ifndef SUDOKU_REPL_SE_VLADDER_H
#define SUDOKU_REPL_SE_VLADDER_H

#include "se_geo.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

enum {
    SV_HIDDEN_SINGLE = 1,
    SV_DIRECT_POINTING,
    SV_DIRECT_HIDDEN_SET, /* degree 2, 3 */
    SV_NAKED_SINGLE,
    SV_GENERALIZED_INTERSECTIONS,
    SV_POINTING_CLAIMING,
    SV_NAKED_SET,             /* degree 2-4 */
    SV_GENERALIZED_NAKED_SET, /* degree 2-4 */
    SV_HIDDEN_SET,            /* degree 2-4 */
    SV_FISH,                  /* degree 2-4 */
    SV_TURBOT_FISH,
    SV_XY_WING,  /* degree 2: XY, 3: XYZ */
    SV_ALS_WING, /* degree 3: WXYZ, 4: VWXYZ */
    SV_UNIQUE_LOOPS,
    SV_TECHNIQUES
};

/* an 81-bit set of cells: cell c is bit c & 63 of w[c >> 6] (SeGeo's masks) */
typedef struct {
    uint64_t w[2];
} SvCells;

/* what the checks read of a grid, made once a call */
typedef struct {
    const SeGeo *geo;
    const SeGrid *g;
    int n_units;
    int type_count[10];       /* each type's units (geo->type_first[t] the first) */
    SvCells unit[SE_MAX_UNITS];  /* each unit's cells */
    SvCells holding[10];      /* each value's cells (bit v of cands) */
    SvCells peer[81];         /* geo->peer_mask */
    int empty[SE_MAX_UNITS];  /* each unit's empty cells */
    /* the turbot fish's plan (ruled._turbot_plan): its (base, cover) types, its shares */
    int n_sets, sets[64][2], n_shares, shares[10];
    int unit_of[10][81]; /* each type's unit holding a cell (-1: none) */
} SvGrid;

static inline SvCells sv_none(void) {
    SvCells s = {{0, 0}};
    return s;
}
static inline SvCells sv_and(SvCells a, SvCells b) {
    SvCells s = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
    return s;
}
static inline SvCells sv_or(SvCells a, SvCells b) {
    SvCells s = {{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
    return s;
}
static inline SvCells sv_minus(SvCells a, SvCells b) {
    SvCells s = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
    return s;
}
static inline int sv_any(SvCells a) { return (a.w[0] | a.w[1]) != 0; }
static inline int sv_count(SvCells a) { return popcount64(a.w[0]) + popcount64(a.w[1]); }
static inline int sv_has(SvCells a, int c) { return (int)(a.w[c >> 6] >> (c & 63) & 1); }
static inline void sv_add(SvCells *a, int c) { a->w[c >> 6] |= (uint64_t)1 << (c & 63); }
/* the lowest cell of a nonempty set */
static inline int sv_first(SvCells a) { return a.w[0] ? ctz64(a.w[0]) : 64 + ctz64(a.w[1]); }
/* the next subset of 9 items (a 9-bit mask) of ``size`` items within ``of`` after ``mask``, in
 * numeric order (grid.combinations_colex's); -1 after the last */
static inline int sv_next_subset(int mask, int size, int of) {
    for (mask++; mask < 512; mask++)
        if (popcount32((uint32_t)mask) == size && !(mask & ~of))
            return mask;
    return -1;
}
/* a unit's places (bit i: its i-th cell) of a value */
static inline int sv_places(const SvGrid *v, int unit, int value) {
    return v->g->table[unit][value];
}

/* se_vlinks.c: the turbot fish, the XY/XYZ and WXYZ/VWXYZ wings, the unique loops' sieve */
int sv_turbot_fish(const SvGrid *v);
int sv_xy_wing(const SvGrid *v, int xyz);
int sv_als_wing(const SvGrid *v, int size);
int sv_unique_loops(const SvGrid *v);

/* se_vladder(values, cands, geometry, codes, start, turbot_sets, turbot_shares) -> the index
 * of the first code from ``start`` on whose technique finds a step (by its check) or that has
 * no check (-1), len(codes) where none; bad input raises ValueError */
PyObject *se_vladder(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

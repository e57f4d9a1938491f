/* What the variant ladder's checks share (se_vladder.h), and the checks of the strong links,
 * wings and unique loops (se_vlinks.c): the grid as the checks read it (SvGrid, made once a
 * call by se_vladder.c), its cell sets (SvCells) and their operators. */
#ifndef SUDOKU_REPL_SE_VLINKS_H
#define SUDOKU_REPL_SE_VLINKS_H

#include "se_tables.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

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

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

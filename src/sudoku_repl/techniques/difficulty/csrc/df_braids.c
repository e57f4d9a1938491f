/* Braids (Berthier), mirroring braids.py: a braid of length n against a candidate Z is, read
 * as trial and error, Z assumed and n - 1 singles asserted one after another (each the one
 * candidate left to a CSP variable: a cell, or a digit in a row, column or box, once the
 * candidates linked to Z and to the singles before it are gone), the n-th variable then left
 * with none (under non-consecutive, a candidate is linked to the digits one apart in the cells
 * beside its own too: the board's, df_board.h). The least length is found by a depth-first
 * search, deepened a length at a time, over the *sets* of singles: a set of singles is reached
 * by many orders, and the search follows one of them only (the order that asserts, at each
 * step, the smallest candidate among those of the set already available; what is available
 * only grows along a path, so each set is met once). B_n asks only whether a braid of length n
 * at most is there, and searches at the bound n at once (a shorter one is met on the way); the
 * least length deepens a length at a time. The search is written once (df_braid_search.h) and
 * made twice below: classic sudoku's board, and any board. */
#include "df_braids.h"

/* the search on classic sudoku's board */
#define BS(name) name##_classic
#define BS_MASK uint32_t
#define BS_BOARD(b) (&DF_CLASSIC)
#define BS_APART(b) 0
#include "df_braid_search.h"
#undef BS
#undef BS_MASK
#undef BS_BOARD
#undef BS_APART

/* the search on any board */
#define BS(name) name##_any
#define BS_MASK uint64_t
#define BS_BOARD(b) (b)
#define BS_APART(b) ((b)->any_apart)
#include "df_braid_search.h"

int df_braid_length(const DfGrid *g, int z, int max) {
    return g->b == &DF_CLASSIC ? braid_length_classic(g, z, max) : braid_length_any(g, z, max);
}

int df_braids(DfGrid *g, int n, const uint8_t *solution) {
    return g->b == &DF_CLASSIC ? braids_classic(g, n, solution) : braids_any(g, n, solution);
}

int df_b_rating(const uint16_t *cands, int max, const uint8_t *solution, const DfBoard *b) {
    DfGrid g;
    int n;
    df_grid_from(&g, cands, b);
    if (!df_brt(&g))
        return -2;
    for (n = 0; n <= max; n++) {
        if (n && !df_braids(&g, n, solution))
            return -2;
        if (df_full(&g))
            return n;
    }
    return -1;
}

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

#include "se_geo.h"    /* a geometry from its capsule */
#include "se_vlinks.h" /* the checks of the links, wings and loops, and what all share */

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

/* se_vladder(values, cands, geometry, codes, start, turbot_sets, turbot_shares) -> the index
 * of the first code from ``start`` on whose technique finds a step (by its check) or that has
 * no check (-1), len(codes) where none; bad input raises ValueError */
PyObject *se_vladder(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* The ladder's techniques by number (se_ladder.c): one run on a grid, and the module
 * function se_ladder */
#ifndef SUDOKU_REPL_SE_LADDER_H
#define SUDOKU_REPL_SE_LADDER_H

#include "se_fish.h"
#include "se_links.h"
#include "se_singles.h"
#include "se_subsets.h"
#include "se_uniqueness.h"
#include "se_wings.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* a technique's number and degree checked (0, or -1 with ValueError); one technique's hints to
 * r (0, 1 at the limit, -1) */
int se_rung_check(int technique, int degree);
int se_rung_run(SeRungs *r, int technique, int degree);

/* What a technique found nothing in on a rating's path, on the last grid where it found
 * nothing, one a technique of an order (se_rating.c). A technique of one digit or one unit at a
 * time (SeRungs.skip, skip_units) keeps each digit's places (its rows' masks, table[9 ..]), or
 * each unit's places and empty cells: its findings of a digit (a unit) read those alone, so a
 * later grid where they are the same gives nothing there again, and the digit (the unit) is
 * left out (Nishio's chains too, se_chainer_since). The wings (SeRungs.since) and aligned
 * exclusion (se_exclusion_since) keep every cell's candidates: a later grid is searched for
 * the findings with a changed cell alone. */
typedef struct {
    int known; /* the digits (bit v) or units (bit u) whose places are kept; cells: 1 */
    uint16_t places[27][10];
    int empty[27];
    uint16_t cands[81]; /* a technique of cells (SeRungs.since): every cell's candidates */
    unsigned kept_at;   /* with SeRungs.stamps: the batch the places were kept after */
} SeNothing;

/* the cells whose candidates on g differ from those ``nothing`` kept, as two words (cells
 * 0-63, 64-80): 0 when none do, 1 when some do, -1 when none are kept; g's kept */
int se_changed_cells(const SeNothing *nothing, const SeGrid *g, uint64_t changed[2]);
void se_keep_cands(SeNothing *nothing, const SeGrid *g);

/* se_rung_run, the digits, units or unchanged cells ``nothing`` (NULL: none) knows left out: a
 * technique of one digit or unit at a time, or of cells, that finds nothing where it looks has
 * those places (the cells' candidates) kept */
int se_rung_remembered(SeRungs *r, SeNothing *nothing, int technique, int degree);

/* the module function se_ladder */
PyObject *se_ladder(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

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

/* What a technique found nothing in on a rating's path, on the last grid where it found nothing:
 * the candidates of every cell, every unit's places of each digit and empty cells. A technique
 * of one digit at a time (fish, turbot fish, three strong links), or of one unit (naked, hidden
 * and direct hidden sets), reads a digit's (a unit's) places alone: where they are as they were,
 * it gives nothing again, and the digit (the unit) is left out (SeRungs.skip, skip_units). A
 * finding of the chains of strong links, the XY- and ALS wings reads the places (the
 * candidates) of its own units (cells), and its victims' only to remove them: one whose own
 * are as they were had as many victims or more there, none; only the others are looked at
 * (SeRungs.since). One a technique of an order (se_rating.c). */
typedef struct {
    int known; /* whether the rest is kept */
    uint16_t places[27][10];
    int empty[27];
    uint16_t cands[81];
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

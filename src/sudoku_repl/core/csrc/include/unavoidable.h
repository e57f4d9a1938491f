/* The unavoidable sets of a complete grid (unavoidable.c), for the minimal puzzle's loop
 * (making.c): sets of cells that keep a given in every puzzle of the grid, found from the grid
 * alone. Plain C, no Python.
 *
 * Two values a and b of a complete grid, swapped on a set of their cells that holds both or
 * neither of them in each row, column and box, make another complete grid: such a set (the
 * a and b cells joined through the units they share: a unique rectangle is one of four cells)
 * keeps a given in every puzzle of the grid, so taking away the last given of one leaves two
 * solutions, known without a search (most of the removals a minimal puzzle refuses). */
#ifndef SUDOKU_REPL_UNAVOIDABLE_H
#define SUDOKU_REPL_UNAVOIDABLE_H

#include <stdint.h>

#include "portable.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

typedef struct {
    uint64_t set[81][10][2]; /* cell's set with value b (its own value's slot unused), as bits */
    /* The same of two rows of a band (or two columns of a stack) and a set of their columns
     * (rows) on which both hold the same values: swapped between the two lines there, every
     * column keeps its values, every line and box (the lines share their boxes) its set. The
     * least such sets are the cycles of the map from a column to the one where the other line
     * holds its value; a cycle of two is a unique rectangle (a set above): those of three or
     * more, a cell's at most four (two other lines each way), are kept here. Two lines of
     * different bands (stacks) share no box: each box's cells of the set keep their values
     * only where the set's columns (rows) are those of one box, the three of a minirow on which
     * both lines hold the same three values (two: a unique rectangle); a cell's at most six
     * more (one a line of another band or stack). */
    uint64_t line[81][16][2];
    unsigned char lines[81];
} SwapSets;

/* the swap sets of ``solution``; 0 unless it is a complete grid (each value once a unit) */
int swap_sets(const unsigned char *solution, SwapSets *w);
/* whether the givens ``held`` (cell c is bit c & 63 of word c >> 6; cell's taken away) leave
 * one of cell's sets without a given: then the puzzle has a solution other than ``solution`` */
int empties_a_swap_set(const SwapSets *w, const unsigned char *solution, const uint64_t held[2],
                       int cell);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

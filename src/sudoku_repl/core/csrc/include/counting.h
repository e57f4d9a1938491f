/* The solution counter that stops at a limit (counting.c; core/counting.py is its reference):
 * a C function for the puzzle makers (making.c) and the module's count_solutions (module.c).
 * Plain C, no Python: tests/native/count_check.c builds it alone (for WebAssembly, a 32-bit
 * target, with no C library: tests/core/test_portable_c.py). */
#ifndef SUDOKU_REPL_COUNTING_H
#define SUDOKU_REPL_COUNTING_H

#include <stdint.h>

#include "portable.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* how many solutions the grid (81 values, 0 empty, each 0-9: the caller checks) has, counted up
 * to limit (>= 1): 0 when its givens clash */
int64_t count_grid(const unsigned char *cells, int64_t limit);
/* the same, and the guesses the search made (each digit tried on a guessed cell) in *guesses */
int64_t count_grid_guessing(const unsigned char *cells, int64_t limit, int64_t *guesses);

/* a puzzle's givens as the counter's board holds them, and the board they make: kept by a
 * minimal puzzle's loop as it takes givens away and puts them back (givens_set), so that each
 * of its searches starts from a copy, with no pass over the 81 cells */
typedef struct {
    uint32_t at[9][3];     /* the cells of band b (rows 3b..3b+2; bit 9r + c for row r of the
                            * band, column c) that hold value d + 1: at[d][b] */
    uint32_t places[3][9]; /* where value d + 1 may stand in band b (places[b][d]): on its
                            * givens, and on the open cells none of them sees */
    uint32_t solved[3];    /* the givens' cells, by band */
    unsigned clash;        /* the values two of whose givens see each other (bit d) */
} Givens;

/* the givens of a grid (81 values 0-9) */
void givens_of(Givens *givens, const unsigned char *cells);
/* value (1-9) put in cell (0-80, empty: in) or taken away from it (its given: !in); free, when
 * taken away: the values (bit d for value d + 1) that no other given in the cell's row, column
 * or box holds */
void givens_set(Givens *givens, int cell, int value, int in, unsigned free);

/* a value's places (by band) and the givens' clash bits, kept before givens_set takes one of
 * its givens away, so that putting it back (givens_put_back) sets them again: the givens are
 * then what they were, and so are their places, not made anew */
typedef struct {
    uint32_t places[3];
    unsigned clash;
} GivensKept;

static inline GivensKept givens_kept(const Givens *givens, int value) {
    GivensKept kept = {{givens->places[0][value - 1], givens->places[1][value - 1],
                        givens->places[2][value - 1]},
                       givens->clash};
    return kept;
}
/* value (1-9) put back in cell (0-80), whose given givens_set took away after kept was made */
void givens_put_back(Givens *givens, int cell, int value, const GivensKept *kept);

/* whether the givens have a solution where cell (0-80, not a given) does not hold value
 * (1-9): for a puzzle whose one solution had value there before it was taken away, whether
 * taking it away leaves more than one (a search to the first such solution, which skips the
 * branch of the known one: quicker than counting to two). ``near`` (81 values 1-9, or NULL):
 * a complete grid whose value a guessed cell tries first; the known solution, since another
 * one most often differs from it in a few cells, is found sooner near it (the answer is the
 * same, the search shorter) */
int solvable_without(const Givens *givens, int cell, int value, const unsigned char *near);

/* whether the counter's rules alone solve the grid, with no guess: naked and hidden singles
 * and locked candidates (0: they stop short, or the givens clash) */
int settles(const unsigned char *cells);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

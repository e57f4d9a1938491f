/* uniqueness.py's rectangles, loops and BUG in C (se_uniqueness.c): each technique's hints to r (0, 1 at the limit, -1 on an error) */
#ifndef SUDOKU_REPL_SE_UNIQUENESS_H
#define SUDOKU_REPL_SE_UNIQUENESS_H

#include "se_rungs.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* What unique loops found nothing in on se_below's path (SeRungs.stamps), by the two digits
 * its loops hold (pair[10 * v1 + v2]): the batch it was last walked after, the cells that held
 * both digits then, and the units its loops' two extra cells shared (types 3 and 4 read their
 * other cells). The candidates only go on that path, so a later grid where none of those cells
 * and units has changed walks the same loops, each with the same cells' candidates and the
 * same units, and with fewer victims of a type 2: nothing again, and the pair is left out */
typedef struct {
    int known;
    unsigned kept_at;
    int units; /* bit u */
    SeCells holders;
} SeLoopPair;

typedef struct SeLoopsMemo {
    SeLoopPair pair[100];
} SeLoopsMemo;

int se_unique_loops(SeRungs *r);
int se_bug(SeRungs *r);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

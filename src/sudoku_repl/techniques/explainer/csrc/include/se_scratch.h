/* The chain searches' scratch space kept from one call of se_climb or se_below to the next
 * (se_scratch.c): SeCtx.scratch and its kind (scratch_free), in two slots, one for cycles
 * (se_cycles.c's) and one for the chainers (se_forcing.c's static search). */
#ifndef SUDOKU_REPL_SE_SCRATCH_H
#define SUDOKU_REPL_SE_SCRATCH_H

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

typedef struct {
    void *scratch;
    void (*scratch_free)(void *scratch);
} SeScratch;

/* the slots of the last call that left theirs, taken into ``slots`` (at a call's start; NULL
 * where there is none) */
void se_scratch_taken(SeScratch slots[2]);
/* ``slots`` kept for the next call (``keep``: the call ended without a stop) or freed; the
 * slots emptied */
void se_scratch_left(SeScratch slots[2], int keep);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

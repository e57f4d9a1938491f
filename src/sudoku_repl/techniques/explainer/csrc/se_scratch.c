/* The chain searches' scratch kept between calls (se_scratch.h). A maker rates thousands of
 * puzzles a minute, a call or two each, and a cycles search's scratch is 75 KB to clear: the
 * next call takes the last one's, whose searches clear what they use of it as they do from
 * one grid to the next of a call. Taken and given back with the GIL held: a call made while
 * another runs (from its poll, or another thread) finds the slots empty and makes its own.
 * A block serves SPARE_CALLS calls at most, then is freed: the searches' stamps (se_cycles.c's
 * generations, ints) count on from call to call, and so stay as far from their limit as
 * within one call of a long rating. */
#include <stddef.h>

#include "se_scratch.h"

#define SPARE_CALLS 256

static SeScratch spare[2];
static int spare_calls[2]; /* the calls the block in spare[k] has served */

void se_scratch_taken(SeScratch slots[2]) {
    for (int k = 0; k < 2; k++) {
        slots[k] = spare[k];
        spare[k] = (SeScratch){NULL, NULL};
    }
}

void se_scratch_left(SeScratch slots[2], int keep) {
    for (int k = 0; k < 2; k++) {
        SeScratch *own = &slots[k];
        if (!own->scratch_free)
            continue;
        if (keep && !spare[k].scratch_free && ++spare_calls[k] < SPARE_CALLS)
            spare[k] = *own;
        else {
            if (!spare[k].scratch_free)
                spare_calls[k] = 0; /* (the next block is a new one) */
            own->scratch_free(own->scratch);
        }
        *own = (SeScratch){NULL, NULL};
    }
}

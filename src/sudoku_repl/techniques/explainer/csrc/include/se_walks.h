/* The walks of chains.py's cycles and forcing X/Y chains from one start (se_walks.c), and the
 * search's state they run on, shared with the search itself (se_cycles.c) */
#ifndef SUDOKU_REPL_SE_WALKS_H
#define SUDOKU_REPL_SE_WALKS_H

#include "se_found.h"
#include "se_reach.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the names, as native_chains.CYCLE_NAMES numbers them: cycles X, Y, XY, then chains */
enum { X_CYCLE = 0, Y_CYCLE, XY_CYCLE, X_CHAIN, Y_CHAIN, XY_CHAIN };

typedef struct {
    int32_t *q; /* pending potentials */
    int n, cap;
} Queue;

/* push on a full queue: room made first (0, or -1 with x->stop set) */
int se_push_grown(SeCtx *x, Queue *q, int pot);

static inline int se_queue_push(SeCtx *x, Queue *q, int pot) {
    if (q->n == q->cap)
        return se_push_grown(x, q, pot);
    q->q[q->n++] = pot;
    return 0;
}

typedef struct {
    SeLinks links;
    Queue on, off;
    int32_t seen_on[SE_KEYS], seen_off[SE_KEYS]; /* stamps: the key is in to_on, to_off */
    int gen;
    int32_t ancestor[SE_KEYS]; /* stamps: the key is an ancestor of the potential at hand */
    int agen;
    /* stamps (s->gen): a cycle walk's "off" key whose "on" targets are all in to_on and none
     * is the start, so another potential of that key finds nothing */
    int32_t spent[SE_KEYS];
    SeReach reach; /* the forcing chains' links of the kind at hand */
    /* what the walks from a candidate reach, for the links at hand (se_reach_walks) */
    uint8_t walks[81][10];
    uint16_t linked[81]; /* se_off_links for the links at hand: the "off" that are not sinks */
    uint64_t linked_places[10][2]; /* the same by value, as bits */
    /* the forcing walks go from both ends (forcing_meet): a chain of the same length as
     * chains.py's, not the same chain; set where the findings' links and shapes are not read */
    int shortest;
    /* se_cycles_below's: the batch's bar (its findings rated ``least`` or more are not taken)
     * and the highest rating taken before it; least 0 elsewhere */
    int least, hardest;
    int16_t depth[SE_KEYS]; /* forcing_meet's: the key's distance from the start, if seen */
    int16_t parent_key[SE_KEYS]; /* forcing_meet's: the key it was reached from, if seen */
    SeDigitMemo *digits; /* the X links' answers by a digit's places, or NULL */
    /* the X search of a digit not in the memo: its findings as SeXFound.data, by digit */
    int32_t *own[10];
    int own_n[10], own_cap[10];
    /* the XY search of a graph not in the memo: its linked starts' walks (xy_search_kept) */
    int16_t *rec;
    int rec_n, rec_cap;
} Search;

/* the walks from the candidate (cell, value) with the links of one kind, as chains._search
 * makes them: the cycles' last potentials into ``found``, then the forcing chains' targets
 * (two at most) into ``targets``; their count, or -1 */
int se_walk_from(SeCtx *x, const SeGrid *g, Search *s, int cell, int value, int cell_links,
                 int unit_links, Queue *found, int *targets);

/* the findings of a start's walks (se_walk_from): its cycles', then its forcing chains' */
int se_make_found(SeCtx *x, const SeGrid *g, const Search *s, const Queue *found,
                  const int *targets, int n_targets, int cell_links, int unit_links);

/* the findings of the walks from the candidate (cell, value) with the links of one kind, as
 * chains._search makes them (cycles, then the forcing chains to its negation); 0, or -1 */
int se_from_start(SeCtx *x, const SeGrid *g, Search *s, int cell, int value, int cell_links,
                  int unit_links, Queue *found);

/* the starts whose cycles can remove nothing, by the strongly connected parts of the links'
 * graph (a cycle stays in its start's part, and removes only a candidate of a value that an
 * "on" and an "off" of the part with that value see): for the XY links (s->reach's parts),
 * their SE_MAY_RETURN taken away from s->walks; for the X links (classic), the same, digit
 * by digit; for the Y links (classic), ok[cell][value] 0 for such a start of a cell of two
 * values (1 else) */
void se_xy_removing(const SeGrid *g, Search *s);
void se_x_removing(const SeGrid *g, Search *s);
void se_y_removing(const SeGrid *g, const Search *s, uint8_t ok[81][10]);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

/* T&E(rules, n) (te.py's trial_and_error and depth_with) and the solutions of a grid
 * (solving.py's solutions).
 *
 * T&E(n) is confluent: where it ends does not depend on the order of its trials, nor on what
 * is known to spare a trial. So the C runs the same rules with less work:
 * - T&E(n) includes T&E(n-1): T&E(n-1) is run to its end first, then level n's trials go
 *   round the grid, and T&E(n-1) runs again only after a round of level n without an
 *   elimination that follows some: the eliminations of level n come as they would after
 *   T&E(n-1), at its end the grid is closed under both, and T&E(n-1)'s runs (a whole
 *   round of its trials each, most of them undone by the elimination before) are fewer;
 * - the trials of a level go on round the candidates from the last elimination, and stop
 *   after a whole round without one;
 * - a trial is spared where a *witness* shows it cannot meet a contradiction: a state S,
 *   closed under the trial's rules (T&E(n-1)) and free of contradiction, in which the
 *   candidate is decided and which holds no candidate the grid does not (S within the
 *   grid). T&E(n-1) is monotone, so the trial would end in a state holding S: no
 *   contradiction. The witnesses are the states earlier trials ended in (each witnesses every
 *   candidate it decided), and the solution (every true candidate, where the grid holds it);
 * - a trial not spared starts where the candidate's last trial ended, when it ran on a grid
 *   holding this one: the rules are monotone, so this trial's end is within that one's, and
 *   its start narrowed to that end ends where it would (the elimination rounds the last trial
 *   went through are not gone through again). */
#include "df_te.h"

#include <stdlib.h>
#include <string.h>

#define DF_SLOTS 256 /* witnesses kept a level, the oldest overwritten */

typedef struct {
    uint16_t c[DF_CELLS];
} DfState;

typedef struct {
    DfState slot[DF_SLOTS];
    int16_t of[DF_CELLS * 9]; /* a candidate's witness slot, -1 none */
    int next;
} DfWitnesses;

/* each candidate's last trial at a level: the grid it ran on and the state it ended in */
typedef struct {
    DfState from[DF_CELLS * 9];
    DfState end[DF_CELLS * 9];
    uint8_t kept[DF_CELLS * 9];
} DfTrials;

struct DfSearch {
    DfRules rules;
    const uint8_t *solution; /* or NULL */
    int levels;
    int recall_from;    /* the least level whose trials start where their last one ended */
    DfWitnesses *level; /* level[n]: states closed under T&E(n-1) */
    DfTrials *trials;   /* trials[n]: the trials of level n */
};

static int within(const uint16_t *inner, const uint16_t *outer) {
    int i;
    unsigned extra = 0;
    for (i = 0; i < DF_CELLS; i++)
        extra |= inner[i] & ~outer[i];
    return !extra;
}

static int holds_solution(const DfGrid *g, const uint8_t *solution) {
    int i;
    for (i = 0; i < DF_CELLS; i++)
        if (!(g->c[i] >> (solution[i] - 1) & 1))
            return 0;
    return 1;
}

static void witnessed(DfWitnesses *w, const DfGrid *end) {
    int s = w->next, b, i;
    w->next = (s + 1) % DF_SLOTS;
    memcpy(w->slot[s].c, end->c, sizeof w->slot[s].c);
    for (b = 0; b < 3; b++) {
        if (end->stale[b]) {
            for (i = 27 * b; i < 27 * b + 27; i++)
                if (!(end->c[i] & (end->c[i] - 1)))
                    w->of[i * 9 + value_of_bit(end->c[i]) - 1] = (int16_t)s;
        } else {
            /* the band's cells done, true of it (classic sudoku's BRT keeps them): after the
             * rules, the decided cells (one not done yet would only go unwitnessed) */
            uint32_t done = end->doneb[b];
            while (done) {
                i = 27 * b + ctz32(done);
                done &= done - 1;
                if (!(end->c[i] & (end->c[i] - 1)))
                    w->of[i * 9 + value_of_bit(end->c[i]) - 1] = (int16_t)s;
            }
        }
    }
}

static int spared(const DfSearch *search, const DfWitnesses *w, const DfGrid *g, int at,
                  int *holds) {
    int i = at / 9, s = w->of[at];
    unsigned b = 1u << (at % 9);
    if (search->solution && search->solution[i] == at % 9 + 1) {
        if (*holds < 0)
            *holds = holds_solution(g, search->solution);
        if (*holds)
            return 1;
    }
    return s >= 0 && w->slot[s].c[i] == b && within(w->slot[s].c, g->c);
}

/* g's candidates that end does not hold taken out (a state the rules lead g to holds) */
static void narrow(DfGrid *g, const uint16_t *end) {
    int i;
    for (i = 0; i < DF_CELLS; i++)
        if (g->c[i] & ~end[i])
            df_set(g, i, g->c[i] & end[i]);
}

/* one elimination at level depth (a candidate whose trial under T&E(depth-1) meets a
 * contradiction), looking from candidate *from on round the grid: 1 (eliminated, the rules
 * applied after it, *from moved past it), 0 none in a whole round, -1 a contradiction after */
static int eliminate_one(DfSearch *search, DfGrid *g, int depth, int *from) {
    DfWitnesses *w = &search->level[depth];
    DfTrials *last = &search->trials[depth];
    int k, holds = -1;
    for (k = 0; k < DF_CELLS * 9; k++) {
        int at = (*from + k) % (DF_CELLS * 9), i = at / 9;
        unsigned held = g->c[i], b = 1u << (at % 9);
        DfGrid trial;
        if (!(held & b) || !(held & (held - 1)) || spared(search, w, g, at, &holds))
            continue;
        trial = *g;
        df_set(&trial, i, b);
        if (depth >= search->recall_from && last->kept[at] &&
            within(g->c, last->from[at].c))
            narrow(&trial, last->end[at].c);
        if (!(search->rules(&trial) && df_search_te(search, &trial, depth - 1))) {
            df_set(g, i, held & ~b);
            *from = at + 1;
            return search->rules(g) ? 1 : -1;
        }
        witnessed(w, &trial);
        if (depth >= search->recall_from) {
            memcpy(last->from[at].c, g->c, sizeof g->c);
            memcpy(last->end[at].c, trial.c, sizeof trial.c);
            last->kept[at] = 1;
        }
    }
    return 0;
}

int df_search_te(DfSearch *search, DfGrid *g, int depth) {
    int from = 0;
    if (depth == 0)
        return 1;
    if (!df_search_te(search, g, depth - 1))
        return 0;
    for (;;) {
        int found = 0, eliminated = 0;
        while (!df_full(g) && (found = eliminate_one(search, g, depth, &from)) > 0)
            eliminated = 1;
        if (df_full(g))
            return 1;
        if (found < 0)
            return 0;
        if (!eliminated) /* (a round on the grid T&E(n-1) closed) */
            return 1;
        {
            DfGrid before = *g; /* (unchanged by T&E(n-1): closed under both) */
            if (!df_search_te(search, g, depth - 1))
                return 0;
            if (!memcmp(before.c, g->c, sizeof g->c))
                return 1;
        }
    }
}

DfSearch *df_search_new(DfRules rules, const uint8_t *solution, int limit, int recall_from) {
    DfSearch *search = malloc(sizeof *search);
    int n;
    if (!search)
        return NULL;
    search->solution = solution;
    search->levels = limit + 1;
    search->recall_from = recall_from;
    search->level = malloc(sizeof(DfWitnesses) * (size_t)(limit + 1));
    search->trials = malloc(sizeof(DfTrials) * (size_t)(limit + 1));
    if (!search->level || !search->trials) {
        df_search_free(search);
        return NULL;
    }
    for (n = 0; n <= limit; n++)
        memset(search->trials[n].kept, 0, sizeof search->trials[n].kept);
    df_search_rules(search, rules);
    return search;
}

void df_search_rules(DfSearch *search, DfRules rules) {
    int n;
    search->rules = rules;
    for (n = 0; n < search->levels; n++) {
        memset(search->level[n].of, 0xFF, sizeof search->level[n].of);
        search->level[n].next = 0;
    }
}

void df_search_free(DfSearch *search) {
    if (search) {
        free(search->level);
        free(search->trials);
        free(search);
    }
}

static void solve(DfGrid *g, int limit, uint8_t *out, int *found);

/* T&E up to this depth is cheap even on a state with many solutions (the empty grid's T&E(2)
 * some 0.3 s, its T&E(3) minutes): a state not known to have one solution is checked before
 * any deeper level, on its grid as T&E left it (every solution is within it, and few others) */
#define DF_UNCHECKED_DEPTH 2

int df_depth(const uint16_t *cands, int limit, DfRules rules, const uint8_t *solution,
             const DfBoard *b) {
    DfGrid g;
    /* (a trial of the basic rules alone costs less run again than recalled) */
    DfSearch *search = df_search_new(rules, solution, limit, 2);
    int depth, found = -1;
    if (!search)
        return -3;
    df_grid_from(&g, cands, b);
    if (!rules(&g))
        found = -2;
    for (depth = 0; found == -1 && depth <= limit; depth++) {
        if (depth == DF_UNCHECKED_DEPTH + 1) {
            uint8_t two[2 * DF_CELLS];
            DfGrid left = g;
            int count = 0;
            solve(&left, 2, two, &count);
            if (count != 1) {
                found = -4;
                break;
            }
        }
        if (depth && !df_search_te(search, &g, depth))
            found = -2;
        else if (df_full(&g))
            found = depth;
    }
    df_search_free(search);
    return found;
}

static void solve(DfGrid *g, int limit, uint8_t *out, int *found) {
    int i, best = -1, fewest = 10;
    unsigned mask;
    if (!df_brt(g))
        return;
    if (df_full(g)) {
        for (i = 0; i < DF_CELLS; i++)
            out[*found * DF_CELLS + i] = (uint8_t)value_of_bit(g->c[i]);
        (*found)++;
        return;
    }
    for (i = 0; i < DF_CELLS; i++) {
        int n = BITS[g->c[i]];
        if (n > 1 && n < fewest) {
            fewest = n;
            best = i;
        }
    }
    mask = g->c[best];
    while (mask && *found < limit) {
        unsigned b = mask & (0u - mask);
        DfGrid trial = *g;
        mask ^= b;
        df_set(&trial, best, b);
        solve(&trial, limit, out, found);
    }
}

int df_solutions(const uint16_t *cands, int limit, uint8_t *out, const DfBoard *b) {
    DfGrid g;
    int found = 0;
    df_grid_from(&g, cands, b);
    solve(&g, limit, out, &found);
    return found;
}

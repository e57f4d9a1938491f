/* backdoors.py's and guesses.py's trials. */
#include "df_doors.h"

static int solves(DfGrid *g, DfRules rules) { return rules(g) && df_full(g); }

/* the state both trials start from, BRT applied: -1 a contradiction, 0 solved already (no
 * backdoor), 1 to be tried */
static int started(DfGrid *start, const uint16_t *cands, const DfBoard *b) {
    df_grid_from(start, cands, b);
    if (!df_brt(start))
        return -1;
    return df_full(start) ? 0 : 1;
}

int df_brt_backdoors(const uint16_t *cands, const uint8_t *solution, int *cells,
                     const DfBoard *b) {
    DfGrid start;
    int i, n = 0;
    if ((i = started(&start, cands, b)) <= 0)
        return i;
    for (i = 0; i < DF_CELLS; i++) {
        unsigned m = start.c[i];
        if (m & (m - 1)) {
            DfGrid trial = start;
            df_set(&trial, i, 1u << (solution[i] - 1));
            if (solves(&trial, df_brt))
                cells[n++] = i;
        }
    }
    return n;
}

int df_candidate_backdoors(const uint16_t *cands, const uint8_t *solution, int size,
                           int *found, int room, const DfBoard *b) {
    DfGrid start;
    int wrong[DF_CELLS * 9], alone[DF_CELLS * 9];
    int nwrong = 0, i, d, a, z, count = 0, filled = 0;
    if ((i = started(&start, cands, b)) <= 0)
        return i;
    for (i = 0; i < DF_CELLS; i++) {
        unsigned m = start.c[i];
        if (m & (m - 1))
            for (d = 0; d < 9; d++)
                if ((m >> d & 1) && d + 1 != solution[i])
                    wrong[nwrong++] = i * 9 + d;
    }
    for (a = 0; a < nwrong; a++) {
        DfGrid trial = start;
        df_set(&trial, wrong[a] / 9, trial.c[wrong[a] / 9] & ~(1u << wrong[a] % 9));
        alone[a] = solves(&trial, df_brt);
        if (size == 1 && alone[a]) {
            if (filled < room)
                found[filled++] = wrong[a];
            count++;
        }
    }
    if (size == 1)
        return count;
    for (a = 0; a < nwrong; a++) {
        if (alone[a])
            continue;
        for (z = a + 1; z < nwrong; z++) {
            DfGrid trial;
            if (alone[z])
                continue;
            trial = start;
            df_set(&trial, wrong[a] / 9, trial.c[wrong[a] / 9] & ~(1u << wrong[a] % 9));
            df_set(&trial, wrong[z] / 9, trial.c[wrong[z] / 9] & ~(1u << wrong[z] % 9));
            if (solves(&trial, df_brt)) {
                if (filled + 1 < room) {
                    found[filled++] = wrong[a];
                    found[filled++] = wrong[z];
                }
                count++;
            }
        }
    }
    return count;
}

/* a set of left more cells of open[first..] that lets the rules finish from g, into cells */
static int search(const DfGrid *g, const int *open, int nopen, int first, int left,
                  const uint8_t *solution, DfRules rules, int *cells) {
    int k;
    for (k = first; k < nopen; k++) {
        int i = open[k];
        DfGrid trial;
        if (!(g->c[i] & (g->c[i] - 1)))
            continue; /* decided by the guesses before */
        trial = *g;
        df_set(&trial, i, 1u << (solution[i] - 1));
        if (!rules(&trial))
            continue;
        if (left == 1) {
            if (df_full(&trial)) {
                cells[0] = i;
                return 1;
            }
        } else if (!df_full(&trial) &&
                   search(&trial, open, nopen, k + 1, left - 1, solution, rules, cells + 1)) {
            cells[0] = i;
            return 1;
        }
    }
    return 0;
}

int df_fewest_guesses(const uint16_t *cands, const uint8_t *solution, int limit, DfRules rules,
                      int *cells, const DfBoard *b) {
    DfGrid start;
    int open[DF_CELLS], nopen = 0, i, size;
    df_grid_from(&start, cands, b);
    if (!rules(&start))
        return -2;
    if (df_full(&start))
        return 0;
    for (i = 0; i < DF_CELLS; i++)
        if (start.c[i] & (start.c[i] - 1))
            open[nopen++] = i;
    for (size = 1; size <= limit; size++)
        if (search(&start, open, nopen, 0, size, solution, rules, cells))
            return size;
    return -1;
}

/* subsets.py: naked pairs, triples, quads (3.0, 3.6, 5.0) and hidden ones (3.4, 4.0, 5.4), in
 * subsets.py's order (the units blocks, columns, rows; a unit's subsets colex), each hint with
 * its removals in that order. */
#include "se_subsets.h"

static const int NAKED_RATINGS[5] = {0, 0, 30, 36, 50};
static const int HIDDEN_RATINGS[5] = {0, 0, 34, 40, 54};

/* subsets.naked_set_patterns */
int se_naked_sets(SeRungs *r, int degree) {
    const SeGrid *g = r->g;
    int rems[2 * 81];
    for (int k = 0; k < 27; k++) {
        int unit = SE_BLOCKS_COLUMNS_ROWS[k];
        if (r->skip_units >> unit & 1 || r->empty[unit] < degree * 2)
            continue;
        const int *cells = SE_UNITS[unit];
        uint16_t masks[9];
        for (int i = 0; i < 9; i++)
            masks[i] = g->cands[cells[i]];
        int eligible = se_eligible(masks, degree), count = se_bits((unsigned)eligible);
        /* the eligible cells' subsets, colex (SE_COMBOS' order, the others left out) */
        for (int pick = (1 << degree) - 1; pick < 1 << count; pick = se_next_of_size(pick)) {
            int combo = se_deposit(pick, eligible);
            int u = 0, ok = 1;
            for (int i = 0; i < 9 && ok; i++)
                if (combo >> i & 1) {
                    int m = g->cands[cells[i]];
                    ok = se_bits((unsigned)m) > 1;
                    u |= m;
                }
            if (!ok || se_bits((unsigned)u) != degree)
                continue;
            int n = 0;
            for (int i = 0; i < 9; i++) {
                if (combo >> i & 1)
                    continue;
                int m = g->cands[cells[i]] & u;
                for (int v = 1; v <= 9; v++)
                    if (m >> v & 1) {
                        rems[2 * n] = cells[i];
                        rems[2 * n + 1] = v;
                        n++;
                    }
            }
            if (n) {
                int shape[3] = {unit, combo, u};
                int done = se_rung(r, SE_N_NAKED_SET + degree - 2, NAKED_RATINGS[degree], rems, n,
                                   -1, 0, shape, 3);
                if (done)
                    return done;
            }
        }
    }
    return 0;
}

/* subsets.hidden_set_patterns, with singles.hidden_set_removals */
int se_hidden_sets(SeRungs *r, int degree) {
    const SeGrid *g = r->g;
    int rems[2 * 81];
    for (int k = 0; k < 27; k++) {
        int unit = SE_BLOCKS_COLUMNS_ROWS[k];
        if (r->skip_units >> unit & 1 || r->empty[unit] <= degree * 2)
            continue;
        const uint16_t *table = g->table[unit];
        int eligible = se_eligible(table + 1, degree), count = se_bits((unsigned)eligible);
        /* the eligible digits' subsets, colex (SE_COMBOS' order, the others left out) */
        for (int pick = (1 << degree) - 1; pick < 1 << count; pick = se_next_of_size(pick)) {
            int keep = se_deposit(pick, eligible) << 1;
            int common = se_hidden_set_cells(table, keep);
            if (!common)
                continue;
            int n = 0;
            for (int i = 0; i < 9; i++) {
                if (!(common >> i & 1))
                    continue;
                int cell = SE_UNITS[unit][i];
                int m = g->cands[cell] & ~keep;
                for (int v = 1; v <= 9; v++)
                    if (m >> v & 1) {
                        rems[2 * n] = cell;
                        rems[2 * n + 1] = v;
                        n++;
                    }
            }
            if (n) {
                int shape[3] = {unit, common, keep};
                int done = se_rung(r, SE_N_HIDDEN_SET + degree - 2, HIDDEN_RATINGS[degree], rems,
                                   n, -1, 0, shape, 3);
                if (done)
                    return done;
            }
        }
    }
    return 0;
}

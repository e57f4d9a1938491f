/* fish.py: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2) on rows and columns, in fish.py's
 * order: columns first, then rows, as the base; the base lines' subsets colex, then the digits;
 * a hint's removals cover line by cover line, each in its cells' order. */
#include "se_fish.h"

static const int RATINGS[5] = {0, 0, 32, 38, 52};

/* fish.fish_patterns */
int se_fish(SeRungs *r, int degree) {
    const SeGrid *g = r->g;
    int counts[10] = {0}; /* Grid.count_value: each digit's cells placed */
    for (int cell = 0; cell < 81; cell++)
        counts[g->values[cell]]++;
    int rems[2 * 36];
    static const int TYPES[2][2] = {{2, 1}, {1, 2}}; /* (base unit type, cover unit type) */
    for (int t = 0; t < 2; t++) {
        int base = TYPES[t][0] * 9, cover = TYPES[t][1] * 9, eligible[10], any = 0;
        for (int value = 1; value <= 9; value++) {
            uint16_t positions[9];
            for (int i = 0; i < 9; i++)
                positions[i] = g->table[base + i][value];
            eligible[value] = r->skip >> value & 1 ? 0 : se_eligible(positions, degree);
            if (counts[value] + degree * 2 <= 9)
                any |= eligible[value];
        }
        /* the base lines' subsets, colex: those of lines eligible for some digit alone (SE_COMBOS'
         * order, the others left out: no digit takes them) */
        int n_any = se_bits((unsigned)any);
        for (int pick = (1 << degree) - 1; pick < 1 << n_any; pick = se_next_of_size(pick)) {
            int lines = se_deposit(pick, any);
            for (int value = 1; value <= 9; value++) {
                if (counts[value] + degree * 2 > 9 || lines & ~eligible[value])
                    continue;
                int u = 0, ok = 1;
                for (int i = 0; i < 9 && ok; i++)
                    if (lines >> i & 1) {
                        int pos = g->table[base + i][value];
                        ok = se_bits((unsigned)pos) > 1;
                        u |= pos;
                    }
                if (!ok || se_bits((unsigned)u) != degree)
                    continue;
                int n = 0;
                for (int c = 0; c < 9; c++) {
                    if (!(u >> c & 1))
                        continue;
                    /* the cover line's cells off the base lines with the digit */
                    int off = g->table[cover + c][value] & ~lines;
                    for (int i = 0; i < 9; i++)
                        if (off >> i & 1) {
                            rems[2 * n] = SE_UNITS[cover + c][i];
                            rems[2 * n + 1] = value;
                            n++;
                        }
                }
                if (n) {
                    int shape[4] = {value, TYPES[t][0], lines, u};
                    int done = se_rung(r, SE_N_FISH + degree - 2, RATINGS[degree], rems, n, -1, 0,
                                       shape, 4);
                    if (done)
                        return done;
                }
            }
        }
    }
    return 0;
}

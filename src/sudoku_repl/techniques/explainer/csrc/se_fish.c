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
        int base = TYPES[t][0] * 9, cover = TYPES[t][1] * 9, any = 0;
        /* takes[i]: the digits (bit v) base line i is eligible for, those with room for a fish
         * of the degree alone (a subset's digits: its lines' takes and-ed) */
        int takes[9] = {0};
        for (int value = 1; value <= 9; value++) {
            uint16_t positions[9];
            for (int i = 0; i < 9; i++)
                positions[i] = g->table[base + i][value];
            int eligible = r->skip >> value & 1 ? 0 : se_eligible(positions, degree);
            if (counts[value] + degree * 2 > 9)
                continue;
            any |= eligible;
            for (; eligible; eligible &= eligible - 1)
                takes[ctz32((unsigned)eligible)] |= 1 << value;
        }
        /* the base lines' subsets, colex: those of lines eligible for some digit alone (SE_COMBOS'
         * order, the others left out: no digit takes them) */
        int n_any = se_bits((unsigned)any);
        for (int pick = (1 << degree) - 1; pick < 1 << n_any; pick = se_next_of_size(pick)) {
            int lines = se_deposit(pick, any), digits = 0x3FE;
            for (int m = lines; m; m &= m - 1)
                digits &= takes[ctz32((unsigned)m)];
            for (; digits; digits &= digits - 1) {
                int value = ctz32((unsigned)digits), u = 0, ok = 1;
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

/* singles.py: hidden singles (1.0-1.5), direct pointing and claiming (1.7, 1.9), direct hidden
 * pairs and triples (2.0, 2.5), naked singles (2.3), pointing and claiming (2.6, 2.8); in
 * singles.py's order, each hint as singles.py makes it. */
#include "se_singles.h"

/* singles._LOCKING_PAIRS: (first unit type, second unit type) in Sudoku Explainer's order */
static const int LOCKING_PAIRS[4][2] = {{0, 2}, {0, 1}, {2, 0}, {1, 0}};

/* the number of a mask's lowest bit (a unit position), -1 for none */
static inline int lowest(int mask) { return mask ? ctz32(mask) : -1; }

/* the digits (bit v) with one place in the unit whose ten masks (index 0, unused) are ``t``:
 * the masks as 16-bit lanes of three words, each lane told apart at once. A mask has 9 bits, so
 * with a lane's top bit set, subtracting one from every lane borrows from none: the top bit
 * stays where the mask is not empty, and the rest is the mask less one (m & (m - 1): the mask
 * without its lowest bit); where that is empty too, the mask has one bit */
static int single_places(const uint16_t *t) {
    const uint64_t top = 0x8000800080008000u, one = 0x0001000100010001u;
    int out = 0;
    for (int i = 0; i < 3; i++) {
        uint64_t m = 0;
        for (int k = 0; k < 4 && 4 * i + k < 10; k++)
            m |= (uint64_t)t[4 * i + k] << 16 * k;
        uint64_t less = (m | top) - one, held = less & top;
        uint64_t rest = m & less, more = ((rest | top) - one) & top;
        /* the lanes' top bits gathered in bits 48-51 of one product (its other terms fall
         * elsewhere, each on a bit of its own: no carry) */
        uint64_t alone = (held & ~more) >> 15;
        uint64_t gathered = alone * ((uint64_t)1 << 48 | (uint64_t)1 << 33 | 1 << 18 | 1 << 3);
        out |= (int)(gathered >> 48 & 0xF) << 4 * i;
    }
    return out & 0x3FE;
}

int se_hidden_singles(SeRungs *r) {
    const SeGrid *g = r->g;
    for (int alone_only = 1; alone_only >= 0; alone_only--)
        for (int k = 0; k < 27; k++) {
            int unit = SE_BLOCKS_COLUMNS_ROWS[k];
            int alone = r->empty[unit] == 1;
            if (alone != alone_only)
                continue;
            for (int ones = single_places(g->table[unit]) & ~r->skip; ones; ones &= ones - 1) {
                int value = ctz32((unsigned)ones), pos = g->table[unit][value];
                int rating = alone ? 10 : (unit < 9 ? 12 : 15), shape[1] = {unit};
                int done = se_rung(r, SE_N_HIDDEN_SINGLE, rating, NULL, 0,
                                   SE_UNITS[unit][lowest(pos)], value, shape, 1);
                if (done)
                    return done;
            }
        }
    return 0;
}

int se_naked_singles(SeRungs *r) {
    for (int cell = 0; cell < 81; cell++) {
        int mask = r->g->cands[cell];
        if (se_bits((unsigned)mask) == 1) {
            int done = se_rung(r, SE_N_NAKED_SINGLE, 23, NULL, 0, cell, ctz32(mask),
                               NULL, 0);
            if (done)
                return done;
        }
    }
    return 0;
}

/* the positions (bits) of unit1 whose cells are in unit2: made once */
static uint16_t INSIDE[27][27];
/* TOGETHER[by_third][pos]: whether the two or more places ``pos`` of a unit all lie in one of
 * its thirds: of a block's columns (positions i % 3 alike) or, by_third, of a block's rows or a
 * line's blocks (positions i / 3 alike): then they lie in the one unit of the other type that
 * holds the first, and in no other */
static unsigned char TOGETHER[2][512];
static int inside_ready;

static void inside_init(void) {
    if (inside_ready)
        return;
    for (int u1 = 0; u1 < 27; u1++)
        for (int u2 = 0; u2 < 27; u2++)
            for (int i = 0; i < 9; i++)
                if (SE_CELL_UNITS[SE_UNITS[u1][i]][u2 / 9] == u2)
                    INSIDE[u1][u2] |= (uint16_t)(1 << i);
    for (int pos = 0; pos < 512; pos++)
        for (int third = 0; third < 3; third++) {
            int column = 0111 << third, row = 7 << 3 * third, two = se_bits((unsigned)pos) >= 2;
            TOGETHER[0][pos] |= (unsigned char)(two && !(pos & ~column));
            TOGETHER[1][pos] |= (unsigned char)(two && !(pos & ~row));
        }
    inside_ready = 1;
}

/* singles.locked_places, one (value, unit1, unit2) at a time: ``visit`` is called on each (its
 * nonzero answer stops the walk and is returned) */
typedef int (*Locked)(SeRungs *r, int value, int unit1, int unit2);

static int locked_places(SeRungs *r, Locked visit) {
    const SeGrid *g = r->g;
    inside_init();
    for (int p = 0; p < 4; p++) {
        int type1 = LOCKING_PAIRS[p][0], type2 = LOCKING_PAIRS[p][1];
        const unsigned char *together = TOGETHER[type1 || type2 == 1];
        for (int value = 1; value <= 9; value++) {
            if (r->skip >> value & 1) /* (its places as where nothing was found: none) */
                continue;
            for (int unit1 = type1 * 9; unit1 < type1 * 9 + 9; unit1++) {
                int pos = g->table[unit1][value];
                if (!together[pos])
                    continue;
                /* the one unit of type2 that holds them all: the first one's */
                int unit2 = SE_CELL_UNITS[SE_UNITS[unit1][ctz32((unsigned)pos)]][type2];
                int done = visit(r, value, unit1, unit2);
                if (done)
                    return done;
            }
        }
    }
    return 0;
}

static int in_unit(int cell, int unit) { return SE_CELL_UNITS[cell][unit / 9] == unit; }

static int direct_pointing_at(SeRungs *r, int value, int unit1, int unit2) {
    int type1 = unit1 / 9;
    for (int unit3 = type1 * 9; unit3 < type1 * 9 + 9; unit3++) {
        if (unit3 == unit1 || !INSIDE[unit3][unit2]) /* (crossing) */
            continue;
        int pos = r->g->table[unit3][value];
        if (se_bits((unsigned)pos) <= 1)
            continue;
        int rest = pos & ~INSIDE[unit3][unit2];
        if (rest && !(rest & (rest - 1))) { /* one place left, outside unit2 */
            int last = SE_UNITS[unit3][lowest(rest)], shape[2] = {unit1, unit2};
            int done = unit1 < 9 ? se_rung(r, SE_N_DIRECT_POINTING, 17, NULL, 0, last, value,
                                           shape, 2)
                                 : se_rung(r, SE_N_DIRECT_CLAIMING, 19, NULL, 0, last, value,
                                           shape, 2);
            if (done)
                return done;
        }
    }
    return 0;
}

int se_direct_pointing(SeRungs *r) { return locked_places(r, direct_pointing_at); }

static int locking_at(SeRungs *r, int value, int unit1, int unit2) {
    if (!(r->g->table[unit2][value] & ~INSIDE[unit2][unit1])) /* (nothing to remove) */
        return 0;
    int rems[18], n = 0;
    for (int i = 0; i < 9; i++) {
        int cell = SE_UNITS[unit2][i];
        if (!in_unit(cell, unit1) && r->g->cands[cell] >> value & 1) {
            rems[2 * n] = cell;
            rems[2 * n + 1] = value;
            n++;
        }
    }
    if (!n)
        return 0;
    int shape[2] = {unit1, unit2};
    return unit1 < 9 ? se_rung(r, SE_N_POINTING, 26, rems, n, -1, 0, shape, 2)
                     : se_rung(r, SE_N_CLAIMING, 28, rems, n, -1, 0, shape, 2);
}

int se_locking(SeRungs *r) { return locked_places(r, locking_at); }

int se_direct_hidden_sets(SeRungs *r, int degree) {
    const SeGrid *g = r->g;
    for (int k = 0; k < 27; k++) {
        int unit = SE_BLOCKS_COLUMNS_ROWS[k];
        if (r->skip_units >> unit & 1 || r->empty[unit] <= degree)
            continue;
        const uint16_t *table = g->table[unit];
        int eligible = se_eligible(table + 1, degree), k = se_bits((unsigned)eligible);
        /* the eligible digits' subsets, colex (SE_COMBOS' order, the others left out) */
        for (int pick = (1 << degree) - 1; pick < 1 << k; pick = se_next_of_size(pick)) {
            int values = se_deposit(pick, eligible) << 1;
            int common = se_hidden_set_cells(table, values);
            if (!common)
                continue;
            for (int value = 1; value <= 9; value++) {
                if (values >> value & 1)
                    continue;
                int pos = table[value];
                if (se_bits((unsigned)pos) <= 1)
                    continue;
                int rest = pos & ~common;
                if (se_bits((unsigned)rest) == 1) {
                    int shape[3] = {unit, common, values};
                    int done = degree == 2 ? se_rung(r, SE_N_DIRECT_HIDDEN_PAIR, 20, NULL, 0,
                                                     SE_UNITS[unit][lowest(rest)], value, shape, 3)
                                           : se_rung(r, SE_N_DIRECT_HIDDEN_TRIPLET, 25, NULL, 0,
                                                     SE_UNITS[unit][lowest(rest)], value, shape, 3);
                    if (done)
                        return done;
                    break;
                }
            }
        }
    }
    return 0;
}

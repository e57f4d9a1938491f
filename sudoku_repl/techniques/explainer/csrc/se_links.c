/* strong_links.py: chains of two strong links (skyscraper 4.0, two-string kite 4.1, turbot fish
 * 4.2, grouped 4.3) and of three (5.4 on parallel lines, 5.5 with a block, 5.6 on rows and
 * columns, 5.7 grouped), in strong_links.py's order: every chain of every digit found, then
 * sorted by rating, the most removals first among equals, stable.
 *
 * A set of cells is an SeCells (se_rungs.h), a set of units a 27-bit int (blocks 0-8, rows
 * 9-17, columns 18-26):
 *
 *   SeLink.one, .other     the link's two ends: the digit is in one or the other
 *   SeLink.places          every place of the digit in the link's unit
 *   SeLink.seen[end]       the cells that see every cell of that end (grid.seen_by_all)
 *   SeLink.hold[end]       the units that hold every cell of that end (_units_holding)
 *   Chains.idx, .dir       the chain being grown: its links and their directions (1: entered
 *                          by ``one``, left by ``other``)
 *   Chains.joins[i][e][f]  the links (bits) a chain leaving link i by its end e (0: one, 1:
 *                          other) can go on to in direction f: their entry end and that exit
 *                          share a unit (_shared_unit); the digit's, made once
 *   Chains.overlap[i]      the links (bits) whose places meet link i's: those a chain through
 *                          i cannot take (``link.places & used``)
 *   Chains.pre             the cells the chain's first end sees that hold the digit: a chain
 *                          whose excluded cells cover them removes nothing, nor does any longer
 *                          one (the excluded cells only grow), so the search leaves it; the
 *                          chains found, and their order, are the same */
#include "se_links.h"

typedef SeCells Cells;

#define ONE ((Cells)1)
#define PEERS SE_PEER_CELLS
#define UNIT_CELLS SE_UNIT_CELLS
#define CELL_UNIT_BITS SE_CELL_UNIT_BITS

typedef struct {
    int unit, grouped;
    Cells one, other, places;
    Cells seen[2]; /* [0]: one's, [1]: other's */
    int hold[2];
} SeLink;

typedef struct {
    SeLink links[64];
    int n_links;
    int count, three;
    const int *ratings; /* grouped, with a block, on parallel lines, on rows and columns */
    Cells holders;      /* the digit's candidates (Grid.value_mask) */
    int value;
    int idx[3], dir[3]; /* the chain being grown */
    uint64_t joins[64][2][2], overlap[64];
    Cells pre;
    SeFinds found;
} Chains;

/* Chains.joins and .overlap of the digit's links, from the links at each unit (an end's hold)
 * and at each cell (their places) */
static void join_links(Chains *s) {
    uint64_t at_unit[2][27], at_cell[81];
    memset(at_unit, 0, sizeof at_unit);
    memset(at_cell, 0, sizeof at_cell);
    for (int j = 0; j < s->n_links; j++) {
        const SeLink *b = &s->links[j];
        for (int e = 0; e < 2; e++)
            for (int m = b->hold[e]; m; m &= m - 1)
                at_unit[e][__builtin_ctz((unsigned)m)] |= (uint64_t)1 << j;
        for (Cells m = b->places; m;)
            at_cell[se_cells_pop(&m)] |= (uint64_t)1 << j;
    }
    for (int i = 0; i < s->n_links; i++) {
        const SeLink *a = &s->links[i];
        for (int e = 0; e < 2; e++) {
            uint64_t by_one = 0, by_other = 0; /* f 1: entered by one (hold[0]); 0: by other */
            for (int m = a->hold[e]; m; m &= m - 1) {
                by_one |= at_unit[0][__builtin_ctz((unsigned)m)];
                by_other |= at_unit[1][__builtin_ctz((unsigned)m)];
            }
            s->joins[i][e][1] = by_one;
            s->joins[i][e][0] = by_other;
        }
        uint64_t overlap = 0;
        for (Cells m = a->places; m;)
            overlap |= at_cell[se_cells_pop(&m)];
        s->overlap[i] = overlap;
    }
}

/* grid.seen_by_all and _units_holding of an end */
static void ends(SeLink *l) {
    Cells both[2] = {l->one, l->other};
    for (int e = 0; e < 2; e++) {
        Cells seen = ~(Cells)0;
        int hold = (1 << 27) - 1;
        for (Cells m = both[e]; m;) {
            int c = se_cells_pop(&m);
            seen &= PEERS[c];
            hold &= CELL_UNIT_BITS[c];
        }
        l->seen[e] = seen;
        l->hold[e] = hold;
    }
}

static void add_link(Chains *s, int unit, Cells one, Cells other, int grouped, Cells places) {
    SeLink *l = &s->links[s->n_links++];
    l->unit = unit;
    l->one = one;
    l->other = other;
    l->grouped = grouped;
    l->places = places;
    ends(l);
}

static int row_of(int c) { return c / 9; }
static int col_of(int c) { return c % 9; }

/* strong_links._line_link: a row or column whose places lie in two of its block segments */
static void line_link(Chains *s, int unit, const int *cells, int n, Cells places) {
    int low = 9, high = -1;
    for (int i = 0; i < n; i++) {
        int b = SE_CELL_UNITS[cells[i]][0];
        low = b < low ? b : low;
        high = b > high ? b : high;
    }
    Cells one = 0, other = 0;
    for (int i = 0; i < n; i++) {
        int b = SE_CELL_UNITS[cells[i]][0];
        if (b != low && b != high)
            return; /* three segments */
        if (b == low)
            one |= ONE << cells[i];
        else
            other |= ONE << cells[i];
    }
    if (low != high)
        add_link(s, unit, one, other, 1, places);
}

/* the cells (a mask) of ``cells`` whose line (row_of or col_of) is ``line`` */
static Cells on_line(const int *cells, int n, int (*of)(int), int line, int *k) {
    Cells m = 0;
    *k = 0;
    for (int i = 0; i < n; i++)
        if (of(cells[i]) == line) {
            m |= ONE << cells[i];
            ++*k;
        }
    return m;
}

/* strong_links._block_links */
static void block_links(Chains *s, int block, const int *cells, int n, Cells places) {
    int three = s->three;
    for (int h = 0; h < 9; h++) {
        int heart = SE_UNITS[block][h], row = row_of(heart), col = col_of(heart);
        int off = 0;
        for (int i = 0; i < n; i++)
            off |= row_of(cells[i]) != row && col_of(cells[i]) != col;
        if (off)
            continue;
        Cells in_col = 0, in_row = 0, with_heart = ONE << heart;
        for (int i = 0; i < n; i++) {
            if (cells[i] == heart)
                continue;
            if (col_of(cells[i]) == col)
                in_col |= ONE << cells[i];
            if (row_of(cells[i]) == row)
                in_row |= ONE << cells[i];
        }
        if (!in_col || !in_row)
            return;
        int single_col = (in_col & (in_col - 1)) == 0, single_row = (in_row & (in_row - 1)) == 0;
        if (three && single_col && single_row) {
            add_link(s, block, in_row, in_col | with_heart, 1, places);
            return;
        }
        if (single_col)
            add_link(s, block, in_col, in_row | with_heart, 1, places);
        if (single_row)
            add_link(s, block, in_row, in_col | with_heart, 1, places);
        if (!single_col && !single_row)
            add_link(s, block, in_col, in_row, 1, places);
        return;
    }
    if (!three || n < 4)
        return;
    static const int SPLITS[3][3] = {{2, 0, 1}, {1, 0, 2}, {0, 1, 2}}; /* empty, a, b */
    int first_cell = SE_UNITS[block][0];
    int (*const ofs[2])(int) = {row_of, col_of};
    for (int o = 0; o < 2; o++) {
        int (*of)(int) = ofs[o], (*other)(int) = ofs[1 - o];
        int first = of(first_cell), k;
        for (int sp = 0; sp < 3; sp++) {
            if (on_line(cells, n, of, first + SPLITS[sp][0], &k))
                continue;
            int ka, kb;
            Cells side_a = on_line(cells, n, of, first + SPLITS[sp][1], &ka);
            Cells side_b = on_line(cells, n, of, first + SPLITS[sp][2], &kb);
            if (ka < 2 || kb < 2)
                return;
            add_link(s, block, side_a, side_b, 1, places);
            int lo = 9, hi = -1;
            for (int i = 0; i < n; i++) {
                int x = other(cells[i]);
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
            }
            int two_across = lo != hi;
            for (int i = 0; i < n && two_across; i++)
                two_across = other(cells[i]) == lo || other(cells[i]) == hi;
            if (n == 4 && two_across) { /* a square of four places also splits the other way */
                int kc, kd;
                Cells side_c = on_line(cells, n, other, lo, &kc);
                Cells side_d = on_line(cells, n, other, hi, &kd);
                add_link(s, block, side_c, side_d, 1, places);
            }
            return;
        }
    }
}

/* strong_links.strong_links */
static void strong_links(Chains *s, const SeGrid *g, int value) {
    s->n_links = 0;
    for (int unit = 0; unit < 27; unit++) {
        int pos = g->table[unit][value], cells[9], n = 0;
        Cells places = 0;
        for (int i = 0; i < 9; i++)
            if (pos >> i & 1) {
                cells[n++] = SE_UNITS[unit][i];
                places |= ONE << SE_UNITS[unit][i];
            }
        if (n == 2) {
            int a = cells[0], b = cells[1];
            if (s->three && unit < 9 && (row_of(a) == row_of(b) || col_of(a) == col_of(b)))
                continue;
            add_link(s, unit, ONE << a, ONE << b, 0, places);
        } else if (unit < 9 && n > 2 && n <= 5)
            block_links(s, unit, cells, n, places);
        else if (unit >= 9 && n > 2 && n <= 6)
            line_link(s, unit, cells, n, places);
    }
}

/* strong_links._shared_unit: the column, else the row, else the block holding both ends; -1 */
static int shared_unit(int a, int b) {
    static const int KINDS[3] = {0x7FC0000, 0x3FE00, 0x1FF};
    int both = a & b;
    for (int k = 0; k < 3; k++)
        if (both & KINDS[k])
            return 31 - __builtin_clz((unsigned)(both & KINDS[k]));
    return -1;
}

/* a chain found: its rating and name (_link_chain_hints), kept (0, or -1 with MemoryError) */
static int found(Chains *s, Cells victims) {
    int grouped = 0, types = 0;
    for (int i = 0; i < s->count; i++) {
        grouped |= s->links[s->idx[i]].grouped;
        types |= 1 << s->links[s->idx[i]].unit / 9;
    }
    int rating = grouped         ? s->ratings[0]
                 : types & 1     ? s->ratings[1]
                 : types != 6    ? s->ratings[2]
                                 : s->ratings[3];
    int rems[2 * 81], n = 0;
    for (Cells m = victims; m; n++) {
        rems[2 * n] = se_cells_pop(&m);
        rems[2 * n + 1] = s->value;
    }
    int name = s->count == 3 ? SE_N_THREE_LINKS : SE_N_TURBOT + rating - 40;
    return se_finds_add(&s->found, name, rating, -n, rems, n);
}

/* strong_links._chains' extend: the chain of n links (s->idx, s->dir) grown to s->count;
 * ``used``: the links whose places meet the chain's (Chains.overlap) */
static int extend(Chains *s, int n, uint64_t used, Cells exclude) {
    const SeLink *last = &s->links[s->idx[n - 1]];
    int exit_end = s->dir[n - 1] ? 1 : 0;
    if (n == s->count) {
        Cells victims = s->pre & last->seen[exit_end] & ~exclude;
        return victims ? found(s, victims) : 0;
    }
    int exit_holding = last->hold[exit_end];
    const uint64_t *joins = s->joins[s->idx[n - 1]][exit_end];
    for (uint64_t open = (joins[0] | joins[1]) & ~used; open; open &= open - 1) {
        int i = __builtin_ctzll(open);
        const SeLink *link = &s->links[i];
        for (int forward = 1; forward >= 0; forward--) {
            if (!(joins[forward] >> i & 1))
                continue;
            int shared = shared_unit(exit_holding, link->hold[forward ? 0 : 1]);
            Cells next = exclude | UNIT_CELLS[link->unit];
            if (s->three)
                next |= UNIT_CELLS[shared];
            else if (shared == last->unit || shared == link->unit)
                continue;
            if (!(s->pre & ~next))
                continue; /* nothing left to remove */
            s->idx[n] = i;
            s->dir[n] = forward;
            if (extend(s, n + 1, used | s->overlap[i], next) < 0)
                return -1;
        }
    }
    return 0;
}

/* _link_chain_hints and its hints: ``count`` links (2: turbot fish, 3: three strong links) */
static int link_chain_hints(SeRungs *r, int count) {
    static const int TURBOT[4] = {43, 42, 40, 41}, THREE[4] = {57, 55, 54, 56};
    Chains *s = PyMem_Malloc(sizeof(Chains)); /* (each field written before it is read) */
    if (!s) {
        PyErr_NoMemory();
        return -1;
    }
    s->found = (SeFinds){0};
    s->count = count;
    s->three = count == 3;
    s->ratings = count == 3 ? THREE : TURBOT;
    int done = 0;
    for (int value = 1; value <= 9 && !done; value++) {
        s->value = value;
        s->holders = 0;
        for (int c = 0; c < 81; c++)
            if (r->g->cands[c] >> value & 1)
                s->holders |= ONE << c;
        strong_links(s, r->g, value);
        join_links(s);
        for (int i = 0; i < s->n_links && !done; i++)
            for (int forward = 1; forward >= 0 && !done; forward--) {
                s->idx[0] = i;
                s->dir[0] = forward;
                s->pre = s->holders & s->links[i].seen[forward ? 0 : 1];
                if (s->pre & ~UNIT_CELLS[s->links[i].unit])
                    done = extend(s, 1, s->overlap[i], UNIT_CELLS[s->links[i].unit]);
            }
    }
    done = done < 0 ? -1 : se_finds_emit(&s->found, r);
    se_finds_free(&s->found);
    PyMem_Free(s);
    return done;
}

int se_turbot_fish(SeRungs *r) { return link_chain_hints(r, 2); }

int se_three_strong_links(SeRungs *r) { return link_chain_hints(r, 3); }

/* What the ladder's lower rungs share (se_rungs.c). The rungs in C: techniques Sudoku Explainer tries before the chains,
 * each a copy of its Python (the reference, and the pure build's way) function for function
 * under the Python names, giving the same hints in the same order:
 *
 *   se_singles.c   singles.py   hidden singles, direct pointing and claiming, direct hidden
 *                               pairs and triples, naked singles, pointing and claiming
 *   se_subsets.c   subsets.py   naked and hidden pairs, triples, quads
 *   se_fish.c      fish.py      X-Wing, Swordfish, Jellyfish
 *   se_links.c     strong_links.py   chains of two strong links (skyscraper, kite, turbot
 *                               fish, grouped) and of three
 *   se_wings.c     wings.py     XY-Wing, XYZ-Wing, WXYZ-Wing, VWXYZ-Wing
 *   se_uniqueness.c  uniqueness.py  unique rectangles and loops, the BUG
 *   se_rungs.c                  what they share (this header): the cell sets' tables, a hint
 *                               handed back, the findings kept to be sorted
 *   se_ladder.c                 the module function se_ladder: the grid parsed, one technique
 *                               run, its hints handed back as a list
 *   se_rating.c    rating.py    the module function se_climb: rating.rate's loop over these
 *                               techniques, many steps a call
 *
 * The grid is the chain search's SeGrid (se_tables.h, parsed and checked by
 * se_parse_grid), and the geometry its tables, made once (se_tables.c):
 *
 *   SeGrid.values[81]       the value of each cell, 0 when empty
 *   SeGrid.cands[81]        the candidates of each cell: bit v for the digit v (bits 1-9)
 *   SeGrid.table[27][10]    Grid.position_table: table[u][v] has bit i when the i-th cell of
 *                           unit u has the candidate v (grid.positions(u, v))
 *   SE_UNITS[27][9]         the units' cells in reading order: blocks 0-8, rows 9-17,
 *                           columns 18-26 (grid.UNITS)
 *   SE_CELL_UNITS[81][3]    a cell's block, row and column as unit numbers (grid.CELL_UNITS)
 *   SE_CELL_POS[81][3]      a cell's position in each of them (grid.CELL_POS)
 *   SE_BLOCKS_COLUMNS_ROWS  the units in the order singles and sets visit them
 *
 *   SeCells                 a set of cells: an 81-bit mask in two 64-bit words (cells 0-63 in
 *                           lo, bit c; 64-80 in hi, bit c - 64), the Python's 81-bit ints; the
 *                           se_cells_* functions below are its operators
 *   SE_PEER_CELLS[81]       a cell's peers (grid.PEER_MASK)
 *   SE_UNIT_CELLS[27]       a unit's cells
 *   SE_CELL_UNIT_BITS[81]   a cell's block, row and column as bits of a 27-bit set of units
 *
 * A subset of 9 (digits, a unit's cells, a fish's lines) is a 9-bit mask, bit i the i-th item;
 * Sudoku Explainer's order of the subsets of a size (grid.combinations_colex) is the masks'
 * numeric order, so a loop over the masks of the right size visits them in that order.
 *
 * Each file has its header; a file includes (and calls) only those below it: se_rungs under
 * the six techniques' files, those under se_ladder, se_ladder under se_rating. */
#ifndef SUDOKU_REPL_SE_RUNGS_H
#define SUDOKU_REPL_SE_RUNGS_H

#include "se_tables.h" /* the chain search's shared part: its grid and geometry */

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

typedef struct {
    uint64_t lo, hi;
} SeCells;
extern SeCells SE_PEER_CELLS[81], SE_UNIT_CELLS[27];

/* no cell; every cell; the cell c alone; the cells after c */
static inline SeCells se_cells_none(void) {
    SeCells s = {0, 0};
    return s;
}
static inline SeCells se_cells_all(void) {
    SeCells s = {~(uint64_t)0, ((uint64_t)1 << 17) - 1};
    return s;
}
static inline SeCells se_cells_of(int c) {
    SeCells s = {c < 64 ? (uint64_t)1 << c : 0, c < 64 ? 0 : (uint64_t)1 << (c - 64)};
    return s;
}
static inline SeCells se_cells_after(int c) {
    SeCells s = {c < 63 ? ~(uint64_t)0 << (c + 1) : 0,
                 c < 63 ? ((uint64_t)1 << 17) - 1 : ~(uint64_t)0 << (c - 63) & (((uint64_t)1 << 17) - 1)};
    return s;
}
/* the cells holding both v1 and v2 (v1 == v2: the cells holding it): their rows' places laid
 * side by side (row 7 straddles the words) */
static inline SeCells se_held_cells(const SeGrid *g, int v1, int v2) {
    SeCells m = se_cells_none();
    for (int row = 0; row < 9; row++) {
        uint64_t places = (uint64_t)(g->table[9 + row][v1] & g->table[9 + row][v2]);
        int first = 9 * row;
        if (first < 64)
            m.lo |= places << first;
        if (first + 9 > 64)
            m.hi |= first < 64 ? places >> (64 - first) : places << (first - 64);
    }
    return m;
}
/* a & b, a | b, a & ~b */
static inline SeCells se_cells_and(SeCells a, SeCells b) {
    SeCells s = {a.lo & b.lo, a.hi & b.hi};
    return s;
}
static inline SeCells se_cells_or(SeCells a, SeCells b) {
    SeCells s = {a.lo | b.lo, a.hi | b.hi};
    return s;
}
static inline SeCells se_cells_minus(SeCells a, SeCells b) {
    SeCells s = {a.lo & ~b.lo, a.hi & ~b.hi};
    return s;
}
/* whether a holds any cell; the cell c; every cell of b */
static inline int se_cells_any(SeCells a) { return (a.lo | a.hi) != 0; }
static inline int se_cells_has(SeCells a, int c) {
    return (int)((c < 64 ? a.lo >> c : a.hi >> (c - 64)) & 1);
}
static inline int se_cells_within(SeCells a, SeCells b) { return !se_cells_any(se_cells_minus(a, b)); }
extern int SE_CELL_UNIT_BITS[81];
/* the bits of each mask below 1024: every mask the ladder counts is a cell's candidates (bits
 * 1-9) or a unit's places (bits 0-8) */
extern const unsigned char SE_BITS_OF[1024];
/* the bits of a mask below 1024, read from the table: the ladder counts bits at every unit
 * and digit it looks at, and one load is cheaper than a count in plain C (without -mpopcnt,
 * GCC's popcount builtin is a call into libgcc) */
static inline int se_bits(unsigned m) { return SE_BITS_OF[m]; }

/* the subsets of 9 items of each size k in Sudoku Explainer's order (colex: their masks
 * ascending), SE_COMBOS[k][0 .. SE_N_COMBOS[k]) */
extern uint16_t SE_COMBOS[10][126];
extern int SE_N_COMBOS[10];
void se_cells_init(void); /* made once, at the first call of se_ladder or se_climb */

/* the lowest cell of a nonempty set, taken out of it: ``while (m) { c = se_cells_pop(&m); }``
 * walks a set lowest cell first */
static inline int se_cells_pop(SeCells *m) {
    if (m->lo) {
        int c = ctz64(m->lo);
        m->lo &= m->lo - 1;
        return c;
    }
    int c = 64 + ctz64(m->hi);
    m->hi &= m->hi - 1;
    return c;
}

/* the items of a 9-bit mask whose count of places (positions[i], a mask) is 2 to ``most``:
 * the only ones a set of ``most`` items (naked, hidden, fish) may hold */
/* the next number above x (> 0) with as many bits set: a size's sets in colex order */
static inline int se_next_of_size(int x) {
    int low = x & -x, up = x + low;
    return (((up ^ x) >> 2) / low) | up;
}

/* SE_NTH_BIT[mask][j]: the place of the j-th lowest bit of a 9-bit mask (made by se_cells_init) */
extern unsigned char SE_NTH_BIT[512][9];

/* the bits of ``mask`` (9 bits) that ``pick`` picks (its bit j: mask's j-th lowest bit), a
 * number that grows with ``pick``: mask's subsets of a size, in colex order, from
 * se_next_of_size's. Each of pick's bits read off the table: a subset's few bits, not each of
 * mask's */
static inline int se_deposit(int pick, int mask) {
    int out = 0;
    for (; pick; pick &= pick - 1)
        out |= 1 << SE_NTH_BIT[mask][ctz32((unsigned)pick)];
    return out;
}

static inline int se_eligible(const uint16_t *positions, int most) {
    int out = 0;
    for (int i = 0; i < 9; i++) {
        int k = se_bits((unsigned)positions[i]);
        out |= (k >= 2 && k <= most) << i;
    }
    return out;
}

/* the techniques, by the numbers explainer/native_ladder.py gives them (HIDDEN_SINGLE, ...) */
enum {
    SE_HIDDEN_SINGLE,
    SE_DIRECT_POINTING,
    SE_DIRECT_HIDDEN_SET, /* degree 2, 3 */
    SE_NAKED_SINGLE,
    SE_LOCKING,
    SE_NAKED_SET,  /* degree 2-4 */
    SE_HIDDEN_SET, /* degree 2-4 */
    SE_FISH,       /* degree 2-4 */
    SE_TURBOT_FISH,
    SE_THREE_STRONG_LINKS,
    SE_XY_WING,  /* degree: the pivot's candidates, 2 (XY) or 3 (XYZ) */
    SE_ALS_WING, /* degree: the set's cells, 3 (WXYZ) or 4 (VWXYZ) */
    SE_UNIQUE_LOOPS,
    SE_BUG,
    SE_TECHNIQUES
};

/* the hints' names, by the numbers explainer/native_ladder.py gives them (RUNG_NAMES) */
enum {
    SE_N_HIDDEN_SINGLE,
    SE_N_DIRECT_POINTING,
    SE_N_DIRECT_CLAIMING,
    SE_N_DIRECT_HIDDEN_PAIR,
    SE_N_DIRECT_HIDDEN_TRIPLET,
    SE_N_NAKED_SINGLE,
    SE_N_POINTING,
    SE_N_CLAIMING,
    SE_N_NAKED_SET,      /* + degree - 2: pair, triplet, quad */
    SE_N_HIDDEN_SET = 11, /* + degree - 2 */
    SE_N_FISH = 14,      /* + degree - 2: X-Wing, Swordfish, Jellyfish */
    SE_N_TURBOT = 17,    /* + rating - 40: skyscraper, 2-string kite, turbot fish, grouped */
    SE_N_THREE_LINKS = 21,
    SE_N_XY_WING = 22, /* XY-Wing, XYZ-Wing */
    SE_N_ALS_WING = 24, /* + size - 3: WXYZ-Wing, VWXYZ-Wing */
    SE_N_UNIQUE = 26,   /* + type - 1: Unique Rectangle type 1 to 4 */
    SE_N_BUG = 30,      /* + type - 1: BUG type 1 to 4 */
};

/* Where a technique's hints go: each is made into a Python tuple (name number, rating,
 * removals as ((cell, value), ...), placement as (cell, value) or None, shape) and appended to
 * ``list`` as it is found, until ``limit`` hints (0: every one).
 *
 * A hint's shape is what serate's description of it names beyond its removals and placement
 * (tools/serate_steps.py formats it), a tuple of ints laid out by the hint's name:
 *
 *   Hidden Single                     (unit)
 *   Naked Single                      ()
 *   Direct Pointing, Direct Claiming  (unit1, unit2): the value's places in unit1 lie in unit2
 *   Pointing, Claiming                (unit1, unit2), as for the direct ones
 *   Direct Hidden Pair, Triplet       (unit, the set's places in it: a 9-bit mask, its digits:
 *   Naked and Hidden sets              a mask of bits 1-9)
 *   X-Wing, Swordfish, Jellyfish      (digit, the base lines' type: 1 rows, 2 columns, the base
 *                                      lines: a 9-bit mask, the cover lines: a 9-bit mask)
 *   Skyscraper .. Grouped Turbot Fish (base unit, cover unit, base grouped, cover grouped, the
 *                                      cells its hint names: start, bridge 1, bridge 2, end)
 *   3 Strong Links                    (the links' unit types in the chain's order (3), how many
 *                                      are grouped, the cells its hint names: start, each weak
 *                                      link's two bridges (4), end)
 *   XY-Wing, XYZ-Wing                 (pivot, wing xz, wing yz, z)
 *   WXYZ-Wing, VWXYZ-Wing             (doubly linked, the most candidates of a cell of the set,
 *                                      the set's candidates added up, the set's cells..., the
 *                                      bivalue cell)
 *   Unique Rectangle type 1-4         (v1, v2, the loop's cells...)
 *   BUG type 1-4                      (the digits it names: a mask, the BUG cells...) */

/* On se_below's path the candidates only go (a batch drops some, none comes back), so a
 * digit's, a unit's or a cell's candidates are those seen after batch k exactly when no later
 * batch dropped one of them: the batch that last did so is kept here, and a memo of what a
 * technique found nothing in keeps k alone, not the candidates (SeRungs.stamps: se_ladder.h's
 * SeNothing, SeLoopsMemo below; without it, the places are kept and compared) */
typedef struct SeStamps {
    unsigned batch;                          /* the batches begun so far */
    unsigned digit[10], unit[27], cell[81]; /* the last batch that dropped a candidate of each */
} SeStamps;

/* What unique loops (se_uniqueness.c) found nothing in on se_below's path (SeRungs.stamps), by
 * the two digits its loops hold (pair[10 * v1 + v2]): the batch it was last walked after, the
 * cells that held both digits then, and the units its loops' two extra cells shared (types 3
 * and 4 read their other cells). The candidates only go on that path, so a later grid where none of those cells
 * and units has changed walks the same loops, each with the same cells' candidates and the
 * same units, and with fewer victims of a type 2: nothing again, and the pair is left out */
typedef struct {
    int known;
    unsigned kept_at;
    int units; /* bit u */
    SeCells holders;
} SeLoopPair;

typedef struct SeLoopsMemo {
    SeLoopPair pair[100];
} SeLoopsMemo;

typedef struct {
    const SeGrid *g;
    int empty[27]; /* Grid.empty_count of each unit */
    PyObject *list;
    int limit;
    /* the digits (bit v) a technique of one digit at a time (fish, turbot fish, three strong
     * links: its findings of v read v's places alone) leaves out, known to give nothing there
     * (se_rating.c's memo); 0: none */
    int skip;
    /* the units (bit u) a technique of one unit at a time (naked, hidden and direct hidden
     * sets: its findings in u read u's places and empty cells alone) leaves out, the same way */
    int skip_units;
    /* ``since``: the technique (XY- and ALS wings: a finding reads its own cells' candidates,
     * and its victims' only to remove them) found nothing on an earlier grid of the path, and
     * ``changed`` holds the cells whose candidates have changed since; a finding none of whose
     * own cells changed had as many victims or more there, none: only the others are looked at */
    int since;
    SeCells changed;
    /* where the hints go in place of ``list`` when set (se_below's batches, which only apply
     * them): each hint as its rating, placement (cell, value; -1, 0 for none), its removals'
     * count, then the removals as cell, value pairs, in ``data[0 .. n)`` */
    struct SeSink *sink;
    /* where the grid's candidates last changed (se_below's batches: SeStamps), or NULL; with
     * them, what unique loops found nothing in (SeLoopsMemo), or NULL */
    const struct SeStamps *stamps;
    struct SeLoopsMemo *loops;
} SeRungs;

typedef struct SeSink {
    int *data;
    int n, cap;
    int hints;
} SeSink;

/* the hints handed so far (to the list, or the sink) */
static inline Py_ssize_t se_rungs_found(const SeRungs *r) {
    return r->sink ? r->sink->hints : LIST_SIZE(r->list);
}

/* a hint to the list (or the sink), its shape ``shape[0 .. n_shape)``: 0, 1 once the limit is
 * reached (the search stops), -1 on an error */
int se_rung(SeRungs *r, int name, int rating, const int *rems, int n_rems, int cell, int value,
            const int *shape, int n_shape);

/* Findings kept to be sorted before they are handed back (the techniques that sort theirs:
 * strong links, wings, uniqueness): each its name, rating and sort key (the Python's further
 * keys: minus its removals' count, then serate's suffix for the wings and chains of strong
 * links, or its type), its removals in one shared buffer of cell, value pairs
 * (rems[2 * item.rems ..]), its shape in another (shapes[item.shape ..]), and the order it was
 * found in (the sort is stable; a search that finds them in another order than the Python's
 * writes the Python's there, se_links.c). */
typedef struct {
    int name, rating, key, n, rems, order, shape, n_shape;
} SeFind;

typedef struct {
    SeFind *items;
    int n, cap;
    int *rems;
    int n_rems, cap_rems;
    int *shapes;
    int n_shapes, cap_shapes;
} SeFinds;

/* a finding kept (0, or -1 with MemoryError) */
int se_finds_add(SeFinds *f, int name, int rating, int key, const int *rems, int n_rems,
                 const int *shape, int n_shape);
/* the findings sorted by rating, then key, then as found, handed to r as se_rung does (0, 1 at
 * the limit, -1); f's buffers are freed */
int se_finds_emit(SeFinds *f, SeRungs *r);
void se_finds_free(SeFinds *f);

/* singles.hidden_set_cells: the positions (a mask) of a hidden set of the digits ``values`` (a
 * mask) in a unit whose places for each digit are positions[digit], or 0 */
static inline int se_hidden_set_cells(const uint16_t *positions, int values) {
    int u = 0;
    for (int v = 1; v <= 9; v++) {
        if (!(values >> v & 1))
            continue;
        if (se_bits((unsigned)positions[v]) <= 1)
            return 0;
        u |= positions[v];
    }
    return se_bits((unsigned)u) == se_bits((unsigned)values) ? u : 0;
}

/* r->empty counted from r->g */
void se_rungs_count_empty(SeRungs *r);

/* the candidate (cell, value) off the grid, and off its units' places (SeGrid.table, kept as
 * se_table_fill makes it); se_stamped_drop: on se_below's path, the batch it happens in
 * stamped on the candidate's cell, digit and units */
static inline void se_grid_drop(SeGrid *g, int cell, int value) {
    if (!(g->cands[cell] >> value & 1))
        return;
    g->cands[cell] &= (uint16_t) ~(1 << value);
    for (int t = 0; t < 3; t++)
        g->table[SE_CELL_UNITS[cell][t]][value] &= (uint16_t) ~(1 << SE_CELL_POS[cell][t]);
}

static inline void se_stamped_drop(SeGrid *g, SeStamps *st, int cell, int value) {
    if (!(g->cands[cell] >> value & 1))
        return;
    se_grid_drop(g, cell, value);
    st->cell[cell] = st->batch;
    st->digit[value] = st->batch;
    for (int t = 0; t < 3; t++)
        st->unit[SE_CELL_UNITS[cell][t]] = st->batch;
}

/* the value placed, as Hint.apply places it (the cell's candidates and its peers' of the value
 * dropped), on se_below's path: stamped, and the units' empty counts ``empty`` (SeRungs.empty)
 * kept. Only the candidates held are visited: the cell's own mask, and in each of its units the
 * places the table gives the value (the cell's own already dropped; a peer in two of its units
 * is met twice, and se_stamped_drop leaves it alone the second time) */
static inline void se_stamped_place(SeGrid *g, SeStamps *st, int *empty, int cell, int value) {
    for (int t = 0; t < 3; t++) { /* (its units' empty cells: one fewer, once) */
        st->unit[SE_CELL_UNITS[cell][t]] = st->batch;
        empty[SE_CELL_UNITS[cell][t]] -= !g->values[cell];
    }
    g->values[cell] = (unsigned char)value;
    for (unsigned m = g->cands[cell]; m; m &= m - 1)
        se_stamped_drop(g, st, cell, ctz32(m));
    for (int t = 0; t < 3; t++) {
        int unit = SE_CELL_UNITS[cell][t];
        for (unsigned m = g->table[unit][value]; m; m &= m - 1)
            se_stamped_drop(g, st, SE_UNITS[unit][ctz32(m)], value);
    }
}

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

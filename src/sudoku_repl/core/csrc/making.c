/* The puzzle makers (core/making.py is their reference, and says what each does): each draws
 * from the same splitmix64 stream, in the same order, as its Python, so that the same seed
 * makes the same puzzles on both builds. A function that draws takes the stream's state and
 * hands the new one back. The uniqueness tests are the counter's (counting.c). */
#include "making.h"

#include "counting.h"
#include "unavoidable.h"

/* -- the stream: splitmix64, and Lemire's unbiased below(n) ------------------------------- */

static uint64_t next_u64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t below(uint64_t *state, uint64_t n) {
    uint64_t x = next_u64(state), low = x * n;
    if (low < n) {
        uint64_t floor = (0 - n) % n;
        while (low < floor) {
            x = next_u64(state);
            low = x * n;
        }
    }
    return mul_high64(x, n);
}

/* -- a random completion ---------------------------------------------------------------- */

/* A filling: its cells, the values each unit holds, and, as bitboards of the 81 cells (cell c
 * is bit c & 63 of word c >> 6), where each value may still go (an empty cell whose row, column
 * and box lack it) and the empty cells. The bitboards let fill count every empty cell's values
 * at once, bit-sliced: read from each cell's units, the counts cost 81 cells' reads at each of
 * the 81 levels of a fill. */
typedef struct {
    unsigned char cells[81];
    unsigned rows[9], cols[9], boxes[9]; /* the values each holds, a bit a value */
    uint64_t open[9][2];                 /* value v + 1 may go in these cells */
    uint64_t empty[2];
} Filling;

/* a cell's box (a table: the two divisions and a remainder cost more, read thousands of times
 * a start by forced and the givens' masks) */
static const unsigned char BOX_OF[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8};

static inline int box_of(int i) { return BOX_OF[i]; }

static uint64_t PEERS[81][2]; /* a cell's row, column and box, itself in */
static int peers_made;

static void make_peers(void) {
    for (int c = 0; c < 81; c++)
        for (int e = 0; e < 81; e++)
            if (e / 9 == c / 9 || e % 9 == c % 9 || box_of(e) == box_of(c))
                PEERS[c][e >> 6] |= 1ULL << (e & 63);
    peers_made = 1;
}

/* value (1-9) in cell: every unit mask and bitboard follows */
static void filled(Filling *f, int cell, int value) {
    unsigned b = 1u << (value - 1);
    f->cells[cell] = (unsigned char)value;
    f->rows[cell / 9] |= b, f->cols[cell % 9] |= b, f->boxes[box_of(cell)] |= b;
    uint64_t bit[2] = {0, 0};
    bit[cell >> 6] = 1ULL << (cell & 63);
    for (int v = 0; v < 9; v++)
        for (int w = 0; w < 2; w++)
            f->open[v][w] &= ~bit[w];
    for (int w = 0; w < 2; w++) {
        f->open[value - 1][w] &= ~PEERS[cell][w];
        f->empty[w] &= ~bit[w];
    }
}

/* the filling's unit masks and bitboards from its cells (0: two givens clash) */
static int start_filling(Filling *f, const unsigned char *cells) {
    if (!peers_made)
        make_peers();
    memset(f, 0, sizeof *f);
    for (int v = 0; v < 9; v++)
        f->open[v][0] = ~0ULL, f->open[v][1] = (1ULL << 17) - 1;
    f->empty[0] = ~0ULL, f->empty[1] = (1ULL << 17) - 1;
    for (int i = 0; i < 81; i++)
        if (cells[i]) {
            unsigned b = 1u << (cells[i] - 1);
            if ((f->rows[i / 9] | f->cols[i % 9] | f->boxes[box_of(i)]) & b)
                return 0;
            filled(f, i, cells[i]);
        }
    return 1;
}

/* three bit planes added: *carry the twos, the ones returned */
static inline uint64_t added(uint64_t a, uint64_t b, uint64_t c, uint64_t *carry) {
    uint64_t u = a ^ b;
    *carry = (a & b) | (u & c);
    return u ^ c;
}

/* making._completion_pure's fill: the first empty cell with the fewest values, its values in
 * a random order (1: filled). Each empty cell's count of values (0 to 9) is summed in four bit
 * planes over the nine bitboards by a tree of adders; the cells of the least count are read
 * off the planes from the highest (those without the plane's bit, while any are), and the
 * first of them is the cell the scan in cell order takes. */
static int fill(Filling *f, uint64_t *state) {
    if (!(f->empty[0] | f->empty[1]))
        return 1;
    uint64_t s[4][2], least[2];
    for (int w = 0; w < 2; w++) {
        uint64_t(*o)[2] = f->open, ca, cb, cc, cd, ce;
        uint64_t sa = added(o[0][w], o[1][w], o[2][w], &ca),
                 sb = added(o[3][w], o[4][w], o[5][w], &cb),
                 sc = added(o[6][w], o[7][w], o[8][w], &cc);
        s[0][w] = added(sa, sb, sc, &cd);
        uint64_t se = added(ca, cb, cc, &ce); /* (the twos: ca cb cc cd) */
        s[1][w] = se ^ cd;
        uint64_t fours = se & cd;
        s[2][w] = ce ^ fours;
        s[3][w] = ce & fours;
        least[w] = f->empty[w];
    }
    int least_count = 0;
    for (int k = 3; k >= 0; k--) {
        uint64_t without[2] = {least[0] & ~s[k][0], least[1] & ~s[k][1]};
        if (without[0] | without[1])
            least[0] = without[0], least[1] = without[1];
        else
            least_count |= 1 << k;
    }
    if (!least_count)
        return 0; /* (an empty cell no value can take) */
    int best = least[0] ? ctz64(least[0]) : 64 + ctz64(least[1]);
    int r = best / 9, c = best % 9, x = box_of(best);
    unsigned mask = FULL & ~(f->rows[r] | f->cols[c] | f->boxes[x]);
    Filling before = *f;
    while (mask) {
        int left = popcount32(mask);
        uint64_t k = left > 1 ? below(state, (uint64_t)left) : 0;
        unsigned b = mask;
        for (uint64_t j = 0; j < k; j++)
            b &= b - 1;
        b &= -b;
        mask ^= b;
        filled(f, best, ctz32(b) + 1);
        if (fill(f, state))
            return 1;
        *f = before;
    }
    return 0;
}

/* a random solution of cells into out (0: none) */
static int complete(const unsigned char *cells, unsigned char *out, uint64_t *state) {
    Filling f;
    if (!start_filling(&f, cells) || !fill(&f, state))
        return 0;
    memcpy(out, f.cells, 81);
    return 1;
}

/* -- minimal puzzles ---------------------------------------------------------------------- */

/* the orbits of a symmetry from each cell's orbit number: their cells, by number */
typedef struct {
    int count;             /* the orbits: numbers 0..count-1 */
    int size[81];          /* each orbit's cells */
    unsigned char cell[81][8];
} Orbits;

static void make_orbits(Orbits *o, const unsigned char *orbit_of) {
    o->count = 0;
    memset(o->size, 0, sizeof o->size);
    for (int c = 0; c < 81; c++) {
        int k = orbit_of[c];
        if (o->size[k] < 8)
            o->cell[k][o->size[k]++] = (unsigned char)c;
        if (k + 1 > o->count)
            o->count = k + 1;
    }
}

/* making._is_minimal_pure: one solution, and no orbit's givens can go */
static int minimal(const unsigned char *values, const Orbits *o) {
    if (count_grid(values, 2) != 1)
        return 0;
    unsigned char puzzle[81];
    memcpy(puzzle, values, 81);
    for (int k = 0; k < o->count; k++) {
        int given = 0;
        for (int j = 0; j < o->size[k]; j++)
            if (puzzle[o->cell[k][j]]) {
                puzzle[o->cell[k][j]] = 0;
                given = 1;
            }
        if (!given)
            continue;
        int64_t found = count_grid(puzzle, 2);
        for (int j = 0; j < o->size[k]; j++)
            puzzle[o->cell[k][j]] = values[o->cell[k][j]];
        if (found == 1)
            return 0;
    }
    return 1;
}

/* A puzzle's givens as the minimal puzzle's loop reads them, kept as it takes givens away and
 * puts them back: the values each row, column and box holds (a bit a value), the cells that
 * hold one (cell >> 6, 1 << (cell & 63)), and the givens as the counter reads them, with the
 * board they make (its searches start there). */
typedef struct {
    unsigned rows[9], cols[9], boxes[9];
    uint64_t cells[2];
    Givens givens;
} Held;

/* value in cell (0: out, 1: in): the units' values and the cells, not the givens' board */
static void held_units(Held *h, int cell, int value, int in) {
    unsigned b = 1u << (value - 1);
    uint64_t bit = 1ULL << (cell & 63);
    if (in) {
        h->rows[cell / 9] |= b, h->cols[cell % 9] |= b, h->boxes[box_of(cell)] |= b;
        h->cells[cell >> 6] |= bit;
    } else {
        h->rows[cell / 9] &= ~b, h->cols[cell % 9] &= ~b, h->boxes[box_of(cell)] &= ~b;
        h->cells[cell >> 6] &= ~bit;
    }
}

/* value in cell (0: out, 1: in) */
static void held_set(Held *h, int cell, int value, int in) {
    held_units(h, cell, value, in);
    givens_set(&h->givens, cell, value, in,
               FULL & ~(h->rows[cell / 9] | h->cols[cell % 9] | h->boxes[box_of(cell)]));
}

static void held_of(Held *h, const unsigned char *puzzle) {
    memset(h, 0, sizeof *h);
    for (int i = 0; i < 81; i++)
        if (puzzle[i]) {
            unsigned b = 1u << (puzzle[i] - 1);
            h->rows[i / 9] |= b, h->cols[i % 9] |= b, h->boxes[box_of(i)] |= b;
            h->cells[i >> 6] |= 1ULL << (i & 63);
        }
    givens_of(&h->givens, puzzle);
}

/* whether the puzzle's givens (``h``, cell's taken out) alone place value in cell (empty): its
 * peers hold every other value (a naked single), or every other cell of one of its units is a
 * given or sees a given of value (a hidden single: the givens' board has no open place of value
 * there but the cell). Then no solution has another value there: the search that
 * solvable_without would run, most often on a puzzle still full of givens, is not needed. */
static int forced(const Held *h, int cell, int value) {
    int c = cell % 9, b = cell / 27, i = cell % 27, d = value - 1;
    if ((h->rows[cell / 9] | h->cols[c] | h->boxes[box_of(cell)] | 1u << d) == FULL)
        return 1;
    const Givens *g = &h->givens;
    uint32_t column = 0x40201u << c, open[3]; /* (column c's cells in a band: c, c+9, c+18) */
    for (int band = 0; band < 3; band++)
        open[band] = g->places[band][d] & ~g->solved[band];
    open[b] &= ~(1u << i);
    return !(open[b] & 0x1FFu << (9 * (i / 9))) || !(open[b] & 0x1C0E07u << (3 * (c / 3))) ||
           !((open[0] | open[1] | open[2]) & column);
}

/* -- reading the arguments ------------------------------------------------------------------ */

/* a grid's 81 values 0-9, or NULL with ValueError */
static const unsigned char *grid_arg(PyObject *bytes, const char *what) {
    if (!PyBytes_Check(bytes) || BYTES_SIZE(bytes) != 81) {
        PyErr_Format(PyExc_ValueError, "%s: 81 bytes", what);
        return NULL;
    }
    const unsigned char *cells = (const unsigned char *)BYTES_DATA(bytes);
    for (int c = 0; c < 81; c++)
        if (cells[c] > 9) {
            PyErr_Format(PyExc_ValueError, "%s: values 0 (empty) to 9", what);
            return NULL;
        }
    return cells;
}

/* a symmetry's orbit numbers, 81 of them below 81, into o (0 with ValueError) */
static int orbits_arg(PyObject *bytes, Orbits *o) {
    if (!PyBytes_Check(bytes) || BYTES_SIZE(bytes) != 81) {
        PyErr_SetString(PyExc_ValueError, "orbit_of: 81 bytes");
        return 0;
    }
    const unsigned char *of = (const unsigned char *)BYTES_DATA(bytes);
    int size[81] = {0};
    for (int c = 0; c < 81; c++)
        if (of[c] >= 81 || ++size[of[c]] > 8) {
            PyErr_SetString(PyExc_ValueError, "orbit_of: orbits 0-80 of at most 8 cells");
            return 0;
        }
    make_orbits(o, of);
    return 1;
}

/* a state: a whole number 0 to 2^64-1 (0 with an exception) */
static int state_arg(PyObject *number, uint64_t *state) {
    *state = PyLong_AsUnsignedLongLong(number);
    return !(*state == (uint64_t)-1 && PyErr_Occurred());
}

/* (bytes or None, state) */
static PyObject *with_state(PyObject *made, uint64_t state) {
    if (!made)
        return NULL;
    PyObject *s = PyLong_FromUnsignedLongLong(state);
    if (!s) {
        Py_DECREF(made);
        return NULL;
    }
    PyObject *pair = PyTuple_Pack(2, made, s);
    Py_DECREF(made);
    Py_DECREF(s);
    return pair;
}

/* -- the module's functions ----------------------------------------------------------------- */

/* random_completion(grid, state) -> (bytes or None, state) */
PyObject *random_completion(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *values, *number;
    uint64_t state;
    const unsigned char *cells;
    if (!PyArg_ParseTuple(args, "OO", &values, &number) || !(cells = grid_arg(values, "grid")) ||
        !state_arg(number, &state))
        return NULL;
    unsigned char out[81];
    if (!complete(cells, out, &state))
        return with_state(Py_NewRef(Py_None), state);
    return with_state(PyBytes_FromStringAndSize((const char *)out, 81), state);
}

/* an orbit's digit: its first given's value (0: it has none) */
static int orbit_digit(const Orbits *o, const unsigned char *cells, int k) {
    for (int j = 0; j < o->size[k]; j++)
        if (cells[o->cell[k][j]])
            return cells[o->cell[k][j]];
    return 0;
}

/* minimal_puzzle(grid with one solution, state, orbit_of, by_digit) -> (bytes, state) */
PyObject *minimal_puzzle(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *values, *number, *orbit_bytes;
    int by_digit = 0;
    uint64_t state;
    const unsigned char *cells;
    Orbits o;
    if (!PyArg_ParseTuple(args, "OOO|p", &values, &number, &orbit_bytes, &by_digit) ||
        !(cells = grid_arg(values, "grid")) || !state_arg(number, &state) ||
        !orbits_arg(orbit_bytes, &o))
        return NULL;
    int order[81];
    for (int k = 0; k < o.count; k++)
        order[k] = k;
    for (int i = o.count - 1; i > 0; i--) { /* Fisher-Yates, from the end */
        int j = (int)below(&state, (uint64_t)(i + 1)), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int count = o.count;
    if (by_digit) { /* the digits in a random order, each digit's orbits in the order above */
        int digits[9], sorted[81], m = 0;
        for (int d = 0; d < 9; d++)
            digits[d] = d + 1;
        for (int i = 8; i > 0; i--) {
            int j = (int)below(&state, (uint64_t)(i + 1)), t = digits[i];
            digits[i] = digits[j];
            digits[j] = t;
        }
        for (int r = 0; r < 9; r++)
            for (int n = 0; n < o.count; n++)
                if (orbit_digit(&o, cells, order[n]) == digits[r])
                    sorted[m++] = order[n];
        memcpy(order, sorted, sizeof(int) * (size_t)m);
        count = m; /* (an orbit without a given has nothing to take away) */
    }
    unsigned char puzzle[81];
    memcpy(puzzle, cells, 81);
    SwapSets *swaps = PyMem_Malloc(sizeof(SwapSets));
    if (!swaps)
        return PyErr_NoMemory();
    int swapping = swap_sets(cells, swaps);
    Held h;
    held_of(&h, puzzle);
    for (int n = 0; n < count; n++) {
        int k = order[n], given = 0, c = o.cell[k][0], unique;
        /* (a lone given's value's places as they are: put back as they were, if it stays) */
        GivensKept kept = givens_kept(&h.givens, cells[c] ? cells[c] : 1);
        for (int j = 0; j < o.size[k]; j++)
            if (puzzle[o.cell[k][j]]) {
                held_set(&h, o.cell[k][j], puzzle[o.cell[k][j]], 0);
                puzzle[o.cell[k][j]] = 0;
                given = 1;
            }
        if (!given)
            continue;
        if (o.size[k] != 1)
            unique = count_grid(puzzle, 2) == 1;
        else if (forced(&h, c, cells[c]))
            unique = 1;
        else
            unique = !(swapping && empties_a_swap_set(swaps, cells, h.cells, c)) &&
                     !solvable_without(&h.givens, c, cells[c], cells);
        if (unique)
            continue;
        if (o.size[k] == 1) {
            puzzle[c] = cells[c];
            held_units(&h, c, cells[c], 1);
            givens_put_back(&h.givens, c, cells[c], &kept);
        } else
            for (int j = 0; j < o.size[k]; j++) {
                int e = o.cell[k][j];
                puzzle[e] = cells[e];
                if (cells[e])
                    held_set(&h, e, cells[e], 1);
            }
    }
    PyMem_Free(swaps);
    return with_state(PyBytes_FromStringAndSize((const char *)puzzle, 81), state);
}

/* is_minimal(grid, orbit_of) -> bool */
PyObject *is_minimal(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *values, *orbit_bytes;
    const unsigned char *cells;
    Orbits o;
    if (!PyArg_ParseTuple(args, "OO", &values, &orbit_bytes) || !(cells = grid_arg(values, "grid")) ||
        !orbits_arg(orbit_bytes, &o))
        return NULL;
    return PyBool_FromLong(minimal(cells, &o));
}

/* k of n cells drawn one by one into pool[0..k) (making._drawn: a partial Fisher-Yates) */
static void drawn(unsigned char *pool, const unsigned char *cells, int n, int k, uint64_t *state) {
    memcpy(pool, cells, (size_t)n);
    for (int i = 0; i < k; i++) {
        int j = i + (int)below(state, (uint64_t)(n - i));
        unsigned char t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
}

/* neighbours(grid, state, minus, plus, tries) -> ([bytes], state) */
PyObject *neighbours(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *values, *number;
    int minus, plus;
    long long tries;
    uint64_t state;
    const unsigned char *cells;
    if (!PyArg_ParseTuple(args, "OOiiL", &values, &number, &minus, &plus, &tries) ||
        !(cells = grid_arg(values, "grid")) || !state_arg(number, &state))
        return NULL;
    unsigned char givens[81], empty[81];
    int n_givens = 0, n_empty = 0;
    for (int c = 0; c < 81; c++) {
        if (cells[c])
            givens[n_givens++] = (unsigned char)c;
        else
            empty[n_empty++] = (unsigned char)c;
    }
    if (minus < 0 || minus > n_givens || plus < 0 || plus > n_empty || minus + plus == 0 ||
        tries < 0) {
        PyErr_SetString(PyExc_ValueError, "neighbours: 0 <= minus <= givens, 0 <= plus <= "
                                          "empty cells, not both 0; tries >= 0");
        return NULL;
    }
    Orbits cells_alone;
    unsigned char alone[81];
    for (int c = 0; c < 81; c++)
        alone[c] = (unsigned char)c;
    make_orbits(&cells_alone, alone);
    PyObject *found = PyList_New(0);
    if (!found)
        return NULL;
    for (long long t = 0; t < tries; t++) {
        unsigned char puzzle[81], completed[81], pool[81];
        memcpy(puzzle, cells, 81);
        drawn(pool, givens, n_givens, minus, &state);
        for (int i = 0; i < minus; i++)
            puzzle[pool[i]] = 0;
        if (!complete(puzzle, completed, &state))
            continue;
        drawn(pool, empty, n_empty, plus, &state);
        for (int i = 0; i < plus; i++)
            puzzle[pool[i]] = completed[pool[i]];
        if (!memcmp(puzzle, cells, 81))
            continue;
        int seen = 0;
        for (Py_ssize_t k = 0; k < LIST_SIZE(found) && !seen; k++)
            seen = !memcmp(BYTES_DATA(LIST_ITEM(found, k)), puzzle, 81);
        if (seen || !minimal(puzzle, &cells_alone))
            continue;
        PyObject *made = PyBytes_FromStringAndSize((const char *)puzzle, 81);
        if (!made || PyList_Append(found, made) < 0) {
            Py_XDECREF(made);
            Py_DECREF(found);
            return NULL;
        }
        Py_DECREF(made);
    }
    return with_state(found, state);
}

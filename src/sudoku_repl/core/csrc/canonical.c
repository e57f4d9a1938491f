/* A puzzle's canonical form (core/canonical.py says what it is and is its reference): row by
 * row, every arrangement that gives the least rows so far kept, the same way.
 *
 * A kept arrangement (Kept): transposed or not, its columns' order (one of the 1,296), the rows
 * it has taken (a bit a row) and its digits' labels (old digit -> new, 0: none yet). Two with
 * the same four give the same rows after, and one is kept: the list is sorted and made unique
 * after each row. */
#include "canonical.h"

#include "objects.h"

#define ORDERS 1296 /* the columns' arrangements: 6 stack orders * 6^3 orders within them */

typedef struct {
    unsigned char labels[10]; /* old digit -> new (0: not met yet) */
    unsigned char transposed;
    unsigned char next; /* the next new label */
    uint16_t order;     /* its columns' order: ORDER[order] */
    uint16_t taken;     /* the rows taken, a bit a row */
} Kept;

static unsigned char ORDER[ORDERS][9]; /* column k of the result is column ORDER[o][k] */
static const int P[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
/* a stack's givens (bit k: its column k holds one) as its columns are read in the order P[p],
 * the first read the highest bit: a lesser number is a lesser row (an empty cell sorts first) */
static unsigned char STACK_READ[6][8];
static int orders_made;

static void make_orders(void) {
    int o = 0;
    for (int s = 0; s < 6; s++)
        for (int a = 0; a < 6; a++)
            for (int b = 0; b < 6; b++)
                for (int c = 0; c < 6; c++, o++) {
                    const int *inner[3] = {P[a], P[b], P[c]};
                    for (int j = 0; j < 3; j++)
                        for (int k = 0; k < 3; k++)
                            ORDER[o][3 * j + k] = (unsigned char)(3 * P[s][j] + inner[j][k]);
                }
    for (int p = 0; p < 6; p++)
        for (unsigned bits = 0; bits < 8; bits++) {
            unsigned read = 0;
            for (int k = 0; k < 3; k++)
                read |= (bits >> P[p][k] & 1) << (2 - k);
            STACK_READ[p][bits] = (unsigned char)read;
        }
    orders_made = 1;
}

/* the rows that may come next after taken: the band being filled's others, or else the rows
 * of the bands not touched (canonical._allowed_rows) */
static int allowed_rows(unsigned taken, int *rows) {
    int n = 0;
    for (int band = 0; band < 3; band++) {
        unsigned held = taken >> (3 * band) & 7;
        if (held && held != 7) {
            for (int r = 0; r < 3; r++)
                if (!(held >> r & 1))
                    rows[n++] = 3 * band + r;
            return n;
        }
    }
    for (int r = 0; r < 9; r++)
        if (!(taken >> (3 * (r / 3)) & 7))
            rows[n++] = r;
    return n;
}

static int compare_kept(const void *a, const void *b) {
    const Kept *x = a, *y = b;
    if (x->transposed != y->transposed)
        return x->transposed - y->transposed;
    if (x->order != y->order)
        return x->order - y->order;
    if (x->taken != y->taken)
        return x->taken - y->taken;
    return memcmp(x->labels, y->labels, sizeof x->labels);
}

/* a growing list of Kept (0 when memory ran out) */
typedef struct {
    Kept *items;
    size_t count, room;
} List;

static int push(List *list, const Kept *k) {
    if (list->count == list->room) {
        size_t room = list->room ? 2 * list->room : 4096;
        Kept *items = PyMem_Realloc(list->items, room * sizeof(Kept));
        if (!items)
            return 0;
        list->items = items;
        list->room = room;
    }
    list->items[list->count++] = *k;
    return 1;
}

/* the arrangements kept for the next row: sorted, each once */
static void made_unique(List *list) {
    qsort(list->items, list->count, sizeof(Kept), compare_kept);
    size_t unique = 0;
    for (size_t n = 0; n < list->count; n++)
        if (!unique || compare_kept(&list->items[unique - 1], &list->items[n]))
            list->items[unique++] = list->items[n];
    list->count = unique;
}

/* The first row (out[0..8]) and every arrangement that gives it, into first; 0 when memory ran
 * out. A row's digits differ, so the first row's labels are 1, 2, ... in the order read: it is
 * told by which cells are empty (a 9-bit pattern, a given a set bit, the first column read the
 * highest) and the least is the least pattern. A row's least pattern reads its stacks with the
 * fewest givens first, each stack's givens last; the arrangements that give the least of them
 * all are found by stack, each stack's read bits compared in turn, not row by row over the
 * 2 * 1,296 column orders. */
static int first_row(unsigned char arranged[2][81], List *first, char *out) {
    unsigned char stacks[2][9][3]; /* a row's givens by stack (bit k: the stack's column k) */
    unsigned least[2][9], best = 0x1FF;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            int n[3];
            for (int q = 0; q < 3; q++) {
                const unsigned char *cell = arranged[t] + 9 * r + 3 * q;
                stacks[t][r][q] = (unsigned char)((cell[0] != 0) | (cell[1] != 0) << 1 | (cell[2] != 0) << 2);
                n[q] = popcount32(stacks[t][r][q]);
            }
            for (int i = 1; i < 3; i++) /* (the counts in increasing order) */
                for (int j = i; j > 0 && n[j - 1] > n[j]; j--) {
                    int swap = n[j];
                    n[j] = n[j - 1];
                    n[j - 1] = swap;
                }
            least[t][r] = ((1u << n[0]) - 1) << 6 | ((1u << n[1]) - 1) << 3 | ((1u << n[2]) - 1);
            if (least[t][r] < best)
                best = least[t][r];
        }
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            if (least[t][r] != best)
                continue;
            const unsigned char *held = stacks[t][r], *g = arranged[t] + 9 * r;
            for (int s = 0, o = 0; s < 6; s++)
                for (int a = 0; a < 6; a++, o += 36) {
                    if (STACK_READ[a][held[P[s][0]]] != best >> 6)
                        continue;
                    for (int b = 0; b < 6; b++) {
                        if (STACK_READ[b][held[P[s][1]]] != (best >> 3 & 7))
                            continue;
                        for (int c = 0; c < 6; c++) {
                            if (STACK_READ[c][held[P[s][2]]] != (best & 7))
                                continue;
                            int order = o + 6 * b + c;
                            Kept k = {{0}, (unsigned char)t, 1, (uint16_t)order, 0};
                            k.taken = (uint16_t)(1u << r);
                            for (int col = 0; col < 9; col++) {
                                unsigned char v = g[ORDER[order][col]];
                                if (v)
                                    k.labels[v] = k.next++;
                            }
                            if (!push(first, &k))
                                return 0;
                        }
                    }
                }
        }
    for (int c = 0, label = 0; c < 9; c++)
        out[c] = (char)('0' + (best >> (8 - c) & 1 ? ++label : 0));
    return 1;
}

/* the form of a grid's values into out (81 digits 0-9); 0 when memory ran out */
static int form_of(const unsigned char *values, char *out) {
    if (!orders_made)
        make_orders();
    unsigned char arranged[2][81];
    for (int i = 0; i < 81; i++) {
        arranged[0][i] = values[i];
        arranged[1][i] = values[9 * (i % 9) + i / 9];
    }
    List kept = {NULL, 0, 0}, following = {NULL, 0, 0};
    int ok = first_row(arranged, &kept, out);
    if (ok)
        made_unique(&kept);
    for (int level = 1; level < 9 && ok; level++) {
        unsigned char best[9];
        int have_best = 0;
        following.count = 0;
        for (size_t n = 0; n < kept.count && ok; n++) {
            const Kept *k = &kept.items[n];
            const unsigned char *g = arranged[k->transposed], *cols = ORDER[k->order];
            int rows[9], count = allowed_rows(k->taken, rows);
            for (int j = 0; j < count && ok; j++) {
                int r = rows[j];
                Kept next = *k;
                unsigned char row[9];
                int cmp = have_best ? 0 : -1; /* <0: less than best so far, 0: equal so far */
                int c = 0;
                for (; c < 9; c++) {
                    unsigned char v = g[9 * r + cols[c]];
                    if (v && !next.labels[v])
                        next.labels[v] = next.next++;
                    row[c] = next.labels[v];
                    if (!cmp && row[c] != best[c]) {
                        cmp = row[c] < best[c] ? -1 : 1;
                        if (cmp > 0)
                            break;
                    }
                }
                if (cmp > 0)
                    continue;
                if (cmp < 0) {
                    memcpy(best, row, 9);
                    have_best = 1;
                    following.count = 0;
                }
                next.taken = (uint16_t)(next.taken | 1u << r);
                ok = push(&following, &next);
            }
        }
        if (!ok)
            break;
        for (int c = 0; c < 9; c++)
            out[9 * level + c] = (char)('0' + best[c]);
        made_unique(&following);
        List swap = kept;
        kept = following;
        following = swap;
    }
    PyMem_Free(kept.items);
    PyMem_Free(following.items);
    return ok;
}

/* canonical_form(grid: 81 bytes 0-9) -> str */
PyObject *canonical_form(PyObject *Py_UNUSED(self), PyObject *arg) {
    const unsigned char *values = grid_bytes(arg, "canonical_form(grid: 81 bytes 0-9)");
    if (!values)
        return NULL;
    char out[81];
    if (!form_of(values, out))
        return PyErr_NoMemory();
    return PyUnicode_FromStringAndSize(out, 81);
}

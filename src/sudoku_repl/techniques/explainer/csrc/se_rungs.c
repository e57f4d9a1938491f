/* What the ladder's techniques share (se_rungs.h): the cell sets' tables, made once
 * (se_cells_init), a hint handed to the list (se_rung), and the findings kept to be sorted
 * (SeFinds). */
#include "se_rungs.h"


SeCells SE_PEER_CELLS[81], SE_UNIT_CELLS[27];
int SE_CELL_UNIT_BITS[81];
uint16_t SE_COMBOS[10][126];
int SE_N_COMBOS[10];
unsigned char SE_NTH_BIT[512][9];

/* the counts of the masks 0-1023, made by the compiler: each quarter of a range is the one
 * below it with one more bit (0, +1, +1, +2) */
#define SE_BITS_2(n) n, n + 1, n + 1, n + 2
#define SE_BITS_4(n) SE_BITS_2(n), SE_BITS_2(n + 1), SE_BITS_2(n + 1), SE_BITS_2(n + 2)
#define SE_BITS_6(n) SE_BITS_4(n), SE_BITS_4(n + 1), SE_BITS_4(n + 1), SE_BITS_4(n + 2)
#define SE_BITS_8(n) SE_BITS_6(n), SE_BITS_6(n + 1), SE_BITS_6(n + 1), SE_BITS_6(n + 2)
const unsigned char SE_BITS_OF[1024] = {SE_BITS_8(0), SE_BITS_8(1), SE_BITS_8(1), SE_BITS_8(2)};

void se_cells_init(void) {
    static int ready;
    if (ready)
        return;
    for (int u = 0; u < 27; u++)
        for (int i = 0; i < 9; i++) {
            int c = SE_UNITS[u][i];
            SE_UNIT_CELLS[u] = se_cells_or(SE_UNIT_CELLS[u], se_cells_of(c));
            SE_CELL_UNIT_BITS[c] |= 1 << u;
        }
    for (int c = 0; c < 81; c++) {
        for (int t = 0; t < 3; t++)
            SE_PEER_CELLS[c] = se_cells_or(SE_PEER_CELLS[c], SE_UNIT_CELLS[SE_CELL_UNITS[c][t]]);
        SE_PEER_CELLS[c] = se_cells_minus(SE_PEER_CELLS[c], se_cells_of(c));
    }
    for (int m = 0; m < 512; m++) {
        int k = se_bits((unsigned)(unsigned)m);
        SE_COMBOS[k][SE_N_COMBOS[k]++] = (uint16_t)m;
        for (int i = 0, j = 0; i < 9; i++)
            if (m >> i & 1)
                SE_NTH_BIT[m][j++] = (unsigned char)i;
    }
    ready = 1;
}

/* room for ``more`` ints after ``n`` in *buf (*cap of them, doubled from ``least``): 0, or -1
 * with MemoryError */
static int room(int **buf, int *cap, int n, int more, int least) {
    if (n + more <= *cap)
        return 0;
    int grown = *cap ? 2 * *cap : least;
    while (grown < n + more)
        grown *= 2;
    int *bigger = PyMem_Realloc(*buf, (size_t)grown * sizeof(int));
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    *buf = bigger;
    *cap = grown;
    return 0;
}

/* a hint to the sink (se_rung's: its rating, placement and removals alone) */
static int sunk(SeRungs *r, int rating, const int *rems, int n_rems, int cell, int value) {
    SeSink *s = r->sink;
    if (room(&s->data, &s->cap, s->n, 4 + 2 * n_rems, 1024) < 0)
        return -1;
    int *at = s->data + s->n;
    at[0] = rating;
    at[1] = value ? cell : -1;
    at[2] = value;
    at[3] = n_rems;
    if (n_rems)
        memcpy(at + 4, rems, (size_t)n_rems * 2 * sizeof(int));
    s->n += 4 + 2 * n_rems;
    s->hints++;
    return r->limit && s->hints >= r->limit;
}

int se_rung(SeRungs *r, int name, int rating, const int *rems, int n_rems, int cell, int value,
            const int *shape, int n_shape) {
    if (r->sink)
        return sunk(r, rating, rems, n_rems, cell, value);
    PyObject *removals = PyTuple_New(n_rems);
    for (int j = 0; removals && j < n_rems; j++) {
        PyObject *pair = Py_BuildValue("(ii)", rems[2 * j], rems[2 * j + 1]);
        if (!pair) {
            Py_CLEAR(removals);
            break;
        }
        TUPLE_SET(removals, j, pair);
    }
    PyObject *shaped = removals ? se_ints_tuple(shape, n_shape) : NULL;
    if (!shaped) {
        Py_XDECREF(removals);
        return -1;
    }
    PyObject *item = value
                         ? Py_BuildValue("(iiN(ii)N)", name, rating, removals, cell, value, shaped)
                         : Py_BuildValue("(iiNON)", name, rating, removals, Py_None, shaped);
    if (!item)
        return -1;
    int failed = PyList_Append(r->list, item) < 0;
    Py_DECREF(item);
    if (failed)
        return -1;
    return r->limit && LIST_SIZE(r->list) >= r->limit;
}

int se_finds_add(SeFinds *f, int name, int rating, int key, const int *rems, int n_rems,
                 const int *shape, int n_shape) {
    if (f->n == f->cap) {
        int cap = f->cap ? 2 * f->cap : 64;
        SeFind *more = PyMem_Realloc(f->items, (size_t)cap * sizeof(SeFind));
        if (!more) {
            PyErr_NoMemory();
            return -1;
        }
        f->items = more;
        f->cap = cap;
    }
    if (room(&f->rems, &f->cap_rems, 2 * f->n_rems, 2 * n_rems, 2048) < 0 ||
        room(&f->shapes, &f->cap_shapes, f->n_shapes, n_shape, 1024) < 0)
        return -1;
    memcpy(f->rems + 2 * f->n_rems, rems, (size_t)n_rems * 2 * sizeof(int));
    if (n_shape)
        memcpy(f->shapes + f->n_shapes, shape, (size_t)n_shape * sizeof(int));
    f->items[f->n] = (SeFind){name, rating, key, n_rems, f->n_rems, f->n, f->n_shapes, n_shape};
    f->n++;
    f->n_rems += n_rems;
    f->n_shapes += n_shape;
    return 0;
}

static int by_rating_then_key(const void *x, const void *y) {
    const SeFind *a = x, *b = y;
    if (a->rating != b->rating)
        return a->rating < b->rating ? -1 : 1;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

int se_finds_emit(SeFinds *f, SeRungs *r) {
    if (f->n > 1)
        qsort(f->items, (size_t)f->n, sizeof(SeFind), by_rating_then_key);
    int done = 0;
    for (int i = 0; i < f->n && !done; i++) {
        const SeFind *it = &f->items[i];
        done = se_rung(r, it->name, it->rating, f->rems + 2 * it->rems, it->n, -1, 0,
                       f->shapes + it->shape, it->n_shape);
    }
    se_finds_free(f);
    return done;
}

void se_finds_free(SeFinds *f) {
    PyMem_Free(f->items);
    PyMem_Free(f->rems);
    PyMem_Free(f->shapes);
    *f = (SeFinds){0};
}

void se_rungs_count_empty(SeRungs *r) {
    memset(r->empty, 0, sizeof r->empty);
    for (int c = 0; c < 81; c++)
        if (!r->g->values[c]) {
            r->empty[SE_CELL_UNITS[c][0]]++;
            r->empty[SE_CELL_UNITS[c][1]]++;
            r->empty[SE_CELL_UNITS[c][2]]++;
        }
}


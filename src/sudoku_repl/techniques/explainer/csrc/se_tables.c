/* Sudoku Explainer's chain search, its shared part: the geometry as grid.py numbers it, the
 * context of a search (the potentials and their parents, the maps, the hints found) and
 * ancestor_count, length_penalty, the stop check, the parsing of Python's grid and the list of
 * hints handed back. */
#include "se_tables.h"
#include <stddef.h> /* offsetof: a kept context's fields cleared around its stamps */

int SE_UNITS[27][9], SE_CELL_UNITS[81][3], SE_CELL_POS[81][3], SE_PEER_ORDER[81][20];
int SE_SHARED_POS[27][3][9];
uint64_t SE_PEER_MASK[81][2], SE_PEER_PARTS[81][3][2];
/* singles.BLOCKS_COLUMNS_ROWS */
const int SE_BLOCKS_COLUMNS_ROWS[27] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  18, 19, 20, 21, 22,
                                        23, 24, 25, 26, 9,  10, 11, 12, 13, 14, 15, 16, 17};
SeGeo SE_CLASSIC_GEO;

void se_geo_derive(SeGeo *geo) {
    static const int RANK[3] = {0, 2, 1}; /* blocks, columns, rows, then the rest */
    int n = 0;
    for (int rank = 0; rank < 4; rank++)
        for (int u = 0; u < geo->n_units; u++) {
            int t = geo->unit_type[u];
            if ((t < 3 ? RANK[t] : 3) == rank)
                geo->scan[n++] = (int8_t)u;
        }
    memset(geo->type_first, -1, sizeof geo->type_first);
    for (int u = geo->n_units - 1; u >= 0; u--)
        geo->type_first[geo->unit_type[u]] = (int8_t)u;
    memset(geo->n_cell_units, 0, sizeof geo->n_cell_units);
    memset(geo->region_mask, 0, sizeof geo->region_mask);
    memset(geo->peer_mask, 0, sizeof geo->peer_mask);
    for (int u = 0; u < geo->n_units; u++)
        for (int i = 0; i < 9; i++) {
            int c = geo->units[u][i], k = geo->n_cell_units[c]++;
            geo->cell_units[c][k] = (int8_t)u;
            geo->cell_pos[c][k] = (int8_t)i;
        }
    for (int c = 0; c < 81; c++) {
        for (int i = 0; i < geo->n_region_peers[c]; i++) {
            int o = geo->region_peers[c][i];
            geo->region_mask[c][o >> 6] |= 1ULL << (o & 63);
        }
        for (int i = 0; i < geo->n_peers[c]; i++) {
            int o = geo->peers[c][i];
            geo->peer_mask[c][o >> 6] |= 1ULL << (o & 63);
        }
    }
}

/* SE_CLASSIC_GEO: grid.CLASSIC, from the tables below */
static void classic_geo_init(void) {
    SeGeo *geo = &SE_CLASSIC_GEO;
    geo->classic = 1;
    geo->n_units = 27;
    for (int u = 0; u < 27; u++) {
        geo->unit_type[u] = (int8_t)(u / 9);
        for (int i = 0; i < 9; i++)
            geo->units[u][i] = (int8_t)SE_UNITS[u][i];
    }
    for (int c = 0; c < 81; c++) {
        geo->n_region_peers[c] = geo->n_peers[c] = 20;
        for (int i = 0; i < 20; i++)
            geo->region_peers[c][i] = (uint8_t)SE_PEER_ORDER[c][i];
        for (int o = 0, n = 0; o < 81; o++)
            if (SE_PEER_MASK[c][o >> 6] >> (o & 63) & 1)
                geo->peers[c][n++] = (uint8_t)o;
    }
    se_geo_derive(geo);
}

/* grid.UNITS, CELL_UNITS, CELL_POS and PEER_ORDER */
void se_tables_init(void) {
    for (int b = 0; b < 9; b++)
        for (int i = 0; i < 9; i++)
            SE_UNITS[b][i] = ((b / 3) * 3 + i / 3) * 9 + (b % 3) * 3 + i % 3;
    for (int r = 0; r < 9; r++)
        for (int i = 0; i < 9; i++) {
            SE_UNITS[9 + r][i] = r * 9 + i;
            SE_UNITS[18 + r][i] = i * 9 + r;
        }
    for (int u = 0; u < 27; u++)
        for (int i = 0; i < 9; i++) {
            int c = SE_UNITS[u][i];
            SE_CELL_UNITS[c][u / 9] = u;
            SE_CELL_POS[c][u / 9] = i;
        }
    for (int c = 0; c < 81; c++) {
        int n = 0;
        int block = SE_CELL_UNITS[c][0];
        for (int i = 0; i < 9; i++)
            if (SE_UNITS[block][i] != c)
                SE_PEER_ORDER[c][n++] = SE_UNITS[block][i];
        for (int t = 1; t < 3; t++)
            for (int i = 0; i < 9; i++) {
                int o = SE_UNITS[SE_CELL_UNITS[c][t]][i];
                if (o != c && SE_CELL_UNITS[o][0] != block)
                    SE_PEER_ORDER[c][n++] = o;
            }
        for (int i = 0; i < 20; i++) { /* its block's 8, then its row's 6, its column's 6 */
            int o = SE_PEER_ORDER[c][i];
            SE_PEER_MASK[c][o >> 6] |= 1ULL << (o & 63);
            SE_PEER_PARTS[c][i < 8 ? 0 : i < 14 ? 1 : 2][o >> 6] |= 1ULL << (o & 63);
        }
    }
    for (int u = 0; u < 27; u++)
        for (int t = 0; t < 3; t++)
            for (int i = 0; i < 9; i++) {
                int m = 0;
                for (int j = 0; j < 9; j++)
                    if (SE_CELL_UNITS[SE_UNITS[u][j]][t] == SE_CELL_UNITS[SE_UNITS[u][i]][t])
                        m |= 1 << j;
                SE_SHARED_POS[u][t][i] = m;
            }
    classic_geo_init();
}

/* chains.length_penalty */
int se_penalty(int complexity) {
    int added = 0, ceiling = 4, length = complexity - 2, odd = 0;
    while (length > ceiling) {
        added++;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* Grid.position_table into g->table */
void se_table_fill(SeGrid *g) {
    const SeGeo *geo = g->geo;
    memset(g->table, 0, (size_t)geo->n_units * sizeof g->table[0]);
    for (int u = 0; u < geo->n_units; u++)
        for (int i = 0; i < 9; i++) {
            int m = g->cands[geo->units[u][i]];
            for (int v = 1; v <= 9; v++)
                if (m >> v & 1)
                    g->table[u][v] |= (uint16_t)(1 << i);
        }
}

double se_monotonic(void) {
#if PY_VERSION_HEX >= 0x030D0000
    PyTime_t t;
    return PyTime_Monotonic(&t) < 0 ? -1.0 : PyTime_AsSecondsDouble(t);
#else
    static PyObject *monotonic; /* time.monotonic, looked up once (the module keeps it) */
    if (!monotonic) {
        PyObject *time = PyImport_ImportModule("time");
        monotonic = time ? PyObject_GetAttrString(time, "monotonic") : NULL;
        Py_XDECREF(time);
        if (!monotonic)
            return -1.0;
    }
    PyObject *r = PyObject_CallNoArgs(monotonic);
    double seconds = r ? PyFloat_AsDouble(r) : -1.0;
    Py_XDECREF(r);
    return seconds < 0 && PyErr_Occurred() ? -1.0 : seconds;
#endif
}

/* se_check_stop's every 1024th call: the deadline, Ctrl-C (PyErr_CheckSignals) and the
 * caller's poll; nonzero once the search is to stop */
int se_check_stop_due(SeCtx *x) {
    if (x->deadline >= 0) {
        double now = se_monotonic();
        if (now < 0 || now > x->deadline) {
            x->stop = now < 0 ? 2 : 1; /* (2: an error, raised) */
            return 1;
        }
    }
    if (PyErr_CheckSignals() < 0) {
        x->stop = 2;
        return 1;
    }
    if (x->poll) {
        PyObject *r = PyObject_CallNoArgs(x->poll);
        int t = r ? PyObject_IsTrue(r) : -1;
        Py_XDECREF(r);
        if (t != 0)
            x->stop = t < 0 ? 2 : 3;
    }
    return x->stop != 0;
}

/* grow a buffer of ``size``-byte items to hold ``need`` (0 or -1 with MemoryError) */
int se_grow(void **buf, int *cap, int need, size_t size, SeCtx *x) {
    if (need <= *cap)
        return 0;
    int n = *cap ? *cap : 256;
    while (n < need)
        n *= 2;
    void *p = PyMem_Realloc(*buf, (size_t)n * size);
    if (!p) {
        PyErr_NoMemory();
        x->stop = 2;
        return -1;
    }
    *buf = p;
    *cap = n;
    return 0;
}

/* se_pot (se_tables.h) with room made first for the potential and its parent */
int se_pot_grown(SeCtx *x, int cell, int value, int on, int parent) {
    if (se_grow((void **)&x->pots, &x->cap_pots, x->n_pots + 1, sizeof(SePot), x) < 0 ||
        se_grow((void **)&x->par, &x->cap_par, x->n_par + 1, sizeof(int32_t), x) < 0)
        return -1;
    return se_pot(x, cell, value, on, parent);
}

/* another parent of the potential made last */
int se_add_parent(SeCtx *x, int pot, int parent) {
    if (se_grow((void **)&x->par, &x->cap_par, x->n_par + 1, sizeof(int32_t), x) < 0)
        return -1;
    x->par[x->n_par++] = parent;
    x->pots[pot].n_parents++;
    return 0;
}

/* forget a potential nothing refers to (only the last one made is given back) */
void se_drop(SeCtx *x, int pot) {
    if (pot == x->n_pots - 1) {
        x->n_par = x->pots[pot].parents;
        x->n_pots--;
    }
}

int se_adv_push(SeCtx *x, int pot) {
    if (se_grow((void **)&x->adv, &x->cap_adv, x->n_adv + 1, sizeof(int32_t), x) < 0)
        return -1;
    x->adv[x->n_adv++] = pot;
    return 0;
}

/* an empty map from the pool (NULL with x->stop set) */
SeMap *se_map_take(SeCtx *x) {
    if (x->n_maps == x->cap_maps) {
        /* the pool's maps are pointed at: it grows by a new block, never moves (a list of
         * blocks would do; a fixed pool of 64 is more than a search takes: 2 per value and
         * 2 per region place, nested levels excepted) */
        PyErr_SetString(PyExc_RuntimeError, "the chain search's map pool is exhausted");
        x->stop = 2;
        return NULL;
    }
    SeMap *m = &x->maps[x->n_maps++];
    for (int i = 0; i < m->n; i++)
        m->idx[m->order[i]] = -1;
    m->n = 0;
    return m;
}

void se_map_give(SeCtx *x, int count) { x->n_maps -= count; }

void se_map_put(SeMap *m, int key, int pot) {
    m->idx[key] = pot;
    m->order[m->n++] = (int16_t)key;
}

/* potentials.chain_of: the potential and its parents, breadth first, a potential for each key
 * (the first reached, whose parents are followed), into x->walk; their count (ancestor_count),
 * or -1; most + 1 once there are more than ``most`` (the walk left there) */
int se_chain_of(SeCtx *x, int pot, int most) {
    if (++x->gen == 0x7fffffff) {
        memset(x->stamp, 0, sizeof x->stamp);
        x->gen = 1;
    }
    /* (a key is walked once: SE_KEYS potentials at most) */
    if (se_grow((void **)&x->walk, &x->cap_walk, SE_KEYS, sizeof(int32_t), x) < 0 ||
        se_grow((void **)&x->queue, &x->cap_queue, 1, sizeof(int32_t), x) < 0)
        return -1;
    int32_t *const walk = x->walk;
    int head = 0, tail = 0, count = 0;
    /* (while the queue would hold one potential at a time, of one parent or none: its parents'
     * line followed without the queue, in the same order) */
    for (int pi = pot;;) {
        const SePot *p = &x->pots[pi];
        int key = se_key(p->cell, p->value, p->on);
        if (x->stamp[key] == x->gen)
            return count;
        x->stamp[key] = x->gen;
        walk[count++] = pi;
        if (count > most)
            return count;
        if (p->n_parents != 1) {
            if (!p->n_parents)
                return count;
            if (p->n_parents > x->cap_queue &&
                se_grow((void **)&x->queue, &x->cap_queue, p->n_parents, sizeof(int32_t), x) < 0)
                return -1;
            for (int i = 0; i < p->n_parents; i++)
                x->queue[tail++] = x->par[p->parents + i];
            break;
        }
        pi = x->par[p->parents];
    }
    while (head < tail) {
        int pi = x->queue[head++];
        const SePot *p = &x->pots[pi];
        int key = se_key(p->cell, p->value, p->on);
        if (x->stamp[key] == x->gen)
            continue;
        x->stamp[key] = x->gen;
        walk[count++] = pi;
        if (count > most)
            return count;
        int n = p->n_parents;
        if (tail + n > x->cap_queue &&
            se_grow((void **)&x->queue, &x->cap_queue, tail + n, sizeof(int32_t), x) < 0)
            return -1;
        /* (most have one or two parents: a copy each, not a call) */
        const int32_t *par = x->par + p->parents;
        for (int i = 0; i < n; i++)
            x->queue[tail++] = par[i];
    }
    return count;
}
/* a hint found: its rating is ``base`` plus the length penalty */
int se_add_found(SeCtx *x, int name, int base, int complexity, int sort_key, const int16_t *rems,
                 int n_rems, int cell, int value) {
    if (se_grow((void **)&x->found, &x->cap_found, x->n_found + 1, sizeof(SeFound), x) < 0 ||
        se_grow((void **)&x->rems, &x->cap_rems, x->n_rems + 2 * n_rems, sizeof(int16_t), x) < 0)
        return -1;
    SeFound *f = &x->found[x->n_found++];
    f->name = name;
    f->rating = base + se_penalty(complexity);
    f->complexity = complexity;
    f->sort_key = sort_key;
    f->rems = x->n_rems;
    f->n_rems = n_rems;
    f->cell = cell;
    f->value = value;
    f->source = x->source;
    f->links = f->n_links = 0;
    f->shape = f->n_shape = 0;
    f->chain = 0;
    memcpy(x->rems + x->n_rems, rems, (size_t)n_rems * 2 * sizeof(int16_t));
    x->n_rems += 2 * n_rems;
    return 0;
}

int se_found_shape(SeCtx *x, const int *shape, int n) {
    if (se_grow((void **)&x->shapes, &x->cap_shapes, x->n_shapes + n, sizeof(int), x) < 0)
        return -1;
    SeFound *f = &x->found[x->n_found - 1];
    f->shape = x->n_shapes;
    f->n_shape = n;
    if (n)
        memcpy(x->shapes + x->n_shapes, shape, (size_t)n * sizeof(int));
    x->n_shapes += n;
    return 0;
}

/* pools of maps given back by contexts that ended, taken by the next ones (a rating makes a
 * context for each chain technique it tries, and a pool is 64 maps of 10 KB to make ready:
 * 3.5% of a hard rating's instructions went there); the GIL is held from the take to the
 * give, and a pool is one context's alone between them. A nested search's contexts end
 * together (the outer one and its one or two inner searches' ones: nest_free), so a single
 * spare pool left the next nested search's inner contexts to make theirs ready again; a
 * stack of SPARE_POOLS keeps them (some 0.6 MB each, held only as long as the process) */
#define SPARE_POOLS 8
static SeMap *spare_maps[SPARE_POOLS];
static int n_spare_maps;

void se_ctx_free(SeCtx *x) {
    PyMem_Free(x->pots);
    PyMem_Free(x->par);
    PyMem_Free(x->queue);
    if (x->maps && n_spare_maps < SPARE_POOLS && x->cap_maps == 64)
        spare_maps[n_spare_maps++] = x->maps; /* for the next context */
    else
        PyMem_Free(x->maps);
    x->maps = NULL;
    PyMem_Free(x->found);
    PyMem_Free(x->adv);
    PyMem_Free(x->rule_data);
    PyMem_Free(x->rems);
    PyMem_Free(x->shapes);
    PyMem_Free(x->links);
    PyMem_Free(x->walk);
    PyMem_Free(x->seen);
    if (x->nest_free)
        x->nest_free(x);
    for (int k = 0; x->kept && k < 810; k++)
        PyMem_Free(x->kept[k]);
    PyMem_Free(x->kept);
    x->kept = NULL;
    if (x->scratch_free)
        x->scratch_free(x->scratch);
    x->scratch = NULL;
    x->scratch_free = NULL;
}

/* the context a search is done with, for the next one (the GIL is held throughout a search):
 * a context is 6 KB of zeros to make anew, most of it the ancestor walk's stamps, which need
 * none: each stamp is at most their generation, which runs on, so the next walk's is new */
static SeCtx *spare_ctx;

SeCtx *se_ctx_new(void) {
    SeCtx *x = spare_ctx;
    if (!x)
        return PyMem_Calloc(1, sizeof(SeCtx));
    spare_ctx = NULL;
    _Static_assert(offsetof(SeCtx, gen) == offsetof(SeCtx, stamp) + sizeof x->stamp,
                   "the generation right after the stamps");
    size_t after = offsetof(SeCtx, gen) + sizeof x->gen;
    memset(x, 0, offsetof(SeCtx, stamp));
    memset((char *)x + after, 0, sizeof(SeCtx) - after);
    return x;
}

void se_ctx_done(SeCtx *x) {
    se_ctx_free(x);
    if (spare_ctx)
        PyMem_Free(x);
    else
        spare_ctx = x;
}

/* one of the grid's lists: 81 ints each in [0, limit] with no bit outside ``bits`` */
static int parse81(PyObject *obj, const char *what, int bits, int *out) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq || FAST_SIZE(seq) != 81) {
        Py_XDECREF(seq);
        PyErr_Format(PyExc_ValueError, "the grid's %s are a sequence of 81 ints", what);
        return -1;
    }
    for (int i = 0; i < 81; i++) {
        long v = PyLong_Check(FAST_ITEM(seq, i))
                     ? PyLong_AsLong(FAST_ITEM(seq, i))
                     : -1;
        if (v < 0 || (v & ~(long)bits)) {
            Py_DECREF(seq);
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "the grid's %s: item %d is not a valid %s", what, i,
                         bits == 15 ? "value (0-9)" : "candidate mask (bits 1-9)");
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

/* Grid.values and Grid.cands into g, its table filled (0, or -1 with ValueError) */
int se_parse_grid(PyObject *values, PyObject *cands, SeGrid *g) {
    int v[81], c[81];
    if (parse81(values, "values", 15, v) < 0 || parse81(cands, "candidates", 0x3FE, c) < 0)
        return -1;
    for (int i = 0; i < 81; i++) {
        if (v[i] > 9) {
            PyErr_Format(PyExc_ValueError, "the grid's values: item %d is not a valid value (0-9)",
                         i);
            return -1;
        }
        g->values[i] = (unsigned char)v[i];
        g->cands[i] = (uint16_t)c[i];
    }
    g->geo = &SE_CLASSIC_GEO;
    se_table_fill(g);
    return 0;
}

/* the limits: a deadline (time.monotonic's clock; None: none) and a poll (None or callable) */
int se_parse_limits(SeCtx *x, PyObject *deadline, PyObject *poll) {
    x->deadline = -1;
    if (deadline != Py_None) {
        x->deadline = PyFloat_AsDouble(deadline);
        if (x->deadline == -1 && PyErr_Occurred()) {
            PyErr_SetString(PyExc_ValueError, "the deadline is a number (time.monotonic) or None");
            return -1;
        }
        if (x->deadline < 0)
            x->deadline = 0;
    }
    if (poll != Py_None && !PyCallable_Check(poll)) {
        PyErr_SetString(PyExc_ValueError, "poll is a callable or None");
        return -1;
    }
    x->poll = poll == Py_None ? NULL : poll;
    return se_init_maps(x);
}
/* the context's pool of 64 empty maps (0, or -1 with MemoryError) */
int se_init_maps(SeCtx *x) {
    if (n_spare_maps) { /* (its maps empty: se_map_take clears what a map held) */
        x->maps = spare_maps[--n_spare_maps];
        x->cap_maps = 64;
        return 0;
    }
    x->maps = PyMem_Calloc(64, sizeof(SeMap));
    if (!x->maps) {
        PyErr_NoMemory();
        return -1;
    }
    x->cap_maps = 64;
    for (int i = 0; i < 64; i++)
        memset(x->maps[i].idx, 0xff, sizeof x->maps[i].idx);
    return 0;
}

static const SeFound *sorting; /* the findings compare_found looks at (qsort has no context) */
static int compare_found(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    const SeFound *f = &sorting[i], *g = &sorting[j];
    if (f->rating != g->rating)
        return f->rating < g->rating ? -1 : 1;
    if (f->complexity != g->complexity)
        return f->complexity < g->complexity ? -1 : 1;
    if (f->sort_key != g->sort_key)
        return f->sort_key < g->sort_key ? -1 : 1;
    return i < j ? -1 : i > j; /* stable: qsort is not */
}
/* chains.sorted_found: the findings' indexes, easiest first (by rating, complexity, kind, then
 * as found), into order (x->n_found ints); 0 (the GIL makes ``sorting`` safe) */
int se_sorted_order(const SeCtx *x, int *order) {
    for (int i = 0; i < x->n_found; i++)
        order[i] = i;
    sorting = x->found;
    if (x->n_found > 1)
        qsort(order, (size_t)x->n_found, sizeof(int), compare_found);
    return 0;
}

/* the hints, easiest first (chains.sorted_hints), as [(name, rating, removals, placement,
 * complexity, sort_key)]; when the search was stopped, 1 (the deadline) or 2 (the poll); NULL
 * on an error */
PyObject *se_rems_tuple(const SeCtx *x, const SeFound *f) {
    PyObject *rems = PyTuple_New(f->n_rems);
    for (int j = 0; rems && j < f->n_rems; j++) {
        PyObject *pair =
            Py_BuildValue("(ii)", x->rems[f->rems + 2 * j], x->rems[f->rems + 2 * j + 1]);
        if (!pair) {
            Py_CLEAR(rems);
            break;
        }
        TUPLE_SET(rems, j, pair);
    }
    return rems;
}

PyObject *se_ints_tuple(const int *ints, int n) {
    PyObject *tuple = PyTuple_New(n);
    for (int j = 0; tuple && j < n; j++) {
        PyObject *item = PyLong_FromLong(ints[j]);
        if (!item)
            Py_CLEAR(tuple);
        else
            TUPLE_SET(tuple, j, item);
    }
    return tuple;
}

PyObject *se_found_list(SeCtx *x) {
    if (x->stop == 2)
        return NULL;
    if (x->stop)
        return PyLong_FromLong(x->stop == 3 ? 2 : 1);
    int *order = PyMem_Malloc(((size_t)x->n_found + 1) * sizeof(int));
    if (!order || se_sorted_order(x, order) < 0) {
        PyMem_Free(order);
        return PyErr_NoMemory();
    }
    PyObject *list = PyList_New(x->n_found);
    for (int i = 0; list && i < x->n_found; i++) {
        const SeFound *f = &x->found[order[i]];
        PyObject *rems = se_rems_tuple(x, f);
        PyObject *item =
            rems ? (f->value ? Py_BuildValue("(iiN(ii)iii)", f->name, f->rating, rems, f->cell,
                                             f->value, f->complexity, f->sort_key / 1000000,
                                             f->source)
                             : Py_BuildValue("(iiNOiii)", f->name, f->rating, rems, Py_None,
                                             f->complexity, f->sort_key / 1000000, f->source))
                 : NULL;
        if (item && x->shaped) { /* (name, ..., source, shape) */
            PyObject *shape = se_ints_tuple(x->shapes + f->shape, f->n_shape);
            PyObject *tail = shape ? PyTuple_Pack(1, shape) : NULL;
            PyObject *longer = tail ? PySequence_Concat(item, tail) : NULL;
            Py_XDECREF(shape);
            Py_XDECREF(tail);
            Py_DECREF(item);
            item = longer;
        }
        if (!item) {
            Py_CLEAR(list);
            break;
        }
        LIST_SET(list, i, item);
    }
    PyMem_Free(order);
    return list;
}

/* a module function's search: the grid and limits parsed into x (made by the caller), ``run``
 * over them, the hints listed as se_found_list makes them; x is freed */
PyObject *se_search(SeCtx *x, PyObject *values, PyObject *cands, PyObject *deadline,
                    PyObject *poll, int (*run)(SeCtx *, const SeGrid *)) {
    SeGrid g;
    PyObject *result = NULL;
    if (se_parse_grid(values, cands, &g) == 0 && se_parse_limits(x, deadline, poll) == 0) {
        if (x->geo) { /* a variant's regions: their table */
            g.geo = x->geo;
            se_table_fill(&g);
        }
        run(x, &g);
        result = se_found_list(x);
    }
    se_ctx_free(x);
    PyMem_Free(x);
    return result;
}

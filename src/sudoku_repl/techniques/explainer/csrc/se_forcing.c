/* forcing.Chainer's hints: for each cell, the chains of each of its values assumed on and off
 * (_binary: contradictions, double forcing chains), the region chains of each value (_region)
 * and the cell chains (_cell, _common), each with its complexity (the module function, se_chainer,
 * is se_nested.c's, above the nested rules it may need). */
#include "se_forcing.h"

/* the hints' names, as native.SE_CHAIN_NAMES numbers them */
enum { SE_CONTRADICTION = 0, SE_NISHIO_CONTRADICTION, SE_DOUBLE, SE_CELL_CHAIN, SE_REGION_CHAIN };

/* Chainer._on_result: what a potential reached by every branch removes (and places) */
static int on_result(const SeGrid *g, const SePot *t, int16_t *rems, int *cell, int *value) {
    int n = 0;
    *cell = t->cell;
    *value = 0;
    if (!t->on) {
        rems[0] = t->cell;
        rems[1] = t->value;
        return 1;
    }
    for (int v = 1; v <= 9; v++)
        if (g->cands[t->cell] >> v & 1 && v != t->value) {
            rems[2 * n] = t->cell;
            rems[2 * n++ + 1] = (int16_t)v;
        }
    *value = t->value;
    return n;
}

static int base_rating(const SeCtx *x) {
    return x->level > 0 ? 85 + 5 * x->level : x->nishio ? 75 : x->dynamic ? 85 : 80;
}

/* Chainer._common: the hints of the keys of outcomes[0] (in its order) that every outcome
 * holds, each with the sum of its complexities */
static int common(SeCtx *x, const SeGrid *g, int name, int sort_key, SeMap **outcomes, int n,
                  int origin) {
    const SeMap *first = outcomes[0];
    for (int k = 0; k < first->n; k++) {
        int key = first->order[k], held = 1;
        for (int o = 1; o < n && held; o++)
            held = se_has(outcomes[o], key);
        if (!held)
            continue;
        int16_t rems[18];
        int cell, value;
        int nr = on_result(g, &x->pots[first->idx[key]], rems, &cell, &value);
        if (!nr)
            continue;
        int targets[9];
        for (int o = 0; o < n; o++)
            targets[o] = outcomes[o]->idx[key];
        if (se_found_chain(x, name, base_rating(x), sort_key, rems, nr, cell, value, targets, n,
                           origin) < 0)
            return -1;
    }
    return 0;
}

/* a finding of two chains, ending at a and b */
static int pair_found(SeCtx *x, int name, int sort_key, const int16_t *rems, int n, int cell,
                      int value, int a, int b) {
    int targets[2] = {a, b};
    return se_found_chain(x, name, base_rating(x), sort_key, rems, n, cell, value, targets, 2,
                          SE_NO_ORIGIN);
}

/* The closure of one "on" potential (se_chain from (cell, value) on, on the run's grid) is asked
 * for up to four times a run: by the cell's own chains (binary) and by the region chains of each
 * unit in which the cell is a place of the value after the first. It is a function of the grid
 * and the start alone (the "+" and nested rules' memos change what is computed, never what is
 * found), so the first one is made into maps of its own (``Kept``, in x->kept) and the next asks
 * read those maps as they are: its potentials stay where se_chain made them (a run's potentials
 * are never given back, so no later chain writes over them), and no one writes to its maps once
 * it is made (the findings only read an outcome's maps). */
typedef struct {
    int r, a, b, start; /* se_chain's answer and the chain's first potential */
    SeMap on, off;
} Kept;

/* dropped chains' blocks for the next chain to keep, in any context (a block's maps are 19 KB
 * to make ready, and a run keeps hundreds of chains one after the other); the GIL is held
 * throughout a search, so the blocks are one search's alone between a take and a give. The
 * nested levels' runs, one inside another, keep a few hundred chains at once: the stack holds
 * that many, so that the blocks an inner run drops serve the next run, not the allocator (it
 * holds only blocks once in use together: no more memory than the busiest moment's) */
enum { SPARE_KEPT = 512 };
static Kept *spare_kept[SPARE_KEPT];
static int n_spare_kept;

/* the map emptied of what it held (its keys' entries back to -1, as a fresh map's) */
static void map_clear(SeMap *m) {
    for (int i = 0; i < m->n; i++)
        m->idx[m->order[i]] = -1;
    m->n = 0;
}

/* a block with two empty maps (NULL without memory: the chain is then not kept) */
static Kept *kept_take(void) {
    if (n_spare_kept) {
        Kept *k = spare_kept[--n_spare_kept];
        map_clear(&k->on);
        map_clear(&k->off);
        return k;
    }
    Kept *k = PyMem_Malloc(sizeof(Kept));
    if (k) {
        memset(k->on.idx, 0xff, sizeof k->on.idx);
        memset(k->off.idx, 0xff, sizeof k->off.idx);
        k->on.n = k->off.n = 0;
    }
    return k;
}

static void kept_give(Kept *k) {
    if (n_spare_kept < SPARE_KEPT)
        spare_kept[n_spare_kept++] = k;
    else
        PyMem_Free(k);
}

static void kept_drop(SeCtx *x, int slot) {
    if (x->kept && x->kept[slot]) { /* (most slots keep none: no call for them) */
        kept_give(x->kept[slot]);
        x->kept[slot] = NULL;
    }
}

/* se_chain of the one potential (cell, value) on, into the empty maps *on and *off or, where
 * the chain is kept, into the kept chain's maps (*on and *off then point at those), its start's
 * index into *start: 1 (a contradiction, at *a and *b), 0, or -1 */
static int on_chain(SeCtx *x, const SeGrid *g, int cell, int value, SeMap **on, SeMap **off,
                    int *start, int *a, int *b) {
    int slot = cell * 10 + value;
    Kept *k = x->kept ? x->kept[slot] : NULL;
    if (k) {
        *on = &k->on;
        *off = &k->off;
        *start = k->start;
        *a = k->a;
        *b = k->b;
        return k->r;
    }
    *start = se_pot(x, cell, value, 1, -1);
    if (*start < 0)
        return -1;
    /* (Nishio has no region chains: none is asked for again; a chain not kept, for want of
     * memory, is made again: nothing is lost but time) */
    if (!x->nishio && (x->kept || (x->kept = PyMem_Calloc(810, sizeof(void *)))) &&
        (k = kept_take())) {
        *on = &k->on;
        *off = &k->off;
    }
    se_map_put(*on, se_key(cell, value, 1), *start);
    int r = se_chain(x, g, *on, *off, a, b);
    if (!k)
        return r;
    if (r < 0) {
        kept_give(k);
        return r;
    }
    k->r = r;
    k->a = r ? *a : 0;
    k->b = r ? *b : 0;
    k->start = *start;
    x->kept[slot] = k;
    return r;
}

/* Chainer._binary */
static int binary(SeCtx *x, const SeGrid *g, int cell, int value, SeMap **on_maps,
                  SeMap **off_maps, int reduction, int contradiction) {
    int a, b, name = x->nishio ? SE_NISHIO_CONTRADICTION : SE_CONTRADICTION, p_on;
    int r = on_chain(x, g, cell, value, on_maps, off_maps, &p_on, &a, &b);
    const SeMap *on_on = *on_maps, *on_off = *off_maps;
    if (r < 0)
        return -1;
    x->met_values |= r << value;
    if (contradiction && r) {
        int16_t rems[2] = {(int16_t)cell, (int16_t)value};
        if (pair_found(x, name, 7, rems, 1, 0, 0, a, b) < 0)
            return -1;
    }
    /* the "off" potential's chain serves the contradictions and reductions alone: a static
     * search (neither) finds nothing in it, so it is not made */
    if (!contradiction && !reduction)
        return 0;
    SeMap *off_on = se_map_take(x), *off_off = off_on ? se_map_take(x) : NULL;
    int p_off = off_off ? se_pot(x, cell, value, 0, -1) : -1;
    if (p_off < 0)
        return -1;
    se_map_put(off_off, se_key(cell, value, 0), p_off);
    r = se_chain(x, g, off_on, off_off, &a, &b);
    if (r < 0)
        return -1;
    x->met_values |= r << value;
    if (contradiction && r) { /* the value is placed: what assuming it on removes */
        int16_t rems[18];
        int rc, rv;
        int n = on_result(g, &x->pots[p_on], rems, &rc, &rv);
        if (n && pair_found(x, name, 7, rems, n, rc, rv, a, b) < 0)
            return -1;
    }
    if (reduction) {
        for (int k = 0; k < on_on->n; k++) {
            int key = on_on->order[k];
            if (!se_has(off_on, key))
                continue;
            int16_t rems[18];
            int rc, rv;
            int n = on_result(g, &x->pots[on_on->idx[key]], rems, &rc, &rv);
            if (!n)
                continue;
            if (pair_found(x, SE_DOUBLE, 1, rems, n, rc, rv, on_on->idx[key], off_on->idx[key]) <
                0)
                return -1;
        }
        for (int k = 0; k < on_off->n; k++) {
            int key = on_off->order[k];
            if (!se_has(off_off, key))
                continue;
            const SePot *t = &x->pots[on_off->idx[key]];
            int16_t rems[2] = {t->cell, t->value};
            if (pair_found(x, SE_DOUBLE, 1, rems, 1, 0, 0, on_off->idx[key], off_off->idx[key]) < 0)
                return -1;
        }
    }
    se_map_give(x, 2);
    return 0;
}

/* Chainer._region, in the cell's units of ``units`` (bit t: its t-th) */
static int region(SeCtx *x, const SeGrid *g, int cell, int value, SeMap *on_on, SeMap *on_off,
                  int units) {
    const SeGeo *geo = g->geo;
    for (int t = 0; t < geo->n_cell_units[cell]; t++) {
        /* the value's places in the unit, the cell the first of them */
        int unit = geo->cell_units[cell][t], pos = g->table[unit][value], places[9], n = BITS[pos];
        if (!(n == 2 || (x->multiple && n > 2)) || ctz32(pos) != geo->cell_pos[cell][t] ||
            !(units >> t & 1))
            continue;
        for (n = 0; pos; pos &= pos - 1)
            places[n++] = geo->units[unit][ctz32(pos)];
        SeMap *outs_on[9], *outs_off[9];
        int taken = 0, a, b;
        for (int i = 0; i < n; i++) {
            if (places[i] == cell) {
                outs_on[i] = on_on;
                outs_off[i] = on_off;
                continue;
            }
            outs_on[i] = se_map_take(x);
            outs_off[i] = outs_on[i] ? se_map_take(x) : NULL;
            if (!outs_off[i])
                return -1;
            taken += 2;
            int start;
            if (on_chain(x, g, places[i], value, &outs_on[i], &outs_off[i], &start, &a, &b) < 0)
                return -1;
        }
        if (common(x, g, SE_REGION_CHAIN, 6, outs_on, n, unit) < 0 ||
            common(x, g, SE_REGION_CHAIN, 6, outs_off, n, unit) < 0)
            return -1;
        se_map_give(x, taken);
    }
    return 0;
}

/* which of a cell's chains may find anything: its cell chains (the common outcomes of its
 * values), and by value its region chains (bit t: in its t-th unit) */
typedef struct {
    int cell, regions[10];
} Finds;

/* Chainer._cell, the chains ``finds`` names alone: a value's "on" chain serves its cell's
 * chains and its regions' alone (a static search finds nothing by contradiction or reduction),
 * so where neither may find anything it is not made (a later cell's region may make it) */
static int cell_chains(SeCtx *x, const SeGrid *g, int cell, int cardinality, const Finds *finds) {
    SeMap *value_on[9], *value_off[9];
    int n = 0;
    int reduction = cardinality >= 3 && !x->nishio && x->dynamic;
    int contradiction = x->dynamic || x->nishio;
    for (int value = 1; value <= 9; value++) {
        if (!(g->cands[cell] >> value & 1) || x->skip_values >> value & 1 ||
            !(finds->cell || finds->regions[value]))
            continue;
        value_on[n] = se_map_take(x);
        value_off[n] = value_on[n] ? se_map_take(x) : NULL;
        if (!value_off[n])
            return -1;
        if (binary(x, g, cell, value, &value_on[n], &value_off[n], reduction, contradiction) < 0)
            return -1;
        if (!x->nishio &&
            region(x, g, cell, value, value_on[n], value_off[n], finds->regions[value]) < 0)
            return -1;
        n++;
    }
    if (!x->nishio && finds->cell && n && (cardinality == 2 || (x->multiple && cardinality > 2)))
        if (common(x, g, SE_CELL_CHAIN, 5, value_on, n, SE_CELL_ORIGIN) < 0 ||
            common(x, g, SE_CELL_CHAIN, 5, value_off, n, SE_CELL_ORIGIN) < 0)
            return -1;
    se_map_give(x, 2 * n);
    return 0;
}

/* whether the nodes every one of the potentials (keys) reaches are not none */
static int meet(SeReach *r, const SeGrid *g, const int *keys, int n) {
    const uint64_t *bits[9];
    for (int i = 0; i < n; i++)
        if (!(bits[i] = se_reach_on(r, g, keys[i])))
            return 0;
    for (int j = 0; j < r->words; j++) {
        uint64_t all = bits[0][j];
        for (int i = 1; i < n && all; i++)
            all &= bits[i][j];
        if (all)
            return 1;
    }
    return 0;
}

/* A static chain (not dynamic, not Nishio) finds nothing by contradiction or by reduction
 * (cell_chains): only the cell's and its regions' common outcomes, each a potential reached by
 * every branch. The static chains of a branch are a part of what its walk in the grid's links
 * reaches (se_reach.h), so where those reaches have nothing in common the cell chains, or a
 * region's, find nothing and are passed over: which of them may find anything (*finds), and
 * whether any may. */
static int static_may_find(const SeCtx *x, SeReach *r, const SeGrid *g, int cell,
                           int cardinality, Finds *finds) {
    int keys[9], n = 0, any = 0;
    finds->cell = 0;
    if (cardinality == 2 || (x->multiple && cardinality > 2)) {
        for (int m = g->cands[cell]; m; m &= m - 1)
            keys[n++] = se_key(cell, ctz32(m), 1);
        any = finds->cell = meet(r, g, keys, n);
    }
    for (int m = g->cands[cell]; m; m &= m - 1) { /* region(): the units the cell comes first in */
        int value = ctz32(m);
        const SeGeo *geo = g->geo;
        finds->regions[value] = 0;
        for (int t = 0; t < geo->n_cell_units[cell]; t++) {
            int unit = geo->cell_units[cell][t], pos = g->table[unit][value];
            n = BITS[pos]; /* the value's places in the unit, the cell's the first of them */
            if (!(n == 2 || (x->multiple && n > 2)) || ctz32(pos) != geo->cell_pos[cell][t])
                continue;
            for (n = 0; pos; pos &= pos - 1)
                keys[n++] = se_key(geo->units[unit][ctz32(pos)], value, 1);
            if (meet(r, g, keys, n)) {
                finds->regions[value] |= 1 << t;
                any = 1;
            }
        }
    }
    return any;
}

typedef struct { /* a static search's links and their graph, kept by its context */
    SeLinks links;
    SeReach reach;
    uint16_t live[81]; /* SeCtx.live */
} Static;

static void static_free(void *scratch) {
    Static *st = scratch;
    se_reach_free(&st->reach);
    PyMem_Free(st);
}

/* Chainer.found: every cell's chains (the findings in x->found, as found) */
int se_chainer_run(SeCtx *x, const SeGrid *g) {
    SeReach *reach = NULL;
    if (!x->dynamic && !x->nishio) { /* static: the cells that may find anything */
        if (x->scratch_free != static_free) { /* made once a context */
            if (x->scratch_free)
                x->scratch_free(x->scratch);
            x->scratch_free = NULL;
            if (!(x->scratch = PyMem_Calloc(1, sizeof(Static)))) {
                PyErr_NoMemory();
                x->stop = 2;
                return -1;
            }
            x->scratch_free = static_free;
        }
        Static *st = x->scratch;
        reach = &st->reach;
        se_links_fill(g, &st->links);
        se_reach_fill(x, g, &st->links, reach, 1, NULL);
        for (int cell = 0; cell < 81; cell++)
            st->live[cell] = (uint16_t)se_off_links(&st->links, cell, 1, 1);
        x->live = st->live;
    }
    /* (the potentials of every cell's chains stay: a kept chain is read where it was made) */
    x->n_pots = x->n_par = 0;
    Finds all = {1, {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1}}, some;
    for (int cell = 0; cell < 81 && !x->stop; cell++) {
        int cardinality = BITS[g->cands[cell] >> 1];
        if ((cardinality > 2 || (cardinality > 1 && x->dynamic)) &&
            !(reach && !static_may_find(x, reach, g, cell, cardinality, &some))) {
            x->source = cell;
            cell_chains(x, g, cell, cardinality, reach ? &some : &all);
        }
        /* a cell's "on" chains are asked for by its own chains and by the region chains of
         * cells before it in its units (before it in the grid's order too): no later one */
        for (int value = 1; value <= 9; value++)
            kept_drop(x, cell * 10 + value);
    }
    for (int slot = 0; x->stop && slot < 810; slot++) /* (a search stopped early leaves some) */
        kept_drop(x, slot);
    x->source = -1;
    x->live = NULL;
    return x->stop ? -1 : 0;
}

int se_chainer_since(SeCtx *x, const SeGrid *g, int *known, uint16_t rows[][10]) {
    if (!x->nishio || !g->geo->classic) /* (classic: units 9 to 17 are the rows) */
        return se_chainer_run(x, g);
    int differ = 0;
    for (int r = 0; r < 9; r++)
        for (int v = 1; v <= 9; v++)
            differ |= (rows[r][v] != g->table[9 + r][v]) << v;
    x->skip_values = *known & ~differ;
    if (x->skip_values == 0x3FE) /* every value's places as they were: nothing again */
        return 0;
    int said = se_chainer_run(x, g);
    /* a value whose chains ran here and met no contradiction finds nothing here, whatever the
     * others found: its places are kept; one whose chains met one is no longer known */
    int nothing = ~x->skip_values & ~x->met_values & 0x3FE;
    x->skip_values = 0;
    if (!said) {
        for (int r = 0; r < 9; r++)
            for (int v = 1; v <= 9; v++)
                if (nothing >> v & 1)
                    rows[r][v] = g->table[9 + r][v];
        *known = (*known | nothing) & ~x->met_values;
    }
    return said;
}

/* Nested forcing chains (nested.py): the nested rules (NestedRules: the "+" rules, then the
 * forcing chains of the level on the chain's own grid, their findings remembered by grid), run
 * by the closure (se_closure.c) through SeCtx.nested_offs, which this file sets; and the module
 * function se_chainer, the Chainer of every level. The findings' complexity with the nested
 * chains they rest on, and what an inner search's finding keeps, are se_found.c's. */
#include "se_nested.h"

#define REMEMBERED 1024 /* NestedRules.REMEMBERED: grids whose findings are kept by one search */

/* one finding of a nested rule, as the outer chain uses it: removals in hash order (rems) and
 * rule-parent links (links), as offsets into its entry's data */
typedef struct {
    int rems, n_rems, links, n_links, complexity;
    uint64_t chain;
} NestFound;

typedef struct NestEntry { /* a grid's findings for one kind of rule */
    struct NestEntry *next; /* in its bucket */
    uint64_t hash;
    int kind, n_found;
    uint16_t cands[81];
    NestFound *found;
    int16_t *data;
} NestEntry;

typedef struct SeNest {
    SeCtx *inner[2]; /* the rules' searches */
    int cycles[2];   /* whether the rule is chains.py's search (else a Chainer) */
    int kind[2];     /* rule_kind */
    int n_rules;
    SeMemo *memo; /* x->memo (a rating's), or own */
    int own;
    int kstamp[SE_KEYS], kgen; /* rule_parents' keys, each once */
    int keys[SE_KEYS];
} SeNest;

/* -- the nested rules -------------------------------------------------------------------- */

/* an allocation failed: MemoryError, the search stops; NULL */
static void *out_of_memory(SeCtx *x) {
    PyErr_NoMemory();
    x->stop = 2;
    return NULL;
}

static int nested_offs(SeCtx *x, const SeGrid *work, const SeGrid *source, const SeMap *offs);
static void nest_free(SeCtx *x);

static SeCtx *inner_ctx(SeCtx *x, int multiple, int dynamic, int level) {
    SeCtx *y = PyMem_Calloc(1, sizeof(SeCtx));
    if (!y || se_init_maps(y) < 0) {
        PyMem_Free(y);
        return out_of_memory(x);
    }
    y->multiple = multiple;
    y->dynamic = dynamic;
    y->level = level;
    y->summarize = 1;
    y->nested_offs = nested_offs;
    y->memo = x->memo;
    y->geo = x->geo;
    y->plus = x->plus;
    return y;
}

/* NestedRules(level, nesting)'s rules after the "+" ones */
static SeNest *nest_of(SeCtx *x) {
    if (x->nest)
        return x->nest;
    SeNest *n = PyMem_Calloc(1, sizeof(SeNest));
    if (!n)
        return out_of_memory(x);
    x->nest = n;
    x->nest_free = nest_free;
    n->memo = x->memo;
    if (!n->memo) {
        n->own = 1;
        if (!(n->memo = se_memo_new(REMEMBERED)))
            return out_of_memory(x);
    }
    if (x->level < 4) {
        n->cycles[0] = 1;
        n->inner[n->n_rules++] = inner_ctx(x, 0, 0, 0);
        if (x->level >= 3)
            n->inner[n->n_rules++] = inner_ctx(x, 1, 0, 0);
    } else
        n->inner[n->n_rules++] = inner_ctx(x, 1, 1, x->nesting);
    for (int r = 0; r < n->n_rules; r++) {
        if (!n->inner[r])
            return NULL;
        /* the kind of search: chains.py's (0), or a Chainer of dynamic and level */
        n->kind[r] = n->cycles[r] ? 0 : 1 + n->inner[r]->dynamic * 5 + n->inner[r]->level;
    }
    return n;
}

static void nest_free(SeCtx *x) {
    SeNest *n = x->nest;
    if (!n)
        return;
    for (int r = 0; r < n->n_rules; r++)
        if (n->inner[r]) {
            se_ctx_free(n->inner[r]);
            PyMem_Free(n->inner[r]);
        }
    if (n->own && n->memo)
        se_memo_free(n->memo);
    PyMem_Free(n);
    x->nest = NULL;
}

static uint64_t grid_hash(int kind, const SeGrid *g) {
    uint64_t h = se_mix(0xcbf29ce484222325ULL, (uint64_t)kind);
    for (int c = 0; c < 81; c++)
        h = se_mix(h, g->cands[c]);
    return se_spread(h);
}

/* a finding's removals folded into 64 bits (bit (cell * 9 + value) % 64 of each): two findings
 * that remove the same candidates have the same fold */
static uint64_t removals_fold(const SeCtx *y, const SeFound *f) {
    uint64_t fold = 0;
    for (int r = 0; r < f->n_rems; r++)
        fold |= 1ULL << ((y->rems[f->rems + 2 * r] * 9 + y->rems[f->rems + 2 * r + 1]) & 63);
    return fold;
}

/* whether two findings remove the same candidates (as sets) */
static int same_removals(const SeCtx *y, const SeFound *a, const SeFound *b) {
    uint16_t ma[81] = {0}, mb[81] = {0};
    for (int r = 0; r < a->n_rems; r++)
        ma[y->rems[a->rems + 2 * r]] |= (uint16_t)(1 << y->rems[a->rems + 2 * r + 1]);
    for (int r = 0; r < b->n_rems; r++)
        mb[y->rems[b->rems + 2 * r]] |= (uint16_t)(1 << y->rems[b->rems + 2 * r + 1]);
    return memcmp(ma, mb, sizeof ma) == 0;
}

/* NestedRules._found: the rule's findings on the grid, easiest first, one per set of removals,
 * searched or remembered; NULL with x->stop set */
static NestEntry *rule_found(SeCtx *x, SeNest *n, int rule, const SeGrid *g) {
    SeMemo *m = n->memo;
    int kind = n->kind[rule];
    uint64_t h = grid_hash(kind, g);
    NestEntry **bucket = &m->buckets[h % (2 * (uint64_t)m->size)];
    for (NestEntry *e = *bucket; e; e = e->next)
        if (e->hash == h && e->kind == kind && !memcmp(e->cands, g->cands, sizeof e->cands))
            return e;
    SeCtx *y = n->inner[rule];
    y->n_found = y->n_rems = y->n_links = y->n_pots = y->n_par = 0;
    y->deadline = x->deadline;
    y->poll = x->poll;
    if ((n->cycles[rule] ? se_cycles_run(y, g) : se_chainer_run(y, g)) < 0) {
        x->stop = y->stop;
        return NULL;
    }
    int *order = PyMem_Malloc(((size_t)y->n_found + 1) * sizeof(int));
    uint64_t *folds = PyMem_Malloc(((size_t)y->n_found + 1) * sizeof(uint64_t));
    int kept = 0, size = 0;
    if (!order || !folds) {
        PyMem_Free(order);
        PyMem_Free(folds);
        return out_of_memory(x);
    }
    se_sorted_order(y, order);
    for (int i = 0; i < y->n_found; i++) {
        const SeFound *f = &y->found[order[i]];
        uint64_t fold = removals_fold(y, f);
        int same = 0;
        for (int j = 0; j < kept && !same; j++)
            same = folds[j] == fold && same_removals(y, &y->found[order[j]], f);
        if (same)
            continue;
        folds[kept] = fold;
        order[kept++] = order[i];
        size += 2 * f->n_rems + 3 * f->n_links;
    }
    PyMem_Free(folds);
    NestEntry *e = PyMem_Malloc(sizeof(NestEntry) + (size_t)kept * sizeof(NestFound) +
                                (size_t)size * sizeof(int16_t) + 8);
    if (!e) {
        PyMem_Free(order);
        return out_of_memory(x);
    }
    e->hash = h;
    e->kind = kind;
    e->n_found = kept;
    memcpy(e->cands, g->cands, sizeof e->cands);
    e->found = (NestFound *)(e + 1);
    e->data = (int16_t *)(e->found + kept);
    int at = 0;
    for (int i = 0; i < kept; i++) {
        const SeFound *f = &y->found[order[i]];
        NestFound *nf = &e->found[i];
        nf->rems = at;
        nf->n_rems = f->n_rems;
        se_hash_order(y->rems + f->rems, f->n_rems, e->data + at);
        at += 2 * f->n_rems;
        nf->links = at;
        nf->n_links = f->n_links;
        memcpy(e->data + at, y->links + 3 * f->links, (size_t)f->n_links * 3 * sizeof(int16_t));
        at += 3 * f->n_links;
        nf->complexity = f->complexity;
        nf->chain = f->chain;
    }
    PyMem_Free(order);
    NestEntry *old = m->ring[m->next]; /* the oldest grid is forgotten */
    if (old) {
        NestEntry **p = &m->buckets[old->hash % (2 * (uint64_t)m->size)];
        while (*p != old)
            p = &(*p)->next;
        *p = old->next;
        PyMem_Free(old);
    }
    m->ring[m->next] = e;
    m->next = (m->next + 1) % m->size;
    e->next = *bucket;
    *bucket = e;
    return e;
}

static void add_key(SeNest *n, int *count, int key) {
    if (n->kstamp[key] != n->kgen) {
        n->kstamp[key] = n->kgen;
        n->keys[(*count)++] = key;
    }
}

/* nested.rule_parents: the keys of the "off" potentials the finding's links rest on (the
 * candidates removed since ``source`` from the link's cell, or of its value from its unit) */
static int rule_parents(SeNest *n, const NestEntry *e, const NestFound *f, const SeGrid *g,
                        const SeGrid *s) {
    int count = 0;
    if (++n->kgen == 0x7fffffff) {
        memset(n->kstamp, 0, sizeof n->kstamp);
        n->kgen = 1;
    }
    for (int l = 0; l < f->n_links; l++) {
        const int16_t *k = e->data + f->links + 3 * l;
        int cell = k[0], value = k[1], cause = k[2];
        if (cause == SE_NAKED) {
            int lost = s->cands[cell] & ~g->cands[cell];
            for (int v = 1; v <= 9; v++)
                if (lost >> v & 1)
                    add_key(n, &count, se_key(cell, v, 0));
            continue;
        }
        const int8_t *unit = g->geo->units[cause];
        for (int i = 0; i < 9; i++)
            if ((s->cands[unit[i]] & ~g->cands[unit[i]]) >> value & 1)
                add_key(n, &count, se_key(unit[i], value, 0));
    }
    return count;
}

/* NestedRules.__call__: the "+" rules' removals, else those of the first nested rule that finds
 * any resting on the chain, as new "off" potentials in x->adv: their count, or -1 */
static int nested_offs(SeCtx *x, const SeGrid *work, const SeGrid *source, const SeMap *offs) {
    int found = se_simple_rule_offs(x, work, source, offs);
    if (found)
        return found;
    SeNest *n = nest_of(x);
    if (!n)
        return -1;
    for (int rule = 0; rule < n->n_rules; rule++) {
        const NestEntry *e = rule_found(x, n, rule, work);
        if (!e)
            return -1;
        for (int i = 0; i < e->n_found; i++) {
            const NestFound *f = &e->found[i];
            int count = rule_parents(n, e, f, work, source);
            for (int r = 0; count && r < f->n_rems; r++) {
                const int16_t *rm = e->data + f->rems + 2 * r;
                int pot = se_pot(x, rm[0], rm[1], 0, -1);
                if (pot < 0)
                    return -1;
                for (int k = 0; k < count; k++) {
                    int parent = offs->idx[n->keys[k]];
                    if (parent >= 0 && se_add_parent(x, pot, parent) < 0)
                        return -1;
                }
                x->pots[pot].nest_cx = f->complexity;
                x->pots[pot].nest_key = f->chain;
                if (se_adv_push(x, pot) < 0)
                    return -1;
            }
        }
        if (x->n_adv)
            return x->n_adv;
    }
    return 0;
}

/* se_chainer(values, cands, multiple, dynamic, nishio, level, deadline, poll[, nesting, memo,
 * geometry, shaped, plus]): Chainer.hints as [(name, rating, removals, placement, complexity,
 * sort_key, source[, shape])], easiest first; 1 when the deadline passed, 2 when poll said
 * stop. Levels 2-4 are nested.nested_chainer's (``nesting``: level 4's nested dynamic chains,
 * 0-3). ``geometry``: se_geometry's capsule, or None (classic); on a variant's, above level 0,
 * a variant set of "+" rules (``plus``: SeCtx.plus, 1-3). A memo knows grids by their
 * candidates alone: one memo, one geometry and one set of "+" rules (the caller's part). */
PyObject *se_chainer(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *deadline, *poll, *memo = Py_None, *geometry = Py_None;
    int multiple, dynamic, nishio, level, nesting = 0, shaped = 0, plus = SE_PLUS_CLASSIC;
    if (!PyArg_ParseTuple(args, "OOppiiOO|iOOpi", &values, &cands, &multiple, &dynamic, &nishio,
                          &level, &deadline, &poll, &nesting, &memo, &geometry, &shaped, &plus))
        return NULL;
    const SeGeo *geo = se_geo_of(geometry);
    if (!geo)
        return NULL;
    if (plus < SE_PLUS_CLASSIC || plus > SE_PLUS_LATIN || (!geo->classic && level && !plus)) {
        PyErr_SetString(PyExc_ValueError, "the \"+\" rules are classic sudoku's (0) or a variant "
                                          "set's (1-3), a variant's geometry above level 0");
        return NULL;
    }
    SeMemo *shared = se_memo_of(memo);
    if (memo != Py_None && !shared)
        return NULL;
    if (level < 0 || level > 4 || nesting < 0 || nesting > 3) {
        PyErr_SetString(PyExc_ValueError,
                        "the native chain search takes the levels 0-4 and the nestings 0-3");
        return NULL;
    }
    if (level > 0 && (!dynamic || nishio)) {
        PyErr_SetString(PyExc_ValueError, "a level above 0 is a dynamic chain, not Nishio");
        return NULL;
    }
    SeCtx *x = PyMem_Calloc(1, sizeof(SeCtx));
    if (!x)
        return PyErr_NoMemory();
    se_chainer_setup(x, multiple, dynamic, nishio, level, nesting, shared);
    x->geo = geo;
    x->shaped = shaped;
    x->plus = plus;
    return se_search(x, values, cands, deadline, poll, se_chainer_run);
}

void se_chainer_setup(SeCtx *x, int multiple, int dynamic, int nishio, int level, int nesting,
                      struct SeMemo *memo) {
    x->multiple = multiple;
    x->dynamic = dynamic;
    x->nishio = nishio;
    x->level = level;
    x->nesting = level == 4 ? nesting : 0;
    x->nested_offs = nested_offs;
    x->memo = memo;
}

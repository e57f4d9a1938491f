/* Chainer._found (forcing.py, nested.py): a finding's complexity, its chains' potentials plus,
 * at levels 2 and up, the complexity of each nested chain they rest on once
 * (potentials.nested_complexity); in an inner search of the nested rules, what each finding
 * keeps for the outer chain: its rule parents' links (cell, value, cause, in SeCtx.links) and
 * chains.Found.chain_key as a hash (SeFound.chain); in the outer search, its shape (what
 * serate's description of it names, se_found.h). */
#include "se_found.h"
#include <limits.h> /* INT_MAX: no bound on a finding's complexity */

/* nested._cause: how an "on" potential follows from its first parent: the cell (SE_NAKED), or
 * the first unit of the geometry they share */
static int cause_of(const SeGeo *geo, const SePot *p, const SePot *parent) {
    int a = p->cell, b = parent->cell;
    if (a == b)
        return SE_NAKED;
    if (geo->classic) {
        if (SE_CELL_UNITS[a][0] == SE_CELL_UNITS[b][0])
            return SE_CELL_UNITS[a][0];
        return SE_CELL_UNITS[a][a / 9 == b / 9 ? 1 : 2];
    }
    for (int t = 0; t < geo->n_cell_units[a]; t++)
        for (int k = 0; k < geo->n_cell_units[b]; k++)
            if (geo->cell_units[a][t] == geo->cell_units[b][k])
                return geo->cell_units[a][t];
    return SE_NAKED; /* (not met: a link is in a region) */
}

static int add_link(SeCtx *x, int cell, int value, int cause) {
    if (se_grow((void **)&x->links, &x->cap_links, 3 * (x->n_links + 1), sizeof(int16_t), x) < 0)
        return -1;
    int16_t *l = x->links + 3 * x->n_links++;
    l[0] = (int16_t)cell;
    l[1] = (int16_t)value;
    l[2] = (int16_t)cause;
    return 0;
}

static int link_on(SeCtx *x, const SePot *p, int origin) {
    if (p->n_parents)
        return add_link(x, p->cell, p->value,
                        cause_of(se_geo(x), p, &x->pots[x->par[p->parents]]));
    if (origin == SE_CELL_ORIGIN)
        return add_link(x, p->cell, p->value, SE_NAKED);
    return origin >= 0 ? add_link(x, p->cell, p->value, origin) : 0;
}

/* what nested.rule_parents and chains.Found.chain_key need of one target's chain (in x->walk,
 * count potentials): its links into x->links, its keys into the hash *chain */
static int summarize(SeCtx *x, uint64_t *chain, int count, int origin) {
    const int32_t *w = x->walk;
    for (int i = 0; i < count; i++) {
        const SePot *p = &x->pots[w[i]];
        *chain = se_mix(*chain, (uint64_t)se_key(p->cell, p->value, p->on));
        if (p->on && link_on(x, p, origin) < 0)
            return -1;
    }
    *chain = se_mix(*chain, 0xFFFFu);
    if (origin == SE_CYCLE_ORIGIN) { /* the cycle read backwards: every potential flipped */
        const SePot *p = &x->pots[w[0]];
        *chain = se_mix(*chain, (uint64_t)(se_key(p->cell, p->value, p->on) ^ 1));
        for (int i = count - 1; i >= 1; i--) {
            p = &x->pots[w[i]];
            *chain = se_mix(*chain, (uint64_t)(se_key(p->cell, p->value, p->on) ^ 1));
            if (!p->on &&
                add_link(x, p->cell, p->value, cause_of(se_geo(x), p, &x->pots[x->par[p->parents]])) <
                    0)
                return -1;
        }
        *chain = se_mix(*chain, 0xFFFFu);
    }
    return 0;
}

/* the complexity of the nested chains the potentials of x->walk[0 .. count) rest on that are
 * not yet among the n_seen of x->seen (which take them in): potentials.nested_complexity */
static int nested_complexity(SeCtx *x, int count, int *n_seen) {
    int complexity = 0;
    for (int i = 0; i < count; i++) {
        const SePot *p = &x->pots[x->walk[i]];
        if (p->nest_cx < 0)
            continue;
        int known = 0;
        for (int k = 0; k < *n_seen && !known; k++)
            known = x->seen[k] == p->nest_key;
        if (known)
            continue;
        if (se_grow((void **)&x->seen, &x->cap_seen, *n_seen + 1, sizeof(uint64_t), x) < 0)
            return -1;
        x->seen[(*n_seen)++] = p->nest_key;
        complexity += p->nest_cx;
    }
    return complexity;
}

/* the chains of a finding's targets after its shape's head (se_found.h): each target's walk
 * by first parents, its length then (cell, value, on) a potential, then their ints' count; n:
 * the head's ints in ints[], which has room for n_targets * (1 + 3 * SE_KEYS) + 1 more */
static int with_walks(SeCtx *x, int *ints, int n, const int *targets, int n_targets) {
    int head = n;
    for (int k = 0; k < n_targets; k++) {
        int at = n++, length = 0;
        for (const SePot *p = &x->pots[targets[k]];; p = &x->pots[x->par[p->parents]]) {
            ints[n++] = p->cell;
            ints[n++] = p->value;
            ints[n++] = p->on;
            length++;
            if (!p->n_parents || length == SE_KEYS)
                break;
        }
        ints[at] = length;
    }
    ints[n] = n - head;
    return se_found_shape(x, ints, n + 1);
}

/* the ints a shape is made in, kept from one finding to the next (a block of 45 KB or more a
 * finding was a malloc and a free each); the GIL is held throughout a search, and a shape is
 * copied out (se_found_shape) before the next is made */
static int *shape_ints;
static size_t shape_room;

/* a finding's shape (se_found.h), from its first target's chain: the first parents walked back
 * to where the chains start; then every target's chain (with_walks) */
static int shape_of(SeCtx *x, const int *targets, int n_targets, int complexity, int origin) {
    size_t room = (size_t)SE_KEYS + 8 + (size_t)n_targets * (1 + 3 * SE_KEYS) + 1;
    if (room > shape_room) {
        int *grown = PyMem_Realloc(shape_ints, room * sizeof(int));
        if (!grown) {
            PyErr_NoMemory();
            x->stop = 2;
            return -1;
        }
        shape_ints = grown;
        shape_room = room;
    }
    int *ints = shape_ints;
    const SePot *t = &x->pots[targets[0]], *p = t;
    int n = 0;
    if (origin == SE_CYCLE_ORIGIN) { /* the cells of the walk, its target first */
        for (;; p = &x->pots[x->par[p->parents]]) {
            ints[n++] = p->cell;
            if (!p->n_parents || n == SE_KEYS)
                break;
        }
    } else {
        while (p->n_parents)
            p = &x->pots[x->par[p->parents]];
        int head[8] = {complexity, origin, p->cell, p->value, p->on, t->cell, t->value, t->on};
        memcpy(ints, head, sizeof head);
        n = 8;
    }
    return with_walks(x, ints, n, targets, n_targets);
}

/* the most complexity a finding of ``base`` and ``sort_key`` may have and still come before
 * the finding ``best`` (of x->found; none: INT_MAX, as where it is of another base). The
 * findings are sorted by rating, complexity, kind, then as found, and at one base the rating
 * grows with the complexity: a later finding comes first only with less complexity, or as much
 * and a kind that sorts before. */
static int most_before(const SeCtx *x, int best, int base, int sort_key) {
    if (best < 0)
        return INT_MAX;
    const SeFound *f = &x->found[best];
    if (f->rating - se_penalty(f->complexity) != base)
        return INT_MAX;
    return sort_key < f->sort_key ? f->complexity : f->complexity - 1;
}

/* An inner search's findings are kept by their removals (se_nested.c's rule_found: of those
 * that remove the same, the first sorted alone), so one that cannot come before an earlier
 * finding of the same removals is not kept. SAME_REMS remembers, by the removals' hash, a
 * finding of them (checked against x->found: a slot may hold another search's, or another
 * set's; the GIL is held throughout a search) */
enum { SAME_REMS = 4096 };
static int same_rems[SAME_REMS];

/* the removals as a set: their hash, the same in any order */
static uint64_t rems_hash(const int16_t *rems, int n_rems) {
    uint64_t h = 0;
    for (int r = 0; r < n_rems; r++)
        h += se_spread((uint64_t)(rems[2 * r] * 16 + rems[2 * r + 1] + 1));
    return h;
}

/* whether the finding removes the same set as rems */
static int removes_same(const SeCtx *x, const SeFound *f, const int16_t *rems, int n_rems) {
    if (f->n_rems != n_rems)
        return 0;
    const int16_t *own = x->rems + f->rems;
    for (int r = 0; r < n_rems; r++) {
        int held = 0;
        for (int k = 0; k < n_rems && !held; k++)
            held = own[2 * k] == rems[2 * r] && own[2 * k + 1] == rems[2 * r + 1];
        if (!held)
            return 0;
    }
    return 1;
}

/* the finding a new one must come before to be kept, or -1 (any is kept): where the easiest
 * alone is asked for (x->easiest), the last kept (each kept one comes before those kept
 * earlier, so the last is the easiest); in an inner search, an earlier one of the same
 * removals (*slot: its place in same_rems, for the new one's if it is kept) */
static int to_beat(const SeCtx *x, const int16_t *rems, int n_rems, int *slot) {
    *slot = -1;
    if (x->summarize) {
        *slot = (int)(rems_hash(rems, n_rems) % SAME_REMS);
        int k = same_rems[*slot];
        return k < x->n_found && removes_same(x, &x->found[k], rems, n_rems) ? k : -1;
    }
    return x->easiest && x->n_found ? x->n_found - 1 : -1;
}

/* Chainer._found: a finding whose chains end at ``targets``, its complexity their potentials
 * plus (levels 2 and up) each nested chain they rest on once; an inner search's finding keeps
 * its summary too (each chain walked once for all of it). One that cannot be kept (to_beat)
 * is left as soon as its chains' walks pass the complexity it must come in under: neither
 * kept nor shaped. */
int se_found_chain(SeCtx *x, int name, int base, int sort_key, const int16_t *rems, int n_rems,
                   int cell, int value, const int *targets, int n_targets, int origin) {
    int complexity = 0, links = x->n_links, n_seen = 0, slot;
    int most = most_before(x, to_beat(x, rems, n_rems, &slot), base, sort_key);
    uint64_t chain = 0xcbf29ce484222325ULL;
    for (int t = 0; t < n_targets; t++) {
        if (complexity > most)
            return 0;
        int count = se_chain_of(x, targets[t], most - complexity);
        if (count > most - complexity)
            return 0;
        int nested = count >= 0 && x->level >= 2 ? nested_complexity(x, count, &n_seen) : 0;
        if (count < 0 || nested < 0 || (x->summarize && summarize(x, &chain, count, origin) < 0))
            return -1;
        complexity += count + nested;
    }
    if (complexity > most)
        return 0;
    if (se_add_found(x, name, base, complexity, sort_key, rems, n_rems, cell, value) < 0)
        return -1;
    SeFound *f = &x->found[x->n_found - 1];
    if (slot >= 0) /* (kept: it comes before every earlier one of its removals) */
        same_rems[slot] = x->n_found - 1;
    f->links = links;
    f->n_links = x->n_links - links;
    f->chain = chain;
    /* the outer search's findings alone are handed back: their shapes for serate's %s (none
     * where nothing reads them) */
    return x->summarize || x->unshaped ? 0 : shape_of(x, targets, n_targets, complexity, origin);
}

void se_hash_order(const int16_t *rems, int n_rems, int16_t *out) {
    int cells[81], n = 0;
    uint16_t masks[81] = {0};
    for (int r = 0; r < n_rems; r++) {
        int cell = rems[2 * r];
        if (!masks[cell])
            cells[n++] = cell;
        masks[cell] |= (uint16_t)(1 << rems[2 * r + 1]);
    }
    int size = 16;
    while (n > size * 3 / 4)
        size *= 2;
    for (int i = 1; i < n; i++) /* a stable sort by the cell's slot */
        for (int j = i; j > 0 && (cells[j - 1] & (size - 1)) > (cells[j] & (size - 1)); j--) {
            int t = cells[j];
            cells[j] = cells[j - 1];
            cells[j - 1] = t;
        }
    int k = 0;
    for (int i = 0; i < n; i++)
        for (int v = 1; v <= 9; v++)
            if (masks[cells[i]] >> v & 1) {
                out[k++] = (int16_t)cells[i];
                out[k++] = (int16_t)v;
            }
}

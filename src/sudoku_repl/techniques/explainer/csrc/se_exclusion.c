/* Aligned pair and triplet exclusion (exclusion.py): combinations of values of two or three
 * cells that would empty a cell they all see are impossible; a value left in no possible
 * combination goes. In exclusion.py's order; ``limit`` hints at most (0: all). */
#include "se_exclusion.h"

/* whether two cells see each other (the geometry's peers: a rule's leaps too) */
static int peers(const SeGeo *geo, int a, int b) {
    return (int)(geo->peer_mask[a][b >> 6] >> (b & 63) & 1);
}

typedef struct {
    int cells[81], n;       /* exclusion._candidates' cells, ascending */
    uint64_t exm[81][2];    /* their excluders as bits (cell >> 6, 1 << (cell & 63)) */
    uint64_t rev[81][2];    /* by excluder: the cells whose excluder it is, as bits */
    uint64_t inm[2];        /* the cells, as bits */
} Table;

static void candidates(const SeGrid *g, int degree, Table *t) {
    const SeGeo *geo = g->geo;
    /* the cells by their count of candidates, as bits: one (a peer that is one leaves the cell
     * out), two or more (the table's own), two to ``degree`` (an excluder) */
    uint64_t one[2] = {0, 0}, many[2] = {0, 0}, few[2] = {0, 0};
    for (int cell = 0; cell < 81; cell++) {
        int k = BITS[g->cands[cell] >> 1];
        uint64_t bit = 1ULL << (cell & 63);
        if (k == 1)
            one[cell >> 6] |= bit;
        else if (k >= 2) {
            many[cell >> 6] |= bit;
            if (k <= degree)
                few[cell >> 6] |= bit;
        }
    }
    t->inm[0] = t->inm[1] = 0;
    t->n = 0;
    memset(t->rev, 0, sizeof t->rev);
    for (int w = 0; w < 2; w++)
        for (uint64_t cells = many[w]; cells; cells &= cells - 1) {
            int cell = 64 * w + ctz64(cells);
            const uint64_t *peers = geo->peer_mask[cell];
            uint64_t *exm = t->exm[cell];
            exm[0] = peers[0] & few[0];
            exm[1] = peers[1] & few[1];
            for (int v = 0; v < 2; v++)
                for (uint64_t m = exm[v]; m; m &= m - 1)
                    t->rev[64 * v + ctz64(m)][w] |= 1ULL << (cell & 63);
            if (!(peers[0] & one[0]) && !(peers[1] & one[1]) && (exm[0] | exm[1])) {
                t->inm[w] |= 1ULL << (cell & 63);
                t->cells[t->n++] = cell;
            }
        }
}

/* exclusion._exclude: the removals (cell, value pairs into rems), their count. A combination
 * of values (``used``, as bits) is impossible where it holds every candidate of an excluder:
 * the sets of values that do are marked once (``dead``, a bit per 9-bit set: an excluder's
 * candidates, and with one value more where the group has a cell more than it has candidates),
 * so that a combination is one lookup; the walk over the combinations ends once every value of
 * the group's cells is allowed (nothing to remove). */
static int exclude(const SeGrid *g, const int *cells, int n, const int *ex, int n_ex,
                   int16_t *rems) {
    int allowed[3] = {0, 0, 0};
    uint64_t dead[8] = {0};
    int m0 = g->cands[cells[0]] >> 1, m1 = g->cands[cells[1]] >> 1;
    int m2 = n == 3 ? g->cands[cells[2]] >> 1 : 0;
    /* a combination's values are the group's: only the sets within them are looked up, so an
     * excluder with a value none of the group's cells holds kills none */
    int values = m0 | m1 | m2, killing = 0;
    for (int e = 0; e < n_ex; e++) {
        int m = g->cands[ex[e]] >> 1, k = BITS[m];
        if (k > n || m & ~values)
            continue;
        killing |= m;
        dead[m >> 6] |= 1ULL << (m & 63);
        if (k < n)
            for (int more = values & ~m; more; more &= more - 1) {
                int s = m | (more & -more);
                dead[s >> 6] |= 1ULL << (s & 63);
            }
    }
    int p01 = peers(g->geo, cells[0], cells[1]);
    int p02 = n == 3 && peers(g->geo, cells[0], cells[2]);
    int p12 = n == 3 && peers(g->geo, cells[1], cells[2]);
    /* none killed and no two cells seeing each other: every combination is one, every value
     * allowed (cells that see each other may leave a value in none: a third's value where the
     * other two hold the same two values alone) */
    if (!killing && !p01 && !p02 && !p12)
        return 0;
    /* A combination whose other values are free (in no killing excluder) is killed by none: an
     * excluder holds two values or three, and only one of them would be the combination's. So
     * a value of a cell is allowed where the next cell has a free value (other than it, where
     * they see each other) and the last one too (other than both, where it sees them): where
     * every cell's values are so allowed, none goes */
    int f0 = BITS[m0 & ~killing], f1 = BITS[m1 & ~killing], f2 = BITS[m2 & ~killing];
    if (n == 2 ? f0 > p01 && f1 > p01
               : f0 > (p01 > p02 ? p01 : p02) && f1 > p01 + p12 && f2 > p02 + p12)
        return 0;
    for (int a = m0; a; a &= a - 1) {
        int ba = a & -a;
        for (int b = m1; b; b &= b - 1) {
            int bb = b & -b;
            if (ba == bb && p01)
                continue;
            if (n == 2) {
                int used = ba | bb;
                if (!(dead[used >> 6] >> (used & 63) & 1)) {
                    allowed[0] |= ba;
                    allowed[1] |= bb;
                    if (allowed[1] == m1)
                        break; /* (nothing more this value of the first cell can allow) */
                }
                continue;
            }
            for (int c = m2; c; c &= c - 1) {
                int bc = c & -c;
                if ((ba == bc && p02) || (bb == bc && p12))
                    continue;
                int used = ba | bb | bc;
                if (!(dead[used >> 6] >> (used & 63) & 1)) {
                    allowed[0] |= ba;
                    allowed[1] |= bb;
                    allowed[2] |= bc;
                    if (allowed[1] == m1 && allowed[2] == m2)
                        goto next; /* (nothing more this value of the first cell can allow) */
                }
            }
        }
    next:
        if (allowed[0] == m0 && allowed[1] == m1 && allowed[2] == m2)
            return 0; /* every value allowed: nothing goes */
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        int gone = (g->cands[cells[i]] >> 1) & ~allowed[i];
        for (int v = 1; v <= 9; v++)
            if (gone >> (v - 1) & 1) {
                rems[2 * k] = (int16_t)cells[i];
                rems[2 * k++ + 1] = (int16_t)v;
            }
    }
    return k;
}

/* one group's hint, if it removes anything: 1 added, 0 not, -1 on an error */
static int group_hint(SeCtx *x, const SeGrid *g, const Table *t, const int *group, int n) {
    int common[SE_MAX_PEERS], n_common = 0;
    uint64_t both[2]; /* the excluders the group's cells have in common, ascending */
    for (int w = 0; w < 2; w++) {
        both[w] = t->exm[group[0]][w];
        for (int i = 1; i < n; i++)
            both[w] &= t->exm[group[i]][w];
    }
    uint64_t either = both[0] | both[1];
    if (!(both[0] && both[1]) && !(either & (either - 1)))
        return 0; /* fewer than two in common (one word empty, the other of one bit at most) */
    for (int w = 0; w < 2; w++)
        for (uint64_t m = both[w]; m; m &= m - 1)
            common[n_common++] = 64 * w + ctz64(m);
    int16_t rems[2 * 27];
    int k = exclude(g, group, n, common, n_common, rems);
    if (!k)
        return 0;
    if (se_add_found(x, 0, n == 2 ? 62 : 75, 0, 0, rems, k, 0, 0) < 0 ||
        se_found_shape(x, group, n) < 0) /* its shape: the group's cells */
        return -1;
    return 1;
}

/* The walk below meets a group of three cells x < y < z up to three times: from the pair
 * (x, y) where z is an excluder of x or of y, from (x, z) where y is one of x or z, from (y, z)
 * where x is one of y or z, in that order. Its hint does not depend on the order of its cells
 * (the combinations and the excluders in common are the same), so a group that removed nothing
 * the first time it was met removes nothing again: met again, it is passed by, unless it is
 * among the few that removed something (``Hits``), whose hint is given again as before. */

static int excludes(const Table *t, int cell, int other) {
    return (int)(t->exm[cell][other >> 6] >> (other & 63) & 1);
}

/* whether the walk met the group of the pair (p, q), p < q, and r from an earlier pair */
static int met_before(const Table *t, int p, int q, int r) {
    if (r > q) /* the pair (x, y): its first meeting */
        return 0;
    int z_met = excludes(t, p, q) || excludes(t, r, q); /* from (x, y) */
    if (r > p)                                          /* the pair (x, z) */
        return z_met;
    return z_met || excludes(t, r, p) || excludes(t, q, p); /* (y, z): also from (x, z) */
}

/* the groups of three that removed something, as sorted cells (after 64: every group given) */
#define MAX_HITS 64
typedef struct {
    int n, full;
    unsigned char cells[MAX_HITS][3];
} Hits;

static void sorted3(int a, int b, int c, unsigned char *out) {
    int lo = a < b ? a : b, hi = a < b ? b : a;
    out[0] = (unsigned char)(c < lo ? c : lo);
    out[2] = (unsigned char)(c > hi ? c : hi);
    out[1] = (unsigned char)(a + b + c - out[0] - out[2]);
}

static int among(const Hits *h, int a, int b, int c) {
    if (h->full)
        return 1;
    unsigned char key[3];
    sorted3(a, b, c, key);
    for (int i = 0; i < h->n; i++)
        if (!memcmp(h->cells[i], key, 3))
            return 1;
    return 0;
}

static void remember(Hits *h, int a, int b, int c) {
    if (h->n == MAX_HITS) {
        h->full = 1;
        return;
    }
    sorted3(a, b, c, h->cells[h->n++]);
}

/* the thirds c whose group (c0, c1, c) one of ``changed`` (se_exclusion_since's) touches, a
 * cell of the group or an excluder that sees them all, as bits (``keep``): every cell where c0
 * or c1 is changed; else the changed cells, and the peers of each of ``seers`` (the changed
 * cells that are excluders now) that sees both c0 and c1 (the peers see each other both ways: c
 * sees it as it sees c). With c0 = c1: the firsts c of the pairs (c, c1) so touched */
static void touching_thirds(const SeGeo *geo, const uint64_t *changed, const uint64_t *seers,
                            int c0, int c1, uint64_t *keep) {
    if ((changed[c0 >> 6] >> (c0 & 63) & 1) || (changed[c1 >> 6] >> (c1 & 63) & 1)) {
        keep[0] = keep[1] = ~(uint64_t)0;
        return;
    }
    keep[0] = changed[0];
    keep[1] = changed[1];
    for (int w = 0; w < 2; w++)
        for (uint64_t m = seers[w] & geo->peer_mask[c0][w] & geo->peer_mask[c1][w]; m;
             m &= m - 1) {
            int a = 64 * w + ctz64(m);
            keep[0] |= geo->peer_mask[a][0];
            keep[1] |= geo->peer_mask[a][1];
        }
}

/* se_exclusion(values, cands, degree, limit[, geometry, shaped]): the removals (``shaped``: with
 * the group's cells, as (removals, cells)) of each hint of
 * exclusion.aligned_exclusion(degree), in its order, ``limit`` at most (0: all) */
/* the search: the first ``limit`` findings (0: all) into x->found, in exclusion.py's order;
 * 0, or -1 (MemoryError) */
int se_exclusion_run(SeCtx *x, const SeGrid *g, int degree, int limit) {
    return se_exclusion_since(x, g, degree, limit, NULL);
}

/* the cells with two or more of ``excluders`` (as bits) among their own, as bits (``twice``):
 * those met twice or more among the excluders' cells */
static void met_twice(const Table *t, const uint64_t *excluders, uint64_t *twice) {
    uint64_t once[2] = {0, 0};
    twice[0] = twice[1] = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = excluders[w]; m; m &= m - 1) {
            const uint64_t *cells = t->rev[64 * w + ctz64(m)];
            for (int v = 0; v < 2; v++) {
                twice[v] |= once[v] & cells[v];
                once[v] |= cells[v];
            }
        }
}

/* the groups of the pair (c0, c1), c0 < c1, into x->found as se_exclusion_since walks them:
 * 0, 1 once ``limit`` findings are made, or -1 on an error */
static int pair_groups(SeCtx *x, const SeGrid *g, const Table *t, int degree, int limit,
                       const uint64_t *changed, Hits *hits, int c0, int c1) {
    if (degree == 2) { /* (the pairs no changed cell touches left out: se_exclusion_since) */
        int group[2] = {c0, c1};
        if (group_hint(x, g, t, group, 2) < 0)
            return -1;
        return limit && x->n_found >= limit;
    }
    /* the thirds: c0's excluders in the table, then c1's not among them, each ascending
     * (exclusion.py's walk of the two lists, a cell met once); of those, only the cells with
     * two or more of the pair's excluders in common among their own (with fewer, the group
     * removes nothing: group_hint) */
    uint64_t thirds[2][2], keep[2] = {~(uint64_t)0, ~(uint64_t)0}, both[2], twice[2];
    if (changed) /* the groups no changed cell touches, left out as bits */
        touching_thirds(g->geo, changed, changed + 2, c0, c1, keep);
    both[0] = t->exm[c0][0] & t->exm[c1][0];
    both[1] = t->exm[c0][1] & t->exm[c1][1];
    met_twice(t, both, twice);
    for (int w = 0; w < 2; w++) {
        keep[w] &= twice[w];
        uint64_t pair = w == c0 >> 6 ? 1ULL << (c0 & 63) : 0;
        pair |= w == c1 >> 6 ? 1ULL << (c1 & 63) : 0;
        thirds[0][w] = t->exm[c0][w] & t->inm[w] & ~pair & keep[w];
        thirds[1][w] = t->exm[c1][w] & ~t->exm[c0][w] & t->inm[w] & ~pair & keep[w];
    }
    for (int l = 0; l < 2; l++)
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = thirds[l][w]; bits; bits &= bits - 1) {
                int c = 64 * w + ctz64(bits);
                if (met_before(t, c0, c1, c) && !among(hits, c0, c1, c))
                    continue; /* it removed nothing then: nor now */
                int group[3] = {c0, c1, c};
                int said = group_hint(x, g, t, group, 3);
                if (said < 0)
                    return -1;
                if (said)
                    remember(hits, c0, c1, c);
                if (limit && x->n_found >= limit)
                    return 1;
            }
    return limit && x->n_found >= limit;
}

int se_exclusion_since(SeCtx *x, const SeGrid *g, int degree, int limit, const uint64_t *changed) {
    Hits hits = {0};
    Table *t = PyMem_Malloc(sizeof(Table));
    if (!t) {
        PyErr_NoMemory();
        return -1;
    }
    int result = 0;
    candidates(g, degree, t);
    uint64_t touched[4]; /* the changed cells, then those of them that are excluders now */
    for (int w = 0; changed && w < 2; w++) {
        touched[w] = changed[w];
        touched[2 + w] = 0;
        for (uint64_t m = changed[w]; m; m &= m - 1) {
            int c = 64 * w + ctz64(m), k = BITS[g->cands[c] >> 1];
            touched[2 + w] |= (uint64_t)(k >= 1 && k <= degree) << (c & 63);
        }
    }
    if (changed)
        changed = touched;
    /* the pairs by their second cell, then their first, both ascending (exclusion.py's) */
    for (int second = 1; second < t->n && !result; second++) {
        int c1 = t->cells[second];
        /* the firsts: the cells before c1 in the table with two excluders or more in common
         * with it (with fewer, no group of the pair can remove anything: group_hint, and a
         * third cell only narrows them), ascending as the table is */
        uint64_t firsts[2];
        met_twice(t, t->exm[c1], firsts);
        firsts[0] &= t->inm[0] & (c1 < 64 ? (1ULL << c1) - 1 : ~(uint64_t)0);
        firsts[1] &= t->inm[1] & (c1 < 64 ? 0 : (1ULL << (c1 - 64)) - 1);
        if (changed && degree == 2) { /* the pairs no changed cell touches, left out as bits */
            uint64_t keep[2];
            touching_thirds(g->geo, changed, changed + 2, c1, c1, keep);
            firsts[0] &= keep[0];
            firsts[1] &= keep[1];
        }
        for (int w = 0; w < 2 && !result; w++)
            for (uint64_t m = firsts[w]; m && !result; m &= m - 1) {
                int c0 = 64 * w + ctz64(m);
                result = pair_groups(x, g, t, degree, limit, changed, &hits, c0, c1);
            }
    }
    PyMem_Free(t);
    return result < 0 ? -1 : 0;
}

PyObject *se_exclusion(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *cands, *geometry = Py_None;
    int degree, limit, shaped = 0;
    if (!PyArg_ParseTuple(args, "OOii|Op", &values, &cands, &degree, &limit, &geometry, &shaped))
        return NULL;
    const SeGeo *geo = se_geo_of(geometry);
    if (!geo)
        return NULL;
    if (degree != 2 && degree != 3) {
        PyErr_SetString(PyExc_ValueError, "aligned exclusion is of 2 or 3 cells");
        return NULL;
    }
    SeGrid g;
    SeCtx x;
    memset(&x, 0, sizeof x);
    PyObject *result = NULL;
    if (se_parse_grid(values, cands, &g) < 0)
        goto done;
    g.geo = geo; /* (its table is not read: the exclusion reads the candidates) */
    if (se_exclusion_run(&x, &g, degree, limit) < 0)
        goto done;
    result = PyList_New(x.n_found);
    for (int i = 0; result && i < x.n_found; i++) {
        const SeFound *f = &x.found[i];
        PyObject *rems = se_rems_tuple(&x, f);
        if (rems && shaped) /* (removals, the group's cells) */
            rems = Py_BuildValue("(NN)", rems, se_ints_tuple(x.shapes + f->shape, f->n_shape));
        if (!rems)
            Py_CLEAR(result);
        else
            LIST_SET(result, i, rems);
    }
done:
    se_ctx_free(&x);
    return result;
}

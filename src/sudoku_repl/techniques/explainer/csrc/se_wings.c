/* wings.py: XY-Wing (4.2) and XYZ-Wing (4.4), in wings.py's order (the pivots in cell order,
 * its bivalue peers' pairs in cell order); WXYZ-Wing (5.5-5.6) and VWXYZ-Wing (6.2-6.4), every
 * one found, then sorted by rating, the most removals first among equals, stable (SeFinds).
 *
 * The sets of cells are SeCells (se_rungs.h): the cells that may join a growing set
 * (``seeing``), the cells all of a group see (``victims``' targets), a set's peers (``area``);
 * each is walked lowest cell first, the order of the Python's sorted lists. The ALS wings'
 * sets are grown from ``Als.eligible`` alone (the cells of 2 to size + 1 values: no other can
 * join) and closed by ``Als.bivalue``'s cells alone (a pincer has two values): the same sets
 * and pincers, in the same order. */
#include "se_wings.h"

#define BIT(c) se_cells_of(c)
#define AND se_cells_and
#define OR se_cells_or
#define MINUS se_cells_minus
#define ANY se_cells_any

static int lowest_digit(int mask) { return ctz32((unsigned)mask); }

/* wings.xy_wing's finder: ``pivot_size`` 2 (XY) or 3 (XYZ) */
int se_xy_wing(SeRungs *r, int pivot_size) {
    const uint16_t *cands = r->g->cands;
    int xyz = pivot_size == 3;
    for (int pivot = 0; pivot < 81; pivot++) {
        int pm = cands[pivot];
        if (se_bits((unsigned)pm) != pivot_size)
            continue;
        int wings[20], n = 0;
        for (SeCells m = SE_PEER_CELLS[pivot]; ANY(m);) {
            int c = se_cells_pop(&m);
            if (se_bits((unsigned)cands[c]) == 2)
                wings[n++] = c;
        }
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                int w1 = wings[i], w2 = wings[j], m1 = cands[w1], m2 = cands[w2];
                if (m1 == m2)
                    continue;
                int z = m1 & m2;
                if (se_bits((unsigned)z) != 1)
                    continue;
                if (xyz ? (m1 | m2) != pm : (z & pm) || ((m1 | m2) & ~z) != pm)
                    continue;
                if (r->since && !ANY(AND(r->changed, OR(BIT(pivot), OR(BIT(w1), BIT(w2))))))
                    continue; /* (its cells as they were where it found nothing: SeRungs.since) */
                int value = lowest_digit(z);
                SeCells targets = AND(SE_PEER_CELLS[w1], SE_PEER_CELLS[w2]);
                if (xyz)
                    targets = AND(targets, SE_PEER_CELLS[pivot]);
                int rems[2 * 81], k = 0;
                for (SeCells m = MINUS(targets, BIT(pivot)); ANY(m);) {
                    int c = se_cells_pop(&m);
                    if (cands[c] & z) {
                        rems[2 * k] = c;
                        rems[2 * k + 1] = value;
                        k++;
                    }
                }
                if (k) {
                    int shape[4] = {pivot, w1, w2, value};
                    int done = xyz ? se_rung(r, SE_N_XY_WING + 1, 44, rems, k, -1, 0, shape, 4)
                                   : se_rung(r, SE_N_XY_WING, 42, rems, k, -1, 0, shape, 4);
                    if (done)
                        return done;
                }
            }
    }
    return 0;
}

typedef struct {
    const uint16_t *cands;
    SeCells eligible, bivalue;
    int size, base, middle, top;
    int cells[4], n_cells;
    SeFinds found;
    int since; /* SeRungs.since and changed */
    SeCells changed;
    SeCells want; /* since: the changed cells and the peers of the changed bivalue ones */
    int *now; /* the removals of the pincer being looked at (se_als_wing's, 2 * 81 * 6) */
    int n_now;
} Als;

/* the cells of the set holding each value (wings.py's holders), as masks: held[v] for the
 * values of ``u`` (the set's) */
static void holders(const Als *a, int u, SeCells *held) {
    for (int m = u; m; m &= m - 1)
        held[ctz32((unsigned)m)] = se_cells_none();
    for (int i = 0; i < a->n_cells; i++)
        for (int m = a->cands[a->cells[i]]; m; m &= m - 1)
            held[ctz32((unsigned)m)] = OR(held[ctz32((unsigned)m)], BIT(a->cells[i]));
}

/* wings.py's victims: the cells seeing every cell of ``group``, not excluded, with the value */
static void victims(Als *a, SeCells group, int value, SeCells exclude) {
    SeCells targets = se_cells_all();
    for (SeCells m = group; ANY(m);)
        targets = AND(targets, SE_PEER_CELLS[se_cells_pop(&m)]);
    for (SeCells m = MINUS(targets, exclude); ANY(m);) {
        int c = se_cells_pop(&m);
        if (a->cands[c] >> value & 1) {
            a->now[2 * a->n_now] = c;
            a->now[2 * a->n_now + 1] = value;
            a->n_now++;
        }
    }
}

/* whether the cell sees every one of ``group`` (wings._sees) */
static int sees(int cell, SeCells group) { return se_cells_within(group, SE_PEER_CELLS[cell]); }

/* wings.suffix, as a number in the text's order: its characters (a digit d counts d + 1),
 * four of them, the missing ones 0 (a shorter text that begins a longer one comes first) */
static int suffix_order(int doubly, int biggest, int total) {
    int chars[4] = {2 + doubly, biggest + 1, 0, 0};
    if (total >= 10) {
        chars[2] = total / 10 + 1;
        chars[3] = total % 10 + 1;
    } else
        chars[2] = total + 1;
    return ((chars[0] * 11 + chars[1]) * 11 + chars[2]) * 11 + chars[3];
}

/* wings.py's pincers: the bivalue cells that close the set (0, or -1 with MemoryError); a
 * wing's sort key: the most removals first, then the greatest suffix (serate's sort) */
static int pincers(Als *a, int u) {
    int biggest = 0, total = 0;
    SeCells area = se_cells_none(), set = se_cells_none();
    for (int i = 0; i < a->n_cells; i++) {
        int k = se_bits((unsigned)a->cands[a->cells[i]]);
        total += k;
        biggest = k > biggest ? k : biggest;
        area = OR(area, SE_PEER_CELLS[a->cells[i]]);
        set = OR(set, BIT(a->cells[i]));
    }
    area = AND(MINUS(area, set), a->bivalue);
    if (a->since && !ANY(AND(set, a->changed))) /* the set as it was: a pincer that changed */
        area = AND(area, a->changed);
    int off = a->middle - biggest;
    int rating = a->base + (a->top - a->middle) - (off < 0 ? -off : off);
    SeCells held[10];
    int have_held = 0; /* (made at the first pincer whose values are the set's) */
    for (SeCells m = area; ANY(m);) {
        int yz = se_cells_pop(&m), mask = a->cands[yz];
        if ((mask & u) != mask)
            continue;
        if (!have_held) {
            holders(a, u, held);
            have_held = 1;
        }
        int va = lowest_digit(mask), vb = lowest_digit(mask & (mask - 1));
        SeCells ha = held[va], hb = held[vb], exclude = OR(set, BIT(yz));
        int linked_a = sees(yz, ha), linked_b = sees(yz, hb);
        a->n_now = 0;
        if (linked_a && linked_b) {
            victims(a, OR(ha, BIT(yz)), va, exclude);
            victims(a, OR(hb, BIT(yz)), vb, exclude);
            int rest = u & ~mask;
            for (int w = 1; w <= 9; w++)
                if (rest >> w & 1)
                    victims(a, held[w], w, exclude);
        } else if (linked_a || linked_b) {
            int z = linked_a ? vb : va;
            victims(a, OR(held[z], BIT(yz)), z, exclude);
        } else
            continue;
        if (!a->n_now)
            continue;
        /* the shape: doubly linked where a and b both link and the removals are of the set's
         * other digits, or of both a and b (wings.py's), then the sizes and the cells */
        int removed = 0, shape[3 + 5];
        for (int i = 0; i < a->n_now; i++)
            removed |= 1 << a->now[2 * i + 1];
        shape[0] = linked_a && linked_b && ((removed & ~mask) || (removed & mask) == mask);
        shape[1] = biggest;
        shape[2] = total;
        for (int i = 0; i < a->n_cells; i++)
            shape[3 + i] = a->cells[i];
        shape[3 + a->n_cells] = yz;
        int key = -a->n_now * 20000 - suffix_order(shape[0], biggest, total);
        if (se_finds_add(&a->found, SE_N_ALS_WING + a->size - 3, rating, key, a->now,
                         a->n_now, shape, 4 + a->n_cells) < 0)
            return -1;
    }
    return 0;
}

/* wings.py's grow: ``seeing``, the cells after the last one that see every cell of the set
 * (``set``). Since (SeRungs.since), a set pincers keeps has a changed cell or sees a changed
 * pincer, so a cell of ``want``: a set that can take no such cell is left at once */
static int grow(Als *a, int u, SeCells set, SeCells seeing) {
    if (a->n_cells == a->size)
        return se_bits((unsigned)u) == a->size + 1 ? pincers(a, u) : 0;
    if (a->since && !ANY(AND(OR(set, seeing), a->want)))
        return 0;
    for (SeCells m = seeing; ANY(m);) {
        int next = se_cells_pop(&m), mask = a->cands[next];
        int grown = u | mask;
        if (se_bits((unsigned)grown) > a->size + 1)
            continue;
        a->cells[a->n_cells++] = next;
        int failed = grow(a, grown, OR(set, BIT(next)),
                          AND(AND(seeing, se_cells_after(next)), SE_PEER_CELLS[next])) < 0;
        a->n_cells--;
        if (failed)
            return -1;
    }
    return 0;
}

/* wings.als_wing's finder: ``size`` 3 (WXYZ) or 4 (VWXYZ) */
int se_als_wing(SeRungs *r, int size) {
    /* (the removals' buffer apart and not zeroed: only what victims wrote is read) */
    int now[2 * 81 * 6];
    Als als = {.now = now}, *a = &als;
    a->cands = r->g->cands;
    a->since = r->since;
    a->changed = r->changed;
    a->size = size;
    a->base = size == 3 ? 55 : 62;
    a->middle = 3;
    a->top = size == 3 ? 4 : 5;
    for (int c = 0; c < 81; c++) {
        int k = se_bits((unsigned)a->cands[c]);
        if (k >= 2 && k <= size + 1)
            a->eligible = OR(a->eligible, BIT(c));
        if (k == 2)
            a->bivalue = OR(a->bivalue, BIT(c));
    }
    a->want = a->changed;
    for (SeCells m = AND(a->changed, a->bivalue); ANY(m);)
        a->want = OR(a->want, SE_PEER_CELLS[se_cells_pop(&m)]);
    int done = 0;
    for (SeCells left = a->eligible; ANY(left) && !done;) {
        int first = se_cells_pop(&left);
        a->cells[0] = first;
        a->n_cells = 1;
        done = grow(a, a->cands[first], BIT(first),
                    AND(AND(SE_PEER_CELLS[first], se_cells_after(first)), a->eligible));
    }
    done = done < 0 ? -1 : se_finds_emit(&a->found, r);
    se_finds_free(&a->found);
    return done;
}

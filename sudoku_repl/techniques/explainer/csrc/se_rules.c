/* The "+" of dynamic forcing chains (+) (advanced.py): once a chain's implications run dry, the
 * simplest rules (pointing and claiming, hidden pairs, naked pairs, X-Wings) on the chain's
 * grid, in the order and with the parents of advanced.simple_rule_offs. */
#include "se_rules.h"

typedef struct {
    int16_t rems[2 * 32];
    int n_rems;
    int keys[32]; /* the "off" keys the removals rest on */
    int n_keys;
} Pattern;

static void rem(Pattern *p, int cell, int value) {
    p->rems[2 * p->n_rems] = (int16_t)cell;
    p->rems[2 * p->n_rems + 1] = (int16_t)value;
    p->n_rems++;
}

/* a pattern's removals as potentials resting on the keys found in ``offs`` (a pattern that
 * rests on no key of the chain is left out) */
static int emit_pattern(SeCtx *x, const Pattern *p, const SeMap *offs) {
    if (!p->n_keys)
        return 0;
    for (int r = 0; r < p->n_rems; r++) {
        int pot = se_pot(x, p->rems[2 * r], p->rems[2 * r + 1], 0, -1);
        if (pot < 0)
            return -1;
        for (int k = 0; k < p->n_keys; k++)
            if (se_has(offs, p->keys[k]) && se_add_parent(x, pot, offs->idx[p->keys[k]]) < 0)
                return -1;
        if (se_adv_push(x, pot) < 0)
            return -1;
    }
    return 0;
}

static int lost(const SeGrid *g, const SeGrid *s, int cell, int value) {
    return (s->cands[cell] >> value & 1) && !(g->cands[cell] >> value & 1);
}

static int empty_count(const SeGrid *g, int unit) {
    int n = 0;
    for (int i = 0; i < 9; i++)
        n += !g->values[SE_UNITS[unit][i]];
    return n;
}

/* (value, unit1, unit2) of singles.locked_places, with _locking's removals and parents */
static int locking(SeCtx *x, const SeGrid *g, const SeGrid *s, const SeMap *offs) {
    static const int PAIRS[4][2] = {{0, 2}, {0, 1}, {2, 0}, {1, 0}};
    for (int t = 0; t < 4; t++) {
        int type1 = PAIRS[t][0], type2 = PAIRS[t][1];
        for (int value = 1; value <= 9; value++)
            for (int unit1 = type1 * 9; unit1 < type1 * 9 + 9; unit1++) {
                int pos = g->table[unit1][value];
                if (BITS[pos] < 2)
                    continue;
                int unit2 = SE_CELL_UNITS[SE_UNITS[unit1][__builtin_ctz(pos)]][type2];
                int all = 1;
                for (int i = 0; i < 9; i++)
                    if (pos >> i & 1 && SE_CELL_UNITS[SE_UNITS[unit1][i]][type2] != unit2)
                        all = 0;
                if (!all)
                    continue;
                Pattern p = {.n_rems = 0, .n_keys = 0};
                for (int i = 0; i < 9; i++) {
                    int cell = SE_UNITS[unit2][i];
                    if (SE_CELL_UNITS[cell][type1] != unit1 && g->cands[cell] >> value & 1)
                        rem(&p, cell, value);
                }
                if (!p.n_rems)
                    continue;
                for (int i = 0; i < 9; i++) {
                    int cell = SE_UNITS[unit1][i];
                    if (lost(g, s, cell, value) && SE_CELL_UNITS[cell][type2] != unit2)
                        p.keys[p.n_keys++] = se_key(cell, value, 0);
                }
                if (emit_pattern(x, &p, offs) < 0)
                    return -1;
            }
    }
    return 0;
}

/* subsets.hidden_set_patterns(grid, 2) with _hidden_pairs' parents */
static int hidden_pairs(SeCtx *x, const SeGrid *g, const SeGrid *s, const SeMap *offs) {
    for (int k = 0; k < 27; k++) {
        int unit = SE_BLOCKS_COLUMNS_ROWS[k];
        if (empty_count(g, unit) <= 4)
            continue;
        for (int b = 2; b <= 9; b++)
            for (int a = 1; a < b; a++) {
                int pa = g->table[unit][a], pb = g->table[unit][b];
                if (BITS[pa] <= 1 || BITS[pb] <= 1 || BITS[pa | pb] != 2)
                    continue;
                int common = pa | pb, keep = 1 << a | 1 << b;
                Pattern p = {.n_rems = 0, .n_keys = 0};
                for (int i = 0; i < 9; i++)
                    if (common >> i & 1) {
                        int cell = SE_UNITS[unit][i], m = g->cands[cell] & ~keep;
                        for (int v = 1; v <= 9; v++)
                            if (m >> v & 1)
                                rem(&p, cell, v);
                    }
                if (!p.n_rems)
                    continue;
                for (int i = 0; i < 9; i++) {
                    int cell = SE_UNITS[unit][i];
                    if (common >> i & 1)
                        continue;
                    if (s->cands[cell] >> a & 1)
                        p.keys[p.n_keys++] = se_key(cell, a, 0);
                    if (s->cands[cell] >> b & 1)
                        p.keys[p.n_keys++] = se_key(cell, b, 0);
                }
                if (emit_pattern(x, &p, offs) < 0)
                    return -1;
            }
    }
    return 0;
}

/* subsets.naked_set_patterns(grid, 2) with _naked_pairs' parents */
static int naked_pairs(SeCtx *x, const SeGrid *g, const SeGrid *s, const SeMap *offs) {
    for (int k = 0; k < 27; k++) {
        int unit = SE_BLOCKS_COLUMNS_ROWS[k];
        if (empty_count(g, unit) < 4)
            continue;
        for (int j = 1; j < 9; j++)
            for (int i = 0; i < j; i++) {
                int ci = SE_UNITS[unit][i], cj = SE_UNITS[unit][j];
                int mi = g->cands[ci], mj = g->cands[cj];
                if (BITS[mi >> 1] <= 1 || BITS[mj >> 1] <= 1 || BITS[(mi | mj) >> 1] != 2)
                    continue;
                int u = mi | mj;
                Pattern p = {.n_rems = 0, .n_keys = 0};
                for (int o = 0; o < 9; o++) {
                    int m = o == i || o == j ? 0 : g->cands[SE_UNITS[unit][o]] & u;
                    for (int v = 1; v <= 9; v++)
                        if (m >> v & 1)
                            rem(&p, SE_UNITS[unit][o], v);
                }
                if (!p.n_rems)
                    continue;
                int cells[2] = {ci, cj};
                for (int c = 0; c < 2; c++) {
                    int m = s->cands[cells[c]] & ~u;
                    for (int v = 1; v <= 9; v++)
                        if (m >> v & 1)
                            p.keys[p.n_keys++] = se_key(cells[c], v, 0);
                }
                if (emit_pattern(x, &p, offs) < 0)
                    return -1;
            }
    }
    return 0;
}

/* fish.fish_patterns(grid, 2) with _x_wings' parents */
static int x_wings(SeCtx *x, const SeGrid *g, const SeGrid *s, const SeMap *offs) {
    int counts[10] = {0};
    for (int c = 0; c < 81; c++)
        counts[g->values[c]]++;
    for (int base = 2; base >= 1; base--) {
        int cover = 3 - base;
        for (int j = 1; j < 9; j++)
            for (int i = 0; i < j; i++)
                for (int value = 1; value <= 9; value++) {
                    if (counts[value] + 4 > 9)
                        continue;
                    int pi = g->table[base * 9 + i][value], pj = g->table[base * 9 + j][value];
                    if (BITS[pi] <= 1 || BITS[pj] <= 1 || BITS[pi | pj] != 2)
                        continue;
                    int u = pi | pj;
                    Pattern p = {.n_rems = 0, .n_keys = 0};
                    for (int cv = 0; cv < 9; cv++) {
                        if (!(u >> cv & 1))
                            continue;
                        for (int k = 0; k < 9; k++) {
                            int cell = SE_UNITS[cover * 9 + cv][k];
                            if (k != i && k != j && g->cands[cell] >> value & 1)
                                rem(&p, cell, value);
                        }
                    }
                    if (!p.n_rems)
                        continue;
                    int lines[2] = {i, j};
                    for (int l = 0; l < 2; l++)
                        for (int k = 0; k < 9; k++) {
                            int cell = SE_UNITS[base * 9 + lines[l]][k];
                            int cv = SE_CELL_UNITS[cell][cover] - cover * 9;
                            if (lost(g, s, cell, value) && !(u >> cv & 1))
                                p.keys[p.n_keys++] = se_key(cell, value, 0);
                        }
                    if (emit_pattern(x, &p, offs) < 0)
                        return -1;
                }
    }
    return 0;
}

/* advanced.simple_rule_offs: the removals of the first rule that finds any resting on the
 * chain, as new "off" potentials in x->adv */
int se_simple_rule_offs(SeCtx *x, const SeGrid *work, const SeGrid *source, const SeMap *offs) {
    typedef int (*Rule)(SeCtx *, const SeGrid *, const SeGrid *, const SeMap *);
    static const Rule RULES[4] = {locking, hidden_pairs, naked_pairs, x_wings};
    x->n_adv = 0;
    for (int r = 0; r < 4; r++) {
        if (RULES[r](x, work, source, offs) < 0)
            return -1;
        if (x->n_adv)
            return x->n_adv;
    }
    return 0;
}

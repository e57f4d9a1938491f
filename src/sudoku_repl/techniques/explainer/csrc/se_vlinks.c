/* The variant ladder's checks of the strong links, wings and unique loops (se_vlinks.h): the
 * existence of a hint of strong_links.turbot_findings on the layout's plan, of
 * wings.xy_wing_patterns and wings.als_findings, and of uniqueness.loop_findings. */
#include "se_vlinks.h"

/* strong_links.RECTANGLES and BLADES: a block's empty rectangle around each heart, and the
 * heart's column and row without it, as places */
static int rectangle(int h) {
    int m = 0;
    for (int p = 0; p < 9; p++)
        if (p / 3 != h / 3 && p % 3 != h % 3)
            m |= 1 << p;
    return m;
}
static int blade(int h, int which) {
    int m = 0;
    for (int p = 0; p < 9; p++)
        if (p != h && (which ? p / 3 == h / 3 : p % 3 == h % 3))
            m |= 1 << p;
    return m;
}

/* the cells of a unit's places, in place order: their count */
static int cells_of(const int8_t *cells, int places, int *out) {
    int n = 0;
    for (int p = 0; p < 9; p++)
        if (places >> p & 1)
            out[n++] = cells[p];
    return n;
}

/* strong_links._link_ends: the ways (0: no link) a unit's places of a value name a strong
 * link's ends, each six cells (-1: none), and whether it is grouped */
static int link_ends(const int8_t *cells, int block, int places, int ends[2][6], int *grouped) {
    int count = popcount32((uint32_t)places), b1[9], b2[9];
    if (count < 2 || count > (block ? 5 : 6))
        return 0;
    for (int k = 0; k < 12; k++)
        ends[k / 6][k % 6] = -1;
    *grouped = count > 2;
    if (count == 2) {
        cells_of(cells, places, b1);
        ends[0][0] = b1[0];
        ends[0][1] = b1[1];
        return 1;
    }
    int heart = -1;
    for (int e = 0; e < (block ? 9 : 3) && heart < 0; e++)
        if (!(places & (block ? rectangle(e) : 7 << 3 * e)))
            heart = e;
    if (heart < 0)
        return 0;
    int blade1, blade2;
    if (block) {
        blade1 = places & blade(heart, 0);
        blade2 = places & blade(heart, 1);
    } else {
        int seg1 = heart == 0 ? 1 : 0, seg2 = heart == 2 ? 1 : 2;
        blade1 = places & 7 << 3 * seg1;
        blade2 = places & 7 << 3 * seg2;
    }
    if (!blade1 || !blade2)
        return 0;
    int n1 = cells_of(cells, blade1, b1), n2 = cells_of(cells, blade2, b2);
    if (n1 != 1 && n2 != 1) {
        int way[6] = {b1[0], b2[0], b1[1], b2[1], n1 > 2 ? b1[2] : -1, n2 > 2 ? b2[2] : -1};
        for (int k = 0; k < 6; k++)
            ends[0][k] = way[k];
        return 1;
    }
    int n = 0;
    for (int side = 0; side < 2; side++) {
        const int *single = side ? b2 : b1, *other = side ? b1 : b2;
        int n_single = side ? n2 : n1, n_other = side ? n1 : n2;
        if (n_single != 1)
            continue;
        ends[n][0] = single[0];
        ends[n][1] = block ? cells[heart] : other[0];
        ends[n][3] = block ? other[0] : (n_other > 1 ? other[1] : -1);
        ends[n][5] = block ? (n_other > 1 ? other[1] : -1) : (n_other > 2 ? other[2] : -1);
        n++;
    }
    return n;
}

/* TurbotFish.shareRegionOf (strong_links._share): the first unit of the plan's share types
 * holding both bridges and their supports (-1: none) */
static int share(const SvGrid *v, int bridge1, int support1, int bridge2, int support2,
                 int support1b, int support2b) {
    for (int k = 0; k < v->n_shares; k++) {
        const int *of = v->unit_of[v->shares[k]];
        int unit = of[bridge1];
        if (unit < 0 || of[bridge2] != unit)
            continue;
        if (support1 >= 0 && (of[support1] != unit || (support1b >= 0 && of[support1b] != unit)))
            continue;
        if (support2 >= 0 && (of[support2] != unit || (support2b >= 0 && of[support2b] != unit)))
            continue;
        return unit;
    }
    return -1;
}

/* strong_links._turbots: whether one of the four joins of a base and a cover link removes */
static int turbots(const SvGrid *v, SvCells rest, const int *cells, int base, int cover,
                   int base_grouped, int cover_grouped) {
    for (int i = 0; i < 2; i++)
        for (int j = 2; j < 4; j++) {
            SvCells seen = sv_and(sv_and(v->peer[cells[i]], v->peer[cells[5 - j]]), rest);
            if (base_grouped && cells[i + 4] >= 0) {
                seen = sv_and(seen, v->peer[cells[i + 4]]);
                if (cells[i + 8] >= 0)
                    seen = sv_and(seen, v->peer[cells[i + 8]]);
            }
            if (cover_grouped && cells[9 - j] >= 0) {
                seen = sv_and(seen, v->peer[cells[9 - j]]);
                if (cells[13 - j] >= 0)
                    seen = sv_and(seen, v->peer[cells[13 - j]]);
            }
            if (!sv_any(seen))
                continue;
            int shared = share(v, cells[1 - i], cells[5 - i], cells[j], cells[j + 4],
                               cells[9 - i], cells[j + 8]);
            if (shared >= 0 && shared != base && shared != cover)
                return 1;
        }
    return 0;
}

int sv_turbot_fish(const SvGrid *v) {
    int cover_ends[9][2][6], cover_n[9], cover_grouped[9];
    const SeGeo *geo = v->geo;
    for (int s = 0; s < v->n_sets; s++) {
        int bt = v->sets[s][0], ct = v->sets[s][1];
        int bf = geo->type_first[bt], cf = geo->type_first[ct];
        if (bf < 0 || cf < 0)
            continue;
        int n_bases = v->type_count[bt], n_covers = v->type_count[ct];
        int base_block = bt == 0 || bt == 3 || bt == 4, cover_block = ct == 0;
        for (int value = 1; value <= 9; value++) {
            SvCells holders = v->holding[value];
            for (int i2 = 0; i2 < n_covers; i2++)
                cover_n[i2] = link_ends(geo->units[cf + i2], cover_block,
                                        sv_places(v, cf + i2, value), cover_ends[i2],
                                        &cover_grouped[i2]);
            for (int i1 = 0; i1 < n_bases; i1++) {
                int base = bf + i1, base_ends[2][6], base_grouped;
                int n_ways = link_ends(geo->units[base], base_block, sv_places(v, base, value),
                                       base_ends, &base_grouped);
                SvCells base_places = sv_and(holders, v->unit[base]);
                for (int w = 0; w < n_ways; w++) {
                    const int *be = base_ends[w];
                    for (int i2 = bt == ct ? i1 + 1 : 0; i2 < n_covers; i2++) {
                        int cover = cf + i2;
                        if (!cover_n[i2] || sv_any(sv_and(base_places, v->unit[cover])))
                            continue;
                        SvCells rest = sv_minus(holders, sv_or(v->unit[base], v->unit[cover]));
                        if (!sv_any(rest))
                            continue;
                        SvCells near = sv_and(sv_or(v->peer[be[0]], v->peer[be[1]]), rest);
                        for (int k = 0; k < cover_n[i2]; k++) {
                            const int *ce = cover_ends[i2][k];
                            if (!sv_any(sv_and(near, sv_or(v->peer[ce[0]], v->peer[ce[1]]))))
                                continue;
                            int cells[12] = {be[0], be[1], ce[0], ce[1], be[2], be[3],
                                             ce[2], ce[3], be[4], be[5], ce[4], ce[5]};
                            if (turbots(v, rest, cells, base, cover, base_grouped,
                                        cover_grouped[i2]))
                                return 1;
                        }
                    }
                }
            }
        }
    }
    return 0;
}

int sv_xy_wing(const SvGrid *v, int xyz) {
    const uint16_t *cands = v->g->cands;
    for (int pivot = 0; pivot < 81; pivot++) {
        int pm = cands[pivot];
        if (popcount32((uint32_t)pm) != (xyz ? 3 : 2))
            continue;
        int wings[SE_MAX_PEERS], n = 0;
        for (int k = 0; k < v->geo->n_peers[pivot]; k++) {
            int c = v->geo->peers[pivot][k];
            if (popcount32(cands[c]) == 2)
                wings[n++] = c;
        }
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                int m1 = cands[wings[i]], m2 = cands[wings[j]], z = m1 & m2;
                if (m1 == m2 || popcount32((uint32_t)z) != 1)
                    continue;
                if (xyz ? (m1 | m2) != pm : (z & pm) || ((m1 | m2) & ~z) != pm)
                    continue;
                SvCells targets = sv_and(v->peer[wings[i]], v->peer[wings[j]]);
                if (xyz)
                    targets = sv_and(targets, v->peer[pivot]);
                targets = sv_and(targets, v->holding[ctz32((uint32_t)z)]);
                if (sv_any(targets) && (sv_count(targets) > 1 || !sv_has(targets, pivot)))
                    return 1;
            }
    }
    return 0;
}

/* wings.als_findings' victims: the value's cells seeing every cell of ``group``, less
 * ``exclude``: whether there is one */
static int victims(const SvGrid *v, SvCells group, int value, SvCells exclude) {
    SvCells targets = v->holding[value];
    for (int c = 0; c < 81; c++)
        if (sv_has(group, c))
            targets = sv_and(targets, v->peer[c]);
    return sv_any(sv_minus(targets, exclude));
}

/* the cells of ``cells`` holding a value */
static SvCells holders(const SvGrid *v, SvCells cells, int value) {
    return sv_and(cells, v->holding[value]);
}

/* whether every cell of ``group`` is in ``seen`` */
static int within(SvCells group, SvCells seen) { return !sv_any(sv_minus(group, seen)); }

/* wings.als_findings' pincers: a bivalue cell linked to the set, with removals */
static int pincers(const SvGrid *v, SvCells cells, int uni) {
    SvCells area = sv_none();
    for (int c = 0; c < 81; c++)
        if (sv_has(cells, c))
            area = sv_or(area, v->peer[c]);
    area = sv_minus(area, cells);
    for (int yz = 0; yz < 81; yz++) {
        int mask = v->g->cands[yz];
        if (!sv_has(area, yz) || popcount32((uint32_t)mask) != 2 || (mask & uni) != mask)
            continue;
        int a = ctz32((uint32_t)mask), b = 31 - clz32((uint32_t)mask);
        SvCells ha = holders(v, cells, a), hb = holders(v, cells, b), exclude = cells;
        int linked_a = within(ha, v->peer[yz]), linked_b = within(hb, v->peer[yz]);
        sv_add(&exclude, yz);
        SvCells ha_yz = ha, hb_yz = hb;
        sv_add(&ha_yz, yz);
        sv_add(&hb_yz, yz);
        if (linked_a && linked_b) {
            if (victims(v, ha_yz, a, exclude) || victims(v, hb_yz, b, exclude))
                return 1;
            for (int w = 1; w <= 9; w++)
                if ((uni & ~mask) >> w & 1 && victims(v, holders(v, cells, w), w, exclude))
                    return 1;
        } else if (linked_a || linked_b) {
            if (victims(v, linked_a ? hb_yz : ha_yz, linked_a ? b : a, exclude))
                return 1;
        }
    }
    return 0;
}

/* wings.als_findings' grow: the sets of ``size`` cells seeing each other, in ascending order
 * (the Python meets each set once too, the order aside) */
static int grow(const SvGrid *v, int size, SvCells cells, int n, int uni, SvCells seeing) {
    if (n == size)
        return popcount32((uint32_t)uni) == size + 1 && pincers(v, cells, uni);
    for (int nxt = 0; nxt < 81; nxt++) {
        int mask = v->g->cands[nxt];
        if (!sv_has(seeing, nxt) || popcount32((uint32_t)mask) < 2 ||
            popcount32((uint32_t)(uni | mask)) > size + 1)
            continue;
        SvCells more = cells, after = sv_and(seeing, v->peer[nxt]);
        sv_add(&more, nxt);
        for (int c = 0; c <= nxt; c++)
            after.w[c >> 6] &= ~((uint64_t)1 << (c & 63));
        if (grow(v, size, more, n + 1, uni | mask, after))
            return 1;
    }
    return 0;
}

int sv_als_wing(const SvGrid *v, int size) {
    for (int first = 0; first < 81; first++) {
        int mask = v->g->cands[first], count = popcount32((uint32_t)mask);
        if (count < 2 || count > size + 1)
            continue;
        SvCells cells = sv_none(), seeing = v->peer[first];
        sv_add(&cells, first);
        for (int c = 0; c <= first; c++)
            seeing.w[c >> 6] &= ~((uint64_t)1 << (c & 63));
        if (grow(v, size, cells, 1, mask, seeing))
            return 1;
    }
    return 0;
}

/* uniqueness._valid_loop: no unit twice among the odd cells nor the even, and the same units */
static int valid_loop(const SeGeo *geo, const int *loop, int n) {
    uint64_t odd = 0, even = 0;
    for (int i = 0; i < n; i++) {
        uint64_t *seen = i % 2 ? &odd : &even;
        for (int k = 0; k < geo->n_cell_units[loop[i]]; k++) {
            uint64_t bit = (uint64_t)1 << geo->cell_units[loop[i]][k];
            if (*seen & bit)
                return 0;
            *seen |= bit;
        }
    }
    return odd == even;
}

/* the place of a cell in a unit */
static int place_in(const SeGeo *geo, int unit, int cell) {
    int i = 0;
    while (i < 8 && geo->units[unit][i] != cell)
        i++;
    return i;
}

/* uniqueness._type3's naked sets: whether one, in a unit the two extra cells share, removes */
static int type3(const SvGrid *v, int c1, int c2, int both) {
    const SeGeo *geo = v->geo;
    const uint16_t *cands = v->g->cands;
    int extra = (cands[c1] | cands[c2]) & ~both;
    for (int degree = 2; degree < 8; degree++)
        for (int k = 0; k < geo->n_cell_units[c1]; k++) {
            int unit = geo->cell_units[c1][k], empty = v->empty[unit];
            if (!sv_has(v->unit[unit], c2))
                continue;
            const int8_t *cells = geo->units[unit];
            int i1 = place_in(geo, unit, c1), i2 = place_in(geo, unit, c2);
            if (degree * 2 <= empty && degree >= popcount32((uint32_t)extra))
                for (int set = sv_next_subset(0, degree, 511 & ~(1 << i2)); set >= 0;
                     set = sv_next_subset(set, degree, 511 & ~(1 << i2))) {
                    if (!(set >> i1 & 1))
                        continue;
                    int naked = extra & cands[c1] & cands[c2], uni = extra, small = 0;
                    for (int i = 0; i < 9; i++)
                        if (set >> i & 1 && i != i1) {
                            naked |= cands[cells[i]];
                            uni |= cands[cells[i]];
                            small |= popcount32(cands[cells[i]]) <= 1;
                        }
                    small |= popcount32((uint32_t)extra) <= 1;
                    if (popcount32((uint32_t)naked) != degree || small ||
                        popcount32((uint32_t)uni) != degree)
                        continue;
                    for (int i = 0; i < 9; i++)
                        if (!(set >> i & 1) && i != i2 && cands[cells[i]] & uni)
                            return 1;
                }
            if (degree * 2 < empty) {
                /* the values of neither the loop nor the extra cells, as a 9-bit mask (the
                 * empty choice first: combinations_colex's one of none) */
                int rest = (0x3FE & ~both & ~extra) >> 1;
                for (int chosen = degree == 2 ? 0 : sv_next_subset(0, degree - 2, rest);
                     chosen >= 0; chosen = sv_next_subset(chosen, degree - 2, rest)) {
                    int keep = chosen << 1 | both, uni = 0, ok = 1;
                    for (int value = 1; value <= 9 && ok; value++)
                        if (keep >> value & 1) {
                            int pos = sv_places(v, unit, value) & ~(1 << i2);
                            ok = pos != 0;
                            uni |= pos;
                        }
                    if (!ok || popcount32((uint32_t)uni) != degree)
                        continue;
                    int places = uni & ~(1 << i1) & ~(1 << i2);
                    for (int i = 0; i < 9; i++)
                        if (places >> i & 1 && cands[cells[i]] & ~keep)
                            return 1;
                }
            }
        }
    return 0;
}

/* uniqueness._type4: a unit the two extra cells share where one of the loop's values has no
 * other place (its removals are the two cells' other value, which they hold) */
static int type4(const SvGrid *v, int c1, int c2, int both) {
    const SeGeo *geo = v->geo;
    for (int k = 0; k < geo->n_cell_units[c1]; k++) {
        int unit = geo->cell_units[c1][k];
        if (!sv_has(v->unit[unit], c2))
            continue;
        int mine = 1 << place_in(geo, unit, c1) | 1 << place_in(geo, unit, c2);
        for (int value = 1; value <= 9; value++)
            if (both >> value & 1 && !(sv_places(v, unit, value) & ~mine))
                return 1;
    }
    return 0;
}

/* uniqueness.loop_findings on one valid loop: whether it finds a hint (types 1 to 4) */
static int loop_finds(const SvGrid *v, const int *loop, int n, int both) {
    const uint16_t *cands = v->g->cands;
    int extra_cells[81], n_extra = 0, extra = 0;
    for (int i = 0; i < n; i++)
        if (popcount32(cands[loop[i]]) > 2) {
            extra_cells[n_extra++] = loop[i];
            extra |= cands[loop[i]];
        }
    extra &= ~both;
    if (n_extra == 1)
        return 1;
    if (n_extra < 2)
        return 0;
    if (n_extra > 2 || popcount32((uint32_t)extra) == 1) {
        int value = ctz32((uint32_t)(cands[extra_cells[0]] & ~both));
        SvCells common = v->holding[value];
        for (int i = 0; i < n_extra; i++)
            common = sv_and(common, v->peer[extra_cells[i]]);
        if (sv_any(common))
            return 1;
    }
    if (n_extra != 2)
        return 0;
    return (popcount32((uint32_t)extra) >= 2 &&
            type3(v, extra_cells[0], extra_cells[1], both)) ||
           type4(v, extra_cells[0], extra_cells[1], both);
}

typedef struct {
    const SvGrid *v;
    int both, loop[81], n;
} Walk;

/* uniqueness._loops' walk, ending at the first valid loop that finds a hint */
static int walk(Walk *w, int cell, int allowed, int extra, int last_type) {
    const SeGeo *geo = w->v->geo;
    const uint16_t *cands = w->v->g->cands;
    int found = 0;
    w->loop[w->n++] = cell;
    for (int k = 0; k < geo->n_cell_units[cell] && !found; k++) {
        int unit = geo->cell_units[cell][k], type = geo->unit_type[unit];
        if (type == last_type)
            continue;
        for (int i = 0; i < 9 && !found; i++) {
            int nxt = geo->units[unit][i];
            if ((cands[nxt] & w->both) != w->both)
                continue;
            if (nxt == w->loop[0] && w->n >= 4) {
                found = valid_loop(geo, w->loop, w->n) &&
                        loop_finds(w->v, w->loop, w->n, w->both);
                continue;
            }
            int in = 0;
            for (int j = 0; j < w->n && !in; j++)
                in = w->loop[j] == nxt;
            if (in)
                continue;
            int mask = cands[nxt], new_extra = (extra | mask) & ~w->both;
            int size = popcount32((uint32_t)mask);
            if (size == 2 || popcount32((uint32_t)new_extra) == 1 || allowed > 0)
                found = walk(w, nxt, allowed - (size > 2), new_extra, type);
        }
    }
    w->n--;
    return found;
}

int sv_unique_loops(const SvGrid *v) {
    Walk w = {.v = v};
    for (int start = 0; start < 81; start++) {
        int mask = v->g->cands[start];
        if (popcount32((uint32_t)mask) != 2)
            continue;
        w.both = mask;
        w.n = 0;
        if (walk(&w, start, 2, 0, -1))
            return 1;
    }
    return 0;
}

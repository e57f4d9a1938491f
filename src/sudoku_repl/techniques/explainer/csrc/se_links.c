/* strong_links.py: chains of two strong links (skyscraper 4.0, two-string kite 4.1, turbot fish
 * 4.2, grouped 4.3) and of three (5.4 on parallel lines, 5.5 with a block, 5.6 on rows and
 * columns, 5.7 grouped), as serate's TurbotFish and StrongLinks search them and as
 * strong_links.py does after them: every chain in the order the search meets it, then sorted
 * by rating, the most removals first, then serate's suffix, stable. The chains of two follow
 * strong_links.py function for function; those of three are found by another walk, which
 * gives the same chains in the same order (below, before chain3).
 *
 * A link's cells are named as serate names them (``Ends``: its two ends a and b, and the other
 * cells of a group it checks, -1 for none); a set of cells is an SeCells (se_rungs.h). */
#include "se_links.h"

typedef SeCells Cells;

#define PEERS SE_PEER_CELLS
#define UNIT_CELLS SE_UNIT_CELLS

/* strong_links._RECTANGLES and _BLADES (a block's positions around each heart) and
 * _BLOCK_LINES (a block's two lines holding a group, around the empty third): made once */
static int RECT[9], BLADE[9][2], BLOCK_LINES[6][3];
static int ready;

static void tables_init(void) {
    if (ready)
        return;
    for (int h = 0; h < 9; h++)
        for (int p = 0; p < 9; p++) {
            if (p / 3 != h / 3 && p % 3 != h % 3)
                RECT[h] |= 1 << p;
            if (p % 3 == h % 3 && p != h)
                BLADE[h][0] |= 1 << p;
            if (p / 3 == h / 3 && p != h)
                BLADE[h][1] |= 1 << p;
        }
    for (int k = 0; k < 6; k++) {
        int empty = 2 - k % 3, by_col = k >= 3, n = 1;
        for (int line = 0; line < 3; line++) {
            int m = 0;
            for (int p = 0; p < 9; p++)
                if ((by_col ? p % 3 : p / 3) == line)
                    m |= 1 << p;
            if (line == empty)
                BLOCK_LINES[k][0] = m;
            else
                BLOCK_LINES[k][n++] = m;
        }
    }
    ready = 1;
}

/* the positions of a 9-bit mask, lowest first; their count */
static int places_of(int mask, int *out) {
    int n = 0;
    for (int i = 0; i < 9; i++)
        if (mask >> i & 1)
            out[n++] = i;
    return n;
}

/* the other two block segments of a line than ``e``, in order */
static void segments(int e, int *one, int *two) {
    *one = e == 0 ? 1 : 0;
    *two = e == 2 ? 1 : 2;
}

static int same_line(int a, int b) { return a / 9 == b / 9 || a % 9 == b % 9; }

/* the removals of the value from ``victims``, kept with their sort key (0, -1 MemoryError) */
static int keep(SeFinds *f, int name, int rating, int key_of_n, int suffix, Cells victims,
                int value, const int *shape, int n_shape) {
    int rems[2 * 81], n = 0;
    for (Cells m = victims; se_cells_any(m); n++) {
        rems[2 * n] = se_cells_pop(&m);
        rems[2 * n + 1] = value;
    }
    return se_finds_add(f, name, rating, -n * key_of_n + suffix, rems, n, shape, n_shape);
}

/* -- two strong links: TurbotFish ---------------------------------------------------------- */

typedef struct {
    int a, b, as, bs, as2, bs2;
} Ends;

/* strong_links._link_ends: the ways serate's TurbotFish names a unit's link (0: no link) */
static int turbot_ends(int unit, int places, Ends *out, int *grouped) {
    const int *cells = SE_UNITS[unit];
    int count = se_bits((unsigned)places), block = unit < 9;
    if (count < 2 || count > (block ? 5 : 6))
        return 0;
    int p[9];
    if (count == 2) {
        places_of(places, p);
        out[0] = (Ends){cells[p[0]], cells[p[1]], -1, -1, -1, -1};
        *grouped = 0;
        return 1;
    }
    int heart = -1;
    for (int e = 0; e < (block ? 9 : 3); e++)
        if (!(places & (block ? RECT[e] : 7 << 3 * e))) {
            heart = e;
            break;
        }
    if (heart < 0)
        return 0;
    int m1, m2;
    if (block) {
        m1 = places & BLADE[heart][0];
        m2 = places & BLADE[heart][1];
    } else {
        int s1, s2;
        segments(heart, &s1, &s2);
        m1 = places & 7 << 3 * s1;
        m2 = places & 7 << 3 * s2;
    }
    if (!m1 || !m2)
        return 0;
    int b1[9], b2[9], n1 = places_of(m1, b1), n2 = places_of(m2, b2);
    *grouped = 1;
    if (n1 != 1 && n2 != 1) {
        out[0] = (Ends){cells[b1[0]], cells[b2[0]], cells[b1[1]], cells[b2[1]],
                        n1 > 2 ? cells[b1[2]] : -1, n2 > 2 ? cells[b2[2]] : -1};
        return 1;
    }
    int n = 0;
    for (int k = 0; k < 2; k++) {
        const int *single = k ? b2 : b1, *other = k ? b1 : b2;
        int ns = k ? n2 : n1, no = k ? n1 : n2;
        if (ns != 1)
            continue;
        if (block) /* the heart names the group of the other blade */
            out[n++] = (Ends){cells[single[0]], cells[heart], -1, cells[other[0]], -1,
                              no > 1 ? cells[other[1]] : -1};
        else
            out[n++] = (Ends){cells[single[0]], cells[other[0]], -1, cells[other[1]], -1,
                              no > 2 ? cells[other[2]] : -1};
    }
    return n;
}

/* strong_links._share: the column, else the row, else the block of both bridges and their
 * groups' other cells (-1 each for none; a second only with its first); -1 for none */
static int turbot_share(int b1, int s1, int b2, int s2, int s1b, int s2b) {
    int cells[5] = {b2, s1, s2, s1 >= 0 ? s1b : -1, s2 >= 0 ? s2b : -1};
    for (int kind = 2; kind >= 0; kind--) {
        int unit = SE_CELL_UNITS[b1][kind], all = 1;
        for (int k = 0; k < 5 && all; k++)
            all = cells[k] < 0 || SE_CELL_UNITS[cells[k]][kind] == unit;
        if (all)
            return unit;
    }
    return -1;
}

/* strong_links._TURBOT_SETS and _TURBOT_RATINGS */
static const int TURBOT_SETS[5][2] = {{1, 1}, {2, 2}, {2, 1}, {1, 0}, {2, 0}};
static const int TURBOT_RATINGS[5] = {40, 40, 41, 42, 42};

/* strong_links._turbots: the chains of a base and a cover link named one way each (``c``:
 * serate's twelve cells), kept (0, -1) */
static int turbots(SeFinds *f, Cells holders, int value, const int *c, int base, int cover,
                   int bg, int cg, int plain) {
    Cells rest = se_cells_minus(holders, se_cells_or(UNIT_CELLS[base], UNIT_CELLS[cover]));
    for (int i = 0; i < 2; i++)
        for (int j = 2; j < 4; j++) {
            int start = c[i], end = c[5 - j];
            Cells seen = se_cells_and(se_cells_and(PEERS[start], PEERS[end]), rest);
            if (!se_cells_any(seen)) /* (a cheap test first: the chain would remove nothing) */
                continue;
            int shared = turbot_share(c[1 - i], c[5 - i], c[j], c[j + 4], c[9 - i], c[j + 8]);
            if (shared < 0 || shared == base || shared == cover)
                continue;
            if (bg && c[i + 4] >= 0) {
                seen = se_cells_and(seen, PEERS[c[i + 4]]);
                if (c[i + 8] >= 0)
                    seen = se_cells_and(seen, PEERS[c[i + 8]]);
            }
            if (cg && c[9 - j] >= 0) {
                seen = se_cells_and(seen, PEERS[c[9 - j]]);
                if (c[13 - j] >= 0)
                    seen = se_cells_and(seen, PEERS[c[13 - j]]);
            }
            if (!se_cells_any(seen))
                continue;
            int rating = bg || cg ? 43 : plain;
            /* the shape: its units, grouped, the cells its hint names (se_rungs.h) */
            int shape[8] = {base, cover, bg, cg, start, c[1 - i], c[j], end};
            if (keep(f, SE_N_TURBOT + rating - 40, rating, 10, bg + cg, seen, value, shape, 8) <
                0)
                return -1;
        }
    return 0;
}

/* a unit's link for a value, found once a call (turbot_ends) */
typedef struct {
    int n, grouped;
    Ends ways[2];
    Cells near[2]; /* the cells that see an end of each way */
} Link;

/* strong_links.turbot_findings and pure_turbot_fish */
int se_turbot_fish(SeRungs *r) {
    tables_init();
    const SeGrid *g = r->g;
    SeFinds found = {0};
    Link links[10][27];
    Cells holders_of[10];
    /* the units of each type (block, row, column) that hold a link of the value, ascending:
     * the walk below goes over these alone (a unit without one joins no chain) */
    int linked[10][3][9], n_linked[10][3];
    /* ends_in[value][type][unit]: the links of the type (bit b: linked[value][type][b]) with an
     * end a or b of a way in the unit. A chain's bridges, an end of each link, share a unit
     * (turbot_share), so a base's covers are among those with an end in a unit of its ends */
    int ends_in[10][3][27];
    for (int value = 1; value <= 9; value++) {
        n_linked[value][0] = n_linked[value][1] = n_linked[value][2] = 0;
        holders_of[value] = se_cells_none();
        if (r->skip >> value & 1) /* (skipped: no link) */
            continue;
        holders_of[value] = se_held_cells(g, value, value);
        memset(ends_in[value], 0, sizeof ends_in[value]);
        for (int u = 0; u < 27; u++) {
            Link *l = &links[value][u];
            l->grouped = 0;
            l->n = turbot_ends(u, g->table[u][value], l->ways, &l->grouped);
            if (!l->n)
                continue;
            int type = u / 9, bit = 1 << n_linked[value][type];
            for (int k = 0; k < l->n; k++) {
                l->near[k] = se_cells_or(PEERS[l->ways[k].a], PEERS[l->ways[k].b]);
                for (int kind = 0; kind < 3; kind++) {
                    ends_in[value][type][SE_CELL_UNITS[l->ways[k].a][kind]] |= bit;
                    ends_in[value][type][SE_CELL_UNITS[l->ways[k].b][kind]] |= bit;
                }
            }
            linked[value][type][n_linked[value][type]++] = u % 9;
        }
    }
    int failed = 0;
    for (int t = 0; t < 5 && !failed; t++) {
        int bt = TURBOT_SETS[t][0], ct = TURBOT_SETS[t][1];
        for (int value = 1; value <= 9 && !failed; value++) {
            Cells holders = holders_of[value];
            const int *bases = linked[value][bt], *covers = linked[value][ct];
            for (int a = 0; a < n_linked[value][bt] && !failed; a++) {
                int base = bt * 9 + bases[a];
                const Link *bl = &links[value][base];
                int bg = bl->grouped;
                Cells base_places = se_cells_and(holders, UNIT_CELLS[base]);
                for (int k = 0; k < bl->n && !failed; k++) {
                    /* the covers with an end in a unit of this way's ends, ascending */
                    const int *in = ends_in[value][ct];
                    int joined = 0;
                    for (int kind = 0; kind < 3; kind++)
                        joined |= in[SE_CELL_UNITS[bl->ways[k].a][kind]] |
                                in[SE_CELL_UNITS[bl->ways[k].b][kind]];
                    if (bt == ct)
                        joined &= ~((2 << a) - 1);
                    for (; joined && !failed; joined &= joined - 1) {
                        int cover = ct * 9 + covers[ctz32((unsigned)joined)];
                        const Link *cl = &links[value][cover];
                        int cg = cl->grouped;
                        if (se_cells_any(se_cells_and(base_places, UNIT_CELLS[cover])))
                            continue;
                        /* (a cheap test first: the victims see an end of each link) */
                        Cells rest = se_cells_minus(
                            holders, se_cells_or(UNIT_CELLS[base], UNIT_CELLS[cover]));
                        for (int l = 0; l < cl->n && !failed; l++) {
                            Cells seen = se_cells_and(bl->near[k], cl->near[l]);
                            if (!se_cells_any(se_cells_and(seen, rest)))
                                continue;
                            const Ends *x = &bl->ways[k], *y = &cl->ways[l];
                            /* serate's twelve: the base's ends, the cover's, then their
                             * groups' other cells, then their groups' second others */
                            int cells[12] = {x->a,  x->b,  y->a,   y->b,   x->as,  x->bs,
                                             y->as, y->bs, x->as2, x->bs2, y->as2, y->bs2};
                            failed = turbots(&found, holders, value, cells, base, cover, bg, cg,
                                             TURBOT_RATINGS[t]) < 0;
                        }
                    }
                }
            }
        }
    }
    int done = failed ? -1 : se_finds_emit(&found, r);
    se_finds_free(&found);
    return done;
}

/* -- three strong links: StrongLinks(3) ---------------------------------------------------- */

typedef struct {
    int end[2], sup[2];
} Ends3;

/* strong_links._three_link_ends: the ways serate's StrongLinks names a unit's link */
static int three_ends(int unit, int places, Ends3 *out, int *grouped) {
    const int *cells = SE_UNITS[unit];
    int count = se_bits((unsigned)places), block = unit < 9;
    if (count < 2 || count > 6)
        return 0;
    int p[9];
    if (count == 2) {
        places_of(places, p);
        int a = cells[p[0]], b = cells[p[1]];
        if (block && same_line(a, b))
            return 0;
        out[0] = (Ends3){{a, b}, {-1, -1}};
        *grouped = 0;
        return 1;
    }
    int m1 = 0, m2 = 0, config = -1;
    for (int e = 0; e < (block ? 15 : 3); e++) {
        if (e > 8 && count < 4)
            continue;
        int empty, l1, l2;
        if (block && e < 9) {
            empty = RECT[e];
            l1 = BLADE[e][0];
            l2 = BLADE[e][1];
        } else if (block) {
            empty = BLOCK_LINES[e - 9][0];
            l1 = BLOCK_LINES[e - 9][1];
            l2 = BLOCK_LINES[e - 9][2];
        } else {
            int s1, s2;
            segments(e, &s1, &s2);
            empty = 7 << 3 * e;
            l1 = 7 << 3 * s1;
            l2 = 7 << 3 * s2;
        }
        if (!(places & empty)) {
            if (places & l1 && places & l2) {
                m1 = places & l1;
                m2 = places & l2;
                config = e;
            }
            break;
        }
    }
    if (config < 0)
        return 0;
    int b1[9], b2[9], n1 = places_of(m1, b1), n2 = places_of(m2, b2);
    for (int k = 0; k < n1; k++)
        b1[k] = cells[b1[k]];
    for (int k = 0; k < n2; k++)
        b2[k] = cells[b2[k]];
    *grouped = 1;
    if (n1 == 1 || n2 == 1) {
        if (n1 == 1 && n2 == 1) { /* (a block's, around a heart with the value) */
            out[0] = (Ends3){{b2[0], b1[0]}, {-1, cells[config]}};
            return 1;
        }
        int n = 0;
        for (int k = 0; k < 2; k++) {
            const int *single = k ? b2 : b1, *other = k ? b1 : b2;
            if ((k ? n2 : n1) != 1)
                continue;
            out[n++] = (Ends3){{single[0], other[0]}, {-1, block ? cells[config] : other[1]}};
        }
        return n;
    }
    out[0] = (Ends3){{b1[0], b2[0]}, {b1[1], b2[1]}};
    if (config > 8 && count == 4 && same_line(b1[1], b2[1]) && same_line(b1[0], b2[0])) {
        out[1] = (Ends3){{b1[0], b1[1]}, {b2[0], b2[1]}};
        return 2;
    }
    return 1;
}

/* strong_links._three_share: the column, else the row, else the block of both bridges, a
 * group's other cell in it too; -1 */
static int three_share(int b1, int s1, int b2, int s2) {
    for (int kind = 2; kind >= 0; kind--) {
        int unit = SE_CELL_UNITS[b1][kind];
        if (SE_CELL_UNITS[b2][kind] != unit)
            continue;
        if (s1 < 0 && s2 < 0)
            return unit;
        if (s1 < 0) {
            if (SE_CELL_UNITS[s2][kind] == unit)
                return unit;
        } else if (s2 < 0) {
            if (SE_CELL_UNITS[s1][kind] == SE_CELL_UNITS[b2][kind])
                return unit;
        } else if (SE_CELL_UNITS[s1][kind] == SE_CELL_UNITS[b2][kind] &&
                   SE_CELL_UNITS[s2][kind] == unit)
            return unit;
    }
    return -1;
}

/* strong_links._THREE_SETS */
static const int THREE_SETS[10][3] = {{0, 0, 0}, {0, 0, 1}, {0, 0, 2}, {0, 1, 1}, {0, 1, 2},
                                      {0, 2, 2}, {1, 1, 1}, {1, 1, 2}, {1, 2, 2}, {2, 2, 2}};
/* strong_links._quickperm(3): the orders of three links, the least way round */
static const int ORDERS[3][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}};

/* a digit's text of three types (0-2 each) as a number, and read the other way round */
static int text3(const int *k) { return k[0] * 100 + k[1] * 10 + k[2]; }
static int text3_reversed(const int *k) { return k[2] * 100 + k[1] * 10 + k[0]; }

/* strong_links.line_name of three types, as a number (the same length: the text's order) */
static int line_name3(const int *k) {
    int original = text3(k);
    if (k[0] != 1 && k[1] != 1 && k[2] != 1) {
        int d[3];
        for (int i = 0; i < 3; i++)
            d[i] = k[i] == 2 ? 1 : k[i];
        return text3(d);
    }
    int s[3];
    for (int i = 0; i < 3; i++)
        s[i] = k[i] == 1 ? 2 : k[i] == 2 ? 1 : 0;
    int swapped = text3(s), back = text3_reversed(s);
    int least = back < swapped ? back : swapped;
    return original > least ? least : original;
}

/* a chain's rating and suffix (StrongLinksHint.getDifficulty, getSuffix) by its links' types
 * in its order and its grouped links */
static void rate3(const int *order, int grouped, int *rating, int *suffix) {
    int lexed[3];
    int forward = text3(order) <= text3_reversed(order);
    for (int i = 0; i < 3; i++)
        lexed[i] = forward ? order[i] : order[2 - i];
    int line = line_name3(lexed);
    *suffix = grouped * 1000 + line;
    /* by the name its line name gives */
    int has0 = line / 100 == 0 || line / 10 % 10 == 0 || line % 10 == 0;
    int has2 = line / 100 == 2 || line / 10 % 10 == 2 || line % 10 == 2;
    *rating = grouped ? 57 : has0 ? 55 : has2 ? 56 : 54;
}

/* The search here finds the chains strong_links.three_findings finds, and puts them in its
 * order, another way: rather than every three links of each table row's types and every
 * order and way round of them (most of which do not join), it walks from each link (the
 * chain's middle) to the links its ends join, then sorts the chains by serate's order of
 * meeting them (``seq``: the row of their types, the digit, each link's unit and way in the
 * row's order, the order of the links, the way round), after rating, removals and suffix. */

typedef struct {
    int unit, way, grouped;
    Ends3 e;
    Cells places;
} Link3;

#define MAX_LINKS3 54 /* two ways at most in each of 27 units */

typedef struct {
    int n;
    Link3 links[MAX_LINKS3];
    /* at[u]: the ends (2 * link + side) whose cell lies in unit u, as bits of two words */
    uint64_t at[27][2];
} Links3;

/* the digit's links (strong_links._three_link_ends of each unit), and where their ends lie */
static void links3(const SeGrid *g, int value, Cells holders, Links3 *L) {
    L->n = 0;
    memset(L->at, 0, sizeof L->at);
    for (int u = 0; u < 27; u++) {
        Ends3 ways[2];
        int grouped = 0, n = three_ends(u, g->table[u][value], ways, &grouped);
        for (int k = 0; k < n; k++) {
            int i = L->n++;
            L->links[i] = (Link3){u, k, grouped, ways[k], se_cells_and(holders, UNIT_CELLS[u])};
            for (int side = 0; side < 2; side++) {
                int end = 2 * i + side;
                for (int t = 0; t < 3; t++)
                    L->at[SE_CELL_UNITS[ways[k].end[side]][t]][end >> 6] |= (uint64_t)1
                                                                            << (end & 63);
            }
        }
    }
}

/* the ends (2 * link + side) sharing a unit with the cell of end ``end`` of link i */
static void near_ends(const Links3 *L, int i, int side, uint64_t out[2]) {
    int cell = L->links[i].e.end[side];
    out[0] = out[1] = 0;
    for (int t = 0; t < 3; t++) {
        out[0] |= L->at[SE_CELL_UNITS[cell][t]][0];
        out[1] |= L->at[SE_CELL_UNITS[cell][t]][1];
    }
}

/* a chain x, y, z (links), each entered by its end u[.] and left by the other, whose bridges
 * share the units shared[0], shared[1]: kept with its rating, suffix and serate's order of
 * meeting it, where it removes something (0, -1) */
static int chain3(SeFinds *f, const Links3 *L, int value, Cells holders, const int *path,
                  const int *u, const int *shared) {
    const Link3 *x = &L->links[path[0]], *z = &L->links[path[2]];
    Cells seen =
        se_cells_and(se_cells_and(PEERS[x->e.end[u[0]]], PEERS[z->e.end[1 - u[2]]]), holders);
    for (int k = 0; k < 3; k++)
        seen = se_cells_minus(seen, UNIT_CELLS[L->links[path[k]].unit]);
    seen = se_cells_minus(seen, se_cells_or(UNIT_CELLS[shared[0]], UNIT_CELLS[shared[1]]));
    int ss = x->e.sup[u[0]], es = z->e.sup[1 - u[2]];
    if (x->grouped && ss >= 0)
        seen = se_cells_and(seen, PEERS[ss]);
    if (z->grouped && es >= 0)
        seen = se_cells_and(seen, PEERS[es]);
    if (!se_cells_any(seen))
        return 0;
    /* the links' depths in serate's search: by unit (its rows' types ascend), then the order */
    int rank[3];
    for (int k = 0; k < 3; k++) {
        int unit = L->links[path[k]].unit;
        rank[k] = (unit > L->links[path[(k + 1) % 3]].unit) +
                  (unit > L->links[path[(k + 2) % 3]].unit);
    }
    int o;
    for (o = 0; o < 3; o++)
        if (ORDERS[o][0] == rank[0] && ORDERS[o][1] == rank[1] && ORDERS[o][2] == rank[2])
            break;
    if (o == 3)
        return 0; /* the other way round is serate's (and found from z) */
    int depth[3], kinds[3], order[3], grouped = 0;
    for (int k = 0; k < 3; k++) {
        depth[rank[k]] = path[k];
        order[k] = L->links[path[k]].unit / 9;
        grouped += L->links[path[k]].grouped;
    }
    for (int d = 0; d < 3; d++)
        kinds[d] = L->links[depth[d]].unit / 9;
    int t;
    for (t = 0; t < 10; t++)
        if (THREE_SETS[t][0] == kinds[0] && THREE_SETS[t][1] == kinds[1] &&
            THREE_SETS[t][2] == kinds[2])
            break;
    int seq = t * 16 + value;
    for (int d = 0; d < 3; d++)
        seq = (seq * 32 + L->links[depth[d]].unit) * 2 + L->links[depth[d]].way;
    seq = (seq * 4 + o) * 8 + u[0] * 4 + u[1] * 2 + u[2];
    int rating, suffix;
    rate3(order, grouped, &rating, &suffix);
    /* the shape: the links' types in the chain's order, how many are grouped, the cells its
     * hint names (se_rungs.h) */
    int shape[10] = {order[0], order[1], order[2], grouped, x->e.end[u[0]]};
    for (int w = 0; w < 2; w++) {
        shape[5 + 2 * w] = L->links[path[w]].e.end[1 - u[w]];
        shape[6 + 2 * w] = L->links[path[w + 1]].e.end[u[w + 1]];
    }
    shape[9] = z->e.end[1 - u[2]];
    if (keep(f, SE_N_THREE_LINKS, rating, 10000, suffix, seen, value, shape, 10) < 0)
        return -1;
    f->items[f->n - 1].order = seq;
    return 0;
}

/* the ends (2 * link + side) of the same links as ``ends``, at their other side */
static uint64_t other_ends(uint64_t ends) {
    const uint64_t even = 0x5555555555555555u;
    return (ends & even) << 1 | (ends >> 1 & even);
}

/* the chains of the digit whose middle is link y, entered by its end u1 */
static int middle3(SeFinds *f, const Links3 *L, int value, Cells holders, int y, int u1) {
    const Link3 *m = &L->links[y];
    uint64_t before[2], after[2];
    near_ends(L, y, u1, before);
    near_ends(L, y, 1 - u1, after);
    for (int word = 0; word < 2; word++)
        for (uint64_t bits = before[word]; bits; bits &= bits - 1) {
            int end = word * 64 + ctz64(bits), x = end / 2, u0 = 1 - end % 2;
            const Link3 *a = &L->links[x];
            if (se_cells_any(se_cells_and(a->places, m->places)))
                continue;
            int s1 = three_share(a->e.end[1 - u0], a->e.sup[1 - u0], m->e.end[u1], m->e.sup[u1]);
            if (s1 < 0)
                continue;
            /* the victims any chain from here could have (chain3's, before the third link's
             * end and units): none, and no third link is worth a look */
            Cells near = se_cells_minus(
                se_cells_and(PEERS[a->e.end[u0]], holders),
                se_cells_or(UNIT_CELLS[a->unit], se_cells_or(UNIT_CELLS[m->unit], UNIT_CELLS[s1])));
            if (!se_cells_any(near))
                continue;
            /* the third links whose far end may see a cell of ``near``: their far end shares a
             * unit with one (the test below decides), so their near end (end ^ 1) is among
             * the ends beside an end in such a unit */
            uint64_t reach[2] = {0, 0};
            for (Cells n = near; se_cells_any(n);) {
                int cell = se_cells_pop(&n);
                for (int t = 0; t < 3; t++) {
                    reach[0] |= L->at[SE_CELL_UNITS[cell][t]][0];
                    reach[1] |= L->at[SE_CELL_UNITS[cell][t]][1];
                }
            }
            for (int word2 = 0; word2 < 2; word2++)
                for (uint64_t bits2 = after[word2] & other_ends(reach[word2]); bits2;
                     bits2 &= bits2 - 1) {
                    int end2 = word2 * 64 + ctz64(bits2), z = end2 / 2, u2 = end2 % 2;
                    const Link3 *c = &L->links[z];
                    if (!se_cells_any(se_cells_and(near, PEERS[c->e.end[1 - u2]])) ||
                        se_cells_any(se_cells_and(c->places, se_cells_or(m->places, a->places))))
                        continue;
                    int s2 = three_share(m->e.end[1 - u1], m->e.sup[1 - u1], c->e.end[u2],
                                         c->e.sup[u2]);
                    if (s2 < 0)
                        continue;
                    int path[3] = {x, y, z}, u[3] = {u0, u1, u2}, shared[2] = {s1, s2};
                    if (chain3(f, L, value, holders, path, u, shared) < 0)
                        return -1;
                }
        }
    return 0;
}

/* strong_links.three_findings and pure_three_strong_links */
int se_three_strong_links(SeRungs *r) {
    tables_init();
    Links3 *L = PyMem_Malloc(sizeof(Links3));
    if (!L) {
        PyErr_NoMemory();
        return -1;
    }
    SeFinds found = {0};
    int failed = 0;
    for (int value = 1; value <= 9 && !failed; value++) {
        if (r->skip >> value & 1)
            continue;
        Cells holders = se_held_cells(r->g, value, value);
        links3(r->g, value, holders, L);
        for (int y = 0; y < L->n && !failed; y++)
            for (int u1 = 0; u1 < 2 && !failed; u1++)
                failed = middle3(&found, L, value, holders, y, u1) < 0;
    }
    int done = failed ? -1 : se_finds_emit(&found, r);
    se_finds_free(&found);
    PyMem_Free(L);
    return done;
}

/* Braids of braids (Berthier's BpB, SHC's BxB; bxb.py): T&E(B_x, 1) is T&E at depth 1 whose
 * trials apply BRT and braids up to length x (df_braids) rather than BRT alone; the rating is
 * the least x for which it solves the state. Braids of braids of braids (BpBB, SHC's BxBB) are
 * T&E(B_x, 2) the same way, for T&E(3) states. It runs on df_te's T&E (its witnesses, the
 * solution sparing the true candidates' trials) with B_x as the rules; T&E(B_x) includes
 * T&E(B_(x-1)) and is confluent, so each x goes on from where the one before stopped, in one
 * search whose trials of x start where those of x - 1 ended. */
#include "df_bxb.h"

#include <stddef.h>

/* B_x as rules: the rules of a T&E search take the grid alone */
static int b1(DfGrid *g) { return df_braids(g, 1, NULL); }
static int b2(DfGrid *g) { return df_braids(g, 2, NULL); }
static int b3(DfGrid *g) { return df_braids(g, 3, NULL); }
static int b4(DfGrid *g) { return df_braids(g, 4, NULL); }
static int b5(DfGrid *g) { return df_braids(g, 5, NULL); }
static int b6(DfGrid *g) { return df_braids(g, 6, NULL); }
static int b7(DfGrid *g) { return df_braids(g, 7, NULL); }
static int b8(DfGrid *g) { return df_braids(g, 8, NULL); }
static int b9(DfGrid *g) { return df_braids(g, 9, NULL); }
static int b10(DfGrid *g) { return df_braids(g, 10, NULL); }
static int b11(DfGrid *g) { return df_braids(g, 11, NULL); }
static int b12(DfGrid *g) { return df_braids(g, 12, NULL); }
static int b13(DfGrid *g) { return df_braids(g, 13, NULL); }
static int b14(DfGrid *g) { return df_braids(g, 14, NULL); }
static int b15(DfGrid *g) { return df_braids(g, 15, NULL); }
static int b16(DfGrid *g) { return df_braids(g, 16, NULL); }

static const DfRules B_RULES[DF_BXB_MAX + 1] = {NULL, b1,  b2,  b3,  b4,  b5,  b6,  b7,  b8,
                                                b9,   b10, b11, b12, b13, b14, b15, b16};

int df_bxb_rating(const uint16_t *cands, int max, const uint8_t *solution, int depth,
                  const DfBoard *b) {
    DfGrid g;
    DfSearch *search;
    int x, found = -1;
    df_grid_from(&g, cands, b);
    if (!df_brt(&g))
        return -2;
    if (df_full(&g))
        return 0;
    if (max > DF_BXB_MAX)
        max = DF_BXB_MAX;
    search = df_search_new(B_RULES[1], solution, depth, 1);
    if (!search)
        return -3;
    for (x = 1; x <= max && found == -1; x++) {
        df_search_rules(search, B_RULES[x]);
        if (!(df_braids(&g, x, solution) && df_search_te(search, &g, depth)))
            found = -2;
        else if (df_full(&g))
            found = x;
    }
    df_search_free(search);
    return found;
}

/* A rating's memo (se_memo.c): what the searches of one rating find once for a grid and reuse,
 * below every search that reads or fills it (the lowest of the chain search's files):
 *
 *   the nested rules' findings by grid and kind of rule (se_nested.c fills and reads them)
 *   the "+" rules' patterns by pair of grids (se_rules.c)
 *   a digit's X-links' answers by its places (se_reach.c)
 *   a digit's X-search findings by its places (se_cycles.c)
 *   the XY links' graph and an inner XY search's findings, by the graph (se_reach.c, se_cycles.c)
 *
 * One is made for a rating by the module function se_memo (a capsule the rating's searches
 * share), or by a nested search for itself. */
#ifndef SUDOKU_REPL_SE_MEMO_H
#define SUDOKU_REPL_SE_MEMO_H

#include "native.h" /* the core's base: Python.h, stdint.h */

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* One digit's X-links (its "on" potentials to its peers' "off" ones, an "off" one to the "on"
 * of its unit's one other place) as a graph, and the three answers the X searches ask of each
 * place's walks, as 81-bit masks of cells (word ``cell >> 6``, bit ``cell & 63``):
 *
 *   ret      the "on" potential's walk may come back to it (se_may_return)
 *   on_off   its "on" potential's walk reaches its "off" one (se_reaches)
 *   off_on   its "off" potential's walk reaches its "on" one
 *
 * The graph is the digit's places' alone (not which digit, nor the other digits' candidates),
 * so the answers are kept by places (SeDigitMemo): a digit's places change seldom between the
 * grids a rating's nested chains search. */
typedef struct {
    uint64_t places[2], ret[2], on_off[2], off_on[2];
} SeDigitReach;

#define SE_DIGIT_KEPT 16384 /* the sets of places a SeDigitMemo keeps (one a slot) */
typedef struct SeDigitMemo {
    SeDigitReach slot[SE_DIGIT_KEPT];
} SeDigitMemo;

/* One digit's X-search findings (se_cycles.c), kept by the digit's places: with the X links
 * alone every walk, cycle and removal is the digit's, so a grid whose digit has the same places
 * (and the same places in cells of one candidate, which start no walk) has the same findings.
 * ``data``: each finding as int32s, in the order the search makes them (se_cycles.c writes and
 * reads them); ``places[0]`` 0 and ``data`` NULL in a slot never filled. */
typedef struct {
    uint64_t places[2], single[2]; /* the digit's cells, and those of them with one candidate */
    int value, n;                  /* n: int32s in data */
    int32_t *data;
} SeXFound;

#define SE_XFOUND_KEPT 4096 /* the digits' findings a SeXFoundMemo keeps (one a slot) */
typedef struct SeXFoundMemo {
    SeXFound slot[SE_XFOUND_KEPT];
} SeXFoundMemo;

/* The XY links' graph of a grid (the cells' and the units' links), what it answers, and an
 * inner XY search's findings from the candidates it holds, kept by the graph (se_reach.c
 * keeps and gives back the graph, se_cycles.c the findings). The graph is a function of the
 * key: its nodes are the linked candidates (``linked``: by cell, as se_off_links gives them),
 * an "on" one links to the linked candidates of its cell and the linked peers of its value,
 * an "off" one to its cell's other value (``pair``: the cells of two candidates) and to the
 * other place of its value in each unit of two places (``conj``: bit unit * 10 + value; both
 * places are linked). A walk from a linked candidate stays in the graph, so its findings are
 * the graph's (their removals aside, made again from the grid at hand); ``single``, the cells
 * of one candidate with a linked one, start no walk. */
#define SE_XY_CONJ_WORDS ((50 * 10 + 63) / 64) /* (SE_MAX_UNITS units) */
typedef struct {
    uint16_t linked[81];
    uint64_t pair[2], single[2], conj[SE_XY_CONJ_WORDS];
} SeXYKey;

/* one graph: its nodes' keys and parts, the parts' cycle[] and reach (SeReach's), the walks'
 * answers (se_reach.h), and the findings as int16s (se_cycles.c writes and reads them) */
typedef struct {
    uint64_t hash;
    SeXYKey key;
    uint8_t walks[81][10]; /* the answers of se_reach_walks, for the values of ``known`` */
    uint16_t known[81];    /* by cell, the values answered: the candidates of a cell of two or more */
    int n, parts, words, n_data;
    int16_t *keys, *part, *cycle, *data;
    uint64_t *bits;
} SeXYEntry;

#define SE_XY_KEPT 4096 /* the graphs a SeXYMemo keeps (one a slot, by hash) */
typedef struct SeXYMemo {
    SeXYEntry *slot[SE_XY_KEPT];
} SeXYMemo;

#define SE_RULES_KEPT 16384 /* the pairs of grids whose "+" patterns a memo keeps */

/* the "+" rules' patterns of one pair of grids (work, source), as int16s: for each pattern its
 * n_rems, n_keys, the removals (cell, value) and the keys (se_rules.c) */
typedef struct SeRuleEntry {
    struct SeRuleEntry *next; /* in its bucket */
    uint64_t hash;
    uint16_t work[81], source[81];
    int n; /* int16s in data */
    int16_t data[];
} SeRuleEntry;

/* What the "+" rules count of a grid's values alone (se_rules.c), each counted when first
 * asked: a unit's empty cells (``empty``, 0xff where not counted yet), the values placed five
 * times or fewer as bits (``open``, -1 where not counted yet). A search's chains all run on its
 * grid's values, so the memo keeps them from one call to the next while the values (and the
 * geometry) are the same. */
typedef struct {
    const void *geo; /* the SeGeo of ``empty`` */
    unsigned char values[81];
    uint8_t empty[50]; /* (SE_MAX_UNITS units) */
    int open;
} SeRuleCounts;

/* the patterns by pair of grids, the oldest forgotten once ``SE_RULES_KEPT`` are kept */
typedef struct SeRuleMemo {
    SeRuleEntry *buckets[2 * SE_RULES_KEPT], *ring[SE_RULES_KEPT];
    int next;
    SeRuleCounts counts;
} SeRuleMemo;

/* The findings of the nested rules by grid (entries se_nested.c makes, each one block): the
 * oldest grid is forgotten once ``size`` are kept.
 *
 *   buckets[2 * size]   chains of entries by hash
 *   ring[size]          the entries in the order made; ring[next] the oldest */
typedef struct SeMemo {
    struct NestEntry **buckets, **ring;
    int size, next;
    SeRuleMemo *rules;   /* the "+" rules' patterns, made the first time (se_memo_rules) */
    SeDigitMemo *digits; /* the X searches' reach by a digit's places (se_memo_digits) */
    SeXFoundMemo *xfound; /* the X searches' findings by a digit's places (se_memo_xfound) */
    SeXYMemo *xy;         /* the XY searches' graphs and findings (se_memo_xy) */
} SeMemo;

/* a memo keeping the nested findings of ``size`` grids; NULL when it cannot be made */
SeMemo *se_memo_new(int size);
void se_memo_free(SeMemo *m);
/* the memo's "+" patterns' slot, NULL until the rules first run (se_rules.c makes them) */
SeRuleMemo **se_memo_rules(SeMemo *m);
/* the memo's SeDigitMemo, made the first time; NULL without a memo, or where it cannot be made
 * (the answers are then found each time) */
SeDigitMemo *se_memo_digits(SeMemo *m);
/* the memo's SeXFoundMemo, made the first time; NULL without a memo, or where it cannot be
 * made (the findings are then searched each time) */
SeXFoundMemo *se_memo_xfound(SeMemo *m);
/* the memo's SeXYMemo, made the first time; NULL without a memo, or where it cannot be made
 * (each graph is then made and searched each time) */
SeXYMemo *se_memo_xy(SeMemo *m);
/* se_memo's memo (NULL with an exception when it is not one; NULL for None) */
SeMemo *se_memo_of(PyObject *memo);
/* the module function se_memo: a rating's memo, shared by its searches */
PyObject *se_memo(PyObject *self, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

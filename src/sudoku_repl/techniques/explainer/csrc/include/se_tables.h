/* Sudoku Explainer's chain search, its shared part (se_tables.c): the geometry's tables (made
 * once, and shared with the ladder's C, se_rungs.h), the grid, and the context of a search.
 *
 * The chain search is a copy of forcing.py's Chainer (the implication closure with its parents,
 * the binary, cell, region, Nishio and dynamic forcing chains, the "+" rules of advanced.py,
 * the nested rules of nested.py, the complexity count), chains.py's cycles and forcing X/Y
 * chains and exclusion.py's aligned exclusion, function for function under the Python names,
 * the Python code being the reference. Its files, each with its header, in a line where each
 * includes (and calls) only those before it:
 *
 *   se_memo       a rating's memo: what its searches find once for a grid and reuse
 *   se_tables     the geometry, the context: potentials, maps, ancestor counts, the stop check,
 *                 the parsing of a grid, the findings and their list handed back (this header)
 *   se_geo        a variant's geometry from Python, in a capsule
 *   se_found      Chainer._found: a finding's complexity with the nested chains it rests on, and
 *                 what an inner search's finding keeps for the outer chain
 *   se_rules      the "+" rules (advanced.simple_rule_offs)
 *   se_closure    on_to_off, off_to_on, Chainer.chain (the "+" and nested rules once it runs dry)
 *   se_forcing    the Chainer's hints (binary, cell, region chains)
 *   se_cycles     chains.py: cycles and forcing X/Y chains, and its module function
 *   se_nested     the nested rules (NestedRules), and the module function se_chainer
 *   se_exclusion  aligned exclusion (on se_tables and se_geo only)
 *
 * The closure runs the nested rules, which run whole searches (se_forcing, se_cycles) on the
 * chain's grid: that recursion goes through x->nested_offs, a pointer se_nested sets, not
 * through a call up the line.
 *
 * The data (an SeCtx per search; an inner search of the nested rules has its own):
 *
 *   SeGeo       the regions and peers (grid.Geometry), classic's or a variant's
 *   SeGrid      geo, values[81] (0: empty), cands[81] (bit v: the digit v), table[units][10]
 *               (Grid.position_table: bit i of table[u][v], the i-th cell of unit u has v)
 *   SePot       a potential: cell, value, on; its parents as SeCtx.par[parents ..
 *               parents + n_parents] (indices into SeCtx.pots)
 *   SeMap       a dict {key: potential index} in insertion order: idx[key] (or -1), order[0 .. n)
 *               the keys as inserted; key = (cell * 10 + value) * 2 + on (se_key)
 *   SeCtx.pots  every potential of the search, par their parents, maps a stack of SeMaps,
 *               found the findings (SeFound: rems into SeCtx.rems as cell, value pairs) */
#ifndef SUDOKU_REPL_SE_TABLES_H
#define SUDOKU_REPL_SE_TABLES_H

#include "native.h"  /* the core's base: Python.h, stdint.h */
#include "bits.h"    /* the core's BITS[512] (bits.c): the bits of a 9-bit mask */
#include "se_memo.h" /* a rating's memo (below the search: the searches fill it) */

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define SE_KEYS 1620 /* potentials.key_of: (cell * 10 + value) * 2 + on */

/* a geometry's limits: 27 units and serate's extra regions (9 disjoint groups, 9 windows, two
 * diagonals, girandola, asterisk, center dot); a cell in 10 regions at most; 80 peers */
#define SE_MAX_UNITS 50
#define SE_MAX_CELL_UNITS 10
#define SE_MAX_PEERS 80
/* what an "on" potential turns off at most (its cell's 8 other values and its region peers),
 * and an "off" one turns on (its cell's other value and a place in each region) */
#define SE_MAX_OFFS (8 + SE_MAX_PEERS)
#define SE_MAX_ONS (1 + SE_MAX_CELL_UNITS)
enum { SE_PLUS_CLASSIC = 0, SE_PLUS_VARIANT, SE_PLUS_BLOCKS, SE_PLUS_LATIN };

/* The regions and peers a search plays on (grid.Geometry): classic sudoku's (SE_CLASSIC_GEO,
 * made at the module's start) or a variant's (se_geo.c, made once a layout from Python's
 * Geometry and kept in a capsule by it). The searches' classic tables (SE_UNITS ...) are the
 * classic geometry's, read where ``classic`` says so (their fast paths). */
typedef struct SeGeo {
    int classic;
    int n_units;
    int8_t units[SE_MAX_UNITS][9];   /* Geometry.units: each region's cells */
    int8_t unit_type[SE_MAX_UNITS];  /* Geometry.unit_types: serate's type of each */
    int8_t type_first[10];           /* the first unit of each type (-1: none; each type's
                                      * units together, in type order) */
    int8_t scan[SE_MAX_UNITS];       /* the units in HiddenSet's order: blocks, columns, rows,
                                      * then the rest (ruled_plus._scan; classic:
                                      * SE_BLOCKS_COLUMNS_ROWS) */
    int8_t n_cell_units[81];         /* Geometry.cell_units: a cell's regions in unit order */
    int8_t cell_units[81][SE_MAX_CELL_UNITS];
    int8_t cell_pos[81][SE_MAX_CELL_UNITS]; /* Geometry.cell_pos: its place in each */
    int8_t n_region_peers[81];       /* Geometry.region_peers: a chain's "on" to "off" */
    uint8_t region_peers[81][SE_MAX_PEERS];
    uint64_t region_mask[81][2];     /* the same as bits (cell c: word c >> 6, bit c & 63) */
    int8_t n_peers[81];              /* Geometry.peers (a rule's leaps too), ascending */
    uint8_t peers[81][SE_MAX_PEERS];
    uint64_t peer_mask[81][2];
} SeGeo;

typedef struct {
    const SeGeo *geo; /* the regions its table is of */
    unsigned char values[81];
    uint16_t cands[81];
    uint16_t table[SE_MAX_UNITS][10]; /* Grid.position_table: bit i, the unit's i-th cell */
} SeGrid;

typedef struct {
    int16_t cell;
    int8_t value, on;
    int32_t parents, n_parents; /* SeCtx.par[parents .. parents + n_parents] */
    int32_t nest_cx;            /* a nested chain's removal: that chain's complexity; else -1 */
    uint64_t nest_key;          /* and its chains (a hash of chains.Found.chain_key) */
} SePot;

typedef struct { /* a dict {key: potential} in insertion order */
    int32_t idx[SE_KEYS];   /* the potential's index, or -1 */
    int16_t order[SE_KEYS]; /* the keys in insertion order */
    int n;
} SeMap;

typedef struct {
    int name, rating, complexity, sort_key, rems, n_rems, cell, value; /* value 0: no placement */
    int source;         /* the cell whose chains found it (SeCtx.source) */
    int shape, n_shape; /* its shape, SeCtx.shapes[shape .. shape + n_shape): see se_found.h */
    int links, n_links; /* an inner search's: SeCtx.links[3 * links ..], see se_found.c */
    uint64_t chain;     /* an inner search's: a hash of chains.Found.chain_key */
} SeFound;

typedef struct SeCtx {
    const SeGeo *geo; /* the geometry of the grids se_search parses (NULL: classic) */
    int shaped;       /* se_found_list hands each finding's shape too */
    /* the "+" rules (se_rules.c): 0 classic sudoku's (advanced.py), else a variant technique
     * set's (ruled_plus.py): SE_PLUS_VARIANT (an extra region or a leap), SE_PLUS_BLOCKS (a
     * Latin square's or non-consecutive's, with blocks), SE_PLUS_LATIN (without) */
    int plus;
    int multiple, dynamic, nishio, level;
    int source;    /* the cell whose chains se_chainer_run follows (-1 after it) */
    int nesting;   /* level 4: the level of the nested dynamic chains (0-3) */
    int summarize; /* an inner (nested) search: each finding keeps what the outer chain needs */
    int easiest;   /* the easiest finding alone is asked for: one that cannot come first is
                    * not kept (se_found.c) */
    int unshaped;  /* no finding's shape is read (se_below's batches apply the removals
                    * alone): se_found.c makes none */
    int skip_values; /* Nishio's values (bit v) known to find nothing here: left out */
    int met_values;  /* and those whose chains met a contradiction, kept or not */
    int16_t *links; /* the findings' rule-parent links: cell, value, cause (se_found.c) */
    int n_links, cap_links;
    int32_t *walk; /* se_chain_of's result */
    int cap_walk;
    uint64_t *seen; /* the nested chains a finding's complexity counted */
    int cap_seen;
    struct SeNest *nest; /* levels 2 and up: the nested rules' searches, their findings kept */
    SeMemo *memo; /* a rating's memo of those findings (se_memo.c), shared; or NULL */
    SePot *pots;
    int n_pots, cap_pots;
    int32_t *par;
    int n_par, cap_par;
    int32_t *queue; /* ancestor_count's */
    int cap_queue;
    int stamp[SE_KEYS], gen;
    SeMap *maps; /* a pool, taken and given back as a stack */
    int n_maps, cap_maps;
    SeFound *found;
    int n_found, cap_found;
    int32_t *adv; /* se_simple_rule_offs' result */
    int n_adv, cap_adv;
    int16_t *rule_data; /* the "+" rules' patterns (se_rules.c), a buffer */
    int cap_rule_data;
    int16_t *rems; /* found removals: cell, value pairs */
    int n_rems, cap_rems;
    int *shapes; /* the findings' shapes (SeFound.shape) */
    int n_shapes, cap_shapes;
    double deadline; /* CLOCK_MONOTONIC seconds, or < 0 */
    PyObject *poll;  /* a callable: true stops the search (or NULL) */
    long ticks;
    int stop; /* 1: stopped by the deadline, 3: by the poll, 2: a Python error (memory, Ctrl-C) */
    /* levels 2 and up, set by se_nested.c (above the closure that calls them, so that no file
     * reaches up the line): the nested rules' "off" potentials (se_nested_offs), and the
     * freeing of x->nest (se_nest_free, called by se_ctx_free) */
    int (*nested_offs)(struct SeCtx *x, const SeGrid *work, const SeGrid *source,
                       const SeMap *offs);
    void (*nest_free)(struct SeCtx *x);
    /* the buffers of the context's search kept from one run to the next (an inner search of
     * the nested rules runs on many grids): se_cycles.c's or se_forcing.c's, the one that made
     * them, which scratch_free names (called by se_ctx_free) */
    void *scratch;
    void (*scratch_free)(void *scratch);
    /* se_forcing.c's "on" chains of the grid at hand, by the start's cell * 10 + value: each a
     * block of its own (PyMem_Malloc), NULL where none is kept; the 810 slots made when a
     * search first keeps one (NULL before) */
    void **kept;
    /* a static search's grid (se_forcing.c's): by cell, the values whose "off" potential makes
     * an "on" one (the cell's other value, or a unit's other place); NULL in other searches */
    const uint16_t *live;
} SeCtx;

extern int SE_UNITS[27][9], SE_CELL_UNITS[81][3], SE_CELL_POS[81][3], SE_PEER_ORDER[81][20];
/* the positions of unit u whose cells share the unit of type t (0 block, 1 row, 2 column) with
 * its i-th cell's, as bits: SE_SHARED_POS[u][t][i] */
extern int SE_SHARED_POS[27][3][9];
/* a cell's twenty peers as bits (cell c: word c >> 6, bit c & 63), and in the three parts of
 * SE_PEER_ORDER (its block's, its row's outside the block, its column's), each part in the
 * order of the cells' numbers: SE_PEER_ORDER walks the parts' bits in turn */
extern uint64_t SE_PEER_MASK[81][2], SE_PEER_PARTS[81][3][2];
extern const int SE_BLOCKS_COLUMNS_ROWS[27];
extern SeGeo SE_CLASSIC_GEO;
void se_tables_init(void);
/* a geometry's derived parts (cell_units, cell_pos, the masks) from its units, types, region
 * peers and peers */
void se_geo_derive(SeGeo *geo);

int se_penalty(int complexity);
void se_table_fill(SeGrid *g);
int se_check_stop_due(SeCtx *x);
/* now on time.monotonic's clock (the deadlines'), in seconds: Python's own reading, so that the
 * C and Python agree on every platform (POSIX's clock_gettime is not the clock Python reads on
 * Windows or macOS, and MSVC has none); -1.0 with an exception should it fail */
double se_monotonic(void);
/* nonzero once the search is to stop; every 1024 calls the deadline, Ctrl-C and the caller's
 * poll are looked at (se_check_stop_due) */
static inline int se_check_stop(SeCtx *x) {
    if (x->stop)
        return 1;
    if (++x->ticks & 1023)
        return 0;
    return se_check_stop_due(x);
}
/* se_pot where x->pots or x->par is full: grows them, then makes the potential */
int se_pot_grown(SeCtx *x, int cell, int value, int on, int parent);
int se_add_parent(SeCtx *x, int pot, int parent);
void se_drop(SeCtx *x, int pot);
SeMap *se_map_take(SeCtx *x);
void se_map_give(SeCtx *x, int count);
void se_map_put(SeMap *m, int key, int pot);
int se_chain_of(SeCtx *x, int pot, int most);
int se_adv_push(SeCtx *x, int pot); /* a potential to x->adv (0, or -1) */
int se_grow(void **buf, int *cap, int need, size_t size, SeCtx *x);
int se_init_maps(SeCtx *x);
int se_sorted_order(const SeCtx *x, int *order);
int se_add_found(SeCtx *x, int name, int base, int complexity, int sort_key, const int16_t *rems,
                 int n_rems, int cell, int value);
/* the last finding's shape: shape[0 .. n) (0, or -1 with x->stop set) */
int se_found_shape(SeCtx *x, const int *shape, int n);
void se_ctx_free(SeCtx *x);
/* a new context, every field zero (NULL without memory), and one done with: se_ctx_free'd,
 * then kept for the next new one or freed */
SeCtx *se_ctx_new(void);
void se_ctx_done(SeCtx *x);
int se_parse_grid(PyObject *values, PyObject *cands, SeGrid *g);
int se_parse_limits(SeCtx *x, PyObject *deadline, PyObject *poll);
/* a finding's removals as a tuple of (cell, value) pairs (a new reference, or NULL) */
PyObject *se_rems_tuple(const SeCtx *x, const SeFound *f);
/* ints[0 .. n) as a tuple (a new reference, or NULL): a finding's shape */
PyObject *se_ints_tuple(const int *ints, int n);
PyObject *se_found_list(SeCtx *x);
PyObject *se_search(SeCtx *x, PyObject *values, PyObject *cands, PyObject *deadline,
                    PyObject *poll, int (*run)(SeCtx *, const SeGrid *));

static inline int se_key(int cell, int value, int on) { return (cell * 10 + value) * 2 + on; }
/* the geometry of a search (SeCtx.geo, NULL: classic) */
static inline const SeGeo *se_geo(const SeCtx *x) { return x->geo ? x->geo : &SE_CLASSIC_GEO; }
static inline int se_has(const SeMap *m, int key) { return m->idx[key] >= 0; }

/* a new potential (its one parent ``parent``, or none for -1): its index, or -1 (x->stop set);
 * inlined, as the walks make one a link (forced where GCC's LTO may weigh the closure's callers
 * and leave it a call) */
static ALWAYS_INLINE int se_pot(SeCtx *x, int cell, int value, int on, int parent) {
    if (x->n_pots >= x->cap_pots || x->n_par >= x->cap_par)
        return se_pot_grown(x, cell, value, on, parent);
    SePot *p = &x->pots[x->n_pots];
    p->cell = (int16_t)cell;
    p->value = (int8_t)value;
    p->on = (int8_t)on;
    p->parents = x->n_par;
    p->n_parents = 0;
    p->nest_cx = -1;
    p->nest_key = 0;
    if (parent >= 0) {
        x->par[x->n_par++] = parent;
        p->n_parents = 1;
    }
    return x->n_pots++;
}

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

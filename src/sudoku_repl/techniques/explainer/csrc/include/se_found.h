/* The findings of a chain search (se_found.c): Chainer._found, a finding's complexity with
 * the nested chains it rests on (potentials.nested_complexity), and what an inner search's
 * finding keeps for the outer chain (its rule parents' links, chains.Found.chain_key as a hash) */
#ifndef SUDOKU_REPL_SE_FOUND_H
#define SUDOKU_REPL_SE_FOUND_H

#include "se_geo.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* nested.NAKED: a potential that is its cell's last value (a link's cause, else its unit) */
#define SE_NAKED (-1)

/* FNV-1a's step, the hashes of chains and grids */
static inline uint64_t se_mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }
/* a memo's hash spread over all its bits (MurmurHash3's finalizer): se_mix's low bits depend
 * on its inputs' low bits alone, and a memo's bucket is the hash's low bits */
static inline uint64_t se_spread(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* what started a finding's chains, for its links: a cell (SE_CELL_ORIGIN), a cycle
 * (SE_CYCLE_ORIGIN), a unit (its number), or none */
enum { SE_NO_ORIGIN = -1, SE_CELL_ORIGIN = -2, SE_CYCLE_ORIGIN = -3 };
/* a finding whose chains end at ``targets`` (0, or -1 with x->stop set); in the outer search,
 * with its shape (SeFound.shape: what serate's description of it names beyond its removals
 * and placement, tools/serate_steps.py), from its first target's chain walked back by first
 * parents to the potential it starts from:
 *
 *   a cycle (SE_CYCLE_ORIGIN)  the cells of that walk, the target's first, the start's last
 *   any other                  (complexity, origin, the start's cell, value, on, the first
 *                              target's cell, value, on)
 *
 * then its chains, for a plan's links (tools/explain/plan.py): each target's walk by first
 * parents (its length, then cell, value, on of each potential, the target's first), and last
 * how many ints the chains took (tools/serate/shapes.py: chain_core, chain_walks) */
int se_found_chain(SeCtx *x, int name, int base, int sort_key, const int16_t *rems, int n_rems,
                   int cell, int value, const int *targets, int n_targets, int origin);

/* advanced.hash_order: ``n_rems`` removals (cell, value pairs) in the order Sudoku Explainer's
 * hint hands them out (a HashMap keyed by the cell's index), into ``out`` (as many pairs) */
void se_hash_order(const int16_t *rems, int n_rems, int16_t *out);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif

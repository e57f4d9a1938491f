"""The "+" of dynamic forcing chains (+) on variant rules (serate's
``Chaining.getAdvancedPotentials`` with a variant flag): once a chain's implications run dry,
the simple rules of the rules' technique set are tried on the chain's grid, each finding
resting on the chain's removals that made it (its ``getRuleParents``). With an extra region or a
leap: ``VLocking`` (a digit's two to six places in a region, out of the cells seeing them all),
hidden pairs, generalized naked pairs, X-Wings; on a Latin square or non-consecutive: pointing
and claiming (with blocks), hidden pairs, naked pairs, X-Wings. The regions are the grid's
geometry's."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial

from sudoku_repl.techniques.explainer import advanced
from sudoku_repl.techniques.explainer.advanced import Finding, rule_offs
from sudoku_repl.techniques.explainer.grid import DIGITS, MASK_DIGITS, Grid, combinations_colex
from sudoku_repl.techniques.explainer.potentials import Potential, key_of
from sudoku_repl.techniques.explainer.singles import hidden_set_cells

Rule = Callable[[Grid, Grid], Iterator[Finding]]


def _lost(grid: Grid, source: Grid, cell: int, value: int) -> bool:
    return bool(source.cands[cell] >> value & 1) and not grid.cands[cell] >> value & 1


def _by_type(grid: Grid) -> list[list[tuple[int, ...]]]:
    """The geometry's regions by type, in type order."""
    geometry = grid.geometry
    kinds: dict[int, list[tuple[int, ...]]] = {}
    for unit, kind in zip(geometry.units, geometry.unit_types, strict=True):
        kinds.setdefault(kind, []).append(unit)
    return [kinds[k] for k in sorted(kinds)]


def _scan(grid: Grid) -> list[tuple[int, ...]]:
    """The regions in ``HiddenSet``'s and ``NakedSet``'s order: blocks, columns, rows, then the
    extra types."""
    geometry = grid.geometry
    order = {0: 0, 2: 1, 1: 2}
    ranked = sorted(
        range(len(geometry.units)), key=lambda u: order.get(geometry.unit_types[u], 3)
    )  # (stable: the extra types keep their order)
    return [geometry.units[u] for u in ranked]


def _vlocking(grid: Grid, source: Grid) -> Iterator[Finding]:
    """``VLocking``: the removals, and the region's places of the digit lost in the chain."""
    peers, cands = grid.geometry.peers, grid.cands
    for regions in _by_type(grid):
        for value in DIGITS:
            for region in regions:
                cells = [c for c in region if cands[c] >> value & 1]
                if not 2 <= len(cells) <= 6:
                    continue
                seeing = set(peers[cells[0]])
                for cell in cells[1:]:
                    seeing.intersection_update(peers[cell])
                removals = tuple((c, value) for c in sorted(seeing) if cands[c] >> value & 1)
                if removals:
                    parents = [
                        key_of(c, value, False) for c in region if _lost(grid, source, c, value)
                    ]
                    yield removals, parents


def _hidden_pairs(grid: Grid, source: Grid) -> Iterator[Finding]:
    """``HiddenSet(2)``: two digits with two places in a region: the places' other candidates
    go, resting on the digits lost from the region's other cells."""
    cands = grid.cands
    for region in _scan(grid):
        if sum(1 for c in region if not grid.values[c]) <= 4:
            continue
        table = [0] * 10
        for i, cell in enumerate(region):
            for value in MASK_DIGITS[cands[cell]]:
                table[value] |= 1 << i
        for values in combinations_colex(tuple(DIGITS), 2):
            common = hidden_set_cells(table, values)
            if common is None:
                continue
            keep = sum(1 << v for v in values)
            removals = tuple(
                (region[i], v)
                for i in range(9)
                if common >> i & 1
                for v in MASK_DIGITS[cands[region[i]] & ~keep]
            )
            if removals:
                parents = [
                    key_of(region[i], v, False)
                    for i in range(9)
                    if not common >> i & 1
                    for v in values
                    if source.cands[region[i]] >> v & 1
                ]
                yield removals, parents


def _naked_pairs(generalized: bool, grid: Grid, source: Grid) -> Iterator[Finding]:
    """``NakedSet(2)`` (its values out of its region) or ``NakedSetGen(2)`` (each value out of
    the cells seeing both of the pair's cells holding it), resting on the cells' other
    candidates lost."""
    peers, cands = grid.geometry.peers, grid.cands
    for region in _scan(grid):
        if sum(1 for c in region if not grid.values[c]) < 4:
            continue
        for cells in combinations_colex(region, 2):
            union = hidden_set_cells(cands, cells)
            if union is None:
                continue
            removals: Sequence[tuple[int, int]]
            if generalized:
                removals = []
                for value in MASK_DIGITS[union]:
                    holding = [c for c in cells if cands[c] >> value & 1]
                    seeing = set(peers[holding[0]])
                    for cell in holding[1:]:
                        seeing &= set(peers[cell])
                    removals += [(c, value) for c in sorted(seeing) if cands[c] >> value & 1]
            else:
                removals = [
                    (other, value)
                    for other in region
                    if other not in cells
                    for value in MASK_DIGITS[cands[other] & union]
                ]
            if removals:
                parents = [
                    key_of(c, v, False)
                    for c in cells
                    for v in MASK_DIGITS[source.cands[c] & ~union]
                ]
                yield tuple(removals), parents


def rules(variant: bool, blocks: bool) -> tuple[Rule, ...]:
    """The "+" rules of a variant technique set (``variant``: an extra region or a leap) or of
    a Latin square or non-consecutive (``blocks``: with blocks)."""
    simple = dict(advanced.SIMPLE_RULES)
    if variant:
        return (_vlocking, _hidden_pairs, partial(_naked_pairs, True), simple["an X-Wing"])
    found: tuple[Rule, ...] = (simple["pointing or claiming"],) if blocks else ()
    return (*found, _hidden_pairs, partial(_naked_pairs, False), simple["an X-Wing"])


def plus(
    variant: bool, blocks: bool
) -> Callable[[Grid, Grid, dict[int, Potential]], list[Potential]]:
    """The chain's "+" (``forcing.Chainer``'s ``advanced``) on these rules."""
    return partial(rule_offs, rules(variant, blocks))

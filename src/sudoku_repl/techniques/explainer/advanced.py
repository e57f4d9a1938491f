"""The "+" of dynamic forcing chains (+): inside a chain, once the implications run dry, the
simplest rules (pointing and claiming, hidden pairs, naked pairs, X-Wings) are tried on the
chain's grid; what they remove joins the chain, resting on the chain's own removals that made
the pattern appear."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from sudoku_repl.techniques.explainer.fish import fish_patterns
from sudoku_repl.techniques.explainer.grid import (
    MASK_DIGITS,
    UNIT_SETS,
    UNITS,
    Grid,
    bits,
)
from sudoku_repl.techniques.explainer.hint import Removals
from sudoku_repl.techniques.explainer.potentials import Potential, key_of
from sudoku_repl.techniques.explainer.singles import locked_places, locking_removals
from sudoku_repl.techniques.explainer.subsets import hidden_set_patterns, naked_set_patterns

# (the candidates a rule removes, the keys of the "off" potentials it rests on)
Finding = tuple[Removals, list[int]]


def _lost(grid: Grid, source: Grid, cell: int, value: int) -> bool:
    bit = 1 << value
    return bool(source.cands[cell] & bit) and not grid.cands[cell] & bit


def _locking(grid: Grid, source: Grid) -> Iterator[Finding]:
    for value, unit1, unit2 in locked_places(grid):
        removals = locking_removals(grid, value, unit1, unit2)
        if removals:
            parents = [
                key_of(c, value, False)
                for c in UNITS[unit1]
                if _lost(grid, source, c, value) and c not in UNIT_SETS[unit2]
            ]
            yield removals, parents


def _hidden_pairs(grid: Grid, source: Grid) -> Iterator[Finding]:
    for unit, values, common, removals in hidden_set_patterns(grid, 2):
        parents = [
            key_of(cell, v, False)
            for i, cell in enumerate(UNITS[unit])
            if not common >> i & 1
            for v in values
            if source.cands[cell] >> v & 1
        ]
        yield removals, parents


def _naked_pairs(grid: Grid, source: Grid) -> Iterator[Finding]:
    for cells, union, removals in naked_set_patterns(grid, 2):
        parents = [
            key_of(c, v, False) for c in cells for v in MASK_DIGITS[source.cands[c] & ~union]
        ]
        yield removals, parents


def _x_wings(grid: Grid, source: Grid) -> Iterator[Finding]:
    for value, base_type, indexes, covers, removals in fish_patterns(grid, 2):
        cover_type = 3 - base_type
        cover_cells: set[int] = set()
        for cover in bits(covers):
            cover_cells |= UNIT_SETS[cover_type * 9 + cover]
        parents = [
            key_of(c, value, False)
            for index in indexes
            for c in UNITS[base_type * 9 + index]
            if _lost(grid, source, c, value) and c not in cover_cells
        ]
        yield removals, parents


def hash_order(removals: Removals) -> list[tuple[int, int]]:
    """Removals in the order Sudoku Explainer's hint hands them out (a HashMap keyed by the
    cell's index: by the index modulo the table's size, then as inserted)."""
    cells = list(dict.fromkeys(cell for cell, _ in removals))
    size = 16
    while len(cells) > size * 3 // 4:
        size *= 2
    cells.sort(key=lambda cell: cell & (size - 1))
    values: dict[int, list[int]] = {}
    for cell, value in removals:
        values.setdefault(cell, []).append(value)
    return [(cell, value) for cell in cells for value in sorted(values[cell])]


#: the simple rules, in the order they are tried, by the names a hint gives them
SIMPLE_RULES = (
    ("pointing or claiming", _locking),
    ("a hidden pair", _hidden_pairs),
    ("a naked pair", _naked_pairs),
    ("an X-Wing", _x_wings),
)
_RULES = tuple(rule for _, rule in SIMPLE_RULES)


def simple_rule_offs(grid: Grid, source: Grid, offs: dict[int, Potential]) -> list[Potential]:
    """The removals of the first simple rule that finds any resting on the chain, each
    finding's in the order its hint in Sudoku Explainer hands them out (``hash_order``)."""
    return rule_offs(_RULES, grid, source, offs)


def rule_offs(
    rules: Sequence[Callable[[Grid, Grid], Iterator[Finding]]],
    grid: Grid,
    source: Grid,
    offs: dict[int, Potential],
) -> list[Potential]:
    """``simple_rule_offs`` over ``rules`` (a variant technique set's, ``ruled_plus``)."""
    for rule in rules:
        result: list[Potential] = []
        for removals, parent_keys in rule(grid, source):
            if not parent_keys:
                continue
            parents = [offs[k] for k in parent_keys if k in offs]
            for cell, value in hash_order(removals):
                result.append(Potential(cell, value, False, list(parents)))
        if result:
            return result
    return []

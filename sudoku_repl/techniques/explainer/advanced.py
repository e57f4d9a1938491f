"""The "+" of dynamic forcing chains (+): inside a chain, once the implications run dry, the
simplest rules (pointing and claiming, hidden pairs, naked pairs, X-Wings) are tried on the
chain's grid; what they remove joins the chain, resting on the chain's own removals that made
the pattern appear."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    DIGITS,
    MASK_DIGITS,
    UNIT_SETS,
    UNITS,
    Grid,
    bits,
    combinations_colex,
)
from sudoku_repl.techniques.explainer.potentials import Potential, key_of
from sudoku_repl.techniques.explainer.singles import (
    BLOCKS_COLUMNS_ROWS,
    _locked,
    _locking_removals,
    hidden_set_cells,
    hidden_set_removals,
)

Removals = tuple[tuple[int, int], ...]
# (the candidates a rule removes, the keys of the "off" potentials it rests on)
Finding = tuple[Removals, list[int]]


def _lost(grid: Grid, source: Grid, cell: int, value: int) -> bool:
    bit = 1 << value
    return bool(source.cands[cell] & bit) and not grid.cands[cell] & bit


def _locking(grid: Grid, source: Grid) -> Iterator[Finding]:
    for value, unit1, unit2 in _locked(grid):
        removals = _locking_removals(grid, value, unit1, unit2)
        if removals:
            parents = [
                key_of(c, value, False)
                for c in UNITS[unit1]
                if _lost(grid, source, c, value) and c not in UNIT_SETS[unit2]
            ]
            yield removals, parents


def _hidden_pairs(grid: Grid, source: Grid) -> Iterator[Finding]:
    table = grid.position_table()
    for unit in BLOCKS_COLUMNS_ROWS:
        if grid.empty_count(unit) <= 4:
            continue
        for values in combinations_colex(tuple(DIGITS), 2):
            common = hidden_set_cells(table[unit], values)
            if common is None:
                continue
            removals = hidden_set_removals(grid, unit, values, common)
            if removals:
                parents = [
                    key_of(cell, v, False)
                    for i, cell in enumerate(UNITS[unit])
                    if not common >> i & 1
                    for v in values
                    if source.cands[cell] >> v & 1
                ]
                yield removals, parents


def _naked_pairs(grid: Grid, source: Grid) -> Iterator[Finding]:
    cands = grid.cands
    for unit in BLOCKS_COLUMNS_ROWS:
        if grid.empty_count(unit) < 4:
            continue
        for cells in combinations_colex(UNITS[unit], 2):
            if any(BIT_COUNT[cands[c]] <= 1 for c in cells):
                continue
            union = cands[cells[0]] | cands[cells[1]]
            if BIT_COUNT[union] != 2:
                continue
            removals = tuple(
                (o, v) for o in UNITS[unit] if o not in cells for v in MASK_DIGITS[cands[o] & union]
            )
            if removals:
                parents = [
                    key_of(c, v, False)
                    for c in cells
                    for v in MASK_DIGITS[source.cands[c] & ~union]
                ]
                yield removals, parents


def _x_wings(grid: Grid, source: Grid) -> Iterator[Finding]:
    counts = {value: grid.count_value(value) for value in DIGITS}
    for base_type, cover_type in ((2, 1), (1, 2)):
        for indexes in combinations_colex(tuple(range(9)), 2):
            for value in DIGITS:
                if counts[value] + 4 > 9:
                    continue
                union = 0
                for index in indexes:
                    pos = grid.positions(base_type * 9 + index, value)
                    if BIT_COUNT[pos] <= 1:
                        break
                    union |= pos
                else:
                    if BIT_COUNT[union] != 2:
                        continue
                    bit = 1 << value
                    covers = [cover_type * 9 + c for c in bits(union)]
                    removals = tuple(
                        (cell, value)
                        for cover in covers
                        for i, cell in enumerate(UNITS[cover])
                        if i not in indexes and grid.cands[cell] & bit
                    )
                    if removals:
                        cover_cells = UNIT_SETS[covers[0]] | UNIT_SETS[covers[1]]
                        parents = [
                            key_of(c, value, False)
                            for index in indexes
                            for c in UNITS[base_type * 9 + index]
                            if _lost(grid, source, c, value) and c not in cover_cells
                        ]
                        yield removals, parents


def simple_rule_offs(grid: Grid, source: Grid, offs: dict[int, Potential]) -> list[Potential]:
    """The removals of the first simple rule that finds any resting on the chain."""
    for rule in (_locking, _hidden_pairs, _naked_pairs, _x_wings):
        result: list[Potential] = []
        for removals, parent_keys in rule(grid, source):
            if not parent_keys:
                continue
            parents = [offs[k] for k in parent_keys if k in offs]
            for cell, value in removals:
                result.append(Potential(cell, value, False, list(parents)))
        if result:
            return result
    return []

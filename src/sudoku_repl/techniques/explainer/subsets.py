"""Naked and hidden pairs, triples and quads (3.0-5.4); from the native ladder where there is
one (``native_ladder``), the Python below being the reference."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    DIGITS,
    MASK_DIGITS,
    UNITS,
    Grid,
    combinations_colex,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals
from sudoku_repl.techniques.explainer.singles import (
    BLOCKS_COLUMNS_ROWS,
    hidden_set_cells,
    hidden_set_removals,
)

_NAMES = {2: "Pair", 3: "Triplet", 4: "Quad"}
_NAKED_RATINGS = {2: 30, 3: 36, 4: 50}
_HIDDEN_RATINGS = {2: 34, 3: 40, 4: 54}


def naked_set_patterns(grid: Grid, degree: int) -> Iterator[tuple[tuple[int, ...], int, Removals]]:
    """(cells, their values as a mask, removals) of every naked set that removes anything."""
    cands = grid.cands
    for unit in BLOCKS_COLUMNS_ROWS:
        if grid.empty_count(unit) < degree * 2:
            continue
        for cells in combinations_colex(UNITS[unit], degree):
            union = 0
            for cell in cells:
                if BIT_COUNT[cands[cell]] <= 1:
                    break
                union |= cands[cell]
            else:
                if BIT_COUNT[union] != degree:
                    continue
                removals = tuple(
                    (other, value)
                    for other in UNITS[unit]
                    if other not in cells
                    for value in MASK_DIGITS[cands[other] & union]
                )
                if removals:
                    yield cells, union, removals


def hidden_set_patterns(
    grid: Grid, degree: int
) -> Iterator[tuple[int, tuple[int, ...], int, Removals]]:
    """(unit, values, their places in the unit as a mask, removals) of every hidden set that
    removes anything."""
    table = grid.position_table()
    for unit in BLOCKS_COLUMNS_ROWS:
        if grid.empty_count(unit) <= degree * 2:
            continue
        for values in combinations_colex(tuple(DIGITS), degree):
            common = hidden_set_cells(table[unit], values)
            if common is None:
                continue
            removals = hidden_set_removals(grid, unit, values, common)
            if removals:
                yield unit, values, common, removals


def naked_sets(degree: int, pure: bool = False) -> Finder:
    """``degree`` cells of a unit whose candidates are ``degree`` values; from the C where
    there is one, unless ``pure``."""

    def finder(grid: Grid) -> Iterator[Hint]:
        for _, _, removals in naked_set_patterns(grid, degree):
            yield Hint("Naked " + _NAMES[degree], _NAKED_RATINGS[degree], removals)

    return finder if pure else native_ladder.Rung(native_ladder.NAKED_SET, degree, finder)


def hidden_sets(degree: int, pure: bool = False) -> Finder:
    """``degree`` values of a unit with ``degree`` places between them; from the C where there
    is one, unless ``pure``."""

    def finder(grid: Grid) -> Iterator[Hint]:
        for _, _, _, removals in hidden_set_patterns(grid, degree):
            yield Hint("Hidden " + _NAMES[degree], _HIDDEN_RATINGS[degree], removals)

    return finder if pure else native_ladder.Rung(native_ladder.HIDDEN_SET, degree, finder)

"""Singles and intersections: hidden and naked singles (1.0-2.3), the direct pointing and
direct hidden pair/triple that end in a hidden single (1.7-2.5), pointing and claiming
(2.6, 2.8).

Each finder asks the native ladder first (``native_ladder``: the same hints from C) and runs its
Python, the reference, on the pure build (``pure_...``, or ``pure=True``)."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    CELL_UNITS,
    DIGITS,
    MASK_DIGITS,
    UNIT_SETS,
    UNITS,
    Grid,
    bits,
    combinations_colex,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint

# unit types in Sudoku Explainer's order for singles and sets: blocks, columns, rows
BLOCKS_COLUMNS_ROWS = (*range(0, 9), *range(18, 27), *range(9, 18))


def hidden_single_places(grid: Grid) -> Iterator[tuple[int, int, int, int]]:
    """(rating, unit, cell, value) of every hidden single, in Sudoku Explainer's order."""
    for alone_only in (True, False):
        for unit in BLOCKS_COLUMNS_ROWS:
            alone = grid.empty_count(unit) == 1
            if alone != alone_only:
                continue
            for value in DIGITS:
                cells = grid.cells_with(unit, value)
                if len(cells) == 1:
                    yield 10 if alone else (12 if unit < 9 else 15), unit, cells[0], value


def pure_hidden_singles(grid: Grid) -> Iterator[Hint]:
    """A value with one place left in a unit: 1.0 when it is the unit's last empty cell
    (full house), else 1.2 in a block and 1.5 in a row or column."""
    for rating, _, cell, value in hidden_single_places(grid):
        yield Hint("Hidden Single", rating, placement=(cell, value))


#: ``pure_hidden_singles``, from the C where there is one
hidden_singles: Finder = native_ladder.Rung(native_ladder.HIDDEN_SINGLE, 0, pure_hidden_singles)


def pure_naked_singles(grid: Grid) -> Iterator[Hint]:
    """A cell with one candidate left: 2.3."""
    for cell, mask in enumerate(grid.cands):
        if BIT_COUNT[mask] == 1:
            yield Hint("Naked Single", 23, placement=(cell, MASK_DIGITS[mask][0]))


#: ``pure_naked_singles``, from the C where there is one
naked_singles: Finder = native_ladder.Rung(native_ladder.NAKED_SINGLE, 0, pure_naked_singles)


# (first unit type, second unit type) pairs in Sudoku Explainer's order
_LOCKING_PAIRS = ((0, 2), (0, 1), (2, 0), (1, 0))


def _crossing(unit1: int, unit2: int) -> bool:
    return bool(UNIT_SETS[unit1] & UNIT_SETS[unit2])


def locked_places(grid: Grid) -> Iterator[tuple[int, int, int]]:
    """(value, unit1, unit2): the value's places in unit1 all lie in unit2."""
    for type1, type2 in _LOCKING_PAIRS:
        for value in DIGITS:
            for unit1 in range(type1 * 9, type1 * 9 + 9):
                cells = grid.cells_with(unit1, value)
                if len(cells) < 2:
                    continue
                # the one unit of type2 that may hold them all: the first one's
                unit2 = CELL_UNITS[cells[0]][type2]
                if all(cell in UNIT_SETS[unit2] for cell in cells):
                    yield value, unit1, unit2


def locking_removals(grid: Grid, value: int, unit1: int, unit2: int) -> tuple[tuple[int, int], ...]:
    bit = 1 << value
    return tuple(
        (cell, value)
        for cell in UNITS[unit2]
        if cell not in UNIT_SETS[unit1] and grid.cands[cell] & bit
    )


def pure_direct_pointing(grid: Grid) -> Iterator[Hint]:
    """An intersection whose removals would leave a hidden single in another unit of the
    first unit's type: 1.7 from a block (pointing), 1.9 from a row or column (claiming). Only
    the single is placed; the removals are not made (as in Sudoku Explainer)."""
    for value, unit1, _, cell in direct_pointing_places(grid):
        yield Hint(
            "Direct Pointing" if unit1 < 9 else "Direct Claiming",
            17 if unit1 < 9 else 19,
            placement=(cell, value),
        )


def direct_pointing_places(grid: Grid) -> Iterator[tuple[int, int, int, int]]:
    """(value, unit1, unit2, cell) of ``pure_direct_pointing``'s findings: the value locked
    in unit1 and unit2 is placed in the cell."""
    for value, unit1, unit2 in locked_places(grid):
        type1 = unit1 // 9
        for unit3 in range(type1 * 9, type1 * 9 + 9):
            if unit3 == unit1 or not _crossing(unit3, unit2):
                continue
            cells3 = grid.cells_with(unit3, value)
            if len(cells3) <= 1:
                continue
            remain = [cell for cell in cells3 if cell not in UNIT_SETS[unit2]]
            if len(remain) == 1:
                yield value, unit1, unit2, remain[0]


#: ``pure_direct_pointing``, from the C where there is one
direct_pointing: Finder = native_ladder.Rung(native_ladder.DIRECT_POINTING, 0, pure_direct_pointing)


def pure_locking(grid: Grid) -> Iterator[Hint]:
    """Pointing (2.6) and claiming (2.8)."""
    for value, unit1, unit2 in locked_places(grid):
        removals = locking_removals(grid, value, unit1, unit2)
        if removals:
            yield Hint("Pointing" if unit1 < 9 else "Claiming", 26 if unit1 < 9 else 28, removals)


#: ``pure_locking``, from the C where there is one
locking: Finder = native_ladder.Rung(native_ladder.LOCKING, 0, pure_locking)


def hidden_set_cells(positions: list[int], values: tuple[int, ...]) -> int | None:
    """The positions (a mask) of a hidden set of these values in a unit whose places for each
    value are ``positions[value]``, or None."""
    union = 0
    for value in values:
        pos = positions[value]
        if BIT_COUNT[pos] <= 1:
            return None
        union |= pos
    return union if BIT_COUNT[union] == len(values) else None


def hidden_set_removals(
    grid: Grid, unit: int, values: tuple[int, ...], positions: int
) -> tuple[tuple[int, int], ...]:
    keep = sum(1 << v for v in values)
    return tuple(
        (UNITS[unit][i], value)
        for i in bits(positions)
        for value in MASK_DIGITS[grid.cands[UNITS[unit][i]] & ~keep]
    )


def direct_hidden_sets(degree: int, pure: bool = False) -> Finder:
    """A hidden pair (2.0) or triple (2.5) whose removals would leave a hidden single in its
    unit; only the single is placed. From the C where there is one, unless ``pure``."""

    def finder(grid: Grid) -> Iterator[Hint]:
        for _, _, _, cell, value in direct_hidden_set_places(grid, degree):
            yield Hint(
                "Direct Hidden " + ("Pair" if degree == 2 else "Triplet"),
                20 if degree == 2 else 25,
                placement=(cell, value),
            )

    return finder if pure else native_ladder.Rung(native_ladder.DIRECT_HIDDEN_SET, degree, finder)


def direct_hidden_set_places(
    grid: Grid, degree: int
) -> Iterator[tuple[int, tuple[int, ...], int, int, int]]:
    """(unit, the set's values, its places in the unit as a mask, cell, value) of the direct
    hidden sets of ``degree`` values: the value is placed in the cell."""
    table = grid.position_table()
    for unit in BLOCKS_COLUMNS_ROWS:
        if grid.empty_count(unit) <= degree:
            continue
        for values in combinations_colex(tuple(DIGITS), degree):
            common = hidden_set_cells(table[unit], values)
            if common is None:
                continue
            for value in DIGITS:
                if value in values:
                    continue
                pos = table[unit][value]
                if BIT_COUNT[pos] > 1:
                    rest = pos & ~common
                    if BIT_COUNT[rest] == 1:
                        yield unit, values, common, UNITS[unit][bits(rest)[0]], value
                        break

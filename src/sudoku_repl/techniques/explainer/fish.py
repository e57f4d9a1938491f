"""Fish on rows and columns: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2); from the native
ladder where there is one (``native_ladder``), the Python below being the reference."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    DIGITS,
    UNITS,
    Grid,
    bits,
    combinations_colex,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals

_FISH = {2: ("X-Wing", 32), 3: ("Swordfish", 38), 4: ("Jellyfish", 52)}


def fish_patterns(
    grid: Grid, degree: int
) -> Iterator[tuple[int, int, tuple[int, ...], int, Removals]]:
    """(value, base unit type, base line numbers, cover lines as a mask, removals) of every
    fish that removes anything: columns first, then rows, as the base."""
    counts = {value: grid.count_value(value) for value in DIGITS}
    for base_type, cover_type in ((2, 1), (1, 2)):
        # (each line's places of each value, read once: the combinations ask them again and
        # again)
        table = grid.position_table(UNITS[base_type * 9 : base_type * 9 + 9])
        for indexes in combinations_colex(tuple(range(9)), degree):
            for value in DIGITS:
                if counts[value] + degree * 2 > 9:
                    continue
                union = 0
                for index in indexes:
                    pos = table[index][value]
                    if BIT_COUNT[pos] <= 1:
                        break
                    union |= pos
                else:
                    if BIT_COUNT[union] != degree:
                        continue
                    bit = 1 << value
                    removals = tuple(
                        (cell, value)
                        for cover in bits(union)
                        for i, cell in enumerate(UNITS[cover_type * 9 + cover])
                        if i not in indexes and grid.cands[cell] & bit
                    )
                    if removals:
                        yield value, base_type, indexes, union, removals


def fish(degree: int, pure: bool = False) -> Finder:
    """``degree`` columns (then rows) whose places for a value lie in ``degree`` rows; from the
    C where there is one, unless ``pure``."""
    name, rating = _FISH[degree]

    def finder(grid: Grid) -> Iterator[Hint]:
        for *_, removals in fish_patterns(grid, degree):
            yield Hint(name, rating, removals)

    return finder if pure else native_ladder.Rung(native_ladder.FISH, degree, finder)

"""Grids along this code's Sudoku Explainer rating path of a quiz (the differential tests of the
native chain search take them as their material)."""

from __future__ import annotations

import functools

from sudoku_repl.techniques.explainer import rate
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint


@functools.cache
def rating_path(puzzle: str) -> tuple[Hint, ...]:
    """The hints of the quiz's rating path, in order (remembered)."""
    return tuple(step.hint for step in rate(puzzle, None).steps)


def grid_at(puzzle: str, steps: int) -> Grid:
    """The grid after the path's first ``steps`` hints."""
    grid = Grid.from_puzzle(puzzle)
    for hint in rating_path(puzzle)[:steps]:
        hint.apply(grid)
    return grid

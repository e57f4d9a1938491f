"""A step of the rating path: what a technique found, and its rating."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from sudoku_repl.techniques.explainer.grid import Grid

# candidates (cell, value) a finding removes
Removals = tuple[tuple[int, int], ...]


@attrs.frozen
class Hint:
    """One finding: the candidates it removes and the value it places, if any.

    ``rating`` is in tenths (Sudoku Explainer's 6.6 is 66) so that sums of length penalties stay
    exact.
    """

    technique: str
    rating: int
    eliminations: Removals = ()
    placement: tuple[int, int] | None = None
    #: serate's line for the step (its ``toString()``), where the finder words it itself (the
    #: variant rules' techniques, ``ruled``); "" where ``tools.serate.steps`` words it
    text: str = attrs.field(default="", eq=False)

    def is_worth(self) -> bool:
        return bool(self.eliminations) or self.placement is not None

    def apply(self, grid: Grid) -> None:
        for cell, value in self.eliminations:
            grid.remove(cell, value)
        if self.placement is not None:
            grid.place(*self.placement)


# A technique: every hint it finds on the grid, in Sudoku Explainer's order.
Finder = Callable[[Grid], Iterator[Hint]]

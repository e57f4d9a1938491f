"""The explainer's door to the ladder's lower rungs in C (``explainer/csrc/``: singles,
intersections, subsets, fish, the chains of strong links, the wings, the unique loops and the BUG, through ``sudoku_repl.core.native``): the same hints as the pure
code, in the same order, found in C.

As with the chains (``native_chains``), the pure code stays the reference and the pure build's
way: each finder asks here first and runs its own Python when the answer is None. The rating
takes a technique's first hint only, so the C is asked for one hint first and for the rest only
when they are wanted.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.core import native
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint

#: the techniques, by the numbers ``csrc/include/se_ladder.h`` gives them
(
    HIDDEN_SINGLE,
    DIRECT_POINTING,
    DIRECT_HIDDEN_SET,
    NAKED_SINGLE,
    LOCKING,
    NAKED_SET,
    HIDDEN_SET,
    FISH,
    TURBOT_FISH,
    THREE_STRONG_LINKS,
    XY_WING,
    ALS_WING,
    UNIQUE_LOOPS,
    BUG,
) = range(14)

#: the hints' names, by the numbers ``se_ladder.h`` gives them
RUNG_NAMES = (
    "Hidden Single",
    "Direct Pointing",
    "Direct Claiming",
    "Direct Hidden Pair",
    "Direct Hidden Triplet",
    "Naked Single",
    "Pointing",
    "Claiming",
    "Naked Pair",
    "Naked Triplet",
    "Naked Quad",
    "Hidden Pair",
    "Hidden Triplet",
    "Hidden Quad",
    "X-Wing",
    "Swordfish",
    "Jellyfish",
    "Skyscraper",
    "2-String Kite",
    "Turbot Fish",
    "Grouped Turbot Fish",
    "3 Strong Links",
    "XY-Wing",
    "XYZ-Wing",
    "WXYZ-Wing",
    "VWXYZ-Wing",
    *(f"Unique Rectangle type {kind}" for kind in range(1, 5)),
    *(f"BUG type {kind}" for kind in range(1, 5)),
)


def rung_hints(grid: Grid, technique: int, degree: int = 0) -> Iterator[Hint] | None:
    """The hints of one technique (of ``degree`` cells, digits or lines where it has one) from
    the C, in the Python's order; None on the pure build. The first is searched alone, the
    rest when asked for."""
    search = native.se_ladder()
    if search is None:
        return None

    def found() -> Iterator[Hint]:
        first = search(grid.values, grid.cands, technique, degree, 1)
        if first:
            name, rating, removals, placement = first[0]
            yield Hint(RUNG_NAMES[name], rating, removals, placement)
            for name, rating, removals, placement in search(
                grid.values, grid.cands, technique, degree, 0
            )[1:]:
                yield Hint(RUNG_NAMES[name], rating, removals, placement)

    return found()

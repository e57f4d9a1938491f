"""The explainer's door to its techniques below the chains in C (``explainer/csrc/``: singles,
intersections, subsets, fish, the chains of strong links, the wings, the unique loops and the
BUG, through ``sudoku_repl.core.native``): the same hints as the pure code, in the same order,
found in C.

As with the chains (``native_chains``), the pure code stays the reference and the pure build's
way: each finder the C has is a ``Rung``, which asks here first and runs its own Python when
the answer is None. The rating
takes a technique's first hint only, so the C is asked for one hint first and for the rest only
when they are wanted. And the rating's own loop over these techniques runs in C too (``climb``:
many steps a call, the grid crossing once), until it needs a technique above them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from sudoku_repl.core import native
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint

#: the techniques, by the numbers ``csrc/include/se_rungs.h`` gives them
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

#: the hints' names, by the numbers ``se_rungs.h`` gives them
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


#: why ``climb`` stopped, by the numbers ``csrc/se_rating.c`` gives them: the grid solved,
#: nothing found by its techniques, a step above ``below`` (not taken), a step above
#: ``above`` (taken), the callable said stop
SOLVED, NONE, OVER_BELOW, OVER_ABOVE, STOPPED = range(5)


def _hint(found: tuple[int, int, tuple[tuple[int, int], ...], tuple[int, int] | None]) -> Hint:
    name, rating, removals, placement = found
    return Hint(RUNG_NAMES[name], rating, removals, placement)


class Rung:
    """A technique the C has (its number, and its degree where it has one): its hints from the
    C where there is one, else from ``pure``, its Python (the reference). ``climb`` takes the
    rating's first techniques in C when they are all ``Rung``s."""

    def __init__(self, technique: int, degree: int, pure: Finder) -> None:
        self.technique = technique
        self.degree = degree
        self.pure = pure

    def __call__(self, grid: Grid) -> Iterator[Hint]:
        found = rung_hints(grid, self.technique, self.degree)
        return self.pure(grid) if found is None else found


def native_prefix(order: Sequence[tuple[str, Finder]]) -> list[Rung]:
    """The first techniques of ``order`` that ``climb`` takes in C (the rungs up to the first
    technique that is not one); none on the pure build."""
    if native.se_climb() is None:
        return []
    rungs: list[Rung] = []
    for _, finder in order:
        if not isinstance(finder, Rung):
            break
        rungs.append(finder)
    return rungs


def climb(
    grid: Grid,
    rungs: Sequence[Rung],
    above: int | None,
    below: int | None,
    interrupted: Callable[[], bool] | None,
) -> tuple[list[Hint], int]:
    """The rating's steps over the techniques ``rungs`` (``native_prefix``), found and applied
    in C, many a call, as ``rating.rate`` takes them: the hints taken (the grid is left as they
    leave it) and why it stopped (``SOLVED``, ...). ``above`` and
    ``below`` in tenths; ``interrupted`` is looked at before each step (the time limit is the
    caller's: a climb takes milliseconds)."""
    search = native.se_climb()
    assert search is not None  # (native_prefix said so)
    found, status = search(
        grid.values,
        grid.cands,
        [(rung.technique, rung.degree) for rung in rungs],
        -1 if above is None else above,
        -1 if below is None else below,
        interrupted,
    )
    hints = [_hint(item) for item in found]
    for hint in hints:
        hint.apply(grid)
    return hints, status


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
            yield _hint(first[0])
            for found in search(grid.values, grid.cands, technique, degree, 0)[1:]:
                yield _hint(found)

    return found()

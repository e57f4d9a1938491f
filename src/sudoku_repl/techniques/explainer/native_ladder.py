"""The explainer's door to its techniques below the chains in C (``explainer/csrc/``: singles,
intersections, subsets, fish, the chains of strong links, the wings, the unique loops and the
BUG, through ``explainer.native``): the same hints as the pure code, in the same order,
found in C.

As with the chains (``native_chains``), the pure code stays the reference and the pure build's
way: each finder the C has is a ``Rung``, which asks here first and runs its own Python when
the answer is None. The rating
takes a technique's first hint only, so the C is asked for one hint first and for the rest only
when they are wanted. And the rating's own loop runs in C too (``climb``: many steps a call,
the grid crossing once), over these techniques and over the chains' (``ChainRung``: aligned
exclusion, cycles and forcing X/Y chains, every forcing chain, the nested ones), so that a
rating crosses into C once a puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from sudoku_repl.techniques.explainer import native
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


#: the chain techniques ``climb`` takes, by the numbers ``csrc/se_rating.c`` gives them:
#: aligned exclusion (degree 2 or 3), cycles and forcing X/Y chains, a ``forcing.Chainer``
#: (its kind the degree: ``CHAINER_KINDS``)
EXCLUSION, CYCLES, CHAINER = 100, 101, 102
#: the degree of CHAINER by forcing.Chainer's (multiple, dynamic, nishio, level, nesting), as
#: ``se_rating.c``'s CHAINERS numbers them
CHAINER_KINDS = {
    kind: degree
    for degree, kind in enumerate(
        [
            (False, True, True, 0, 0),
            (True, False, False, 0, 0),
            (True, True, False, 0, 0),
            (True, True, False, 1, 0),
            (True, True, False, 2, 0),
            (True, True, False, 3, 0),
            *((True, True, False, 4, n) for n in range(4)),
        ]
    )
}

#: why ``climb`` stopped, by the numbers ``csrc/se_rating.c`` gives them: the grid solved,
#: nothing found by its techniques, a step above ``below`` (not taken), a step above
#: ``above`` (taken), the callable said stop, the deadline passed
SOLVED, NONE, OVER_BELOW, OVER_ABOVE, STOPPED, TIMEOUT = range(6)


#: a hint as the C gives it: (name number, rating, removals, placement, shape), the shape what
#: serate's description of the finding names (``csrc/include/se_rungs.h``, ``se_found.h``)
Found = tuple[int, int, tuple[tuple[int, int], ...], tuple[int, int] | None, tuple[int, ...]]


#: a hint as plain data: (its name, rating in tenths, removals, placement)
Finding = tuple[str, int, tuple[tuple[int, int], ...], tuple[int, int] | None]


def finding(hint: Hint) -> Finding:
    """A hint as a ``Finding``."""
    return hint.technique, hint.rating, hint.eliminations, hint.placement


def _hint(found: Found) -> Hint:
    name, rating, removals, placement, _ = found
    return Hint(RUNG_NAMES[name], rating, removals, placement)


class Rung:
    """A technique the C has (its number, and its degree where it has one): its hints from the
    C where there is one, else from ``pure``, its Python (the reference). ``climb`` takes the
    rating's first techniques in C when they are all ``Rung``s or ``ChainRung``s."""

    def __init__(self, technique: int, degree: int, pure: Finder) -> None:
        self.technique = technique
        self.degree = degree
        self.pure = pure

    def __call__(self, grid: Grid) -> Iterator[Hint]:
        found = rung_hints(grid, self.technique, self.degree)
        return self.pure(grid) if found is None else found

    def hint(self, found: Found) -> Hint:
        """The hint of a tuple the C gives for this technique."""
        return _hint(found)

    def findings(self, grid: Grid) -> list[Finding]:
        """All its hints at once, each as a ``Finding`` (no ``Hint`` made): one C call, where
        ``__call__`` asks for the first alone first. A judge of moves (``tools/judging``)
        wants them all, on every state."""
        search = native.se_ladder()
        if search is None:
            return [finding(hint) for hint in self.pure(grid)]
        found = search(grid.values, grid.cands, self.technique, self.degree, 0)
        return [
            (RUNG_NAMES[name], rating, removals, placement)
            for name, rating, removals, placement, _ in found
        ]


class ChainRung:
    """A chain technique ``climb`` takes in C (``EXCLUSION``, ``CYCLES`` or ``CHAINER``, and
    its degree): ``finder`` is its door for everything else (``first_hint``, ``hint se``), and
    ``name`` makes its hints' names from the numbers the C gives them."""

    def __init__(
        self, technique: int, degree: int, finder: Finder, name: Callable[[int], str]
    ) -> None:
        self.technique = technique
        self.degree = degree
        self.finder = finder
        self.name = name

    def __call__(self, grid: Grid) -> Iterator[Hint]:
        return self.finder(grid)

    @property
    def base(self) -> int | None:
        """The finder's base rating (a forcing chain's, which ``floors`` reads), or None."""
        base = getattr(self.finder, "base", None)
        return base if isinstance(base, int) else None

    def hint(self, found: Found) -> Hint:
        """The hint of a tuple the C gives for this technique."""
        name, rating, removals, placement, _ = found
        return Hint(self.name(name), rating, removals, placement)


def native_prefix(order: Sequence[tuple[str, Finder]]) -> list[Rung | ChainRung]:
    """The first techniques of ``order`` that ``climb`` takes in C (the rungs up to the first
    technique that is not one: on the native build, all of the rating's); none on the pure
    build."""
    if native.se_climb() is None:
        return []
    rungs: list[Rung | ChainRung] = []
    for _, finder in order:
        if not isinstance(finder, (Rung, ChainRung)):
            break
        rungs.append(finder)
    return rungs


def climb(
    grid: Grid,
    rungs: Sequence[Rung | ChainRung],
    above: int | None,
    below: int | None,
    interrupted: Callable[[], bool] | None,
    deadline: float | None = None,
    memo: object = None,
    taken_by: list[int] | None = None,
    shapes: list[tuple[int, ...]] | None = None,
) -> tuple[list[Hint], int, int]:
    """The rating's steps over the techniques ``rungs`` (``native_prefix``), found and applied
    in C, many a call, as ``rating.rate`` takes them: the hints taken (the grid is left as they
    leave it), why it stopped (``SOLVED``, ...) and, at ``TIMEOUT``, the index in ``rungs`` of
    the technique the deadline (``time.monotonic``'s clock) stopped (else -1). ``above`` and
    ``below`` in tenths; ``interrupted`` is looked at before each step and each chain
    technique; ``memo``: the nested chains' (``native_chains.memo``); ``taken_by`` gets the
    index in ``rungs`` of each hint's technique, ``shapes`` each hint's shape (what serate's
    description of the very finding the step applied names: ``Found``)."""
    search = native.se_climb()
    assert search is not None  # (native_prefix said so)
    found, status, index, values, cands = search(
        grid.values,
        grid.cands,
        [(rung.technique, rung.degree) for rung in rungs],
        -1 if above is None else above,
        -1 if below is None else below,
        interrupted,
        deadline,
        memo,
    )
    hints = [rungs[i].hint(item) for i, item in found]
    if taken_by is not None:
        taken_by.extend(i for i, _ in found)
    if shapes is not None:
        shapes.extend(item[4] for _, item in found)
    grid.values[:] = values  # as the hints leave it (Hint.apply, in C)
    grid.cands[:] = cands
    return hints, status, index


def climb_status(
    grid: Grid,
    rungs: Sequence[tuple[int, int]],
    below: int | None,
    interrupted: Callable[[], bool] | None,
    memo: object = None,
    above: int | None = None,
) -> tuple[list[tuple[int, Found]], int, int]:
    """``climb`` for its answer alone (``rating.reaches``, ``rating.figures``): the
    techniques as the C numbers them (technique, degree), ``below`` and ``above`` in tenths;
    (the steps taken as the C gives them, each its technique's index in ``rungs`` and its
    ``Found``, not yet made Hints; why it stopped; the index at ``TIMEOUT``). The grid is left
    as the steps leave it."""
    search = native.se_climb()
    assert search is not None
    found, status, index, values, cands = search(
        grid.values,
        grid.cands,
        list(rungs),
        -1 if above is None else above,
        -1 if below is None else below,
        interrupted,
        None,
        memo,
    )
    grid.values[:] = values
    grid.cands[:] = cands
    return found, status, index


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

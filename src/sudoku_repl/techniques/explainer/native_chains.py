"""The explainer's door to the native chain search (``csrc/se_*.c``, through
``explainer.native``): the same hints as the pure code, in the same order, found in C.

The pure code (``forcing.Chainer``, ...) stays the reference and the fallback: each finder asks
here first and runs its own Python when the answer is None (the pure build, or a case the C
does not take). The C search looks at the rating's limits (``limits``: its deadline on
``time.monotonic``'s clock and its interrupt callable, set by ``rating.rate`` for the time of a
rating) every thousand or so potentials, and at Ctrl-C (a KeyboardInterrupt from inside the C),
so that a rating stops within a fraction of a second; a search stopped by a limit raises
``Stopped``. Within ``remembered()`` (a rating), the nested chains' searches share one memo of
their inner findings by grid (``native.se_memo``), so that a search finds the grids an earlier
one of the same rating searched; the findings are the same with or without it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextvars import ContextVar, Token
from typing import Any, cast

from sudoku_repl.techniques.explainer import native
from sudoku_repl.techniques.explainer.grid import CLASSIC, Geometry, Grid
from sudoku_repl.techniques.explainer.hint import Hint, Removals

#: the names of the native chain hints, by the numbers ``se_forcing.c`` gives them
CHAIN_NAMES = (
    "Contradiction Forcing Chain",
    "Nishio Contradiction Forcing Chain",
    "Double Forcing Chain",
    "Cell Forcing Chain",
    "Region Forcing Chain",
)

#: the names of the cycles and forcing chains of ``se_cycles.c``, by its numbers
CYCLE_NAMES = (
    "Bidirectional X-Cycle",
    "Bidirectional Y-Cycle",
    "Bidirectional Cycle",
    "Forcing X-Chain",
    "Forcing Y-Chain",
    "Forcing Chain",
)

#: (deadline on time.monotonic's clock or None, a callable that says stop or None)
limits: ContextVar[tuple[float | None, Callable[[], bool] | None]] = ContextVar(
    "se_limits", default=(None, None)
)


#: a rating's memo of the nested chains' inner findings (``native.se_memo``), or None
memo: ContextVar[Any] = ContextVar("se_memo", default=None)


class _Remembered:
    """``remembered``'s context: a class, where a generator's context took some microseconds
    more, which a filter rating thousands of puzzles a second paid on each."""

    __slots__ = ("_token",)
    _token: Token[Any]

    def __enter__(self) -> None:
        make = native.se_memo()
        self._token = memo.set(make() if make is not None else None)

    def __exit__(self, *_: object) -> None:
        memo.reset(self._token)


def remembered() -> _Remembered:
    """The native chain searches inside share one memo (none on the pure build)."""
    return _Remembered()


class Stopped(Exception):
    """The native search stopped at the deadline, or (``interrupted``) at the caller's
    interrupt."""

    def __init__(self, interrupted: bool) -> None:
        super().__init__("interrupted" if interrupted else "past the deadline")
        self.interrupted = interrupted


def chainer_hints(
    grid: Grid,
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: int,
    nesting: int = 0,
    named: Callable[[str], str] = str,
) -> list[Hint] | None:
    """``forcing.Chainer(multiple, dynamic, nishio, level)``'s hints (level 4: over nested
    dynamic chains of level ``nesting``), easiest first, from the C, each name as ``named``
    makes it; None where the C is not there (the pure build) or does not take the chainer."""
    found = chainer_sources(grid, multiple, dynamic, nishio, level, nesting, named)
    return None if found is None else [hint for hint, _, _ in found]


def chainer_sources(
    grid: Grid,
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    level: int,
    nesting: int = 0,
    named: Callable[[str], str] = str,
) -> list[tuple[Hint, int, int]] | None:
    """``chainer_hints``, each with its complexity and the cell whose chains found it."""
    search = native.se_chainer()
    if search is None or level > 4 or (level and (not dynamic or nishio)):
        return None
    deadline, poll = limits.get()
    found = cast(
        "native.ChainFound | int",
        search(grid.values, grid.cands, multiple, dynamic, nishio, level, deadline, poll, nesting,
               memo.get()),
    )  # fmt: skip
    if isinstance(found, int):
        raise Stopped(found == 2)
    return [
        (Hint(named(CHAIN_NAMES[name]), rating, removals, placement), complexity, source)
        for name, rating, removals, placement, complexity, _, source in found
    ]


def cycle_hints(grid: Grid) -> list[Hint] | None:
    """``chains.cycles_and_forcing_chains``' hints, easiest first, from the C; None on the pure
    build."""
    search = native.se_cycles()
    if search is None:
        return None
    deadline, poll = limits.get()
    found = cast("native.ChainFound | int", search(grid.values, grid.cands, deadline, poll))
    if isinstance(found, int):
        raise Stopped(found == 2)
    return [
        Hint(CYCLE_NAMES[name], rating, removals, placement)
        for name, rating, removals, placement, *_ in found
    ]


def exclusion_removals(grid: Grid, degree: int) -> Iterator[Removals] | None:
    """The removals of ``exclusion.aligned_exclusion(degree)``'s hints in its order, from the
    C; None on the pure build. The first is searched alone (the rating takes only it), the
    rest when asked for."""
    search = native.se_exclusion()
    if search is None:
        return None

    def found() -> Iterator[Removals]:
        first = cast("list[Removals]", search(grid.values, grid.cands, degree, 1))
        if first:
            yield first[0]
            yield from cast("list[Removals]", search(grid.values, grid.cands, degree, 0))[1:]

    return found()


# -- on any geometry (a variant's regions and peers), each finding with its shape ---------------

#: a finding of the C on a variant's grid: its hint, complexity and shape (``se_found.h``: a
#: cycle's walked cells, else (complexity, origin, the start's cell, value, on, the first
#: target's cell, value, on), then its chains' walks and their length)
Shaped = tuple[Hint, int, tuple[int, ...]]


#: the C's copies of the geometries asked, by id: (the geometry, kept alive, and its capsule);
#: kept here, not on the geometry, which a layout pickled to a worker carries (a capsule does
#: not pickle). A process meets a geometry a set of rules (``ruled_grid.layout_of`` keeps them).
_copies: dict[int, tuple[Geometry, object]] = {}


def geometry_of(grid: Grid) -> object | None:
    """The C's copy of the grid's geometry (``se_geometry``'s capsule), made once a geometry;
    None for classic sudoku's (the C's own). Only on the native build."""
    geometry = grid.geometry
    if geometry is CLASSIC:
        return None

    def copy() -> object:
        make = native.se_geometry()
        assert make is not None, "asked on the native build only"
        return make(
            geometry.units,
            geometry.unit_types,
            geometry.region_peers,
            tuple(tuple(sorted(p)) for p in geometry.peers),
        )

    return _kept(_copies, geometry, copy)


def _kept(
    table: dict[int, tuple[Geometry, object]], geometry: Geometry, make: Callable[[], object]
) -> object:
    """``table``'s entry for ``geometry`` (by id, the geometry kept beside it so that the id
    is not reused), made by ``make`` the first time."""
    kept = table.get(id(geometry))
    if kept is None:
        kept = table[id(geometry)] = (geometry, make())
    return kept[1]


def shape_head(shape: tuple[int, ...]) -> tuple[int, ...]:
    """A shape's head: what it says before its chains' walks (their ints counted last)."""
    return shape[: len(shape) - 1 - shape[-1]]


def _stop(poll: Callable[[], object] | None) -> tuple[float | None, Callable[[], object] | None]:
    deadline, stop = limits.get()
    return deadline, poll if poll is not None else stop


#: the "+" rules of a variant technique set, by the number the C gives them (``SeCtx.plus``):
#: an extra region or a leap, a Latin square or non-consecutive with blocks, without
PLUS_VARIANT, PLUS_BLOCKS, PLUS_LATIN = 1, 2, 3


def plus_of(variant: bool, blocks: bool) -> int:
    """The C's number of ``ruled_plus.rules(variant, blocks)``."""
    return PLUS_VARIANT if variant else PLUS_BLOCKS if blocks else PLUS_LATIN


def shaped_chains(
    grid: Grid,
    multiple: bool,
    dynamic: bool,
    nishio: bool,
    poll: Callable[[], object] | None,
    level: int = 0,
    nesting: int = 0,
    plus: int = PLUS_VARIANT,
    named: Callable[[str], str] = str,
    memo: object = None,
) -> list[Shaped] | None:
    """``forcing.Chainer(multiple, dynamic, nishio, level)``'s findings on the grid's geometry
    (level 4: over nested dynamic chains of level ``nesting``; the "+" rules ``plus``'s set,
    ``plus_of``), easiest first, each name as ``named`` makes it, from the C; None on the pure
    build. ``memo``: a memo (``ruled_memo``) of this geometry and "+" set's searches, or None.
    ``poll`` raises to stop (the exception goes through the C)."""
    search = native.se_chainer()
    if search is None:
        return None
    deadline, stop = _stop(poll)
    found = search(grid.values, grid.cands, multiple, dynamic, nishio, level, deadline, stop,
                   nesting, memo, geometry_of(grid), True, plus)  # fmt: skip
    return _shaped(found, CHAIN_NAMES, named)


def _shaped(
    found: object, names: tuple[str, ...], named: Callable[[str], str] = str
) -> list[Shaped]:
    """The C's shaped findings (``native.ShapedFound``) as ``Shaped``, each name ``names``'
    as ``named`` makes it; a stopped search's ``Stopped`` raised."""
    said = cast("native.ShapedFound | int", found)
    if isinstance(said, int):
        raise Stopped(said == 2)
    return [
        (Hint(named(names[name]), rating, removals, placement), complexity, shape)
        for name, rating, removals, placement, complexity, _, _, shape in said
    ]


def ruled_memo() -> Callable[[Grid], object]:
    """A memo of the C's nested and "+" findings for each geometry asked (``se_memo``'s, which
    knows a grid by its candidates alone: one a geometry), for the chain searches of one set of
    "+" rules; None on the pure build."""
    memos: dict[int, tuple[Geometry, object]] = {}
    make = native.se_memo()

    def of(grid: Grid) -> object:
        return _kept(memos, grid.geometry, make if make is not None else lambda: None)

    return of


def shaped_cycles(grid: Grid, poll: Callable[[], object] | None) -> list[Shaped] | None:
    """``chains.cycles_and_chains_found``' findings on the grid's geometry, easiest first, from
    the C; None on the pure build."""
    search = native.se_cycles()
    if search is None:
        return None
    deadline, stop = _stop(poll)
    return _shaped(
        search(grid.values, grid.cands, deadline, stop, geometry_of(grid), True), CYCLE_NAMES
    )


def shaped_exclusion(grid: Grid, degree: int) -> Iterator[tuple[tuple[int, ...], Removals]] | None:
    """``exclusion.aligned_groups(degree)`` on the grid's geometry, (cells, removals) in its
    order, from the C; None on the pure build. The first is searched alone, the rest when
    asked for."""
    search = native.se_exclusion()
    if search is None:
        return None
    geometry = geometry_of(grid)

    def groups(limit: int) -> list[tuple[Removals, tuple[int, ...]]]:
        shaped = search(grid.values, grid.cands, degree, limit, geometry, True)
        return cast("list[tuple[Removals, tuple[int, ...]]]", shaped)

    def found() -> Iterator[tuple[tuple[int, ...], Removals]]:
        first = groups(1)
        if first:
            yield first[0][1], first[0][0]
            for removals, cells in groups(0)[1:]:
                yield cells, removals

    return found()

"""The variant ladder's door to its C (``csrc/se_vladder.c``, ``se_vlinks.c``, through
``explainer.native``): which technique of a variant rating's order (``ruled.order_of``) is the
first to find a step, asked of the C on the rules' geometry in one call, so that the rating
runs the Python finder of that technique alone (the Python, the reference, still finds the step
and words it: the C answers only whether a finder yields a hint).

A finder the C has a check for is registered here with its code (``coded``, by ``ruled``'s
finder factories); the rest (non-consecutive's two, the three strong links, the BUG, the
exclusions and chains) the C hands back to the Python as they come in the order. On the pure
build ``plan_of`` is None and ``first`` answers the index it is given: the rating's loop is
then the Python's alone.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Final, NamedTuple, TypeVar

from sudoku_repl.techniques.explainer import native, native_chains
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint

#: the C's technique numbers (``se_vladder.h``); a code is the number * 16 + the degree
HIDDEN_SINGLE, DIRECT_POINTING, DIRECT_HIDDEN_SET, NAKED_SINGLE = 1, 2, 3, 4
GENERALIZED_INTERSECTIONS, POINTING_CLAIMING, NAKED_SET, GENERALIZED_NAKED_SET = 5, 6, 7, 8
HIDDEN_SET, FISH, TURBOT_FISH, XY_WING, ALS_WING, UNIQUE_LOOPS = 9, 10, 11, 12, 13, 14
#: a code of the Python's: the C hands the technique back to be run
PYTHON: Final = -1

#: a finder's code, and the turbot fish's plan ((base, cover) types flattened, share types)
_Code = tuple[int, tuple[int, ...], tuple[int, ...]]
_codes: weakref.WeakKeyDictionary[Callable[..., Iterator[Hint]], _Code] = (
    weakref.WeakKeyDictionary()
)


F = TypeVar("F", bound=Callable[..., Iterator[Hint]])


def coded(
    finder: F,
    technique: int,
    degree: int = 0,
    turbot: tuple[Sequence[tuple[int, int]], Sequence[int]] = ((), ()),
) -> F:
    """``finder``, registered as the C's ``technique`` of ``degree`` (the turbot fish with
    its plan's sets and shares)."""
    sets, shares = turbot
    _codes[finder] = (technique * 16 + degree, tuple(t for s in sets for t in s), tuple(shares))
    return finder


def coded_as(technique: int) -> Callable[[F], F]:
    """A module's finder registered where it is defined, as the C's ``technique``."""

    def register(finder: F) -> F:
        return coded(finder, technique)

    return register


class Plan(NamedTuple):
    """An order as the C takes it: the geometry's copy, each technique's code, the turbot
    fish's plan."""

    geometry: object
    codes: tuple[int, ...]
    sets: tuple[int, ...]
    shares: tuple[int, ...]


def plan_of(grid: Grid, finders: Sequence[Callable[..., Iterator[Hint]]]) -> Plan | None:
    """The C's plan of an order's finders on the grid's geometry; None on the pure build."""
    if native.se_vladder() is None:
        return None
    codes: list[int] = []
    sets: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    for finder in finders:
        code = _codes.get(finder)
        codes.append(PYTHON if code is None else code[0])
        if code is not None and code[1]:
            sets, shares = code[1], code[2]
    return Plan(native_chains.geometry_of(grid), tuple(codes), sets, shares)


def first(grid: Grid, plan: Plan | None, start: int) -> int:
    """The index, from ``start`` on, of the first technique of the plan that finds a step on
    the grid or is the Python's to run; the order's length where none. ``start`` itself on
    the pure build (``plan`` None)."""
    search = native.se_vladder()
    if plan is None or search is None:
        return start
    return search(grid.values, grid.cands, plan.geometry, plan.codes, start, plan.sets,
                  plan.shares)  # fmt: skip

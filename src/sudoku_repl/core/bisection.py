"""Bisection over the record: the first step of the kept record whose state meets a question
(a guess level reached, a cell holding a value, a candidate removed, a solution count), found
by halving the steps as ``git bisect`` does, each halving a ``Probe``.

The record already knows the answer (its cell index and guess index say the first step), so
the halving asks a predicate that is true from that step on and reads no move again; what it
returns are facts (typed results, steps and levels): ``commands/bisect.py`` words them, as
the original's kind of lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.record import History, first_holding, first_removal

# -- the questions ----------------------------------------------------------------------------


class LevelReached(NamedTuple):
    """A new guess reaches guess level ``level`` (1 or more)."""

    level: int


class CellHolds(NamedTuple):
    """The cell (an empty one of the quiz) holds ``value``."""

    cell: Cell
    value: int


class CandidateRemoved(NamedTuple):
    """``value`` is no longer a candidate of the cell."""

    cell: Cell
    value: int


class SolutionsAtLeast(NamedTuple):
    """The solution sum is at least ``k``."""

    k: int


Question = LevelReached | CellHolds | CandidateRemoved | SolutionsAtLeast

# -- the answers ------------------------------------------------------------------------------


class Probe(NamedTuple):
    """One halving: steps ``first``..``last`` looked at, and whether the question holds by
    their end; for ``LevelReached``, the biggest level a new guess of those steps reached
    (``biggest``: 0 when they make no new guess; None for the other questions)."""

    first: int
    last: int
    hit: bool
    biggest: int | None = None


class HeldFromStart(NamedTuple):
    """The question holds at the loaded state, before any step (level 0, 0 solutions): no
    step makes it true, and no step was dropped to say so."""


class HeldBefore(NamedTuple):
    """The question already held before ``first``, the step the kept record starts at (older
    steps were dropped to bound memory)."""

    first: int


class NothingRecorded(NamedTuple):
    """The record holds no step yet."""


class NeverHolds(NamedTuple):
    """The question holds at no step of ``first``..``last``."""

    first: int
    last: int


class Found(NamedTuple):
    """The question first holds at ``step``, found by ``probes``."""

    step: int
    probes: tuple[Probe, ...]


Bisected = HeldFromStart | HeldBefore | NothingRecorded | NeverHolds | Found


def deepest_level(history: History) -> int:
    """The biggest level a new guess reached in the record, dropped steps included (0: no
    guess): what ``bisect level max`` looks for."""
    return max(history.biggest_level(1, history.last_steps), history.dropped_biggest)


def bisect(history: History, question: Question, last: int | None = None) -> Bisected:
    """The first step of the kept record (up to step ``last``, if given) at which ``question``
    holds, halving the steps from the record's first; or why there is none."""
    if holds_from_start(question):
        return HeldFromStart()
    first, before = first_step(history, question)
    lo, end = history.first_steps, history.last_steps
    if last is not None:
        end = min(end, last)
    if before:
        return HeldBefore(lo)
    if len(history) == 0:
        return NothingRecorded()
    if first is None or first > end:
        return NeverHolds(lo, end)
    found = first

    def holds(step: int) -> bool:
        return found <= step

    step, halvings = halve(lo, end, holds)
    if isinstance(question, LevelReached):
        probes = tuple(Probe(a, b, hit, history.biggest_level(a, b)) for a, b, hit in halvings)
    else:
        probes = tuple(Probe(a, b, hit) for a, b, hit in halvings)
    return Found(step, probes)


def halve(
    lo: int, hi: int, holds: Callable[[int], bool]
) -> tuple[int, list[tuple[int, int, bool]]]:
    """The first step of ``lo``..``hi`` for which ``holds`` (true from some step on, and at
    ``hi``) is true, and each halving as (first, last, whether it holds at last)."""
    halvings: list[tuple[int, int, bool]] = []
    while lo < hi:
        mid = (lo + hi) // 2
        hit = holds(mid)
        halvings.append((lo, mid, hit))
        if hit:
            hi = mid
        else:
            lo = mid + 1
    return lo, halvings


def holds_from_start(question: Question) -> bool:
    """Whether the question holds at every step, the loaded state's too: guess level 0 (or
    below), at least 0 solutions."""
    if isinstance(question, LevelReached):
        return question.level <= 0
    return isinstance(question, SolutionsAtLeast) and question.k <= 0


def first_step(history: History, question: Question) -> tuple[int | None, bool]:
    """The first step of the kept record at whose state ``question`` holds (None: none), and
    whether it already held before the kept record starts."""
    if isinstance(question, LevelReached):
        level = question.level
        return _first_level(history, level), level <= history.dropped_biggest
    if isinstance(question, CellHolds):
        cell, value = question
        before = (cell * 9 + value - 1) in history.dropped_held or (
            history.start.values[cell] == value and bool(history.dropped)
        )
        return first_holding(history, cell, value), before
    if isinstance(question, CandidateRemoved):
        cell, value = question
        return first_removal(history, cell, value), (
            cell * 9 + value - 1
        ) in history.dropped_removed
    k = question.k
    if history.start.solutions >= k:
        return None, bool(history.dropped)
    move = history.solution_move(k)
    return (None if move is None else history.visible_step(move)), False


def _first_level(history: History, level: int) -> int | None:
    for move, lv in history.new_guesses(1, history.last_steps):
        if lv >= level:
            return history.visible_step(move)
    return None

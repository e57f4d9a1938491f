"""T&E-depth (Berthier; SHC's TE-depth): how many levels of nested hypotheses, with BRT
between them, a state needs to be solved, whatever order they are tried in.

T&E(0) is BRT. T&E(n), on a state: for each candidate of an undecided cell, assume it in a
copy and apply T&E(n-1) there; when the copy meets a contradiction, the candidate is
eliminated from the state and BRT applied to it; repeat until the state is solved or a whole
round eliminates nothing. T&E(n) includes T&E(n-1) and, like BRT, is confluent: the state it
ends in does not depend on the order the candidates are tried in, so T&E(n) may go on from
where T&E(n-1) stopped. The depth is the least n for which T&E(n) solves the state.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from sudoku_repl.techniques.difficulty.brt import is_full, propagate
from sudoku_repl.techniques.difficulty.marks import CELLS, Marks
from sudoku_repl.techniques.difficulty.solving import Unrated, unique_solution


@attrs.frozen
class Level:
    """A measure's figure, or how far its search went without one: exactly one is set."""

    value: int | None = None
    beyond: int | None = None  # "more than beyond": the search stopped there

    def __attrs_post_init__(self) -> None:
        if (self.value is None) == (self.beyond is None):
            raise ValueError("a level is a figure or the bound it lies beyond, one of the two")

    def __str__(self) -> str:
        return str(self.value) if self.value is not None else f"more than {self.beyond}"


#: basic rules: applied in place until nothing changes, False at a contradiction
Rules = Callable[[list[int]], bool]


def trial_and_error(cands: list[int], depth: int, rules: Rules = propagate) -> bool:
    """T&E(``rules``, ``depth``) on ``cands`` in place (after ``rules``), until solved or a
    round eliminates nothing: False at a contradiction."""
    if depth == 0:
        return True
    while True:
        progress = False
        for i in range(CELLS):
            untried = cands[i]
            while True:
                held = cands[i]
                untried &= held
                if not held & (held - 1) or not untried:
                    break
                b = untried & -untried
                untried ^= b
                trial = cands.copy()
                trial[i] = b
                if not (rules(trial) and trial_and_error(trial, depth - 1, rules)):
                    cands[i] = held & ~b
                    if not rules(cands):
                        return False
                    progress = True
                    if is_full(cands):
                        return True
        if not progress:
            return True


def te_depth(marks: Marks, limit: int = 3) -> Level:
    """The T&E-depth of ``marks`` (0 to ``limit``), or "more than ``limit``". ``Unrated`` for
    a state with no solution or several."""
    return depth_with(marks, propagate, limit)


def depth_with(marks: Marks, rules: Rules, limit: int) -> Level:
    """The least n (up to ``limit``) for which T&E(``rules``, n) solves ``marks``."""
    unique_solution(marks)
    cands = list(marks.cands)
    if not rules(cands):
        raise Unrated("the state has no solution")  # not reached: it has one
    for depth in range(limit + 1):
        if depth and not trial_and_error(cands, depth, rules):
            raise Unrated("the state has no solution")  # not reached: it has one
        if is_full(cands):
            return Level(value=depth)
    return Level(beyond=limit)

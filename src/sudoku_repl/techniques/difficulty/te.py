"""T&E-depth (Berthier; SHC's TE-depth): how many levels of nested hypotheses, with BRT
between them, a state needs to be solved, whatever order they are tried in.

T&E(0) is BRT. T&E(n), on a state: for each candidate of an undecided cell, assume it in a
copy and apply T&E(n-1) there; when the copy meets a contradiction, the candidate is
eliminated from the state and BRT applied to it; repeat until the state is solved or a whole
round eliminates nothing. The depth is the least n for which T&E(n) solves the state.

T&E(n) is confluent: where it ends depends neither on the order of its trials nor on what is
known to spare one. So the search below (and its C copy, csrc/df_te.c) does less work for the
same end:

- T&E(n) includes T&E(n-1): T&E(n-1) runs to its end first, and again after each elimination
  of level n, whose trials cost the most;
- a level's trials go on round the candidates from the last elimination, and stop after a
  whole round without one;
- a trial is spared where a *witness* shows it cannot meet a contradiction: a state closed
  under the trial's rules and free of contradiction, in which the candidate is decided and
  which holds no candidate the grid does not. T&E(n-1) is monotone, so the trial would end in
  a state holding the witness: no contradiction. The witnesses are the states earlier trials
  ended in (each witnesses every candidate it decided), and the solution (each true candidate,
  where the grid holds the solution).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import attrs

from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.brt import is_full, propagate
from sudoku_repl.techniques.difficulty.marks import CELLS, Marks
from sudoku_repl.techniques.difficulty.solving import Unrated, solutions, unique_solution

#: basic rules: applied in place until nothing changes, False at a contradiction
Rules = Callable[[list[int]], bool]


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


class Search:
    """A T&E search's rules, the solution (each true candidate's witness), and by level the
    witness each candidate has (``witness[n][cell * 9 + digit - 1]``: a state closed under
    T&E(n-1), or None)."""

    def __init__(self, rules: Rules, solution: tuple[int, ...] | None, limit: int) -> None:
        self.rules = rules
        self.solution = solution
        self.witness: list[list[list[int] | None]] = [
            [None] * (CELLS * 9) for _ in range(limit + 1)
        ]

    def trial_and_error(self, cands: list[int], depth: int) -> bool:
        """T&E(``depth``) on ``cands`` in place (after the rules), until solved or nothing
        more is eliminated: False at a contradiction."""
        if depth == 0:
            return True
        start = 0
        while True:
            if not self.trial_and_error(cands, depth - 1):
                return False
            if is_full(cands):
                return True
            found = self._eliminate_one(cands, depth, start)
            if found is None:
                return True
            if found < 0:
                return False
            start = found
            if is_full(cands):
                return True

    def _eliminate_one(self, cands: list[int], depth: int, start: int) -> int | None:
        """One elimination at level ``depth``, looking from candidate ``start`` on round the
        grid: where to look from next, -1 when the rules meet a contradiction after it, None
        when a whole round eliminates nothing."""
        witness, solution, holds = self.witness[depth], self.solution, None
        for k in range(CELLS * 9):
            at = (start + k) % (CELLS * 9)
            i, b = divmod(at, 9)
            held, bit = cands[i], 1 << b
            if not held & bit or not held & (held - 1):
                continue
            if solution is not None and solution[i] == b + 1:
                if holds is None:
                    holds = all(m >> (solution[j] - 1) & 1 for j, m in enumerate(cands))
                if holds:
                    continue
            seen = witness[at]
            if seen is not None and seen[i] == bit and all(not s & ~m for s, m in zip(seen, cands)):
                continue
            trial = cands.copy()
            trial[i] = bit
            if not (self.rules(trial) and self.trial_and_error(trial, depth - 1)):
                cands[i] = held & ~bit
                return at + 1 if self.rules(cands) else -1
            for j, m in enumerate(trial):
                if not m & (m - 1):
                    witness[j * 9 + m.bit_length() - 1] = trial
        return None


def trial_and_error(cands: list[int], depth: int, rules: Rules = propagate) -> bool:
    """T&E(``rules``, ``depth``) on ``cands`` in place (after ``rules``), until solved or a
    round eliminates nothing: False at a contradiction."""
    return Search(rules, None, depth).trial_and_error(cands, depth)


def te_depth(marks: Marks, limit: int = 3) -> Level:
    """The T&E-depth of ``marks`` (0 to ``limit``), or "more than ``limit``". ``Unrated`` for
    a state with no solution or several."""
    return depth_with(marks, partial(propagate, board=marks.board), native.BRT_RULES, limit)


def depth_with(marks: Marks, rules: Rules, code: int, limit: int) -> Level:
    """The least n (up to ``limit``) for which T&E(``rules``, n) solves ``marks``; ``code``
    names the rules to the C (``native.Depth``)."""
    fast = native.depth(marks.board)
    if fast is not None:
        # A state T&E solves has one solution, the one it reaches: one solution found spares
        # the search for a second, which the C makes (on the state T&E narrowed) only before
        # the levels that cost the most on a state with many
        first = solutions(marks, 1)
        if not first:
            raise Unrated("the state has no solution")
        found = fast(marks.cands, limit, code, bytes(first[0]))
        if found >= 0:
            return Level(value=found)
        unique_solution(marks)  # (Unrated, when it has several)
        if found != -1:
            raise Unrated("the state has no solution")  # not reached: it has one
        return Level(beyond=limit)
    solution = unique_solution(marks)
    cands = list(marks.cands)
    if not rules(cands):
        raise Unrated("the state has no solution")  # not reached: it has one
    search = Search(rules, solution, limit)
    for depth in range(limit + 1):
        if depth and not search.trial_and_error(cands, depth):
            raise Unrated("the state has no solution")  # not reached: it has one
        if is_full(cands):
            return Level(value=depth)
    return Level(beyond=limit)

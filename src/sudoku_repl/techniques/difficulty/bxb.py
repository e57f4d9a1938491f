"""Braids of braids (Berthier's B_pB, SHC's BxB): how hard a T&E(2) state is; and braids of
braids of braids (B_pBB, SHC's BxBB): how hard a T&E(3) state is.

T&E(B_x, 1) is trial and error at depth 1 whose trials apply B_x (BRT and braids up to length
x, ``braids``) rather than BRT alone: a candidate is eliminated when, assumed, B_x meets a
contradiction. Berthier's theorem makes it braids whose steps may each rest on a braid of
length up to x (braids of braids). The BxB rating of a T&E(2) state is the least x for which
T&E(B_x, 1) solves it; T&E(B_x, 1) includes T&E(B_(x-1), 1) and is confluent, so each x goes on
from where the one before stopped. SHC's examples go from B2B to B14B; SHC answers 0 for a
state of T&E-depth 0 or 1, where this answers None.

T&E(B_x, 2) is the same with two levels of trials: the BxBB rating of a T&E(3) state is the least
x for which it solves it (SHC's BxBB: its ``Rating_sup_TE1`` tries T&E(B_x, 2) for x = 0, 1, ...
on such a state; its published examples are B2BB).

It runs on ``te``'s T&E (its witnesses, the solution sparing the true candidates' trials) with
B_x as the rules; the C (csrc/df_bxb.c) the same way.
"""

from __future__ import annotations

from functools import partial
from typing import Final

from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD, Board
from sudoku_repl.techniques.difficulty.braids import braids
from sudoku_repl.techniques.difficulty.brt import is_full, propagate
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import Unrated, unique_solution
from sudoku_repl.techniques.difficulty.te import Level, Search, te_depth

#: the largest x the search goes to (the C's bound too)
MAX_B: Final = 16


def rating(
    cands: list[int],
    limit: int,
    solution: tuple[int, ...],
    board: Board = CLASSIC_BOARD,
    depth: int = 1,
) -> int:
    """The least x <= ``limit`` for which T&E(B_x, ``depth``) solves ``cands``: -1 past
    ``limit``, -2 at a contradiction (``native.Rating``'s answers)."""
    grid = list(cands)
    if not propagate(grid, board):
        return -2
    if is_full(grid):
        return 0
    for x in range(1, limit + 1):
        search = Search(partial(braids, length=x, board=board), solution, depth)
        if not (braids(grid, x, solution, board) and search.trial_and_error(grid, depth)):
            return -2
        if is_full(grid):
            return x
    return -1


def bxb_rating(marks: Marks, max_b: int = 7) -> Level | None:
    """The BxB rating of ``marks``: the least x (1 to ``max_b``) for which T&E(B_x, 1) solves
    it, or "more than ``max_b``"; None for a state whose T&E-depth is not 2. ``Unrated`` for a
    state with no solution or several."""
    return _rated(marks, max_b, 1)


def bxbb_rating(marks: Marks, max_b: int = 7) -> Level | None:
    """The BxBB rating of ``marks``: the least x (1 to ``max_b``) for which T&E(B_x, 2) solves
    it, or "more than ``max_b``"; None for a state whose T&E-depth is not 3. ``Unrated`` for a
    state with no solution or several."""
    return _rated(marks, max_b, 2)


def _rated(marks: Marks, max_b: int, depth: int) -> Level | None:
    if not 1 <= max_b <= MAX_B:
        raise ValueError(f"the inner braids' length bound is 1 to {MAX_B}")
    found_depth = te_depth(marks, limit=depth + 1)  # (raises Unrated)
    if found_depth.value != depth + 1:
        return None
    solution = unique_solution(marks)
    door = native.bxb_rating if depth == 1 else native.bxbb_rating
    fast = door(marks.board)
    found = (
        fast(marks.cands, max_b, bytes(solution))
        if fast is not None
        else rating(list(marks.cands), max_b, solution, marks.board, depth)
    )
    if found == -2:
        raise Unrated("the state has no solution")  # not reached: it has one
    return Level(value=found) if found >= 0 else Level(beyond=max_b)

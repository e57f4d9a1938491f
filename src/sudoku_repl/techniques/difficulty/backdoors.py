"""Backdoors: the fewest hints that let the basic rules finish alone.

- BRT backdoors (Berthier's; HoDoKu's cell backdoors): cells whose solution digit, placed,
  lets BRT solve the state. The forum's "Backdoor #1" has two: 8 at r1c2 and 9 at r1c5.
- Candidate backdoors (HoDoKu's): wrong candidates whose removal lets singles finish. On a
  state that keeps its solution, singles never meet a contradiction, so "singles finish" and
  "BRT solves" are one question. Size 2: pairs of wrong candidates, neither a backdoor alone,
  whose removal together lets singles finish.

A state BRT solves alone has no backdoor (its backdoor size is 0): both answer ().
"""

from __future__ import annotations

from itertools import combinations

from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.board import Board
from sudoku_repl.techniques.difficulty.brt import is_full, propagate
from sudoku_repl.techniques.difficulty.marks import Candidate, Marks
from sudoku_repl.techniques.difficulty.solving import unique_solution


def _solves(cands: list[int], board: Board) -> bool:
    return propagate(cands, board) and is_full(cands)


def brt_backdoors(marks: Marks) -> tuple[Candidate, ...]:
    """The cells (with their solution digits) whose digit, placed, lets BRT solve ``marks``,
    cell by cell. ``Unrated`` for a state with no solution or several."""
    solution, board = unique_solution(marks), marks.board
    fast = native.brt_backdoors(board)
    if fast is not None:
        cells = fast(marks.cands, bytes(solution))
        return tuple((i, solution[i]) for i in cells or ())
    start = list(marks.cands)
    if _solves(start, board):  # ``start`` is now BRT's state: the trials go on from it
        return ()
    found = []
    for i, m in enumerate(start):
        if m & (m - 1):
            trial = start.copy()
            trial[i] = 1 << (solution[i] - 1)
            if _solves(trial, board):
                found.append((i, solution[i]))
    return tuple(found)


def wrong_candidates(marks: Marks, solution: tuple[int, ...]) -> tuple[Candidate, ...]:
    """The candidates of ``marks``' undecided cells that its solution does not hold."""
    return tuple((i, d) for i, d in marks.candidates() if solution[i] != d)


def candidate_backdoors(marks: Marks, size: int = 1) -> tuple[tuple[Candidate, ...], ...]:
    """HoDoKu's candidate backdoors of ``size`` (1 or 2): sets of wrong candidates whose
    removal lets singles finish, a size-2 set only when neither of its two does alone; in
    candidate order. ``Unrated`` for a state with no solution or several."""
    if size not in (1, 2):
        raise ValueError(f"a candidate backdoor's size is 1 or 2, not {size}")
    solution, board = unique_solution(marks), marks.board
    fast = native.candidate_backdoors(board)
    if fast is not None:
        flat = [divmod(at, 9) for at in fast(marks.cands, bytes(solution), size) or ()]
        named = [(i, d + 1) for i, d in flat]
        return tuple(tuple(named[k : k + size]) for k in range(0, len(named), size))
    start = list(marks.cands)
    if _solves(start, board):  # ``start`` is now BRT's state
        return ()
    # after BRT: what BRT removes anyway is no backdoor, and the trials start further on
    wrong = wrong_candidates(Marks(tuple(start), board), solution)

    def removed(*candidates: Candidate) -> bool:
        trial = start.copy()
        for i, d in candidates:
            trial[i] &= ~(1 << (d - 1))
        return _solves(trial, board)

    singles = tuple((c,) for c in wrong if removed(c))
    if size == 1:
        return singles
    alone = {c for (c,) in singles}
    rest = [c for c in wrong if c not in alone]
    return tuple(pair for pair in combinations(rest, 2) if removed(*pair))

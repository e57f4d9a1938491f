"""A pencil-mark state's solutions, counted as far as asked; ``Unrated`` for a state the
measures are not defined on (none, or more than one)."""

from __future__ import annotations

from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.brt import is_full, propagate
from sudoku_repl.techniques.difficulty.marks import Marks


class Unrated(Exception):
    """A state no measure is defined on, with the reason in one line."""


def solutions(marks: Marks, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` (1 or 2) solutions of ``marks`` (as 81 digits), in no promised order: a
    search that applies BRT at each node and tries each digit of the cell with the fewest."""
    if limit not in (1, 2):
        raise ValueError(f"the solutions of a state are counted up to 1 or 2, not {limit}")
    board = marks.board
    fast = native.solutions(board)
    if fast is not None:
        return [tuple(one) for one in fast(marks.cands, min(limit, 2))]
    found: list[tuple[int, ...]] = []

    def search(cands: list[int]) -> None:
        if not propagate(cands, board):
            return
        if is_full(cands):
            found.append(tuple(m.bit_length() for m in cands))
            return
        best = min(
            (i for i, m in enumerate(cands) if m & (m - 1)), key=lambda i: cands[i].bit_count()
        )
        mask = cands[best]
        while mask and len(found) < limit:
            b = mask & -mask
            mask ^= b
            trial = cands.copy()
            trial[best] = b
            search(trial)

    search(list(marks.cands))
    return found


def unique_solution(marks: Marks) -> tuple[int, ...]:
    """The one solution of ``marks``; ``Unrated`` when it has none or several."""
    found = solutions(marks, 2)
    if not found:
        raise Unrated("the state has no solution")
    if len(found) > 1:
        raise Unrated("the state has more than one solution")
    return found[0]

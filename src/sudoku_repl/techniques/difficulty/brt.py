"""BRT, Berthier's Basic Resolution Theory: the rules every measure here starts from.

- elementary constraint propagation: a decided cell's digit leaves its peers (20 on the classic
  board; on a variant's, ``board``, those of its houses and neighbour rules, and the digits one
  apart leave the cells beside it under non-consecutive);
- naked singles: a cell with one candidate left is decided (in a pencil-mark state it already
  is: one bit);
- hidden singles: a digit with one place left in a unit (a house) is decided there;
- direct contradictions: a cell with no candidate, or a digit with no place in a unit.

``brt`` applies them until nothing changes (their result does not depend on the order: BRT
has the confluence property), and answers the state reached, or None at a contradiction. The
pure functions on lists (``propagate``) are the reference the C is held to.
"""

from __future__ import annotations

from sudoku_repl.core.geometry import FULL
from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD, Board
from sudoku_repl.techniques.difficulty.marks import CELLS, Marks


def place_singles(
    cands: list[int], todo: list[int], done: list[bool], board: Board = CLASSIC_BOARD
) -> bool:
    """The singles ``todo`` names placed, in place: each leaves its peers (and, under
    non-consecutive, its digits one apart leave the cells beside it), and a cell it leaves a
    single follows (``todo`` is emptied; ``done``: the cells placed already). False at a
    contradiction (a cell left with no candidate)."""
    peers, apart = board.peers, board.apart
    while todo:
        i = todo.pop()
        if done[i]:
            continue
        done[i] = True
        b = cands[i]
        for p in peers[i]:
            m = cands[p]
            if m & b:
                m ^= b
                if not m:
                    return False
                cands[p] = m
                if not m & (m - 1):
                    todo.append(p)
        if apart[i]:
            away = board.away(b)
            for p in apart[i]:
                m = cands[p]
                if m & away:
                    m &= ~away
                    if not m:
                        return False
                    cands[p] = m
                    if not m & (m - 1):
                        todo.append(p)
    return True


def propagate(cands: list[int], board: Board = CLASSIC_BOARD) -> bool:
    """BRT on ``cands`` (on ``board``) in place until nothing changes: False at a contradiction
    (``cands`` then holds whatever was reached), True otherwise."""
    if not all(cands):
        return False  # a cell with no candidate
    done = [False] * CELLS
    todo = [i for i in range(CELLS) if cands[i] and not cands[i] & (cands[i] - 1)]
    while True:
        if not place_singles(cands, todo, done, board):
            return False
        for unit in board.houses:
            once = twice = 0
            for i in unit:
                m = cands[i]
                twice |= once & m
                once |= m
            if once != FULL:
                return False  # a digit with no place in the unit (or an empty cell)
            hidden = once & ~twice
            while hidden:
                b = hidden & -hidden
                hidden ^= b
                for i in unit:
                    m = cands[i]
                    if m & b:
                        if m != b:
                            cands[i] = b
                            todo.append(i)
                        break
                else:
                    return False  # its one place took another hidden single
        if not todo:
            return True


def brt(marks: Marks) -> Marks | None:
    """The state BRT reaches from ``marks``, or None when it meets a contradiction."""
    board = marks.board
    fast = native.brt(board)
    if fast is not None:
        reached = fast(marks.cands)
        return None if reached is None else Marks(reached, board)
    cands = list(marks.cands)
    return Marks(tuple(cands), board) if propagate(cands, board) else None


def solved(marks: Marks) -> bool:
    """Whether every cell holds one digit and no two peers hold the same (nor, under
    non-consecutive, two cells beside each other digits one apart): a solution."""
    cands, board = marks.cands, marks.board
    if any(not m or m & (m - 1) for m in cands):
        return False
    return all(not cands[p] & cands[i] for i in range(CELLS) for p in board.peers[i]) and all(
        not cands[p] & board.away(cands[i]) for i in range(CELLS) for p in board.apart[i]
    )


def is_full(cands: list[int]) -> bool:
    """Whether every cell holds one digit (after ``propagate``: a solution)."""
    return all(not m & (m - 1) for m in cands)

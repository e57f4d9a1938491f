"""The original's measure made order-free: how many guesses its own filters need, whatever
order the guesses are made in.

The original (readalps' SudokuSolver, docs/engine.md) fills, filters, and guesses at the
foremost cell, first candidate first; its step count and biggest level depend on that order.
Here its filters are taken as the basic rules, applied until nothing changes:

- run modes 0 and 1 (grp and ply; grp only): a placed value leaves its peers, naked singles
  (the fill pass), hidden singles (complete shrink), naked and hidden subsets of every size
  (1GW, 2GW, 3GW); ply never removes anything (docs/engine.md 7). Contradictions: a cell
  left with no candidate, a digit with no place in a unit;
- run mode 2 (ply only): a placed value leaves its peers, and naked singles; a cell left
  with no candidate is the only contradiction.

*Guess depth*: T&E-depth with those rules in place of BRT (te.py): the least nesting of
guesses any order needs. *Fewest guesses*: the smallest set of cells whose solution digits,
placed, let the rules finish, exact up to 3 cells.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations

import attrs

from sudoku_repl.techniques.difficulty import native
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD, Board
from sudoku_repl.techniques.difficulty.brt import is_full, place_singles, propagate
from sudoku_repl.techniques.difficulty.marks import CELLS, Candidate, Marks
from sudoku_repl.techniques.difficulty.solving import Unrated, unique_solution
from sudoku_repl.techniques.difficulty.te import Level, Rules, depth_with

#: the run modes whose filters are rules here (the original's three)
MODES = (0, 1, 2)
#: the largest set of cells ``fewest_guesses`` searches
GUESS_LIMIT = 3


def subsets(cands: list[int], board: Board = CLASSIC_BOARD) -> bool:
    """BRT and naked subsets of every size (hidden subsets are their complements in a unit)
    in place, until nothing changes: False at a contradiction. Modes 0 and 1's filters."""
    while True:
        if not propagate(cands, board):
            return False
        shrunk = False
        for unit in board.houses:
            open_cells = [i for i in unit if cands[i] & (cands[i] - 1)]
            n = len(open_cells)
            for size in range(2, n - 1):
                for chosen in combinations(open_cells, size):
                    union = 0
                    for i in chosen:
                        union |= cands[i]
                    if union.bit_count() > size:
                        continue
                    if union.bit_count() < size:
                        return False  # more cells than digits
                    for i in open_cells:
                        if i not in chosen and cands[i] & union:
                            cands[i] &= ~union
                            if not cands[i]:
                                return False
                            shrunk = True
        if not shrunk:
            return True


def singles(cands: list[int], board: Board = CLASSIC_BOARD) -> bool:
    """Placed values leave their peers, naked singles, in place until nothing changes: False
    when a cell is left with no candidate. Mode 2's filters."""
    if not all(cands):
        return False
    todo = [i for i in range(CELLS) if not cands[i] & (cands[i] - 1)]
    return place_singles(cands, todo, [False] * CELLS, board)


def rules_of(mode: int, board: Board = CLASSIC_BOARD) -> Rules:
    """The basic rules of a run mode's filters on ``board``; ValueError for a mode that is not
    the original's."""
    if mode in (0, 1):
        return partial(subsets, board=board)
    if mode == 2:
        return partial(singles, board=board)
    raise ValueError(f"the original's filters are run modes 0, 1 and 2, not {mode}")


def guess_depth(marks: Marks, mode: int = 0, limit: int = 3) -> Level:
    """The least nesting of guesses any order needs with run mode ``mode``'s filters between
    them (T&E-depth on those rules), or "more than ``limit``". ``Unrated`` for a state with no
    solution or several."""
    return depth_with(marks, rules_of(mode, marks.board), mode, limit)


@attrs.frozen
class FewestGuesses:
    """The fewest cells whose solution digits let the filters finish: ``count`` and one such
    set (``cells``, with their digits), or ``beyond`` the limit searched (then no set)."""

    level: Level
    cells: tuple[Candidate, ...] = ()


def fewest_guesses(marks: Marks, mode: int = 0, limit: int = GUESS_LIMIT) -> FewestGuesses:
    """The smallest set of cells (up to ``limit``) whose solution digits, placed, let run mode
    ``mode``'s filters finish: the first such set in cell order. ``Unrated`` for a state with no
    solution or several."""
    rules = rules_of(mode, marks.board)
    solution = unique_solution(marks)
    fast = native.fewest_guesses(marks.board)
    if fast is not None:
        size, cells = fast(marks.cands, bytes(solution), limit, mode)
        if size == -2:
            raise Unrated("the state has no solution")  # not reached: it has one
        if size < 0:
            return FewestGuesses(Level(beyond=limit))
        return FewestGuesses(Level(value=size), tuple((i, solution[i]) for i in cells))
    start = list(marks.cands)
    if not rules(start):
        raise Unrated("the state has no solution")  # not reached: it has one
    if is_full(start):
        return FewestGuesses(Level(value=0))
    open_cells = [i for i in range(CELLS) if start[i] & (start[i] - 1)]

    def search(cands: list[int], first: int, left: int) -> tuple[int, ...] | None:
        # a set of ``left`` more cells from open_cells[first:] that finishes, cells ascending
        for k in range(first, len(open_cells)):
            i = open_cells[k]
            if not cands[i] & (cands[i] - 1):
                continue  # decided by the guesses before: placing it adds nothing
            trial = cands.copy()
            trial[i] = 1 << (solution[i] - 1)
            if not rules(trial):
                continue  # not reached: the solution's digits never contradict
            if left == 1:
                if is_full(trial):
                    return (i,)
            elif not is_full(trial):
                found = search(trial, k + 1, left - 1)
                if found is not None:
                    return (i, *found)
        return None

    for size in range(1, limit + 1):
        chosen = search(start, 0, size)
        if chosen is not None:
            return FewestGuesses(Level(value=size), tuple((i, solution[i]) for i in chosen))
    return FewestGuesses(Level(beyond=limit))

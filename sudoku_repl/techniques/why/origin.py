"""Where a fact came from: the last move before a point of the search that made it hold.

Within one try of a guess the state only gains facts (candidates go, values come); going back
(the next guess) puts the state its frame kept. So for a point on the present's line of search
the guess stack says where to look: a fact the top frame's kept state lacks came in the moves
since that frame's guess; one it has, before it; and so on down the stack to the record's start.
Inside that stretch the record's index of the cells (``History.cell_states_back``) is read from
its end back to the last move after which the fact did not hold: the move after it made it.
What-if edits change the kept states too (they hold as if given): with one in the record the
stretch is the whole record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sudoku_repl.core.modes import HAND
from sudoku_repl.core.record import History
from sudoku_repl.core.state import LOADED, EngineState
from sudoku_repl.techniques.why.reasons import IFact, holds

#: the fact held in the record's first state: a given (or, in a cut record, older)
AT_START: Final = -1
#: the new guesses ``pushes`` reads back at first (four times as many each time after)
_STEPS_BACK: Final = 512


class Lineage:
    """The present's line of search: the guess stack of the state after ``moves`` moves, with
    the move that pushed each frame (``pushes``), for ``origin`` of points on it."""

    def __init__(self, history: History, moves: int, state: EngineState) -> None:
        self.history = history
        self.moves = moves
        self.frames = state.frames
        edited = any(history.run_mode(m) == HAND for m, _ in history.choices_before(moves))
        self.pushes: list[int] = [] if edited else pushes(history, moves, len(state.frames))
        self.edited = edited

    def origin(self, fact: IFact, point: int) -> int | None:
        """The move before ``point`` (a number of moves, on this line) that made ``fact``
        hold, ``AT_START`` if it held in the record's first state, None if it does not hold
        at ``point``."""
        hi = point
        if not self.edited:
            level = sum(1 for p in self.pushes if p < point)
            for j in range(level, 0, -1):
                frame = self.frames[j - 1]
                push = self.pushes[j - 1]
                cell = fact[0]
                if not holds(fact, frame.values[cell], frame.cands[cell]):
                    return _scan(self.history, fact, max(push, 0), hi, True)
                if push < 0:  # pushed before the kept record
                    return AT_START
                hi = push
        start = self.history.start
        cell = fact[0]
        at_start = holds(fact, start.values[cell], start.cands[cell], start.status is not LOADED)
        found = _scan(self.history, fact, 0, hi, not at_start)
        if found is None and at_start:
            return AT_START
        return found


def _scan(history: History, fact: IFact, lo: int, hi: int, false_at_lo: bool) -> int | None:
    """The move in lo..hi - 1 after which the fact holds for good (up to ``hi``): the one after
    the last that left it not holding; the first that touched the cell when it did not hold at
    ``lo``; None if it held all along (or does not hold at ``hi``)."""
    after: int | None = None
    for move, value, cands in history.cell_states_back(fact[0], lo, hi):
        if not holds(fact, value, cands):
            return after
        after = move
    return after if false_at_lo else None


def pushes(history: History, moves: int, level: int) -> list[int]:
    """The move of the new guess that pushed each frame of the stack after ``moves`` moves,
    level 1 first (-1 for one before the kept record): the last new guess of each level, read
    back from ``moves`` over more and more steps."""
    found = [-1] * level
    if not level:
        return found
    last = history.steps_after(moves)
    back = _STEPS_BACK
    while True:
        first = max(last - back, history.first_steps)
        need = level
        guesses: Sequence[tuple[int, int]] = history.new_guesses(first, last)
        for move, at in reversed(guesses):
            if move < moves and at == need and (need == level or move < found[need]):
                found[need - 1] = move
                need -= 1
                if not need:
                    return found
        if first <= history.first_steps:
            return found
        back *= 4

"""Where a fact came from: the last move before a point of the search that made it hold.

Within one try of a guess the state only gains facts (candidates go, values come); going back
(the next guess) puts the state its frame kept. So for a point on the present's line of search
the guess stack says where to look: a fact the top frame's kept state lacks came in the moves
since that frame's guess; one it has, before it; and so on down the stack to the record's start.
Inside that stretch the record's index of the cells (``History.cell_states_back``) is read from
its end back to the last move after which the fact did not hold: the move after it made it.
What-if edits change the kept states too (they hold as if given): with one in the record the
stretch is the whole record.

Within one try the facts only come, so the record's snapshots (one every 128 moves) tell by a
binary search in which chunk a fact came: one chunk's moves are read, whatever the record's
length.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from sudoku_repl.core import events as E
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.record import MOVES_PER_SNAPSHOT, History
from sudoku_repl.core.state import LOADED, EngineState, Frame
from sudoku_repl.techniques.why.reasons import IFact, holds

#: the fact held in the record's first state: a given (or, in a cut record, older)
AT_START: Final = -1
#: the event kinds of a next guess (a frame's kept state restored, its next option placed)
_NEXT_GUESS: Final = (E.FORWARD, E.UPWARD)


class Lineage:
    """The present's line of search: the guess stack of the state after ``moves`` moves, with
    the move that pushed each frame (``pushes``), for ``origin`` of points on it."""

    def __init__(self, history: History, moves: int, state: EngineState) -> None:
        self.history = history
        self.moves = moves
        self.frames = state.frames
        edited = any(history.run_mode(m) == HAND for m, _ in history.choices_before(moves))
        self.pushes: list[int] = [] if edited else pushes(history, moves, state.frames)
        self.edited = edited

    def origin(self, fact: IFact, point: int) -> int | None:
        """The move before ``point`` (a number of moves, on this line) that made ``fact``
        hold, ``AT_START`` if it held in the record's first state, None if it does not hold
        at ``point``."""
        hi = point
        cell = fact[0]
        history = self.history
        if not self.edited:
            level = sum(1 for p in self.pushes if p < point)
            for j in range(level, 0, -1):
                frame = self.frames[j - 1]
                push = self.pushes[j - 1]
                if not holds(fact, frame.values[cell], frame.cands[cell]):
                    lo = self._try_start(j, max(push, 0), hi)
                    return self._monotone(fact, lo, hi, True)
                if push < 0:  # pushed before the kept record
                    return AT_START
                hi = push
            start = history.start
            at_start = holds(
                fact, start.values[cell], start.cands[cell], start.status is not LOADED
            )
            found = self._monotone(fact, 0, hi, not at_start)
        else:
            start = history.start
            at_start = holds(
                fact, start.values[cell], start.cands[cell], start.status is not LOADED
            )
            found = _scan(history, fact, 0, hi, not at_start)
        if found is None and at_start:
            return AT_START
        return found

    def _snapshot(self, k: int) -> EngineState | None:
        """Snapshot k (the state after k chunks of moves), if the record has it."""
        done, state = self.history.snapshot_at_or_before(k * MOVES_PER_SNAPSHOT)
        return state if done == k * MOVES_PER_SNAPSHOT else None

    def _first_snapshot(self, lo: int, hi: int, test: Callable[[EngineState], bool]) -> int:
        """The first snapshot k with lo < k * M <= hi that passes ``test`` (which its later ones
        pass too), or the one past hi: a binary search over the record's snapshots."""
        first, last = lo // MOVES_PER_SNAPSHOT + 1, hi // MOVES_PER_SNAPSHOT
        while first <= last:
            mid = (first + last) // 2
            state = self._snapshot(mid)
            if state is not None and test(state):
                last = mid - 1
            else:
                first = mid + 1
        return first

    def _try_start(self, level: int, push: int, hi: int) -> int:
        """The move that began the present try of the frame at ``level``: its guess (the push)
        or the next guess that restored the frame's kept state and placed the option tried now,
        found in the chunk the snapshots say (that one move may make a fact hold again that
        held before it, which the states after the moves do not show)."""
        tried = self.frames[level - 1].tried
        if tried == 1:
            return push

        def in_try(state: EngineState) -> bool:
            return len(state.frames) >= level and state.frames[level - 1].tried == tried

        k = self._first_snapshot(push, hi, in_try)
        first = max(push, (k - 1) * MOVES_PER_SNAPSHOT)
        for m in range(min(hi, k * MOVES_PER_SNAPSHOT) - 1, first - 1, -1):
            for e in self.history.events(m):
                if e[0] in _NEXT_GUESS and e[3] == level and e[4] == tried:
                    return m
        return first

    def _monotone(self, fact: IFact, lo: int, hi: int, false_at_lo: bool) -> int | None:
        """``_scan`` over lo..hi - 1, where the fact, once it holds, holds to ``hi`` (one try
        of a guess): the snapshots say in which chunk it came, so one chunk is read."""
        cell = fact[0]

        def has(state: EngineState) -> bool:
            return holds(fact, state.values[cell], state.cands[cell], state.status is not LOADED)

        k = self._first_snapshot(lo, hi, has)
        first = max(lo, (k - 1) * MOVES_PER_SNAPSHOT)
        last = min(hi, k * MOVES_PER_SNAPSHOT)
        return _scan(self.history, fact, first, last, false_at_lo or first > lo)


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


def pushes(history: History, moves: int, frames: Sequence[Frame]) -> list[int]:
    """The move of the new guess that pushed each frame of the stack after ``moves`` moves,
    level 1 first (-1 for one before the kept record). A frame stays on the stack from its
    push on, so the snapshots that hold it are those after its push: a binary search finds
    the chunk, and the record's new guesses of that chunk the move."""
    found = []
    for level, frame in enumerate(frames, 1):

        def holds_frame(state: EngineState, level: int = level, frame: Frame = frame) -> bool:
            if len(state.frames) < level:
                return False
            other = state.frames[level - 1]  # the same frame, whichever option it tries
            return (
                other.cell == frame.cell
                and other.values == frame.values
                and (other.cands == frame.cands)
            )

        first, last = 1, moves // MOVES_PER_SNAPSHOT
        while first <= last:
            mid = (first + last) // 2
            done, state = history.snapshot_at_or_before(mid * MOVES_PER_SNAPSHOT)
            if done == mid * MOVES_PER_SNAPSHOT and holds_frame(state):
                last = mid - 1
            else:
                first = mid + 1
        if first == 1 and holds_frame(history.start):
            found.append(-1)  # on the stack at the kept record's start
            continue
        lo, hi = (first - 1) * MOVES_PER_SNAPSHOT, min(first * MOVES_PER_SNAPSHOT, moves)
        guesses = history.new_guesses(history.steps_after(lo), history.steps_after(hi))
        move = max((m for m, at in guesses if lo <= m < hi and at == level), default=-1)
        found.append(move)
    return found

"""The record of a session's search: every move, silent ones too, compactly.

A *move* is one thing the engine did (``Engine.advance``). For each move the record keeps the
step count after it, its events, the guess answer it was given (only interactive answers are
stored), the run mode it ran under, and what it changed in the cells: (cell, value, candidates)
after the move for every changed cell, two 16-bit numbers per cell. With the loaded state, these
inputs determine every later state; a snapshot of the state every ``SNAPSHOT_EVERY`` moves makes
going back replay at most that many moves.

History, time travel, breakpoints and ``when`` all read this record; nothing is re-run to answer
them.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence

from . import events as E
from .engine import Choice
from .events import Event
from .geometry import Cell, Mask
from .state import EngineState

SNAPSHOT_EVERY = 64
_VALUE_SHIFT = 9  # a change is stored as (cell, value << 9 | candidates)


class History:
    """Moves since the quiz was loaded. Move i (0-based) leads from the state after i moves to
    the state after i + 1 moves."""

    def __init__(self, start: EngineState) -> None:
        self.start = start
        self._steps = array("I")
        self._modes = array("B")
        self._events: list[tuple[Event, ...] | None] = []
        self._choices: dict[int, Choice] = {}
        self._changes = array("H")
        self._change_at = array("I", [0])
        self._snapshots: list[EngineState] = [start]
        # new guesses: the move that made each, and its level (for level queries)
        self._guess_moves = array("I")
        self._guess_levels = array("B")

    def __len__(self) -> int:
        return len(self._steps)

    # -- writing -----------------------------------------------------------------------------

    def append(
        self,
        steps: int,
        events: Sequence[Event],
        choice: Choice,
        run_mode: int,
        touched: Sequence[Cell],
        values: Sequence[int],
        cands: Sequence[Mask],
    ) -> bool:
        """Record a move: ``touched`` are the cells it may have changed, ``values``/``cands``
        the cells after it. True when the state after it is due as a snapshot."""
        index = len(self._steps)
        self._steps.append(steps)
        self._modes.append(run_mode)
        self._events.append(tuple(events) if events else None)
        if choice is not None:
            self._choices[index] = choice
        changes = self._changes
        for i in sorted(set(touched)):
            changes.append(i)
            changes.append(values[i] << _VALUE_SHIFT | cands[i])
        self._change_at.append(len(changes))
        for e in events:
            if e[0] == E.GUESS:
                self._guess_moves.append(index)
                self._guess_levels.append(e[3])
        return len(self._steps) % SNAPSHOT_EVERY == 0

    def add_snapshot(self, state: EngineState) -> None:
        self._snapshots.append(state)

    def truncate(self, length: int) -> None:
        """Forget the moves from ``length`` on (the future after a point one went back to)."""
        if length >= len(self._steps):
            return
        del self._steps[length:]
        del self._modes[length:]
        del self._events[length:]
        for i in [i for i in self._choices if i >= length]:
            del self._choices[i]
        del self._changes[self._change_at[length] :]
        del self._change_at[length + 1 :]
        del self._snapshots[length // SNAPSHOT_EVERY + 1 :]
        keep = bisect_left(self._guess_moves, length)
        del self._guess_moves[keep:]
        del self._guess_levels[keep:]

    # -- reading ---------------------------------------------------------------------------

    def steps_after(self, moves: int) -> int:
        """The step count after the first ``moves`` moves."""
        return self._steps[moves - 1] if moves else self.start.steps

    @property
    def last_steps(self) -> int:
        return self.steps_after(len(self))

    def events(self, move: int) -> tuple[Event, ...]:
        return self._events[move] or ()

    def choice(self, move: int) -> Choice:
        return self._choices.get(move)

    def run_mode(self, move: int) -> int:
        return self._modes[move]

    def changes(self, move: int) -> Iterator[tuple[Cell, int, Mask]]:
        """(cell, value, candidates) after the move, for each cell it changed."""
        data = self._changes
        for k in range(self._change_at[move], self._change_at[move + 1], 2):
            packed = data[k + 1]
            yield data[k], packed >> _VALUE_SHIFT, packed & 0x1FF

    def moves_to(self, steps: int) -> int:
        """How many moves it takes to first reach ``steps`` (the record must reach it)."""
        if steps <= self.start.steps:
            return 0
        return bisect_left(self._steps, steps) + 1

    def snapshot_at_or_before(self, moves: int) -> tuple[int, EngineState]:
        """The latest snapshot taken after at most ``moves`` moves: (its move count, state)."""
        k = min(moves // SNAPSHOT_EVERY, len(self._snapshots) - 1)
        return k * SNAPSHOT_EVERY, self._snapshots[k]

    def moves_in_steps(self, first: int, last: int) -> range:
        """The moves whose step count (after them) lies in first..last."""
        return range(bisect_left(self._steps, first), bisect_right(self._steps, last))

    def new_guesses(self, first: int, last: int) -> list[tuple[int, int]]:
        """(move, level) of every new guess made at steps first..last."""
        moves = self.moves_in_steps(first, last)
        lo = bisect_left(self._guess_moves, moves.start)
        hi = bisect_left(self._guess_moves, moves.stop)
        return [(self._guess_moves[k], self._guess_levels[k]) for k in range(lo, hi)]

    def biggest_level(self, first: int, last: int) -> int:
        """The highest level a new guess reached at steps first..last (0 if none)."""
        return max((level for _, level in self.new_guesses(first, last)), default=0)

    def nbytes(self) -> int:
        """Memory held by the record beyond the snapshots and events (for the benchmark)."""
        arrays = (self._steps, self._modes, self._changes, self._change_at)
        return sum(a.itemsize * len(a) for a in arrays)


def cell_changes(history: History, cell: Cell) -> Iterator[tuple[int, int, Mask, int, Mask]]:
    """Every move that changed ``cell``: (move, value before, candidates before, value after,
    candidates after), read from the record from the loaded state on."""
    value, mask = history.start.values[cell], history.start.cands[cell]
    for m in range(len(history)):
        for c, new_value, new_mask in history.changes(m):
            if c == cell:
                yield m, value, mask, new_value, new_mask
                value, mask = new_value, new_mask

"""The record of a session's search: every move, silent ones too, with what it printed.

A *move* is one thing the engine did (``Engine.advance``): the step count after it, its events,
the guess answer it was given (None for automatic) and the run mode it ran under. Moves are
appended, never edited; with the state at load time, they determine every later state. A
snapshot of the state is kept every ``SNAPSHOT_EVERY`` moves so that going back replays few
moves.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from .engine import Choice
from .events import Event
from .state import EngineState

SNAPSHOT_EVERY = 64


@attrs.frozen
class Move:
    steps: int
    events: tuple[Event, ...]
    choice: Choice = None
    run_mode: int = 0


@attrs.define
class History:
    """Moves since the quiz was loaded, and snapshots: ``snapshots[k]`` is the state after
    ``k * SNAPSHOT_EVERY`` moves (``snapshots[0]`` is the loaded state)."""

    start: EngineState
    moves: list[Move] = attrs.Factory(list)
    snapshots: list[EngineState] = attrs.Factory(list)

    def __attrs_post_init__(self) -> None:
        if not self.snapshots:
            self.snapshots.append(self.start)

    def __len__(self) -> int:
        return len(self.moves)

    def append(self, move: Move) -> bool:
        """Record a move; True when the state after it is due as a snapshot."""
        self.moves.append(move)
        return len(self.moves) % SNAPSHOT_EVERY == 0

    def add_snapshot(self, state: EngineState) -> None:
        self.snapshots.append(state)

    def rollback(self, length: int) -> None:
        """Forget the moves after the first ``length`` (a step that was called off)."""
        del self.moves[length:]
        del self.snapshots[length // SNAPSHOT_EVERY + 1 :]

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

"""Deferred chunks worked out by replay (``Replayer``): a run that only goes on records each
move's step count, run mode, new guesses, touched cells and their states, and its events are
made again from the chunk's snapshot the first time something reads them (the states too, for a
chunk that has none). The engine is deterministic; the step counts are checked on
the way."""

from __future__ import annotations

from array import array
from collections.abc import Mapping

from sudoku_repl.core import hand
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.filters import Memo
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.record.chunks import MOVES_PER_SNAPSHOT, Chunk
from sudoku_repl.core.record.codec import EventCodes
from sudoku_repl.core.state import EngineState


class Replayer:
    """The one engine that works out a record's deferred chunks (its filter caches stay warm
    from one chunk to the next), and the move count it has replayed to: reading on from the
    chunk before needs no restore."""

    __slots__ = ("engine", "engine_type", "geometry", "memo", "replayed")

    def __init__(self, engine_type: type[Engine], geometry: Geometry, memo: Memo | None) -> None:
        #: the engine class that works out deferred chunks (the session's: the native one is
        #: faster, and makes the same moves)
        self.engine_type = engine_type
        self.geometry = geometry
        #: the filter caches the replays learn into (the session engine's: memory for one)
        self.memo = memo
        self.engine: Engine | None = None
        self.replayed = -1

    def forget(self) -> None:
        """The record's moves changed (cut, dropped, detached, attached): the next chunk is
        replayed from its snapshot."""
        self.replayed = -1

    def write_out(
        self,
        chunk: Chunk,
        first: int,
        snapshot: EngineState,
        steps: array[int],
        modes: array[int],
        choices: Mapping[int, Choice],
    ) -> EventCodes:
        """The events of ``chunk`` (its moves numbered from ``first``, made from ``snapshot``)
        worked out now, with its states, and kept in it; ``steps``, ``modes`` and ``choices``
        are the record's."""
        events = EventCodes()
        last = min(first + MOVES_PER_SNAPSHOT, len(steps))
        engine = self.engine
        if engine is None:
            engine = self.engine = self.engine_type(snapshot, self.geometry)
            if self.memo is not None:
                engine.memo.share(self.memo)
        elif self.replayed != first:  # (reading on from the chunk before needs no restore)
            engine.restore(snapshot)
        self.replayed = -1  # until the chunk is through
        keep = chunk.has_states()  # (every way of recording keeps them)
        if not keep:
            del chunk.states[:]
        if keep and not any(first <= m < last for m in choices):  # (a plain run's chunk)
            # its states are kept: only the events are made, the moves handed over at once
            for m, (count, ev) in enumerate(engine.advance_many(modes[first:last]), first):
                if count != steps[m]:
                    raise RuntimeError(f"the record's move {m} does not replay as recorded")
                events.add(count, ev)
        else:
            for m in range(first, last):
                mode, choice = modes[m], choices.get(m)
                if mode == HAND and choice is not None:
                    ev = hand.apply(engine, choice)
                else:
                    ev = engine.advance(mode, choice)
                if engine.steps != steps[m]:
                    raise RuntimeError(f"the record's move {m} does not replay as recorded")
                events.add(engine.steps, ev)
                if not keep:
                    chunk.note_states(m - first, engine.values, engine.cands)
        self.replayed = last
        chunk.events = events
        return events

"""A guess's *try*: from the move that places its value (a new guess, or the next option of its
level) to the move that gives it up (the next option of its level or of one above it, or the
end of the search); and the tries of the level below it, which all went wrong when the search
gives a try up without a solution under it. ``why wrong`` reads them for an answer to the guess
question (docs/why.md).

A try's frame holds one state from its placing to its end and never again (the kept cells are
those before its guess; a later frame at that level keeps others), so the record's snapshots
(one every 128 moves) tell by a binary search in which chunk a try ends: one chunk's events are
read, whatever the record's length. Past the record's end the search goes on on a copy of the
engine, with the solver's choices, for at most ``LOOK_AHEAD`` steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from sudoku_repl.core import events as E
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.events import Event
from sudoku_repl.core.record import MOVES_PER_SNAPSHOT, History
from sudoku_repl.core.state import FINISHED, EngineState, Frame

#: the steps searched ahead of the record's end, on a copy, for where a try ends
LOOK_AHEAD: Final = 50_000
#: the steps a copy searches at a call before its frames are looked at
_CHUNK: Final = 1024


class Try(NamedTuple):
    """The try of guess level ``level`` placed by move ``begin`` and given up by move ``end``."""

    level: int
    begin: int
    end: int


class Ahead(NamedTuple):
    """Where a try ends past the record, searched for on a copy: ``step`` where it is given
    up (``solution`` False) or where a solution under it is found (True); ``step`` None: not
    within ``LOOK_AHEAD`` steps."""

    step: int | None
    solution: bool = False


def gives_up(events: Sequence[Event], level: int) -> bool:
    """Whether a move with these events gives up the try of guess level ``level``: the next
    option of that level or of one above it, or the end of the search."""
    return any(
        (e[0] in (E.FORWARD, E.UPWARD) and e[3] <= level) or e[0] == E.NO_MORE for e in events
    )


def _in_try(state: EngineState, level: int, frame: Frame) -> bool:
    """Whether the frame at ``level`` of ``state`` is ``frame`` trying the same option."""
    if len(state.frames) < level:
        return False
    now = state.frames[level - 1]
    return (
        now.cell == frame.cell
        and now.tried == frame.tried
        and now.values == frame.values
        and now.cands == frame.cands
    )


def try_end(history: History, level: int, frame: Frame, begin: int) -> int | None:
    """The move after ``begin`` (the move that placed ``frame``'s option) that gives the try up,
    None when the record ends before it does: the first snapshot past ``begin`` without the
    try says the chunk (a binary search), whose moves are read for it."""
    size = len(history)
    first, last = begin // MOVES_PER_SNAPSHOT + 1, size // MOVES_PER_SNAPSHOT
    while first <= last:
        mid = (first + last) // 2
        done, state = history.snapshot_at_or_before(mid * MOVES_PER_SNAPSHOT)
        if done == mid * MOVES_PER_SNAPSHOT and _in_try(state, level, frame):
            first = mid + 1
        else:
            last = mid - 1
    lo = max(begin + 1, (first - 1) * MOVES_PER_SNAPSHOT)
    for m in range(lo, size):  # (a snapshot missing from a cut record: read on)
        if gives_up(history.events(m), level):
            return m
    return None


def first_guess_below(history: History, level: int, begin: int, end: int) -> int | None:
    """The move of the new guess at ``level + 1`` in the try of ``level`` from move ``begin``
    to move ``end`` (a try pushes one frame below it at most: it is given up when that frame's
    options are), None when there is none."""
    first, last = history.steps_after(begin + 1), history.steps_after(end)
    for move, at in history.new_guesses(first, last):
        if begin < move < end and at == level + 1:
            return move
    return None


def tries_of(history: History, level: int, frame: Frame, begin: int, end: int) -> list[Try]:
    """The tries of ``frame`` (pushed at ``level`` by move ``begin``, trying its first option),
    one an option in turn, up to the move ``end`` that gives the last one up (or the try above
    it): each ends where the next begins."""
    found: list[Try] = []
    tried = frame.tried
    while True:
        now = Frame(frame.cell, frame.options, tried, frame.values, frame.cands)
        stop = try_end(history, level, now, begin)
        if stop is None or stop >= end:
            found.append(Try(level, begin, end))
            return found
        found.append(Try(level, begin, stop))
        nexts = [e for e in history.events(stop) if e[0] in (E.FORWARD, E.UPWARD)]
        if not nexts or nexts[0][3] != level:
            return found  # the frame was given up with the try above it
        begin, tried = stop, tried + 1


def end_ahead(engine: Engine, run_mode: int, level: int, frame: Frame) -> Ahead:
    """Where the try of ``frame`` at ``level`` ends, searched for on ``engine`` (a copy at the
    record's end, in the try) with the solver's choices: at most ``LOOK_AHEAD`` steps, a chunk
    at a time (one call of the native search), the chunk that ends it again a move at a time."""
    done = 0
    while done < LOOK_AHEAD:
        saved = engine.state()
        engine.search(run_mode, min(_CHUNK, LOOK_AHEAD - done))
        now = engine.state()
        ended = (
            now.status is FINISHED
            or not _in_try(now, level, frame)
            or now.solutions > saved.solutions
        )
        if not ended:
            if now.steps == saved.steps:
                return Ahead(None)
            done += now.steps - saved.steps
            continue
        engine.restore(saved)
        while engine.status is not FINISHED:
            events = engine.advance(run_mode)
            if any(E.is_solution(e) for e in events):
                return Ahead(engine.steps, solution=True)
            if gives_up(events, level):
                return Ahead(engine.steps)
        return Ahead(engine.steps)
    return Ahead(None)


__all__ = [
    "LOOK_AHEAD",
    "Ahead",
    "Try",
    "end_ahead",
    "first_guess_below",
    "gives_up",
    "tries_of",
    "try_end",
]

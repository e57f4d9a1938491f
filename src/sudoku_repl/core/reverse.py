"""Going back to an earlier stop, as gdb's reverse execution does (``reverse-continue``,
``reverse-next``, ``reverse-finish``): the record's steps before the present are replayed on a
copy of the engine, a block of steps at a time from the latest block back, and the latest step
a question picks is the answer. The present and the breakpoints stay as they are: the
breakpoints are looked at through copies that count nothing.

A question is a ``Look``: armed at a block's first state, it is shown the state of each step
after it (``StepSeen``, as a run's breakpoints are) and answers with the steps it would stop at.
"""

from __future__ import annotations

import copy
from typing import Protocol

import attrs

from sudoku_repl.core.breakpoints import Breakpoint, Breakpoints, StepSeen
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.events import Event, Guess, is_guess
from sudoku_repl.core.record import History
from sudoku_repl.core.state import WRONG
from sudoku_repl.core.time_travel import TimeTravel

#: steps replayed at a time, latest first
BLOCK = 1024


@attrs.frozen
class Stop:
    """An earlier step a question stops at: the breakpoints (watchpoints too) that stop there,
    or the guess the step after it takes (``reverse-continue``), or neither (a level reached)."""

    step: int
    hits: tuple[Breakpoint, ...] = ()
    guess: Guess | None = None


class Look(Protocol):
    def arm(self, history: History, moves: int, engine: Engine) -> None: ...

    def stops(self, seen: StepSeen) -> list[Stop]: ...


class PreviousStop:
    """Where a run would have stopped: an enabled breakpoint or watchpoint (its condition
    holding; ignore counts and hit counts play no part going back), or the step before a guess
    (where ``step`` takes that guess, or asks for it, again)."""

    def __init__(self, breakpoints: Breakpoints) -> None:
        self.lookers = Breakpoints(
            {
                bp.number: attrs.evolve(bp, ignore=0, temporary=False, hits=0)
                for bp in breakpoints.enabled()
            }
        )

    def arm(self, history: History, moves: int, engine: Engine) -> None:
        self.lookers.arm(history, moves, engine.values, engine.cands)

    def stops(self, seen: StepSeen) -> list[Stop]:
        found = []
        guess = next((e for e in seen.events if is_guess(e)), None)
        if guess is not None:
            found.append(Stop(seen.steps - 1, guess=guess))
        hits = self.lookers.check(seen)
        if hits:
            found.append(Stop(seen.steps, hits=tuple(copy.copy(bp) for bp in hits)))
        return found


class LevelAtMost:
    """The steps whose guess level is at most ``level`` (``reverse-next``: this level or above;
    ``reverse-finish``: ``level`` one less, the level the present one was entered from)."""

    def __init__(self, level: int) -> None:
        self.level = level

    def arm(self, history: History, moves: int, engine: Engine) -> None:
        pass

    def stops(self, seen: StepSeen) -> list[Stop]:
        return [Stop(seen.steps)] if seen.level <= self.level else []


def latest_stop(session: TimeTravel, look: Look, before: int) -> Stop | None:
    """The latest step before step ``before`` that ``look`` stops at, and not before the
    record's earliest step (``History.earliest_step``); None when there is none."""
    first = session.history.earliest_step
    end = before
    while end > first:
        start = max(first, end - BLOCK)
        found = [stop for stop in _block(session, look, start, end) if stop.step < before]
        if found:
            return max(found, key=lambda stop: stop.step)
        end = start
    return None


def _block(session: TimeTravel, look: Look, start: int, end: int) -> list[Stop]:
    """The stops ``look`` makes at the states of steps ``start``+1..``end``, ``look`` armed at
    the state of step ``start`` (as a run watches: the events since the last step's state,
    whether a contradiction was met among them)."""
    history = session.history
    first_move, last_move = history.moves_to(start), history.moves_to(end)
    engine = session.engine_after(first_move)
    look.arm(history, first_move, engine)
    found: list[Stop] = []
    events: list[Event] = []
    wrong = False
    for move in range(first_move, last_move):
        count = engine.steps
        events += session.replay_move(engine, move)
        wrong = wrong or engine.status is WRONG
        if engine.steps > count:
            seen = StepSeen(
                engine.steps,
                events,
                engine.values,
                engine.cands,
                wrong,
                len(engine.frames),
                engine.solutions,
            )
            found += look.stops(seen)
            events, wrong = [], False
    return found

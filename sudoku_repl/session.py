"""A session: the loaded quiz, the engine, its record and the settings; the run commands.

No terminal here: output leaves through ``Hooks.events`` as event records, the guess question
is ``Hooks.ask_guess``, and an interrupt is polled through ``Hooks.interrupted`` between steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from . import events as E
from .engine import Choice, Engine
from .errors import GuessAborted
from .events import Event
from .geometry import Cell
from .history import History, Move
from .quiz import Quiz
from .state import STEP_BOUNDARY, EngineState, Status


class Hooks(Protocol):
    """What a running command needs from whoever drives it."""

    def events(self, events: Sequence[Event]) -> None:
        """Trace events, as soon as they happen."""

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        """A new guess is due in interactive mode: return the pick (None = the default), or
        raise ``GuessAborted``."""

    def interrupted(self) -> bool:
        """True when the user asked to stop (polled before each step)."""


@attrs.define
class Settings:
    run_mode: int = 0
    guess_mode: int = 0


@attrs.frozen
class RunReport:
    """How a run command ended."""

    biggest: int  # the highest level a new guess reached during the command
    solutions: int  # solutions reported during the command
    interrupted: bool = False


class Session:
    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.quiz: Quiz | None = None
        self.engine: Engine | None = None
        self.history: History | None = None

    def load(self, quiz: Quiz) -> None:
        """Replace the quiz and reset the engine; the settings stay."""
        engine = Engine.from_givens(quiz.givens)
        self.quiz, self.engine = quiz, engine
        self.history = History(engine.state())

    @property
    def loaded(self) -> bool:
        return self.engine is not None

    def state(self) -> EngineState:
        assert self.engine is not None
        return self.engine.state()

    @property
    def finished(self) -> bool:
        return self.engine is not None and self.engine.status is Status.FINISHED

    def step(self, hooks: Hooks) -> int:
        """One step of ENGINE.md; returns the highest level a new guess reached in it (0 if
        none). If the guess question is aborted, the engine is put back as it was before the
        step and ``GuessAborted`` propagates."""
        engine, history = self.engine, self.history
        assert engine is not None and history is not None
        interactive = bool(self.settings.guess_mode)
        before = engine.state() if interactive else None
        recorded = len(history)
        biggest = 0
        while True:
            choice: Choice = None
            if engine.status is Status.GUESS_DUE and interactive:
                try:
                    choice = hooks.ask_guess(*engine.guess_default())
                except GuessAborted:
                    assert before is not None
                    engine.restore(before)
                    history.rollback(recorded)
                    raise
            ev = engine.advance(self.settings.run_mode, choice)
            if history.append(Move(engine.steps, tuple(ev), choice, self.settings.run_mode)):
                history.add_snapshot(engine.state())
            for e in ev:
                if e[0] == E.GUESS and e[3] > biggest:
                    biggest = e[3]
            if ev:
                hooks.events(ev)
            if engine.status in STEP_BOUNDARY:
                return biggest

    def run(self, hooks: Hooks, solutions: int = 1, max_steps: int | None = None) -> RunReport:
        """Step until ``solutions`` new solutions (0 = no limit), the end of the search, or
        ``max_steps`` reached (checked before each step), or an interrupt."""
        engine = self.engine
        assert engine is not None
        first = engine.solutions
        biggest = 0
        while engine.status is not Status.FINISHED:
            if solutions and engine.solutions - first >= solutions:
                break
            if max_steps is not None and engine.steps >= max_steps:
                break
            if hooks.interrupted():
                return RunReport(biggest, engine.solutions - first, interrupted=True)
            biggest = max(biggest, self.step(hooks))
        return RunReport(biggest, engine.solutions - first)

"""A session: the loaded quiz, the engine, its record and the settings; the run commands and
time travel.

No terminal here: output leaves through ``Hooks.events`` as event records, the guess question
is ``Hooks.ask_guess``, and an interrupt is polled through ``Hooks.interrupted`` between steps.

The session has a *present*: ``cursor`` moves of the record have been applied. After going back,
the record still holds the future; stepping on with the same inputs (guess answers, run mode)
follows it, different inputs cut it off and record the new path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core import modes
from sudoku_repl.core.breakpoints import Breakpoint, Breakpoints, StepSeen
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.errors import GuessAborted, RecordCut
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry
from sudoku_repl.core.history import History
from sudoku_repl.core.native import mypyc_attr
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.state import FINISHED, GUESS_DUE, STEP_BOUNDARY, WRONG, EngineState, Status


class Hooks(Protocol):
    """What a running command needs from whoever drives it."""

    def events(self, events: Sequence[Event]) -> None:
        """Trace events, as soon as they happen."""

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        """A new guess is due in interactive mode: return the pick (None = the default), or
        raise ``GuessAborted``."""

    def interrupted(self) -> bool:
        """True when the user asked to stop (polled before each step)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # api.Collect, rate._Counting
class Quiet:
    """Hooks that swallow the trace. Guess questions and the interrupt poll go to ``inner``;
    without one, every guess takes the default and nothing interrupts."""

    def __init__(self, inner: Hooks | None = None) -> None:
        self.inner = inner

    def events(self, events: Sequence[Event]) -> None:
        pass

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        return None if self.inner is None else self.inner.ask_guess(cell, value)

    def interrupted(self) -> bool:
        return self.inner is not None and self.inner.interrupted()


def _registered(_: object, __: object, mode: int) -> None:
    modes.check(mode)


@attrs.define
class Settings:
    """The two modes of the original; a run mode that is not registered is refused when it is
    given (``UserError``, the line ``modes.check`` gives), not at the next step."""

    run_mode: int = attrs.field(default=0, validator=_registered)
    guess_mode: int = 0


@attrs.frozen
class StepReport:
    biggest: int  # the highest level a new guess reached in the step (0 if none)
    moves: range  # the record's moves the step made
    hits: tuple[Breakpoint, ...] = ()


@attrs.frozen
class RunReport:
    """How a run command ended."""

    biggest: int
    solutions: int  # solutions reported during the command
    interrupted: bool = False
    hits: tuple[Breakpoint, ...] = ()


@mypyc_attr(allow_interpreted_subclasses=True)  # api.Session
class Session:
    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.breakpoints = Breakpoints()
        self.quiz: Quiz | None = None
        self._engine: Engine | None = None
        self._history: History | None = None
        self.cursor = 0
        #: things the session did that the user should hear about (the shell prints them)
        self.notices: list[str] = []
        self._appended = 0  # moves appended to the record (to undo an aborted step's)

    def load(self, quiz: Quiz) -> None:
        """Replace the quiz and reset the engine; the settings and breakpoints stay (a cell
        breakpoint on the same place of the new puzzle, disabled when it has none there)."""
        self.notices += self.breakpoints.rebind(self.geo, quiz.geometry)
        engine = Engine.from_givens(quiz.givens, quiz.geometry)
        self.quiz, self._engine = quiz, engine
        self._history = History(engine.state(), geometry=quiz.geometry, memo=engine.memo)
        self.cursor = 0

    @property
    def geo(self) -> Geometry:
        return self.quiz.geometry if self.quiz is not None else CLASSIC

    @property
    def loaded(self) -> bool:
        return self._engine is not None

    @property
    def engine(self) -> Engine:
        assert self._engine is not None, "no quiz loaded"
        return self._engine

    @property
    def history(self) -> History:
        assert self._history is not None, "no quiz loaded"
        return self._history

    def state(self) -> EngineState:
        return self.engine.state()

    @property
    def finished(self) -> bool:
        return self._engine is not None and self._engine.status is Status.FINISHED

    # -- moves and steps -----------------------------------------------------------------

    def _move(self, hooks: Hooks, replay: bool) -> list[Event]:
        """One move from the present. ``replay``: inside the record, take the recorded answer
        and run mode instead of asking."""
        engine, history, at = self.engine, self.history, self.cursor
        recorded = at < len(history)
        mode = self.settings.run_mode
        choice: Choice = None
        if replay and recorded:
            choice, mode = history.choice(at), history.run_mode(at)
        elif engine.status is Status.GUESS_DUE and self.settings.guess_mode:
            default = engine.guess_default()
            offered = (history.choice(at) if recorded else None) or default
            choice = hooks.ask_guess(*offered)
            if choice is None:
                choice = offered
            if choice == default:
                choice = None
        keep = recorded and history.choice(at) == choice and history.run_mode(at) == mode
        ev = engine.advance(mode, choice)
        if keep:
            self.cursor = at + 1
        else:
            self._record(ev, choice, mode)
        return ev

    def _record(self, ev: list[Event], choice: Choice, mode: int) -> None:
        """Put the move the engine just made into the record at the present (cutting off the
        future recorded after it), and make the state after it the present."""
        engine, history = self.engine, self.history
        history.truncate(self.cursor)
        self._appended += 1
        self._appended_one(
            history.append(
                engine.steps, ev, choice, mode, engine.touched, engine.values, engine.cands
            )
        )

    def _appended_one(self, snapshot_due: bool) -> None:
        """After a move was appended at the present: its snapshot if due, the present after it,
        and the record kept within its cap (``History.drop_oldest``, said in a notice)."""
        history = self.history
        if snapshot_due:
            history.add_snapshot(self.engine.state())
        self.cursor += 1
        if not history.over_cap():
            return
        self.cursor -= history.drop_oldest()
        self.notices[:] = [n for n in self.notices if not n.startswith("Record full")]
        self.notices.append(
            f"Record full: steps before {history.first_steps} were dropped to bound "
            f"memory; time travel, history and when start there now."
        )

    def step(
        self, hooks: Hooks, replay: bool = False, breakpoints: bool = True, armed: bool = False
    ) -> StepReport:
        """One step of docs/engine.md, or less: an enabled breakpoint stops it at the first step
        whose state meets it, which may lie inside the step (a guess that went wrong at once).
        ``armed``: the breakpoints already follow the search from the present (``run``).
        If the guess question is aborted, the session is put back as it was before the step and
        ``GuessAborted`` propagates."""
        engine, history = self.engine, self.history
        modes.check(self.settings.run_mode)
        watching = breakpoints and bool(self.breakpoints.enabled())
        if watching and not armed:
            self.arm_breakpoints()
        # the state before the step, to put back if the guess question is aborted
        start_state = engine.state() if self.settings.guess_mode else None
        start, appended = self.cursor, self._appended
        dropped = history.dropped
        biggest = 0
        hits: list[Breakpoint] = []
        seen: list[Event] = []  # the events since the last step's state (for breakpoints)
        wrong = False
        try:
            while True:
                count = engine.steps
                ev = self._move(hooks, replay)
                for e in ev:
                    if E.is_new_guess(e) and e.level > biggest:
                        biggest = e.level
                if ev:
                    hooks.events(ev)
                if watching:
                    seen += ev
                    wrong = wrong or engine.status is Status.WRONG
                    if engine.steps > count:  # the state of a step: look at it
                        hits = self.breakpoints.check(
                            StepSeen(
                                engine.steps,
                                seen,
                                engine.values,
                                engine.cands,
                                wrong,
                                len(engine.frames),
                                engine.solutions,
                            )
                        )
                        seen, wrong = [], False
                        if hits:
                            break
                if engine.status in STEP_BOUNDARY:
                    break
        except GuessAborted:
            start -= history.dropped - dropped
            assert start_state is not None  # questions are asked in guess mode only
            engine.restore(start_state)
            self.cursor = max(start, 0)
            if self._appended != appended:  # the step had left the record: drop its moves
                history.truncate(self.cursor)
            raise
        start = max(start - (history.dropped - dropped), 0)
        return StepReport(biggest, range(start, self.cursor), tuple(hits))

    def arm_breakpoints(self) -> None:
        """Let the enabled breakpoints follow the search from the present state."""
        engine = self.engine
        self.breakpoints.arm(self.history, self.cursor, engine.values, engine.cands)

    def run(
        self,
        hooks: Hooks,
        solutions: int = 1,
        max_steps: int | None = None,
        replay: bool = False,
        breakpoints: bool = True,
        until: Callable[[Engine], bool] | None = None,
    ) -> RunReport:
        """Step until ``solutions`` new solutions (0 = no limit), the end of the search,
        ``max_steps`` reached (checked before each step), a breakpoint, an interrupt, or
        ``until(engine)`` holds after a step (``finish``, ``next``)."""
        engine = self.engine
        first = engine.solutions
        biggest = 0
        if breakpoints:
            self.arm_breakpoints()
        plain = self._plain(breakpoints)
        if plain:
            modes.check(self.settings.run_mode)
        while engine.status is not FINISHED:
            if solutions and engine.solutions - first >= solutions:
                break
            if max_steps is not None and engine.steps >= max_steps:
                break
            if hooks.interrupted():
                return RunReport(biggest, engine.solutions - first, interrupted=True)
            if plain:
                biggest = max(biggest, self._plain_step(hooks))
            else:
                report = self.step(hooks, replay, breakpoints, armed=True)
                biggest = max(biggest, report.biggest)
                if report.hits:
                    return RunReport(biggest, engine.solutions - first, hits=report.hits)
            if until is not None and until(engine):
                break
        return RunReport(biggest, engine.solutions - first)

    def _plain(self, breakpoints: bool) -> bool:
        """Whether a run can go the plain way: no breakpoint to watch, no guess question to ask,
        nothing recorded ahead of the present to follow."""
        return (
            not (breakpoints and self.breakpoints.enabled())
            and not self.settings.guess_mode
            and self.cursor == len(self.history)
        )

    def _plain_step(self, hooks: Hooks) -> int:
        """One step the plain way (``_plain``): the same moves and record as ``step`` makes,
        with nothing to look at between the moves but the events. Returns the highest level a
        new guess reached in it (0 if none)."""
        engine, mode, history = self.engine, self.settings.run_mode, self.history
        biggest = 0
        while True:
            ev = engine.advance(mode)
            # as ``_record`` does, the present being the end and the move's events and changes
            # left to be worked out when first read (``History.append_deferred``)
            self._appended += 1
            self._appended_one(history.append_deferred(engine, ev, mode))
            if ev:
                for e in ev:
                    if e[0] == E.GUESS and e[3] > biggest:  # a new guess (by the layout)
                        biggest = e[3]
                hooks.events(ev)
            status = engine.status
            if status is not GUESS_DUE and status is not WRONG:  # (in STEP_BOUNDARY)
                return biggest

    # -- time travel -------------------------------------------------------------------------

    def seek(self, moves: int) -> None:
        """Put the engine in the state after the record's first ``moves`` moves."""
        history, engine = self.history, self.engine
        done, state = history.snapshot_at_or_before(moves)
        engine.restore(state)
        for m in range(done, moves):
            engine.advance(history.run_mode(m), history.choice(m))
        self.cursor = moves

    def goto(self, steps: int, hooks: Hooks) -> bool:
        """The state right after step ``steps``: from the record, or by going on (silently)
        past its end. Stops early at the end of the search; True when an interrupt stopped it."""
        history = self.history
        if history.dropped and steps < history.first_steps:
            raise RecordCut(
                f"The record starts at step {history.first_steps} (older steps were dropped "
                f"to bound memory)"
            )
        if steps <= history.last_steps:
            self.seek(history.moves_to(steps))
            return False
        modes.check(self.settings.run_mode)
        self.seek(len(history))
        quiet = Quiet(hooks)
        engine = self.engine
        at_a_step = True  # an interrupt may only stop it at the state of a step
        while engine.steps < steps and engine.status is not Status.FINISHED:
            if at_a_step and hooks.interrupted():
                return True
            count = engine.steps
            self._move(quiet, replay=False)
            at_a_step = engine.steps > count
        return False

    def restart(self) -> None:
        """Back to the loaded state (the record stays, for replay)."""
        if self.history.dropped:
            raise RecordCut(
                f"The record starts at step {self.history.first_steps} (older steps were "
                f"dropped to bound memory), so the search cannot be replayed from the start"
            )
        self.seek(0)

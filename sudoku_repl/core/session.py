"""A session: the loaded quiz, the engine, its record and the settings; the run commands and
time travel.

No terminal here. Every run command, ``step``, ``goto``'s going on and bisection's probes go
through one stepping loop, ``Session.walk``: it hands event records to ``Hooks.events`` as they
come, calls ``Hooks.tick`` and polls ``Hooks.interrupted`` between steps, and returns how it
stopped as a typed outcome (``core/outcomes.py``), a due guess question included;
``Session.settle`` asks that question through ``Hooks.ask_guess``.

The session has a *present*: ``cursor`` moves of the record have been applied. After going back,
the record still holds the future; stepping on with the same inputs (guess answers, run mode)
follows it, different inputs cut it off and record the new path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core import hand, modes, native
from sudoku_repl.core.breakpoints import Breakpoint, Breakpoints, StepSeen
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.errors import GuessAborted, RecordCut, UserError
from sudoku_repl.core.events import Event
from sudoku_repl.core.experiments import (
    Comparison,
    Experiment,
    ExperimentInfo,
    Experiments,
    Figures,
    Parting,
)
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.native_engine import NativeEngine, kinds_mask, native_mode
from sudoku_repl.core.outcomes import DONE, INTERRUPTED, AtBreakpoint, GuessDue, Outcome
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import History
from sudoku_repl.core.state import FINISHED, GUESS_DUE, STEP_BOUNDARY, WRONG, EngineState, Status


class Hooks(Protocol):
    """What a running command needs from whoever drives it."""

    def events(self, events: Sequence[Event]) -> None:
        """Trace events, as soon as they happen."""

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        """A new guess is due in interactive mode: return the pick (None = the default), or
        raise ``GuessAborted``."""

    def interrupted(self) -> bool:
        """True when the user asked to stop (polled between steps; it changes nothing).

        Hooks may also have ``tick()``: the stepping loop calls it right before each interrupt
        poll, for whatever the driver does while work goes on (a progress line); and ``kinds``:
        the event kinds ``events`` reads (absent or None: every kind). The others may then be
        left out of what it is given (the native core makes only those)."""


class Quiet:
    """Hooks that swallow the trace. Guess questions and the interrupt poll go to ``inner``;
    without one, every guess takes the default and nothing interrupts. A subclass that reads
    events says which (``kinds``)."""

    @property
    def kinds(self) -> tuple[int, ...] | None:
        """The event kinds ``events`` reads (``Hooks.kinds``): none, unless a subclass reads
        events; then every kind, until it says which (a class attribute ``kinds``)."""
        return () if type(self).events is Quiet.events else None

    def __init__(self, inner: Hooks | None = None) -> None:
        self.inner = inner
        #: the inner hooks' ``tick``, if they have one (None: the loop calls nothing)
        self.tick: Callable[[], None] | None = getattr(inner, "tick", None)

    def events(self, events: Sequence[Event]) -> None:
        pass

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        return None if self.inner is None else self.inner.ask_guess(cell, value)

    def interrupted(self) -> bool:
        return self.inner is not None and self.inner.interrupted()


class Settings:
    """The two modes of the original; a run mode that is not registered is refused when it is
    given (``UserError``, the line ``modes.check`` gives), not at the next step."""

    __slots__ = ("_run_mode", "guess_mode")

    def __init__(self, run_mode: int = 0, guess_mode: int = 0) -> None:
        self.run_mode = run_mode
        self.guess_mode = guess_mode

    @property
    def run_mode(self) -> int:
        return self._run_mode

    @run_mode.setter
    def run_mode(self, mode: int) -> None:
        modes.check(mode)
        self._run_mode = mode

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return (self.run_mode, self.guess_mode) == (other.run_mode, other.guess_mode)

    __hash__ = None  # type: ignore[assignment]  # mutable, as attrs made it

    def copy(self) -> Settings:
        return Settings(self.run_mode, self.guess_mode)

    def __repr__(self) -> str:
        return f"Settings(run_mode={self.run_mode}, guess_mode={self.guess_mode})"


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
    outcome: Outcome = DONE

    @property
    def interrupted(self) -> bool:
        return self.outcome is INTERRUPTED

    @property
    def hits(self) -> tuple[Breakpoint, ...]:
        outcome = self.outcome
        return outcome.hits if isinstance(outcome, AtBreakpoint) else ()


class Walk:
    """A walk through the search in progress (``Session.walk``): what ends it, and what its
    present unit has seen so far, kept while it waits for a guess answer.

    The goals, checked before each unit: ``single`` (one unit), the end of the search,
    ``solutions`` new ones since ``first``, ``max_steps`` reached;
    after each unit, ``until(engine)``. A unit is a step of docs/engine.md, or with ``fine``
    one step count (goto). ``poll``: tick and poll for an interrupt before each unit;
    ``watching``: look for the breakpoints at each step's state; ``plain``: nothing to watch,
    ask or follow, the fast way (``Session._plain_unit``); ``rewinds``: a called-off guess
    question puts the unit back (``Session.abort``); ``silent``: no events to the hooks."""

    def __init__(
        self,
        *,
        single: bool = False,
        solutions: int = 0,
        first: int = 0,
        max_steps: int | None = None,
        until: Callable[[Engine], bool] | None = None,
        replay: bool = False,
        watching: bool = False,
        poll: bool = False,
        fine: bool = False,
        rewinds: bool = True,
        silent: bool = False,
    ) -> None:
        self.single, self.solutions, self.first = single, solutions, first
        self.max_steps, self.until = max_steps, until
        self.replay, self.watching, self.poll = replay, watching, poll
        self.fine, self.rewinds, self.silent = fine, rewinds, silent
        self.plain = False
        self.units = 0  # units done (counted where it matters: a single step's walk)
        self.biggest = 0  # the highest level a new guess reached in the walk (0 if none)
        self.in_unit = False  # paused inside a unit (a guess question is due)
        self.question: tuple[Cell, int] | None = None
        self.answered = False
        self._answer: Choice = None
        # the present unit's
        self.start = self.appended = self.dropped = 0  # cursor, appended, dropped at its start
        self.start_state: EngineState | None = None  # to put back when its question is off
        self.unit_biggest = 0
        self.hits: tuple[Breakpoint, ...] = ()
        self.seen: list[Event] = []  # the events since the last step's state (breakpoints)
        self.wrong = False

    def answer(self, choice: Choice) -> None:
        """The answer to the guess question the walk waits on (None: the offered value)."""
        self._answer, self.answered = choice, True

    def take_answer(self) -> Choice:
        choice = self._answer
        self._answer, self.answered, self.question = None, False, None
        return choice


#: units a native plain run makes per call before it ticks and polls for an interrupt: silent,
#: and with a trace for the hooks (its lines come as they would, and Ctrl-C stops it after the
#: step it interrupts, as the pure loop does: printing costs far more than the call)
NATIVE_UNITS = 512
NATIVE_UNITS_TRACED = 1


class Session:
    def __init__(
        self, settings: Settings | None = None, engine_type: type[Engine] | None = None
    ) -> None:
        self.settings = settings or Settings()
        #: the engine class: ``NativeEngine`` on the native build (``native.engine_type``)
        self.engine_type = engine_type or native.engine_type()
        #: units a native plain run makes between two ticks and interrupt polls (1: before each
        #: unit, as the pure loop does; a test that counts the polls sets it)
        self.poll_units = NATIVE_UNITS
        self.breakpoints = Breakpoints()
        self.quiz: Quiz | None = None
        self._engine: Engine | None = None
        self._history: History | None = None
        self._experiments: Experiments | None = None
        self.cursor = 0
        #: things the session did that the user should hear about (the shell prints them)
        self.notices: list[str] = []
        self._appended = 0  # moves appended to the record (to undo an aborted step's)

    def load(self, quiz: Quiz) -> None:
        """Replace the quiz and reset the engine; the settings and breakpoints stay (a cell
        breakpoint on the same place of the new puzzle, disabled when it has none there)."""
        self.notices += self.breakpoints.rebind(self.geo, quiz.geometry)
        engine = self._engine
        if engine is not None and type(engine) is self.engine_type and engine.geo is quiz.geometry:
            engine.reload(quiz.givens)  # (the record that used it goes with the old quiz)
        else:
            engine = self.engine_type.from_givens(quiz.givens, quiz.geometry)
        self._start(quiz, engine)

    def _start(self, quiz: Quiz, engine: Engine) -> None:
        """The quiz, and a record (one experiment) that starts where ``engine`` stands."""
        self.quiz, self._engine = quiz, engine
        self._history = History(
            engine.state(), geometry=quiz.geometry, memo=engine.memo, engine_type=self.engine_type
        )
        self._experiments = Experiments(self._history)
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

    def _move(self, walk: Walk) -> list[Event] | None:
        """One move from the present; None when a guess question is due first (``walk.question``
        is then set; the move is made once the walk has its answer). In the walk's ``replay``,
        inside the record, the recorded answer and run mode are taken instead of asking."""
        engine, history, at = self.engine, self.history, self.cursor
        recorded = at < len(history)
        mode = self.settings.run_mode
        choice: Choice = None
        if recorded and (walk.replay or history.run_mode(at) == HAND):
            choice, mode = history.choice(at), history.run_mode(at)  # (a hand move is followed)
        elif engine.status is Status.GUESS_DUE and self.settings.guess_mode:
            default = engine.guess_default()
            offered = (history.choice(at) if recorded else None) or default
            if not walk.answered:
                walk.question = offered
                return None
            choice = walk.take_answer()
            if choice is None:
                choice = offered
            if choice == default:
                choice = None
        keep = recorded and history.choice(at) == choice and history.run_mode(at) == mode
        parting = None if keep or not recorded else self._parting(at, choice, mode)
        if mode == HAND and choice is not None:
            ev = hand.apply(engine, choice)
        else:
            ev = engine.advance(mode, choice)
        if keep:
            self.cursor = at + 1
        else:
            if parting is not None:  # the recorded future is kept as an experiment
                self.experiment_tree.cut(at, parting)
            self._record(ev, choice, mode)
        return ev

    def _parting(self, at: int, choice: Choice, mode: int) -> Parting:
        """How a move made now from the record's move ``at`` on parts from it (before it is
        made): a guess answered otherwise, or another run mode."""
        engine = self.engine
        if mode == self.history.run_mode(at) and engine.status is GUESS_DUE:
            cell, value = choice or engine.guess_default()
            return Parting(at, engine.steps, f"{self.geo.cell_name(cell)}={value}")
        return Parting(at, engine.steps, f"mode {mode}")

    def _record(self, ev: list[Event], choice: Choice, mode: int) -> None:
        """Put the move the engine just made into the record at the present (the end of the
        record: a future recorded after the present was kept as an experiment first), and
        make the state after it the present."""
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
        and the record kept within its cap (``_keep_within_cap``)."""
        if snapshot_due:
            self.history.add_snapshot(self.engine.state())
        self.cursor += 1
        self._keep_within_cap()

    def _keep_within_cap(self) -> None:
        """The record kept within its cap (``History.drop_oldest``, said in a notice)."""
        history = self.history
        if not history.over_cap():
            return
        dropped = history.drop_oldest()
        self.cursor -= dropped
        self.notices[:] = [n for n in self.notices if not n.startswith("Record full")]
        self.notices.append(
            f"Record full: steps before {history.first_steps} were dropped to bound "
            f"memory; time travel, history and when start there now."
        )
        gone = self.experiment_tree.dropped(dropped) if dropped else []
        if gone:
            self.notices.append(
                f"Experiments {', '.join(map(str, gone))} parted before step "
                f"{history.first_steps} and were deleted with the dropped steps."
            )

    def arm_breakpoints(self) -> None:
        """Let the enabled breakpoints follow the search from the present state."""
        engine = self.engine
        self.breakpoints.arm(self.history, self.cursor, engine.values, engine.cands)

    # -- the stepping loop -------------------------------------------------------------------

    def walk(self, walk: Walk, hooks: Hooks) -> Outcome:
        """THE stepping loop: unit after unit (a step of docs/engine.md, or with ``walk.fine``
        one step count) until the walk is ``Done``, meets breakpoints, is ``Interrupted``, or a
        guess question is due (``GuessDue``: answer it with ``walk.answer`` and call again, or
        call it off with ``abort``). Before each unit but a single step's: the goals, then
        ``hooks.tick()`` and the interrupt poll (on the native core, a plain walk's units go
        ``poll_units`` at a time, the goals checked before each). Events go to ``hooks.events`` as they come."""
        engine = self.engine
        modes.check(self.settings.run_mode)
        # what does not change during the walk, as locals: this loop is the speed-critical path
        single, plain, poll, until = walk.single, walk.plain, walk.poll, walk.until
        solutions, first, max_steps = walk.solutions, walk.first, walk.max_steps
        tick = getattr(hooks, "tick", None)  # optional (None: nothing to call)
        interrupted = hooks.interrupted
        # the native core runs the plain walk many units a call (``_native_units``)
        native_run = (
            plain
            and until is None
            and isinstance(engine, NativeEngine)
            and native_mode(self.settings.run_mode)
        )
        # the events the hooks read; a trace (every kind) comes a unit a call
        wanted = getattr(hooks, "kinds", None)
        kinds = 0 if walk.silent else kinds_mask(wanted)
        traced = wanted is None and not walk.silent
        while True:
            if not walk.in_unit:
                if single:
                    if walk.units:
                        return DONE
                elif engine.reached(solutions, first, max_steps):
                    return DONE
                if poll:
                    if tick is not None:
                        tick()
                    if interrupted():
                        return INTERRUPTED
                if native_run:
                    self._native_units(walk, hooks, kinds, traced)
                    continue
                if plain:  # nothing to watch, ask or follow: the unit cannot pause
                    self._plain_unit(walk, hooks)
                    if until is not None and until(engine):
                        return DONE
                    continue
                if walk.rewinds or walk.watching:
                    self._begin_unit(walk)
                else:  # (goto's: nothing to keep)
                    walk.in_unit, walk.unit_biggest = True, 0
            outcome = self._unit(walk, hooks)
            if outcome is not None:
                return outcome
            walk.units += 1
            if walk.hits:
                return AtBreakpoint(walk.hits)
            if until is not None and until(engine):
                return DONE

    def _begin_unit(self, walk: Walk) -> None:
        """What a unit keeps from its start: where it began (to report its moves), and in guess
        mode the state to put back if its guess question is called off."""
        walk.in_unit = True
        walk.start, walk.appended, walk.dropped = self.cursor, self._appended, self.history.dropped
        if walk.rewinds and self.settings.guess_mode:
            walk.start_state = self.engine.state()
        walk.unit_biggest = 0
        if walk.watching:
            walk.hits, walk.seen, walk.wrong = (), [], False

    def _unit(self, walk: Walk, hooks: Hooks) -> Outcome | None:
        """The moves of one unit from where it stands: None at its end (breakpoints met are in
        ``walk.hits``), ``GuessDue`` when a guess question comes first."""
        engine = self.engine
        watching, silent = walk.watching, walk.silent
        while True:
            count = engine.steps
            ev = self._move(walk)
            if ev is None:
                assert walk.question is not None
                return GuessDue(*walk.question)
            if ev:
                for e in ev:
                    if e[0] == E.GUESS and e[3] > walk.unit_biggest:  # a new guess (by layout)
                        walk.unit_biggest = e[3]
                if not silent:
                    hooks.events(ev)
            if watching:
                walk.seen += ev
                walk.wrong = walk.wrong or engine.status is Status.WRONG
                if engine.steps > count:  # the state of a step: look at it
                    hits = self.breakpoints.check(
                        StepSeen(
                            engine.steps,
                            walk.seen,
                            engine.values,
                            engine.cands,
                            walk.wrong,
                            len(engine.frames),
                            engine.solutions,
                        )
                    )
                    walk.seen, walk.wrong = [], False
                    if hits:
                        walk.hits = tuple(hits)
                        break
            if walk.fine:
                if engine.steps > count or engine.status is FINISHED:
                    break
            elif engine.status in STEP_BOUNDARY:
                break
        walk.in_unit = False
        if walk.unit_biggest > walk.biggest:
            walk.biggest = walk.unit_biggest
        return None

    def _plain_unit(self, walk: Walk, hooks: Hooks) -> None:
        """The unit the plain way (``Walk.plain``), the speed-critical specialisation of
        ``_unit``: the same moves and record, with nothing to look at between the moves but the
        events, and the moves' events and changes left to be worked out when first read
        (``History.append_deferred``)."""
        engine, mode, history = self.engine, self.settings.run_mode, self.history
        biggest = 0
        while True:
            ev = engine.advance(mode)
            self._appended += 1
            self._appended_one(history.append_deferred(engine, ev, mode))
            if ev:
                for e in ev:
                    if e[0] == E.GUESS and e[3] > biggest:  # a new guess (by the layout)
                        biggest = e[3]
                hooks.events(ev)
            status = engine.status
            if status is not GUESS_DUE and status is not WRONG:  # (in STEP_BOUNDARY)
                break
        if biggest > walk.biggest:
            walk.biggest = biggest

    def _native_units(self, walk: Walk, hooks: Hooks, kinds: int, traced: bool) -> None:
        """Plain units (``_plain_unit``'s, or with ``walk.fine`` goto's) in the native core, up
        to ``NATIVE_UNITS`` and no further than the walk's goals, recorded the lean way
        (``History.extend_deferred``); the events of ``kinds`` go to the hooks at the end. A
        record whose last chunk is written takes one unit the Python way (its moves' events and
        changes are stored); a record at its cap drops its older half between the calls."""
        engine, mode, history = self.engine, self.settings.run_mode, self.history
        assert isinstance(engine, NativeEngine)
        if not history.defers_next():
            if walk.fine:
                walk.in_unit, walk.unit_biggest = True, 0
                self._unit(walk, hooks)  # (no question: a plain walk has no guess mode)
            else:
                self._plain_unit(walk, hooks)
            return
        units = NATIVE_UNITS_TRACED if traced else self.poll_units
        resume = False
        while True:
            index = len(history)
            (_, unfinished, biggest, steps, moves, levels, snapshots, ev, cells, ends, states) = (
                engine.run_plain(
                    mode,
                    kinds,
                    units,
                    walk.fine,
                    walk.solutions,
                    walk.first,
                    walk.max_steps,
                    # the move past the cap drops the older half (if it can: else one at a time)
                    max(history.cap + 1 - index, 1),
                    index,
                    resume,
                    history.cells_in_last_chunk(),
                )
            )
            history.extend_deferred(steps, mode, moves, levels, snapshots, cells, ends, states)
            made = len(history) - index
            self._appended += made
            self.cursor += made
            self._keep_within_cap()
            if biggest > walk.biggest:
                walk.biggest = biggest
            if ev:
                hooks.events(ev)
            if not unfinished:
                return
            resume = True

    def abort(self, walk: Walk) -> None:
        """Call off the guess question a walk is paused at: the session is put back as it was
        before the unit (a ``fine`` walk, goto's, keeps the moves it made)."""
        start_state = walk.start_state
        walk.in_unit = False
        if start_state is None:
            return
        history = self.history
        start = walk.start - (history.dropped - walk.dropped)
        self.engine.restore(start_state)
        self.cursor = max(start, 0)
        if self._appended != walk.appended:  # the unit had left the record: drop its moves
            history.truncate(self.cursor)
            self.experiment_tree.undo_cut(self.cursor)  # (and an experiment it began)

    def settle(self, walk: Walk, hooks: Hooks) -> Outcome:
        """``walk`` with the guess questions asked through ``hooks.ask_guess``: any outcome but
        ``GuessDue``. A question called off (``GuessAborted``) puts the unit back (``abort``)
        and propagates."""
        while True:
            outcome = self.walk(walk, hooks)
            if type(outcome) is not GuessDue:
                return outcome
            try:
                walk.answer(hooks.ask_guess(outcome.cell, outcome.value))
            except GuessAborted:
                self.abort(walk)
                raise

    # -- the run commands --------------------------------------------------------------------

    def step(
        self, hooks: Hooks, replay: bool = False, breakpoints: bool = True, armed: bool = False
    ) -> StepReport:
        """One step of docs/engine.md, or less: an enabled breakpoint stops it at the first step
        whose state meets it, which may lie inside the step (a guess that went wrong at once).
        ``armed``: the breakpoints already follow the search from the present.
        If the guess question is aborted, the session is put back as it was before the step and
        ``GuessAborted`` propagates."""
        walk = Walk(single=True, replay=replay, watching=self._watching(breakpoints))
        if walk.watching and not armed:
            self.arm_breakpoints()
        self.settle(walk, hooks)
        start = max(walk.start - (self.history.dropped - walk.dropped), 0)
        return StepReport(walk.unit_biggest, range(start, self.cursor), walk.hits)

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
        if breakpoints:
            self.arm_breakpoints()
        walk = Walk(
            solutions=solutions,
            first=engine.solutions,
            max_steps=max_steps,
            until=until,
            replay=replay,
            watching=self._watching(breakpoints),
            poll=True,
        )
        if not (walk.watching or self.settings.guess_mode) and self.cursor == len(self.history):
            walk.plain = True
        outcome = self.settle(walk, hooks)
        return RunReport(walk.biggest, engine.solutions - walk.first, outcome)

    def _watching(self, breakpoints: bool) -> bool:
        return breakpoints and bool(self.breakpoints.enabled())

    # -- time travel -------------------------------------------------------------------------

    def seek(self, moves: int) -> None:
        """Put the engine in the state after the record's first ``moves`` moves."""
        done, state = self.history.snapshot_at_or_before(moves)
        self.engine.restore(state)
        self._replay(self.engine, done, moves)
        self.cursor = moves

    def state_after(self, moves: int) -> EngineState:
        """The state after the record's first ``moves`` moves, worked out on a copy of the
        engine: the present stays as it is (``frame`` shows an outer guess level's state)."""
        done, state = self.history.snapshot_at_or_before(moves)
        engine = self.engine_type(state, self.geo)
        self._replay(engine, done, moves)
        return engine.state()

    def fork(self, moves: int) -> Session:
        """A new session whose present is the state after the record's first ``moves`` moves
        (worked out on a copy, as ``state_after``): the same quiz, a copy of the settings, no
        breakpoints, and a record of its own that starts there. This session stays as it is:
        what-if searches (``tools/whatif.py``) run on forks."""
        assert self.quiz is not None, "no quiz loaded"
        other = Session(self.settings.copy(), self.engine_type)
        other._start(self.quiz, self.engine_type(self.state_after(moves), self.geo))
        return other

    def _replay(self, engine: Engine, done: int, moves: int) -> None:
        """Take ``engine`` from the state after ``done`` moves of the record to ``moves``."""
        history = self.history
        for m in range(done, moves):
            mode, choice = history.run_mode(m), history.choice(m)
            if mode == HAND and choice is not None:
                hand.apply(engine, choice)
            else:
                engine.advance(mode, choice)

    def goto(self, steps: int, hooks: Hooks) -> bool:
        """The state right after step ``steps``: from the record, or by going on (silently)
        past its end. Stops early at the end of the search; True when an interrupt stopped it."""
        history = self.history
        if steps < history.earliest_step:
            raise RecordCut(
                f"The record starts at step {history.first_steps} (older steps were dropped "
                f"to bound memory)",
                history.first_steps,
            )
        if steps <= history.last_steps:
            self.seek(history.moves_to(steps))
            return False
        modes.check(self.settings.run_mode)  # before the present moves
        self.seek(len(history))
        walk = Walk(max_steps=steps, fine=True, poll=True, rewinds=False, silent=True)
        # nothing to ask (no guess mode) or watch: the native core can make the moves silently
        walk.plain = (
            not self.settings.guess_mode
            and isinstance(self.engine, NativeEngine)
            and native_mode(self.settings.run_mode)
        )
        return self.settle(walk, hooks) is INTERRUPTED

    def restart(self) -> None:
        """Back to the loaded state (the record stays, for replay)."""
        if self.history.dropped:
            raise RecordCut(
                f"The record starts at step {self.history.first_steps} (older steps were "
                f"dropped to bound memory), so the search cannot be replayed from the start",
                self.history.first_steps,
            )
        self.seek(0)

    # -- experiments -------------------------------------------------------------------------

    @property
    def experiment_tree(self) -> Experiments:
        assert self._experiments is not None, "no quiz loaded"
        return self._experiments

    @property
    def experiments(self) -> list[ExperimentInfo]:
        """Every experiment of the record, by number: where it parted, how far it got, where
        it stands (docs/experiments.md)."""
        tree = self.experiment_tree
        try:
            found = [self._info(e) for e in tree if e is not tree.current]
        finally:
            tree.unview()
        found.append(self._info(tree.current))
        return sorted(found, key=lambda i: i.number)

    def experiment(self, key: int | str) -> Experiment:
        """The experiment of that number or name; else ``UserError`` naming those there are."""
        tree = self.experiment_tree
        found = tree.find(key)
        if found is None:
            there = ", ".join(f"{e.number} ({e.name})" for e in tree)
            raise UserError(f"No experiment {key}: there are {there}")
        return found

    def _info(self, exp: Experiment) -> ExperimentInfo:
        """``exp``'s line; the ``History`` holds its record after it (``Experiments.view``)."""
        tree = self.experiment_tree
        current = exp is tree.current
        if not current:
            tree.view(exp)
        history = self.history
        end = self.state_after(len(history))
        stands = self.cursor if current else exp.cursor
        parted = exp.parted
        return ExperimentInfo(
            exp.number,
            exp.name,
            current,
            None if parted is None else parted.step,
            "" if parted is None else parted.what,
            end.steps,
            end.solutions,
            history.biggest_ever(),
            end.status is FINISHED,
            history.steps_after(stands),
        )

    def switch(self, key: int | str) -> ExperimentInfo:
        """Make the experiment of that number or name the present one, at the step where it
        stands (from the record: nothing is run again)."""
        target = self.experiment(key)
        tree = self.experiment_tree
        if target is not tree.current:  # (the present one stays where it is)
            tree.switch(target, self.cursor)
            self.seek(target.cursor)
        return self._info(target)

    def name_experiment(self, name: str, key: int | str | None = None) -> None:
        """Name the present experiment (or that of ``key``); a name is one no other has."""
        name = name.strip()
        exp = self.experiment_tree.current if key is None else self.experiment(key)
        if not name or name.isdigit():
            raise UserError(
                f"An experiment's name needs a letter (not {name!r}): its number is {exp.number}"
            )
        other = self.experiment_tree.find(name)
        if other is not None and other is not exp:
            raise UserError(f"Experiment {other.number} is named {name!r} already")
        exp.name = name

    def delete_experiment(self, key: int | str) -> Experiment:
        """Forget an experiment other than the present one (its own moves go with it)."""
        exp = self.experiment(key)
        tree = self.experiment_tree
        if exp is tree.current:
            raise UserError(
                f"Experiment {exp.number} is the present one: switch to another (experiment N) "
                f"before deleting it"
            )
        tree.delete(exp)
        return exp

    def compare(self, a: int | str, b: int | str | None = None) -> Comparison:
        """Two experiments side by side (``b``: by default the present one)."""
        tree = self.experiment_tree
        first = self.experiment(a)
        second = tree.current if b is None else self.experiment(b)
        if first is second:
            raise UserError(f"Two different experiments are needed (both are {first.number})")
        parted = tree.parting_moves(first, second)
        try:
            fa, end_a = self._figures(first)
            step = self.history.steps_after(parted)  # (``first``'s record holds the move)
            fb, end_b = self._figures(second)
        finally:
            tree.unview()
        differing = tuple(
            (c, va, vb) for c, (va, vb) in enumerate(zip(end_a.values, end_b.values)) if va != vb
        )
        return Comparison(step, parted, fa, fb, differing)

    def parting_step(self, a: int | str, b: int | str) -> int:
        """The step where the records of two experiments part (the last step they share)."""
        tree = self.experiment_tree
        first, second = self.experiment(a), self.experiment(b)
        parted = tree.parting_moves(first, second)
        tree.view(first)
        try:
            return self.history.steps_after(parted)
        finally:
            tree.unview()

    def _figures(self, exp: Experiment) -> tuple[Figures, EngineState]:
        tree = self.experiment_tree
        if exp is tree.current:
            tree.unview()
        else:
            tree.view(exp)
        history = self.history
        first: int | None = None
        guesses = wrong = 0
        after_solution = False
        for m in range(len(history)):
            for e in history.events(m):
                kind = e[0]
                if kind == E.SOLUTION:
                    after_solution = True
                    if first is None:
                        first = e[1]
                elif kind == E.GUESS:
                    guesses += 1
                elif kind == E.FORWARD or kind == E.UPWARD or kind == E.NO_MORE:
                    if kind != E.NO_MORE:
                        guesses += 1
                    if after_solution:
                        after_solution = False
                    elif kind != E.NO_MORE or guesses:
                        wrong += 1
        end = self.state_after(len(history))
        figures = Figures(
            exp.number,
            exp.name,
            end.steps,
            first,
            end.solutions,
            history.biggest_ever(),
            guesses,
            wrong,
            end.status is FINISHED,
        )
        return figures, end

    def branch(self, moves: int, choice: Choice = None, run_mode: int | None = None) -> Experiment:
        """A new experiment that parts from the present one's record after its first ``moves``
        moves, by one move made there with the guess answer ``choice`` (None: the offered one)
        and run mode ``run_mode`` (None: the setting); the session then stands after that move,
        in the new experiment. A move the record holds already is refused (``UserError``)."""
        history = self.history
        if not 0 <= moves < len(history):
            raise UserError(f"No move {moves} in the record (it holds {len(history)})")
        mode = self.settings.run_mode if run_mode is None else run_mode
        modes.check(mode)
        present = self.cursor
        self.seek(moves)
        engine = self.engine
        if choice is not None and engine.status is GUESS_DUE and choice == engine.guess_default():
            choice = None
        problem = ""
        if choice is not None and engine.status is not GUESS_DUE:
            problem = f"No guess is due after move {moves}: a guess answer needs one"
        elif choice is not None and not (
            0 <= choice[0] < self.geo.size
            and not engine.values[choice[0]]
            and engine.cands[choice[0]] >> (choice[1] - 1) & 1
        ):
            problem = f"{choice} is no empty cell and one of its candidates"
        elif history.choice(moves) == choice and history.run_mode(moves) == mode:
            problem = f"Move {moves} is made that way in the record already"
        if problem:
            self.seek(present)
            raise UserError(problem)
        parting = self._parting(moves, choice, mode)
        ev = hand.advance(engine, mode, choice)
        exp = self.experiment_tree.cut(moves, parting)
        self._record(ev, choice, mode)
        return exp

    def hand_edit(self, cell: Cell, value: int, remove: bool = False) -> list[Event]:
        """A what-if edit at the present: ``value`` placed in ``cell`` as if given, or (with
        ``remove``) taken from its candidates. A new experiment begins with it. An edit that
        breaks a rule at once is refused (``UserError``) and nothing changes. The events of
        the hand move are returned (the trace line)."""
        engine = self.engine
        hand.check(engine.state(), self.geo, cell, value, remove)
        what = f"{self.geo.cell_name(cell)}={value} by hand"
        if remove:
            what = f"{value} removed from {self.geo.cell_name(cell)} by hand"
        at = self.cursor
        parting = Parting(at, engine.steps, what)
        choice = (cell, -value if remove else value)
        ev = hand.advance(engine, hand.HAND, choice)
        self.experiment_tree.cut(at, parting)
        self._record(ev, choice, hand.HAND)
        return ev

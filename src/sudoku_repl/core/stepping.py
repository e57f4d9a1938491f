"""The stepping loop: ``Stepping.walk``, unit after unit, and the run commands on it (``step``,
``run``); a ``Walk`` says what ends a walk and keeps what its present unit has seen.

Every run command, ``step``, ``goto``'s going on and bisection's probes go through this one
loop: it hands event records to ``Hooks.events`` as they come, calls ``Hooks.tick`` and polls
``Hooks.interrupted`` between steps, and returns how it stopped as a typed outcome
(``core/outcomes.py``), a due guess question included; ``Stepping.settle`` asks that question
through ``Hooks.ask_guess``.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from sudoku_repl.core import hand, modes
from sudoku_repl.core.breakpoints import Breakpoint, StepSeen
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.errors import GuessAborted
from sudoku_repl.core.events import Event, is_new_guess
from sudoku_repl.core.experiments import Experiment
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.hooks import Hooks
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.notices import ExperimentFollowed
from sudoku_repl.core.outcomes import DONE, INTERRUPTED, AtBreakpoint, GuessDue, Outcome
from sudoku_repl.core.present import Present
from sudoku_repl.core.record import MOVES_PER_SNAPSHOT
from sudoku_repl.core.runs import PlainRequest
from sudoku_repl.core.state import FINISHED, GUESS_DUE, WRONG, EngineState, Status


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
    ask or follow: the lean record, and the engine's fast path where it has one
    (``Engine.fast_path``); ``rewinds``: a called-off guess question puts the unit back
    (``Session.abort``); ``silent``: no events to the hooks.

    The loop's entry points are named walks: ``one_step`` (``step``), ``until_goals`` (the run
    commands), ``to_step`` (``goto`` past the record's end); rating without a record is the
    same design in the engine (``Engine.search``: the goals, then a step)."""

    __slots__ = (
        "_answer",
        "answered",
        "appended",
        "biggest",
        "dropped",
        "fine",
        "first",
        "first_append",
        "followed",
        "hits",
        "in_unit",
        "max_steps",
        "plain",
        "poll",
        "question",
        "replay",
        "rewinds",
        "seen",
        "silent",
        "single",
        "solutions",
        "start",
        "start_state",
        "unit_biggest",
        "units",
        "until",
        "watching",
        "wrong",
    )

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
        self.first_append: int | None = None  # the record's index of its first move appended
        #: the experiment it began in, then each it followed (``Stepping._follow``), with the
        #: move each stood at before
        self.followed: list[tuple[Experiment, int]] = []
        self.start_state: EngineState | None = None  # to put back when its question is off
        self.unit_biggest = 0
        self.hits: tuple[Breakpoint, ...] = ()
        self.seen: list[Event] = []  # the events since the last step's state (breakpoints)
        self.wrong = False

    @classmethod
    def one_step(cls, *, replay: bool = False, watching: bool = False) -> Walk:
        """One step of docs/engine.md, or less (a breakpoint met inside it)."""
        return cls(single=True, replay=replay, watching=watching)

    @classmethod
    def until_goals(
        cls,
        *,
        solutions: int,
        first: int,
        max_steps: int | None,
        until: Callable[[Engine], bool] | None,
        replay: bool,
        watching: bool,
        plain: bool,
    ) -> Walk:
        """Steps until the goals (the run commands), polling for an interrupt before each;
        ``plain``: nothing to watch, ask or follow."""
        walk = cls(
            solutions=solutions,
            first=first,
            max_steps=max_steps,
            until=until,
            replay=replay,
            watching=watching,
            poll=True,
        )
        walk.plain = plain
        return walk

    @classmethod
    def to_step(cls, steps: int, *, plain: bool) -> Walk:
        """Silently on, a step count at a time, to step ``steps`` (``goto`` past the record's
        end: nothing to keep if a question is called off)."""
        walk = cls(max_steps=steps, fine=True, poll=True, rewinds=False, silent=True)
        walk.plain = plain
        return walk

    def answer(self, choice: Choice) -> None:
        """The answer to the guess question the walk waits on (None: the offered value)."""
        self._answer, self.answered = choice, True

    def take_answer(self) -> Choice:
        choice = self._answer
        self._answer, self.answered, self.question = None, False, None
        return choice


#: units a plain run's fast path makes per call before it ticks and polls for an interrupt: silent,
#: and with a trace for the hooks. A trace's call hands each unit's events to the hooks before
#: the next unit and polls for an interrupt there (``PlainRequest.between``): its lines come as
#: they would, and Ctrl-C stops it after the step it interrupts, as the pure loop does; the
#: session is whole, for a ``tick`` (the full screen draws it), between the calls alone
NATIVE_UNITS = 512
NATIVE_UNITS_TRACED = 64


class _Between:
    """A trace's hooks between two units of a call to the fast path (``PlainRequest.between``):
    the unit's events to ``hooks.events``, then the interrupt poll, as the stepping loop does
    between two units (the tick waits for the call's end: the session is whole only then).
    What the hooks raise stops the run, and is raised once its moves are recorded."""

    __slots__ = ("events", "failed", "interrupted", "stopped")

    def __init__(self, hooks: Hooks) -> None:
        self.events, self.interrupted = hooks.events, hooks.interrupted
        self.stopped = False
        self.failed: BaseException | None = None

    def __call__(self, events: list[Event]) -> bool:
        try:
            if events:
                self.events(events)
            self.stopped = self.interrupted()
        except BaseException as e:  # (KeyboardInterrupt too, where Ctrl-C raises it)
            self.failed, self.stopped = e, True
        return self.stopped


class Stepping(Present):
    """The stepping loop and the run commands on it."""

    # -- moves and steps -----------------------------------------------------------------

    def _move(self, walk: Walk, hooks: Hooks) -> list[Event] | None:
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
        if recorded and not keep:  # another experiment may hold this future: follow it
            keep = self._follow(walk, at, choice, mode)
            history = self.history
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
            if walk.first_append is None:
                walk.first_append = at
            self._record(ev, choice, mode, hooks)
        return ev

    def _follow(self, walk: Walk, at: int, choice: Choice, mode: int) -> bool:
        """At move ``at``, where the present record goes on otherwise: if another experiment's
        record goes on there with this move, follow it (``_follow_holder``). The walk keeps who
        stood where, for a unit called off at a later question (``abort``: a run mode followed
        at its first move, then its guess question)."""
        left, length = self.experiment_tree.current, len(self.history)
        other = self._follow_holder(at, choice, mode)
        if other is None:
            return False
        if not walk.followed:
            walk.followed.append((left, length))
        walk.followed.append((other, other.cursor))
        return True

    def _follow_holder(
        self, at: int, choice: Choice, mode: int, say: bool = True
    ) -> Experiment | None:
        """If another experiment's record goes on at move ``at`` with this move
        (``Experiments.holding``), make it the present one (the one left stands at the end of
        its record, as a cut leaves it) and, with ``say``, say so; None: none does. The move
        is not made here: the caller makes it, as a move the record holds (``cursor`` on)."""
        tree = self.experiment_tree
        other = tree.holding(at, choice, mode)
        if other is None:
            return None
        left = tree.current
        tree.switch(other, len(self.history))
        if not say:
            return other
        step = self.history.steps_after(at)
        said = [n for n in self.notices if type(n) is ExperimentFollowed]
        began = said[0].left if said else left.number  # (a command that followed twice)
        self.notices[:] = [n for n in self.notices if type(n) is not ExperimentFollowed]
        if other.number != began:
            self.notices.append(ExperimentFollowed(other.number, other.name, began, step))
        return other

    # -- the stepping loop -------------------------------------------------------------------

    def walk(self, walk: Walk, hooks: Hooks) -> Outcome:
        """THE stepping loop: unit after unit (a step of docs/engine.md, or with ``walk.fine``
        one step count) until the walk is ``Done``, meets breakpoints, is ``Interrupted``, or a
        guess question is due (``GuessDue``: answer it with ``walk.answer`` and call again, or
        call it off with ``abort``). Before each unit but a single step's: the goals, then
        ``hooks.tick()`` and the interrupt poll. A plain walk's units go to the engine's fast
        path where it has one (``Engine.fast_path``: the native core makes up to
        ``poll_units`` units a call, the goals checked before each). Events go to
        ``hooks.events`` as they come."""
        engine = self.engine
        mode = self.settings.run_mode
        modes.check(mode)
        # what does not change during the walk, as locals: this loop is the speed-critical path
        single, plain, poll, until = walk.single, walk.plain, walk.poll, walk.until
        solutions, first, max_steps = walk.solutions, walk.first, walk.max_steps
        tick = getattr(hooks, "tick", None)  # optional (None: nothing to call)
        interrupted = hooks.interrupted
        # the engine's fast path makes the plain walk's units many a call (``_fast_units``),
        # unless the hooks read each move's events beside the candidates it left (``per_move``)
        per_move = getattr(hooks, "per_move", False)
        fast = plain and until is None and not per_move and engine.fast_path(mode)
        # the events the hooks read (None: every kind); a trace's come unit by unit
        wanted: tuple[int, ...] | None = getattr(hooks, "kinds", None)
        kinds = () if walk.silent else wanted
        traced = kinds is None
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
                if fast:
                    if self._fast_units(walk, hooks, kinds, traced):
                        return INTERRUPTED
                    continue
                if plain:  # nothing to watch, ask or follow: the unit cannot pause
                    walk.unit_biggest = 0
                elif walk.rewinds or walk.watching:
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
        walk.first_append, walk.followed = None, []
        if walk.rewinds and self.settings.guess_mode:
            walk.start_state = self.engine.state()
        walk.unit_biggest = 0
        if walk.watching:
            walk.hits, walk.seen, walk.wrong = (), [], False

    def _unit(self, walk: Walk, hooks: Hooks) -> Outcome | None:
        """The moves of one unit from where it stands: None at its end (breakpoints met are in
        ``walk.hits``), ``GuessDue`` when a guess question comes first. A plain walk's moves
        (``Walk.plain``: nothing to watch, ask or follow) go the lean way: their events and
        changes are worked out when first read (``History.append_deferred``)."""
        engine, history, mode = self.engine, self.history, self.settings.run_mode
        watching, silent, fine, plain = walk.watching, walk.silent, walk.fine, walk.plain
        biggest = walk.unit_biggest
        while True:
            count = engine.steps
            if plain:
                ev = engine.advance(mode)
                self._appended += 1
                self._appended_one(history.append_deferred(engine, ev, mode), hooks)
            else:
                move = self._move(walk, hooks)
                if move is None:
                    assert walk.question is not None
                    walk.unit_biggest = biggest
                    return GuessDue(*walk.question)
                ev = move
            if ev:
                for e in ev:
                    if is_new_guess(e) and e.level > biggest:
                        biggest = e.level
                if not silent:
                    hooks.events(ev)
            if watching:
                walk.seen += ev
                walk.wrong = walk.wrong or engine.status is WRONG
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
            status = engine.status
            if fine:
                if engine.steps > count or status is FINISHED:
                    break
            elif status is not GUESS_DUE and status is not WRONG:  # (in STEP_BOUNDARY)
                break
        walk.in_unit = False
        walk.unit_biggest = biggest
        if biggest > walk.biggest:
            walk.biggest = biggest
        return None

    def _fast_units(
        self, walk: Walk, hooks: Hooks, kinds: tuple[int, ...] | None, traced: bool
    ) -> bool:
        """Plain units handed to the engine's fast path (``Engine.run_plain``), up to
        ``poll_units`` (a trace: no more than ``NATIVE_UNITS_TRACED``) and no further than the
        walk's goals, recorded the lean way (``History.extend_deferred``); the events of
        ``kinds`` go to the hooks at the end, a trace's unit by unit (``_between``). A record
        whose last chunk is written takes one unit a move at a time (``_unit``: its moves'
        events and changes are stored); a record at its cap drops its older half between the
        calls. True: Ctrl-C stopped it between two units."""
        engine, mode, history = self.engine, self.settings.run_mode, self.history
        if not history.defers_next():
            walk.unit_biggest = 0
            self._unit(walk, hooks)  # (no question: a plain walk has no guess mode)
            return False
        units = min(NATIVE_UNITS_TRACED, self.poll_units) if traced else self.poll_units
        between = _Between(hooks) if units > 1 and traced else None
        resume = False
        while True:
            start = len(history)
            run = engine.run_plain(
                PlainRequest(
                    mode,
                    kinds,
                    units,
                    walk.fine,
                    walk.solutions,
                    walk.first,
                    walk.max_steps,
                    # the move past the cap drops the older half (if it can: else one at a time)
                    history.room(),
                    start,
                    resume,
                    history.cells_in_last_chunk(),
                    MOVES_PER_SNAPSHOT,
                    between,
                )
            )
            history.extend_deferred(
                run.steps,
                mode,
                run.guess_moves,
                run.guess_levels,
                run.snapshots,
                run.cells,
                run.ends,
                run.states,
            )
            made = len(history) - start
            self._appended += made
            self.cursor += made
            self._keep_within_cap(hooks)
            if run.biggest > walk.biggest:
                walk.biggest = run.biggest
            if between is not None and between.stopped:
                if between.failed is not None:  # (raised by the hooks: the moves recorded first)
                    raise between.failed
                return True
            if run.events:
                hooks.events(run.events)
            if not run.unfinished:
                return False
            resume = True

    def abort(self, walk: Walk) -> None:
        """Call off the guess question a walk is paused at: the session is put back as it was
        before the unit (a ``fine`` walk, goto's, keeps the moves it made)."""
        start_state = walk.start_state
        walk.in_unit = False
        if start_state is None:
            return
        history = self.history
        shift = history.dropped - walk.dropped
        self.engine.restore(start_state)
        self.cursor = max(walk.start - shift, 0)
        if self._appended != walk.appended:  # the unit had left the record: drop its moves
            first = self.cursor if walk.first_append is None else walk.first_append - shift
            history.truncate(max(first, self.cursor))
            self.experiment_tree.undo_cut(max(first, self.cursor))  # (and an experiment it began)
        if walk.followed:  # back to the experiment it began in; those followed where they stood
            tree = self.experiment_tree
            began = walk.followed[0][0]
            tree.switch(began, len(history))
            for exp, stood in walk.followed[1:]:
                exp.cursor = max(stood - shift, 0)
            self.notices[:] = [n for n in self.notices if type(n) is not ExperimentFollowed]

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
        walk = Walk.one_step(replay=replay, watching=self._watching(breakpoints))
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
        watching = self._watching(breakpoints)
        walk = Walk.until_goals(
            solutions=solutions,
            first=engine.solutions,
            max_steps=max_steps,
            until=until,
            replay=replay,
            watching=watching,
            plain=not (watching or self.settings.guess_mode) and self.cursor == len(self.history),
        )
        outcome = self.settle(walk, hooks)
        return RunReport(walk.biggest, engine.solutions - walk.first, outcome)

    def _watching(self, breakpoints: bool) -> bool:
        return breakpoints and bool(self.breakpoints.enabled())

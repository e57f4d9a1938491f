"""The session's present: the loaded quiz, its engine, the record and where in it the session
stands (``cursor``), and the one way a move made now enters the record (``Present._record``).

``Present`` is the base the session's parts build on (``stepping``, ``time_travel``,
``session_experiments``, ``edits``; ``session.Session`` composes them): it holds the state they
share and the writing of the record, so that each part reads as one concept.
"""

from __future__ import annotations

from sudoku_repl.core import modes
from sudoku_repl.core.breakpoints import Breakpoints
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.events import Event
from sudoku_repl.core.experiments import Experiments, Parting
from sudoku_repl.core.geometry import CLASSIC, Geometry
from sudoku_repl.core.hooks import Hooks, Stopped, between
from sudoku_repl.core.notices import ExperimentsDropped, Notice, RecordFull
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import History
from sudoku_repl.core.state import GUESS_DUE, EngineState, Status


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


class Present:
    """The state the session's parts share (set by ``Session.__init__``), its reading, and the
    writing of the record at the present."""

    settings: Settings
    #: the engine class: ``NativeEngine`` on the native build (``native.engine_type``)
    engine_type: type[Engine]
    #: units a native plain run makes between two ticks and interrupt polls
    poll_units: int
    breakpoints: Breakpoints
    quiz: Quiz | None
    _engine: Engine | None
    _history: History | None
    _experiments: Experiments | None
    cursor: int
    #: things the session did that the user should hear about, as facts (the command layer
    #: words and prints them: ``commands/notices.py``)
    notices: list[Notice]
    _appended: int  # moves appended to the record (to undo an aborted step's)

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

    @property
    def experiment_tree(self) -> Experiments:
        assert self._experiments is not None, "no quiz loaded"
        return self._experiments

    def _parting(self, at: int, choice: Choice, mode: int) -> Parting:
        """How a move made now from the record's move ``at`` on parts from it (before it is
        made): a guess answered otherwise, or another run mode."""
        engine = self.engine
        if mode == self.history.run_mode(at) and engine.status is GUESS_DUE:
            cell, value = choice or engine.guess_default()
            return Parting(at, engine.steps, f"{self.geo.cell_name(cell)}={value}")
        return Parting(at, engine.steps, f"mode {mode}")

    def _record(
        self, ev: list[Event], choice: Choice, mode: int, hooks: Hooks | None = None
    ) -> None:
        """Put the move the engine just made into the record at the present (the end of the
        record: a future recorded after the present was kept as an experiment first), and
        make the state after it the present (``hooks``: ``_keep_within_cap``'s)."""
        engine, history = self.engine, self.history
        history.truncate(self.cursor)
        self._appended += 1
        self._appended_one(
            history.append(
                engine.steps, ev, choice, mode, engine.touched, engine.values, engine.cands
            ),
            hooks,
        )

    def _appended_one(self, snapshot_due: bool, hooks: Hooks | None = None) -> None:
        """After a move was appended at the present: its snapshot if due, the present after it,
        and the record kept within its cap (``_keep_within_cap``)."""
        if snapshot_due:
            self.history.add_snapshot(self.engine.state())
        self.cursor += 1
        self._keep_within_cap(hooks)

    def _keep_within_cap(self, hooks: Hooks | None = None) -> None:
        """The record kept within its cap (``History.drop_oldest``, said in a notice). With the
        walk's ``hooks``, the drop ticks the progress line and polls for Ctrl-C as the walk
        does between steps; stopped, it drops nothing: the record stays past its cap until a
        later move (every part of the session agrees on it) and the walk stops at its poll."""
        history = self.history
        if not history.over_cap():
            return
        try:
            dropped = history.drop_oldest(lambda: between(hooks))
        except Stopped:
            return
        if not dropped:
            return
        self.cursor -= dropped
        self.notices[:] = [n for n in self.notices if type(n) is not RecordFull]
        self.notices.append(RecordFull(history.first_steps))
        gone = self.experiment_tree.dropped(dropped)
        if gone:
            self.notices.append(ExperimentsDropped(tuple(gone), history.first_steps))

    def arm_breakpoints(self) -> None:
        """Let the enabled breakpoints follow the search from the present state."""
        engine = self.engine
        self.breakpoints.arm(self.history, self.cursor, engine.values, engine.cands)

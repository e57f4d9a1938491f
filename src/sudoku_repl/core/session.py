"""A session: the loaded quiz, the engine, its record and the settings; composed of its parts.

No terminal here. Every run command, ``step``, ``goto``'s going on and bisection's probes go
through one stepping loop, ``Session.walk``: it hands event records to ``Hooks.events`` as they
come, calls ``Hooks.tick`` and polls ``Hooks.interrupted`` between steps, and returns how it
stopped as a typed outcome (``core/outcomes.py``), a due guess question included;
``Session.settle`` asks that question through ``Hooks.ask_guess``.

The session has a *present*: ``cursor`` moves of the record have been applied. After going back,
the record still holds the future; stepping on with the same inputs (guess answers, run mode)
follows it, different inputs cut it off and record the new path.

The session is composed of one part per concept, each a module of its own: the present and the
writing of the record (``present``), the stepping loop and the run commands (``stepping``), time
travel (``time_travel``), the experiments (``session_experiments``) and what-if edits
(``edits``). The names other modules import from here stay here (``Hooks``, ``Quiet``,
``Settings``, ``Walk``, ``StepReport``, ``RunReport``).
"""

from __future__ import annotations

from sudoku_repl.core import native
from sudoku_repl.core.breakpoints import Breakpoints
from sudoku_repl.core.edits import Edits
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.experiments import Experiments
from sudoku_repl.core.hooks import Hooks, Quiet
from sudoku_repl.core.marks import Mark
from sudoku_repl.core.notices import Notice
from sudoku_repl.core.present import Settings
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import History
from sudoku_repl.core.session_experiments import SessionExperiments
from sudoku_repl.core.stepping import (
    NATIVE_UNITS,
    NATIVE_UNITS_TRACED,
    RunReport,
    StepReport,
    Walk,
)

__all__ = [
    "NATIVE_UNITS",
    "NATIVE_UNITS_TRACED",
    "Hooks",
    "Quiet",
    "RunReport",
    "Session",
    "Settings",
    "StepReport",
    "Walk",
]


class Session(SessionExperiments, Edits):
    """A session: its parts (the module docstring) on one present."""

    #: the record's class (the API's adds a notebook picture: ``api.Session``)
    history_type: type[History] = History

    def __init__(
        self, settings: Settings | None = None, engine_type: type[Engine] | None = None
    ) -> None:
        self.settings = settings or Settings()
        #: the engine class asked for: ``NativeEngine`` on the native build
        #: (``native.engine_type``)
        self.asked_engine = engine_type or native.engine_type()
        #: the engine class of the present quiz: the one asked for, or the pure engine on rules
        #: the native core has not (``Geometry.pure_only``)
        self.engine_type = self.asked_engine
        #: units a native plain run makes between two ticks and interrupt polls (1: before each
        #: unit, as the pure loop does; a test that counts the polls sets it)
        self.poll_units = NATIVE_UNITS
        self.breakpoints = Breakpoints()
        self.quiz: Quiz | None = None
        self._engine: Engine | None = None
        self._history: History | None = None
        self._experiments: Experiments | None = None
        self.cursor = 0
        #: things the session did that the user should hear about, as facts (the command layer
        #: words and prints them: ``commands/notices.py``)
        self.notices: list[Notice] = []
        self._appended = 0  # moves appended to the record (to undo an aborted step's)
        #: steps marked on the record (breakpoint stops, bisection's answers): a new quiz clears
        self.marks: list[Mark] = []

    def load(self, quiz: Quiz) -> None:
        """Replace the quiz and reset the engine; the settings and breakpoints stay (a cell
        breakpoint on the same place of the new puzzle, disabled when it has none there)."""
        self.notices += self.breakpoints.rebind(self.geo, quiz.geometry)
        self.engine_type = Engine if quiz.geometry.pure_only else self.asked_engine
        engine = self._engine
        if engine is not None and type(engine) is self.engine_type and engine.geo is quiz.geometry:
            engine.reload(quiz.givens)  # (the record that used it goes with the old quiz)
        else:
            engine = self.engine_type.from_givens(quiz.givens, quiz.geometry)
        self._start(quiz, engine)

    def _start(self, quiz: Quiz, engine: Engine) -> None:
        """The quiz, and a record (one experiment) that starts where ``engine`` stands."""
        self.quiz, self._engine = quiz, engine
        self._history = self.history_type(
            engine.state(), geometry=quiz.geometry, memo=engine.memo, engine_type=self.engine_type
        )
        self._experiments = Experiments(self._history)
        self.cursor = 0
        self.marks = []

    def fork(self, moves: int) -> Session:
        """A new session whose present is the state after the record's first ``moves`` moves
        (worked out on a copy, as ``state_after``): the same quiz, a copy of the settings, no
        breakpoints, and a record of its own that starts there. This session stays as it is:
        what-if searches (``tools/whatif/guesses.py``) run on forks."""
        assert self.quiz is not None, "no quiz loaded"
        other = Session(self.settings.copy(), self.engine_type)
        other._start(self.quiz, self.engine_type(self.state_after(moves), self.geo))
        return other

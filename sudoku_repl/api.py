"""The public Python API: a session with every run mode registered, quiz loading, stepping with
the trace collected as lines, and the record (``session.history``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sudoku_repl.assembly import register_all
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import Event
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Hooks, Quiet, RunReport, Settings, StepReport
from sudoku_repl.core.session import Session as CoreSession
from sudoku_repl.techniques.names import Technique, technique
from sudoku_repl.text.quiz_files import load as load_quiz
from sudoku_repl.text.render import event_lines, levels_lines, show_lines

__all__ = [
    "Quiz",
    "RunReport",
    "Session",
    "Settings",
    "StepReport",
    "Technique",
    "UserError",
    "load_quiz",
    "technique",
]


class Collect(Quiet):
    """Hooks that add the trace lines to the session's ``trace``, take the default at every
    guess question and are never interrupted."""

    kinds = None  # every event makes lines

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def events(self, events: Sequence[Event]) -> None:
        geo = self.session.geo
        for event in events:
            self.session.trace += event_lines(event, geo)


class Session(CoreSession):
    """A session for scripts and notebooks: every run mode registered (``assembly``), the trace
    lines of each step appended to ``trace``. Pass your own ``hooks`` to ask guess questions
    or to stop a run; an unknown run mode is refused with ``UserError``."""

    def __init__(self, settings: Settings | None = None) -> None:
        register_all()
        super().__init__(settings)
        self.trace: list[str] = []

    @classmethod
    def from_quiz(
        cls, quiz: str | Quiz, number: int = 1, settings: Settings | None = None
    ) -> Session:
        """A session with a quiz loaded: a ``Quiz``, a file name (quiz ``number`` of it) or an
        81-character quiz string."""
        session = cls(settings)
        session.load(quiz if isinstance(quiz, Quiz) else load_quiz(quiz, number))
        return session

    def step(
        self,
        hooks: Hooks | None = None,
        replay: bool = False,
        breakpoints: bool = True,
        armed: bool = False,
    ) -> StepReport:
        return super().step(hooks or Collect(self), replay, breakpoints, armed)

    def run(
        self,
        hooks: Hooks | None = None,
        solutions: int = 1,
        max_steps: int | None = None,
        replay: bool = False,
        breakpoints: bool = True,
        until: Callable[[Engine], bool] | None = None,
    ) -> RunReport:
        """Step until ``solutions`` new solutions (0: to the end), ``max_steps``, a breakpoint,
        an interrupt or ``until(engine)``."""
        return super().run(hooks or Collect(self), solutions, max_steps, replay, breakpoints, until)

    def goto(self, steps: int, hooks: Hooks | None = None) -> bool:
        """The state at step ``steps`` (docs/engine.md): from the record, or by going on."""
        return super().goto(steps, hooks or Collect(self))

    def show(self) -> str:
        """The show block of the present step, as ``show`` prints it."""
        return "\n".join(show_lines(self.state(), self.geo))

    def levels(self) -> str:
        return "\n".join(levels_lines(self.state(), self.geo))

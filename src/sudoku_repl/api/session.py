"""The API's ``Session``: every run mode registered, quiz loading, running and time travel
with the trace collected as lines on request (``Collect``), the record's moves read as ``Move``
values, ``why`` and its text (``why_text``), the show block; its pictures and hints
(``pictures``) and measures (``measures``) are its parent classes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sudoku_repl.api.measures import Measures
from sudoku_repl.api.moves import EventView, History, Move
from sudoku_repl.api.pictures import Pictures
from sudoku_repl.assembly import register_all
from sudoku_repl.core.bisection import Found, LevelReached, bisect
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import UserError, too_long
from sudoku_repl.core.events import Event
from sudoku_repl.core.marks import BISECT, Mark
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.rules import parse as parse_rules
from sudoku_repl.core.session import Hooks, Quiet, RunReport, Settings, StepReport
from sudoku_repl.core.time_travel import GotoReport
from sudoku_repl.techniques.why import ask
from sudoku_repl.techniques.why.answer import Why
from sudoku_repl.text.pencil_marks import start
from sudoku_repl.text.quiz_files import load_position
from sudoku_repl.text.render import event_lines, levels_lines, show_lines
from sudoku_repl.views.why import why_lines


def why_text(answer: Why, standard: bool = False) -> str:
    """``Session.why``'s answer as ``why`` prints it (``standard``: the community's names
    beside the rules, as under ``set names standard``)."""
    return "\n".join(why_lines(answer, standard))


class Collect(Quiet):
    """Hooks that add the trace lines to the session's ``trace`` (and hand the events to
    ``inner`` hooks, if given); guess questions and the interrupt poll go to ``inner``: without
    it every guess takes the default and nothing interrupts."""

    kinds = None  # every event makes lines

    def __init__(self, session: Session, inner: Hooks | None = None) -> None:
        super().__init__(inner)
        self.session = session

    def events(self, events: Sequence[Event]) -> None:
        geo = self.session.geo
        for event in events:
            self.session.trace += event_lines(event, geo)
        if self.inner is not None:
            self.inner.events(events)


class Session(Pictures, Measures):
    """A session for scripts and notebooks: every run mode registered (``assembly``). ``step``
    and ``run`` are quiet unless asked for ``lines=True`` (the original's lines, appended to
    ``trace``): a quiet run takes the engine's fast path. Pass your own ``hooks`` to hear the
    events, ask guess questions or stop a run; an unknown run mode is refused with
    ``UserError``. The record's moves read as ``Move`` values (``move``, ``moves``). Its
    pictures and hints are ``Pictures``', its 0-1 program and difficulty ``Measures``'."""

    history_type = History

    def __init__(self, settings: Settings | None = None) -> None:
        register_all()
        super().__init__(settings)
        self.trace: list[str] = []

    @classmethod
    def from_quiz(
        cls,
        quiz: str | Quiz,
        number: int = 1,
        settings: Settings | None = None,
        rules: str | None = None,
    ) -> Session:
        """A session with a quiz loaded: a ``Quiz``, a file name (quiz ``number`` of it), an
        81-character quiz string, or a position with its candidates (a 729-character candidate
        string, a HoDoKu library line, a file of one): loaded as ``load-quiz`` loads it, step 1
        working the candidates out from the givens, then a what-if experiment placing its values
        and removing its candidates by hand (docs/api.md). ``rules``: the variant rules it is
        played by, in the words of ``load-quiz --rules`` (docs/variants.md; None: a file's own,
        else classic)."""
        longer = None if isinstance(quiz, Quiz) else too_long("The quiz", len(quiz))
        if longer is not None:  # (refused by its size: nothing reads it)
            raise UserError(longer)
        session = cls(settings)
        if isinstance(quiz, Quiz):
            session.load(quiz.with_rules(parse_rules(rules)) if rules is not None else quiz)
        else:
            start(session, load_position(quiz, number, rules), Quiet())
        return session

    def _hooks(self, hooks: Hooks | None, lines: bool) -> Hooks:
        """``hooks`` (or hooks that hear nothing), with the lines collected if asked."""
        if lines:
            return Collect(self, hooks)
        return hooks if hooks is not None else Quiet()

    def step(
        self,
        hooks: Hooks | None = None,
        replay: bool = False,
        breakpoints: bool = True,
        armed: bool = False,
        *,
        lines: bool = False,
    ) -> StepReport:
        """One step (docs/engine.md); ``lines``: append its lines to ``trace``. Its moves are
        ``report.moves`` (read them with ``move``)."""
        return super().step(self._hooks(hooks, lines), replay, breakpoints, armed)

    def run(
        self,
        hooks: Hooks | None = None,
        solutions: int = 1,
        max_steps: int | None = None,
        replay: bool = False,
        breakpoints: bool = True,
        until: Callable[[Engine], bool] | None = None,
        *,
        lines: bool = False,
    ) -> RunReport:
        """Step until ``solutions`` new solutions (0: to the end), ``max_steps``, a breakpoint,
        an interrupt or ``until(engine)``. ``lines``: append the trace lines to ``trace`` (it
        costs many times the quiet run, which the engine makes in its fast path)."""
        return super().run(
            self._hooks(hooks, lines), solutions, max_steps, replay, breakpoints, until
        )

    def goto(self, steps: int, hooks: Hooks | None = None) -> GotoReport:
        """The state at step ``steps`` (docs/engine.md): from the record, or by going on. The
        report says the step reached, and whether the end of the search or an interrupt
        stopped it first. A step before the search's start raises ``UserError``; one before
        the kept record's start (older steps dropped to bound memory), ``RecordCut``."""
        return super().goto(steps, hooks or Quiet())

    def move(self, index: int) -> Move:
        """The record's move ``index`` (0-based; negative counts from the end)."""
        history = self.history
        count = len(history)
        if not -count <= index < count:
            held = f"moves 0..{count - 1}" if count else "no move yet"
            raise IndexError(f"move {index}: the record holds {held}")
        index %= count
        geo = self.geo
        return Move(
            index,
            history.visible_step(index),
            history.run_mode(index),
            tuple(EventView(event, geo) for event in history.events(index)),
        )

    def moves(self, first: int, last: int | None = None) -> list[Move]:
        """The moves of steps ``first``..``last`` (``last``: ``first`` when left out), as
        ``history A B`` prints their lines; none for steps outside the record."""
        span = self.history.moves_of_steps(first, first if last is None else last)
        return [self.move(m) for m in span]

    def why(
        self,
        cell: tuple[int, int] | None = None,
        removed: int | None = None,
        *,
        wrong: bool = False,
        depth: int | None = None,
    ) -> Why:
        """Why, at the present step (docs/why.md): ``why((r, c))`` how the cell got its value,
        ``why((r, c), removed=v)`` why v is no longer possible there, ``why(wrong=True)`` the
        contradiction at or just after the present (else the last before it) back to its
        guess, or an answer to the guess question the search gives up (docs/why.md). The
        answer is typed data: ``Why.cause`` is a tree of ``Cause`` (kind, step, rule,
        standard name, premises as ``Fact`` with cells as ``(row, col)``, their causes);
        ``why_text`` prints it. ``depth``: the levels of causes followed (default 2; for
        ``wrong``, back to the guess). What the present cannot answer (an empty cell, a cell
        outside the grid, a candidate never removed, no step yet) raises ``UserError``."""
        geo = self.geo

        def words(event: Event) -> list[str]:
            return event_lines(event, geo)

        if wrong:
            return ask.why_wrong(self, words, depth)
        if cell is None:
            raise UserError("why needs a cell (row, col), or wrong=True")
        index = geo.cell_at(*cell)
        if index is None:
            raise UserError(f"No cell [{cell[0]},{cell[1]}] in this quiz's grid")
        if removed is not None and removed not in range(1, 10):
            raise UserError(f"why: removed takes a value 1..9, not {removed}")
        deep = ask.DEPTH if depth is None else depth
        if removed is None:
            return ask.why_value(self, index, words, deep)
        return ask.why_removed(self, index, removed, words, deep)

    def show(self) -> str:
        """The show block of the present step, as ``show`` prints it."""
        return "\n".join(show_lines(self.state(), self.geo))

    def levels(self) -> str:
        return "\n".join(levels_lines(self.state(), self.geo))

    def bisect_level(self, level: int) -> int | None:
        """The first step at which a new guess reaches ``level`` (``bisect level``, read from
        the record; None when none does), marked on the replay's timeline."""
        found = bisect(self.history, LevelReached(level))
        if not isinstance(found, Found):
            return None
        self.marks.append(Mark(found.step, f"Level {level} is first reached", BISECT))
        return found.step

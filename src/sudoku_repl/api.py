"""The public Python API: a session with every run mode registered, quiz loading, stepping (the
trace collected as lines on request), the record (``session.history``) and its moves and events
read as named values with cells as ``(row, col)`` (``Move``, ``EventView``)."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from sudoku_repl.assembly import register_all
from sudoku_repl.core.bisection import Found, LevelReached, bisect
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import KINDS, Event
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry
from sudoku_repl.core.marks import BISECT, Mark
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import History as CoreHistory
from sudoku_repl.core.session import Hooks, Quiet, RunReport, Settings, StepReport
from sudoku_repl.core.session import Session as CoreSession
from sudoku_repl.core.time_travel import GotoReport
from sudoku_repl.techniques.explainer.plan_step import Link, PlanStep
from sudoku_repl.techniques.names import NAMES, Technique, technique
from sudoku_repl.techniques.why import ask
from sudoku_repl.techniques.why.answer import Cause, Fact, Guessed, Why
from sudoku_repl.text.files import write_atomic
from sudoku_repl.text.quiz_files import load as load_quiz
from sudoku_repl.text.render import event_lines, levels_lines, show_lines
from sudoku_repl.tools.difficulty.dossier import Dossier
from sudoku_repl.tools.ilp.highs import End as IlpEnd
from sudoku_repl.tools.ilp.highs import IlpResult, never
from sudoku_repl.tools.making.tasks import Made
from sudoku_repl.views.why import why_lines

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.grid import Grid

__all__ = [
    "Cause",
    "Dossier",
    "EventView",
    "Fact",
    "GotoReport",
    "Guessed",
    "IlpEnd",
    "IlpResult",
    "Link",
    "Made",
    "Move",
    "OrderRefused",
    "Picture",
    "PlanStep",
    "Quiz",
    "RunReport",
    "Session",
    "Settings",
    "StepReport",
    "Technique",
    "UserError",
    "Why",
    "difficulty",
    "generate",
    "load_quiz",
    "plan",
    "technique",
    "why_text",
]


def why_text(answer: Why, standard: bool = False) -> str:
    """``Session.why``'s answer as ``why`` prints it (``standard``: the community's names
    beside the rules, as under ``set names standard``)."""
    return "\n".join(why_lines(answer, standard))


# -- events and moves as the API reads them ---------------------------------------------------


def _rc(geo: Geometry, cell: Cell) -> tuple[int, int]:
    """A cell's 1-based (row, column) in the frame, as ``[r,c]`` names it."""
    row, col = geo.positions[cell]
    return row + 1, col + 1


def _node(geo: Geometry, node: int) -> tuple[tuple[int, int], int]:
    """A chain's node (cell * 9 + value - 1) as ((row, col), value)."""
    return _rc(geo, node // 9), node % 9 + 1


#: How a record's field reads in the view, by the field's name; any other field reads as it is
#: recorded. Cells as (row, col), units by name, a chain's nodes as ((row, col), value), a grid
#: as its digits, a Removal's technique as the original writes it (1GW, 2GW, 3GW).
_READ: dict[str, Callable[[Geometry, Any], Any]] = {
    "cell": _rc,
    "cells": lambda geo, cells: tuple(_rc(geo, c) for c in cells),
    "unit": lambda geo, unit: geo.units[unit].name,
    "nodes": lambda geo, nodes: tuple(_node(geo, n) for n in nodes),
    "removed": lambda geo, nodes: tuple(_node(geo, n) for n in nodes),
    "grid": lambda geo, grid: "".join(str(v) for v in grid),
    "technique": lambda geo, number: f"{number}GW",
}


@attrs.frozen(repr=False)
class EventView:
    """An event record (``record``, the engine's own, unchanged) read with named fields:
    ``kind_name`` (``"removed"``, ``"guess"``, ...), and each field of the record by its name,
    with cells as 1-based ``(row, col)``, units by name (``"blk 4"``), a chain's nodes as
    ``((row, col), value)``, a grid as its digits and a removal's technique as ``"2GW"``.
    ``fields`` holds them all; ``lines()`` are the original's lines of the record. Two views
    are equal when their records are."""

    record: Event
    geometry: Geometry = attrs.field(default=CLASSIC, eq=False)

    @property
    def kind(self) -> int:
        return int(self.record[0])

    @property
    def kind_name(self) -> str:
        known = KINDS.get(self.kind)
        return known[0] if known is not None else f"kind {self.kind}"

    @property
    def fields(self) -> dict[str, Any]:
        """The record's fields but ``kind``, by name, read as the class docstring says."""
        names: tuple[str, ...] = getattr(self.record, "_fields", ())
        geo = self.geometry
        return {
            name: _READ[name](geo, value) if name in _READ else value
            for name, value in zip(names[1:], self.record[1:])
        }

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("record", "geometry"):  # (not set yet: no loop)
            raise AttributeError(name)
        fields = self.fields
        if name in fields:
            return fields[name]
        raise AttributeError(f"a {self.kind_name} event has no field {name!r}")

    def lines(self) -> list[str]:
        return event_lines(self.record, self.geometry)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.fields.items())
        record = type(self.record).__name__
        return f"{record}({self.kind_name!r}{', ' if shown else ''}{shown})"


@attrs.frozen(repr=False)
class Move:
    """A move of the record (``session.history``: move ``index``, 0-based, as
    ``history.events(index)`` counts them): ``step`` is the step whose state first shows it
    (docs/engine.md, "The state at step N"), ``run_mode`` the mode it ran under, ``events``
    its records read as ``EventView``; ``records`` are the engine's own."""

    index: int
    step: int
    run_mode: int
    events: tuple[EventView, ...]

    @property
    def records(self) -> tuple[Event, ...]:
        return tuple(event.record for event in self.events)

    def lines(self) -> list[str]:
        """The original's lines of the move."""
        return [line for event in self.events for line in event.lines()]

    def __repr__(self) -> str:
        events = ", ".join(repr(event) for event in self.events)
        return f"Move({self.index}, step={self.step}, run_mode={self.run_mode}, events=[{events}])"


@attrs.frozen
class Picture:
    """A picture of the session for a notebook (``_repr_html_``), with its text for anywhere
    else (``str``)."""

    html: str
    text: str = ""

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.text


class History(CoreHistory):
    """The record (``core.record.History``), shown in a notebook as its timeline: the guess
    level over the steps (``timeline --svg``'s picture)."""

    def _repr_html_(self) -> str:
        from sudoku_repl.views.timeline import svg_timeline

        if len(self) == 0:
            return f"<p>{html.escape(repr(self))}</p>"
        svg = svg_timeline(self)
        return svg[svg.index("<svg") :]  # (no XML declaration inside HTML)


# -- the session --------------------------------------------------------------------------------


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


class Session(CoreSession):
    """A session for scripts and notebooks: every run mode registered (``assembly``). ``step``
    and ``run`` are quiet unless asked for ``lines=True`` (the original's lines, appended to
    ``trace``): a quiet run takes the engine's fast path. Pass your own ``hooks`` to hear the
    events, ask guess questions or stop a run; an unknown run mode is refused with
    ``UserError``. The record's moves read as ``Move`` values (``move``, ``moves``)."""

    history_type = History

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

    # -- the seed's 0-1 program (tools/ilp/highs, docs/ilp.md) ---------------------------------------

    def solve_ilp(
        self, count: int = 2, time_limit: float | None = None, hooks: Hooks | None = None
    ) -> IlpResult:
        """The present position as the seed's 0-1 program, solved by HiGHS (``solve ilp``): up
        to ``count`` solutions (``result.unique`` says whether there is one only, once two were
        sought), within ``time_limit`` seconds; ``hooks.interrupted()`` stops it. Nothing of
        the session changes. ``UserError`` without a quiz, with a count below 1 or a time limit
        not above 0, or without HiGHS (the extra ``ilp``: the error says what to type)."""
        from sudoku_repl.tools.ilp.highs import session_model, solve

        if self.quiz is None:
            raise UserError("No quiz loaded: Session.from_quiz(...) or load(...) first")
        if count < 1:
            raise UserError(f"solve_ilp: count {count}, want 1 or more")
        if time_limit is not None and not time_limit > 0:
            raise UserError(f"solve_ilp: time_limit {time_limit}, want seconds above 0")
        poll = hooks.interrupted if hooks is not None else never
        return solve(session_model(self), count, time_limit, poll, getattr(hooks, "tick", None))

    def export_ilp(self, path: str, format: str = "lp", at_step: bool = False) -> None:
        """Write the quiz (``at_step``: the present step's position) as the seed's 0-1 program
        to ``path``, in CPLEX LP (``format="lp"``) or free MPS (``"mps"``), as ``export lp``
        and ``export mps`` do."""
        from sudoku_repl.text.lp_files import lp_text, mps_text
        from sudoku_repl.tools.ilp.highs import session_model

        if self.quiz is None:
            raise UserError("No quiz loaded: Session.from_quiz(...) or load(...) first")
        if format not in ("lp", "mps"):
            raise UserError(f"export_ilp: format {format!r}, want 'lp' or 'mps'")
        model = session_model(self, at_step)
        write_atomic(path, lp_text(model) if format == "lp" else mps_text(model))

    # -- the replay page and the notebook's pictures (views/replay) ----------------------------

    def replay_html(
        self, first: int | None = None, last: int | None = None, names: str = "readalps"
    ) -> str:
        """The replay page of the record, steps ``first``..``last`` (default: all), as
        ``export html`` writes it; ``names="standard"`` adds the standard names to the lines.
        An empty record or a range outside it raises ``UserError``."""
        from sudoku_repl.tools.explain.original import page_pictures
        from sudoku_repl.views.replay.page import session_html

        def pictures(lo: int, hi: int, at: int) -> dict[str, Any]:
            return page_pictures(self, lo, hi, at)

        return session_html(self, first, last, names, pictures=pictures)

    def export_html(
        self,
        path: str,
        first: int | None = None,
        last: int | None = None,
        names: str = "readalps",
    ) -> None:
        """Write the replay page to ``path`` (through a temporary file and a rename, as
        ``export html``); a place that cannot be written raises ``UserError``."""
        write_atomic(path, self.replay_html(first, last, names))

    def replay(
        self, first: int | None = None, last: int | None = None, height: int = 900
    ) -> Picture:
        """The replay page, shown inline in a notebook (in a frame of its own)."""
        from sudoku_repl.views.replay.notebook import frame_html

        return Picture(frame_html(self.replay_html(first, last), height))

    def board(self) -> Picture:
        """The board of the present step with its candidates, coloured as the terminal's board
        (``board``): shown as HTML in a notebook, as the plain board in text."""
        from sudoku_repl.views.board import board_lines, last_step_changes
        from sudoku_repl.views.replay.notebook import board_html

        state = self.state()
        before = last_step_changes(self.history, self.cursor, state)
        givens = self.quiz.givens if self.quiz is not None else (0,) * self.geo.size
        text = "\n".join(board_lines(state, self.geo, givens, before, colour=False))
        return Picture(board_html(state, self.geo, givens, before), text)

    def difficulty(
        self,
        measures: str | Sequence[str] | None = None,
        *,
        quiz: bool = False,
        isomorphs: int | None = None,
        seed: int | None = None,
        se_timeout: float | None = None,
    ) -> Dossier:
        """The dossier of the quiz as it stands at this step (its values and candidates), or
        with ``quiz`` of the loaded quiz itself, as ``difficulty`` measures it (the run mode
        the session's): see ``sudoku_repl.difficulty``."""
        from sudoku_repl.tools.difficulty.dossier import (
            dossier,
            settings_of,
            start_of,
            subject_of,
        )

        if self.quiz is None:
            raise UserError("No quiz loaded: load one first (Session.from_quiz).")
        if not self.geo.classic:
            raise UserError("difficulty measures a classic 9x9 quiz only.")
        settings = settings_of(measures, isomorphs, seed, se_timeout, self.settings.run_mode)
        givens = sum(1 for v in self.quiz.givens if v)
        if quiz:
            return dossier(self.quiz.givens, None, settings, givens=givens)
        state = self.state()
        return dossier(
            *start_of(state),
            settings,
            subject=subject_of(state),
            givens=givens,
            guesses=state.frames,
        )

    def hint(self, level: int | None = None, *, se: bool = False, names: str = "readalps") -> str:
        """The shell's ``hint`` of the next step from this step, as text (docs/explain.md):
        the original's (``se``: Sudoku Explainer's) whole, or at ``level`` 1 (the technique and
        where to look), 2 (the digits and the pattern's cells too) or 3 (the whole step and
        why); Sudoku Explainer's from a position with no solution: the line that says so and
        since which step, and no step. ``names``: the shell's ``set names``, ``"readalps"``
        (cells as ``[2,5]``) or ``"standard"`` (the community's names, cells as ``r2c5``).
        Nothing changes. ``UserError`` (one line) for a level that is not 1, 2 or 3, or other
        names."""
        from sudoku_repl.tools.explain.hints import se_graded_lines, se_hint_lines
        from sudoku_repl.tools.explain.unsolvable import NO_STEP, no_solution_line
        from sudoku_repl.views.hint import graded_hint_lines, hint_lines

        if self.quiz is None:
            raise UserError("No quiz loaded: load one first (Session.from_quiz).")
        if level is not None and level not in (1, 2, 3):
            raise UserError(f"A hint's level is 1, 2 or 3, not {level!r}.")
        if names not in NAMES:
            raise UserError(f"names is {' or '.join(map(repr, NAMES))}, not {names!r}.")
        if se and not self.geo.classic:
            raise UserError("hint se works on a classic 9x9 quiz only.")
        state, geo = self.state(), self.geo
        unsolvable = no_solution_line(self, self.cursor, state, NO_STEP) if se else None
        if unsolvable is not None:
            lines = [unsolvable]
        elif se:
            lines = (
                se_hint_lines(state, geo, names=names)
                if level is None
                else se_graded_lines(state, geo, level, names=names)
            )
        elif level is None:
            lines = hint_lines(state, geo, self.settings.run_mode, names)
        else:
            lines = graded_hint_lines(state, geo, self.settings.run_mode, level, names)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: the board, and the timeline once the record holds a step."""
        if self.quiz is None:
            return "<p>A session with no quiz loaded.</p>"
        parts = [self.board().html]
        history = self.history
        if len(history) and isinstance(history, History):
            parts.append(history._repr_html_())
        return "".join(parts)


# -- how hard --------------------------------------------------------------------------------------


def difficulty(
    puzzle_or_state: str | Quiz | Session,
    measures: str | Sequence[str] | None = None,
    *,
    isomorphs: int | None = None,
    seed: int | None = None,
    se_timeout: float | None = None,
    run_mode: int = 0,
) -> Dossier:
    """How hard a puzzle or a state is (docs/difficulty.md): a ``Dossier`` of the measures
    asked for (``measures``: a comma list or a sequence of ``steps``, ``se``, ``te``, ``b``,
    ``backdoors``, ``backdoors2``, ``guess``, ``spread``; all but ``backdoors2`` by default). ``puzzle_or_state``: an 81-character
    puzzle, a 729-character pencil-mark (sukaku) line, a ``Quiz``, or a ``Session`` at its step.
    ``dossier.figures`` holds T&E-depth, B/BxB, the backdoors (``(cell, digit)``, cells 0-80;
    size-2 candidate backdoors as pairs of them),
    guess depth and fewest guesses; ``luck`` the original's steps over ``isomorphs`` random
    isomorphs drawn from ``seed``; ``se`` ER/EP/ED, the bottlenecks and techniques; ``spread``
    ER over the isomorphs and of the minlex form; ``settings`` the version and what shaped the
    figures. A state with no solution or several has ``dossier.unrated`` saying so and no
    figure. ``print(dossier)`` prints it as the shell's ``difficulty`` does; ``dossier.named``
    gives its candidates as ``8r1c2``. ``UserError`` (one line) for a bad puzzle or a word that
    is no measure."""
    from sudoku_repl.core.errors import QuizError
    from sudoku_repl.text.quiz_files import line_quiz
    from sudoku_repl.tools.difficulty.dossier import dossier, settings_of

    if isinstance(puzzle_or_state, Session):
        return puzzle_or_state.difficulty(
            measures, isomorphs=isomorphs, seed=seed, se_timeout=se_timeout
        )
    if isinstance(puzzle_or_state, str):
        try:  # (read as rate reads a line: a note after the puzzle is passed over)
            puzzle_or_state = line_quiz(puzzle_or_state)
        except QuizError as e:
            raise UserError(e.line) from None
    if not puzzle_or_state.geometry.classic:
        raise UserError("difficulty measures a classic 9x9 quiz only.")
    settings = settings_of(measures, isomorphs, seed, se_timeout, run_mode)
    return dossier(puzzle_or_state.givens, puzzle_or_state.marks, settings)


# -- a step explained -----------------------------------------------------------------------------


def plan(
    puzzle_or_state: str | Quiz | Session, *, se_timeout: float | None = None
) -> tuple[PlanStep, ...]:
    """Sudoku Explainer's path of a puzzle with one solution (an 81-character puzzle, a
    729-character pencil-mark line, a ``Quiz``, or a ``Session`` from its state) as data
    (docs/explain.md): each step a ``PlanStep`` (technique, rating, the pattern's cells, a
    chain's links, the candidates removed and the values placed; ``to_json()`` is ``rate
    --plan``'s), every removal and placement checked against the solution. ``se_timeout``:
    seconds for the rating (None: no limit; the plan then ends where it stopped). ``UserError``
    (one line) for a bad puzzle or one without a single solution."""
    from sudoku_repl.tools.explain.plan import plan_puzzle

    grid, text = _se_grid(puzzle_or_state)
    try:
        return plan_puzzle(grid, text, se_timeout)
    except ValueError as e:
        raise UserError(f"No plan: {e}.") from None


def _se_grid(puzzle_or_state: str | Quiz | Session) -> tuple[Grid, str]:
    """The Sudoku Explainer grid of a puzzle, a pencil-mark line, a quiz or a session's state
    (read as ``rate`` reads a line, rated on ``Grid.from_state``: the one path), and its text."""
    from sudoku_repl.core.errors import QuizError
    from sudoku_repl.techniques.difficulty.marks import state_line
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.text.quiz_files import line_quiz
    from sudoku_repl.tools.difficulty.dossier import start_of

    values: Sequence[int]
    marks: Sequence[int] | None
    if isinstance(puzzle_or_state, Session):
        if puzzle_or_state.quiz is None:
            raise UserError("No quiz loaded: load one first (Session.from_quiz).")
        if not puzzle_or_state.geo.classic:
            raise UserError("Sudoku Explainer's steps are of a classic 9x9 quiz only.")
        values, marks = start_of(puzzle_or_state.state())
    else:
        if isinstance(puzzle_or_state, str):
            try:
                puzzle_or_state = line_quiz(puzzle_or_state)
            except QuizError as e:
                raise UserError(e.line) from None
        if not puzzle_or_state.geometry.classic:
            raise UserError("Sudoku Explainer's steps are of a classic 9x9 quiz only.")
        values, marks = puzzle_or_state.givens, puzzle_or_state.marks
    return Grid.from_state(values, marks), state_line(values, marks)


# -- making puzzles ------------------------------------------------------------------------------


def generate(
    *,
    er: str | None = None,
    ep: str | None = None,
    ed: str | None = None,
    level: str | None = None,
    steps: str | None = None,
    technique: str | None = None,
    symmetry: str = "none",
    pattern: str | None = None,
    near: str | None = None,
    count: int | None = None,
    seconds: float | None = None,
    jobs: int = 1,
    seed: int | None = None,
    climb: bool = False,
    lacking_digit: bool = False,
) -> Iterator[Made]:
    """Minimal puzzles with one solution, none isomorphic to another, made to order, as
    ``sudoku-repl generate`` makes them (docs/generate.md): each a ``Made`` (``puzzle``, 81
    characters; ``er``, ``ep``, ``ed`` when an SE target is given; ``level``, ``steps`` when
    one of theirs is; ``family`` with ``climb`` or ``near``), in the order made. ``climb``: as
    ``--climb``, puzzles in families of neighbours, more of them a minute; ``lacking_digit``: as
    ``--lacking-digit``, each puzzle lacks a digit (more hard ones a minute). The targets are written as the command line's
    options: ``er="9.0-"``, ``level="2-3"``, ``technique="X-Wing"``; ``pattern`` 81
    characters or a file, ``near`` a file of puzzles. Endless unless ``count`` or ``seconds``
    bound it: stop iterating (or ``close()`` it) to stop the workers. ``seed``: the same puzzles,
    in the same order (None: one is drawn). ``OrderRefused`` (a ``UserError`` and a
    ``ValueError``), with the command line's one line, for what it would refuse: a ``count``
    below 1 among them."""
    from sudoku_repl.tools.making.options import parser
    from sudoku_repl.tools.making.run import Request, Run
    from sudoku_repl.tools.rating.pool import StopFlag

    words: list[str] = []
    for name, value in (
        ("er", er), ("ep", ep), ("ed", ed), ("level", level), ("steps", steps),
        ("technique", technique), ("symmetry", symmetry), ("pattern", pattern),
        ("near", near), ("seed", seed), ("jobs", jobs), ("count", count), ("time", seconds),
    ):  # fmt: skip
        if value is not None:
            words += [f"--{name}", str(value)]
    if climb:
        words.append("--climb")
    if lacking_digit:
        words.append("--lacking-digit")
    try:
        # (count None: endless here, where the command line makes one)
        request = attrs.evolve(Request.from_options(parser().parse_args(words)), count=count)
        run = Run(request, StopFlag())
    except UserError as e:
        raise OrderRefused(e.line) from None
    return run.puzzles()


class OrderRefused(UserError, ValueError):
    """``generate`` was asked for what ``sudoku-repl generate`` refuses (a range that is not
    one, a target no puzzle meets, a ``count`` below 1): the message is its one line."""

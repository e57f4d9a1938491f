"""``bisect``: the first step where a guess level or a condition is reached. The halving is the
core's (``core/bisection.py``: typed results); here the command's words are read, the record
is extended first when asked (``level max``, max-steps), and the results are said. Declared in
``declared/debugger.py``."""

from __future__ import annotations

from sudoku_repl.commands.time_travel import interrupted
from sudoku_repl.core import events as E
from sudoku_repl.core.bisection import (
    CandidateRemoved,
    CellHolds,
    Found,
    HeldBefore,
    HeldFromStart,
    LevelReached,
    NeverHolds,
    Probe,
    Question,
    SolutionsAtLeast,
    deepest_level,
)
from sudoku_repl.core.bisection import (
    bisect as bisected,
)
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell, Geometry
from sudoku_repl.core.marks import BISECT, Mark
from sudoku_repl.core.record import History
from sudoku_repl.core.session import Quiet, Session
from sudoku_repl.text.render import event_lines

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from typing import Any

    from sudoku_repl.commands.dispatch import Repl


def bisect(
    repl: Repl,
    kind: str,
    level: int | str | None = None,
    max_steps: int | None = None,
    condition: str | None = None,
    cell_value: tuple[Cell, int] | None = None,
    value: int | None = None,
    cell: Cell | None = None,
    k: int | None = None,
) -> None:
    session = repl.require_quiz()
    found = {"condition": condition, "cell_value": cell_value, "value": value, "cell": cell, "k": k}
    history = session.history
    present = session.cursor
    limit = max_steps
    if kind == "level":
        level = -1 if level == "max" or level is None else int(level)
        if level == -1:
            if _go_on(repl, None):
                return
            level = deepest_level(history)
            if level == 0:
                session.seek(min(present, len(history)))  # found nothing: back where it was
                repl.out.message("No guess is made in this search.")
                return
        elif limit is not None and _go_on(repl, limit):
            return
        what = f"Level {level}"
        question: Question = LevelReached(level)
    else:
        what, question = _condition(repl, found)
    verb = "first holds" if kind == "when" else "is first reached"
    result = bisected(history, question, limit)
    if not isinstance(result, Found):  # (``level max`` ran on to the end first)
        session.seek(min(present, len(history)))  # found nothing: back where it was
    if isinstance(result, HeldFromStart):
        deeper = ": a new guess reaches level 1 or more" if kind == "level" else ""
        repl.out.message(f"{what} holds from the start (step 0){deeper}.")
        return
    if isinstance(result, HeldBefore):
        repl.out.message(
            f"{what} {verb} before step {result.first}, where the kept record starts (older "
            f"steps were dropped to bound memory)."
        )
        return
    if isinstance(result, NeverHolds):
        not_verb = "never holds" if kind == "when" else "is not reached"
        so_far = _so_far(session, kind) if limit is None else ""
        repl.out.message(f"{what} {not_verb} in steps {result.first}..{result.last}{so_far}.")
        return
    if not isinstance(result, Found):  # nothing recorded
        repl.out.message(
            "No steps recorded yet: bisect reads the record, so run (or step) first"
            + (
                f", or give max-steps: bisect level {what.split()[-1]} <max-steps>."
                if kind == "level"
                else "."
            )
        )
        return
    for probe in result.probes:
        repl.out.message(f"steps {probe.first}..{probe.last}: {_probe_words(probe, question)}")
    session.goto(result.step, repl.hooks)
    level_at_least = question.level if isinstance(question, LevelReached) else None
    line = _step_line(history, result.step, level_at_least, repl.session.geo)
    repl.out.message(f"{what} {verb} at step {result.step}: {line}")
    session.marks.append(Mark(result.step, f"{what} {verb}", BISECT))


def _probe_words(probe: Probe, question: Question) -> str:
    """What a probe found: seen or not; for ``bisect level``, whether a new guess of its steps
    reaches the level, and how deep they went (a range without a new guess says so: the
    levels the search was at already count for nothing)."""
    if not isinstance(question, LevelReached) or probe.biggest is None:
        return "seen" if probe.hit else "not seen"
    biggest, level = probe.biggest, question.level
    found = f"new guesses up to level {biggest}" if biggest else "no new guess"
    return f"level {level} {'reached' if biggest >= level else 'not reached'} ({found})"


def _so_far(session: Session, kind: str) -> str:
    """What a negative answer is worth: the whole search, or only the steps run so far."""
    if session.finished:
        return " (the whole search)"
    if kind == "when":
        return " (the steps run so far: run on to look further)"
    return " (the steps run so far: run on, or give max-steps, to look further)"


def _go_on(repl: Repl, limit: int | None) -> bool:
    """Extend the record silently: up to ``limit`` steps, or to the end of the search. True when
    an interrupt stopped it (it has then said so)."""
    session = repl.session
    stopped = False
    if limit is None:
        session.seek(len(session.history))
        stopped = session.run(Quiet(repl.hooks), 0, breakpoints=False).interrupted
    elif limit > session.history.last_steps:
        present = session.cursor
        stopped = session.goto(limit, repl.hooks).interrupted
        if not stopped:
            session.seek(min(present, len(session.history)))
    if stopped:
        interrupted(repl)
    return stopped


def _condition(repl: Repl, found: dict[str, Any]) -> tuple[str, Question]:
    """A condition of ``bisect when`` (``found``: as ``BISECT.match`` read it): its description
    and the core's question."""
    name = repl.session.geo.cell_name
    kind = found["condition"]
    if kind == "cell":
        cell, value = found["cell_value"]
        given = repl.session.quiz.givens[cell] if repl.session.quiz else 0
        if given:
            raise UserError(
                f"{name(cell)} is a given ({given}): bisect when cell asks of an empty cell"
            )
        return f"Cell {name(cell)}={value}", CellHolds(cell, value)
    if kind == "removed":
        cell, value = found["cell"], found["value"]
        return f"Removed {value} {name(cell)}", CandidateRemoved(cell, value)
    k = found["k"]  # solutions >= k
    return f"Solutions >= {k}", SolutionsAtLeast(k)


def _step_line(history: History, steps: int, level_at_least: int | None, geo: Geometry) -> str:
    """The trace line that marks a step: its first line (or its guess line reaching a level)."""
    lines: list[str] = []
    for m in history.moves_of_steps(steps, steps):
        for e in history.events(m):
            if level_at_least is not None and not (E.is_new_guess(e) and e.level >= level_at_least):
                continue
            shown = event_lines(e, geo)
            lines += shown[-1:] if E.is_solution(e) else shown
    return lines[0] if lines else f"{steps}) (a fill pass: it prints no line)"

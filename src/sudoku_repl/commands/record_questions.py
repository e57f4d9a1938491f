"""Questions to the record: ``when`` (a cell got or lost a value, a candidate was removed) and
``history`` (the trace lines of steps, read back from the record). Declared in
``declared/debugger.py``."""

from __future__ import annotations

from sudoku_repl.commands.declared.debugger import HISTORY
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.record import (
    GOT,
    LOST,
    PASSING,
    History,
    removal_steps,
    value_events,
)
from sudoku_repl.text.numbered import numbered_lines
from sudoku_repl.views.technique_lines import recorded_lines

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def when(
    repl: Repl,
    cell: Cell | None = None,
    value: int | None = None,
    cell_value: tuple[Cell, int] | None = None,
) -> None:
    held = None
    if cell_value is not None:
        cell, held = cell_value
    assert cell is not None  # every form gives a cell
    history = repl.require_quiz().history
    name = repl.session.geo.cell_name(cell)
    given = repl.session.quiz.givens[cell] if repl.session.quiz else 0
    if given:
        repl.out.message(f"{name} is a given: {given}.")
        return
    if not _recorded(history, repl):
        return
    span = f"steps {history.first_steps}..{history.last_steps}"
    if repl.frame is not None:  # (the record's answer, the same from any frame)
        repl.out.message(repl.frame.aside(f"From the whole record, {span}"))
    if value is not None:
        removed = removal_steps(history, cell, value)
        found = numbered_lines(removed, None, [("", f") {value} removed from {name}")])
        repl.lines(found or [f"{value} was never removed from {name} in {span}."])
        return
    steps, codes = value_events(history.cell_track(cell), held or 0)
    lines = numbered_lines(steps, codes, value_templates(name))
    what = "a value" if held is None else held
    repl.lines(lines or [f"{name} never got {what} in {span}."])


def value_templates(name: str) -> list[tuple[str, str]]:
    """The lines of ``when``, by the code of a value event (``history.value_events``: the kind
    and the value) as (before the step number, after it)."""
    phrases = {
        LOST: ("", ") {name} lost {v}"),
        GOT: ("", ") {name} got {v}"),
        PASSING: (
            "   (inside step ",
            ": {name} held {v} only for a while, placed by a fill pass that went wrong and undone "
            "by the next guess)",
        ),
    }
    templates = [("", "")] * (max(phrases) + 1 << 4)
    for kind, (prefix, suffix) in phrases.items():
        for v in range(16):
            templates[kind << 4 | v] = (prefix, suffix.format(name=name, v=v))
    return templates


def history(repl: Repl, first: int | None = None, last: int | None = None) -> None:
    history = repl.require_quiz().history
    form = HISTORY.form
    first, last = step_range(first, last, max(history.last_steps, 1), form)
    if not _recorded(history, repl):
        return
    start, end = history.first_steps, history.last_steps
    if first > end:
        raise UserError(f"The record ends at step {end}: {form}")
    # before the record's first step: dropped steps, or step 0 (the quiz as loaded: no move)
    if last < start:
        repl.out.message(
            f"Steps {first}..{last} were dropped to bound memory: the record starts at step {start}."
            if history.dropped
            else "Step 0 is the quiz as loaded: no step led to it, no trace line."
        )
        return
    if first < start and history.dropped:
        repl.out.message(f"Steps {first}..{start - 1} were dropped to bound memory; from {start}:")
    names, geo = repl.view.names, repl.session.geo
    lines = [
        line
        for m in history.moves_of_steps(first, last)
        for line in recorded_lines(history, m, history.events(m), geo, names)
    ]
    if not lines:
        what = f"Step {first}" if first == min(last, end) else f"Steps {first}..{min(last, end)}"
        lines = [
            f"{what} printed no trace line (a fill pass, or a filter that finds nothing, prints none)."
        ]
    repl.lines(lines)


def _recorded(history: History, repl: Repl) -> bool:
    """Whether the record holds a step (if not, one line says so)."""
    if len(history) == 0 and not history.dropped:
        repl.out.message("No steps recorded yet: the record fills as you step or run.")
        return False
    return True


def step_range(first: int | None, last: int | None, end: int, form: str) -> tuple[int, int]:
    """The steps ``first``..``last`` (by default 1.. ``end``), refused when empty."""
    first = 1 if first is None else first
    end = end if last is None else last
    if first > end:
        raise UserError(f"The range {first}..{end} is empty: {form}")
    return first, end

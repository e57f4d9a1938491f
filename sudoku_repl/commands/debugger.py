"""The debugger's commands: time travel, bisection, breakpoints, questions to the record,
pictures of the search, and scripts. All answers come from the record (``History``). Declared
in ``declared/debugger.py``."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from typing import TYPE_CHECKING, Any

from sudoku_repl.commands.declared.debugger import (
    BACK,
    BREAK,
    HISTORY,
    INFO,
    TIMELINE,
)
from sudoku_repl.commands.dispatch import open_script
from sudoku_repl.core import events as E
from sudoku_repl.core.breakpoints import (
    COMPARISONS,
    QUANTITIES,
    AtStep,
    Breakpoint,
    CellGets,
    Comparison,
    Condition,
    LevelAtLeast,
    OnACell,
    Removed,
    Solution,
    Wrong,
)
from sudoku_repl.core.errors import PATH, UserError, file_error, shown
from sudoku_repl.core.geometry import Cell, Geometry
from sudoku_repl.core.history import (
    GOT,
    LOST,
    PASSING,
    History,
    first_holding,
    first_removal,
    removal_steps,
    value_events,
)
from sudoku_repl.core.session import Quiet, Session
from sudoku_repl.text.args import (
    parse_count,
)
from sudoku_repl.text.files import write_atomic
from sudoku_repl.text.numbered import numbered_lines
from sudoku_repl.text.render import event_lines
from sudoku_repl.views.technique_lines import recorded_lines

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def _geo(repl: Repl) -> Geometry:
    return repl.session.geo


def _name(repl: Repl, cell: int) -> str:
    return repl.session.geo.cell_name(cell)


# -- time travel ------------------------------------------------------------------------------


def goto(repl: Repl, step: int) -> None:
    session = repl.require_quiz()
    if session.goto(step, repl.hooks):
        _interrupted(repl)
        return
    repl.show()
    reached = session.state().steps
    if reached < step:
        repl.out.message(f"The search ended at step {reached}.")


def _interrupted(repl: Repl) -> None:
    """Ctrl-C stopped a command that was going on through the search (docs/commands.md 8)."""
    now = repl.session.state().steps
    repl.out.message(f"Interrupted at step {now}.")
    repl.show()
    repl.script.replace(f"goto {now}")


def back(repl: Repl, n: int | None) -> None:
    n = 1 if n is None else n
    session = repl.require_quiz()
    now = session.state().steps
    history = session.history
    first = history.earliest_step
    if n > now - first:
        kept = f" (the record starts at step {first})" if history.dropped else ""
        raise UserError(f"Only {now - first} steps to go back{kept}: {BACK.form}")
    session.goto(now - n, repl.hooks)
    repl.show()


# -- bisection --------------------------------------------------------------------------------


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
        target = -1 if level == "max" or level is None else int(level)
        if target == -1:
            if _go_on(repl, None):
                return
            target = max(history.biggest_level(1, history.last_steps), history.dropped_biggest)
            if target == 0:
                repl.out.message("No guess is made in this search.")
                return
        elif limit is not None and _go_on(repl, limit):
            return
        what = f"Level {target}"
        before = target <= history.dropped_biggest
        first = _first_level(history, target)
        probe: Callable[[int, int], str] | None = lambda a, b: (  # noqa: E731
            _level_probe(history, a, b, target)
        )
    else:
        target = 0
        what, first, before = _condition(repl, found)
        probe = None
    verb = "first holds" if kind == "when" else "is first reached"
    lo, last = history.first_steps, history.last_steps
    if limit is not None:
        last = min(last, limit)
    if before:
        repl.out.message(
            f"{what} {verb} before step {lo}, where the kept record starts (older steps were "
            f"dropped to bound memory)."
        )
        return
    if len(history) == 0:
        repl.out.message(
            "No steps recorded yet: bisect reads the record, so run (or step) first"
            + (
                f", or give max-steps: bisect level {what.split()[-1]} <max-steps>."
                if probe
                else "."
            )
        )
        return
    if first is None or first > last:
        not_verb = "never holds" if kind == "when" else "is not reached"
        repl.out.message(
            f"{what} {not_verb} in steps {lo}..{last}{_so_far(session, kind) if limit is None else ''}."
        )
        session.seek(min(present, len(history)))
        return
    hi = last
    while lo < hi:
        mid = (lo + hi) // 2
        hit = first <= mid
        shown = probe(lo, mid) if probe else ("seen" if hit else "not seen")
        repl.out.message(f"steps {lo}..{mid}: {shown}")
        if hit:
            hi = mid
        else:
            lo = mid + 1
    session.goto(lo, repl.hooks)
    line = _step_line(history, lo, None if kind == "when" else target, _geo(repl))
    repl.out.message(f"{what} {verb} at step {lo}: {line}")


def _level_probe(history: History, first: int, last: int, level: int) -> str:
    """What a probe of ``bisect level`` found: whether a new guess of steps first..last reaches
    ``level``, and how deep they went (a range without a new guess says so: the levels the
    search was at already count for nothing)."""
    biggest = history.biggest_level(first, last)
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
        stopped = session.goto(limit, repl.hooks)
        if not stopped:
            session.seek(min(present, len(session.history)))
    if stopped:
        _interrupted(repl)
    return stopped


def _first_level(history: History, level: int) -> int | None:
    for move, lv in history.new_guesses(1, history.last_steps):
        if lv >= level:
            return history.visible_step(move)
    return None


def _condition(repl: Repl, found: dict[str, Any]) -> tuple[str, int | None, bool]:
    """A condition of ``bisect when`` (``found``: as ``BISECT.match`` read it): its description,
    the first step of the kept record whose state meets it, and whether it was already met
    before the kept record starts."""
    history = repl.session.history
    kind = found["condition"]
    if kind == "cell":
        cell, value = found["cell_value"]
        what = f"Cell {_name(repl, cell)}={value}"
        given = repl.session.quiz.givens[cell] if repl.session.quiz else 0
        if given:
            raise UserError(
                f"{_name(repl, cell)} is a given ({given}): bisect when cell asks of an empty cell"
            )
        before = (cell * 9 + value - 1) in history.dropped_held or (
            history.start.values[cell] == value and bool(history.dropped)
        )
        first = first_holding(history, cell, value)
        return what, first, before
    if kind == "removed":
        cell, value = found["cell"], found["value"]
        before = (cell * 9 + value - 1) in history.dropped_removed
        return (
            f"Removed {value} {_name(repl, cell)}",
            first_removal(history, cell, value),
            before,
        )
    k = found["k"]  # solutions >= k
    if history.start.solutions >= k:
        return f"Solutions >= {k}", None, bool(history.dropped) or k == 0
    move = history.solution_move(k)
    return f"Solutions >= {k}", None if move is None else history.visible_step(move), False


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


# -- breakpoints ---------------------------------------------------------------------------


def break_(
    repl: Repl,
    kind: str,
    level: int | None = None,
    step: int | None = None,
    cell: Cell | None = None,
    cell_value: tuple[Cell, int] | None = None,
    value: int | None = None,
    expr: str | None = None,
) -> None:
    made = _breakpoint(kind, level, step, cell, cell_value, value)
    _set_breakpoint(repl, made, expr, temporary=False)


def tbreak(
    repl: Repl,
    kind: str,
    level: int | None = None,
    step: int | None = None,
    cell: Cell | None = None,
    cell_value: tuple[Cell, int] | None = None,
    value: int | None = None,
    expr: str | None = None,
) -> None:
    made = _breakpoint(kind, level, step, cell, cell_value, value)
    _set_breakpoint(repl, made, expr, temporary=True)


CONDITION_FORM = "<step|level|solutions> <op> <number> [and ...], op one of > >= < <= == !="


def parse_condition(text: str, form: str) -> Condition:
    """``step > 100 and level >= 8``: comparisons of the step's state, joined by ``and``."""
    parts = []
    for clause in text.split(" and "):
        words = clause.split()
        if len(words) != 3 or words[0] not in QUANTITIES or words[1] not in COMPARISONS:
            raise UserError(f"Not a condition: {shown(clause.strip())!r}; {CONDITION_FORM}: {form}")
        number = parse_count(words[2], f"A condition compares with a whole number: {form}")
        parts.append(Comparison(words[0], words[1], number))
    return Condition(tuple(parts))


def _set_breakpoint(repl: Repl, made: Breakpoint, expr: str | None, temporary: bool) -> None:
    if expr is not None:
        made.condition = parse_condition(expr, f"{BREAK.usage} if {CONDITION_FORM}")
    made.temporary = temporary
    bps = repl.session.breakpoints
    made.number = bps.number()
    bp = bps.add(made)
    repl.out.message(f"Breakpoint {bp.number}: {bp.listing(_geo(repl))}")


def _breakpoint(
    kind: str,
    level: int | None,
    step: int | None,
    cell: Cell | None,
    cell_value: tuple[Cell, int] | None,
    value: int | None,
) -> Breakpoint:
    """The breakpoint of one of ``BREAK``'s forms (its ``kind``, the first word)."""
    if kind == "level" and level is not None:
        return LevelAtLeast(0, level=level)
    if kind == "step" and step is not None:
        return AtStep(0, step=step)
    if kind == "cell" and cell_value is not None:
        return CellGets(0, cell=cell_value[0], value=cell_value[1])
    if kind == "cell" and cell is not None:
        return CellGets(0, cell=cell)
    if kind == "removed" and cell is not None and value is not None:
        return Removed(0, cell=cell, value=value)
    return Wrong(0) if kind == "wrong" else Solution(0)


def info(repl: Repl, what: str) -> None:
    if what == "settings":
        repl.lines(repl.settings_lines())
        return
    if what == "search":
        repl.lines(search_lines(repl))
        return
    items = repl.session.breakpoints.items
    if not items:
        repl.out.message("No breakpoints.")
        return
    for bp in items.values():
        state = "enabled" if bp.enabled else "disabled"
        times = "time" if bp.hits == 1 else "times"
        repl.out.message(
            f"Breakpoint {bp.number}: {bp.listing(_geo(repl))} ({state}, hit {bp.hits} {times})"
        )


def search_lines(repl: Repl) -> list[str]:
    """``info search``: where the search is, in a few lines."""
    if not repl.loaded:
        return ["No quiz loaded: info search has nothing to say yet."]
    session = repl.session
    state, history, settings = session.state(), session.history, session.settings
    biggest = max(history.biggest_level(1, state.steps), history.dropped_biggest)
    if session.finished:
        where = "the search has ended"
    elif state.solutions:
        where = f"{state.solutions} solution(s) so far"
    else:
        where = "no solution yet"
    kept = f"steps {history.first_steps}..{history.last_steps}" if len(history) else "no step"
    items = session.breakpoints.items
    enabled = sum(1 for bp in items.values() if bp.enabled)
    quiz = session.quiz
    return [
        f"Quiz: {shown(quiz.source, PATH) if quiz and quiz.source else 'typed in'}",
        f"Step: {state.steps} ({where}; the record holds {kept})",
        f"Guess level: {state.level} now, {biggest} the biggest up to this step",
        f"Run mode: {settings.run_mode}; guess mode: {settings.guess_mode}",
        f"Breakpoints: {len(items)} ({enabled} enabled)" if items else "Breakpoints: none",
    ]


def breakpoint_of(repl: Repl, number: int) -> Breakpoint:
    """The breakpoint a command names by its number."""
    bp = repl.session.breakpoints.items.get(number)
    if bp is None:
        raise UserError(f"No breakpoint {number}; see {INFO.name} break.")
    return bp


def delete(repl: Repl, number: int) -> None:
    bp = breakpoint_of(repl, number)
    del repl.session.breakpoints.items[bp.number]
    repl.out.message(f"Deleted breakpoint {bp.number}.")


def disable(repl: Repl, number: int) -> None:
    bp = breakpoint_of(repl, number)
    bp.enabled = False
    repl.out.message(f"Disabled breakpoint {bp.number}.")


def enable(repl: Repl, number: int) -> None:
    bp = breakpoint_of(repl, number)
    if isinstance(bp, OnACell) and not bp.bound:
        place = bp.place(repl.session.geo)
        raise UserError(
            f"Breakpoint {bp.number} watches {place}, which this quiz does not have; "
            f"load a quiz with a cell {place}, or delete {bp.number}."
        )
    bp.enabled = True
    repl.out.message(f"Enabled breakpoint {bp.number}.")


# -- questions to the record ------------------------------------------------------------------


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
    name = _name(repl, cell)
    given = repl.session.quiz.givens[cell] if repl.session.quiz else 0
    if given:
        repl.out.message(f"{name} is a given: {given}.")
        return
    if not _recorded(history, repl):
        return
    span = f"steps {history.first_steps}..{history.last_steps}"
    if value is not None:
        removed = removal_steps(history, cell, value)
        found = numbered_lines(removed, None, [("", f") {value} removed from {name}")])
        repl.lines(found or [f"{value} was never removed from {name} in {span}."])
        return
    steps, codes = value_events(history.cell_track(cell), held or 0)
    lines = numbered_lines(steps, codes, _value_templates(name))
    what = "a value" if held is None else held
    repl.lines(lines or [f"{name} never got {what} in {span}."])


def _value_templates(name: str) -> list[tuple[str, str]]:
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
    first, last = _range(first, last, max(history.last_steps, 1), form)
    if not _recorded(history, repl):
        return
    start, end = history.first_steps, history.last_steps
    if first > end:
        raise UserError(f"The record ends at step {end}: {form}")
    if last < start:
        repl.out.message(
            f"Steps {first}..{last} were dropped to bound memory: the record starts at step {start}."
        )
        return
    if first < start:
        repl.out.message(f"Steps {first}..{start - 1} were dropped to bound memory; from {start}:")
    names, geo = repl.view.names, _geo(repl)
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


def _range(first: int | None, last: int | None, end: int, form: str) -> tuple[int, int]:
    """The steps ``first``..``last`` (by default 1.. ``end``), refused when empty."""
    first = 1 if first is None else first
    end = end if last is None else last
    if first > end:
        raise UserError(f"The range {first}..{end} is empty: {form}")
    return first, end


# -- pictures -----------------------------------------------------------------------------


def timeline(
    repl: Repl,
    first: int | None = None,
    last: int | None = None,
    path: str | None = None,
    a: str | None = None,
    b: str | None = None,
) -> None:
    from sudoku_repl.views.timeline import svg_timeline, text_timeline

    history = repl.require_quiz().history
    form = TIMELINE.form
    if a is not None and b is not None:
        from sudoku_repl.commands.experiments import timeline_compare

        timeline_compare(repl, a, b, path)
        return
    first, last = _range(first, last, history.last_steps, form)
    if path is not None:
        write_atomic(path, _picture(svg_timeline, history, first, last))
        repl.out.message(f"Wrote {shown(path, PATH)}.")
        return
    repl.lines(_picture(text_timeline, history, first, last, repl.width()))


def _picture(draw: Callable[..., Any], *args: Any) -> Any:
    """A timeline, with its own refusals (a range past the record, a terminal too narrow) as
    one line."""
    try:
        return draw(*args)
    except ValueError as e:
        raise UserError(f"No timeline: {e}.") from None


def tree(repl: Repl, path: str) -> None:
    from sudoku_repl.views.guess_tree import build_tree, to_dot

    history = repl.require_quiz().history
    write_atomic(path, to_dot(build_tree(history, _geo(repl))))
    repl.out.message(f"Wrote {shown(path, PATH)}.")


# -- scripts -------------------------------------------------------------------------------


def save_session(repl: Repl, path: str) -> None:
    header = ["# sudoku-repl session; replay with: sudoku-repl -x <this file>"]
    write_atomic(path, "\n".join(header + repl.script.lines) + "\n")
    repl.out.message(f"Wrote {shown(path, PATH)}.")


def source(repl: Repl, path: str) -> None:
    try:
        lines = open_script(path)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise UserError(file_error("Cannot read", path, e)) from None
    with closing(lines):
        repl.run_script(lines)

"""The debugger's commands: time travel, bisection, breakpoints, questions to the record,
pictures of the search, and scripts. All answers come from the record (``History``)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing
from typing import TYPE_CHECKING, Any

from sudoku_repl.commands.dispatch import open_script
from sudoku_repl.commands.table import CommandSet
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
    Removed,
    Solution,
    Wrong,
)
from sudoku_repl.core.errors import PATH, UserError, file_error, shown
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.history import History, cell_steps, cell_values, removals
from sudoku_repl.core.session import Quiet, Session
from sudoku_repl.text.args import (
    file_words,
    one_file,
    parse_cell,
    parse_cell_value,
    parse_count,
    parse_value,
)
from sudoku_repl.text.files import write_atomic
from sudoku_repl.text.render import event_lines

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

command = CommandSet(__name__)


def _geo(repl: Repl) -> Geometry:
    return repl.session.geo


def _name(repl: Repl, cell: int) -> str:
    return repl.session.geo.cell_name(cell)


# -- time travel ------------------------------------------------------------------------------


@command(
    "goto <step>",
    "go to the state right after a step",
    help="Backwards or forwards; no trace lines are printed for the steps in between, and\n"
    "guess answers are taken from the record. Past the end of the record the search goes on\n"
    "(silently). Then the show block.",
)
def _goto(repl: Repl, arg: str) -> None:
    steps = parse_count(arg, "goto needs a step number: goto <step>")
    session = repl.require_quiz()
    if session.goto(steps, repl.hooks):
        _interrupted(repl)
        return
    repl.show()
    reached = session.state().steps
    if reached < steps:
        repl.out.message(f"The search ended at step {reached}.")


def _interrupted(repl: Repl) -> None:
    """Ctrl-C stopped a command that was going on through the search (docs/commands.md 8)."""
    now = repl.session.state().steps
    repl.out.message(f"Interrupted at step {now}.")
    repl.show()
    repl.script.replace(f"goto {now}")


@command("back [n]", "go back n steps (default 1)", help="The same as goto <present step - n>.")
def _back(repl: Repl, arg: str) -> None:
    n = parse_count(arg, "back takes a number of steps: back [n]") if arg else 1
    session = repl.require_quiz()
    now = session.state().steps
    if n > now:
        raise UserError(f"Only {now} steps to go back: back [n]")
    session.goto(now - n, repl.hooks)
    repl.show()


# -- bisection --------------------------------------------------------------------------------

BISECT_FORMS = "bisect level <L> [max-steps] | bisect level max | bisect when <condition>"


@command(
    "bisect level <L>|when <cond>",
    "find the first step where a level or a condition is reached",
    argument="bisect",
    help="bisect level <L> [max-steps]: the first step at which guess level L is reached;\n"
    "with max-steps the search first runs (silently) up to that many steps, and the answer\n"
    "lies within them.\n"
    "bisect level max: the same for the biggest level of the whole search (runs to the end).\n"
    "bisect when cell [r,c]=v | removed v [r,c] | solutions >= k: the first step where it\n"
    "happens. Each probe is one line; the session is left at the step found.",
)
def _bisect(repl: Repl, arg: str) -> None:
    kind, _, rest = arg.partition(" ")
    session = repl.require_quiz()
    history = session.history
    present = session.cursor
    limit: int | None = None
    if kind == "level":
        words = rest.split()
        if len(words) not in (1, 2):
            raise UserError(f"bisect needs a level: {BISECT_FORMS}")
        if words[0] == "max":
            if len(words) == 2:
                raise UserError(f"bisect level max takes nothing more: {BISECT_FORMS}")
            level = -1
        else:
            level = parse_count(words[0], f"bisect needs a level: {BISECT_FORMS}")
        if len(words) == 2:
            limit = parse_count(words[1], f"max-steps is a step count: {BISECT_FORMS}")
        if level == -1:
            if _go_on(repl, None):
                return
            level = max(history.biggest_level(1, history.last_steps), history.dropped_biggest)
            if level == 0:
                repl.out.message("No guess is made in this search.")
                return
        elif limit is not None and _go_on(repl, limit):
            return
        what = f"Level {level}"
        before = level <= history.dropped_biggest
        first = _first_level(history, level)
        probe: Callable[[int, int], str] | None = lambda a, b: (  # noqa: E731
            f"biggest level {history.biggest_level(a, b)}"
        )
    elif kind == "when":
        what, first, before = _condition(repl, rest)
        probe = None
    else:
        raise UserError(f"bisect takes level or when: {BISECT_FORMS}")
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
    line = _step_line(history, lo, None if kind == "when" else level, _geo(repl))
    repl.out.message(f"{what} {verb} at step {lo}: {line}")


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


def _condition(repl: Repl, text: str) -> tuple[str, int | None, bool]:
    """A condition of ``bisect when``: its description, the first step of the kept record
    whose state meets it, and whether it was already met before the kept record starts."""
    history = repl.session.history
    forms = "bisect when cell [r,c]=v | removed v [r,c] | solutions >= k"
    kind, _, rest = text.strip().partition(" ")
    if kind == "cell":
        cell, value = parse_cell_value(rest, f"bisect when needs a condition: {forms}", _geo(repl))
        what = f"Cell {_name(repl, cell)}={value}"
        given = repl.session.quiz.givens[cell] if repl.session.quiz else 0
        if given:
            raise UserError(
                f"{_name(repl, cell)} is a given ({given}): bisect when cell asks of an empty cell"
            )
        before = (cell * 9 + value - 1) in history.dropped_held or (
            history.start.values[cell] == value and bool(history.dropped)
        )
        first = next((s.step for s in cell_steps(history, cell) if s.value == value), None)
        return what, first, before
    if kind == "removed":
        value_text, _, cell_text = rest.strip().partition(" ")
        value = parse_value(value_text, f"bisect when needs a condition: {forms}")
        cell = parse_cell(cell_text, f"bisect when needs a condition: {forms}", _geo(repl))
        before = (cell * 9 + value - 1) in history.dropped_removed
        return (
            f"Removed {value} {_name(repl, cell)}",
            next(removals(history, cell, value), None),
            before,
        )
    if kind == "solutions":
        op, _, count = rest.strip().partition(" ")
        if op != ">=":
            raise UserError(f"bisect when needs a condition: {forms}")
        k = parse_count(count, f"bisect when needs a condition: {forms}")
        if history.start.solutions >= k:
            return f"Solutions >= {k}", None, bool(history.dropped) or k == 0
        for m in range(len(history)):
            for e in history.events(m):
                if E.is_solution(e) and e.solution_sum >= k:
                    return f"Solutions >= {k}", history.visible_step(m), False
        return f"Solutions >= {k}", None, False
    raise UserError(f"bisect when needs a condition: {forms}")


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

BREAK_FORMS = (
    "break level >= <L> | step <N> | cell [r,c] | cell [r,c]=v | removed v [r,c] | wrong | solution"
)


@command(
    "break <condition>",
    "stop runs where a condition is met",
    argument="break",
    help=f"{BREAK_FORMS} [if <expr>].\nstep, run, runtil and runrun stop at the first step whose state meets an\n"
    'enabled breakpoint (docs/engine.md, "The state at step N"), also between a filter and\n'
    "its guess. if <expr>: only where it holds, e.g. break level >= 8 if step > 100 (see\n"
    "condition). See info break, delete, disable, enable, tbreak, ignore.",
)
def _break(repl: Repl, arg: str) -> None:
    _set_breakpoint(repl, arg, temporary=False)


@command(
    "tbreak <condition>",
    "a breakpoint that stops once, then is deleted",
    argument="break",
    help=f"As break: {BREAK_FORMS}, with if <expr> too.",
)
def _tbreak(repl: Repl, arg: str) -> None:
    _set_breakpoint(repl, arg, temporary=True)


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


def _set_breakpoint(repl: Repl, arg: str, temporary: bool) -> None:
    text, _, expr = arg.strip().partition(" if ")
    made = _parse_breakpoint(repl, text)
    if expr.strip() or arg.strip().endswith(" if"):
        made.condition = parse_condition(expr, f"break <condition> if {CONDITION_FORM}")
    made.temporary = temporary
    bps = repl.session.breakpoints
    made.number = bps.number()
    bp = bps.add(made)
    repl.out.message(f"Breakpoint {bp.number}: {bp.listing(_geo(repl))}")


def _parse_breakpoint(repl: Repl, arg: str) -> Breakpoint:
    kind, _, rest = arg.strip().partition(" ")
    rest = rest.strip()
    problem = f"break needs a condition: {BREAK_FORMS} [if <expr>]"
    if kind == "level":
        op, _, number = rest.partition(" ")
        if op != ">=":
            raise UserError(problem)
        return LevelAtLeast(0, level=parse_count(number, problem))
    if kind == "step":
        return AtStep(0, step=parse_count(rest, problem))
    if kind == "cell":
        if "=" in rest:
            cell, value = parse_cell_value(rest, problem, _geo(repl))
            return CellGets(0, cell=cell, value=value)
        return CellGets(0, cell=parse_cell(rest, problem, _geo(repl)))
    if kind == "removed":
        value_text, _, cell_text = rest.partition(" ")
        cell = parse_cell(cell_text, problem, _geo(repl))
        return Removed(0, cell=cell, value=parse_value(value_text, problem))
    if kind == "wrong" and not rest:
        return Wrong(0)
    if kind == "solution" and not rest:
        return Solution(0)
    raise UserError(problem)


@command(
    "info break",
    "list the breakpoints",
    argument="info",
    help="Each breakpoint with its number, condition, whether it is enabled, and how many\n"
    "times it has hit. info settings lists what set changes.",
)
def _info(repl: Repl, arg: str) -> None:
    if arg == "settings":
        repl.lines(repl.settings_lines())
        return
    if arg not in ("break", "breakpoints"):
        raise UserError("info knows: info break | info settings")
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


def breakpoint_of(repl: Repl, text: str, form: str) -> Breakpoint:
    """The breakpoint a command names by its number (``form``: the command's usage)."""
    number = parse_count(text, f"{form.split()[0]} needs a breakpoint number: {form}")
    bp = repl.session.breakpoints.items.get(number)
    if bp is None:
        raise UserError(f"No breakpoint {number}; see info break.")
    return bp


@command(
    "delete <n>",
    "delete a breakpoint",
    help="The number is the one break gave it (see\ninfo break); the numbers of the others stay.",
)
def _delete(repl: Repl, arg: str) -> None:
    bp = breakpoint_of(repl, arg, "delete <n>")
    del repl.session.breakpoints.items[bp.number]
    repl.out.message(f"Deleted breakpoint {bp.number}.")


@command(
    "disable <n>",
    "disable a breakpoint",
    help="It stays listed by info break but stops\nnothing until enable <n>.",
)
def _disable(repl: Repl, arg: str) -> None:
    bp = breakpoint_of(repl, arg, "disable <n>")
    bp.enabled = False
    repl.out.message(f"Disabled breakpoint {bp.number}.")


@command(
    "enable <n>", "enable a breakpoint", help="Undo disable <n>: the breakpoint stops runs\nagain."
)
def _enable(repl: Repl, arg: str) -> None:
    bp = breakpoint_of(repl, arg, "enable <n>")
    bp.enabled = True
    repl.out.message(f"Enabled breakpoint {bp.number}.")


# -- questions to the record ------------------------------------------------------------------


@command(
    "when [r,c]|removed v [r,c]",
    "the steps at which a cell got or lost a value, or lost a candidate",
    argument="cell",
    help="Answered from the record (the whole record, also past the present after going\n"
    "back), without running anything.",
)
def _when(repl: Repl, arg: str) -> None:
    forms = "when [r,c] | when removed v [r,c]"
    history = repl.require_quiz().history
    value = 0
    if arg.startswith("removed"):
        value_text, _, cell_text = arg[len("removed") :].strip().partition(" ")
        value = parse_value(value_text, f"when needs a cell: {forms}")
        cell_text = cell_text.strip()
    else:
        cell_text = arg
    cell = parse_cell(cell_text, f"when needs a cell: {forms}", _geo(repl))
    name = _name(repl, cell)
    given = repl.session.quiz.givens[cell] if repl.session.quiz else 0
    if given:
        repl.out.message(f"{name} is a given: {given}.")
        return
    if not _recorded(history, repl):
        return
    span = f"steps {history.first_steps}..{history.last_steps}"
    if value:
        found = [f"{step}) {value} removed from {name}" for step in removals(history, cell, value)]
        repl.lines(found or [f"{value} was never removed from {name} in {span}."])
        return
    lines = []
    for s in cell_values(history, cell):
        if s.value_before and s.value_before != s.value:
            lines.append(f"{s.step}) {name} lost {s.value_before}")
        if s.value and s.value != s.value_before:
            lines.append(f"{s.step}) {name} got {s.value}")
        for v in s.passing:
            lines.append(
                f"   (inside step {s.step}: {name} held {v} only for a while, placed by a fill "
                f"pass that went wrong and undone by the next guess)"
            )
    repl.lines(lines or [f"{name} never got a value in {span}."])


@command(
    "history [from] [to]",
    "the recorded trace lines of a step range",
    help="From the record; default: all of it. The lines of step N are those of the moves from\n"
    "the state at step N-1 to the state at step N (a fill pass that went wrong prints the\n"
    "number it began with but belongs to the next step).",
)
def _history(repl: Repl, arg: str) -> None:
    history = repl.require_quiz().history
    form = "history [from] [to]"
    first, last = _range(arg, max(history.last_steps, 1), form)
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
    lines = [
        line
        for m in history.moves_of_steps(first, last)
        for e in history.events(m)
        for line in event_lines(e, _geo(repl))
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


def _range(arg: str, last: int, form: str) -> tuple[int, int]:
    words = arg.split()
    if len(words) > 2:
        raise UserError(f"Too many numbers: {form}")
    numbers = [parse_count(w, f"Steps are whole numbers: {form}") for w in words]
    first = numbers[0] if numbers else 1
    end = numbers[1] if len(numbers) > 1 else last
    if first > end:
        raise UserError(f"The range {first}..{end} is empty: {form}")
    return first, end


# -- pictures -----------------------------------------------------------------------------


@command(
    "timeline [from] [to]",
    "the guess level over the steps, as a picture",
    argument="timeline",
    help="A character plot fitting the terminal; timeline --svg <file> [from] [to] writes the\n"
    "same as an SVG image.",
)
def _timeline(repl: Repl, arg: str) -> None:
    from sudoku_repl.views.timeline import svg_timeline, text_timeline

    history = repl.require_quiz().history
    form = "timeline [from] [to] | timeline --svg <file> [from] [to]"
    if arg.startswith("--"):
        words = file_words(arg, form)
        if words[0] != "--svg":
            raise UserError(f"timeline knows --svg only: {form}")
        if len(words) < 2:
            raise UserError(f"timeline --svg needs a file: {form}")
        first, last = _range(" ".join(words[2:]), history.last_steps, form)
        write_atomic(words[1], _picture(svg_timeline, history, first, last))
        repl.out.message(f"Wrote {shown(words[1], PATH)}.")
        return
    first, last = _range(arg, history.last_steps, form)
    repl.lines(_picture(text_timeline, history, first, last, repl.width()))


def _picture(draw: Callable[..., Any], *args: Any) -> Any:
    """A timeline, with its own refusals (a range past the record, a terminal too narrow) as
    one line."""
    try:
        return draw(*args)
    except ValueError as e:
        raise UserError(f"No timeline: {e}.") from None


@command(
    "tree --dot <file>",
    "write the guess tree as Graphviz DOT",
    argument="tree",
    help="Levels, cells, values, step ranges, and which branches went wrong or reached a\n"
    "solution. Render it with: dot -Tsvg <file> -o tree.svg",
)
def _tree(repl: Repl, arg: str) -> None:
    from sudoku_repl.views.guess_tree import build_tree, to_dot

    history = repl.require_quiz().history
    form = 'tree --dot <file> (quote a name with blanks: tree --dot "my tree.dot")'
    words = file_words(arg, form)
    if not words or words[0] != "--dot":
        shown_option = f" ({shown(words[0])} is not supported)" if words else ""
        raise UserError(f"tree writes Graphviz DOT only{shown_option}: {form}")
    if len(words) != 2:
        raise UserError(f"tree --dot takes one file name: {form}")
    write_atomic(words[1], to_dot(build_tree(history, _geo(repl))))
    repl.out.message(f"Wrote {shown(words[1], PATH)}.")


# -- scripts -------------------------------------------------------------------------------


@command(
    "save-session <file>",
    "write a script that replays this session",
    argument="file",
    help="The commands and guess answers so far, as a batch script: sudoku-repl -x <file>\n"
    "reproduces the session exactly.",
)
def _save_session(repl: Repl, arg: str) -> None:
    path = one_file(arg, "save-session")
    header = ["# sudoku-repl session; replay with: sudoku-repl -x <this file>"]
    write_atomic(path, "\n".join(header + repl.script.lines) + "\n")
    repl.out.message(f"Wrote {shown(path, PATH)}.")


@command(
    "source <file>",
    "run the commands of a script",
    argument="file",
    help="As in batch mode: empty and # lines are skipped; a guess question takes the next\n"
    "line of the script as its answer (an invalid one calls the question off). A file that\n"
    "is not text, or whose first command line is not a command (a quiz, say), is refused.",
)
def _source(repl: Repl, arg: str) -> None:
    path = one_file(arg, "source")
    try:
        lines = open_script(path)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise UserError(file_error("Cannot read", path, e)) from None
    with closing(lines):
        repl.run_script(lines)

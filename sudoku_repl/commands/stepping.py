"""The debugger verbs gdb and pdb users expect: ``continue``, ``next``, ``finish``; breakpoint
conditions, ``ignore``; ``display``; ``set`` and ``info settings``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.debugger import breakpoint_of, parse_condition
from sudoku_repl.commands.dispatch import STOPPING, no_argument
from sudoku_repl.commands.running import run_command
from sudoku_repl.commands.table import CommandSet, lookup
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import UserError
from sudoku_repl.text.args import parse_count

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

command = CommandSet(__name__)


@command(
    "continue",
    "run to the next breakpoint or the end of the search",
    aliases=("c",),
    help="As runrun 0, but named as in gdb: it stops at an enabled breakpoint, Ctrl-C or the end\n"
    "of the search, and passes the solutions on the way (set solutions off hides their grids).",
)
def _continue(repl: Repl, arg: str) -> None:
    no_argument("continue", arg)
    run_command(repl, 0)


@command(
    "next",
    "one step, where a new guess and everything below it count as one",
    help="Steps until the search is back at this guess level or above it (the guess it makes is\n"
    "tried, and the levels below it are left), a solution, a breakpoint or the end. Without a\n"
    "new guess it is one step.",
)
def _next(repl: Repl, arg: str) -> None:
    no_argument("next", arg)
    level = repl.require_quiz().state().level

    def back_up(engine: Engine) -> bool:
        return len(engine.frames) <= level

    run_command(repl, 1, until=back_up, show=True)


@command(
    "finish",
    "run until the present guess level is left",
    help="Runs until the search leaves this guess level (its last option failed, and the search\n"
    "goes up) or reports a solution, a breakpoint stops it, or the search ends.",
)
def _finish(repl: Repl, arg: str) -> None:
    no_argument("finish", arg)
    level = repl.require_quiz().state().level
    if level == 0:
        raise UserError("No guess level to finish: the search is at level 0 (finish)")

    def left(engine: Engine) -> bool:
        return len(engine.frames) < level

    run_command(repl, 1, until=left, show=True)


@command(
    "ignore <n> <count>",
    "pass over a breakpoint's next count stops",
    help="The breakpoint still counts its hits; it stops again after count of them.",
)
def _ignore(repl: Repl, arg: str) -> None:
    form = "ignore <n> <count>"
    words = arg.split()
    if len(words) != 2:
        raise UserError(f"ignore needs a breakpoint and a count: {form}")
    bp = breakpoint_of(repl, words[0], form)
    bp.ignore = parse_count(words[1], f"The count is a whole number: {form}")
    if bp.ignore:
        repl.out.message(f"Will ignore the next {bp.ignore} stops of breakpoint {bp.number}.")
    else:
        repl.out.message(f"Breakpoint {bp.number} stops again at its next hit.")


@command(
    "condition <n> [expr]",
    "stop at a breakpoint only where a condition holds",
    help="expr: comparisons of step, level or solutions with a number (> >= < <= == !=),\n"
    "joined by and: condition 1 step > 100 and level >= 8. Without expr the condition goes.\n"
    "break <condition> if <expr> sets it at once.",
)
def _condition(repl: Repl, arg: str) -> None:
    form = "condition <n> [step|level|solutions <op> <number> [and ...]]"
    number, _, expr = arg.strip().partition(" ")
    bp = breakpoint_of(repl, number, form)
    bp.condition = parse_condition(expr, form) if expr.strip() else None
    if bp.condition is None:
        repl.out.message(f"Breakpoint {bp.number} now stops unconditionally.")
    else:
        repl.out.message(f"Breakpoint {bp.number} stops only if {bp.condition}.")


@command(
    "display [command]",
    "run a command at every stop; display alone lists them",
    argument="command",
    help="After step, next, finish, continue, run, runtil, runrun, goto, back and bisect, each\n"
    "display runs (display levels, display board). undisplay <n> removes one.",
)
def _display(repl: Repl, arg: str) -> None:
    if not arg:
        if not repl.displays:
            repl.out.message("No displays.")
        for number, line in repl.displays.items():
            repl.out.message(f"{number}: {line}")
        return
    cmd = lookup(arg.split()[0])
    if cmd is None:
        raise UserError(f"Not a command: {arg.split()[0]!r}; display <command>")
    if cmd.name in STOPPING or cmd.name in ("display", "undisplay", "bye", "source"):
        raise UserError(f"display runs commands that look, not {cmd.name}: display <command>")
    repl.display_number += 1
    repl.displays[repl.display_number] = arg
    repl.out.message(f"Display {repl.display_number}: {arg}")


@command("undisplay <n>", "stop running a display at every stop")
def _undisplay(repl: Repl, arg: str) -> None:
    number = parse_count(arg, "undisplay needs a display number: undisplay <n>")
    if number not in repl.displays:
        raise UserError(f"No display {number}; display lists them.")
    del repl.displays[number]
    repl.out.message(f"Removed display {number}.")


SETTINGS_FORM = "set trace on|off | set solutions on|off | set colour on|off|auto"


@command(
    "set <setting> <value>",
    "change how much is printed: trace, solutions, colour",
    argument="set",
    help="set trace off: runs print no trace lines (the end of the search and the timing lines\n"
    "stay); set solutions off: a solution prints its Fine line without its grid; set colour\n"
    "on|off|auto: colour in board (auto: on a terminal, unless NO_COLOR is set).\n"
    "info settings lists them.",
)
def _set(repl: Repl, arg: str) -> None:
    words = arg.split()
    if len(words) != 2:
        raise UserError(f"set needs a setting and a value: {SETTINGS_FORM}")
    name, value = words
    view = repl.view
    if name in ("trace", "solutions") and value in ("on", "off"):
        setattr(view, name, value == "on")
    elif name in ("colour", "color") and value in ("on", "off", "auto"):
        view.colour = None if value == "auto" else value == "on"
    else:
        raise UserError(f"Not a setting: {arg!r}; {SETTINGS_FORM}")
    repl.lines(repl.settings_lines())


@command(
    "tui",
    "switch to the full-screen mode",
    help="The same quiz, record and breakpoints in the full-screen view (the board, the trace,\n"
    "the levels and a command line); q there comes back here. sudoku-repl --tui starts in it.",
)
def _tui(repl: Repl, arg: str) -> None:
    no_argument("tui", arg)
    if not repl.can_switch:
        raise UserError("tui works in the interactive shell on a terminal (sudoku-repl --tui)")
    repl.switch_to_tui = True

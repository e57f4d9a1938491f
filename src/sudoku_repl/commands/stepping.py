"""The debugger verbs gdb and pdb users expect: ``continue``, ``next``, ``finish``; breakpoint
conditions, ``ignore``; ``display``; ``set`` and ``info settings``. Declared in
``declared/stepping.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.breakpoints import breakpoint_of, parse_condition
from sudoku_repl.commands.declared.settings import named
from sudoku_repl.commands.declared.stepping import ADVANCE, CONDITION, FINISH, UNTIL
from sudoku_repl.commands.running import run_command
from sudoku_repl.commands.table import lookup
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import UserError
from sudoku_repl.text.words import counted

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def continue_(repl: Repl, n: int | None = None) -> None:
    """``continue n``, stopped at a breakpoint: gdb's, that breakpoint is passed over n-1 more
    times (its ignore count)."""
    repl.require_quiz()
    if n is not None and n > 1:
        stopped = [repl.session.breakpoints.items.get(k) for k in repl.stopped_by]
        for bp in (bp for bp in stopped if bp is not None):
            bp.ignore = n - 1
            repl.out.message(f"Will ignore the next {bp.ignore} stops of breakpoint {bp.number}.")
        if not any(stopped):
            repl.out.message("Not stopped at any breakpoint; argument ignored.")
    run_command(repl, 0)


def next_(repl: Repl, n: int | None = None) -> None:
    """One step, a new guess and all below it counting as one; ``next n``: n such."""
    level = repl.require_quiz().state().level
    left = [1 if n is None else n]  # (n >= 1: its declaration)

    def back_up(engine: Engine) -> bool:
        nonlocal level
        if len(engine.frames) > level:
            return False
        left[0] -= 1
        level = len(engine.frames)  # the next one's level
        return not left[0]

    run_command(repl, 1, until=back_up, show=True)


def finish(repl: Repl, n: int | None = None) -> None:
    """Until the present guess level is left (``finish n``: n levels)."""
    level = repl.require_quiz().state().level
    if level == 0:
        raise UserError("No guess level to finish: the search is at level 0 (finish)")
    n = 1 if n is None else n  # (n >= 1: its declaration)
    if n > level:
        raise UserError(
            f"No {n} guess levels to finish: the search is at level {level} ({FINISH.form})"
        )

    def left(engine: Engine) -> bool:
        return len(engine.frames) <= level - n

    run_command(repl, 1, until=left, show=True)


def until(repl: Repl, step: int | None = None) -> None:
    """gdb's until: alone, ``next``; with a step, ``advance``."""
    if step is None:
        next_(repl)
    else:
        _advance(repl, step, UNTIL.form)


def advance(repl: Repl, step: int) -> None:
    _advance(repl, step, ADVANCE.form)


def _advance(repl: Repl, step: int, form: str) -> None:
    """Forward to step ``step``, unless the present guess level is left first (gdb's advance:
    a function that returns stops it; a line says so, as gdb says where it stopped), a
    breakpoint, a solution or the end of the search."""
    session = repl.require_quiz()
    now = session.state()
    if step <= now.steps:
        raise UserError(
            f"Step {step} is not ahead: the search is at step {now.steps} (goto {step} goes "
            f"back): {form}"
        )
    level = now.level

    def left(engine: Engine) -> bool:
        return len(engine.frames) < level

    def why_here() -> str | None:
        steps = session.state().steps
        if steps >= step or session.state().level >= level:
            return None
        return f"Stopped at step {steps}, short of step {step}: guess level {level} was left."

    run_command(repl, 1, step, until=left if level else None, why_here=why_here)


def ignore(repl: Repl, number: int, count: int) -> None:
    bp = breakpoint_of(repl, number)
    bp.ignore = count
    if bp.ignore:
        repl.out.message(f"Will ignore the next {bp.ignore} stops of breakpoint {bp.number}.")
    else:
        repl.out.message(f"Breakpoint {bp.number} stops again at its next hit.")


def condition(repl: Repl, number: int, expr: str | None = None) -> None:
    bp = breakpoint_of(repl, number)
    bp.condition = parse_condition(expr, CONDITION.form) if expr else None
    if bp.condition is None:
        repl.out.message(f"Breakpoint {bp.number} now stops unconditionally.")
    else:
        repl.out.message(f"Breakpoint {bp.number} stops only if {bp.condition}.")


def display(repl: Repl, command: str | None) -> None:
    if command is None:
        if not repl.displays:
            repl.out.message("No displays.")
        for number, line in repl.displays.items():
            repl.out.message(f"{number}: {line}")
        return
    cmd = lookup(command.split()[0])
    if cmd is None:
        raise UserError(f"Not a command: {command.split()[0]!r}; display <command>")
    if not cmd.displayable:
        raise UserError(f"display runs commands that look, not {cmd.name}: display <command>")
    repl.display_number += 1
    repl.displays[repl.display_number] = command
    repl.out.message(f"Display {repl.display_number}: {command}")


#: the question ``undisplay`` alone asks where the front end may ask (gdb's)
REMOVE_ALL = "Remove all displays?"


def undisplay(repl: Repl, number: int | None = None) -> None:
    if number is None:  # every one, as gdb's undisplay alone (asked first: ``Repl.confirmed``)
        count = len(repl.displays)
        if not count:
            repl.out.message("No displays to remove.")
        elif not repl.confirmed(REMOVE_ALL):
            repl.out.message("Not confirmed: the displays stay.")
        else:
            repl.displays.clear()
            repl.out.message(f"Removed all {counted(count, 'display')}.")
        return
    if number not in repl.displays:
        raise UserError(f"No display {number}; display lists them.")
    del repl.displays[number]
    repl.out.message(f"Removed display {number}.")


def set_(
    repl: Repl,
    setting: str,
    value: object = None,
    cell_value: tuple[int, int] | None = None,
    cell: int | None = None,
) -> None:
    declared = named(setting)
    if declared is None:  # ``set cell`` and ``set removed``: the what-if edits
        from sudoku_repl.commands.experiments import set_edit

        if cell_value is not None:
            set_edit(repl, *cell_value, remove=False)
        elif cell is not None and isinstance(value, int):
            set_edit(repl, cell, value, remove=True)
        return
    declared.put(repl, value)
    repl.lines(repl.settings_lines())


def tui(repl: Repl) -> None:
    if not repl.can_switch:
        raise UserError("tui works in the interactive shell on a terminal (sudoku-repl --tui)")
    repl.switch_to_tui = True

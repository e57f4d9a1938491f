"""The debugger verbs gdb and pdb users expect: ``continue``, ``next``, ``finish``; breakpoint
conditions, ``ignore``; ``display``; ``set`` and ``info settings``. Declared in
``declared/stepping.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.breakpoints import breakpoint_of, parse_condition
from sudoku_repl.commands.declared.settings import named
from sudoku_repl.commands.declared.stepping import CONDITION
from sudoku_repl.commands.running import run_command
from sudoku_repl.commands.table import lookup
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import UserError

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def continue_(repl: Repl) -> None:
    run_command(repl, 0)


def next_(repl: Repl) -> None:
    level = repl.require_quiz().state().level

    def back_up(engine: Engine) -> bool:
        return len(engine.frames) <= level

    run_command(repl, 1, until=back_up, show=True)


def finish(repl: Repl) -> None:
    level = repl.require_quiz().state().level
    if level == 0:
        raise UserError("No guess level to finish: the search is at level 0 (finish)")

    def left(engine: Engine) -> bool:
        return len(engine.frames) < level

    run_command(repl, 1, until=left, show=True)


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


def undisplay(repl: Repl, number: int) -> None:
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

"""The commands that need no quiz and nothing of the engine: ``bye`` (one of the original ten)
and ``help``. Importing this module imports no attrs and no engine (``table.BARE``). Declared
in ``declared/bare.py``."""

from __future__ import annotations

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.table import COMMANDS, lookup, order_list, ready
from sudoku_repl.core.errors import UserError, shown

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from sudoku_repl.commands.spec import Command


def bye(repl: Repl) -> None:
    repl.done = True


def help_(repl: Repl, command: str | None) -> None:
    if command is None:
        repl.lines(order_list())
        return
    cmd = lookup(command)
    if cmd is None:
        known = ", ".join(COMMANDS)
        raise UserError(f"No command {shown(command)!r}; help knows: {known}")
    repl.lines(help_lines(cmd))


def help_lines(cmd: Command) -> list[str]:
    lines = [cmd.entry()]
    if cmd.aliases:
        lines.append("Aliases: " + ", ".join(cmd.aliases))
    if cmd.help:
        lines += cmd.help.splitlines()
    if cmd.name == "run-mode":  # the modes the techniques added (the Order List line stays)
        ready()
        from sudoku_repl.core import modes

        lines += [f"{mode}: {text}." for mode, text in sorted(modes.DESCRIPTIONS.items())]
    return lines

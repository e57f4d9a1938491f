"""The commands that need no quiz and nothing of the engine: ``bye`` (one of the original ten)
and ``help``. Importing this module imports no attrs and no engine (``table.BARE``)."""

from __future__ import annotations

from sudoku_repl.commands.dispatch import Repl, no_argument
from sudoku_repl.commands.table import COMMANDS, Command, CommandSet, lookup, order_list, ready
from sudoku_repl.core.errors import UserError, shown

command = CommandSet(__name__)


@command("bye", "quit", aliases=("q",))
def _bye(repl: Repl, arg: str) -> None:
    no_argument("bye", arg)
    repl.done = True


@command(
    "help [command]",
    "list the commands, or explain one",
    argument="command",
)
def _help(repl: Repl, arg: str) -> None:
    if not arg:
        repl.lines(order_list())
        return
    cmd = lookup(arg)
    if cmd is None:
        known = ", ".join(COMMANDS)
        raise UserError(f"No command {shown(arg)!r}; help knows: {known}")
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

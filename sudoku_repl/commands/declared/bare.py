"""The commands of ``commands/bare.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command, CommandName

BYE = Command(
    "bye",
    "quit",
    "sudoku_repl.commands.bare:bye",
    aliases=("q",),
)

HELP = Command(
    "help",
    "list the commands, or explain one",
    "sudoku_repl.commands.bare:help_",
    forms=[(CommandName(),)],
)

#: in Order List order
COMMANDS = (
    BYE,
    HELP,
)

"""The commands of ``commands/bare.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command, CommandName

BYE = Command(
    "bye",
    "quit",
    "sudoku_repl.commands.bare:bye",
    displayable=False,
    aliases=("q", "quit", "exit"),
    help="Ends the session (quit, exit and q as in gdb; never a question).",
)

HELP = Command(
    "help",
    "list the commands, or explain one",
    "sudoku_repl.commands.bare:help_",
    scripted=False,
    forms=[(CommandName(),)],
    help=(
        "help <command> explains one command; help glossary gives the original's words (grp,\n"
        "ply, 1GW, 2GW, 3GW, complete shrink, guess level, ...) with their standard names."
    ),
)

#: in Order List order
COMMANDS = (
    BYE,
    HELP,
)

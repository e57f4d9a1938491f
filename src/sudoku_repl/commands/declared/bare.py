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
        "ply, 1GW, 2GW, 3GW, complete shrink, guess level, ...) with their standard names;\n"
        "help rate lists the options of sudoku-repl rate, which rates a whole file."
    ),
)

#: ``sudoku-repl rate``, a program beside the shell: ``rate`` typed at the prompt says where it
#: runs (``listing.elsewhere``), and ``help rate`` says it with its options
RATE = "rate"
RATE_ELSEWHERE = (
    "sudoku-repl rate FILE [options], at the system's prompt, rates every quiz of a file"
)

#: in Order List order
COMMANDS = (
    BYE,
    HELP,
)

"""The commands of ``commands/export.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.declared.debugger import STEP_RANGE
from sudoku_repl.commands.spec import Command, File

EXPORT = Command(
    "export",
    "write the recorded search as a replay page (HTML)",
    "sudoku_repl.commands.export:export",
    forms=[("html", File(), *STEP_RANGE)],
    help=(
        "One self-contained HTML file (no network: its script, styles and the record inside)\n"
        "that replays the recorded search, steps from..to (default: all): the board with the\n"
        "candidates at any step, the step's trace lines, the guess levels, a scrubber and keys\n"
        "(left/right a step, PgUp/PgDn a guess, Home/End, a number then Enter), the timeline\n"
        "with the breakpoint stops and bisection's answers, the guess tree and, for a clicked\n"
        "cell, the step that gave it its value or struck each candidate. The address keeps the\n"
        "step (page.html#step=92). An existing file is replaced, as save-session does."
    ),
)

#: in Order List order
COMMANDS = (EXPORT,)

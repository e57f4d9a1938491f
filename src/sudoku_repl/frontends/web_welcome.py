"""The web page's first lines: what this is and the build it runs, in ``--version``'s
words (``native core (C)``, or ``pure Python (no native core: why)``), that ``help``
lists the commands, where the docs are. The page says them in place of the pure build's line,
which a terminal's shell says first: its advice (pip, a C compiler) has no use in a browser. The lines are broken at
blanks to the terminal's width (xterm.js breaks a line at its last column, mid-word)."""

from __future__ import annotations

import textwrap

#: the welcome, a line each (each fits a phone's terminal, some 50 columns, but the build's)
WELCOME = (
    "sudoku-repl: the SudokuSolver 2.6 stepping",
    "debugger, in your browser: {build}.",
    "help lists the commands, help NAME tells of one.",
    "The docs: the docs link at the top of the page.",
)


def welcome(columns: int, build: str) -> str:
    """The welcome's lines, ``build`` said in them, each broken at blanks to ``columns``, then a
    blank line."""
    width = max(columns, 20)
    lines = (
        textwrap.fill(
            line.format(build=build), width, break_long_words=False, break_on_hyphens=False
        )
        for line in WELCOME
    )
    return "".join(line + "\n" for line in lines) + "\n"

"""The command of ``commands/link.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command, Opt

LINK = Command(
    "link",
    "print the present position as a SudokuWiki solver URL",
    "sudoku_repl.commands.link:link",
    forms=[(Opt("--candidates"),)],
    help=(
        "The values of the present state (as show: also after goto and back), givens and\n"
        "placed alike, as https://www.sudokuwiki.org/sudoku.htm?bd= and 81 digits, 0 for an\n"
        "empty cell: the form SudokuWiki's own pages link puzzles with. Its solver then works\n"
        "the candidates out from those values. --candidates: the position with the\n"
        "candidates as they are here (those deleted stay deleted) and the givens as its\n"
        "clues, in the 162-character form of SudokuWiki's page Sudoku String Definitions\n"
        "(a cell with one candidate left reads there as solved). A classic 9x9 grid only."
    ),
)

#: in Order List order
COMMANDS = (LINK,)

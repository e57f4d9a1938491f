"""The command of ``commands/link.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command

LINK = Command(
    "link",
    "print the present position as a SudokuWiki solver URL",
    "sudoku_repl.commands.link:link",
    help=(
        "The values of the present state (as show: also after goto and back), givens and\n"
        "placed alike, as https://www.sudokuwiki.org/sudoku.htm?bd= and 81 digits, 0 for an\n"
        "empty cell: the form SudokuWiki's own pages link puzzles with. Its solver then works\n"
        "the candidates out from those values; the candidates deleted here are not carried\n"
        "(the site's form for them is not documented). A classic 9x9 grid only."
    ),
)

#: in Order List order
COMMANDS = (LINK,)

"""The commands of ``commands/board.py``, declared."""

from __future__ import annotations

from sudoku_repl.commands.spec import Command, Opt

BOARD = Command(
    "board",
    "draw the grid with the candidates of each empty cell",
    "sudoku_repl.commands.board:board",
    forms=[(Opt("--why"),)],
    scripted=False,
    help=(
        "The present state (as show: also after goto and back) as a pencil-mark grid: each\n"
        "empty cell a 3x3 block of its candidates (1 top left .. 9 bottom right, . where absent),\n"
        "each filled cell its digit, givens, placed values and the cell guessed at each level\n"
        "told apart, and the cells and candidates the present step changed marked. On a terminal\n"
        "in colour; in batch mode, or with NO_COLOR set, in plain characters; a legend below says\n"
        "how to read it. A classic grid fits 80 columns; a samurai or flower puzzle is drawn as\n"
        "its overlapping grids in frame layout, which is wider (95 and 84 columns). --why: the\n"
        "cells the rules of the present step read (the premises why names) are marked too,\n"
        "*5* (underlined in colour), and listed below the legend."
    ),
)

#: in Order List order
COMMANDS = (BOARD,)

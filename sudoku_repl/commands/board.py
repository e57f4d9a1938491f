"""``board``: the present state as a pencil-mark grid (``views/board.py`` draws it).

Colour or not: the output object says whether it writes to a terminal that takes colour (an
attribute ``colour``, which the interactive shell's ``TerminalOutput`` sets; an output without
it, as batch mode's and the tests', gets plain characters), and ``NO_COLOR`` set to anything but
the empty string turns colour off (https://no-color.org).
"""

from __future__ import annotations

import os

from sudoku_repl.commands.dispatch import Repl, no_argument
from sudoku_repl.commands.table import CommandSet
from sudoku_repl.views.board import board_lines, last_step_changes

command = CommandSet(__name__)


def wants_colour(repl: Repl) -> bool:
    """Whether ``board`` draws in colour: as ``set colour`` says, else (auto) on a terminal,
    unless NO_COLOR is set."""
    if repl.view.colour is not None:
        return repl.view.colour
    if os.environ.get("NO_COLOR"):
        return False
    return bool(getattr(repl.out, "colour", False))


@command(
    "board",
    "draw the grid with the candidates of each empty cell",
    help="The present state (as show: also after goto and back) as a pencil-mark grid: each\n"
    "empty cell a 3x3 block of its candidates (1 top left .. 9 bottom right, . where absent),\n"
    "each filled cell its digit, givens, placed values and the cell guessed at each level\n"
    "told apart, and the cells and candidates the present step changed marked. On a terminal\n"
    "in colour; in batch mode, or with NO_COLOR set, in plain characters; a legend below says\n"
    "how to read it. A classic grid fits 80 columns; a samurai or flower puzzle is drawn as\n"
    "its overlapping grids in frame layout, which is wider (116 and 84 columns).",
)
def _board(repl: Repl, arg: str) -> None:
    no_argument("board", arg)
    session = repl.require_quiz()
    state = session.state()
    before = last_step_changes(session.history, session.cursor, state)
    givens = session.quiz.givens if session.quiz is not None else state.values
    repl.lines(board_lines(state, session.geo, givens, before, wants_colour(repl)))

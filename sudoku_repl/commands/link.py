"""``link``: the present position as a SudokuWiki solver URL, so that a person can hand it to
a tool they already use. Declared in ``declared/link.py``.

The URL is the form SudokuWiki's own pages link a puzzle with (their "From the start" links):
``https://www.sudokuwiki.org/sudoku.htm?bd=`` and 81 digits, row by row, 0 for an empty cell.
Its pages also link positions with candidates (``?bd=S9B...``), but that encoding is not
documented anywhere we could find, so it is not written (docs/commands.md, ``link``); nor is a
Sudoku Coach URL, whose form is not documented either.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core.errors import UserError

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

SUDOKUWIKI = "https://www.sudokuwiki.org/sudoku.htm?bd="


def sudokuwiki_url(values: Sequence[int]) -> str:
    """The SudokuWiki solver URL of 81 values (0: an empty cell)."""
    return SUDOKUWIKI + "".join(map(str, values))


def link(repl: Repl) -> None:
    session = repl.require_quiz()
    geo = session.geo
    if not geo.classic:
        raise UserError(
            f"link takes a classic 9x9 quiz: SudokuWiki's solver reads one grid of 81 cells "
            f"(this puzzle has {len(geo.grids)} grids)"
        )
    state, _ = repl.looked_at()
    repl.out.message(sudokuwiki_url(state.values))

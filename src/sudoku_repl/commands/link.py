"""``link``: the present position as a SudokuWiki solver URL, so that a person can hand it to
a tool they already use. Declared in ``declared/link.py``.

The URL is the form SudokuWiki's own pages link a puzzle with (their "From the start" links):
``https://www.sudokuwiki.org/sudoku.htm?bd=`` and 81 digits, row by row, 0 for an empty cell.
``link --candidates`` writes the position with its candidates in the 162-character form the site
documents on its page "Sudoku String Definitions" (www.sudokuwiki.org/Sudoku_String_Definitions,
January 2023): per cell, row by row, its value's bit or its candidates' bits (value v: bit
``1 << (v - 1)``), shifted left by one with the low bit 1 for a clue (a given), written in base
32 (``0``-``9``, ``a``-``v``) as two characters. (Its own links also put ``S9B`` before the 162
characters; that prefix is not documented, and its import reads the string without it.) No Sudoku
Coach URL: its form is not documented.
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


#: SudokuWiki's base 32 digits (JavaScript's ``toString(32)``)
BASE32 = "0123456789abcdefghijklmnopqrstuv"


def sudokuwiki_position_url(
    values: Sequence[int], cands: Sequence[int], givens: Sequence[int]
) -> str:
    """The SudokuWiki solver URL of a position with its candidates (81 cells each: the values,
    0 for an empty cell; the candidates as bits, value v bit ``1 << (v - 1)``; the givens, whose
    cells are the clues): the site's 162-character form (module docstring)."""
    chars = []
    for value, mask, given in zip(values, cands, givens, strict=True):
        n = (1 << (value - 1) if value else mask) << 1 | (1 if given else 0)
        chars.append(BASE32[n >> 5] + BASE32[n & 31])
    return SUDOKUWIKI + "".join(chars)


def link(repl: Repl, candidates: bool = False) -> None:
    from sudoku_repl.core.state import Status

    session = repl.require_quiz()
    geo = session.geo
    if not geo.classic:
        why = (
            f"plays classic sudoku (this quiz plays {geo.rules})"
            if geo.one_grid
            else f"reads one grid of 81 cells (this puzzle has {len(geo.grids)} grids)"
        )
        raise UserError(f"link takes a classic 9x9 quiz: SudokuWiki's solver {why}")
    state, _ = repl.looked_at()
    if not candidates:
        repl.out.message(sudokuwiki_url(state.values))
        return
    if state.status is Status.LOADED:
        raise UserError(
            "No candidates yet at the quiz's start: a step works them out (link alone gives "
            "the quiz's values)"
        )
    quiz = session.quiz
    givens = quiz.givens if quiz is not None else state.values
    repl.out.message(sudokuwiki_position_url(state.values, state.cands, givens))

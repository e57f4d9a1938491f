"""``link``: the present values as a SudokuWiki solver URL (issue 33, section 6). The expected
URLs are written by hand from the form SudokuWiki's own pages link puzzles with:
``https://www.sudokuwiki.org/sudoku.htm?bd=`` and 81 digits, row by row, 0 for an empty cell."""

from __future__ import annotations

from tests.support.helpers import PUZZLES
from tests.support.soundness import new_repl, run_commands

FORMATS = PUZZLES / "formats"
#: the first grid of norvig_easy50, as puzzles/formats/easy01.sdk holds it
EASY01_URL = (
    "https://www.sudokuwiki.org/sudoku.htm?bd="
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
)
#: the position of easy01_hodoku_library.txt line 1: 4 placed in [5,6], 1 in [5,7], 4 in [9,4]
POSITION_URL = (
    "https://www.sudokuwiki.org/sudoku.htm?bd="
    "003020600900305001001806400008102900700004108006708200002609500800203009005410300"
)


def test_link_of_a_quiz() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {FORMATS / 'easy01.sdk'}")
    assert run_commands(repl, out, "link") == [EASY01_URL]


def test_link_of_a_position_and_of_a_step_looked_at() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {FORMATS / 'easy01_hodoku_library.txt'}")
    assert run_commands(repl, out, "link") == [POSITION_URL]
    run_commands(repl, out, "goto 1")  # before the hand edits: the givens only
    assert run_commands(repl, out, "link") == [EASY01_URL]


def test_link_takes_a_classic_grid() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {PUZZLES / 'variants' / 'samurai_seed001.txt'}")
    out.clear()
    assert not repl.execute("link")
    assert out.lines == [
        "link takes a classic 9x9 quiz: SudokuWiki's solver reads one grid of 81 cells "
        "(this puzzle has 5 grids)"
    ]


def test_link_without_a_quiz() -> None:
    repl, out = new_repl()
    assert not repl.execute("link")
    assert len(out.lines) == 1 and out.lines[0].startswith("No quiz loaded")

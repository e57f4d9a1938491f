"""``link``: the present values as a SudokuWiki solver URL. The expected
URLs are written by hand from the form SudokuWiki's own pages link puzzles with:
``https://www.sudokuwiki.org/sudoku.htm?bd=`` and 81 digits, row by row, 0 for an empty cell.
``link --candidates``: the site's documented 162-character form (its example string, and the
show block's candidates, read back with the page's rule)."""

from __future__ import annotations

import re

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


# -- link --candidates: SudokuWiki's 162-character form -------------------------------------

#: the example of SudokuWiki's page "Sudoku String Definitions" (January 2023), as printed there
DOCUMENTED = (
    "vu4804032o1508g080030k10o888882647046888g06828060k10029k260b90478go003g0g95090b0b6a2c00g0b"
    "cg038ga8g9ao1506601oh847063a2ag288gg8g0626c082c2k20b159818920k9ag9462044"
)
SITE = "https://www.sudokuwiki.org/sudoku.htm?bd="


def decoded(text: str) -> tuple[list[int], list[int], list[int]]:
    """The page's rule read backwards, written here from its words (not from the code under
    test): two base-32 characters a cell; the low bit is the clue flag; the rest are bits,
    value v bit 1 << (v - 1); one bit alone is a value. (values, candidates, clue flags: the
    page's own example sets the flag on some cells of several candidates too.)"""
    values, cands, clues = [], [], []
    for k in range(0, 162, 2):
        n = int(text[k : k + 2], 32)
        clue, bits = n & 1, n >> 1
        single = bits and not bits & (bits - 1)
        value = bits.bit_length() if single else 0
        values.append(value)
        cands.append(0 if value else bits)
        clues.append(clue)
    return values, cands, clues


def test_the_documented_example_is_written_back_as_the_site_wrote_it() -> None:
    from sudoku_repl.commands.link import sudokuwiki_position_url

    values, cands, clues = decoded(DOCUMENTED)
    assert any(clues) and sum(1 for c in cands if c) > 20  # clues, values and candidates
    assert sudokuwiki_position_url(values, cands, clues) == SITE + DOCUMENTED


def test_link_candidates_carries_the_show_blocks_candidates_and_the_givens() -> None:
    """After step 1 of the seed quiz: what the URL says is what show says (the show block's
    candidates are the reference trace's), and the clues are the quiz's givens."""
    from tests.support.helpers import SEED, SEED_QUIZ

    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SEED}", "step")
    shown = run_commands(repl, out, "show")
    (url,) = run_commands(repl, out, "link --candidates")
    assert url.startswith(SITE) and len(url) == len(SITE) + 162
    values, cands, clues = decoded(url[len(SITE) :])
    assert clues == [int(c != "0") for c in SEED_QUIZ]
    grid = "".join(line.replace(" ", "") for line in shown[:11] if line.strip())
    assert [int(c) for c in grid] == values
    listed = {}
    for line in shown[shown.index("Candidates:") + 1 :]:
        for r, c, digits in re.findall(r"\[(\d),(\d)\]: ([\d ]+?)(?= \[|$)", line):
            listed[(int(r) - 1) * 9 + int(c) - 1] = sum(1 << (int(d) - 1) for d in digits.split())
    assert len(listed) == values.count(0)  # every empty cell, with its candidates
    assert {cell: cands[cell] for cell in listed} == listed


def test_link_candidates_before_the_first_step_is_one_line() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {FORMATS / 'easy01.sdk'}")
    out.clear()
    assert not repl.execute("link --candidates")
    assert out.lines == [
        "No candidates yet at the quiz's start: a step works them out (link alone gives the "
        "quiz's values)"
    ]
    assert run_commands(repl, out, "link") == [EASY01_URL]

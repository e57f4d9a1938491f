"""The original's measure made order-free (``guesses``): guess depth and fewest guesses on
the original's filters, the sets named checked by the tests' own rules."""

from __future__ import annotations

from itertools import combinations

import pytest

from sudoku_repl.techniques.difficulty.guesses import fewest_guesses, guess_depth
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import unique_solution
from sudoku_repl.techniques.difficulty.te import Level, te_depth
from tests.techniques.difficulty.oracle import finish

SEED = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"


def placed(marks: Marks, cells: tuple[tuple[int, int], ...]) -> list[int]:
    cands = list(marks.cands)
    for i, d in cells:
        cands[i] = 1 << (d - 1)
    return cands


def test_a_puzzle_the_fill_passes_finish_needs_no_guess(build: str) -> None:
    assert finish(list(Marks.from_sukaku(EASY).cands), hidden=False)
    for mode in (0, 1, 2):
        assert guess_depth(Marks.from_sukaku(EASY), mode) == Level(value=0)
        assert fewest_guesses(Marks.from_sukaku(EASY), mode).level == Level(value=0)


def test_more_rules_need_no_more_nesting(build: str) -> None:
    for puzzle in (SEED, BACKDOOR_1):
        marks = Marks.from_sukaku(puzzle)
        grp = guess_depth(marks, 0).value
        ply = guess_depth(marks, 2).value
        te = te_depth(marks).value
        assert grp is not None and ply is not None and te is not None
        assert grp <= te <= ply  # subsets > BRT > naked singles


def test_fewest_guesses_names_a_set_the_filters_finish_and_none_smaller_does(
    build: str,
) -> None:
    marks = Marks.from_sukaku(SEED)
    solution = unique_solution(marks)
    for mode, subsets, hidden in ((0, True, True), (2, False, False)):
        found = fewest_guesses(marks, mode)
        size = found.level.value
        assert size is not None and len(found.cells) == size > 0
        assert all(solution[i] == d for i, d in found.cells)
        assert finish(placed(marks, found.cells), hidden=hidden, subsets=subsets)
        open_cells = [i for i in range(81) if marks.cands[i] & (marks.cands[i] - 1)]
        for smaller in combinations(open_cells, size - 1):
            cells = tuple((i, solution[i]) for i in smaller)
            assert not finish(placed(marks, cells), hidden=hidden, subsets=subsets)


def test_fewest_guesses_says_beyond_its_limit(build: str) -> None:
    found = fewest_guesses(Marks.from_sukaku(SEED), 2, limit=1)
    assert found.level == Level(beyond=1) and found.cells == ()


def test_only_the_originals_modes_have_filters_here() -> None:
    with pytest.raises(ValueError, match="run modes 0, 1 and 2"):
        guess_depth(Marks.from_sukaku(SEED), 3)

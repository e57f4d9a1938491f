"""``rating.reaches(puzzle, X)``: whether Sudoku Explainer's ER of a puzzle is X or more, the
filter ``generate --er X-`` asks of every puzzle it makes, without the rating's
steps: one C call on the native build, ``rate(..., below=X - 0.1)`` on the pure one.

The expected answers come from the committed ratings (``tests/data/se_rated_slice.txt``: the
bank's ER, which serate gives too), not from this code."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import rating
from tests.support.helpers import TEST_DATA, read_lines

SLICE = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]
#: the slice's lines that rate in a fraction of a second below 9.0, and every one of 9.x
LINES = range(0, len(SLICE), 3)
#: the pure build's lines where the answer needs the chains (its chains take tenths of a second
#: a puzzle): ER 8.2 (at least 8.0, not 9.0; its early stop is at a chain), 7.1 and 5.7 (below
#: both; the 7.1 reaches 7.0 from a stop at its hardest step), the slice's quickest of each
CHAINED = [1, 8, 6]


@pytest.mark.parametrize("least", [50, 70, 80, 90])
def test_reaches_says_whether_er_is_at_least_x(build: str, least: int) -> None:
    for k in LINES if build == "native" or least < 80 else CHAINED:
        puzzle, er = SLICE[k][0], float(SLICE[k][1])
        assert rating.reaches(puzzle, least) == (round(er * 10) >= least), (k + 1, er, least)


def test_reaches_is_stopped_by_its_interrupt() -> None:
    puzzle = SLICE[1][0]  # ER 8.2
    with pytest.raises(rating.Interrupted):
        rating.reaches(puzzle, 90, lambda: True)

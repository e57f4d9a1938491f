"""``rating.figures``: a puzzle's ER, EP and ED alone (the maker's judge), on each build; None
where the rating is not exact (a step above ``above`` taken).

The expected figures are serate's, from ``tests/data/se_rated_slice.txt``, not this code's."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer import rating
from tests.support.helpers import TEST_DATA, read_lines

SLICE = [line.split() for line in read_lines(TEST_DATA / "se_rated_slice.txt")]


def serates(row: list[str]) -> tuple[int, int, int]:
    er, ep, ed = (round(float(word) * 10) for word in row[1:4])
    return er, ep, ed


def rows(build: str) -> list[list[str]]:
    # (the pure chains take seconds a puzzle: the pure build's rows stop below 6.5)
    return SLICE if build == "native" else [row for row in SLICE if float(row[1]) < 6.5]


def test_figures_are_serates(build: str) -> None:
    checked = rows(build)
    assert len(checked) >= 15
    for row in checked:
        assert rating.figures(row[0]) == serates(row), row


def test_a_step_above_above_gives_none(build: str) -> None:
    for row in rows(build)[:6]:
        er = serates(row)[0]
        assert rating.figures(row[0], above=er) == serates(row), row
        assert rating.figures(row[0], above=er - 1) is None, row


def test_figures_are_stopped_by_their_interrupt(build: str) -> None:
    with pytest.raises(rating.Interrupted):
        rating.figures(SLICE[0][0], lambda: True)

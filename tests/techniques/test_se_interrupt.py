"""Ctrl-C during one quiz's Sudoku Explainer rating: the rating polls the
interrupt callable it is given where it looks at its time limit (before each technique), so a
flag raised while it works stops it at the next technique, not after the quiz."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.techniques.explainer import rate, singles
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.rating import Interrupted
from sudoku_repl.tools.rating import rate as tools_rate
from sudoku_repl.tools.rating.pool import StopFlag, rate_batches, unbatched
from sudoku_repl.tools.rating.rate import rate_quiz
from tests.support.helpers import SEED_QUIZ


class CtrlC:
    """Raised by the first technique the rating tries (as Ctrl-C would land while it works);
    counts how often that technique was asked."""

    def __init__(self, flag: StopFlag) -> None:
        self.flag = flag
        self.calls = 0
        self.original = singles.hidden_singles

    def __call__(self, grid: Grid) -> Iterator[Hint]:
        self.calls += 1
        self.flag.set()
        yield from self.original(grid)


def test_the_rating_polls_the_callable_and_stops_at_once() -> None:
    polls = []

    def third_poll() -> bool:
        polls.append(1)
        return len(polls) >= 3

    with pytest.raises(Interrupted):
        rate(SEED_QUIZ, time_limit=None, interrupted=third_poll)
    assert len(polls) == 3  # the poll that said stop was the last thing looked at


#: line 5 of the bundled SE-rated sample (ER 7.2 there, by SukakuExplainer): a rating of several
#: techniques in a quarter of a second (the seed quiz's takes twelve)
RATED_7_2 = "008003090000000865019008000004020100600304002002050900000800450136000000040200600"


def test_without_the_flag_the_rating_is_the_same() -> None:
    polled = rate(RATED_7_2, 60, lambda: False).er
    assert polled == rate(RATED_7_2, 60).er
    assert f"{polled:.1f}" == "7.2"


def test_ctrl_c_during_a_quizs_se_rating_stops_rate_quiz(monkeypatch: pytest.MonkeyPatch) -> None:
    flag = StopFlag()
    ctrl_c = CtrlC(flag)
    monkeypatch.setattr(singles, "hidden_singles", ctrl_c)
    with pytest.raises(tools_rate.Interrupted):
        rate_quiz(SEED_QUIZ, interrupted=flag, se_timeout=600)
    assert ctrl_c.calls == 1  # no second step of the rating after Ctrl-C


def test_ctrl_c_during_the_se_rating_ends_the_rows_without_that_quiz(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    flag = StopFlag()
    ctrl_c = CtrlC(flag)
    monkeypatch.setattr(singles, "hidden_singles", ctrl_c)
    quizzes = [(1, Quiz.from_string(SEED_QUIZ)), (2, Quiz.from_string(SEED_QUIZ))]
    assert list(unbatched(rate_batches(quizzes, jobs=1, stop=flag, se_timeout=600))) == []
    assert ctrl_c.calls == 1

"""Seed 003's scramble, the shell's ``scramble`` (it was ``generate``'s): every swap count is
bounded (one line beyond it, nothing made), and the scramble polls the interrupt, so Ctrl-C
is answered before a plan is built, not after the quiz."""

from __future__ import annotations

import random

import pytest

from sudoku_repl.core.hooks import Stopped
from sudoku_repl.tools.making import scramble
from tests.support.helpers import Shell


@pytest.mark.parametrize(
    "option", ["--digit-swaps", "--row-swaps", "--col-swaps", "--band-swaps", "--stack-swaps"]
)
@pytest.mark.parametrize("count", ["99999999999", "100000000", "10001"])
def test_a_swap_count_beyond_the_bound_is_one_line(option: str, count: str) -> None:
    shell = Shell.loaded()
    before = shell.repl.session.quiz
    (line,) = shell.fails(f"scramble {option} {count} --seed 1")
    assert line.startswith(
        f"scramble: argument {option}: want a whole number from 0 to 10000, not '{count}'"
    )
    assert shell.repl.session.quiz is before


def test_the_bound_itself_is_taken() -> None:
    shell = Shell()
    said = shell.ok("scramble --digit-swaps 10000 --stack-swaps 10000 --seed 2")
    assert said[0] == "Seed 2 (scramble --seed 2 makes the same quizzes)."
    assert said[-1] == "Quiz loaded."


def test_ctrl_c_is_answered_before_the_first_scramble() -> None:
    """With Ctrl-C already come, no plan is built (the interrupt polled before each scramble)."""
    shell = Shell(interrupted=lambda: True)
    said = shell.ok(
        "scramble --digit-swaps 10000 --row-swaps 10000 --col-swaps 10000 --count 3 --seed 1"
    )
    assert said == ["Interrupted after 0 quizzes."]
    assert shell.repl.session.quiz is None


def test_the_scramble_polls_between_its_tries() -> None:
    """A threshold no scramble meets tries up to ``MAX_TRIES`` times: the poll is called before
    each, and what it raises ends the scramble there."""
    polled = []

    def poll() -> None:
        polled.append(1)
        if len(polled) == 3:
            raise Stopped

    with pytest.raises(Stopped):
        scramble.generate(random.Random(1), below=0.001, poll=poll)
    assert len(polled) == 3


def test_more_swaps_than_the_bound_are_refused_by_the_scramble_too() -> None:
    with pytest.raises(ValueError, match="at most 10000 swaps"):
        scramble.generate(random.Random(1), counts=scramble.Counts(digits=10_001))

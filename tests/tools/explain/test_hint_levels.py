"""The original's graded hints in every run mode: each level tells strictly more than the one
before it, level 3 says the step in words (run-mode 3's theorems, the chains of run modes 4
and 5, a contradiction, a solution too), never in the trace's; plain ``hint`` is the trace.

The expected words were read off the seed's traces by hand: run-mode 3's step 2 is ``NA(14)=5
[2,5] by theorem 3 in row 2``; run-mode 4's step 17 is ``Forcing-Chain: r9c9=2 -> r4c9!=2 =>
r4c2=2 -> r4c2!=8 => r5c3=8 -> r9c3!=8 => r9c3=2 -> r9c9!=2, removes 2 from [9,9]``."""

from __future__ import annotations

import pytest

from sudoku_repl import api
from sudoku_repl.core.state import Status
from tests.support.helpers import SEED

ROW2 = "It looks at " + " ".join(f"[2,{c}]" for c in range(1, 10)) + "."


def session_in(mode: int, steps: int) -> api.Session:
    api.Session.from_quiz(SEED)  # (the run modes registered)
    session = api.Session.from_quiz(SEED, settings=api.Settings(run_mode=mode))
    while session.state().steps < steps:
        session.step()
    return session


def test_a_theorem_of_the_book_at_each_level() -> None:
    session = session_in(3, 1)
    assert session.hint(1) == "Next: theorem 3 of the book (a hidden single), row 2."
    assert session.hint(2).splitlines()[1:] == [ROW2]
    assert session.hint(3).splitlines()[2:] == [
        "In row 2, 5 can go only in [2,5]: theorem 3 places it (a hidden single).",
        "So it places [2,5]=5.",
    ]
    # plain hint: the trace of the step, which is no fill pass
    assert session.hint().splitlines() == [
        "Next: run-mode 3 finds at step 2:",
        "2) NA(14)=5 [2,5] by theorem 3 in row 2",
    ]


def test_a_chain_in_plain_words() -> None:
    session = session_in(4, 16)
    assert session.hint(1) == "Next: Forcing Chain, starting in row 9."
    assert session.hint(2).splitlines()[1] == "It looks at [9,9] [4,9] [4,2] [5,3] [9,3]."
    assert session.hint(3).splitlines()[2:] == [
        "The chain: 2 at [4,9] false, so 2 at [4,2] true, so 8 at [4,2] false, so 8 at [5,3] "
        "true, so 8 at [9,3] false, so 2 at [9,3] true.",
        "So 2 at [4,9] or 2 at [9,3] is true (if the first is false, the last is true), and 2 "
        "at [9,9] cannot be true beside either: it is false.",
        "So it removes 2 from [9,9].",
    ]


@pytest.mark.parametrize("mode", [0, 3, 4, 5])
def test_each_level_tells_more_than_the_one_before(mode: int) -> None:
    session = session_in(mode, 1)
    for _ in range(45):
        if session.state().status is Status.FINISHED:
            break
        one, two, three = (session.hint(level).splitlines() for level in (1, 2, 3))
        at = session.state().steps
        assert len(one) < len(two) < len(three), (at, three)
        assert two[: len(one)] == one and three[: len(two)] == two, (at, three)
        assert "The original's trace of it:" not in three, (at, three)
        session.step()

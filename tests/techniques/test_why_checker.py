"""Every explanation ``why`` gives is sound, by a checker that shares no code with the rules
(``tests/oracles/why_checker.py``): given only a reason's premises, an exhaustive search finds
no grid that keeps them and breaks the fact explained (or, for a contradiction, none that keeps
them at all). Random quizzes (the seed, Norvig's hardest, the forum's hardest, a samurai, a
flower), random steps, every run mode, on the engine this run has (``SUDOKU_REPL_ENGINE=pure``:
the pure one)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.api import Session, Settings
from sudoku_repl.core.state import LOADED
from sudoku_repl.techniques.why.answer import Fact
from sudoku_repl.techniques.why.reasons import COPY, holds, justify
from tests.oracles.why_checker import forced
from tests.support.profiles import examples

QUIZZES = [
    ("examples/seed.txt", 1),
    ("puzzles/norvig_hardest11.txt", 1),
    ("puzzles/norvig_hardest11.txt", 7),
    ("puzzles/forum_hardest_1106.txt", 1),
    ("puzzles/forum_hardest_1106.txt", 300),
    ("examples/samurai.txt", 1),
    ("examples/flower.txt", 1),
]
MODES = [0, 1, 2, 3, 4, 5]


def check_move(session: Session, move: int, sample: int) -> int:
    """Check the reasons of one recorded move: each premise holds before the move (or was made
    earlier in it), and the premises force the fact (the contradiction). How many checked."""
    history, geo = session.history, session.geo
    units = [u.cells for u in geo.units]
    before = session.state_after(move)
    reasons = justify(
        geo, before, history.events(move), history.run_mode(move), history.choice(move)
    )
    items = sorted(reasons.facts.items(), key=lambda item: item[1].order)
    step = max(len(items) // sample, 1)
    checked = 0
    for fact, reason in items[::step]:
        if reason.kind in ("guess", "edit"):
            assert not reason.premises
            continue
        for p in reason.premises:
            made = reasons.facts.get(p)
            earlier = made is not None and made.order < reason.order
            computed = before.status is not LOADED
            assert earlier or holds(p, before.values[p[0]], before.cands[p[0]], computed), (
                fact,
                p,
            )
        assert forced(units, reason.premises, fact), (move, fact, reason)
        if reason.kind == COPY:
            assert len(reason.premises) == 1
        checked += 1
    if reasons.contradiction is not None:
        assert forced(units, reasons.contradiction.premises, None), (move, reasons.contradiction)
        checked += 1
    return checked


@settings(
    max_examples=examples(12, 60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.sampled_from(QUIZZES),
    st.sampled_from(MODES),
    st.integers(1, 120),
    st.randoms(use_true_random=False),
)
def test_every_reason_is_forced_by_its_premises(
    quiz: tuple[str, int], mode: int, steps: int, rng: random.Random
) -> None:
    session = Session.from_quiz(quiz[0], quiz[1], Settings(run_mode=mode))
    session.goto(steps)
    moves = len(session.history)
    assert moves
    picked = sorted({rng.randrange(moves) for _ in range(3)} | {moves - 1})
    for m in picked:
        check_move(session, m, 8)


@pytest.mark.parametrize("mode", MODES)
def test_every_move_of_the_seed_is_explained_soundly(mode: int) -> None:
    """All the moves of the seed's first 40 steps, a few facts each, in each run mode."""
    session = Session.from_quiz("examples/seed.txt", 1, Settings(run_mode=mode))
    session.goto(40)
    assert sum(check_move(session, m, 4) for m in range(len(session.history))) > 40


@settings(max_examples=examples(8, 40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(QUIZZES), st.sampled_from(MODES), st.integers(2, 150), st.integers(0, 10**6))
def test_why_answers_for_any_filled_cell_and_each_cause_checks(
    quiz: tuple[str, int], mode: int, steps: int, pick: int
) -> None:
    """``why`` of a cell the search filled: the tree's every rule cause is forced by its
    premises (read back from the answer's (row, col) facts) and its step is within the
    present."""
    session = Session.from_quiz(quiz[0], quiz[1], Settings(run_mode=mode))
    session.goto(steps)
    state = session.state()
    assert session.quiz is not None
    filled = [i for i, v in enumerate(state.values) if v and not session.quiz.givens[i]]
    if not filled:
        return
    cell = filled[pick % len(filled)]
    row, col = session.geo.positions[cell]
    answer = session.why((row + 1, col + 1), depth=3)
    units = [u.cells for u in session.geo.units]

    def index(f: Fact) -> tuple[int, int, bool]:
        at = session.geo.cell_at(*f.cell)
        assert at is not None
        return at, f.value, f.holds

    for cause in answer.walk():
        assert cause.step is None or cause.step <= state.steps
        if cause.kind == "rule" and cause.fact is not None:
            assert forced(units, [index(p) for p in cause.premises], index(cause.fact))

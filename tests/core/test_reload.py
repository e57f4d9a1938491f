"""Loading a quiz keeps the session's engine when the geometry is the same (``Engine.reload``):
rating a file loads quiz after quiz, and an engine cost a third of a 17-clue quiz's rating. A
quiz loaded into a session that searched another must search exactly as in a new session:
every event, the state and the record, on both builds (the suite runs twice in CI)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.text.quiz_files import load
from sudoku_repl.tools.rating.rate import rate_quiz
from tests.support.helpers import SEED_QUIZ, VARIANTS, RecordingHooks, SilentHooks, puzzle_lines

QUIZZES = [
    SEED_QUIZ,
    puzzle_lines("norvig_top95.txt")[0],
    puzzle_lines("forum_hardest_1905_11plus_sample1000.txt")[7],
    puzzle_lines("royle17_sample2000.txt")[11],
    puzzle_lines("multiple_solutions.txt")[17],
]


def searched(session: Session, quiz: str, run_mode: int, steps: int) -> tuple[object, ...]:
    """Load ``quiz``, run ``steps`` steps in ``run_mode``: the events, the state, the record."""
    session.load(Quiz.from_string(quiz))
    session.settings.run_mode = run_mode
    hooks = RecordingHooks()
    session.run(hooks, solutions=0, max_steps=steps)
    history = session.history
    record = [
        (history.steps_after(m + 1), history.events(m), sorted(history.changes(m)))
        for m in range(len(history))
    ]
    return tuple(hooks.all_events), session.state(), record


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    before=st.sampled_from(QUIZZES),
    after=st.sampled_from(QUIZZES),
    before_steps=st.integers(0, 400),
    run_mode=st.sampled_from([0, 1, 2, 3]),
    steps=st.integers(1, 300),
)
def test_a_quiz_loaded_after_another_searches_as_in_a_new_session(
    before: str, after: str, before_steps: int, run_mode: int, steps: int
) -> None:
    """The session searched ``before`` (stopped anywhere, guesses open) first."""
    used = Session()
    used.load(Quiz.from_string(before))
    used.run(SilentHooks(), solutions=0, max_steps=before_steps)
    engine = used.engine
    assert searched(used, after, run_mode, steps) == searched(Session(), after, run_mode, steps)
    assert used.engine is engine  # kept, not made again


def test_another_geometry_gets_a_new_engine() -> None:
    session = Session()
    session.load(Quiz.from_string(SEED_QUIZ))
    engine = session.engine
    session.load(load(str(VARIANTS / "samurai_seed001.txt")))
    assert session.engine is not engine
    assert session.engine.geo is session.quiz.geometry  # type: ignore[union-attr]


@pytest.mark.parametrize("run_mode", [0, 2])
def test_rating_quiz_after_quiz_gives_each_quiz_its_own_figures(run_mode: int) -> None:
    """``rate_quiz`` keeps a session per run mode: the figures of a quiz do not depend on what
    was rated before it (all but the time): the same quizzes rated in one order, then in the
    other."""
    forward = [rate_quiz(q, max_steps=20_000, run_mode=run_mode) for q in QUIZZES[:4]]
    in_a_row = [rate_quiz(q, max_steps=20_000, run_mode=run_mode) for q in reversed(QUIZZES[:4])]
    for first, second in zip(forward, reversed(in_a_row)):
        assert (first.steps_first, first.steps_total, first.solutions, first.guesses) == (
            second.steps_first,
            second.steps_total,
            second.solutions,
            second.guesses,
        )
        assert (first.biggest_first, first.biggest_total, first.complete) == (
            second.biggest_first,
            second.biggest_total,
            second.complete,
        )

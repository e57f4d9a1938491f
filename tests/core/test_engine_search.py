"""``Engine.search``: the search a session's ``run``/``runrun`` makes, without the record (what
``rate`` runs). Held to the session, the reference: the same state after it, the biggest level
of its new guesses and their number as the session's events say, on both builds (the suite runs
twice in CI), in the run modes the native core runs and one it leaves to the pure code."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.api import Session
from sudoku_repl.core import events as E
from sudoku_repl.core import native
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.state import FINISHED
from tests.support.helpers import SEED_QUIZ, RecordingHooks, puzzle_lines
from tests.support.sweeps import sanitized

QUIZZES = [
    SEED_QUIZ,
    puzzle_lines("norvig_top95.txt")[3],
    puzzle_lines("forum_hardest_1905_11plus_sample1000.txt")[21],
    puzzle_lines("royle17_sample2000.txt")[5],
    puzzle_lines("multiple_solutions.txt")[17],
    puzzle_lines("invalid_no_solution.txt")[0],
]


def by_session(
    quiz: str, run_mode: int, goals: list[tuple[int, int | None]]
) -> list[tuple[object, ...]]:
    """After each run of ``goals`` ((solutions, max_steps)): the state, the biggest new guess
    level of the run and how many new guesses it made, read from the session's events."""
    session = Session()
    session.load(Quiz.from_string(quiz))
    session.settings.run_mode = run_mode
    seen = []
    for solutions, max_steps in goals:
        hooks = RecordingHooks()
        report = session.run(hooks, solutions, max_steps)
        new = [e for e in hooks.all_events if E.is_new_guess(e)]
        biggest = max((e.level for e in new), default=0)
        assert biggest == report.biggest
        seen.append((session.state(), biggest, len(new)))
    return seen


def by_search(
    quiz: str, run_mode: int, goals: list[tuple[int, int | None]], batch: int
) -> list[tuple[object, ...]]:
    """The same runs with ``Engine.search``, ``batch`` steps a call."""
    engine = native.engine_type().from_givens(Quiz.from_string(quiz).givens)
    seen = []
    for solutions, max_steps in goals:
        first, biggest, guesses = engine.solutions, 0, 0
        while True:
            done, most, new = engine.search(run_mode, batch, solutions, first, max_steps)
            assert 0 <= done <= batch
            biggest, guesses = max(biggest, most), guesses + new
            if done < batch:
                break
        seen.append((engine.state(), biggest, guesses))
    return seen


# (under the sanitizers 15: the session, pure Python, is most of the time there)
@settings(
    max_examples=sanitized(40, 15), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    quiz=st.sampled_from(QUIZZES),
    run_mode=st.sampled_from([0, 1, 2, 3]),
    goals=st.lists(
        st.tuples(st.integers(0, 3), st.none() | st.integers(1, 600)), min_size=1, max_size=3
    ),
    batch=st.sampled_from([1, 7, 512]),
)
def test_search_ends_where_the_sessions_run_ends(
    quiz: str, run_mode: int, goals: list[tuple[int, int | None]], batch: int
) -> None:
    # a search to the end may be endless (a quiz of many solutions): it stops at 3,000 steps;
    # the book's theorems are slow in pure Python: short runs
    cap = 150 if run_mode == 3 else 3000
    endless = run_mode == 3
    goals = [
        (s, m if m is not None and m <= cap else None if s and not endless else cap)
        for s, m in goals
    ]
    assert by_search(quiz, run_mode, goals, batch) == by_session(quiz, run_mode, goals)


def test_the_seeds_whole_search_by_the_published_figures() -> None:
    """docs/engine.md 10: ``run`` ends at the solution at step 131, biggest level 11; ``run``
    again ends the search at step 284, biggest level 7, one solution in all."""
    engine = native.engine_type().from_givens(Quiz.from_string(SEED_QUIZ).givens)
    done, biggest, _ = engine.search(0, 10_000, solutions=1, first=0)
    assert (engine.steps, engine.solutions, biggest) == (131, 1, 11)
    assert done < 10_000
    _, biggest, _ = engine.search(0, 10_000, solutions=1, first=1)
    assert (engine.steps, engine.solutions, biggest) == (284, 1, 7)
    assert engine.status is FINISHED

"""A run that only goes on defers its record's events and changes (``History``): they are worked
out by replaying from the nearest snapshot when first read. The record read that way must be
the record written move by move (``Session.step`` writes every move as it is made), whatever
happens in between: reading part of it, stepping on, going back and taking another way, the cap
dropping its older half."""

from __future__ import annotations

import pytest

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import MOVES_PER_SNAPSHOT, History
from tests.support.helpers import SEED_QUIZ, SilentHooks, puzzle_lines

#: quizzes with long searches (several chunks of moves) and several run modes between them
QUIZZES = [
    SEED_QUIZ,
    puzzle_lines("norvig_top95.txt")[0],
    puzzle_lines("forum_hardest_1905_11plus_sample1000.txt")[19],
    puzzle_lines("multiple_solutions.txt")[17],  # more than 100,000 solutions
]


def everything(history: History) -> list[tuple[int, tuple[object, ...], list[object], int]]:
    """Every move of the record as it reads: steps after it, events, changes, run mode."""
    return [
        (
            history.steps_after(m + 1),
            history.events(m),
            list(history.changes(m)),
            history.run_mode(m),
        )
        for m in range(len(history))
    ]


def loaded(quiz: str, run_mode: int = 0) -> Session:
    session = Session()
    session.load(Quiz.from_string(quiz))
    session.settings.run_mode = run_mode
    return session


def written_move_by_move(quiz: str, run_mode: int, solutions: int = 0) -> Session:
    """The search to its end (or ``solutions`` solutions), every move written as it is made."""
    session = loaded(quiz, run_mode)
    hooks = SilentHooks()
    while not session.finished:
        if solutions and session.engine.solutions >= solutions:
            break
        session.step(hooks)
    return session


@pytest.mark.parametrize("run_mode", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("quiz", QUIZZES[:3], ids=["seed", "top95", "forum"])
def test_a_deferred_run_reads_as_the_record_written_move_by_move(quiz: str, run_mode: int) -> None:
    deferred = loaded(quiz, run_mode)
    deferred.run(SilentHooks(), solutions=0)
    history = deferred.history
    assert len(history) > MOVES_PER_SNAPSHOT  # more than one chunk: replays start at snapshots
    assert history.written() == 0  # nothing was read yet: every chunk is deferred
    expected = everything(written_move_by_move(quiz, run_mode).history)
    assert everything(history) == expected
    assert history.written() == -(-len(history) // MOVES_PER_SNAPSHOT)  # every chunk, once read


def test_stepping_on_after_a_run_writes_out_the_chunk_it_lands_in() -> None:
    quiz = QUIZZES[1]
    session = loaded(quiz)
    hooks = SilentHooks()
    session.run(hooks, solutions=0, max_steps=MOVES_PER_SNAPSHOT + 10)
    assert session.history.written() == 0
    for _ in range(5):
        session.step(hooks)
    assert session.history.written() == 1  # the last chunk, written out to take the steps
    session.run(hooks, solutions=0)
    assert everything(session.history) == everything(written_move_by_move(quiz, 0).history)


def test_going_back_and_taking_another_way_cuts_the_deferred_record() -> None:
    quiz = QUIZZES[2]
    session = loaded(quiz)
    hooks = SilentHooks()
    session.run(hooks, solutions=0, max_steps=300)
    session.goto(150, hooks)
    session.settings.run_mode = 1  # another input: the future is cut off at step 150
    session.run(hooks, solutions=0, max_steps=400)

    expected = loaded(quiz)
    expected.goto(150, hooks)  # past the record's end: it goes on move by move, written
    expected.settings.run_mode = 1
    while expected.engine.steps < 400 and not expected.finished:
        expected.step(hooks)
    assert everything(session.history) == everything(expected.history)


def test_the_cap_drops_deferred_chunks_as_it_drops_written_ones() -> None:
    quiz = QUIZZES[3]  # many solutions: a search longer than the cap
    cap = 8 * MOVES_PER_SNAPSHOT
    deferred = loaded(quiz)
    deferred.history.cap = cap
    deferred.run(SilentHooks(), solutions=400)
    written = loaded(quiz)
    written.history.cap = cap
    hooks = SilentHooks()
    while written.engine.solutions < 400:
        written.step(hooks)
    a, b = deferred.history, written.history
    assert a.dropped == b.dropped > 0
    assert (a.dropped_held, a.dropped_removed, a.dropped_biggest) == (
        b.dropped_held,
        b.dropped_removed,
        b.dropped_biggest,
    )
    assert a.first_steps == b.first_steps
    assert everything(a) == everything(b)


def test_a_record_that_does_not_replay_as_recorded_says_so() -> None:
    session = loaded(SEED_QUIZ)
    session.run(SilentHooks(), solutions=0)
    history = session.history
    history._steps[5] += 1  # a corrupted record: the replay's step count differs there
    with pytest.raises(RuntimeError, match="move 5 does not replay"):
        history.events(5)

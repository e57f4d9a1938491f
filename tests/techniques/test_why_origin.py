"""Where a fact came from (``techniques/why/origin.py``: the guess stack, a binary search over
the snapshots, one chunk read) agrees with the plain reading of the whole record: the last move
whose rule made the fact hold, each move's facts worked out from the state before it, move by
move from the start. A long search (quiz 18 of ``puzzles/multiple_solutions.txt``, 20,000
steps: frames whose present try began thousands of moves after their guess, and next guesses
that restore a fact and make it again in one move) and the seed in the chain modes."""

from __future__ import annotations

import pytest

from sudoku_repl.api import Session, Settings
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import MOVES_PER_SNAPSHOT
from sudoku_repl.core.session import Quiet
from sudoku_repl.techniques.why.origin import AT_START
from sudoku_repl.techniques.why.reasons import holds, justify
from sudoku_repl.techniques.why.tree import Explainer
from tests.support.helpers import REPO


def multiple_quiz(number: int) -> str:
    lines = (REPO / "puzzles" / "multiple_solutions.txt").read_text().splitlines()
    quizzes = [line.strip()[:81] for line in lines if len(line.strip()) >= 81]
    return quizzes[number - 1]


@pytest.mark.parametrize(
    ("quiz", "mode", "steps"),
    [(multiple_quiz(18), 0, 20_000), ("examples/seed.txt", 4, 250), ("examples/seed.txt", 5, 250)],
)
def test_origin_is_the_last_move_that_made_the_fact(quiz: str, mode: int, steps: int) -> None:
    session = Session(Settings(run_mode=mode))
    session.load(Quiz.from_string(quiz) if len(quiz) == 81 else Session.from_quiz(quiz).quiz)
    session.history.cap = 10 * steps
    session.run(Quiet(), 0, max_steps=steps)
    history, geo = session.history, session.geo
    last: dict[tuple[int, int, bool], int] = {}
    engine = session.engine_after(0)
    for m in range(len(history)):
        before = engine.state()
        made = justify(geo, before, history.events(m), history.run_mode(m), history.choice(m))
        for fact in made.facts:
            last[fact] = m
        session.replay_move(engine, m)
    state = session.state()
    ex = Explainer(session, lambda e: [], session.cursor, state)
    checked = 0
    for cell in range(geo.size):
        for v in range(1, 10):
            for is_value in (True, False):
                fact = (cell, v, is_value)
                if holds(fact, state.values[cell], state.cands[cell]):
                    assert ex.lineage.origin(fact, ex.anchor) == last.get(fact, AT_START), fact
                    checked += 1
    assert checked > 300


def test_an_answer_replays_a_chunk_of_the_record_once() -> None:
    """The states an answer restores are the record's (``state_after``, the plain restore),
    and asking for moves of one chunk, the later first or the earlier, replays the chunk's
    moves once: a later move goes on from the earlier one's replay, an earlier one was kept."""
    session = Session()
    session.load(Quiz.from_string(multiple_quiz(18)))
    session.history.cap = 10_000
    session.run(Quiet(), 0, max_steps=1_000)
    made: list[int] = []
    replay = session.replay_move

    def counted(engine: object, move: int) -> object:
        made.append(move)
        return replay(engine, move)  # type: ignore[arg-type]

    ex = Explainer(session, lambda e: [], session.cursor, session.state())
    session.replay_move = counted  # type: ignore[method-assign]
    base, last = 3 * MOVES_PER_SNAPSHOT, MOVES_PER_SNAPSHOT - 1  # a chunk's first, its last
    asked = [base + 40, base + 100, base + 7, base + 100, base + last]
    states = [ex.state_before(m) for m in asked]
    session.replay_move = replay  # type: ignore[method-assign]
    assert states == [session.state_after(m) for m in asked]
    assert made == list(range(base, base + last))  # each move of the chunk made once

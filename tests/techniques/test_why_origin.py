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

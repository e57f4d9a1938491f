"""``Engine.advance_many`` (the record's replay of a plain run's chunk, as export makes it): the
moves one ``advance`` at a time would make, with the step count after each, on the engine of
this build (pure, or native with the state pushed into the core once)."""

from __future__ import annotations

from sudoku_repl.core import native
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.quiz import Quiz
from tests.support.helpers import SEED_QUIZ


def one_at_a_time(engine: Engine, modes: list[int]) -> list[tuple[int, list[object]]]:
    found: list[tuple[int, list[object]]] = []
    for mode in modes:
        events = engine.advance(mode)
        found.append((engine.steps, list(events)))
    return found


def test_advance_many_makes_the_moves_of_advance_one_at_a_time() -> None:
    quiz = Quiz.from_string(SEED_QUIZ)
    engine_type = native.engine_type()
    reference = Engine.from_givens(quiz.givens, quiz.geometry)  # the pure engine: the reference
    expected = one_at_a_time(reference, [0] * 150)
    engine = engine_type.from_givens(quiz.givens, quiz.geometry)
    made = [(steps, list(events)) for steps, events in engine.advance_many([0] * 150)]
    assert made == expected
    assert 131 in [steps for steps, _ in expected]  # (the reference trace's solution step)
    # the state is the engine's again after the moves (pulled back from the core)
    assert engine.state() == reference.state()
    assert one_at_a_time(engine, [0] * 5) == one_at_a_time(reference, [0] * 5)

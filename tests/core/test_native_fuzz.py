"""A differential fuzz of the native core against the pure engine, on every geometry it takes:
the classic grid, samurai (369 cells: the record's cell numbers in 16 bits) and flower.

Random quizzes (a puzzle's givens with some taken away, or its solution with most cells
emptied: many solutions) go through random command sequences (steps, runs to a number of steps
or solutions, plain and silent, goto and back, run modes 0 to 2, guess answers) on two sessions,
one on each engine; every event, state and what the record says of every move must agree, and
the record's cell questions (the chunks' scan, value events, removals) must answer alike in C
and in Python. The clash test (``quiz._no_clash``) is fuzzed the same way.

``.ci/sanitize`` runs this under AddressSanitizer and UndefinedBehaviorSanitizer with
``SUDOKU_REPL_FUZZ_EXAMPLES`` examples a test (a few here, in the usual suite).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.core import native
from sudoku_repl.core import quiz as quiz_module
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell, values_of
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import removal_steps, value_events
from sudoku_repl.core.session import Session, Settings
from sudoku_repl.core.state import FINISHED
from tests.support.helpers import PUZZLES, SEED_QUIZ

pytestmark = pytest.mark.skipif(
    not native.active(), reason=f"the native core does not run here: {native.build()}"
)

EXAMPLES = int(os.environ.get("SUDOKU_REPL_FUZZ_EXAMPLES", "8"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PUZZLE_NAMES = ("classic", "samurai_seed001.txt", "flower_seed001.txt")


@cache
def puzzle(name: str) -> tuple[Quiz, tuple[int, ...]]:
    """A puzzle of one solution, and its solution (found by the pure engine)."""
    from sudoku_repl.text.quiz_files import load

    quiz = (
        Quiz.from_string(SEED_QUIZ) if name == "classic" else load(str(PUZZLES / "variants" / name))
    )
    engine = Engine.from_givens(quiz.givens, quiz.geometry)
    while not engine.solutions:
        assert engine.status is not FINISHED
        engine.advance(0)
    return quiz, tuple(engine.values)


@st.composite
def quizzes(draw: st.DrawFn) -> Quiz:
    """A puzzle's givens with some taken away, or its solution with most cells emptied."""
    name = draw(st.sampled_from(PUZZLE_NAMES))
    quiz, solution = puzzle(name)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    if draw(st.booleans()):
        keep = draw(st.floats(0.5, 1.0))
        givens = tuple(v if v and rng.random() < keep else 0 for v in quiz.givens)
    else:
        keep = draw(st.floats(0.1, 0.35))
        givens = tuple(v if rng.random() < keep else 0 for v in solution)
    return Quiz(givens, f"fuzz {name}", quiz.geometry)


class Hooks:
    """Every event, in order; guess answers from a seeded generator (the same on both
    sessions): the offered value, or an empty cell and one of its candidates."""

    def __init__(self, session: Session, seed: int, kinds: tuple[int, ...] | None = None) -> None:
        self.session = session
        self.random = random.Random(seed)
        self.seen: list[Event] = []
        if kinds is not None:
            self.kinds = kinds  # a silent run: only these are read (rate's way)

    def events(self, events: Sequence[Event]) -> None:
        # (a silent run may be given more kinds than it reads: the pure engine gives them all)
        kinds = getattr(self, "kinds", None)
        self.seen += events if kinds is None else [e for e in events if e[0] in kinds]

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        if self.random.random() < 0.6:
            return None
        state = self.session.state()
        empty = [i for i, v in enumerate(state.values) if not v and state.cands[i]]
        pick = self.random.choice(empty)
        return pick, self.random.choice(values_of(state.cands[pick]))

    def interrupted(self) -> bool:
        return False


COMMANDS = st.one_of(
    st.tuples(st.just("step"), st.integers(1, 6)),
    st.tuples(st.just("run"), st.integers(0, 3), st.integers(1, 300)),
    st.tuples(st.just("silent"), st.integers(1, 1500)),
    st.tuples(st.just("goto"), st.integers(0, 800)),
    st.tuples(st.just("mode"), st.integers(0, 2)),
    st.tuples(st.just("guess-mode"), st.integers(0, 1)),
)


def play(engine_type: type[Engine], quiz: Quiz, commands: list[tuple[Any, ...]]) -> list[Any]:
    """What a session on ``engine_type`` shows along the commands: events, states, record."""
    session = Session(Settings(), engine_type=engine_type)
    session.load(quiz)
    hooks = Hooks(session, 11)
    seen: list[Any] = []
    for command in commands:
        word = command[0]
        if word == "step":
            for _ in range(command[1]):
                session.step(hooks)
        elif word == "run":
            steps = session.state().steps + command[2]
            report = session.run(hooks, solutions=command[1], max_steps=steps)
            seen.append((report.biggest, report.solutions))
        elif word == "silent":
            silent = Hooks(session, 11, kinds=(7,))  # new guesses only
            report = session.run(silent, 0, max_steps=session.state().steps + command[1])
            seen.append(("silent", report.biggest, silent.seen))
        elif word == "goto":
            session.goto(min(command[1], session.history.last_steps + 50), hooks)
        elif word == "mode":
            session.settings.run_mode = command[1]
        else:
            session.settings.guess_mode = command[1]
        seen.append((word, session.state()))
        seen.append(hooks.seen[:])
        hooks.seen.clear()
    history = session.history
    seen.append([(history.steps_after(m + 1), history.events(m)) for m in range(len(history))])
    seen.append([list(history.changes(m)) for m in range(len(history))])
    return seen


@contextmanager
def pure() -> Iterator[None]:
    """The pure Python ways of the record's readers, for the time of the block."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(native.ENV, "pure")
        yield


def questions(session: Session, cells: Sequence[Cell]) -> list[Any]:
    """What the record answers of some cells: their tracks, value events and removals."""
    history = session.history
    answers: list[Any] = []
    for cell in cells:
        for stop in (None, len(history) // 2):
            track = history.cell_track(cell, stop)
            answers.append(
                (
                    list(track.steps),
                    bytes(track.values_before),
                    bytes(track.values),
                    list(track.cands_before),
                    list(track.cands),
                    dict(track.passing),
                )
            )
            for held in (0, 1 + cell % 9):
                steps, codes = value_events(track, held)
                answers.append((list(steps), bytes(codes)))
        for value in (1, 5, 9):
            answers.append(list(removal_steps(history, cell, value)))
    return answers


@FUZZ
@given(quiz=quizzes(), commands=st.lists(COMMANDS, min_size=1, max_size=8))
def test_both_engines_show_the_same_session(quiz: Quiz, commands: list[tuple[Any, ...]]) -> None:
    from sudoku_repl.core.native_engine import NativeEngine

    assert play(NativeEngine, quiz, commands) == play(Engine, quiz, commands)


@FUZZ
@given(
    quiz=quizzes(),
    mode=st.integers(0, 2),
    steps=st.integers(1, 20_000),
    back=st.integers(0, 100),
    seed=st.integers(0, 2**16),
)
def test_the_record_answers_alike_in_c_and_in_python(
    quiz: Quiz, mode: int, steps: int, back: int, seed: int
) -> None:
    """A plain run (its chunks deferred, as the native core records them), some of it gone back
    over and stepped again, then the same questions to the record in C and in Python."""
    session = Session(Settings(run_mode=mode))
    session.load(quiz)
    hooks = Hooks(session, seed, kinds=())
    session.run(hooks, 0, max_steps=steps)
    session.goto(max(session.history.last_steps - back, 0), hooks)
    for _ in range(3):
        session.step(hooks)
    rng = random.Random(seed)
    empty = [c for c in range(quiz.geometry.size) if not quiz.givens[c]]
    cells = rng.sample(empty, min(4, len(empty)))
    native_answers = questions(session, cells)
    with pure():
        assert questions(session, cells) == native_answers


@FUZZ
@given(
    name=st.sampled_from(PUZZLE_NAMES),
    seed=st.integers(0, 2**32 - 1),
    filled=st.floats(0.0, 0.6),
)
def test_the_clash_test_answers_alike_in_c_and_in_python(
    name: str, seed: int, filled: float
) -> None:
    geo = puzzle(name)[0].geometry
    rng = random.Random(seed)
    givens = tuple(rng.randint(1, 9) if rng.random() < filled else 0 for _ in range(geo.size))
    found = quiz_module._no_clash(givens, geo)
    with pure():
        assert quiz_module._no_clash(givens, geo) == found

"""The native core against the pure engine, the reference: the same events, states and record.

A hypothesis differential test runs random quizzes (lines of puzzles/*.txt, and solved grids with
random cells emptied, which have many solutions) through random command sequences (steps, runs
to a number of steps or solutions, goto and back, guess answers, run modes 0 to 5) on two
sessions, one on each engine, and compares every event the hooks are given, every state, and
what the record says of every move (a few dozen examples: 20 and 60 under CI's profile, 100
and 150 when sweeping, ``tests/support/profiles.py``; 5 and 10 under the sanitizers, whose run
fuzzes such sessions, on every geometry, with 100 examples a test, ``test_native_fuzz.py``).
Without the native core (no C compiler at install) the tests that need it are skipped;
``SUDOKU_REPL_EXPECT_NATIVE=1`` (CI) refuses that.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.core import events as E
from sudoku_repl.core import native
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell, values_of
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.runs import PlainRequest, PlainRun
from sudoku_repl.core.session import Session, Settings
from sudoku_repl.core.state import FINISHED
from tests.support.helpers import PUZZLES
from tests.support.profiles import examples
from tests.support.sweeps import sanitized

needs_native = pytest.mark.skipif(
    not native.available(), reason=f"no native core here: {native.build()}"
)
#: the differential tests name both engines, so the engine a run picks changes nothing in them:
#: the pure run (``SUDOKU_REPL_ENGINE=pure``, .ci/pure beside .ci/run's native run) leaves them
#: to the native run, which gives them CI's examples
differential = pytest.mark.skipif(
    os.environ.get("SUDOKU_REPL_ENGINE") == "pure",
    reason="the differential tests run in the native run (they name both engines)",
)


def quiz_lines() -> list[str]:
    lines = []
    for name in ("norvig_top95.txt", "forum_hardest_1106.txt", "multiple_solutions.txt"):
        for line in (PUZZLES / name).read_text().splitlines():
            text = line.strip()[:81]
            if len(text) == 81 and not line.startswith("#"):
                lines.append(text)
    return lines


LINES = quiz_lines()
SOLVED = (PUZZLES / "norvig_top95.solutions.txt").read_text().split()[0][:81]


@st.composite
def quizzes(draw: st.DrawFn) -> str:
    """A quiz of the puzzle files, or a solved grid with most cells emptied (many solutions)."""
    if draw(st.booleans()):
        return draw(st.sampled_from(LINES))
    keep = draw(st.sets(st.integers(0, 80), min_size=12, max_size=30))
    return "".join(ch if i in keep else "." for i, ch in enumerate(SOLVED))


class Hooks:
    """Every event, in order; guess answers drawn from a seeded generator (the same on both
    sessions): the offered value, or an empty cell and one of its candidates."""

    def __init__(self, session: Session, seed: int) -> None:
        self.session = session
        self.random = random.Random(seed)
        self.events_seen: list[Event] = []

    def events(self, events: Sequence[Event]) -> None:
        self.events_seen += events

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        if self.random.random() < 0.5:
            return None
        state = self.session.state()
        empty = [i for i, v in enumerate(state.values) if not v and state.cands[i]]
        pick = self.random.choice(empty)
        return pick, self.random.choice(values_of(state.cands[pick]))

    def interrupted(self) -> bool:
        return False


class Silent(Hooks):
    """Hooks that read new guesses only (as rate's do): they say so (``kinds``)."""

    kinds = (E.GUESS,)

    def events(self, events: Sequence[Event]) -> None:
        self.events_seen += [e for e in events if e[0] in self.kinds]


COMMANDS = st.one_of(
    st.tuples(st.just("step"), st.integers(1, 6)),
    st.tuples(st.just("run"), st.integers(0, 2), st.integers(1, 400)),
    st.tuples(st.just("goto"), st.integers(0, 600)),
    st.tuples(st.just("mode"), st.integers(0, 5)),
    st.tuples(st.just("guess-mode"), st.integers(0, 1)),
    st.tuples(st.just("silent"), st.integers(1, 2000)),
)


def play(engine_type: type[Engine], quiz: str, commands: list[tuple[Any, ...]]) -> list[Any]:
    """What a session on ``engine_type`` shows along the commands: events, states, record."""
    session = Session(Settings(), engine_type=engine_type)
    session.load(Quiz.from_string(quiz))
    hooks = Hooks(session, 7)
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
        elif word == "goto":
            session.goto(min(command[1], session.history.last_steps + 50), hooks)
        elif word == "mode":
            session.settings.run_mode = command[1]
        elif word == "guess-mode":
            session.settings.guess_mode = command[1]
        else:  # a silent run (rate's hooks: guesses only)
            silent = Silent(session, 7)
            steps = session.state().steps + command[1]
            report = session.run(silent, solutions=0, max_steps=steps)
            seen.append(("silent", report.biggest, [e for e in silent.events_seen]))
        seen.append((word, session.state()))
        seen.append(hooks.events_seen[:])
        hooks.events_seen.clear()
    history = session.history
    # the record's index of the cells first, while a plain run's chunks are still deferred
    seen.append([list(history.cell_steps(cell)) for cell in (0, 40, 80)])
    seen.append([(history.steps_after(m + 1), history.events(m)) for m in range(len(history))])
    seen.append([list(history.changes(m)) for m in range(len(history))])
    return seen


@needs_native
@differential
@settings(
    max_examples=sanitized(examples(quick=20, ci=20, sweep=100), 5),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(quiz=quizzes(), commands=st.lists(COMMANDS, min_size=1, max_size=8))
def test_both_engines_show_the_same_session(quiz: str, commands: list[tuple[Any, ...]]) -> None:
    from sudoku_repl.core.native_engine import NativeEngine

    assert play(NativeEngine, quiz, commands) == play(Engine, quiz, commands)


@needs_native
@differential
@settings(
    max_examples=sanitized(examples(quick=30, ci=60, sweep=150), 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    quiz=quizzes(),
    moves=st.lists(
        st.tuples(st.integers(0, 2), st.integers(1, 300), st.integers(0, 99)),
        min_size=1,
        max_size=6,
    ),
)
def test_both_engines_make_the_same_moves(quiz: str, moves: list[tuple[int, int, int]]) -> None:
    """Move by move in modes 0 to 2, with restores to an earlier state between the stretches."""
    from sudoku_repl.core.native_engine import NativeEngine

    givens = Quiz.from_string(quiz).givens
    pure = Engine.from_givens(givens)
    fast = NativeEngine.from_givens(givens)
    states = [pure.state()]
    for mode, count, back in moves:
        for _ in range(count):
            assert fast.advance(mode) == pure.advance(mode)
            assert fast.state() == pure.state()
            states.append(pure.state())
            if pure.status is FINISHED:
                break
        state = states[back % len(states)]
        pure.restore(state)
        fast.restore(state)


@needs_native
def test_the_native_build_is_the_default_and_pure_can_be_asked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sudoku_repl.core.native_engine import NativeEngine

    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.setattr(native, "selected", None)  # (chosen once: read the variable again)
    assert native.build() == "native core (C)"
    assert native.engine_type() is NativeEngine
    assert type(Session().engine_type) is type and Session().engine_type is NativeEngine
    monkeypatch.setenv(native.ENV, "pure")
    native.reset()
    assert native.build() == "pure Python (no native core: SUDOKU_REPL_ENGINE=pure)"
    assert Session().engine_type is Engine


def test_a_plain_run_polls_between_batches_of_units() -> None:
    """On the native core the plain run ticks and polls every ``poll_units`` units (the pure
    loop: before each); both end where the goal is, whatever the batch."""
    session = Session()
    session.load(Quiz.from_string(LINES[0]))
    polls: list[int] = []

    class Counting(Hooks):
        kinds = ()  # no events read: a silent run

        def interrupted(self) -> bool:
            polls.append(session.state().steps)
            return False

    session.run(Counting(session, 1), solutions=0, max_steps=1000)
    assert session.state().steps == 1000 or session.finished
    if isinstance(session.engine, Engine) and type(session.engine) is not Engine:
        assert len(polls) <= 1000 // session.poll_units + 1  # a unit is a step or more
    else:
        assert len(polls) > 100 and polls == sorted(set(polls))  # before each step


def plain_runs(engine: Engine) -> list[PlainRequest]:
    """The requests ``engine.run_plain`` is given from now on (the list grows as they come)."""
    calls: list[PlainRequest] = []
    run_plain = engine.run_plain

    def counted(asked: PlainRequest) -> PlainRun:
        calls.append(asked)
        return run_plain(asked)

    setattr(engine, "run_plain", counted)  # noqa: B010 (a method replaced on one instance: mypy)
    return calls


@needs_native
def test_a_traced_plain_run_makes_many_steps_a_call_and_stops_after_the_one_interrupted() -> None:
    """With a trace the native core's fast path makes many units a call (not one each), the
    hooks hearing each unit's events before the next unit is made and polled between them:
    Ctrl-C while a step's lines are printed stops the run after that step, as on the pure
    engine, with the same events heard."""
    from sudoku_repl.core.native_engine import NativeEngine

    seen = []
    for engine_type in (Engine, NativeEngine):
        session = Session(Settings(), engine_type=engine_type)
        session.load(Quiz.from_string(LINES[0]))

        class Stopping(Hooks):
            def interrupted(self) -> bool:  # Ctrl-C at the 150th event's lines (of 261)
                return len(self.events_seen) >= 150

        hooks = Stopping(session, 1)
        calls = plain_runs(session.engine)
        report = session.run(hooks, solutions=0)
        assert report.interrupted and not session.finished
        seen.append((session.state(), hooks.events_seen, report.biggest))
    assert seen[1] == seen[0]
    steps = seen[0][0].steps
    assert 0 < len(calls) < steps / 10  # (one a unit before: as many calls as steps at least)


@needs_native
@pytest.mark.parametrize("name", ["samurai_seed001.txt", "flower_seed001.txt"])
def test_both_engines_search_a_puzzle_of_several_grids_alike(name: str) -> None:
    """Shared units, cells in two grids: the core takes any geometry's tables."""
    from sudoku_repl.core.native_engine import NativeEngine
    from sudoku_repl.text.quiz_files import load

    quiz = load(str(PUZZLES / "variants" / name))
    for mode in (0, 1, 2):
        pure = Engine.from_givens(quiz.givens, quiz.geometry)
        fast = NativeEngine.from_givens(quiz.givens, quiz.geometry)
        while pure.status is not FINISHED:
            assert fast.advance(mode) == pure.advance(mode)
            assert fast.state() == pure.state()
        assert pure.solutions == 1

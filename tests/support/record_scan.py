"""The record's cell questions answered the slow way, for the tests only: the search is replayed
move by move from the record's start with a fresh engine (the record's run modes and guess
answers), and every move's state is looked at, as ``when`` read every move before the record
kept its index of the cells. Written from the definitions of ``core/record/`` ("The state at
step N"): the moves that advance the step count end a step, a step's state is the state after
its last move, and a cell changed at a step when that state shows it otherwise than the state
of the step before, or when it held a value only inside the step."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from sudoku_repl.api import Session
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.record import CellStep, History
from tests.support.helpers import SilentHooks


def loaded(quiz: str | Quiz, run_mode: int = 0) -> Session:
    """A session with ``quiz`` loaded (a quiz string or a Quiz) and ``run_mode`` set."""
    session = Session()
    session.load(quiz if isinstance(quiz, Quiz) else Quiz.from_string(quiz))
    session.settings.run_mode = run_mode
    return session


def mixed_records(quizzes: list[str], most_first: int, most_back: int) -> dict[str, Any]:
    """``mixed_record``'s arguments, and a seed, as hypothesis draws them (``@given(**...)``)."""
    return {
        "quiz": st.sampled_from(quizzes),
        "run_mode": st.sampled_from([0, 1, 2, 3]),
        "first": st.integers(1, most_first),
        "back": st.integers(0, most_back),
        "then_steps": st.integers(0, 40),
        "seed": st.integers(0, 10_000),
    }


def mixed_record(quiz: str, run_mode: int, first: int, back: int, then_steps: int) -> Session:
    """A record of every kind of move: a run of ``first`` steps (deferred chunks), ``back``
    steps back, ``then_steps`` single steps in the next run mode (written moves), and a run on
    as long again (deferred ones)."""
    session = loaded(quiz, run_mode)
    hooks = SilentHooks()
    session.run(hooks, solutions=0, max_steps=first)
    session.goto(max(session.history.earliest_step, session.state().steps - back), hooks)
    session.settings.run_mode = (run_mode + 1) % 3
    for _ in range(then_steps):
        session.step(hooks)
    session.run(hooks, solutions=0, max_steps=session.state().steps + first)
    return session


class Replayed:
    """Every move of a record replayed: the cells after each move, the step count and the
    solution sum after it."""

    def __init__(self, history: History) -> None:
        self.start = history.start
        engine = Engine(history.start, history.geometry)
        self.after: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.steps: list[int] = []
        self.solutions: list[int] = []
        for m in range(len(history)):
            engine.advance(history.run_mode(m), history.choice(m))
            self.after.append((tuple(engine.values), tuple(engine.cands)))
            self.steps.append(engine.steps)
            self.solutions.append(engine.solutions)
        assert self.steps == [history.steps_after(m + 1) for m in range(len(history))]

    def cell_steps(self, cell: int, stop: int | None = None) -> Iterator[CellStep]:
        value, cands = self.start.values[cell], self.start.cands[cell]
        held: list[int] = []
        before = self.start.steps
        for m in range(len(self.after) if stop is None else stop):
            values, all_cands = self.after[m]
            now_value, now_cands = values[cell], all_cands[cell]
            if now_value and now_value not in held:
                held.append(now_value)
            if self.steps[m] > before:  # the move ends a step
                passing = tuple(v for v in held if v not in (value, now_value))
                if (value, cands) != (now_value, now_cands) or passing:
                    yield CellStep(self.steps[m], value, cands, now_value, now_cands, passing)
                value, cands, held = now_value, now_cands, []
            before = self.steps[m]

    def removals(self, cell: int, value: int) -> list[int]:
        bit = 1 << (value - 1)
        last_empty = None if self.start.values[cell] else self.start.cands[cell]
        found = []
        for s in self.cell_steps(cell):
            if s.value:
                continue
            if last_empty is not None and last_empty & bit and not s.cands & bit:
                found.append(s.step)
            last_empty = s.cands
        return found

    def last_empty_cands(self, cell: int, moves: int) -> int | None:
        last = None if self.start.values[cell] else self.start.cands[cell]
        for s in self.cell_steps(cell, moves):
            if not s.value:
                last = s.cands
        return last

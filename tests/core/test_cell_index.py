"""The record's index of the cells (``core/record/``, ``Chunk``): ``when``, ``bisect when``
and the cell breakpoints read only the chunks that touched their cell. Their answers must be
those of a replay of every move from the record's start (``record_scan.Replayed``), on records
with deferred chunks, written ones, both in one chunk, cut by going back, and cut by the cap."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

from sudoku_repl.core.record import (
    MOVES_PER_SNAPSHOT,
    History,
    cell_steps,
    cell_values,
    last_empty_cands,
    removal_steps,
)
from tests.support.helpers import SEED_QUIZ, SilentHooks, puzzle_lines
from tests.support.record_scan import Replayed, loaded, mixed_record, mixed_records
from tests.support.sweeps import sanitized, sweep

QUIZZES = [
    SEED_QUIZ,
    puzzle_lines("norvig_top95.txt")[0],
    puzzle_lines("forum_hardest_1905_11plus_sample1000.txt")[19],
    puzzle_lines("multiple_solutions.txt")[17],  # more than 100,000 solutions
]
NAMES = ["seed", "top95", "forum", "many"]
#: each quiz in each run mode when sweeping; else eight of the twelve, spread (each quiz in modes
#: 0 and 2), under the sanitizers four (each quiz once, each mode: the replay, pure Python, is
#: most of the time there)
RUNS = sweep(
    [
        pytest.param(quiz, mode, id=f"{name}-{mode}")
        for quiz, name in zip(QUIZZES, NAMES, strict=True)
        for mode in (0, 1, 2)
    ],
    sanitized(8, 4),
)


def assert_answers_as_replayed(history: History, rng: random.Random, cells: int = 81) -> None:
    """Every question of every cell (``cells`` of them, at random) as the replay answers it."""
    replayed = Replayed(history)
    for cell in rng.sample(range(81), cells):
        stop = rng.randrange(len(history) + 1)
        assert list(cell_steps(history, cell)) == list(replayed.cell_steps(cell)), cell
        assert list(cell_steps(history, cell, stop)) == list(replayed.cell_steps(cell, stop))
        value = rng.randrange(1, 10)
        assert list(removal_steps(history, cell, value)) == replayed.removals(cell, value)
        assert last_empty_cands(history, cell, stop) == replayed.last_empty_cands(cell, stop)
        expected_values = [
            s for s in replayed.cell_steps(cell) if s.value != s.value_before or s.passing
        ]
        assert list(cell_values(history, cell)) == expected_values


@pytest.mark.parametrize(("quiz", "run_mode"), RUNS)
def test_a_deferred_run_answers_as_the_replay(quiz: str, run_mode: int) -> None:
    session = loaded(quiz, run_mode)
    session.run(SilentHooks(), solutions=0, max_steps=3000)
    history = session.history
    assert len(history) > 2 * MOVES_PER_SNAPSHOT and history.written() == 0
    assert_answers_as_replayed(history, random.Random(run_mode))
    assert history.written() == 0  # the run kept the cells' states (both builds): no replay


def test_the_index_holds_every_cell_a_move_changed() -> None:
    """Per move, the cells whose value or candidates differ from the state before are among
    the cells the record says the move touched (the index cannot pass a change over)."""
    session = loaded(QUIZZES[2])
    session.run(SilentHooks(), solutions=0)
    history = session.history
    replayed = Replayed(history)
    before = (tuple(history.start.values), tuple(history.start.cands))
    for m, after in enumerate(replayed.after):
        differ = {
            c for c in range(81) if (before[0][c], before[1][c]) != (after[0][c], after[1][c])
        }
        assert differ <= {c for c, _, _ in history.changes(m)}, m
        before = after


def test_written_deferred_and_mixed_chunks_answer_alike() -> None:
    """Stepping writes every move; a run after a few steps defers the rest; steps after a run
    write the chunk they land in (its first part worked out by replaying)."""
    session = loaded(QUIZZES[1])
    hooks = SilentHooks()
    for _ in range(10):
        session.step(hooks)
    session.run(hooks, solutions=0, max_steps=MOVES_PER_SNAPSHOT * 3 + 20)
    for _ in range(30):
        session.step(hooks)
    session.run(hooks, solutions=0, max_steps=900)
    assert_answers_as_replayed(session.history, random.Random(7))


def test_going_back_and_taking_another_way_answers_for_the_new_way() -> None:
    session = loaded(QUIZZES[2])
    hooks = SilentHooks()
    session.run(hooks, solutions=0, max_steps=700)
    history = session.history
    rng = random.Random(3)
    before = {cell: list(cell_steps(history, cell)) for cell in range(81)}  # writes some out
    session.goto(300, hooks)
    session.settings.run_mode = 1  # another input: the future is cut off at step 300
    session.run(hooks, solutions=0, max_steps=800)
    assert history.last_steps == session.state().steps > 300
    assert_answers_as_replayed(history, rng)
    assert any(list(cell_steps(history, c)) != before[c] for c in range(81))  # another way
    cut = history.moves_to(500) + 7  # inside a chunk
    history.truncate(cut)
    assert_answers_as_replayed(history, rng)


def test_the_cap_keeps_the_index_of_the_moves_it_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", str(6 * MOVES_PER_SNAPSHOT))
    session = loaded(QUIZZES[3])
    session.run(SilentHooks(), solutions=0, max_steps=2500)
    history = session.history
    assert history.dropped > 0
    assert_answers_as_replayed(history, random.Random(5))


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(**mixed_records(QUIZZES, most_first=400, most_back=300))
def test_random_records_answer_as_the_replay(
    quiz: str, run_mode: int, first: int, back: int, then_steps: int, seed: int
) -> None:
    """Run, go back, step by step (written moves) and run on (deferred ones) in another mode."""
    session = mixed_record(quiz, run_mode, first, back, then_steps)
    assert_answers_as_replayed(session.history, random.Random(seed), cells=20)


@pytest.mark.parametrize("cap", [None, 2 * MOVES_PER_SNAPSHOT])
def test_the_first_move_to_a_solution_sum_is_found_from_the_snapshots(
    cap: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bisect when solutions >= k`` reads one chunk (the snapshots bound it)."""
    if cap:
        monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", str(cap))
    session = loaded(QUIZZES[3])
    session.run(SilentHooks(), solutions=40)
    history = session.history
    replayed = Replayed(history)
    first_sum = replayed.start.solutions
    assert (history.dropped > 0) == bool(cap)
    for k in range(first_sum + 1, first_sum + 42):
        expected = next((m for m, n in enumerate(replayed.solutions) if n >= k), None)
        assert history.solution_move(k) == expected, k
    assert history.solution_move(first_sum + 41) is None  # not reached yet
    assert history.written() <= 3 * 41  # a chunk or so per question, not the record


def test_steps_of_several_moves_answer_by_their_last_state() -> None:
    """A fill pass that goes wrong does not end its step (the next guess does, in the same
    step): what the cell showed in between is not a step's state. Every question is asked
    right after each such step, for every cell its moves touched."""
    session = loaded(QUIZZES[2])
    session.run(SilentHooks(), solutions=0)
    history = session.history
    replayed = Replayed(history)
    inside = [m for m in range(len(history)) if not history.advances(m)]
    assert len(inside) > 20
    asked = 0
    for m in inside[:60]:
        end = history.step_end(m)
        if end >= len(history):
            continue
        cells = {c for move in (m, end) for c, _, _ in history.changes(move)}
        for cell in cells:
            stop = end + 1
            assert history.last_empty_cands(cell, stop) == replayed.last_empty_cands(cell, stop)
            assert (
                list(cell_steps(history, cell, stop))[-3:]
                == list(replayed.cell_steps(cell, stop))[-3:]
            )
            asked += 1
    assert asked > 100

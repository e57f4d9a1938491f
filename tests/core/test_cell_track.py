"""A cell's steps as columns (``History.cell_track``) and what reads them: ``when``'s lines,
``when removed``, ``bisect when cell``.

On the native build the scan of the chunks, the value events and the removals are made in C
(``core/csrc/``); the Python loops of ``core/record/`` are the reference, and the pure build's
way (``text/numbered.py`` makes the lines on both builds). A differential test runs both on random records
(random quizzes, run modes, going back, written and deferred chunks, moves that do not advance
the step count, the cap) and compares every column; ``when``'s lines are checked against an
independent replay of the record (``record_scan.Replayed``) on whichever build runs, and
against lines written out by hand.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from sudoku_repl.core import native
from sudoku_repl.core.record import (
    MOVES_PER_SNAPSHOT,
    CellTrack,
    History,
    first_holding,
    first_removal,
    queries,
    removal_steps,
    value_events,
)
from sudoku_repl.text.numbered import numbered_lines
from tests.support.helpers import BUILDS, SEED_QUIZ, VARIANTS, Shell, SilentHooks, puzzle_lines
from tests.support.record_scan import Replayed, loaded, mixed_record, mixed_records
from tests.support.sweeps import sanitized

needs_native = pytest.mark.skipif(
    not native.active(), reason=f"the native core does not run here: {native.build()}"
)

QUIZZES = [
    SEED_QUIZ,
    puzzle_lines("norvig_top95.txt")[0],
    puzzle_lines("forum_hardest_1905_11plus_sample1000.txt")[19],
    puzzle_lines("multiple_solutions.txt")[17],  # more than 100,000 solutions
]


@contextmanager
def pure() -> Iterator[None]:
    """The pure Python ways of the record's readers, for the time of the block."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(native.ENV, "pure")
        patch.setattr(native, "selected", None)  # (chosen once: read the variable again)
        yield


def columns(track: CellTrack) -> tuple[Any, ...]:
    return (
        track.steps.tolist(),
        track.values_before,
        track.values,
        track.cands_before.tolist(),
        track.cands.tolist(),
        track.passing,
    )


def busiest(history: History, count: int) -> list[int]:
    """The cells the most chunks of the record touched."""
    size = history.geometry.size
    touched = [(sum(c in chunk.cells for chunk in history._chunks), c) for c in range(size)]
    return [c for _, c in sorted(touched, reverse=True)[:count]]


def assert_both_ways_alike(history: History, cells: list[int], rng: random.Random) -> int:
    """The native readers answer every question of ``cells`` as the Python loops do; returns how
    many entries with passing values were compared."""
    last = len(history)
    stops = [None, 0, last, rng.randrange(last + 1), rng.randrange(last + 1)]
    inside = [m for m in range(last) if not history.advances(m)]
    if inside:  # a stop right after a step of several moves, and one inside it
        m = rng.choice(inside)
        stops += [history.step_end(m) + 1, m + 1]
    passing = 0
    for cell in cells:
        for stop in stops:
            fast = history.cell_track(cell, stop)
            with pure():
                slow = history.cell_track(cell, stop)
            assert columns(fast) == columns(slow), (cell, stop)
            passing += len(slow.passing)
        track = history.cell_track(cell)
        for held in range(10):
            fast_events = value_events(track, held)
            with pure():
                slow_events = value_events(track, held)
            assert fast_events == slow_events, (cell, held)
        for value in range(1, 10):
            fast_removed = removal_steps(history, cell, value)
            with pure():
                slow_removed = removal_steps(history, cell, value)
            assert fast_removed == slow_removed, (cell, value)
    return passing


@needs_native
@settings(
    max_examples=sanitized(15, 6), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(**mixed_records(QUIZZES, most_first=1500, most_back=600))
def test_the_native_scan_answers_as_the_python_loop(
    quiz: str, run_mode: int, first: int, back: int, then_steps: int, seed: int
) -> None:
    """Run (deferred chunks; mode 3's moves are recorded without their states), go back, step
    (written moves), run on in another mode; the busiest cells and a few at random. 15
    records, 6 under the sanitizers (the Python loops are most of the time there)."""
    history = mixed_record(quiz, run_mode, first, back, then_steps).history
    rng = random.Random(seed)
    cells = busiest(history, 3) + rng.sample(range(81), 5)
    assert_both_ways_alike(history, cells, rng)


@needs_native
def test_the_native_scan_sees_values_held_inside_a_step() -> None:
    """A whole search with many fill passes that went wrong: every cell, passing values found."""
    session = loaded(QUIZZES[2])
    session.run(SilentHooks(), solutions=0)
    history = session.history
    assert sum(not history.advances(m) for m in range(len(history))) > 20
    assert assert_both_ways_alike(history, list(range(81)), random.Random(1)) > 0


@needs_native
def test_the_native_scan_reads_a_record_cut_by_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The record starts at a later state (cells filled there: a value before the first step)."""
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", str(6 * MOVES_PER_SNAPSHOT))
    session = loaded(QUIZZES[3])
    session.run(SilentHooks(), solutions=0, max_steps=3000)
    history = session.history
    assert history.dropped > 0 and any(history.start.values[c] for c in range(81))
    assert_both_ways_alike(history, list(range(81)), random.Random(2))


@needs_native
def test_the_native_scan_reads_cells_numbered_past_255() -> None:
    """A samurai puzzle (369 cells): the record's cells are 16-bit numbers."""
    from sudoku_repl.text.quiz_files import load

    session = loaded(load(str(VARIANTS / "samurai_seed001.txt")))
    session.run(SilentHooks(), solutions=0, max_steps=2000)
    history = session.history
    size = history.geometry.size
    cells = busiest(history, 2) + [c for c in range(256, size) if not history.start.values[c]][:6]
    assert any(len(history.cell_track(c)) for c in cells if c >= 256)
    assert_both_ways_alike(history, cells, random.Random(3))


@pytest.mark.parametrize("window", [MOVES_PER_SNAPSHOT // 2, 7 * MOVES_PER_SNAPSHOT // 2])
def test_first_steps_read_growing_beginnings_of_the_record_as_the_replay(
    window: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``bisect when cell`` and ``bisect when removed`` look for the first step in the first
    ``window`` moves, then 4 times as many, ...: the first the replay of every move shows."""
    monkeypatch.setattr(queries, "_FIRST_MOVES", window)
    session = loaded(QUIZZES[2])
    session.run(SilentHooks(), solutions=0, max_steps=4000)
    history = session.history
    replayed = Replayed(history)
    first_reading = history.steps_after(min(window, len(history)))
    found = 0
    for cell in range(81):
        for v in range(1, 10):
            holding = next((s.step for s in replayed.cell_steps(cell) if s.value == v), None)
            assert first_holding(history, cell, v) == holding, (cell, v)
            removed = replayed.removals(cell, v)
            assert first_removal(history, cell, v) == (removed[0] if removed else None)
            found += holding is not None and holding > first_reading
    assert found > 0


# -- the lines ---------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", BUILDS)
def test_numbered_lines_put_each_number_between_its_template(
    engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if engine == "pure":
        monkeypatch.setenv(native.ENV, "pure")
        monkeypatch.setattr(native, "selected", None)  # (chosen once: read it again)
    elif not native.active():
        pytest.skip(native.build())
    numbers = array("I", [0, 7, 4294967295, 131])
    templates = [("", ") a"), ("   (inside step ", ": b)"), ("x", "")]
    assert numbered_lines(numbers, bytes([0, 1, 2, 0]), templates) == [
        "0) a",
        "   (inside step 7: b)",
        "x4294967295",
        "131) a",
    ]
    assert numbered_lines(numbers[:2], None, [("", ") é")]) == ["0) é", "7) é"]
    assert numbered_lines(array("I"), b"", templates) == []


def expected_when(replayed: Replayed, cell: int, name: str, held: int = 0) -> list[str]:
    """``when``'s lines (of value ``held``, or all) as docs/commands.md words them, from the
    replay of every move."""
    lines = []
    for s in replayed.cell_steps(cell):
        if s.value_before and s.value_before != s.value and held in (0, s.value_before):
            lines.append(f"{s.step}) {name} lost {s.value_before}")
        if s.value and s.value != s.value_before and held in (0, s.value):
            lines.append(f"{s.step}) {name} got {s.value}")
        lines += [
            f"   (inside step {s.step}: {name} held {v} only for a while, placed by a fill pass "
            "that went wrong and undone by the next guess)"
            for v in s.passing
            if held in (0, v)
        ]
    return lines


def test_when_gives_every_change_of_the_replayed_record() -> None:
    """The seed's whole search (fill passes that went wrong at 64 and 120), every empty cell:
    ``when``, ``when [r,c]=v`` and ``when removed v`` as the replay of every move shows them."""
    shell = Shell()
    shell.ok(f"load-quiz {SEED_QUIZ}")
    shell.ok("run")
    session = shell.repl.session
    history = session.history
    replayed = Replayed(history)
    passing = 0
    for cell in range(81):
        name = session.geo.cell_name(cell)
        if history.start.values[cell]:
            continue
        expected = expected_when(replayed, cell, name)
        passing += sum(line.startswith("   (inside") for line in expected)
        assert shell.ok(f"when {name}") == expected, name
        for v in range(1, 10):
            held = expected_when(replayed, cell, name, v)
            assert shell.ok(f"when {name}={v}") == (
                held or [f"{name} never got {v} in steps 1..{history.last_steps}."]
            )
            removed = [f"{step}) {v} removed from {name}" for step in replayed.removals(cell, v)]
            assert shell.ok(f"when removed {v} {name}") == (
                removed or [f"{v} was never removed from {name} in steps 1..{history.last_steps}."]
            )
    assert passing > 0


def test_when_of_a_cell_read_by_hand() -> None:
    """[4,2] in the seed's run to 98, read off ``goto`` and the reference trace: 8 at 22 (a fill
    pass at level 4, 18) Guess [3,3]), empty again at 36 (36) Forward guess [3,3] restores the
    level's frame), 2 placed inside step 65 by the fill pass that went wrong (64) and undone by
    the next guess, then the article's grids: 2 at 92 (the guess at level 11), 8 at 93 (its
    forward guess), empty at 94 (the upward guess back to level 10, made with [4,2] empty)."""
    shell = Shell.loaded()
    shell.ok("runtil 98")
    assert shell.ok("when [4,2]") == [
        "22) [4,2] got 8",
        "36) [4,2] lost 8",
        "   (inside step 65: [4,2] held 2 only for a while, placed by a fill pass that went "
        "wrong and undone by the next guess)",
        "92) [4,2] got 2",
        "93) [4,2] lost 2",
        "93) [4,2] got 8",
        "94) [4,2] lost 8",
    ]
    assert shell.ok("when [4,2]=8") == [
        "22) [4,2] got 8",
        "36) [4,2] lost 8",
        "93) [4,2] got 8",
        "94) [4,2] lost 8",
    ]
    assert shell.ok("bisect when cell [4,2]=8")[-1].startswith(
        "Cell [4,2]=8 first holds at step 22: "
    )

"""The measures' C against their Python (the reference), on a sample of SHC's examples: every
measure the same; and the door says which build runs. Three of the sample's six are long (their
Python reference takes 3-6 CPU-seconds natively, ten times that under the sanitizers, the
guesses' deep searches most of it): the main job runs the first of them, the fourth (its
guess depth past singles a search of some two seconds in Python); the fifth and sixth run when
sweeping (``SUDOKU_REPL_SWEEP=1``, tests/support/sweeps.py), marked slow; .ci/sanitize runs the
C on the first three (``sweeps.sanitized``)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from sudoku_repl.core.engine_choice import ENV
from sudoku_repl.techniques.difficulty import backdoors, brt, guesses, native, solving, te
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD
from sudoku_repl.techniques.difficulty.marks import Marks
from tests.support.helpers import TEST_DATA, slow_cases
from tests.support.sweeps import sanitized, sweep

LINES = (TEST_DATA / "shc" / "TE-input.txt").read_text().splitlines()
SAMPLE = [LINES[k][:81] for k in (3, 12, 30, 95, 120, 201)]
#: the sample's cases left out unless sweeping: the fifth and sixth, under the sanitizers the
#: fourth too
LEFT_OUT = sanitized(SAMPLE[4:], SAMPLE[3:])


def every_measure(puzzle: str) -> tuple[object, ...]:
    marks = Marks.from_sukaku(puzzle)
    return (
        brt.brt(marks),
        te.te_depth(marks),
        backdoors.brt_backdoors(marks),
        backdoors.candidate_backdoors(marks),
        guesses.guess_depth(marks, 0, limit=2),
        guesses.guess_depth(marks, 2, limit=2),
        guesses.fewest_guesses(marks, 0, limit=2),
        guesses.fewest_guesses(marks, 2, limit=2),
    )


@pytest.mark.skipif(not native.available(), reason=native.build())
@pytest.mark.parametrize(
    "puzzle",
    slow_cases(sweep(SAMPLE, 0, lambda p: p not in LEFT_OUT), lambda p: p in SAMPLE[4:]),
)
def test_the_c_gives_what_the_python_gives(monkeypatch: pytest.MonkeyPatch, puzzle: str) -> None:
    monkeypatch.setenv(ENV, "native")
    native.reset()
    assert native.active()
    fast = every_measure(puzzle)
    monkeypatch.setenv(ENV, "pure")
    native.reset()
    assert not native.active() and native.depth(CLASSIC_BOARD) is None
    assert every_measure(puzzle) == fast
    monkeypatch.undo()
    native.reset()


@pytest.mark.parametrize("engine", ["pure", "native"])
def test_python_m_says_which_build_of_the_measures_runs(engine: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl.techniques.difficulty.native"],
        env={**os.environ, ENV: engine},
        capture_output=True,
        text=True,
        check=True,
    )
    if engine == "native" and native.available():
        assert done.stdout == "native measures of difficulty (C)\n"
    else:
        assert done.stdout.startswith("pure Python (no native measures of difficulty: ")


@pytest.fixture
def native_build(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The C measures for the test, the build chosen before it again after."""
    monkeypatch.setenv(ENV, "native")
    native.reset()
    yield
    monkeypatch.undo()
    native.reset()


@pytest.mark.skipif(not native.available(), reason=native.build())
def test_the_c_closes_each_trial_of_a_state_as_the_python_does(native_build: None) -> None:
    # T&E's trials, one candidate assumed in a state BRT closed: most meet a contradiction,
    # the others close with cells decided across every band, as the C's own trials do
    close = native.brt(CLASSIC_BOARD)
    assert close is not None
    start = list(Marks.from_sukaku(SAMPLE[1]).cands)
    assert brt.propagate(start)
    trials = [
        start[:cell] + [1 << d] + start[cell + 1 :]
        for cell, m in enumerate(start)
        if m & (m - 1)
        for d in range(9)
        if m >> d & 1
    ]
    reached = []
    for trial in trials:
        cands = list(trial)
        reached.append(tuple(cands) if brt.propagate(cands) else None)
    assert 0 < reached.count(None) < len(trials)
    assert [close(trial) for trial in trials] == reached


@pytest.mark.skipif(not native.available(), reason=native.build())
def test_the_c_looks_for_a_second_solution_only_before_t_and_e_3(native_build: None) -> None:
    # the empty grid has many solutions: T&E(2) leaves it unsolved at little cost, and the C
    # says so there (-4) rather than going through T&E(3)'s trials (minutes on such a state);
    # a state T&E(2) solves needs no such search, whichever of its solutions it is given
    depth = native.depth(CLASSIC_BOARD)
    assert depth is not None
    grid = bytes((r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9))
    assert depth([0x1FF] * 81, 3, native.BRT_RULES, grid) == -4
    expected = (TEST_DATA / "shc" / "TE-output-expected.txt").read_text().splitlines()[1:]
    k = expected.index("2")
    marks = Marks.from_sukaku(LINES[k][:81])
    (solution,) = solving.solutions(marks, 2)
    assert depth(marks.cands, 3, native.BRT_RULES, bytes(solution)) == 2
    assert depth(marks.cands, 1, native.BRT_RULES, bytes(solution)) == -1

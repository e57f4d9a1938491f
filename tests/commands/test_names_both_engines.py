"""``set names standard`` on both engines: the shell's trace, the names
with it, is the same on the native core as on the pure engine, the reference. The native core's
fast path used to hand the hooks the events of a step at once, after the step's later moves, so a
naked set's size was read from candidates other than those the move left (``(naked subset, box
4)`` where the pure engine says ``(naked pair, box 4)``)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_repl.core import native
from tests.support.helpers import PUZZLES, Shell
from tests.support.profiles import examples

QUIZZES = PUZZLES / "norvig_top95.txt"
#: the quiz lines of the file (the 95 puzzles, line numbers from 1)
LINES = sum(1 for line in QUIZZES.read_text().splitlines() if line.strip())

needs_native = pytest.mark.skipif(
    not native.available(), reason=f"no native core here: {native.build()}"
)
#: as in core/test_native.py: they name both engines, so the native run has them
differential = pytest.mark.skipif(
    os.environ.get(native.ENV) == "pure",
    reason="the differential tests run in the native run (they name both engines)",
)


def shown(monkeypatch: pytest.MonkeyPatch, on_native: bool, commands: list[str]) -> list[str]:
    """What the shell prints for ``commands`` on one engine (chosen for the sessions made)."""
    with monkeypatch.context() as m:
        m.setattr(native, "selected", on_native)
        shell = Shell()
        lines: list[str] = []
        for command in commands:
            lines += shell.run(command)
        return lines


def both(monkeypatch: pytest.MonkeyPatch, commands: list[str]) -> tuple[list[str], list[str]]:
    return shown(monkeypatch, True, commands), shown(monkeypatch, False, commands)


@needs_native
@differential
def test_the_naked_pair_of_top95_line_3_is_named_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's case: step 8 of line 3 in run-mode 0, a naked pair in box 4: [5,2] and
    [6,2] hold 5 7 alone (the board after it), docs/names.md's rule (the fewest cells whose
    candidates are as many values, the removed ones among them) names it a pair."""
    commands = [f"load-quiz {QUIZZES} 3", "set names standard", "runtil 8"]
    fast, pure = both(monkeypatch, commands)
    eighth = [line for line in fast if line.startswith("8) ")]
    assert eighth == ["8) blk 4 incomplete shrunken by group  (naked pair, box 4)"]
    assert fast == pure


@needs_native
@differential
@settings(
    max_examples=examples(quick=10, ci=60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    line=st.integers(1, LINES),
    mode=st.integers(0, 2),
    steps=st.integers(1, 300),
)
def test_both_engines_name_the_trace_alike(
    monkeypatch: pytest.MonkeyPatch, line: int, mode: int, steps: int
) -> None:
    commands = [
        f"load-quiz {QUIZZES} {line}",
        "set names standard",
        f"run-mode {mode}",
        f"runtil {steps}",
        "step",
        "history",
    ]
    fast, pure = both(monkeypatch, commands)
    assert fast == pure

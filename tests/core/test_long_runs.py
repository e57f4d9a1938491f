"""Hardening: long runs. `runrun 0` on insufficient_givens (more than 100,000
solutions) never ends alone; a breakpoint stops it (Ctrl-C: tests/terminal/test_interrupts.py),
the record costs a bounded amount per step, and past its cap (SUDOKU_REPL_RECORD_CAP moves) the older
part is dropped, the shell says so, and going back before the kept part is refused with one line.

The bound documented here: the record holds at most ``BYTES_PER_STEP`` bytes per step (Python
heap, measured with tracemalloc), so the default cap of 1,000,000 moves stays under 300 MB.
The engine's grp memo (filters.py) is left out of the measure: it is a cache bounded by its own
key limit, not part of the record.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable

import pytest

from tests.support.helpers import PUZZLES, SLOW, edge_case, grid_of, program_env, run_program
from tests.support.soundness import is_valid_solution, new_repl, run_commands, snapshot, steps_shown

INSUFFICIENT = edge_case("insufficient_givens").puzzle
BYTES_PER_STEP = 300
NOT_THE_RECORD = [tracemalloc.Filter(False, "*/sudoku_repl/core/filters.py")]


def growth(action: Callable[[], object]) -> int:
    """Bytes allocated by ``action`` and still held after it (the grp memo left out)."""
    gc.collect()
    tracemalloc.start()
    try:
        first = tracemalloc.take_snapshot().filter_traces(NOT_THE_RECORD)
        action()
        gc.collect()
        second = tracemalloc.take_snapshot().filter_traces(NOT_THE_RECORD)
    finally:
        tracemalloc.stop()
    return sum(stat.size_diff for stat in second.compare_to(first, "filename"))


@SLOW
def test_a_breakpoint_stops_runrun_0_on_a_quiz_with_very_many_solutions() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {INSUFFICIENT}", "break step 30000")
    lines = run_commands(repl, out, "runrun 0")
    state = repl.session.state()
    assert state.steps == 30000
    assert "Breakpoint 1: step 30000 at step 30000." in lines
    assert steps_shown(lines) == [30000]
    assert lines[-2].startswith("Run time: ") and "steps: 30000, solution sum: " in lines[-2]
    assert not repl.session.finished and state.solutions > 0
    # then: stop at the next solution, and it is a solution
    lines = run_commands(repl, out, "delete 1", "break solution")
    lines = run_commands(repl, out, "runrun 0")
    after = repl.session.state()
    assert after.solutions == state.solutions + 1
    assert f"Breakpoint 2: solution at step {after.steps}." in lines
    assert is_valid_solution(after.values, grid_of(INSUFFICIENT))


@SLOW
def test_the_record_costs_a_bounded_amount_per_step() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {INSUFFICIENT}", "goto 2000")
    grown = growth(lambda: run_commands(repl, out, "goto 6000"))
    steps = repl.session.state().steps - 2000
    assert steps >= 4000
    print(f"\nthe record: {grown / steps:.0f} bytes per step")
    assert grown / steps < BYTES_PER_STEP, f"{grown / steps:.0f} bytes per step"


@pytest.fixture
def small_cap(monkeypatch: pytest.MonkeyPatch) -> int:
    cap = 500
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", str(cap))
    return cap


def test_past_the_cap_the_shell_says_what_it_dropped(small_cap: int) -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {INSUFFICIENT}", "break step 3000")
    lines = run_commands(repl, out, "runrun 0")
    history = repl.session.history
    assert repl.session.state().steps == 3000
    assert len(history) <= small_cap
    dropped = [line for line in lines if "dropped" in line]
    assert len(dropped) == 1, dropped
    first = history.first_steps
    assert 1 < first <= 3000 - small_cap // 4
    assert f"steps before {first} were dropped" in dropped[0]
    # before the kept part: one line, nothing changes
    for line in ("goto 10", "runtil 10", "back 2990", f"goto {first - 2}"):
        before = snapshot(repl)
        out.clear()
        assert not repl.execute(line), line
        assert len(out.lines) == 1 and out.errors == out.lines, out.lines
        assert snapshot(repl) == before
    # within it and forwards, everything works
    assert steps_shown(run_commands(repl, out, f"goto {first + 5}")) == [first + 5]
    assert run_commands(repl, out, "history")
    run_commands(repl, out, "when [1,1]", "bisect level 3", "timeline", "levels")
    assert steps_shown(run_commands(repl, out, "goto 3200")) == [3200]


@SLOW
def test_with_a_cap_memory_stops_growing(small_cap: int) -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {INSUFFICIENT}", "goto 1500")
    grown = growth(lambda: run_commands(repl, out, "goto 4500"))
    # 3000 more steps, but the record holds at most `small_cap` moves before and after
    print(f"\n3000 steps past the cap of {small_cap} moves: {grown} bytes more")
    assert grown < small_cap * BYTES_PER_STEP, grown
    assert len(repl.session.history) <= small_cap


def test_batch_mode_says_what_was_dropped() -> None:
    done = run_program(
        "-c",
        f"load-quiz {INSUFFICIENT}; goto 2000; goto 5",
        env=program_env(SUDOKU_REPL_RECORD_CAP="300"),
        text=True,
    )
    assert done.returncode == 1  # goto 5 is refused
    lines = done.stdout.splitlines()
    assert sum("dropped" in line for line in lines) >= 2  # the notice, and the refusal says why
    assert any(line.startswith("Record full: steps before ") for line in lines)
    assert done.stderr.splitlines() == ["sudoku-repl: 1 command(s) failed: goto 5"]


def test_a_trimmed_record_names_one_first_step_everywhere_and_takes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Timeline named step 1108 where goto refused it; back said "Only 1290 steps to
    go back" and then refused; goto's refusal told to use goto. Top95's fifth quiz ends its
    search at step 1290; a cap of 200 moves keeps steps 1109..1290 (read off a run, reviewed)."""
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "200")
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {PUZZLES / 'norvig_top95.txt'} 5", "set trace off")
    run_commands(repl, out, "runrun 0")
    assert repl.session.history.first_steps == 1109
    assert run_commands(repl, out, "timeline")[0] == "Guess level over steps 1109..1290"
    out.clear()
    assert not repl.execute("back 5000")
    assert out.lines == ["Only 181 steps to go back (the record starts at step 1109): back [n]"]
    assert steps_shown(run_commands(repl, out, "back 181")) == [1109]
    out.clear()
    assert not repl.execute("goto 1108")
    assert out.lines == [
        "The record starts at step 1109 (older steps were dropped to bound memory); goto and "
        "back take steps from 1109 on"
    ]
    assert steps_shown(run_commands(repl, out, "goto 1109")) == [1109]

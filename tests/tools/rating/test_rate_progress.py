"""``rate``'s progress bar: its time left is this run's pace. While one slow
quiz rated, the time left counted up; after a resume it said ``eta [00:00]`` at 33%."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.frontends.progress import Pace
from sudoku_repl.frontends.rate_cli import main_rate
from tests.support.helpers import PUZZLES, REPO


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def seconds(pace: Pace) -> float | None:
    left = pace.time_left()
    return None if left is None else left / datetime.timedelta(seconds=1)


def test_the_time_left_is_this_run_s_pace_and_stays_between_items() -> None:
    """100 items, 33 done before this run: nothing known until one is done here; then the 66
    left at the pace of those done here (worked out by hand), the same however long the next
    one takes."""
    clock = Clock()
    pace = Pace(100, done=33, clock=clock)
    assert pace.time_left() is None  # not 00:00: the 33 took no time here
    clock.now += 2
    pace.advance()  # one in 2 s: 66 left
    assert seconds(pace) == 132
    clock.now += 500  # a slow one under way
    assert seconds(pace) == 132  # not counting up
    pace.advance()  # two in 502 s: 65 left
    assert seconds(pace) == 65 * 251
    for _ in range(65):
        pace.advance()
    assert seconds(pace) == 0


def test_a_resumed_run_s_bar_does_not_know_its_time_left_before_a_quiz_is_rated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A job of three quizzes, the first one's row kept, the second an empty grid (its search
    never ends: the bar stays at 33% until Ctrl-C): the time left is unknown, where it said
    ``00:00`` and counted up from there."""
    top95 = (PUZZLES / "norvig_top95.txt").read_text().splitlines()
    held = tmp_path / "held.txt"
    held.write_text("\n".join([top95[0], "." * 81, top95[1]]) + "\n")
    out = tmp_path / "rows.csv"
    unbounded = ["--max-steps", str(10**15)]  # (the default bound ends it in half a second)
    assert main_rate([str(held), "--out", str(out), *unbounded], lambda: True) == 130
    assert main_rate([str(held), "--limit", "1", *unbounded]) == 0
    out.write_text(capsys.readouterr().out)  # the header and the first quiz's row
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sudoku_repl", "rate", str(held), "--out", str(out), *unbounded],
        cwd=str(REPO),
        encoding="utf-8",
        timeout=120,
        dimensions=(24, 100),
    )
    try:
        child.expect_exact("\x1b[6n")  # the cursor position request, answered as a terminal would
        child.send("\x1b[1;1R")
        child.expect(r"held\.txt +33\.3%[^\r\n]*elapsed \[[0-9:]+\] eta \[\?:\?\?:\?\?\]")
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        child.wait()
    finally:
        child.close(force=True)
    assert "(1 row kept from the run that stopped)" in (child.before or "")
    assert child.exitstatus == 130

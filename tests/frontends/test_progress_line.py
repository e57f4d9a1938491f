"""Long work that was silent: on a terminal a progress line (steps, time,
Ctrl-C) appears once a command has printed nothing for half a second; nothing extra in batch."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.frontends.progress_line import ProgressLine
from tests.support.helpers import REPO

#: the edge case labelled insufficient_givens: its search runs for minutes
INSUFFICIENT = "...........5....9...4....1.2....3.5....7.....438...2......9.....1.4...6.........."


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_line_appears_after_half_a_second_of_silence_and_goes_before_output() -> None:
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(lambda: 1234, stream, clock)
    line.begin()
    clock.now += 0.3
    line.tick()
    assert stream.getvalue() == ""  # not yet
    clock.now += 0.3
    line.tick()
    assert stream.getvalue() == "\r\x1b[K1,234 steps, 0.6 s (Ctrl-C stops)"
    clock.now += 0.1
    line.tick()  # redrawn at most every 0.2 s
    assert stream.getvalue().count("steps") == 1
    line.printed()  # a line of output comes: the progress line goes first
    assert stream.getvalue().endswith("\r\x1b[K")
    clock.now += 0.3
    line.tick()
    assert stream.getvalue().count("steps") == 1  # output 0.3 s ago: quiet again


def test_without_a_quiz_the_line_says_only_the_time() -> None:
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(lambda: None, stream, clock)
    line.begin()
    clock.now += 1.0
    line.tick()  # generate ticks between quizzes with no quiz loaded
    assert stream.getvalue() == "\r\x1b[K1.0 s (Ctrl-C stops)"


def test_batch_mode_prints_no_progress(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "-c", f"load-quiz {INSUFFICIENT}; goto 20000"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
    )
    assert done.returncode == 0
    assert done.stderr == ""
    assert "steps, " not in done.stdout


@pytest.mark.slow
def test_goto_far_ahead_shows_progress_in_a_terminal_and_stops_at_ctrl_c(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "TERM": "xterm",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "PYTHONPATH": str(REPO),
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sudoku_repl", INSUFFICIENT],
        cwd=str(REPO),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 120),
    )
    try:
        child.expect_exact("Order please:")
        child.sendline("goto 99999999")
        child.expect(r"([\d,]+) steps, (\d+\.\d) s \(Ctrl-C stops\)", timeout=10)
        child.sendintr()
        child.expect(r"Interrupted at step (\d+)\.", timeout=10)
        child.expect_exact("Order please:")
    finally:
        child.close(force=True)


def test_a_command_working_beside_the_search_says_what_it_is_at() -> None:
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(lambda: "whatif guesses: row 3 of 15", stream, clock)
    line.begin()
    clock.now += 1.0
    line.tick()  # whatif guesses works on forks: the present's steps do not move
    assert stream.getvalue() == "\r\x1b[Kwhatif guesses: row 3 of 15, 1.0 s (Ctrl-C stops)"

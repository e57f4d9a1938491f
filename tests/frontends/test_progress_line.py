"""Long work that was silent: on a terminal a progress line (steps, time,
Ctrl-C) appears once a command has printed nothing for half a second; nothing extra in batch."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.frontends.progress_line import CUT, ProgressLine, cells
from tests.support.full_screen import drawn as terminal_rows
from tests.support.helpers import REPO, terminal_env

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


def goto_stopped(tmp_path: Path, rows: int, columns: int, redraws: int) -> str:
    """What a pseudo-terminal of ``rows`` x ``columns`` (its own width: no ``COLUMNS``) was sent
    by the shell on ``INSUFFICIENT``: ``goto`` far ahead, stopped by Ctrl-C once its progress line
    was drawn ``redraws`` times, to the next prompt."""
    env = {k: v for k, v in terminal_env(tmp_path).items() if k not in ("COLUMNS", "LINES")}
    shown = io.StringIO()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sudoku_repl", INSUFFICIENT],
        cwd=str(REPO),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(rows, columns),
    )
    child.logfile_read = shown
    try:
        child.expect_exact("Order please:")
        child.sendline("goto 99999999")
        for _ in range(redraws):
            child.expect(r"\d+\.\d s \(Ctrl-C stops\)", timeout=10)
        child.sendintr()
        child.expect(r"Interrupted at step (\d+)\.", timeout=10)
        child.expect_exact("Order please:")
    finally:
        child.close(force=True)
    return shown.getvalue()


@pytest.mark.slow
def test_goto_far_ahead_shows_progress_in_a_terminal_and_stops_at_ctrl_c(tmp_path: Path) -> None:
    shown = goto_stopped(tmp_path, 40, 120, 1)
    assert re.search(r"\x1b\[K[\d,]+ steps, \d+\.\d s \(Ctrl-C stops\)", shown)


def test_a_command_working_beside_the_search_says_what_it_is_at() -> None:
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(lambda: "whatif guesses: row 3 of 15", stream, clock)
    line.begin()
    clock.now += 1.0
    line.tick()  # whatif guesses works on forks: the present's steps do not move
    assert stream.getvalue() == "\r\x1b[Kwhatif guesses: row 3 of 15, 1.0 s (Ctrl-C stops)"


#: what ``difficulty`` says it is at, on a quiz loaded at step 0 (wider than a phone's page)
MEASURING = "difficulty of the state at step 0: measuring se"


def drawn(doing: str, columns: int | list[int], seconds: float = 1.0) -> list[str]:
    """The lines a ``ProgressLine`` draws of ``doing`` after ``seconds``, a redraw a width of
    ``columns`` (one width: one redraw), each without its ``\\r`` and erase."""
    widths = [columns] if isinstance(columns, int) else list(columns)
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(lambda: doing, stream, clock, columns=lambda: widths.pop(0))
    line.begin()
    clock.now += seconds
    for _ in range(len(widths)):
        line.tick()
        clock.now += 0.2
    return stream.getvalue().split("\r\x1b[K")[1:]


def test_a_line_wider_than_the_terminal_is_cut_keeping_the_time_and_ctrl_c() -> None:
    # (redrawn in place with \r, a wrapped line would leave its first row at each redraw)
    assert drawn(MEASURING, 40) == ["difficulty of t…, 1.0 s (Ctrl-C stops)"]
    assert drawn(MEASURING, 80) == [f"{MEASURING}, 1.0 s (Ctrl-C stops)"]


def test_the_last_two_columns_stay_free() -> None:
    # (for the ^C a terminal echoes after the line: in the last column the cursor would wait to
    # wrap, and the C go to the next row, out of reach of the line's clearing)
    whole = f"{MEASURING}, 1.0 s (Ctrl-C stops)"  # 69 characters
    assert drawn(MEASURING, 71) == [whole]
    assert drawn(MEASURING, 70) == [
        "difficulty of the state at step 0: measuring …, 1.0 s (Ctrl-C stops)"
    ]


def test_on_a_terminal_narrower_than_the_time_the_whole_line_is_cut() -> None:
    assert drawn(MEASURING, 12) == ["difficult…"]


def test_the_width_is_asked_at_each_redraw() -> None:
    # (a terminal resized while the command works)
    assert drawn(MEASURING, [80, 30]) == [
        f"{MEASURING}, 1.0 s (Ctrl-C stops)",
        "diffi…, 1.2 s (Ctrl-C stops)",
    ]


def test_wide_characters_count_two_columns() -> None:
    assert (
        cells("数独") == 4 and cells("e\u0301") == 1 and cells(CUT) == 1
    )  # (a combining accent: none)
    assert drawn("whatif 数独数独数独", 36) == ["whatif 数独…, 1.0 s (Ctrl-C stops)"]
    # (a character two columns wide is never cut in two: one column stays blank)
    assert drawn("whatif 数独数独数独", 35) == ["whatif 数…, 1.0 s (Ctrl-C stops)"]


def test_the_time_alone_is_cut_too() -> None:
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(lambda: None, stream, clock, columns=lambda: 10)
    line.begin()
    clock.now += 1.0
    line.tick()
    assert stream.getvalue() == "\r\x1b[K1.0 s (…"


def test_by_default_the_width_is_the_terminal_s(monkeypatch: pytest.MonkeyPatch) -> None:
    # (shutil.get_terminal_size reads COLUMNS first: the page sets it to its terminal's)
    monkeypatch.setenv("COLUMNS", "40")
    clock, stream = Clock(), io.StringIO()
    line = ProgressLine(lambda: MEASURING, stream, clock)
    line.begin()
    clock.now += 1.0
    line.tick()
    assert stream.getvalue() == "\r\x1b[Kdifficulty of t…, 1.0 s (Ctrl-C stops)"


@pytest.mark.slow
def test_in_a_narrow_terminal_the_line_fits_and_leaves_no_trail(tmp_path: Path) -> None:
    # 30 columns: `goto` far ahead counts hundreds of thousands of steps a second, a line of
    # some 35 characters whole; wrapped, each redraw would leave its first row on the screen,
    # and so would the ^C echoed after a line reaching the last column
    shown = goto_stopped(tmp_path, 24, 30, 3)  # (drawn, then redrawn twice)
    progress = re.findall(r"\x1b\[K([^\r\n\x1b]*\(Ctrl-C stops\))", shown)
    assert len(progress) >= 3 and all(len(line) <= 28 for line in progress), progress
    assert "steps, " not in progress[-1]  # (what it is at is cut, the time kept)
    rows = terminal_rows(shown, 24, 30)
    assert [row for row in rows if "Ctrl-C" in row or "steps," in row] == [], rows

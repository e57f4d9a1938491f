"""Ctrl-C during a Sudoku Explainer rating stops it at once, inside the chain
search too (the chains poll the stop flag), and the rows rated before are kept.

Under way means: the bar says the first quiz (an easy one) is rated and has been redrawn
a few times while the second, a forum-hardest quiz whose first step is a forcing chain, is being
rated. The latency itself is a figure of ``benchmarks/bench_se_interrupt.py``; here the
process only has to end well before the rating could have (the chain search of that quiz
alone runs for minutes in the pure path)."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pexpect
import pyte
import pytest

from sudoku_repl.techniques.explainer import native
from tests.support.helpers import PUZZLES, REPO, plain, terminal_env

EASY = (PUZZLES / "norvig_easy50.txt").read_text().split()[0]
HARD = (PUZZLES / "forum_hardest_1106.txt").read_text().split()[0]
ROWS, COLUMNS = 40, 120


class Screen:
    """What the child's terminal shows (pyte), read as it comes: the bar is redrawn in place,
    only its changed characters written (``50.0%`` can come as a ``5`` alone after ``00.0%``),
    so a wait reads the screen, not the stream. ``text`` keeps every character read."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child, self.text = child, ""
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.Stream(self.screen)

    def shown(self) -> str:
        return "\n".join(self.screen.display)

    def read(self, what: str) -> None:
        """Read what the child writes next (a child that ends or says nothing for two minutes
        fails the wait for ``what``)."""
        try:
            data = self.child.read_nonblocking(4096, timeout=120)
        except (pexpect.EOF, pexpect.TIMEOUT) as ended:
            raise AssertionError(f"{type(ended).__name__} before {what}:\n{self.shown()}") from None
        self.text += data
        self.stream.feed(data)

    def wait_for(self, shown: str) -> None:
        while shown not in self.shown():
            self.read(repr(shown))

    def wait_changes(self, count: int) -> None:
        """Until the screen has changed ``count`` times (the bar's elapsed time, once a
        second, while the hard quiz is rated)."""
        last = self.shown()
        for n in range(count):
            while self.shown() == last:
                self.read(f"change {n + 1} of {count}")
            last = self.shown()


def interrupted_beside_an_easy_one(tmp_path: Path, hard: str, redraws: int, **env: str) -> str:
    """Rate an easy quiz and ``hard`` side by side (``--jobs 2``) in a pseudo-terminal; once the
    easy one's row is in (the bar at 50%: rows wait for the bar to go) and the bar has been
    redrawn ``redraws`` times while the hard one is rated, Ctrl-C. The process ends with 130
    (interrupted), the easy quiz's row kept and the hard one's not; what it printed."""
    quizzes = tmp_path / "quizzes.txt"
    quizzes.write_text(f"{EASY}\n{hard}\n")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sudoku_repl", "rate", str(quizzes), "--scale", "se", "--jobs", "2"]
        + ["--se-timeout", "900"],
        cwd=str(REPO),
        env=terminal_env(tmp_path, **env),
        encoding="utf-8",
        codec_errors="replace",
        timeout=120,
        dimensions=(ROWS, COLUMNS),
    )
    screen = Screen(child)
    try:
        screen.wait_for("50.0%")
        screen.wait_changes(redraws)
        interrupted_at = len(screen.text)
        child.sendcontrol("c")
        child.expect(pexpect.EOF, timeout=20)
        after = screen.text[interrupted_at:] + child.before
    finally:
        child.close(force=True)
    assert child.exitstatus == 130
    text = plain(after)
    table = [row for row in csv.reader(io.StringIO(text)) if row and row[0].isdigit()]
    assert [row[0] for row in table] == ["1"]
    assert "interrupted: 1 of 2 quizzes rated" in text
    assert "Traceback" not in text
    return text


def test_ctrl_c_stops_a_se_rating_inside_the_chain_search(tmp_path: Path) -> None:
    """The pure engine: the hard quiz's chain search runs for minutes in Python; Ctrl-C comes
    once the bar has been redrawn twice while it is rated: a second of it at least, and its
    singles take a tenth before the chains begin."""
    interrupted_beside_an_easy_one(tmp_path, HARD, 2, SUDOKU_REPL_ENGINE="pure")


#: serate 11.0/1.2/1.2 (tests/data/se_hard_rated.txt): some seconds of nested chains natively
NATIVE_HARD = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"


@pytest.mark.skipif(not native.active(), reason="the pure build: the test above is its own")
def test_ctrl_c_stops_a_native_nested_rating_with_the_rows_so_far(tmp_path: Path) -> None:
    """The native build: its nested chains run in C and look at Ctrl-C there. Once the easy
    quiz's row is in, the hard one's rating is under way (seconds of nested chains, and no step
    of it below 9.5 after its singles): Ctrl-C ends it."""
    interrupted_beside_an_easy_one(tmp_path, NATIVE_HARD, 0)

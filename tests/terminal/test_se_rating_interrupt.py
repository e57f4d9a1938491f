"""Issue 34: Ctrl-C during a Sudoku Explainer rating stops it at once, inside the chain
search too (the chains poll the stop flag), and the rows rated before are kept.

Under way means: the bar says the first quiz (an easy one) is rated and has been redrawn
a few times while the second, a forum-hardest quiz whose first step is a forcing chain, is being
rated. The latency itself is a figure of ``benchmarks/bench_se_interrupt.py``; here the
process only has to end well before the rating could have (the chain search of that quiz
alone runs for minutes in the pure path)."""

from __future__ import annotations

import csv
import io
import re
import sys
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.techniques.explainer import native
from tests.support.helpers import PUZZLES, REPO, plain, terminal_env

EASY = (PUZZLES / "norvig_easy50.txt").read_text().split()[0]
HARD = (PUZZLES / "forum_hardest_1106.txt").read_text().split()[0]
#: a digit of the progress bar redrawn in place (its elapsed time, as the hard quiz is rated:
#: once a second; ``frontends/progress.py``)
REDRAWN = re.compile(r"\x1b\[\d+C\x1b\[0m\d")


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
        dimensions=(40, 120),
    )
    try:
        child.expect_exact("50.0%")
        for _ in range(redraws):
            child.expect(REDRAWN)
        child.sendcontrol("c")
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130
    text = plain(child.before)
    table = [row for row in csv.reader(io.StringIO(text)) if row and row[0].isdigit()]
    assert [row[0] for row in table] == ["1"]
    assert "interrupted: 1 of 2 quizzes rated" in text
    assert "Traceback" not in text
    return text


def test_ctrl_c_stops_a_se_rating_inside_the_chain_search(tmp_path: Path) -> None:
    """The pure engine: the hard quiz's chain search runs for minutes in Python; Ctrl-C comes
    once the bar has been redrawn four times while it is rated."""
    interrupted_beside_an_easy_one(tmp_path, HARD, 4, SUDOKU_REPL_ENGINE="pure")


#: serate 11.0/1.2/1.2 (tests/data/se_hard_rated.txt): some seconds of nested chains natively
NATIVE_HARD = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"


@pytest.mark.skipif(not native.active(), reason="the pure build: the test above is its own")
def test_ctrl_c_stops_a_native_nested_rating_with_the_rows_so_far(tmp_path: Path) -> None:
    """The native build: its nested chains run in C and look at Ctrl-C there. Once the easy
    quiz's row is in, the hard one's rating is under way (seconds of nested chains, and no step
    of it below 9.5 after its singles): Ctrl-C ends it."""
    interrupted_beside_an_easy_one(tmp_path, NATIVE_HARD, 0)

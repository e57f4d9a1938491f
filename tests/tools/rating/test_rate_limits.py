"""``rate``'s limits and writes: rows stopped by ``--se-timeout`` are counted as such
in the summary (not as stopped by ``--max-steps``), ``--se-timeout`` without Sudoku Explainer's
scale is refused as ``--above`` is, and a full disk, on standard output or ``--out``, is one line
and exit status 1 (docs/rating.md)."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from tests.support.helpers import PUZZLES, REPO, program_env
from tests.support.rate_output import without_settings

#: line 4 of the forum's hardest: a search of thousands of steps (tests/tools/rating/test_rate.py), and
#: an easy quiz of a few dozen
FORUM_4 = (PUZZLES / "forum_hardest_1905_11plus_sample1000.txt").read_text().splitlines()[3][:81]
EASY = "001000802090000030000604010970008460000000000015700098040907000080000050306000700"


@pytest.fixture
def quizzes(tmp_path: Path) -> Path:
    path = tmp_path / "quizzes.txt"
    path.write_text(f"{FORUM_4}\n{EASY}\n")
    return path


def _summary(err: str) -> str:
    (line,) = err.splitlines()
    return line


def test_rows_the_time_limit_stopped_are_counted_as_such(
    quizzes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a microsecond: the forum quiz's search stops at its first batch of steps (no rating), the
    # easy one's rating at its first technique (a lower bound)
    assert main_rate([str(quizzes), "--scale", "se", "--se-timeout", "1e-6"]) == 0
    out, err = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(without_settings(out))))
    assert [(r["complete"], r["er"][:2]) for r in rows] == [("false", "se"), ("true", ">=")]
    summary = _summary(err)
    assert "; 2 stopped by --se-timeout;" in summary
    assert "--max-steps" not in summary


def test_max_steps_and_the_time_limit_each_count_theirs(
    quizzes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [str(quizzes), "--scale", "se", "--se-timeout", "1e-6", "--max-steps", "100"]
    assert main_rate(args) == 0
    out, err = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(without_settings(out))))
    # the forum quiz's search stops at its 100th step, the easy one's rating at its first
    # technique (its search of a few dozen steps whole)
    assert [(r["complete"], r["er"][:2]) for r in rows] == [("false", "se"), ("true", ">=")]
    assert rows[0]["steps_total"] == "100"
    summary = _summary(err)
    assert "; 1 stopped by --max-steps; 1 stopped by --se-timeout;" in summary


def test_se_timeout_needs_sudoku_explainers_scale(
    quizzes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main_rate([str(quizzes), "--se-timeout", "3"]) == 2
    assert capsys.readouterr() == (
        "",
        "sudoku-repl rate: --se-timeout bounds Sudoku Explainer's rating: add --scale se or "
        "--scale both\n",
    )
    assert main_rate([str(quizzes), "--scale", "both", "--se-timeout", "30", "--limit", "0"]) == 0


def test_out_on_a_full_disk_is_exit_status_1(
    quizzes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main_rate([str(quizzes), "--out", "/dev/full"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert re.fullmatch(
        r"sudoku-repl rate: Cannot write /dev/full: No space left on device; [^\n]*\n", err
    )


def test_standard_output_on_a_full_disk_is_one_line(quizzes: Path) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "sudoku_repl", "rate", str(quizzes)],
            cwd=REPO, stdout=full, stderr=subprocess.PIPE, timeout=60,
            env=program_env(),
        )  # fmt: skip
    assert done.returncode == 1
    assert (
        done.stderr == b"sudoku-repl rate: Cannot write standard output: No space left on device.\n"
    )

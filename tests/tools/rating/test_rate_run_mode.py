"""``rate --run-mode N``: the book's mode and the chains rated over files like mode 0,
in one process or in workers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import REPO, SEED_QUIZ


def rate(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "rate", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_run_mode_3_rates_the_seed_as_the_shell_runs_it(tmp_path: Path, jobs: str) -> None:
    quizzes = tmp_path / "two.txt"
    quizzes.write_text(f"{SEED_QUIZ}\n{SEED_QUIZ}\n")
    done = rate(tmp_path, str(quizzes), "--run-mode", "3", "--jobs", jobs)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[2:]  # (after the settings line and the header)
    # run-mode 3 takes 269 steps to the seed's first solution (measured; run-mode 0
    # takes 131, the article's figure)
    assert [row.split(",")[2] for row in rows] == ["269", "269"]
    plain = rate(tmp_path, str(quizzes), "--jobs", jobs)
    assert [row.split(",")[2] for row in plain.stdout.splitlines()[2:]] == ["131", "131"]


def test_an_unknown_run_mode_is_one_line_and_status_2(tmp_path: Path) -> None:
    quizzes = tmp_path / "one.txt"
    quizzes.write_text(f"{SEED_QUIZ}\n")
    done = rate(tmp_path, str(quizzes), "--run-mode", "7")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "sudoku-repl rate: There is no run mode 7. The run modes: 0 grp and ply; 1 grp only; "
        "2 ply only; 3 the book's theorems 1-4 (Jin Jianming), one conversion per step, a guess "
        "when stuck; 4 grp, ply, then X-Chain and Forcing-Chain; 5 X-Chain and Forcing-Chain only."
    ]
    assert done.stdout == ""

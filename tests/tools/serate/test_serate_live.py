"""``sudoku-repl serate`` and the real serate side by side, live, where Java and serate's jar
are found (``SUDOKU_REPL_SERATE_JAR``: the jar's path; skipped with one line otherwise): the
same standard output, byte for byte, on puzzles the goldens do not hold (easy ones: the jar
rates them in a second or two)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import PUZZLES, REPO

JAR = os.environ.get("SUDOKU_REPL_SERATE_JAR", "")
JAVA = shutil.which("java")

pytestmark = pytest.mark.skipif(
    not (JAVA and JAR and Path(JAR).is_file()),
    reason="serate live: needs java on the PATH and SUDOKU_REPL_SERATE_JAR naming serate's jar",
)


def test_the_same_output_as_serate_live(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles.txt"
    easy = (PUZZLES / "norvig_easy50.txt").read_text().splitlines()
    puzzles.write_text("\n".join(["# easy ones", *easy[:3], "", easy[3] + " a note"]) + "\n")
    args = [
        "--start=%n %g",
        "--before=%i",
        "--after=%r %i %m",
        "--format=%r/%p/%d %i%t%%",
        f"--input={puzzles}",
    ]
    theirs = subprocess.run(
        [str(JAVA), "-cp", JAR, "diuf.sudoku.test.serate", *args],
        cwd=tmp_path, capture_output=True, timeout=600, check=True,
    )  # fmt: skip
    ours = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "serate", "--threads=2", *args],
        cwd=REPO, capture_output=True, timeout=600, check=True,
    )  # fmt: skip
    assert theirs.stdout.count(b"\n") > 100  # (every step of four puzzles)
    assert ours.stdout == theirs.stdout

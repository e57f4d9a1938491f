"""What ``generate`` makes, against serate: puzzles it made, with the ER, EP and ED
serate.jar (SukakuExplainer 1.15.10) gives them (``tests/data/generate_serate.txt``, made outside
the tests: the jar is not in the repository), rated again here; and, with the tests' own
backtracker, each has one solution and is minimal; and, where Java and the jar are
(``SUDOKU_REPL_SERATE_JAR``), serate live on puzzles made in the test."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sudoku_repl.techniques.explainer import rate
from tests.oracles import brute
from tests.support.helpers import NEEDS_NATIVE_EXPLAINER, TEST_DATA, read_lines, run_program
from tests.support.sweeps import sweep

GOLDEN = [line.split() for line in read_lines(TEST_DATA / "generate_serate.txt")]


#: the goldens, those of ER 8.0 and above (tens of seconds each on the pure explainer) left to
#: the native build's run
RATED = [
    pytest.param(*g, marks=NEEDS_NATIVE_EXPLAINER) if float(g[1].split("/")[0]) >= 8.0 else g
    for g in GOLDEN
]


@pytest.mark.parametrize(("puzzle", "figures"), RATED, ids=[f[1] for f in GOLDEN])
def test_our_rating_of_what_generate_made_is_serates(puzzle: str, figures: str) -> None:
    rated = rate(puzzle, None)
    assert f"{rated.er:.1f}/{rated.ep:.1f}/{rated.ed:.1f}" == figures


#: the committed puzzles whose one solution and minimality the backtracker checks: a file that
#: no code of the run changes, so a run checks two of its first six (the first, ER 4.0, and
#: the sixth, ER 8.3), the sweep (``SUDOKU_REPL_SWEEP=1``) all six
MINIMAL = sweep([tuple(g) for g in GOLDEN[:6]], 2)


@pytest.mark.parametrize(("puzzle", "figures"), MINIMAL, ids=[f[1] for f in MINIMAL])
def test_what_generate_made_is_minimal_with_one_solution(puzzle: str, figures: str) -> None:
    givens = [0 if ch == "." else int(ch) for ch in puzzle]
    assert brute.count_solutions(givens, 2) == 1
    for cell in range(81):
        if givens[cell]:
            lighter = [0 if k == cell else v for k, v in enumerate(givens)]
            assert brute.count_solutions(lighter, 2) > 1, cell


JAR = os.environ.get("SUDOKU_REPL_SERATE_JAR", "")
JAVA = shutil.which("java")


@pytest.mark.skipif(
    not (JAVA and JAR and Path(JAR).is_file()),
    reason="serate live: needs java on the PATH and SUDOKU_REPL_SERATE_JAR naming serate's jar",
)
def test_serate_live_rates_what_generate_makes_as_generate_says(tmp_path: Path) -> None:
    made = run_program("generate", "--er", "6.0-8.5", "--count", "3", "--seed", "31", text=True)
    assert made.returncode == 0, made.stderr
    puzzles = tmp_path / "made.txt"
    lines = made.stdout.splitlines()
    puzzles.write_text("".join(line[:81] + "\n" for line in lines), encoding="utf-8")
    theirs = subprocess.run(
        [str(JAVA), "-cp", JAR, "diuf.sudoku.test.serate", "--format=%g %r/%p/%d",
         f"--input={puzzles}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    assert theirs.stdout.splitlines() == lines and len(lines) == 3

"""What the benchmark scripts share: the repository and ``benchmarks/`` on ``sys.path`` (so a
script runs from a plain checkout, ``python benchmarks/NAME.py``), the default data files of
``puzzles/``, reading a one-quiz-per-line file, session hooks that print nothing, and timing.

A script imports this module before anything of ``sudoku_repl``. Sessions come from
``sudoku_repl.api.Session``, which registers run modes 3, 4 and 5 (``assembly.register_all``).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import TypeVar

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
# the repository first (tests.oracles); sudoku_repl itself comes from the install (src layout)
for _path in (str(HERE), str(REPO)):
    if _path in sys.path:
        sys.path.remove(_path)
    sys.path.insert(0, _path)

#: The puzzle collections of the repository (``puzzles/README.md`` says where each is from).
PUZZLES = REPO / "puzzles"
TOP95 = PUZZLES / "norvig_top95.txt"
FORUM_SAMPLE = PUZZLES / "forum_hardest_1905_11plus_sample1000.txt"
ROYLE17_SAMPLE = PUZZLES / "royle17_sample2000.txt"
MAGICTOUR = PUZZLES / "magictour_top1465.txt"
SE_RATED = PUZZLES / "se_rated_diabolical2000.txt"
MULTIPLE = PUZZLES / "multiple_solutions.txt"
#: rating at scale (bench_rate, bench_rate_resume): the four big collections, 6,465 quizzes
RATE_SET = [ROYLE17_SAMPLE, MAGICTOUR, FORUM_SAMPLE, SE_RATED]

T = TypeVar("T")


def read_quizzes(path: str | Path, limit: int | None = None) -> list[str]:
    """The quizzes of a one-quiz-per-line file (its lines of 81 characters, stripped, without a
    note after the quiz as ``rate`` reads them: ``puzzle_line.line_puzzle``), the first ``limit``
    of them when ``limit`` is given (0 or None: all)."""
    # (after this checkout joined sys.path)
    from sudoku_repl.text.puzzle_line import NoPuzzle, line_puzzle

    def puzzle(line: str) -> str:
        try:
            return line_puzzle(line)
        except NoPuzzle:
            return ""

    with open(path, encoding="utf-8") as f:
        quizzes = (puzzle(line) for line in f)
        found = (quiz for quiz in quizzes if len(quiz) == 81)
        return list(islice(found, limit or None))


def part(spec: str) -> tuple[Path, int | None]:
    """A benchmark's ``FILE`` or ``FILE:K`` argument (the first K quizzes of FILE)."""
    path, _, count = spec.rpartition(":")
    if path and count.isdigit():
        return Path(path), int(count)
    return Path(spec), None


def quiz_set(specs: list[str]) -> tuple[list[str], str]:
    """The quizzes of ``FILE[:K]`` arguments one after the other, and the set in words."""
    parts = [part(spec) for spec in specs]
    quizzes = [quiz for path, count in parts for quiz in read_quizzes(path, count)]
    words = " + ".join(
        path.stem if count is None else f"first {count} of {path.stem}" for path, count in parts
    )
    return quizzes, words


def write_set(quizzes: list[str], copies: int, path: str | Path) -> None:
    """The quizzes, ``copies`` times over, one a line (rating at scale: a file one job rates in
    several seconds, so that the command's start-up is not most of what is timed)."""
    with open(path, "w") as f:
        f.write("\n".join(quizzes * copies) + "\n")


class Silent:
    """Session hooks that drop every event and take the default guess."""

    kinds = ()  # no event read: the native core makes none

    def events(self, events: object) -> None:
        pass

    def ask_guess(self, cell: int, value: int) -> None:
        return None

    def interrupted(self) -> bool:
        return False


class Lines:
    """A shell's output for a benchmark: the lines kept; an error line ends the benchmark (the
    commands it times must not fail)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def message(self, line: str) -> None:
        self.lines.append(line)

    def error(self, line: str) -> None:
        raise SystemExit(f"unexpected error line: {line}")


def timed(fn: Callable[..., T], *args: object) -> tuple[float, T]:
    """(seconds, result) of ``fn(*args)``, by ``time.perf_counter``."""
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def children_cpu() -> float:
    """User and system CPU seconds of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def program_env() -> dict[str, str]:
    """The environment for ``python -m sudoku_repl`` subprocesses: this repository first on
    ``PYTHONPATH``."""
    path = str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")
    return dict(os.environ, PYTHONPATH=path)


def machine() -> str:
    """The Python version and the load average, for the first line of a report."""
    return f"python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f}"


def say_if_stale_build() -> None:
    """Prints one line when a C extension built in place (an editable install) is older than a
    C source it is built from (setup.py's: its own csrc/ tree, and the core's headers and
    bits.c, which the explainer's and the measures' C take): the benchmark would measure the C
    as it was before those edits, not the C of this checkout."""
    import sudoku_repl

    package = Path(sudoku_repl.__file__).parent
    core = package / "core" / "csrc"
    shared = [*core.glob("include/*.h"), core / "bits.c"]
    stale = []
    for built in sorted(p for p in package.rglob("_native*") if p.suffix in (".so", ".pyd")):
        own = [p for p in (built.parent / "csrc").rglob("*") if p.suffix in (".c", ".h")]
        if not own:
            continue  # an installed wheel: no sources beside it to be older than
        newest = max([*own, *(p for p in shared if p.exists())], key=lambda p: p.stat().st_mtime)
        if built.stat().st_mtime < newest.stat().st_mtime:
            stale.append(f"{built.relative_to(package)} older than {newest.relative_to(package)}")
    if stale:
        print(
            f"build: STALE: {'; '.join(stale)}; rebuild (pip install -e . or python setup.py "
            "build_ext --inplace) to measure this checkout's C"
        )


def median_ms(per_quiz: list[list[float]]) -> float:
    """Median over the quizzes of each quiz's median over the rounds, in ms."""
    return statistics.median(statistics.median(rounds) for rounds in per_quiz) * 1000


def verdict(holds: bool) -> str:
    return "holds" if holds else "MISSED"


def add_run_options(parser: argparse.ArgumentParser, clock_help: str) -> None:
    """--rounds, --limit, --clock and --sets, as the speed benchmarks take them."""
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--limit", type=int, default=0, help="the first K quizzes of each set (0 = all)"
    )
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help=clock_help)
    parser.add_argument(
        "--sets",
        default="top95,forum,royle17",
        help="comma-separated set keys; KEY=FILE reads that set from FILE",
    )

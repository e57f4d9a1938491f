"""What the chains change: run-mode 0 against run-mode 4 on puzzle sets.

    python benchmarks/bench_chains.py [FILE ...] [--limit K] [--jobs N] [--modes 0,4]

For every quiz and mode, the figures of ``sudoku-repl rate``:
one search from the loaded quiz, ``run`` to the first solution (its steps), then on to the end
of the search; the biggest level of the whole search; new guesses of the whole search (Forward
and Upward guesses not counted). Prints a Markdown table of medians (and totals of guesses) per
file and mode, the table of docs/book-and-chains.md. The figures depend on the quizzes alone, not on --jobs.
The default files are the repository's puzzles/norvig_top95.txt and
puzzles/forum_hardest_1905_11plus_sample1000.txt; name other one-quiz-per-line files (the full
48,766-quiz forum list, say) to measure those.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from common import FORUM_SAMPLE, TOP95, read_quizzes

from sudoku_repl.api import Session, Settings
from sudoku_repl.core import events as E
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.techniques import chains

DEFAULT = [TOP95, FORUM_SAMPLE]

Figures = tuple[
    int, int, int, int
]  # steps to the first solution, biggest level, guesses, chain steps


class Counting:
    """Session hooks: no trace, the default guess, new guesses and chain steps counted."""

    def __init__(self) -> None:
        self.guesses = 0
        self.chains = 0

    def events(self, events: Sequence[tuple[object, ...]]) -> None:
        for e in events:
            if e[0] == E.GUESS:
                self.guesses += 1
            elif e[0] in chains.TECHNIQUES:
                self.chains += 1

    def ask_guess(self, cell: int, value: int) -> None:
        return None

    def interrupted(self) -> bool:
        return False


def rate(quiz: str, mode: int) -> Figures:
    session = Session(Settings(run_mode=mode))
    session.load(Quiz.from_string(quiz))
    hooks = Counting()
    first = session.run(hooks, 1)
    steps_first = session.state().steps
    rest = session.run(hooks, 0)
    return steps_first, max(first.biggest, rest.biggest), hooks.guesses, hooks.chains


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files",
        nargs="*",
        type=Path,
        default=DEFAULT,
        metavar="FILE",
        help="one-quiz-per-line files (default: top95 and the forum sample of puzzles/)",
    )
    parser.add_argument("--limit", type=int, default=None, help="the first K quizzes of a file")
    parser.add_argument("--jobs", "-j", type=int, default=1)
    parser.add_argument("--modes", default="0,4", help="comma-separated run modes (default 0,4)")
    args = parser.parse_args(argv)
    run_modes = [int(m) for m in args.modes.split(",")]
    print(
        "| set | quizzes | run-mode | median steps to 1st solution | median biggest level "
        "| median guesses | total guesses | chain steps | seconds |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for path in args.files:
            quizzes = read_quizzes(path, args.limit)
            base = None
            for mode in run_modes:
                started = time.perf_counter()
                rows = list(pool.map(partial(rate, mode=mode), quizzes, chunksize=8))
                seconds = time.perf_counter() - started
                guesses = sum(r[2] for r in rows)
                change = ""
                if base is None:
                    base = guesses
                elif base:
                    change = f" ({(guesses - base) / base:+.0%})"
                print(
                    f"| {path.stem} | {len(rows)} | {mode} "
                    f"| {statistics.median(r[0] for r in rows):g} "
                    f"| {statistics.median(r[1] for r in rows):g} "
                    f"| {statistics.median(r[2] for r in rows):g} "
                    f"| {guesses}{change} | {sum(r[3] for r in rows)} | {seconds:.0f} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())

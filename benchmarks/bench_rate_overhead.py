"""The per-quiz Python overhead of ``rate``: what ``rate_quiz`` costs beyond its engine's search.

    python benchmarks/bench_rate_overhead.py [FILE] [--limit K] [--rounds N]

Each round times, quiz by quiz on one engine, the bare search (``Engine.reload`` and
``Engine.search`` to the first solution, then to the end, as ``rate_quiz`` does it in batches of
``POLL_STEPS``), then ``rate_quiz`` itself, then ``csv_row`` of its rating (what the parent
writes), and ``rate_givens`` where there is one (what the workers call), in alternation so that the machine's load hits them alike; the best round of each
counts. The overhead is ``rate_quiz`` minus the bare search, per quiz. Default set: the first
2,000 quizzes of puzzles/royle17_sample2000.txt (17-clue quizzes: short searches, where the
overhead weighs most). With SUDOKU_REPL_ENGINE=pure it measures the pure engine.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from common import ROYLE17_SAMPLE, machine, read_quizzes

from sudoku_repl.core import native
from sudoku_repl.core.quiz import Quiz

try:  # (where the rows are made, in this version or an older one)
    from sudoku_repl.tools.rating.rows import csv_row
except ImportError:
    from sudoku_repl.tools.rating.rate import csv_row  # type: ignore[attr-defined,no-redef]
from sudoku_repl.tools.rating.rate import POLL_STEPS, Rating, rate_quiz

try:  # (what rate's workers call: the givens, read and checked in the parent)
    from sudoku_repl.tools.rating.rate import rate_givens
except ImportError:
    rate_givens = None  # type: ignore[assignment]


def bare(quizzes: list[str]) -> float:
    """Seconds of the searches alone: one engine reloaded quiz after quiz."""
    givens = [Quiz.from_string(q).givens for q in quizzes]
    engine = native.engine_type().from_givens(givens[0])
    start = time.perf_counter()
    for g in givens:
        engine.reload(g)
        for solutions in (1, 0):
            first = engine.solutions
            while engine.search(0, POLL_STEPS, solutions, first, None)[0] == POLL_STEPS:
                pass
    return time.perf_counter() - start


def rated(quizzes: list[str]) -> tuple[float, list[Rating]]:
    start = time.perf_counter()
    ratings = [rate_quiz(q) for q in quizzes]
    return time.perf_counter() - start, ratings


def rated_givens(quizzes: list[str]) -> float:
    givens = [bytes(Quiz.from_string(q).givens) for q in quizzes]
    start = time.perf_counter()
    for g in givens:
        rate_givens(g)
    return time.perf_counter() - start


def rows(quizzes: list[str], ratings: list[Rating]) -> float:
    parsed = [Quiz.from_string(q) for q in quizzes]
    start = time.perf_counter()
    for n, (quiz, rating) in enumerate(zip(parsed, ratings), 1):
        csv_row(n, quiz, rating)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(ROYLE17_SAMPLE))
    parser.add_argument("--limit", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    quizzes = read_quizzes(args.file, args.limit)
    n = len(quizzes)
    print(f"{machine()}; {native.build()}; {n} quizzes of {args.file}")
    rated(quizzes[:50])  # (warm: the engine, the imports)
    best: dict[str, float] = {"search": float("inf"), "rate_quiz": float("inf"), "csv_row": 1e9}
    timed: dict[str, Callable[[], float]] = {
        "search": lambda: bare(quizzes),
        "rate_quiz": lambda: rated(quizzes)[0],
    }
    if rate_givens is not None:
        best["rate_givens"] = float("inf")
        timed["rate_givens"] = lambda: rated_givens(quizzes)
    ratings = rated(quizzes)[1]
    timed["csv_row"] = lambda: rows(quizzes, ratings)
    for r in range(1, args.rounds + 1):
        for name, run in timed.items():
            best[name] = min(best[name], run())
        print(f"round {r}: " + ", ".join(f"{k} {v / n * 1e6:.1f} us" for k, v in best.items()))
    us = {k: v / n * 1e6 for k, v in best.items()}
    print(f"per quiz (best of {args.rounds}): search {us['search']:.1f} us, rate_quiz "
          f"{us['rate_quiz']:.1f} us, overhead {us['rate_quiz'] - us['search']:.1f} us; "
          f"csv_row {us['csv_row']:.1f} us")  # fmt: skip
    if "rate_givens" in us:
        print(f"rate_givens (a worker's, per quiz): {us['rate_givens']:.1f} us, overhead "
              f"{us['rate_givens'] - us['search']:.1f} us")  # fmt: skip


if __name__ == "__main__":
    main()

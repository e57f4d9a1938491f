"""Engine speed on a puzzle set: ms per quiz to the first solution and to the end of the search,
microseconds per step, next to a plain dictionary-based solver timed in the same run.

    python benchmarks/bench_engine.py [PUZZLE_FILE] [--rounds N] [--limit K]

The default set is puzzles/norvig_top95.txt; any one-quiz-per-line file can be named instead
(norvig_10k, the full 17-clue list, ...). Engine only: no terminal output, but every step
is recorded as in a session.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import norvig_baseline
from common import TOP95, Silent, read_quizzes, timed

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz


def engine_run(quiz: str, solutions: int) -> int:
    session = Session()
    session.load(Quiz.from_string(quiz))
    session.run(Silent(), solutions)
    return session.state().steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "file",
        nargs="?",
        default=str(TOP95),
        help="a one-quiz-per-line file (default: puzzles/norvig_top95.txt)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    quizzes = read_quizzes(args.file, args.limit)
    first: list[list[float]] = [[] for _ in quizzes]
    end: list[list[float]] = [[] for _ in quizzes]
    base: list[list[float]] = [[] for _ in quizzes]
    steps_first = [0] * len(quizzes)
    steps_end = [0] * len(quizzes)
    for _ in range(args.rounds):  # alternate the contenders so that noise hits both alike
        for i, q in enumerate(quizzes):
            t, _ = timed(norvig_baseline.solve, q)
            base[i].append(t)
            t, steps_first[i] = timed(engine_run, q, 1)
            first[i].append(t)
            t, steps_end[i] = timed(engine_run, q, 0)
            end[i].append(t)

    def med(samples: list[list[float]]) -> float:
        return statistics.median(min(s) for s in samples) * 1000

    m_first, m_end, m_base = med(first), med(end), med(base)
    us_step = sum(min(s) for s in first) / sum(steps_first) * 1e6
    us_step_end = sum(min(s) for s in end) / sum(steps_end) * 1e6
    print(f"set: {Path(args.file).name} ({len(quizzes)} quizzes, best of {args.rounds} rounds)")
    print(f"baseline (dict solver), first solution: {m_base:7.2f} ms per quiz (median)")
    print(
        f"engine, first solution:                 {m_first:7.2f} ms per quiz (median), "
        f"{us_step:.1f} us per step, median {statistics.median(steps_first)} steps"
    )
    print(
        f"engine, to the end (runrun 0):          {m_end:7.2f} ms per quiz (median), "
        f"{us_step_end:.1f} us per step, median {statistics.median(steps_end)} steps"
    )
    print(f"ratio engine/baseline, first solution:  {m_first / m_base:7.2f}")
    print(
        f"target: <= 10 ms per quiz to the first solution -> "
        f"{'holds' if m_first <= 10 else 'MISSED'} ({m_first:.2f} ms)"
    )


if __name__ == "__main__":
    main()

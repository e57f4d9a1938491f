"""The public API's ``Session.run()`` (docs/api.md): its default against a quiet run and a run
that collects the trace lines, per quiz to the first solution, and the ratio of each to the
quiet run (the default was the traced run, 7-20x the quiet one).

- ``run()``: the default, what a script that says nothing more pays;
- quiet: ``run(hooks)`` with hooks that read no event (``common.Silent``): the engine's fast path;
- lines: ``run(lines=True)``, the original's lines appended to ``session.trace`` (on a checkout
  from before ``lines`` existed, the default is that run and this row is left out).

Each quiz is loaded once a round and run from the loaded state by each contender in turn, in
alternation, so that noise hits all alike; medians over the quizzes of each quiz's best round.

    python benchmarks/bench_api_run.py [PUZZLE_FILE] [--rounds N] [--limit K]
"""

from __future__ import annotations

import argparse
import inspect
import statistics
from collections.abc import Callable

from common import TOP95, Silent, machine, read_quizzes, timed

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz


def contenders() -> dict[str, Callable[[Session], object]]:
    runs: dict[str, Callable[[Session], object]] = {
        "run() (the default)": lambda session: session.run(),
        "quiet: run(Silent())": lambda session: session.run(Silent()),
    }
    if "lines" in inspect.signature(Session.run).parameters:
        runs["run(lines=True)"] = lambda session: session.run(lines=True)
    return runs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", nargs="?", default=str(TOP95))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0, help="the first K quizzes (0 = all)")
    args = parser.parse_args()
    quizzes = [Quiz.from_string(q) for q in read_quizzes(args.file, args.limit)]
    runs = contenders()
    times: dict[str, list[list[float]]] = {name: [[] for _ in quizzes] for name in runs}
    for _ in range(args.rounds):
        for i, quiz in enumerate(quizzes):
            for name, run in runs.items():
                session = Session()
                session.load(quiz)
                seconds, _ = timed(run, session)
                times[name][i].append(seconds)
    best = {name: statistics.median(min(t) for t in per) * 1000 for name, per in times.items()}
    quiet = best["quiet: run(Silent())"]
    print(f"{machine()}; {len(quizzes)} quizzes of {args.file}, best of {args.rounds} rounds")
    print(f"{'':24}{'median ms':>12}{'x quiet':>10}")
    for name, ms in best.items():
        print(f"{name:24}{ms:>12.3f}{ms / quiet:>10.1f}")


if __name__ == "__main__":
    main()

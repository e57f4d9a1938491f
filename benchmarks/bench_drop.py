"""Dropping the older half of a full record costs no more than recording it did.

    python benchmarks/bench_drop.py [--moves N] [--pure-moves N] [--rounds R]
                                    [--build native|pure|both]

A session on quiz 18 of puzzles/multiple_solutions.txt (more than 100,000 solutions: a search
that does not end) records ``--moves`` steps with its cap out of the way, by a plain ``run``
(timed: the recording); then its cap is set to the moves it holds and one ``step`` makes the
record drop its older half (timed: the step is a few microseconds, the rest is the drop: the
scan of what the dropped steps showed, ``record.dropped``, and the arrays cut). The figure is
the drop's time over the time the run took to record the moves it dropped (its share of the
run's time); target <= 0.2x. CPU time, the median of the rounds. ``both`` (the default) runs
each build in a child process of its own (``SUDOKU_REPL_ENGINE=pure`` for the pure one), the
pure one on ``--pure-moves`` (its recording is some 20 times slower).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from common import MULTIPLE, Silent, machine, program_env, read_quizzes, verdict

from sudoku_repl.api import Session
from sudoku_repl.core import native
from sudoku_repl.core.quiz import Quiz

QUIZ_NUMBER = 18
TARGET = 0.2
#: a cap no run of the benchmark reaches
OUT_OF_THE_WAY = 2**40


def one_round(quiz: str, steps: int) -> tuple[float, float, int, int]:
    """(the recording's CPU seconds, the drop's, the moves recorded, the moves dropped)."""
    session = Session()
    session.load(Quiz.from_string(quiz))
    history = session.history
    history.cap = OUT_OF_THE_WAY
    start = time.process_time()
    session.run(Silent(), 0, max_steps=steps)
    recording = time.process_time() - start
    recorded = len(history)
    history.cap = recorded  # the next move is one past it
    start = time.process_time()
    session.step(Silent())
    dropping = time.process_time() - start
    if not history.dropped:
        raise SystemExit("the step past the cap dropped nothing")
    return recording, dropping, recorded, history.dropped


def measure(steps: int, rounds: int) -> None:
    """This process's build, ``rounds`` times."""
    quiz = read_quizzes(MULTIPLE)[QUIZ_NUMBER - 1]
    results = [one_round(quiz, steps) for _ in range(rounds)]
    recording = statistics.median(r[0] for r in results)
    dropping = statistics.median(r[1] for r in results)
    recorded, dropped = results[0][2], results[0][3]
    share = recording * dropped / recorded
    ratio = dropping / share
    print(f"== {native.build()}")
    print(f"  moves recorded                  {recorded:>12,}   ({steps:,} steps, run with no cap)")
    print(f"  recording them                  {recording:>12.3f} s")
    print(f"  moves dropped at the next step  {dropped:>12,}")
    print(f"  recording those (their share)   {share:>12.3f} s")
    print(f"  dropping them                   {dropping:>12.4f} s")
    print(
        f"  drop / record of what it drops  {ratio:>12.3f}x   target <= {TARGET}x: "
        f"{verdict(ratio <= TARGET)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=1_000_000, help="steps, native build")
    parser.add_argument("--pure-moves", type=int, default=200_000, help="steps, pure build")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--build", choices=("native", "pure", "both"), default="both")
    args = parser.parse_args()
    if args.build != "both":
        if args.build == "native" and not native.active():
            print(f"== native core: not here ({native.build()})")
            return
        measure(args.moves if args.build == "native" else args.pure_moves, args.rounds)
        return
    print(f"bench_drop: {machine()}, quiz {QUIZ_NUMBER} of {MULTIPLE.name}")
    for build in ("native", "pure"):
        env = dict(program_env(), **{native.ENV: "pure" if build == "pure" else ""})
        child = [sys.executable, os.path.abspath(__file__), "--build", build]
        child += ["--moves", str(args.moves), "--pure-moves", str(args.pure_moves)]
        child += ["--rounds", str(args.rounds)]
        sys.stdout.flush()
        subprocess.run(child, env=env, check=True)


if __name__ == "__main__":
    main()

"""Memory per recorded step and `goto` latency over a long record.

    python benchmarks/bench_history.py [--solutions N] [--gotos N] [--seed S]
                                       [--file FILE --number N]

Loads quiz 18 of puzzles/multiple_solutions.txt (Sudopedia's "insufficient givens" case: 16
givens, more than 100,000 solutions), runs `runrun 20000` silently to get a record of more than
100,000 steps (more solutions are asked for until it is), and measures (``--file`` and
``--number`` pick another quiz of a one-quiz-per-line file):

- memory: tracemalloc snapshots right before the run, right after it, and after reading the
  whole record once (a run defers its events and changes until they are read); the size
  difference after the read, divided by the steps, is the figure (target <= 150 bytes per step);
  the time of that first read is printed too;
- `goto n` latency for random n over the record (tracemalloc stopped): median and max
  (target: well under 100 ms).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc
from typing import NamedTuple

from common import MULTIPLE, Silent, machine, read_quizzes

from sudoku_repl.api import Session
from sudoku_repl.core.quiz import Quiz

QUIZ_NUMBER = 18  # insufficient_givens
MIN_STEPS = 100_000
BYTES_TARGET = 150
GOTO_TARGET_MS = 100


def quiz_of(file: str, number: int) -> str:
    """Quiz ``number`` (1-based) of a one-quiz-per-line file."""
    quizzes = read_quizzes(file)
    if not 1 <= number <= len(quizzes):
        raise SystemExit(f"{file} has {len(quizzes)} quizzes, not {number}")
    return quizzes[number - 1]


def record(quiz: str, solutions: int) -> Recorded:
    """A fresh session run with ``runrun solutions`` under tracemalloc, then its whole record
    read once (which works out the chunks the run deferred, ``core/history.py``)."""
    gc.collect()
    tracemalloc.start()
    session = Session()
    session.load(Quiz.from_string(quiz))
    gc.collect()
    before = tracemalloc.take_snapshot()
    t0 = time.perf_counter()
    session.run(Silent(), solutions)
    seconds = time.perf_counter() - t0
    gc.collect()
    deferred = tracemalloc.take_snapshot()
    history = session.history
    t0 = time.perf_counter()
    for move in range(len(history)):
        history.events(move)
        for _ in history.changes(move):
            pass
    reading = time.perf_counter() - t0
    gc.collect()
    written = tracemalloc.take_snapshot()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return Recorded(
        session,
        sum(stat.size_diff for stat in deferred.compare_to(before, "filename")),
        sum(stat.size_diff for stat in written.compare_to(before, "filename")),
        seconds,
        reading,
        peak,
    )


class Recorded(NamedTuple):
    session: Session
    deferred: int  # bytes allocated by the run and still held, as the run left the record
    written: int  # the same once the whole record was read (every chunk worked out)
    seconds: float  # the run's time
    reading: float  # the time the first full read took
    peak: int  # tracemalloc's peak


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--solutions", type=int, default=20000)
    parser.add_argument("--gotos", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument(
        "--file",
        default=str(MULTIPLE),
        help="a one-quiz-per-line file (default: puzzles/multiple_solutions.txt)",
    )
    parser.add_argument(
        "--number",
        type=int,
        default=QUIZ_NUMBER,
        help=f"the quiz's number in the file, from 1 (default {QUIZ_NUMBER})",
    )
    args = parser.parse_args()

    quiz = quiz_of(args.file, args.number)
    solutions = args.solutions
    while True:
        recorded = record(quiz, solutions)
        session = recorded.session
        steps = session.state().steps
        if steps >= MIN_STEPS or session.finished:  # (a quiz of fewer steps: its whole search)
            break
        print(f"runrun {solutions}: {steps} steps < {MIN_STEPS}; asking for more solutions")
        solutions *= 2

    history = session.history
    moves = len(history)
    per_step = recorded.written / steps
    print(f"bench_history: {machine()}")
    print(f"quiz {args.number} of {args.file}: {quiz}")
    print()
    print("== record")
    print(f"  command                         runrun {solutions}")
    print(
        f"  steps                           {steps:>12,}   (>= {MIN_STEPS:,}: {'yes' if steps >= MIN_STEPS else 'NO'})"
    )
    print(f"  solution sum                    {session.state().solutions:>12,}")
    print(f"  moves recorded (len(history))   {moves:>12,}")
    print(f"  record starts at step           {history.first_steps:>12,}")
    print(f"  run time under tracemalloc      {recorded.seconds:>12.2f} s")
    print(
        f"  first read of the whole record  {recorded.reading:>12.2f} s   (works out the deferred chunks)"
    )
    print()
    print("== memory (tracemalloc snapshot minus the one before the run)")
    print(
        f"  as the run left the record      {recorded.deferred:>12,} bytes   ({recorded.deferred / steps:.1f} per step)"
    )
    print(
        f"  once it was all read            {recorded.written:>12,} bytes   (traced peak {recorded.peak:,})"
    )
    print(
        f"  per step, all read              {per_step:>12.1f} bytes   target <= {BYTES_TARGET}: "
        f"{'holds' if per_step <= BYTES_TARGET else 'MISSED'}"
    )
    print(f"  per move, all read              {recorded.written / moves:>12.1f} bytes")

    rng = random.Random(args.seed)
    first, last = history.first_steps, history.last_steps
    targets = [rng.randint(first, last) for _ in range(args.gotos)]
    hooks = Silent()
    latencies = []
    for n in targets:
        t0 = time.perf_counter()
        session.goto(n, hooks)
        latencies.append((time.perf_counter() - t0) * 1000)
        reached = session.state().steps
        assert reached >= n or session.finished, (n, reached)
    med, worst = statistics.median(latencies), max(latencies)
    print()
    print(
        f"== goto n, {args.gotos} random n in {first}..{last} (seed {args.seed}), tracemalloc off"
    )
    print(f"  median                          {med:>12.3f} ms")
    print(
        f"  90th percentile                 {statistics.quantiles(latencies, n=10)[-1]:>12.3f} ms"
    )
    print(
        f"  max                             {worst:>12.3f} ms   target well under {GOTO_TARGET_MS} ms: "
        f"{'holds' if worst < GOTO_TARGET_MS else 'MISSED'}"
    )


if __name__ == "__main__":
    main()

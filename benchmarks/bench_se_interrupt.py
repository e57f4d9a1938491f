"""How soon Ctrl-C ends ``sudoku-repl rate FILE --scale se`` during a hard rating.

    python benchmarks/bench_se_interrupt.py [--rounds N] [--wait S] [--engine pure|native]

Each round starts the rating of one hard quiz in a pseudo-terminal (the pure engine: line 1 of
puzzles/forum_hardest_1106.txt, serate 10.3, minutes of nested chains in Python; the native
one, whose nested chains take seconds: the slowest quiz of tests/data/se_hard_rated.txt,
serate 11.0), lets it work ``--wait`` seconds (default 3,
counted from the progress bar's first drawing: the chain search is then under way), sends
Ctrl-C as a terminal does, and measures the wall time until the process has exited. Prints
each round, then the median and the slowest. The target: under 1 s. Writes only in a
temporary folder of its own.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

REPO = Path(__file__).resolve().parent.parent
QUIZ = (REPO / "puzzles" / "forum_hardest_1106.txt").read_text().split()[0]
NATIVE_QUIZ = "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8"


def one_round(folder: Path, wait: float, engine: str) -> float:
    quizzes = folder / "hard.txt"
    quizzes.write_text((QUIZ if engine == "pure" else NATIVE_QUIZ) + "\n")
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "SUDOKU_REPL_ENGINE": engine,
        "TERM": "xterm",
        "HOME": str(folder),
        "PROMPT_TOOLKIT_NO_CPR": "1",
    }
    args = ["-m", "sudoku_repl", "rate", str(quizzes), "--scale", "se", "--se-timeout", "900"]
    child = pexpect.spawn(
        sys.executable, args, cwd=str(REPO), env=env, timeout=120, dimensions=(40, 120)
    )
    try:
        child.expect_exact(b"hard.txt")  # the bar: the quiz is being rated
        time.sleep(wait)
        child.sendcontrol("c")
        sent = time.monotonic()
        child.expect(pexpect.EOF, timeout=120)
        latency = time.monotonic() - sent
    finally:
        child.close(force=True)
    if child.exitstatus != 130:
        raise SystemExit(f"the rating ended with {child.exitstatus}, not 130 (interrupted)")
    return latency


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--wait", type=float, default=3.0)
    parser.add_argument("--engine", choices=("pure", "native"), default="native")
    args = parser.parse_args()
    latencies = []
    with tempfile.TemporaryDirectory() as folder:
        for k in range(args.rounds):
            latency = one_round(Path(folder), args.wait + 0.5 * k, args.engine)
            latencies.append(latency)
            print(f"round {k + 1}: Ctrl-C to exit {latency:.2f} s", flush=True)
    print(
        f"Ctrl-C to exit over {len(latencies)} rounds: median {statistics.median(latencies):.2f} s,"
        f" slowest {max(latencies):.2f} s (target: under 1 s)"
    )


if __name__ == "__main__":
    main()

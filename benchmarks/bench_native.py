"""The native core's targets, each measured against a baseline in the same
run, on one core, CPU time, medians.

- forum-hardest, first solution: the engine (``runrun 1``) against the Norvig-style dictionary
  solver (norvig_baseline.py), quiz by quiz in alternation; target <= 0.06x;
- the same quizzes against a plain C backtracker (c_backtracker.c, compiled with the system's C
  compiler into this run's own temporary folder): target within 3x;
- recorded steps a second: whole searches (``runrun 0``) of the forum set, silent, every move
  recorded; target >= 1.5 million;
- bytes a recorded step: what a long search's session holds (tracemalloc, which sees the native
  core's allocations too), over its steps, after every view was asked something; target <= 150;
- rate a second: ``rate_quiz`` of 17-clue quizzes (to the end of each search); target >= 5,000.

    python benchmarks/bench_native.py [--rounds N] [--limit K] [--rate-limit K]
    python benchmarks/bench_native.py --against DIR [--rounds N] [--limit K] [--rate-limit K]

The machine is shared and noisy: run it twice or more and give the ranges. With
SUDOKU_REPL_ENGINE=pure it measures the pure engine the same way.

``--against DIR`` compares two builds in one run (the figures must not move): DIR is
another checkout with its extensions built in place (``pip install -e DIR`` in any venv, or
``python setup.py build_ext --inplace`` there), and each round times this checkout's build and
then DIR's (the order swapped each round), each in a process of its own with its ``src`` first
on ``PYTHONPATH``, on the same quizzes: the first solutions, the recorded steps a second and the
rates a second. It prints each side's medians over the rounds and this build's time over DIR's.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import norvig_baseline
from common import FORUM_SAMPLE, HERE, REPO, ROYLE17_SAMPLE, Silent, machine, read_quizzes, verdict

from sudoku_repl.api import Session
from sudoku_repl.assembly import register_all
from sudoku_repl.core import build
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.tools.rating.rate import rate_quiz

FIRST_VS_NORVIG = 0.06
VS_BACKTRACKER = 3.0
STEPS_PER_SECOND = 1_500_000
BYTES_PER_STEP = 150
RATE_PER_SECOND = 5_000

clock: Callable[[], float] = time.process_time
#: one row given: a search that goes on for millions of steps (solutions all the way)
MANY_SOLUTIONS = "123456789" + "." * 72


def first_solution(quiz: str) -> float:
    session = Session()
    session.load(Quiz.from_string(quiz))
    start = clock()
    session.run(Silent(), 1)
    return clock() - start


def dict_solver(quiz: str) -> float:
    start = clock()
    assert norvig_baseline.solve(quiz) is not None
    return clock() - start


def backtracker(quizzes: list[str], rounds: int) -> list[float] | None:
    """Seconds to the first solution per quiz (median of ``rounds``), None without a compiler."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        return None
    folder = tempfile.mkdtemp(prefix="bench-native-")
    try:
        program = os.path.join(folder, "c_backtracker")
        subprocess.run([cc, "-O2", "-o", program, str(HERE / "c_backtracker.c")], check=True)
        done = subprocess.run(
            [program, str(rounds)],
            input="\n".join(quizzes) + "\n",
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        shutil.rmtree(folder)
    return [float(line.split()[0]) / 1e6 for line in done.stdout.splitlines()]


def steps_per_second(quizzes: list[str]) -> float:
    steps = seconds = 0.0
    for quiz in quizzes:
        session = Session()
        session.load(Quiz.from_string(quiz))
        start = clock()
        session.run(Silent(), 0)
        seconds += clock() - start
        steps += session.state().steps
    return steps / seconds


def bytes_per_step(quiz: str, steps: int) -> tuple[float, int]:
    """Bytes the session holds per recorded step after ``steps`` steps of a long search, with
    the views asked (events and changes of moves across the record, goto, a state)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    session = Session()
    session.load(Quiz.from_string(quiz))
    session.run(Silent(), 0, max_steps=steps)
    history = session.history
    for move in range(0, len(history), max(1, len(history) // 50)):
        history.events(move)
        list(history.changes(move))
    session.goto(steps // 2, Silent())
    session.goto(steps, Silent())
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held / session.state().steps, session.state().steps


def rates_per_second(quizzes: list[str]) -> float:
    start = clock()
    for quiz in quizzes:
        rate_quiz(quiz)
    return len(quizzes) / (clock() - start)


#: what --against compares: each measure's name and whether more is faster (a rate)
COMPARED = {
    "first solution, forum median (us)": False,
    "recorded steps a second": True,
    "rate, 17-clue quizzes a second": True,
}


def one_pass(args: argparse.Namespace) -> None:
    """--one-pass (a process of --against): the compared measures once, on the build this
    process imports, as one line of JSON with that build's extension file."""
    import importlib.util

    forum = read_quizzes(FORUM_SAMPLE, args.limit)
    seventeen = read_quizzes(ROYLE17_SAMPLE, args.rate_limit)
    spec = importlib.util.find_spec("sudoku_repl.core._native")
    figures = [
        statistics.median(first_solution(quiz) for quiz in forum) * 1e6,
        steps_per_second(forum),
        rates_per_second(seventeen),
    ]
    said = {"build": str(build()), "extension": spec.origin if spec else None}
    print(json.dumps({**said, "figures": dict(zip(COMPARED, figures))}))


def against(args: argparse.Namespace) -> None:
    """--against DIR: this checkout's build and DIR's, round by round, and the ratios."""
    sides = {"this": REPO, "against": args.against.resolve()}
    if not (sides["against"] / "src" / "sudoku_repl").is_dir():
        raise SystemExit(f"--against {args.against}: no src/sudoku_repl there (a checkout)")
    runs: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    for k in range(args.rounds):
        for side in list(sides)[:: 1 if k % 2 == 0 else -1]:
            env = dict(os.environ, PYTHONPATH=str(sides[side] / "src"))
            command = [sys.executable, __file__, "--one-pass", "--limit", str(args.limit)]
            command += ["--rate-limit", str(args.rate_limit)]
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
            said = json.loads(done.stdout.splitlines()[-1])
            if not str(said["extension"]).startswith(str(sides[side] / "src")):
                raise SystemExit(f"{side}: its process ran {said['extension']}, not its own")
            if k == 0:
                print(f"{side}: {said['build']}, {said['extension']}")
            runs[side].append(said["figures"])
    print(f"{args.rounds} rounds alternated; CPU time, one core; medians; time = this / against")
    for name, rate in COMPARED.items():
        pairs = [(t[name], o[name]) for t, o in zip(runs["this"], runs["against"], strict=True)]
        ratios = [o / t if rate else t / o for t, o in pairs]  # (this build's time over DIR's)
        this, other = (statistics.median(side) for side in zip(*pairs, strict=True))
        print(
            f"{name}: this {this:,.1f}, against {other:,.1f}; "
            f"time {other / this if rate else this / other:.3f}x "
            f"(rounds {min(ratios):.3f}-{max(ratios):.3f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=100, help="forum quizzes (0 = all 1,000)")
    parser.add_argument("--rate-limit", type=int, default=2000, help="17-clue quizzes rated")
    parser.add_argument("--record-steps", type=int, default=300_000)
    parser.add_argument("--against", type=Path, help="another checkout's build, compared")
    parser.add_argument("--one-pass", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    register_all()
    if args.one_pass:
        one_pass(args)
        return
    if args.against:
        against(args)
        return
    print(f"{build()}; {machine()}; CPU time, one core")

    forum = read_quizzes(FORUM_SAMPLE, args.limit)
    engine: list[list[float]] = [[] for _ in forum]
    norvig: list[list[float]] = [[] for _ in forum]
    for _ in range(args.rounds):  # in alternation, so that noise hits both alike
        for i, quiz in enumerate(forum):
            norvig[i].append(dict_solver(quiz))
            engine[i].append(first_solution(quiz))
    eng = [statistics.median(r) for r in engine]
    ratio = statistics.median(eng) / statistics.median(statistics.median(r) for r in norvig)
    print(
        f"forum-hardest ({len(forum)} quizzes), first solution: engine "
        f"{statistics.median(eng) * 1e6:,.0f} us, {ratio:.3f}x the dict solver "
        f"(target <= {FIRST_VS_NORVIG}x: {verdict(ratio <= FIRST_VS_NORVIG)})"
    )
    c_times = backtracker(forum, args.rounds)
    if c_times is None:
        print("plain C backtracker: no C compiler, not measured")
    else:
        per_quiz = statistics.median(e / c for e, c in zip(eng, c_times))
        print(
            f"  against a plain C backtracker ({statistics.median(c_times) * 1e6:,.0f} us): "
            f"{per_quiz:.2f}x per quiz, median (target <= {VS_BACKTRACKER}x: "
            f"{verdict(per_quiz <= VS_BACKTRACKER)})"
        )
    rate = steps_per_second(forum)
    print(
        f"recorded steps a second (whole searches of the forum set): {rate:,.0f} "
        f"(target >= {STEPS_PER_SECOND:,}: {verdict(rate >= STEPS_PER_SECOND)})"
    )
    per_step, steps = bytes_per_step(MANY_SOLUTIONS, args.record_steps)
    print(
        f"bytes a recorded step ({steps:,} steps of a quiz with many solutions, views asked): "
        f"{per_step:.0f} (target <= {BYTES_PER_STEP}: {verdict(per_step <= BYTES_PER_STEP)})"
    )
    seventeen = read_quizzes(ROYLE17_SAMPLE, args.rate_limit)
    rated = rates_per_second(seventeen)
    print(
        f"rate, 17-clue quizzes ({len(seventeen)}, to the end): {rated:,.0f} a second "
        f"(target >= {RATE_PER_SECOND:,}: {verdict(rated >= RATE_PER_SECOND)})"
    )


if __name__ == "__main__":
    main()

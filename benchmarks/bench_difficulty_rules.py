"""The measures of difficulty on variant rules: their C against their pure Python, same quizzes,
one run: CPU seconds each, and the ratio.

    python benchmarks/bench_difficulty_rules.py [--measures te,b,backdoors,guess] [--count N]

The quizzes are tests/data/rules/'s (puzzles.txt, se_puzzles.txt, the serate*/ folders: a quiz
of every rule serate rates, and combinations; ``tests/techniques/difficulty/rules_cases.py``
reads them), ``--count`` of them evenly spread (0: all 358; the pure Python takes tens of
minutes on all). Each measure runs in a process of its own per build (``SUDOKU_REPL_ENGINE=native``,
then ``pure``), whose CPU time (user + system, the interpreter's start included) is measured:

- ``te``: T&E-depth (up to 3);
- ``b``: the B rating, braids up to 6 (past 6: "more than 6"), of the T&E(1) quizzes; BxB up to
  2 of the T&E(2) ones;
- ``backdoors``: BRT backdoors and candidate backdoors;
- ``guess``: the original's guess depth (run mode 0's filters, up to 2).

Prints both times, the ratio (C / pure) and whether every figure agrees. Writes nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys

from common import REPO

from tests.support.sweeps import sweep
from tests.techniques.difficulty.rules_cases import every_quiz

MEASURES = ("te", "b", "backdoors", "guess")

#: a build's process: the quizzes on standard input (``RULES PUZZLE`` a line), a line of
#: figures each
RATE = """
import sys
from sudoku_repl.techniques.difficulty import backdoors, braids, bxb, guesses, te
from tests.techniques.difficulty.rules_cases import marks_of
measure = sys.argv[1]
for line in sys.stdin:
    words, puzzle = line.split()
    marks = marks_of(words, puzzle)
    if measure == "te":
        said = te.te_depth(marks, 3)
    elif measure == "b":
        depth = te.te_depth(marks, 2).value
        said = braids.b_rating(marks, 6) if depth != 2 else bxb.bxb_rating(marks, 2)
    elif measure == "backdoors":
        said = (backdoors.brt_backdoors(marks), backdoors.candidate_backdoors(marks))
    else:
        said = guesses.guess_depth(marks, 0, 2)
    print(said, flush=True)
"""


def child_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(build: str, measure: str, quizzes: str) -> tuple[float, list[str]]:
    """A build's CPU seconds and figures on the quizzes."""
    before = child_cpu()
    done = subprocess.run(
        [sys.executable, "-c", RATE, measure],
        input=quizzes,
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
        env={**os.environ, "SUDOKU_REPL_ENGINE": build, "PYTHONPATH": str(REPO)},
    )
    return child_cpu() - before, done.stdout.splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--measures", default=",".join(MEASURES), help="a comma list of " + ", ".join(MEASURES)
    )
    parser.add_argument("--count", type=int, default=40, help="quizzes, evenly spread (0: all)")
    args = parser.parse_args()
    names = args.measures.split(",")
    if unknown := [n for n in names if n not in MEASURES]:
        parser.error(f"unknown measure {unknown[0]!r}: the measures are {', '.join(MEASURES)}")
    quizzes = every_quiz()
    chosen = sweep(quizzes, args.count) if args.count else quizzes
    text = "".join(f"{words} {puzzle}\n" for words, puzzle in chosen)
    rules = sorted({words for words, _ in chosen})
    print(f"{len(chosen)} quizzes of {len(quizzes)}, rules {' '.join(rules)}")
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name in names:
        c_cpu, c_said = run("native", name, text)
        pure_cpu, pure_said = run("pure", name, text)
        differ = [k + 1 for k, (a, b) in enumerate(zip(c_said, pure_said, strict=True)) if a != b]
        print(
            f"{name}: C {c_cpu:.2f} CPU s, pure {pure_cpu:.2f} CPU s, ratio C/pure "
            f"{c_cpu / pure_cpu:.3f}; {len(differ)} figures differ {differ[:10]}"
        )
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

"""What a plan costs beside the rating alone: ``rate FILE --scale se --format json``
against the same with ``--plan``, in this process, on the same puzzles, the ratio of their CPU
times printed (the target: 1.2 at most, on the bank). With ``--check``, every plan is held to
the puzzle's solution by the independent counter (``core/counting``: a removal leaves no
solution, a placement keeps the one), and the ER/EP/ED that follow from its steps (the hardest
step; the hardest up to the first that places a value; the first) to the file's (serate's) and
to the rating's alone (``rate --scale se`` without ``--plan``), on all of them.

    python benchmarks/bench_plan.py [--file FILE] [--limit N] [--repeat R] [--check]

FILE holds ``PUZZLE81 ER/EP/ED`` or ``PUZZLE81 ER EP ED`` lines (default
tests/data/se_bank_serate.txt: the bank's 2,000 with serate's figures), or bare puzzles (then the
plan is held to the rating alone: the forum's hardest sample,
``--file puzzles/forum_hardest_1905_11plus_sample1000.txt --repeat 1 --check``). Writes only in a
temporary folder of its own.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

from sudoku_repl.core.counting import count_solutions
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.techniques.explainer.plan_step import label_cell, label_digit

DEFAULT = Path(__file__).parents[1] / "tests" / "data" / "se_bank_serate.txt"


def timed(args: list[str]) -> tuple[float, str]:
    """CPU seconds of one ``rate`` run in this process (one job: the rating here, so that the
    load of the machine's other work counts less than a wall clock would), and its standard
    output."""
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main_rate([*args, "--jobs", "1"])
    assert status == 0, status
    return time.process_time() - start, out.getvalue()


def followed(plan: list[dict[str, object]]) -> str:
    """ER/EP/ED as they follow from a plan's steps (docs/se_rating.md), read from the JSON."""
    ratings = [float(str(step["rating"])) for step in plan]
    first = next((i for i, step in enumerate(plan) if step["placed"]), len(plan) - 1)
    er, ep = max(ratings, default=0.0), max(ratings[: first + 1], default=0.0)
    return f"{er:.1f}/{ep:.1f}/{ratings[0] if ratings else 0.0:.1f}"


def checked(rows: list[dict[str, object]], figures: dict[str, str], alone: str) -> int:
    """Hold every row's plan to the solution, and the figures that follow from it to the
    file's (where it has them) and to the rating's alone (``alone``: its JSON lines): the
    faults."""
    rated = {
        str(row["quiz"]): f"{row['er']}/{row['ep']}/{row['ed']}"
        for row in map(json.loads, alone.splitlines())
        if "line" in row
    }
    faults = 0
    for row in rows:
        puzzle = str(row["quiz"])
        givens = [int(ch) for ch in puzzle.replace(".", "0")]
        plan = row["plan"]
        assert isinstance(plan, list)
        made = followed(plan)
        for known in {figures.get(puzzle, made), rated[puzzle]} - {made}:
            print(f"figures {made} from the plan, not {known}: {puzzle}")
            faults += 1
        for number, step in enumerate(plan, 1):
            tried = [(label, 0) for label in step["removed"]]
            tried += [(label, 1) for label in step["placed"]]
            for label, solutions in tried:
                trial = list(givens)
                trial[label_cell(label)] = label_digit(label)
                if count_solutions(bytes(trial), 2) != solutions:
                    print(f"step {number} of {puzzle}: {label} is wrong")
                    faults += 1
    return faults


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    lines = [line.split() for line in args.file.read_text().splitlines() if line.strip()]
    lines = lines[: args.limit]
    with tempfile.TemporaryDirectory() as folder:
        quizzes = Path(folder) / "quizzes.txt"
        quizzes.write_text("".join(f"{parts[0]}\n" for parts in lines))
        base = [str(quizzes), "--scale", "se", "--format", "json"]
        alone = with_plan = float("inf")
        output = rated = ""
        for _ in range(args.repeat):  # interleaved: the machine's load falls on both alike
            seconds, rated = timed(base)
            alone = min(alone, seconds)
            seconds, output = timed([*base, "--plan"])
            with_plan = min(with_plan, seconds)
    print(f"{len(lines)} puzzles: rate --scale se {alone:.2f} s, with --plan {with_plan:.2f} s")
    print(f"ratio {with_plan / alone:.2f} (target 1.20 at most)")
    if args.check:
        rows = [json.loads(line) for line in output.splitlines() if '"line"' in line]
        known = {parts[0].replace("0", "."): "/".join(parts[1:4]) for parts in lines if parts[1:]}
        faults = checked(rows, known, rated)
        print(f"checked {len(rows)} plans: {faults} faults")
        return 1 if faults else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

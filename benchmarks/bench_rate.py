"""Wall time of ``sudoku-repl rate`` with --jobs 1 and --jobs 2, and the speed-up.

    python benchmarks/bench_rate.py [--rounds N] [--jobs-max J]

The set is shared/data/norvig_top95.txt followed by the first 200 quizzes of
forum_hardest_1905_11plus_sample1000.txt (295 quizzes, written to a temporary file). Each command
runs as a subprocess, the way a user runs it (start-up and the worker processes included);
rounds alternate between the job counts so that a change in the machine's load hits both alike,
and the best round of each counts. The figures of every run are checked to be identical (all
columns but ``ms``). On a shared machine other processes bound the speed-up, so each run also
prints the load average and its CPU seconds (the worker processes included): CPU / wall is the
parallelism the machine actually gave the run, and equal CPU seconds for 1 and 2 jobs mean that
the workers cost nothing extra.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT.parent / "shared" / "data"
SETS = [(DATA / "norvig_top95.txt", None), (DATA / "forum_hardest_1905_11plus_sample1000.txt", 200)]


def quiz_file() -> str:
    lines: list[str] = []
    for path, count in SETS:
        with open(path) as f:
            lines += [line.strip() for line in islice(f, count)]
    fd, name = tempfile.mkstemp(prefix="bench-rate-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    return name


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(path: str, jobs: int) -> tuple[float, float, list[str]]:
    """(wall seconds, CPU seconds, the CSV rows without the ms column)."""
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "rate", path, "--jobs", str(jobs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    cpu = children_cpu() - cpu
    cells = [line.split(",") for line in done.stdout.splitlines()]
    rows = [",".join(c[:8] + c[9:]) for c in cells]  # all but ms
    return wall, cpu, rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs-max", type=int, default=2)
    args = parser.parse_args()
    path = quiz_file()
    jobs_list = list(range(1, args.jobs_max + 1))
    best = {j: float("inf") for j in jobs_list}
    reference: list[str] | None = None
    try:
        print(f"set: norvig_top95 + first 200 of forum_hardest_1905_11plus_sample1000 "
              f"(295 quizzes); {os.cpu_count()} CPUs; load average before: "
              f"{os.getloadavg()[0]:.2f}")  # fmt: skip
        for r in range(1, args.rounds + 1):
            for jobs in jobs_list:
                wall, cpu, rows = run(path, jobs)
                if reference is None:
                    reference = rows
                assert rows == reference, f"--jobs {jobs} gave different figures"
                best[jobs] = min(best[jobs], wall)
                print(f"round {r}: --jobs {jobs}: {wall:6.2f} s wall, {cpu:6.2f} s CPU "
                      f"(x{cpu / wall:.2f} parallel; load {os.getloadavg()[0]:.2f})")  # fmt: skip
    finally:
        os.unlink(path)
    print(f"figures identical in every run ({len(reference or []) - 1} rows)")
    for jobs in jobs_list:
        print(f"best --jobs {jobs}: {best[jobs]:6.2f} s   speed-up x{best[1] / best[jobs]:.2f}")


if __name__ == "__main__":
    main()

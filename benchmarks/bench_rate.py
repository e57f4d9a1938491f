"""Wall time of ``sudoku-repl rate`` with --jobs 1 and --jobs 2, and the speed-up.

    python benchmarks/bench_rate.py [FILE[:K] ...] [--copies C] [--rounds N] [--jobs-max J] [--dask]

The set is made of the files named (FILE:K takes the first K quizzes of FILE), written C times
over (default 3) to a file in this run's own temporary folder; by default the repository's four
big collections one after the other, puzzles/royle17_sample2000.txt,
puzzles/magictour_top1465.txt, puzzles/forum_hardest_1905_11plus_sample1000.txt and
puzzles/se_rated_diabolical2000.txt (6,465 quizzes; 19,395 with the copies: rating at scale, a
file one job rates in several seconds). The command's start-up (Python and the imports: 0.1-0.2 s,
printed first, as the time of the same command with --limit 1) and its reading of the file
(8 us a quiz) run once, whatever the number of jobs: on a set one job rates in a second or two
they bound the speed-up to about x1.7 whatever the workers do. Larger collections kept outside the repository are named the same way. Each command runs as a subprocess, the way a user runs
it (start-up and the worker processes included); rounds alternate between the job counts so that
a change in the machine's load hits both alike, and the best round of each counts. The figures
of every run are checked to be identical (all columns but ``ms``). On a shared machine other
processes bound the speed-up, so each run also prints the load average and its CPU seconds (the
worker processes included): CPU / wall is the parallelism the machine actually gave the run, and
equal CPU seconds for 1 and 2 jobs mean that the workers cost nothing extra. ``--dask`` adds
``--executor dask --jobs J`` (a Dask LocalCluster of J worker processes, needs the ``dask``
extra) to each round: its figures must be the same, its time says what Dask costs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

from common import RATE_SET, REPO, children_cpu, program_env, quiz_set, write_set


def run(path: str, jobs: int, *more: str) -> tuple[float, float, list[str]]:
    """(wall seconds, CPU seconds, the CSV rows without the ms column)."""
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "rate", path, "--jobs", str(jobs), *more],
        cwd=REPO,
        env=program_env(),
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files",
        nargs="*",
        default=[str(path) for path in RATE_SET],
        metavar="FILE[:K]",
        help="one-quiz-per-line files, K = the first K quizzes (default: the 17-clue sample, "
        "top1465, the forum sample and the SE-rated sample of puzzles/)",
    )
    parser.add_argument(
        "--copies",
        type=int,
        default=3,
        metavar="C",
        help="the set written C times over (default 3: a file one job rates in several "
        "seconds, rating at scale)",
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs-max", type=int, default=2)
    parser.add_argument("--dask", action="store_true", help="also --executor dask")
    args = parser.parse_args()
    quizzes, words = quiz_set(args.files)
    folder = tempfile.mkdtemp(prefix="bench-rate-")  # (this run's own folder)
    path, count = os.path.join(folder, "set.txt"), len(quizzes) * args.copies
    write_set(quizzes, args.copies, path)
    jobs_list: list[int | str] = list(range(1, args.jobs_max + 1))
    if args.dask:
        jobs_list.append("dask")
    best = {j: float("inf") for j in jobs_list}
    reference: list[str] | None = None
    try:
        copies = f", {args.copies} times over" if args.copies > 1 else ""
        print(f"set: {words}{copies} ({count} quizzes); {os.cpu_count()} CPUs; "
              f"load average before: {os.getloadavg()[0]:.2f}")  # fmt: skip
        startup, _, _ = run(path, 1, "--limit", "1")
        print(f"start-up (the same command with --limit 1): {startup:.2f} s")
        for r in range(1, args.rounds + 1):
            for jobs in jobs_list:
                more = ["--executor", "dask"] if jobs == "dask" else []
                wall, cpu, rows = run(path, args.jobs_max if jobs == "dask" else int(jobs), *more)
                if reference is None:
                    reference = rows
                assert rows == reference, f"--jobs {jobs} gave different figures"
                best[jobs] = min(best[jobs], wall)
                print(f"round {r}: {label(jobs, args.jobs_max)}: {wall:6.2f} s wall, {cpu:6.2f} s CPU "
                      f"(x{cpu / wall:.2f} parallel; load {os.getloadavg()[0]:.2f})")  # fmt: skip
    finally:
        shutil.rmtree(folder)
    print(f"figures identical in every run ({len(reference or []) - 1} rows)")
    for jobs in jobs_list:
        print(f"best {label(jobs, args.jobs_max)}: {best[jobs]:6.2f} s   "
              f"speed-up x{best[1] / best[jobs]:.2f}")  # fmt: skip


def label(jobs: int | str, jobs_max: int) -> str:
    return f"--executor dask --jobs {jobs_max}" if jobs == "dask" else f"--jobs {jobs}"


if __name__ == "__main__":
    main()

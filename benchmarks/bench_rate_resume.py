"""``rate --out`` killed (SIGKILL) at 60% of its rows and started again: the time of the second
run against an uninterrupted run's, and the rows it ends with against that run's.

    python benchmarks/bench_rate_resume.py [FILE[:K] ...] [--copies C] [--jobs N] [--at 0.6]

By default the repository's four big collections three times over, as bench_rate.py rates them
(19,395 quizzes), --jobs 2: resuming is for jobs that take a while, and on a file rated in a
second the command's start-up and its reading of the file (a fifth of a second in both runs)
would be much of what is measured.
The target: the run that continues takes at most 75% of the uninterrupted run's
time, and the rows are the same (all columns but ``ms``; none twice, none lost). The kill comes
when the file holds the share of rows asked for (watched, not timed). Everything is written to
a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import RATE_SET, REPO, program_env, quiz_set, write_set


def command(quizzes: Path, out: Path, jobs: int) -> list[str]:
    return [sys.executable, "-m", "sudoku_repl", "rate", str(quizzes), "--out", str(out),
            "--jobs", str(jobs)]  # fmt: skip


def rows(out: Path) -> list[str]:
    """The rows without ms (the 9th column)."""
    return [",".join(c[:8] + c[9:]) for c in (line.split(",") for line in out.read_text().splitlines())]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files", nargs="*", default=[str(path) for path in RATE_SET], metavar="FILE[:K]"
    )
    parser.add_argument(
        "--copies",
        type=int,
        default=3,
        metavar="C",
        help="the set written C times over (default 3, as bench_rate.py: resuming is for jobs "
        "that take a while)",
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--at", type=float, default=0.6, help="share of rows at the kill")
    args = parser.parse_args()
    lines, words = quiz_set(args.files)
    folder = Path(tempfile.mkdtemp(prefix="bench-rate-resume-"))
    try:
        quizzes = folder / "quizzes.txt"
        write_set(lines, args.copies, quizzes)
        lines = lines * args.copies
        env = program_env()
        copies = f", {args.copies} times over" if args.copies > 1 else ""
        print(f"set: {words}{copies} ({len(lines)} quizzes); --jobs {args.jobs}; "
              f"{os.cpu_count()} CPUs; load average before: {os.getloadavg()[0]:.2f}")  # fmt: skip

        whole = folder / "whole.csv"
        start = time.perf_counter()
        subprocess.run(command(quizzes, whole, args.jobs), cwd=REPO, env=env, check=True,
                       capture_output=True)  # fmt: skip
        full = time.perf_counter() - start
        print(f"uninterrupted: {full:6.2f} s")

        out = folder / "resumed.csv"
        wanted = int(len(lines) * args.at)
        start = time.perf_counter()
        proc = subprocess.Popen(command(quizzes, out, args.jobs), cwd=REPO, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        while not out.exists() or out.read_bytes().count(b"\n") < wanted + 1:
            if proc.poll() is not None:
                sys.exit("the run ended before the kill")
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        first = time.perf_counter() - start
        held = out.read_bytes().count(b"\n") - 1
        start = time.perf_counter()
        subprocess.run(command(quizzes, out, args.jobs), cwd=REPO, env=env, check=True,
                       capture_output=True)  # fmt: skip
        second = time.perf_counter() - start
        print(f"killed at {held} of {len(lines)} rows ({held / len(lines):.0%}) after "
              f"{first:6.2f} s; the same command again: {second:6.2f} s = "
              f"{second / full:.0%} of the uninterrupted run (target: at most 75%)")  # fmt: skip
        same = rows(out) == rows(whole)
        print(f"rows identical to the uninterrupted run's: {same} ({len(rows(out)) - 1} rows)")
        if not same:
            sys.exit(1)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()

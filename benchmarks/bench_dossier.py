"""The whole dossier of the forum's hardest 1,000: CPU time and memory peak.

    python benchmarks/bench_dossier.py [--jobs N] [--limit N] [--isomorphs K] [--file FILE]

Each puzzle of ``puzzles/forum_hardest_1905_11plus_sample1000.txt`` (a fixed random sample
in the forum list's order, which is by ER: its first N are the lowest, so ``--limit``'s
extrapolation is a floor) gets the dossier ``difficulty`` gives with
``--measures steps,se,te,b,backdoors,spread --isomorphs 8``: the original's steps and order
luck over K random isomorphs, Sudoku Explainer's ER/EP/ED with its path, T&E-depth, B or BxB,
the backdoors, and ER over the K isomorphs and of the minlex form. The puzzles are shared out
to ``--jobs`` worker processes.

Prints the CPU seconds (user + system of this process and of its workers, as a user pays
them), the wall time, the memory peak (``ru_maxrss`` of this process and of the largest
worker), each puzzle's CPU seconds (least, median, mean, most) and, where ``--limit`` took
part of the file, the CPU the whole file would take at the mean measured here (an
extrapolation, said so); before them, a line a puzzle as it is done (its CPU seconds, its
T&E-depth and B or BxB, its ER). Writes nothing.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from common import FORUM_SAMPLE

MEASURES = ("steps", "se", "te", "b", "backdoors", "spread")


def rated(job: tuple[str, int]) -> tuple[float, str, str | None]:
    """One puzzle's dossier in a worker: its CPU seconds, T&E-depth with B/BxB, and ER."""
    from sudoku_repl.core.quiz import Quiz
    from sudoku_repl.tools.difficulty.dossier import dossier, settings_of

    puzzle, isomorphs = job
    start = time.process_time()
    quiz = Quiz.from_string(puzzle)
    done = dossier(quiz.givens, None, settings_of(",".join(MEASURES), isomorphs))
    cpu = time.process_time() - start
    f = done.figures
    te = "-" if f.te is None else f.te.written() or "-"
    braids = ""
    if f.b is not None and f.b.defined:
        braids = f" B{f.b.written()}"
    elif f.bxb is not None and f.bxb.defined:
        braids = f" B{f.bxb.written()}B"
    return cpu, f"T&E({te}){braids}", None if done.se is None else done.se.er


def cpu_seconds(who: int) -> float:
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=FORUM_SAMPLE)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, default=0, help="the first N puzzles only")
    parser.add_argument("--isomorphs", type=int, default=8, help="K (default 8)")
    args = parser.parse_args()
    puzzles = [line.split()[0] for line in args.file.read_text().splitlines() if line.strip()]
    total = len(puzzles)
    if args.limit:
        puzzles = puzzles[: args.limit]
    print(
        f"dossier --measures {','.join(MEASURES)} --isomorphs {args.isomorphs} of "
        f"{len(puzzles)} of the {total} puzzles of {args.file.name}, {args.jobs} worker "
        f"processes; {os.cpu_count()} cores, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    sys.stdout.flush()
    wall = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [(p, args.isomorphs) for p in puzzles]
        for n, result in enumerate(pool.map(rated, jobs), 1):  # (in file order, as they come)
            results.append(result)
            print(f"{n:4} {result[0]:7.2f} CPU s  {result[1]:<14} ER {result[2]}", flush=True)
    wall = time.perf_counter() - wall
    # (the workers are waited for when the pool ends: their usage is in RUSAGE_CHILDREN now)
    cpu = cpu_seconds(resource.RUSAGE_SELF) + cpu_seconds(resource.RUSAGE_CHILDREN)
    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak_child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    each = [r[0] for r in results]
    print(f"CPU: {cpu:.1f} s (this process and its workers); wall: {wall:.1f} s")
    print(f"memory peak: {peak_self:.0f} MiB this process, {peak_child:.0f} MiB the largest worker")
    print(
        f"each puzzle's dossier, CPU s: least {min(each):.2f}, median "
        f"{statistics.median(each):.2f}, mean {statistics.fmean(each):.2f}, most {max(each):.2f}"
    )
    classes = Counter(r[1] for r in results)
    print("rated: " + ", ".join(f"{k} {n}" for k, n in sorted(classes.items())))
    ers = [float(er.lstrip(">=")) for _, _, er in results if er is not None]
    lower = sum(1 for _, _, er in results if er is not None and er.startswith(">="))
    if ers:
        print(
            f"ER: median {statistics.median(ers):.1f}, {lower} of them lower bounds (the "
            "60 s time limit)"
        )
    if len(puzzles) < total:
        whole = statistics.fmean(each) * total
        print(
            f"extrapolated (measured mean x {total}): the whole file's dossiers would take about "
            f"{whole / 3600:.1f} CPU hours, {whole / 3600 / args.jobs:.1f} h of wall time on "
            f"{args.jobs} free cores (not run here)"
        )


if __name__ == "__main__":
    main()

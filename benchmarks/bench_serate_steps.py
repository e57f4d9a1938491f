"""What describing the steps costs: ``sudoku-repl serate --after='%r %s'`` (every step's rating
and serate's description of it) against SukakuExplainer 1.15.10's ``serate`` with the same
arguments, on the same puzzles, in one run, by band of the bank's ER (serate's own ratings of
puzzles/se_rated_diabolical2000.txt): the CPU of each whole command (the JVM's, start-up, JIT
and GC included; ours, its worker processes included), the ratio ours/serate (the floor:
<= 0.1x in every band), and ours with ``--after='%r'`` alone (what the descriptions add), and
on how many puzzles the output is serate's, line for line (the rest leave serate's path at a
tie), and on how many ER/EP/ED is.

    python benchmarks/bench_serate_steps.py [--serate-jar JAR] [--per-band A,B,C,D] [--threads T]

The jar is ``--serate-jar`` or ``SUDOKU_REPL_SERATE_JAR`` (a built serate, e.g.
/work/shared/tools/serate.jar); without it, or without ``java`` on the PATH, serate's side is
skipped with one line and ours is measured alone. ``--per-band A,B,C,D`` puzzles a band
(200,200,200,50: serate takes about a CPU-second a puzzle in the last), evenly spread over the
band's puzzles of the bank; both commands run with ``--threads T`` (1). Writes only in its own
temporary folder.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import SE_RATED

#: the bands of the bank's ER: (name, least, most), in tenths
BANDS = (("5.0-5.9", 50, 59), ("6.0-6.9", 60, 69), ("7.0-7.6", 70, 76), ("7.7-9.2", 77, 92))
SERATE_CLASS = "diuf.sudoku.test.serate"
#: the issue's floor: ours with the descriptions, against serate
FLOOR = 0.1


def banded(per_band: list[int]) -> dict[str, list[str]]:
    """Each band's puzzle lines, so many of them (``per_band``: a count a band) evenly spread
    over the bank's."""
    lines = [line.split() for line in SE_RATED.read_text(encoding="utf-8").splitlines()]
    out = {}
    for (name, least, most), count in zip(BANDS, per_band, strict=True):
        band = [p for p, er in lines if least <= round(float(er) * 10) <= most]
        step = max(1, len(band) // count)
        out[name] = band[::step][:count]
    return out


def cpu_of(command: list[str], folder: Path) -> float:
    """The CPU seconds (user + system) of a command and the processes it waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=folder, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def puzzles_of(path: Path) -> list[list[bytes]]:
    """An output's lines by puzzle: its steps' lines, then its ER/EP/ED line (``--format``'s)."""
    puzzles: list[list[bytes]] = [[]]
    for line in path.read_bytes().splitlines():
        puzzles[-1].append(line)
        if re.fullmatch(rb"\d+\.\d/\d+\.\d/\d+\.\d", line):
            puzzles.append([])
    return puzzles[:-1]


def agreement(ours: Path, theirs: Path) -> tuple[int, int]:
    """Of the puzzles, how many ours writes as serate does line for line, and how many with
    the same ER/EP/ED."""
    pairs = list(zip(puzzles_of(ours), puzzles_of(theirs), strict=True))
    return sum(a == b for a, b in pairs), sum(a[-1] == b[-1] for a, b in pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serate-jar", default=os.environ.get("SUDOKU_REPL_SERATE_JAR", ""))
    parser.add_argument(
        "--per-band",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[200, 200, 200, 50],
        help="puzzles a band, comma separated (200,200,200,50)",
    )
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    java = shutil.which("java")
    jar = args.serate_jar if args.serate_jar and Path(args.serate_jar).is_file() else ""
    if not (java and jar):
        print(
            "serate: skipped (needs java on the PATH and --serate-jar or SUDOKU_REPL_SERATE_JAR "
            "naming serate's jar)"
        )
    after, threads = "--after=%r %s", f"--threads={args.threads}"
    ours = [sys.executable, "-m", "sudoku_repl", "serate", threads]
    print(
        f"{'band':9} {'puzzles':>7} {'serate s':>9} {'ours %s':>8} {'ratio':>6} "
        f"{'ours %r':>8} {'ratio':>6}  serate's text, ratings"
    )
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, puzzles in banded(args.per_band).items():
            source = folder / f"{name}.txt"
            source.write_text("".join(p + "\n" for p in puzzles), encoding="utf-8")
            described = cpu_of(
                [*ours, after, f"--input={source}", f"--output={folder / 'ours.out'}"], folder
            )
            plain = cpu_of(
                [*ours, "--after=%r", f"--input={source}", f"--output={folder / 'plain.out'}"],
                folder,
            )
            row = f"{name:9} {len(puzzles):>7} "
            if java and jar:
                theirs = cpu_of(
                    [java, "-cp", jar, SERATE_CLASS, threads, after, f"--input={source}",
                     f"--output={folder / 'serate.out'}"],
                    folder,
                )  # fmt: skip
                same, rated = agreement(folder / "ours.out", folder / "serate.out")
                worst = max(worst, described / theirs)
                row += (
                    f"{theirs:>9.2f} {described:>8.2f} {described / theirs:>5.3f}x "
                    f"{plain:>8.2f} {plain / theirs:>5.3f}x  {same}, {rated}"
                )
            else:
                row += f"{'-':>9} {described:>8.2f} {'-':>6} {plain:>8.2f} {'-':>6}"
            print(row, flush=True)
    if java and jar:
        verdict = "within" if worst <= FLOOR else "ABOVE"
        print(f"the worst band: {worst:.3f}x serate's CPU with %s ({verdict} the {FLOOR}x floor)")


if __name__ == "__main__":
    main()

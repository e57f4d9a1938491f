"""The measures of difficulty against SHC (the Sudoku Hierarchical Classifier), same files, one
run: CPU seconds each, and the ratio.

    python benchmarks/bench_difficulty.py [--shc PATH/SHC.jar] [--measures te,b,bxb,bxbb]
                                          [--limit N] [--top X] [--file FILE --expected FILE]

Each measure rates SHC 6.2's own examples (tests/data/shc/), by ``java -jar SHC.jar`` and by
this project, each in a process of its own whose CPU time (user + system, the JVM's start or
the interpreter's included, as a user pays it) is measured:

- ``te``: T&E-depth of the 342 puzzles of TE-input.txt (``TE-depth``; floor 0.5, aim 0.1);
- ``b``: the B rating of the 92 puzzles of B-input.txt, B0 to B9 (``B -max-length 12``; floor
  1.0, aim 0.3);
- ``bxb``: the BxB rating of the puzzles of BxB-input.txt SHC rates B2B to B7B, the first 110
  (``BxB``; floor 1.0); ``--top X`` takes those to BXB (the file goes to B14B), ours bounded
  at X too;
- ``bxbb``: the BxBB rating of the 140 puzzles of BxBB-input.txt, all B2BB (``BxBB``; floor
  1.0). Not in the default list.

Prints both times, the ratio (ours / SHC's), and where the figures differ, from SHC's and from
the published ones (the examples' -output-expected.txt). ``--limit N`` takes the first N puzzles
of each file; with one measure, ``--file`` and ``--expected`` name another file (or several,
rated as one, in one process each) and its figures; ``--expected-in-file`` reads them off the file itself, each line's second word (the
``STATE FIGURE SOURCE`` lines of tests/data/shc/more_*.txt; ``#`` lines are comments in any
file). A file's 729-character (sukaku) states go to SHC in a run of their own, its ``sukaku``
mode, its CPU added. No SHC.jar (or no java): one line says so, and ours runs alone. Writes
only in a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

import common
from common import REPO

SHC_DATA = REPO / "tests" / "data" / "shc"
#: SHC.jar, the same-run anchor: beside the project, never in it (--shc or $SUDOKU_REPL_SHC_JAR)
DEFAULT_JAR = os.environ.get("SUDOKU_REPL_SHC_JAR", "")


class Measure(NamedTuple):
    category: str  # SHC's name of it
    stem: str  # its examples: STEM-input.txt, STEM-output-expected.txt
    top: int  # the largest published figure taken
    options: list[str]  # SHC's
    floor: float  # on ours / SHC's CPU
    aim: float


MEASURES = {
    "te": Measure("TE-depth", "TE", 3, [], 0.5, 0.1),
    "b": Measure("B", "B", 9, ["-max-length", "12"], 1.0, 0.3),
    "bxb": Measure("BxB", "BxB", 7, [], 1.0, 1.0),
    "bxbb": Measure("BxBB", "BxBB", 7, [], 1.0, 1.0),
}

#: ours, as a user runs it: a process that reads the file and prints a figure a line, as SHC
#: does (-(bound + 1) past the bound; 0 where BxB is not defined, T&E-depth below 2)
OURS = """
import sys
from sudoku_repl.techniques.difficulty.braids import b_rating
from sudoku_repl.techniques.difficulty.bxb import bxb_rating, bxbb_rating
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.te import te_depth
top = int(sys.argv[3])
rate = {"te": te_depth, "b": lambda m: b_rating(m, max_length=12),
        "bxb": lambda m: bxb_rating(m, max_b=top),
        "bxbb": lambda m: bxbb_rating(m, max_b=top)}[sys.argv[1]]
for line in open(sys.argv[2], encoding="utf-8"):
    if line.strip():
        word = line.split()[0]
        level = rate(Marks.from_sukaku(word if len(word) == 729 else word[:81]))
        print(0 if level is None else level.value if level.value is not None
              else -level.beyond - 1)
"""


def child_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: list[str]) -> tuple[float, str]:
    """The CPU seconds of a child process and its standard output."""
    before = child_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return child_cpu() - before, done.stdout


def figures(text: str) -> list[int]:
    """The figures of an SHC output (a header line, then one a line)."""
    return [int(d) for d in text.split("\n")[1:] if d.strip()]


def is_sukaku(line: str) -> bool:
    return len(line.split()[0]) == 729


def run_shc(jar: Path, measure: Measure, lines: list[str], folder: Path) -> tuple[float, list[int]]:
    """SHC's CPU seconds and figures, in the lines' order: its puzzles in one run, its sukaku
    states (which it reads only in its ``sukaku`` mode) in another."""
    java = shutil.which("java")
    assert java is not None
    cpu = 0.0
    said: dict[int, int] = {}
    for sukaku in (False, True):
        kept = [k for k, line in enumerate(lines) if is_sukaku(line) == sukaku]
        if not kept:
            continue
        mode = ["sukaku"] if sukaku else []
        puzzles = folder / f"shc-{measure.stem}-{len(mode)}-input.txt"
        puzzles.write_text("\n".join(lines[k] for k in kept) + "\n")
        out = folder / f"shc-{measure.stem}-{len(mode)}.txt"
        command = [java, "-jar", str(jar), measure.category, *mode, *measure.options]
        used, _ = timed([*command, "-input", str(puzzles), "-output", str(out)])
        cpu += used
        said.update(zip(kept, figures(out.read_text()), strict=True))
    return cpu, [said[k] for k in range(len(lines))]


def compare(label: str, ours: list[int], theirs: list[int]) -> None:
    wrong = [k + 1 for k, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    print(f"  ours against {label}: {len(wrong)} differ {wrong[:10]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--shc", type=Path, default=DEFAULT_JAR, help="SHC.jar's path ($SUDOKU_REPL_SHC_JAR)"
    )
    parser.add_argument("--measures", default="te,b,bxb", help="a comma list of te, b, bxb, bxbb")
    parser.add_argument(
        "--top", type=int, default=0, help="BxB, BxBB: the examples to BXB (ours bounded there)"
    )
    parser.add_argument("--limit", type=int, default=0, help="the first N puzzles of each file")
    parser.add_argument(
        "--file", type=Path, nargs="+", help="another file, or several rated as one (one measure)"
    )
    parser.add_argument("--expected", type=Path, help="its published figures")
    parser.add_argument(
        "--expected-in-file",
        action="store_true",
        help="--file's published figures are each line's second word (more_*.txt)",
    )
    args = parser.parse_args()
    common.say_if_stale_build()
    names = args.measures.split(",")
    if unknown := [n for n in names if n not in MEASURES]:
        parser.error(f"unknown measure {unknown[0]!r}: the measures are te, b, bxb, bxbb")
    if (args.file or args.expected) and len(names) != 1:
        parser.error("--file and --expected go with one measure (--measures te, b or bxb)")
    if args.expected_in_file and (args.expected or not args.file):
        parser.error("--expected-in-file goes with --file, instead of --expected")
    java = shutil.which("java")
    with_shc = bool(args.shc.name) and args.shc.is_file() and java is not None
    if not with_shc:
        where = f"no SHC.jar at {args.shc}" if args.shc.name else "no SHC.jar given"
        missing = "no java" if java is None else where
        print(f"SHC skipped: {missing} (--shc PATH or $SUDOKU_REPL_SHC_JAR)")
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    ratios: dict[str, float] = {}
    for name in names:
        measure = MEASURES[name]
        if args.top and name in ("bxb", "bxbb"):
            measure = measure._replace(top=args.top)
        given = args.file or [SHC_DATA / f"{measure.stem}-input.txt"]
        expected_file = args.expected or SHC_DATA / f"{measure.stem}-output-expected.txt"
        lines = [
            line
            for path in given
            for line in path.read_text().splitlines()
            if line.strip() and line[0] != "#"
        ]
        expected: list[int] | None = None
        if args.expected_in_file:
            expected = [int(line.split()[1]) for line in lines]
        elif expected_file.is_file() and (args.expected or not args.file):
            expected = figures(expected_file.read_text())
        if expected is not None:  # (the examples SHC rates at most top: BxB's to B7B)
            kept = [k for k, f in enumerate(expected) if f <= measure.top]
            lines, expected = [lines[k] for k in kept], [expected[k] for k in kept]
        if args.limit:
            lines = lines[: args.limit]
            expected = expected[: args.limit] if expected is not None else None
        with tempfile.TemporaryDirectory() as folder:
            puzzles = Path(folder) / "input.txt"
            puzzles.write_text("\n".join(lines) + "\n")
            shc = run_shc(args.shc, measure, lines, Path(folder)) if with_shc else None
            cpu, said = timed([sys.executable, "-c", OURS, name, str(puzzles), str(measure.top)])
        ours = [int(d) for d in said.split()]
        print(f"{measure.category} of {len(ours)} puzzles ({', '.join(p.name for p in given)})")
        print(f"  ours: {cpu:.2f} CPU s")
        if expected is not None:
            compare(
                "the files' figures" if args.expected_in_file else expected_file.name,
                ours,
                expected,
            )
        if shc is not None:
            shc_cpu, theirs = shc
            print(f"  SHC:  {shc_cpu:.2f} CPU s")
            compare("SHC's run", ours, theirs)
            ratios[name] = cpu / shc_cpu
            print(
                f"  ratio ours/SHC: {cpu / shc_cpu:.3f} (floor {measure.floor}, aim {measure.aim})"
            )
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if ratios:
        held = all(ratios[n] <= MEASURES[n].floor for n in ratios)
        said = ", ".join(
            f"{MEASURES[n].category} {r:.3f}x (<= {MEASURES[n].floor}x)" for n, r in ratios.items()
        )
        print(f"floors, one run: {said}: {'all held' if held else 'NOT ALL HELD'}")
        if not held:
            sys.exit(1)


if __name__ == "__main__":
    main()

<<<<<<< HEAD
"""The measures of difficulty (issue 60) against SHC, the Sudoku Hierarchical Classifier: the
same files rated by SHC.jar and by this project in one run, each figure compared with SHC's
published one, and the CPU seconds of both (each in a process of its own, its start included:
the JVM's as the interpreter's, as a user pays them).

    python benchmarks/bench_difficulty.py [--shc SHC.jar] [--measures b,bxb] [--limit N]

- ``b``: the B rating (braids) of SHC's 92 B examples (``tests/data/shc/B-input.txt``, B0 to
  B9), SHC with ``-max-length 12``; floor: ours at most 1.0x SHC's CPU.
- ``bxb``: the BxB rating of SHC's BxB examples up to B7B (the first 110 of
  ``tests/data/shc/BxB-input.txt``); floor: 1.0x.

``--limit N`` takes the first N puzzles of each file. SHC.jar (GPL-3.0, github.com/denis-berthier/
Sudoku_Hierarchical_Classifier) is not part of the project: ``--shc`` says where it is. Writes
only in a temporary folder of its own. Exit 1 when a figure differs or a floor is missed.
=======
"""The measures of difficulty against SHC (the Sudoku Hierarchical Classifier), same file,
one run: CPU seconds each, and the ratio (issue 60).

    python benchmarks/bench_difficulty.py [--shc PATH/SHC.jar] [--file FILE] [--expected FILE]

T&E-depth of every puzzle of FILE (by default SHC 6.2's own examples, the 342 puzzles of
tests/data/shc/TE-input.txt), by ``java -jar SHC.jar TE-depth`` and by this project's
``te_depth``, each in a process of its own whose CPU time (user + system, the JVM's start or
the interpreter's included, as a user pays it) is measured. Prints both times, the ratio
(ours / SHC's: the floor is 0.5, the aim 0.1), and where the figures differ, from SHC's and
from EXPECTED (SHC's published figures, by default tests/data/shc/TE-output-expected.txt). No
SHC.jar (or no java): one line says so, and ours runs alone. Writes only in a temporary folder.
>>>>>>> difficulty
"""

from __future__ import annotations

import argparse
import resource
<<<<<<< HEAD
=======
import shutil
>>>>>>> difficulty
import subprocess
import sys
import tempfile
from pathlib import Path

from common import REPO

SHC_DATA = REPO / "tests" / "data" / "shc"
<<<<<<< HEAD
DEFAULT_SHC = REPO.parent / "shared" / "tools" / "shc" / "SHC.jar"
#: measure -> (SHC's category, its example file's stem, the largest figure taken, SHC's
#: options, the floor on our CPU over SHC's)
MEASURES = {
    "b": ("B", "B", 9, ["-max-length", "12"], 1.0),
    "bxb": ("BxB", "BxB", 7, [], 1.0),
}


def examples(stem: str, top: int, limit: int | None) -> tuple[list[str], list[str]]:
    """SHC's example puzzles whose published figure is at most ``top``, and those figures."""
    puzzles = [line[:81] for line in (SHC_DATA / f"{stem}-input.txt").read_text().splitlines()]
    figures = (SHC_DATA / f"{stem}-output-expected.txt").read_text().splitlines()[1:]
    kept = [(p, f.strip()) for p, f in zip(puzzles, figures, strict=True) if int(f) <= top]
    kept = kept[:limit] if limit else kept
    return [p for p, _ in kept], [f for _, f in kept]


def child_cpu(command: list[str]) -> tuple[float, str]:
    """Run ``command`` to its end: its CPU seconds (user and system) and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        command, capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return spent, done.stdout


def rate_file(measure: str, path: Path) -> None:
    """The worker: each puzzle's figure on a line, as SHC writes it (-(bound + 1) past the
    bound; 0 where the state is outside the measure's domain, as SHC answers BxB there)."""
    from sudoku_repl.techniques.difficulty.braids import b_rating
    from sudoku_repl.techniques.difficulty.bxb import bxb_rating
    from sudoku_repl.techniques.difficulty.marks import Marks

    for line in path.read_text().splitlines():
        marks = Marks.from_sukaku(line[:81])
        level = b_rating(marks, max_length=12) if measure == "b" else bxb_rating(marks, max_b=7)
        if level is None:
            print(0)
        elif level.value is not None:
            print(level.value)
        else:
            print(-(level.beyond or 0) - 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shc", type=Path, default=DEFAULT_SHC, help="SHC.jar (SHC 6.2)")
    parser.add_argument("--measures", default="b,bxb", help="a comma list of: b, bxb")
    parser.add_argument("--limit", type=int, default=None, help="the first N puzzles of each")
    parser.add_argument("--rate", nargs=2, metavar=("MEASURE", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rate:
        rate_file(args.rate[0], Path(args.rate[1]))
        return 0
    measures = args.measures.split(",")
    if unknown := [m for m in measures if m not in MEASURES]:
        parser.error(f"unknown measure {unknown[0]!r}: the measures are {', '.join(MEASURES)}")
    if not args.shc.is_file():
        parser.error(f"no SHC.jar at {args.shc}: --shc names it")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for measure in measures:
            category, stem, top, options, floor = MEASURES[measure]
            puzzles, published = examples(stem, top, args.limit)
            given = Path(tmp) / f"{measure}.txt"
            given.write_text("\n".join(puzzles) + "\n")
            out = Path(tmp) / f"{measure}-shc.txt"
            shc_cpu, _ = child_cpu(
                [
                    "java",
                    "-jar",
                    str(args.shc),
                    category,
                    *options,
                    "-input",
                    str(given),
                    "-output",
                    str(out),
                ]
            )
            shc = out.read_text().splitlines()[1:]
            ours_cpu, said = child_cpu([sys.executable, __file__, "--rate", measure, str(given)])
            ours = said.split()
            agree = sum(o == p for o, p in zip(ours, published, strict=True))
            shc_agree = sum(s.strip() == p for s, p in zip(shc, published, strict=True))
            ratio = ours_cpu / shc_cpu
            print(
                f"{category}: {len(puzzles)} puzzles; ours equal to SHC's published figure on "
                f"{agree}, SHC.jar here on {shc_agree}; CPU ours {ours_cpu:.2f} s, SHC "
                f"{shc_cpu:.2f} s, ratio {ratio:.2f} (floor {floor:.1f}: "
                f"{'met' if ratio <= floor else 'MISSED'})"
            )
            for k, (o, p) in enumerate(zip(ours, published, strict=True)):
                if o != p:
                    print(f"  differs: {puzzles[k]} ours {o}, SHC {p}")
            failed |= agree != len(puzzles) or ratio > floor
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
=======
DEFAULT_JAR = REPO.parent / "shared" / "tools" / "shc" / "SHC.jar"

#: ours, as a user runs it: a process that reads the file and prints a depth a line
OURS = """
import sys
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.te import te_depth
for line in open(sys.argv[1], encoding="utf-8"):
    if line.strip():
        print(te_depth(Marks.from_sukaku(line.split()[0][:81] if len(line.split()[0]) < 729
                                         else line.split()[0])).value)
"""


def child_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(command: list[str]) -> tuple[float, str]:
    """The CPU seconds of a child process and its standard output."""
    before = child_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return child_cpu() - before, done.stdout


def run_shc(jar: Path, puzzles: Path, folder: Path) -> tuple[float, list[int]] | None:
    java = shutil.which("java")
    if not jar.is_file() or java is None:
        print(f"SHC skipped: {'no java' if java is None else f'no {jar}'} (--shc PATH)")
        return None
    out = folder / "shc-out.txt"
    cpu, _ = timed(
        [java, "-jar", str(jar), "TE-depth", "-input", str(puzzles), "-output", str(out)]
    )
    return cpu, [int(d) for d in out.read_text().split("\n")[1:] if d.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shc", type=Path, default=DEFAULT_JAR, help="SHC.jar's path")
    parser.add_argument("--file", type=Path, default=SHC_DATA / "TE-input.txt")
    parser.add_argument("--expected", type=Path, default=SHC_DATA / "TE-output-expected.txt")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        puzzles = Path(folder) / "input.txt"  # (SHC writes nothing beside it: a copy all the same)
        puzzles.write_bytes(args.file.read_bytes())
        shc = run_shc(args.shc, puzzles, Path(folder))
        cpu, said = timed([sys.executable, "-c", OURS, str(puzzles)])
    ours = [int(d) for d in said.split()]
    print(f"T&E-depth of {len(ours)} puzzles ({args.file.name})")
    print(f"  ours: {cpu:.2f} CPU s")
    if args.expected.is_file():
        expected = [int(d) for d in args.expected.read_text().split("\n")[1:] if d.strip()]
        wrong = [k + 1 for k, (a, b) in enumerate(zip(ours, expected)) if a != b]
        print(f"  ours against {args.expected.name}: {len(wrong)} differ {wrong[:10]}")
    if shc is not None:
        shc_cpu, figures = shc
        wrong = [k + 1 for k, (a, b) in enumerate(zip(ours, figures)) if a != b]
        print(f"  SHC:  {shc_cpu:.2f} CPU s; ours against SHC's: {len(wrong)} differ {wrong[:10]}")
        print(f"  ratio ours/SHC: {cpu / shc_cpu:.3f} (floor 0.5, aim 0.1)")


if __name__ == "__main__":
    main()
>>>>>>> difficulty

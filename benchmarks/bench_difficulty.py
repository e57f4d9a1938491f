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
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from common import REPO

SHC_DATA = REPO / "tests" / "data" / "shc"
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

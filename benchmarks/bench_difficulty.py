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
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import REPO

SHC_DATA = REPO / "tests" / "data" / "shc"
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

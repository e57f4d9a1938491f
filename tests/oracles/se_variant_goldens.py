"""How tests/data/rules/serate/*.out were made (from the repository's root:
``python -m tests.oracles.se_variant_goldens PATH/TO/serate.jar [RULES ...]``, the sets of rules
named or all): the puzzles of
``tests/data/rules/puzzles.txt`` and ``se_puzzles.txt`` grouped by their rules, each group rated
by serate v1.15.10 in one JVM with the rules' flags (``core.rules``' ``Rule.flag``),
``--threads=1 --format=%r/%p/%d --after='%r %s'``; its standard output is written unchanged to
``serate/RULES.out`` (``RULES`` as the line spells them, ``_`` for ``,``), its input beside it
(``RULES.txt``, the puzzles in the order read). ``formats``: the disjoint groups' puzzles again
with the grid's candidates and values around the steps (``FORMATS``), to ``dg.formats``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sudoku_repl.core.rules import parse

DATA = Path(__file__).resolve().parents[1] / "data" / "rules"


def groups() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name in ("puzzles.txt", "se_puzzles.txt"):
        for line in (DATA / name).read_text().splitlines():
            rules, puzzle = line.split()
            if parse(rules).flags or rules == "toroidal":
                found.setdefault(rules, []).append(puzzle)
    return found


#: the formats of the ``formats`` run: the candidates at the start, the values before a step
FORMATS = ("--start=%m", "--before=%i", "--after=%r %s")


def main(jar: str, only: list[str]) -> None:
    out = DATA / "serate"
    out.mkdir(exist_ok=True)
    for rules, puzzles in groups().items():
        if only and rules not in only:
            continue
        stem = rules.replace(",", "_")
        (out / f"{stem}.txt").write_text("".join(p + "\n" for p in puzzles))
        flags = list(parse(rules).flags)
        args = ["java", "-cp", jar, "diuf.sudoku.test.serate", *flags, "--threads=1",
                "--format=%r/%p/%d", "--after=%r %s", f"--input={stem}.txt"]  # fmt: skip
        done = subprocess.run(args, cwd=out, capture_output=True, text=True, check=True)
        (out / f"{stem}.out").write_text(done.stdout)
        print(stem, len(puzzles), file=sys.stderr)
    if not only or "formats" in only:
        args = ["java", "-cp", jar, "diuf.sudoku.test.serate", "--isDG=1", "--threads=1",
                *FORMATS, "--input=dg.txt"]  # fmt: skip
        done = subprocess.run(args, cwd=out, capture_output=True, text=True, check=True)
        (out / "dg.formats").write_text(done.stdout)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

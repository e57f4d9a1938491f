"""How serate_mid's non-consecutive and Latin-square-with-diagonals puzzles were made (from the
repository's root: ``python -m tests.oracles.make_se_ncl_puzzles PATH/TO/serate.jar RULES
MINIMAL.txt``, ``MINIMAL.txt`` the output of ``sudoku-repl generate --rules RULES --count N
--seed 82 --jobs 1``).

The maker's minimal puzzles under these rules are rated by serate past its nested forcing
chains (non-consecutive: 6 or 7 givens), or not at all in minutes. So each is given back cells
of its one solution (``core.rule_counting``), chosen by ``random.Random(SEEDS[rules])``, until
it has a number of empty cells drawn from ``EMPTIED[rules]`` (a puzzle with fewer keeps its
own): still one solution, easier paths. serate.jar rates each in a JVM of its own, stopped after
``TIMEOUT`` seconds (a puzzle it has not rated by then is dropped); those whose path takes a
step opening with ``WANTED[rules]`` and ends rated (not 20.0, serate's "no step found"; at
most ``MOST_ER[rules]``) are printed, in the order made. ``serate_mid/RULES.out`` is then serate's output on that list in one
JVM, unchanged (``--threads=1 --format=%r/%p/%d '--after=%r %s'``, as ``se_variant_goldens``)."""

from __future__ import annotations

import random
import re
import subprocess
import sys

from sudoku_repl.core.rule_counting import solutions_under
from sudoku_repl.core.rules import geometry_of, parse

#: the seeds and the empty cells drawn per rules (the runs kept: ``nc`` on the first 12 of its
#: minimal puzzles, ``nc+`` on the first 26, ``latin,x`` on 40)
SEEDS = {"nc": 8, "nc+": 7, "latin,x": 5, "nc,x": 11, "nc,dg": 12, "nc,windoku": 13,
         "nc+,asterisk": 14}  # fmt: skip
EMPTIED = {"nc": (64, 71), "nc+": (66, 71), "latin,x": (52, 60), "nc,x": (62, 70),
           "nc,dg": (62, 70), "nc,windoku": (62, 70), "nc+,asterisk": (62, 70)}  # fmt: skip
TIMEOUT = {"nc": 25, "nc+": 25, "latin,x": 30, "nc,x": 25, "nc,dg": 25, "nc,windoku": 25,
           "nc+,asterisk": 25}  # fmt: skip
_NC = ("Cell ", *(f"{v}: " for v in range(1, 10)), "Pointing", "Claiming")
WANTED = {
    "nc": _NC,
    "nc+": _NC,
    "nc,x": _NC,
    "nc,dg": _NC,
    "nc,windoku": _NC,
    "nc+,asterisk": _NC,
    "latin,x": ("Grouped Turbot Crane", "Turbot Crane", "Generalized 2 strong", "Skyscraper",
                "Two-string"),
}  # fmt: skip
#: the highest ER kept (the sets not named: any): paths the pure Python rates in a second
MOST_ER = {"nc,x": 6.4, "nc,dg": 6.4, "nc,windoku": 6.4, "nc+,asterisk": 6.4}
_FIGURES = re.compile(r"\d+\.\d/\d+\.\d/\d+\.\d")


def given_back(rules: str, minimal: list[str]) -> list[str]:
    geometry = geometry_of(parse(rules))
    rng = random.Random(SEEDS[rules])
    out = []
    for puzzle in minimal:
        grid = [int(c) if c in "123456789" else 0 for c in puzzle]
        (solution,) = solutions_under(grid, geometry, 2)
        empties = [i for i in range(81) if not grid[i]]
        rng.shuffle(empties)
        target = rng.randint(*EMPTIED[rules])
        for cell in empties[: max(0, len(empties) - target)]:
            grid[cell] = solution[cell]
        out.append("".join(str(v) if v else "." for v in grid))
    return out


def kept(jar: str, rules: str, puzzle: str) -> bool:
    args = ["java", "-cp", jar, "diuf.sudoku.test.serate", *parse(rules).flags, "--threads=1",
            "--format=%r/%p/%d", "--after=%r %s", puzzle]  # fmt: skip
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT[rules])
    except subprocess.TimeoutExpired:
        return False
    lines = done.stdout.splitlines()
    if not lines or not _FIGURES.fullmatch(lines[-1]) or lines[-1].startswith("20.0/"):
        return False
    if float(lines[-1].split("/")[0]) > MOST_ER.get(rules, 20.0):
        return False
    return any(line.split(" ", 1)[1].startswith(WANTED[rules]) for line in lines[:-1])


def main(jar: str, rules: str, source: str) -> None:
    with open(source, encoding="utf-8") as lines:
        minimal = [line.split()[0] for line in lines if not line.startswith("#")]
    for puzzle in given_back(rules, minimal):
        if kept(jar, rules, puzzle):
            print(puzzle)


if __name__ == "__main__":
    main(*sys.argv[1:4])

"""How serate_mid's goldens of girandola, center dot and the combinations of rules were made
(from the repository's root: ``python -m tests.oracles.make_se_mid_made PATH/TO/serate.jar
[RULES ...]``, the sets named or all of ``SETS`` and ``ADDED``): the test oracle empties
their grids too slowly (``make_se_mid_puzzles``), so the puzzles are the maker's,
``sudoku-repl generate --rules RULES --er ER --seed SEED --count N`` (``N`` from ``SETS``:
what the maker made in a couple of minutes; the same seed makes the same puzzles in the same
order). Under rules taken together (``ADDED``) the maker's minimal puzzles are seldom rated
below 8.0 (x with windoku: none of three made in two minutes), so there its minimal puzzles
(``generate --rules RULES --seed SEED --count N``, no rating asked, ``N`` from ``ADDED``) get
``ADDED``'s more givens from their solution, in a random order (``random.Random(SEED)``):
still one solution, and easier.

serate.jar rates them all in one JVM with the rules' flags and chooses, as
``make_se_mid_puzzles`` does: the first ``KEEP`` whose path has a step of its ``MID``, those
it rates 6.4 or less first, then ``OVER`` more at most rated below 7.5. With a rating asked,
the maker keeps only puzzles that our rating takes to the end, so a puzzle whose path needs a
technique not ported is never offered (the rules taken together ask none); what the goldens
hold is serate's path and figures, which the maker's choice does not touch. The kept puzzles
go to ``serate_mid/RULES.txt`` (``_`` for ``,``) and serate's output on them, run again on
that file alone in one JVM, unchanged to ``RULES.out``."""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

from sudoku_repl.core.rule_counting import solutions_under
from sudoku_repl.core.rules import geometry_of, parse
from tests.oracles.make_se_mid_puzzles import choose

#: the sets of rules and how many puzzles the maker made for each
SETS = {
    "girandola": 13,
    "centerdot": 20,
}
#: the rules taken together: how many minimal puzzles the maker makes for each, and how many
#: givens are added to each (drawn at random): fewer where serate found the puzzles too easy,
#: more where too slow to rate, more puzzles where few were kept
ADDED = {
    "dg,antiking": (60, (6, 8, 10)),
    "windoku,antiknight": (200, (6, 8, 10)),
    "x,dg": (60, (2, 4, 6)),
    "asterisk,antiking": (60, (6, 8, 10)),
    "x,windoku": (60, (6, 8, 10)),
    "girandola,antiking": (200, (6, 8, 10)),
    "x,centerdot": (200, (4, 6, 8)),
}
SEED = 82
#: past the hidden triple (4.0), below the multiple forcing chains (8.0)
ER = "4.1-7.9"
KEEP = 8
#: how many of those rated past 6.4 and below 7.5 (the forcing chains and cycles, slower to
#: rate; Nishio and the later chains, slower still, are left out) are kept at most
OVER = 1


def made(rules: str, count: int, cwd: Path, er: tuple[str, ...] = ("--er", ER)) -> list[str]:
    """The maker's puzzles under the rules, in the order made."""
    out = cwd / "made.txt"
    args = [sys.executable, "-m", "sudoku_repl", "generate", "--rules", rules, *er,
            "--seed", str(SEED), "--count", str(count), "--out", str(out)]  # fmt: skip
    subprocess.run(args, capture_output=True, text=True, check=True)
    lines = out.read_text().splitlines()
    return [line.split()[0] for line in lines if line and not line.startswith("#")]


def added(rules: str, puzzles: list[str]) -> list[str]:
    """Each puzzle with ``ADDED``'s more givens of its one solution under the rules."""
    geometry = geometry_of(parse(rules))
    rng = random.Random(SEED)
    easier = []
    for puzzle in puzzles:
        grid = [0 if c == "." else int(c) for c in puzzle]
        (solution,) = solutions_under(grid, geometry, limit=2)
        empty = [i for i, v in enumerate(grid) if not v]
        for cell in rng.sample(empty, rng.choice(ADDED[rules][1])):
            grid[cell] = solution[cell]
        easier.append("".join(str(v) if v else "." for v in grid))
    return easier


def main(jar: str, only: list[str]) -> None:
    for rules, count in SETS.items():
        if only and rules not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            choose(jar, rules, made(rules, count, Path(tmp)), KEEP, OVER, 7.5)
    for rules, (count, _) in ADDED.items():
        if only and rules not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            puzzles = added(rules, made(rules, count, Path(tmp), ()))
            choose(jar, rules, puzzles, KEEP, OVER, 7.5)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

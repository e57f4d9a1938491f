"""How tests/data/rules/serate_mid/ was made (from the repository's root:
``python -m tests.oracles.make_se_mid_puzzles PATH/TO/serate.jar [RULES ...]``, the sets named
or all of ``SETS``): puzzles of variant rules whose serate path uses its techniques between
the hidden triple and the aligned pair exclusion (turbot fish, XY- and XYZ-Wing, the quads,
jellyfish, WXYZ- and VWXYZ-Wing, ...).

For each set of rules, ``CANDIDATES`` grids (``CANDIDATES_ELSE`` but for X) filled at random under them by the test oracle
(``tests/oracles/rules_brute``), each with its cells emptied in a random order while the oracle
still finds one solution, up to a number drawn from ``EMPTIED`` (nothing of sudoku_repl makes
or checks them); serate.jar rates them all in one JVM with the rules' flags, and the first
``KEEP`` whose path has a step of ``MID`` are kept, those serate rates 6.4 or less first
(a path the techniques up to the VWXYZ-Wing can end), in the order made. The kept puzzles go
to ``serate_mid/RULES.txt`` (``_`` for ``,``) and serate's output on them, run again on that
file alone in one JVM, unchanged to ``RULES.out`` (``--threads=1 --format=%r/%p/%d
'--after=%r %s'``, as ``se_variant_goldens``)."""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from sudoku_repl.core.rules import parse
from tests.oracles.make_rules_puzzles import emptied, fill
from tests.oracles.rules_brute import Rules

OUT = Path(__file__).resolve().parents[1] / "data" / "rules" / "serate_mid"
SETS = (
    "x", "antiknight", "windoku", "dg", "antiking", "latin", "asterisk", "girandola",
    "centerdot", "x,antiknight", "toroidal,antiking", "x,windoku", "dg,antiking",
    "windoku,antiknight", "toroidal,antiknight",
)  # fmt: skip
#: the candidates made for each set (X's first run made more)
CANDIDATES = {"x": 160}
CANDIDATES_ELSE = 70
EMPTIED = (54, 56, 58, 60)
KEEP = 14
#: the words that open serate's lines of the techniques sought
MID = (
    "Skyscraper", "Two-string Kite", "Turbot Crane", "Grouped ", "Generalized 2 strong",
    "XY-Wing", "XYZ-Wing", "Generalized Naked Quad", "Naked Quad", "Jellyfish", "Hidden Quad",
    "Generalized Naked Quint", "WXYZ-Wing", "VWXYZ-Wing", "Unique ", "Bivalue Universal",
    "3 Strong", "Non-Consecutive", "Locked Non-Consecutive",
)  # fmt: skip
_FIGURES = re.compile(r"\d+\.\d/\d+\.\d/\d+\.\d")


def _serate(jar: str, rules: str, puzzles: list[str], cwd: Path, name: str) -> str:
    (cwd / name).write_text("".join(p + "\n" for p in puzzles))
    args = ["java", "-cp", jar, "diuf.sudoku.test.serate", *parse(rules).flags, "--threads=1",
            "--format=%r/%p/%d", "--after=%r %s", f"--input={name}"]  # fmt: skip
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=True).stdout


def _rated(puzzles: list[str], out: str) -> list[tuple[str, list[str], float]]:
    found: list[tuple[str, list[str], float]] = []
    steps: list[str] = []
    for line in out.splitlines():
        if _FIGURES.fullmatch(line):
            found.append((puzzles[len(found)], steps, float(line.split("/")[0])))
            steps = []
        else:
            steps.append(line)
    return found


def main(jar: str, only: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    for index, rules in enumerate(SETS):
        if only and rules not in only:
            continue
        rng = random.Random(8204 + index)
        oracle = Rules(rules.split(","), ())
        candidates = []
        for _ in range(CANDIDATES.get(rules, CANDIDATES_ELSE)):
            grid = emptied(oracle, fill(oracle, rng), rng, rng.choice(EMPTIED))
            candidates.append("".join(str(v) if v else "." for v in grid))
        choose(jar, rules, candidates)


def choose(
    jar: str,
    rules: str,
    puzzles: list[str],
    most: int = KEEP,
    over: int | None = None,
    below: float = math.inf,
) -> None:
    """serate's choice among the puzzles, rated in one JVM, and its output on the kept ones,
    to ``OUT``: the first ``most`` whose path has a step of ``MID``, those it rates 6.4 or less
    first, then those rated past 6.4 and below ``below`` (the first ``over`` of them, or all)."""
    with tempfile.TemporaryDirectory() as tmp:
        rated = _rated(puzzles, _serate(jar, rules, puzzles, Path(tmp), "in.txt"))
    mid = [
        (p, er) for p, steps, er in rated if any(s.split(" ", 1)[1].startswith(MID) for s in steps)
    ]
    harder = [p for p, er in mid if 6.4 < er < below]
    kept = ([p for p, er in mid if er <= 6.4] + harder[:over])[:most]
    print(rules, len(puzzles), len(mid), len(kept), file=sys.stderr)
    if not kept:  # (no golden of none)
        return
    stem = rules.replace(",", "_")
    (OUT / f"{stem}.txt").write_text("".join(p + "\n" for p in kept))
    (OUT / f"{stem}.out").write_text(_serate(jar, rules, kept, OUT, f"{stem}.txt"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

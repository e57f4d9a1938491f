"""How serate_mid's goldens of girandola, center dot and the combinations of rules were made
(from the repository's root: ``python -m tests.oracles.make_se_mid_made PATH/TO/serate.jar
[RULES ...]``, the sets named or all of ``SETS``): the test oracle empties their grids too
slowly (``make_se_mid_puzzles``), so the puzzles are the maker's, ``sudoku-repl generate
--rules RULES --er ER --seed SEED --count N`` (``N`` from ``SETS``: what the maker made in a
couple of minutes; the same seed makes the same puzzles in the same order).

serate.jar rates them all in one JVM with the rules' flags and chooses, as
``make_se_mid_puzzles`` does: the first ``KEEP`` whose path has a step of its ``MID``, those
it rates 6.4 or less first, then ``OVER`` more
at most rated below 7.5. The maker keeps only puzzles that our rating takes to the end, so
a puzzle whose path needs a technique not ported is never offered; what the goldens hold is
serate's path and figures, which the maker's choice does not touch. The kept puzzles go to
``serate_mid/RULES.txt`` (``_`` for ``,``) and serate's output on them, run again on that file
alone in one JVM, unchanged to ``RULES.out``."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from tests.oracles.make_se_mid_puzzles import MID, OUT, _rated, _serate

#: the sets of rules and how many puzzles the maker made for each
SETS = {
    "girandola": 13,
    "centerdot": 20,
}
SEED = 82
#: past the hidden triple (4.0), below the multiple forcing chains (8.0)
ER = "4.1-7.9"
KEEP = 8
#: how many of those rated past 6.4 and below 7.5 (the forcing chains and cycles, slower to
#: rate; Nishio and the later chains, slower still, are left out) are kept at most
OVER = 1


def made(rules: str, count: int, cwd: Path) -> list[str]:
    """The maker's puzzles under the rules, in the order made."""
    out = cwd / "made.txt"
    args = [sys.executable, "-m", "sudoku_repl", "generate", "--rules", rules, "--er", ER,
            "--seed", str(SEED), "--count", str(count), "--out", str(out)]  # fmt: skip
    subprocess.run(args, capture_output=True, text=True, check=True)
    lines = out.read_text().splitlines()
    return [line.split()[0] for line in lines if line and not line.startswith("#")]


def main(jar: str, only: list[str]) -> None:
    for rules, count in SETS.items():
        if only and rules not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            choose(jar, rules, made(rules, count, Path(tmp)))


def choose(jar: str, rules: str, puzzles: list[str]) -> None:
    """serate's choice among the puzzles, and its output on them, to ``OUT``."""
    with tempfile.TemporaryDirectory() as tmp:
        rated = _rated(puzzles, _serate(jar, rules, puzzles, Path(tmp), "in.txt"))
    mid = [
        (p, er) for p, steps, er in rated if any(s.split(" ", 1)[1].startswith(MID) for s in steps)
    ]
    kept = ([p for p, er in mid if er <= 6.4] + [p for p, er in mid if 6.4 < er < 7.5][:OVER])[
        :KEEP
    ]
    print(rules, len(puzzles), len(mid), len(kept), file=sys.stderr)
    if not kept:  # (no golden of none)
        return
    stem = rules.replace(",", "_")
    (OUT / f"{stem}.txt").write_text("".join(p + "\n" for p in kept))
    (OUT / f"{stem}.out").write_text(_serate(jar, rules, kept, OUT, f"{stem}.txt"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

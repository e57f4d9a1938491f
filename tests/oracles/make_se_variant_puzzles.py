"""How tests/data/rules/se_puzzles.txt was made (run from the repository's root:
``python -m tests.oracles.make_se_variant_puzzles > tests/data/rules/se_puzzles.txt``): for each
set of serate's variant rules of ``SETS``, three grids filled at random under them by the test
oracle (``tests/oracles/rules_brute``), each with its cells emptied in a random order while the
oracle still finds one solution, up to ``EMPTIED`` cells (fewer emptied: easier puzzles, which
the rating of variant rules follows further). Nothing of sudoku_repl makes or checks them."""

from __future__ import annotations

import random
import sys

from tests.oracles.make_rules_puzzles import emptied, fill
from tests.oracles.rules_brute import Rules

SETS = (
    "x", "windoku", "dg", "asterisk", "girandola", "centerdot", "antiknight", "antiking",
    "nc", "nc+", "toroidal antiknight", "toroidal antiking", "latin", "x windoku",
)  # fmt: skip
#: the most cells emptied, one figure a puzzle of each set
EMPTIED = (40, 46, 52)


def main() -> None:
    rng = random.Random(829)
    for words in SETS:
        rules = Rules(words.split(), ())
        for most in EMPTIED:
            grid = emptied(rules, fill(rules, rng), rng, most)
            line = "".join(str(v) if v else "." for v in grid)
            print(f"{','.join(words.split())} {line}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()

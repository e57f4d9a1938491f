"""How tests/data/rules/puzzles.txt was made (run from the repository's root:
``python -m tests.oracles.make_rules_puzzles > tests/data/rules/puzzles.txt``): for each set of
rules of ``SETS``, a grid filled at random under them by the test oracle (``tests/oracles/rules_brute``),
then its cells emptied in a random order while the oracle still finds one solution, up to
``EMPTIED`` cells for the rules the oracle searches slowly (its plain backtracking meets no
pruning there). Nothing of sudoku_repl makes or checks them."""

from __future__ import annotations

import random
import sys

from tests.oracles.rules_brute import Rules

#: a jigsaw's regions, drawn by hand: each digit a region of nine connected cells
JIGSAW = "111122333111222333112222333444555666444555666444555666777888999778888999777788999"
SETS = (
    "x", "windoku", "dg", "asterisk", "girandola", "centerdot", "antiknight", "antiking",
    "nc", "nc+", "toroidal antiknight", "toroidal antiking", "latin",
)  # fmt: skip


#: the most cells emptied, for the rules under which the oracle's search is slow
EMPTIED = {"nc": 50, "nc+": 50, "toroidal antiknight": 54, "toroidal antiking": 54}


def fill(rules: Rules, rng: random.Random) -> list[int]:
    grid = [0] * 81

    def go(i: int) -> bool:
        if i == 81:
            return True
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for v in digits:
            if rules.allowed(grid, i, v):
                grid[i] = v
                if go(i + 1):
                    return True
        grid[i] = 0
        return False

    assert go(0)
    return grid


def emptied(rules: Rules, grid: list[int], rng: random.Random, most: int) -> list[int]:
    """The grid with its cells emptied in a random order while the oracle finds one solution,
    at most ``most`` of them."""
    order = list(range(81))
    rng.shuffle(order)
    for cell in order:
        if grid.count(0) >= most:
            break
        keep = grid[cell]
        grid[cell] = 0
        if len(rules.solutions(grid, 2)) != 1:
            grid[cell] = keep
    return grid


def main() -> None:
    rng = random.Random(82)
    jigsaw = tuple(int(ch) for ch in JIGSAW)
    for words in SETS:
        split = words.split()
        rules = Rules(split, jigsaw if "jigsaw" in split else ())
        grid = emptied(rules, fill(rules, rng), rng, EMPTIED.get(words, 81))
        line = "".join(str(v) if v else "." for v in grid)
        extra = f",jigsaw={JIGSAW}" if "jigsaw" in split else ""
        print(f"{','.join(w for w in split if w != 'jigsaw')}{extra} {line}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

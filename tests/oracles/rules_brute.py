"""An independent oracle for variant rules: a backtracker that knows each rule from its own
description (docs/variants.md; serate v1.15.10's ``Grid.java``), written for the tests. It
imports nothing from ``sudoku_repl``: a rule's cells here are said another way than
``core/rules`` says them (windows as row and column bands, disjoint groups as a place in the
block, the one-house rules as r,c lists), so that a wrong table there cannot agree with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Grid = tuple[int, ...]

# the window bands: windoku's four windows are rows and columns 2-4 and 6-8 (1-based); the
# five groups they force are made of the bands between (rows 1, 5, 9 with columns 2-4, ...)
_BANDS = ((1, 2, 3), (5, 6, 7), (0, 4, 8))
_ONE_HOUSE = {
    "asterisk": "r2c5 r3c3 r3c7 r5c2 r5c5 r5c8 r7c3 r7c7 r8c5",
    "girandola": "r1c1 r1c9 r2c5 r5c2 r5c5 r5c8 r8c5 r9c1 r9c9",
    "centerdot": "r2c2 r2c5 r2c8 r5c2 r5c5 r5c8 r8c2 r8c5 r8c8",
}


def _rc(text: str) -> tuple[int, ...]:
    return tuple((int(w[1]) - 1) * 9 + int(w[3]) - 1 for w in text.split())


def houses(words: Iterable[str], jigsaw: Sequence[int] = (), extra: Sequence[int] = ()) -> list:  # type: ignore[type-arg]
    """Every house (a list of 81-cell indices) of these rules."""
    words = set(words)
    found = [[r * 9 + c for c in range(9)] for r in range(9)]
    found += [[r * 9 + c for r in range(9)] for c in range(9)]
    if jigsaw:
        found += [[i for i in range(81) if jigsaw[i] == k] for k in sorted(set(jigsaw))]
    elif "latin" not in words:
        found += [
            [i for i in range(81) if (i // 27, i % 9 // 3) == (b // 3, b % 3)] for b in range(9)
        ]
    if "x" in words:
        found += [[i * 10 for i in range(9)], [8 * (i + 1) for i in range(9)]]
    if "windoku" in words:
        found += [[r * 9 + c for r in rs for c in cs] for rs in _BANDS for cs in _BANDS]
    if "dg" in words:
        found += [
            [i for i in range(81) if (i // 9 % 3, i % 3) == (a, b)]
            for a in range(3)
            for b in range(3)
        ]
    for word, cells in _ONE_HOUSE.items():
        if word in words:
            found.append(list(_rc(cells)))
    if extra:
        found += [[i for i in range(81) if extra[i] == k] for k in sorted(set(extra) - {0})]
    return found


def _around(cell: int, steps: Iterable[tuple[int, int]], wrap: bool) -> set[int]:
    r, c = divmod(cell, 9)
    out = set()
    for dr, dc in steps:
        rr, cc = r + dr, c + dc
        if wrap:
            rr, cc = rr % 9, cc % 9
        if 0 <= rr < 9 and 0 <= cc < 9 and (rr, cc) != (r, c):
            out.add(rr * 9 + cc)
    return out


class Rules:
    """The constraints of a set of rules: per cell, the cells that may not hold its digit, and
    those that may not hold a digit one apart."""

    def __init__(
        self, words: Iterable[str], jigsaw: Sequence[int] = (), extra: Sequence[int] = ()
    ) -> None:
        words = set(words)
        wrap = "toroidal" in words
        self.same: list[set[int]] = [set() for _ in range(81)]  # (tuples once made)
        for house in houses(words, jigsaw, extra):
            for i in house:
                self.same[i].update(j for j in house if j != i)
        knight = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
        king = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
        for i in range(81):
            if "antiknight" in words:
                self.same[i] |= _around(i, knight, wrap)
            if "antiking" in words:
                self.same[i] |= _around(i, king, wrap)
        self.cyclic = "nc+" in words
        sides = [(0, 1), (0, -1), (1, 0), (-1, 0)]
        nc = "nc" in words or self.cyclic
        self.beside = [_around(i, sides, wrap) if nc else set() for i in range(81)]

    def allowed(self, grid: Sequence[int], cell: int, v: int) -> bool:
        if any(grid[j] == v for j in self.same[cell]):
            return False
        for j in self.beside[cell]:
            w = grid[j]
            if w and (abs(w - v) == 1 or (self.cyclic and {w, v} == {1, 9})):
                return False
        return True

    def consistent(self, grid: Sequence[int]) -> bool:
        """No given broken by another."""
        return all(not v or self.allowed(grid, i, v) for i, v in enumerate(grid))

    def options(self, grid: Sequence[int], cell: int) -> list[int]:
        """The digits ``allowed`` at an empty cell, ascending (its peers looked at once)."""
        taken = {grid[j] for j in self.same[cell]}
        for j in self.beside[cell]:
            w = grid[j]
            if w:
                taken |= {w - 1, w + 1}
                if self.cyclic and w in (1, 9):
                    taken.add(10 - w if w == 9 else 9)
        return [v for v in range(1, 10) if v not in taken]

    def solutions(self, grid: Sequence[int], limit: int = 2) -> list[Grid]:
        """Up to ``limit`` solutions, in the order of a search trying digits 1 to 9."""
        work = list(grid)
        if not self.consistent(work):
            return []
        found: list[Grid] = []

        def search() -> bool:
            best, best_options = -1, None
            for i in range(81):
                if not work[i]:
                    options = self.options(work, i)
                    if best_options is None or len(options) < len(best_options):
                        best, best_options = i, options
                        if len(options) < 2:
                            break
            if best < 0:
                found.append(tuple(work))
                return len(found) >= limit
            for v in best_options or ():
                work[best] = v
                if search():
                    return True
            work[best] = 0
            return False

        search()
        return found

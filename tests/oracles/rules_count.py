"""Counting solutions under variant rules for the tests, fast enough for minimal puzzles of few
givens: a forward-checking search on ``rules_brute``'s constraints (its ``same`` and ``beside``
tables and its ``houses``: the rules as said there, not by ``sudoku_repl``). Each empty cell
keeps the digits still allowed, as sets; placing a digit takes it from the cells that may not
share it, and its neighbours from the cells beside (non-consecutive). Each node branches on the
fewest choices: the digits of a cell, or the places of a digit in a house (each solution puts
the digit in exactly one of them, so no solution is counted twice); a cell without a digit or a
house digit without a place ends the branch. It imports nothing from ``sudoku_repl``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.oracles.rules_brute import Rules, houses


class Counter:
    """The rules of these words (``rules_brute``'s), ready to count."""

    def __init__(
        self, words: Sequence[str], jigsaw: Sequence[int] = (), extra: Sequence[int] = ()
    ) -> None:
        self.rules = Rules(words, jigsaw, extra)
        self.houses = houses(words, jigsaw, extra)

    def _banned(self, v: int, w: int) -> bool:
        return abs(v - w) == 1 or (self.rules.cyclic and {v, w} == {1, 9})

    def count(self, grid: Sequence[int], limit: int = 2) -> int:
        """How many solutions ``grid`` has, up to ``limit``."""
        rules = self.rules
        if not rules.consistent(grid):
            return 0
        values = list(grid)
        left = [set() if values[i] else set(rules.options(values, i)) for i in range(81)]
        found = 0

        def assign(cell: int, v: int) -> list[tuple[int, int]] | None:
            """``v`` at ``cell``, what it took from the others (None: a cell left empty)."""
            taken: list[tuple[int, int]] = []
            dead = False
            for j in rules.same[cell]:
                if not values[j] and v in left[j]:
                    left[j].discard(v)
                    taken.append((j, v))
                    dead = dead or not left[j]
            for j in rules.beside[cell]:
                if not values[j]:
                    for w in [w for w in left[j] if self._banned(v, w)]:
                        left[j].discard(w)
                        taken.append((j, w))
                    dead = dead or not left[j]
            values[cell] = v
            if dead:
                undo(cell, taken)
                return None
            return taken

        def undo(cell: int, taken: list[tuple[int, int]]) -> None:
            values[cell] = 0
            for j, w in taken:
                left[j].add(w)

        def search() -> bool:
            nonlocal found
            empty = [i for i in range(81) if not values[i]]
            if not empty:
                found += 1
                return found >= limit
            cell = min(empty, key=lambda i: len(left[i]))
            choices = [(cell, v) for v in sorted(left[cell])]
            for house in self.houses:
                placed = {values[i] for i in house}
                for v in range(1, 10):
                    if v in placed:
                        continue
                    places = [i for i in house if not values[i] and v in left[i]]
                    if len(places) < len(choices):
                        choices = [(i, v) for i in places]
                        if not choices:
                            return False
            for i, v in choices:
                taken = assign(i, v)
                if taken is None:
                    continue
                if search():
                    return True
                undo(i, taken)
            return False

        search()
        return found

    def solves(self, grid: Sequence[int], solution: Sequence[int]) -> bool:
        """Whether ``solution`` is complete, keeps every rule, and holds ``grid``'s givens."""
        return (
            0 not in solution
            and self.rules.consistent(solution)
            and all(not g or g == s for g, s in zip(grid, solution, strict=True))
        )

"""Counting solutions under variant rules for the tests, fast enough for minimal puzzles of few
givens: a forward-checking search on ``rules_brute``'s constraints (its ``same`` and ``beside``
tables: the rules said there, not by ``sudoku_repl``). Each cell keeps the digits still
allowed; placing a digit takes it from the cells that may not share it and its neighbours
from the cells beside (non-consecutive); the search fills a cell with the fewest digits left,
and gives up a branch where a cell has none, or a house cannot hold a digit any more. It
imports nothing from ``sudoku_repl`` and none of its search (no singles' rules).
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.oracles.rules_brute import Rules, houses


def count(
    rules: Rules, house_list: list[list[int]], grid: Sequence[int], limit: int = 2
) -> int:
    """How many solutions ``grid`` has under ``rules`` (``house_list``: ``rules_brute.houses``
    of the same rules), up to ``limit``."""
    if not rules.consistent(grid):
        return 0
    values = list(grid)
    left: list[set[int]] = [
        set() if values[i] else set(rules.options(values, i)) for i in range(81)
    ]
    found = 0

    def banned(v: int, w: int) -> bool:
        return abs(v - w) == 1 or (rules.cyclic and {v, w} == {1, 9})

    def search() -> bool:
        nonlocal found
        empty = [i for i in range(81) if not values[i]]
        if not empty:
            found += 1
            return found >= limit
        for house in house_list:
            held = {values[i] for i in house} | set().union(*(left[i] for i in house))
            if len(held - {0}) < len(house):
                return False
        cell = min(empty, key=lambda i: len(left[i]))
        for v in sorted(left[cell]):
            taken: list[tuple[int, int]] = []
            dead = False
            for j in rules.same[cell]:
                if not values[j] and v in left[j]:
                    left[j].discard(v)
                    taken.append((j, v))
                    dead = dead or not left[j]
            for j in rules.beside[cell]:
                if not values[j]:
                    for w in [w for w in left[j] if banned(v, w)]:
                        left[j].discard(w)
                        taken.append((j, w))
                    dead = dead or not left[j]
            values[cell] = v
            if not dead and search():
                return True
            values[cell] = 0
            for j, w in taken:
                left[j].add(w)
        return False

    search()
    return found


def oracle(
    words: Sequence[str], jigsaw: Sequence[int] = (), extra: Sequence[int] = ()
) -> tuple[Rules, list[list[int]]]:
    """``rules_brute``'s rules of these words and their houses, for ``count``."""
    return Rules(words, jigsaw, extra), houses(words, jigsaw, extra)

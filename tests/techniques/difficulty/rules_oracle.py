"""The tests' own resolution rules on variant boards, written apart from the code under test:
BRT (a placed digit leaves the cells that see it, and the digits one apart leave the cells
beside it under non-consecutive; naked and hidden singles; a cell or a house's digit left with
no place), T&E(BRT, 1), the braids' singles, on candidate *sets*. The houses and the cells each
cell sees come from ``tests/oracles/rules_brute`` (its own tables of each rule); nothing here
imports ``sudoku_repl``. Slow and plain on purpose."""

from __future__ import annotations

from collections.abc import Sequence

from tests.oracles.rules_brute import Rules, houses

State = list[set[int]]


class Board:
    """A set of rules as these checks read them: the houses, each cell's same-digit cells and
    the cells beside it (non-consecutive)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.rules = Rules(words)
        self.houses = houses(words)

    def away(self, d: int) -> set[int]:
        out = {d - 1, d + 1} & set(range(1, 10))
        if self.rules.cyclic and d in (1, 9):
            out.add(10 - d if d == 9 else 9)
        return out

    def state(self, puzzle: str) -> State:
        """Each cell's digits the givens allow (a given: itself)."""
        grid = [int(c) if c.isdigit() else 0 for c in puzzle]
        return [{v} if v else set(self.rules.options(grid, i)) for i, v in enumerate(grid)]

    def linked(self, cell: int, d: int) -> set[tuple[int, int]]:
        """The candidates that cannot hold with ``d`` at ``cell``."""
        out = {(cell, e) for e in range(1, 10) if e != d}
        out |= {(j, d) for j in self.rules.same[cell]}
        out |= {(j, e) for j in self.rules.beside[cell] for e in self.away(d)}
        return out

    def brt(self, state: State) -> bool:
        """BRT in place until nothing changes: False at a contradiction."""
        done: set[int] = set()
        changed = True
        while changed:
            changed = False
            for i in range(81):
                if len(state[i]) == 1 and i not in done:
                    done.add(i)
                    (d,) = state[i]
                    for j, e in self.linked(i, d):
                        if j != i and e in state[j]:
                            state[j].discard(e)
                            changed = True
            if any(not s for s in state):
                return False
            for house in self.houses:
                for d in range(1, 10):
                    places = [i for i in house if d in state[i]]
                    if not places:
                        return False
                    if len(places) == 1 and len(state[places[0]]) > 1:
                        state[places[0]] = {d}
                        changed = True
        return True

    def brt_solves(self, state: State) -> bool:
        trial = [set(s) for s in state]
        return self.brt(trial) and all(len(s) == 1 for s in trial)

    def backdoors(
        self, state: State, solution: Sequence[int]
    ) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[tuple[int, int]], ...]]:
        """By brute force, on ``state`` (BRT applied to it first, in place): the cells whose
        ``solution`` digit, placed, lets BRT solve (with that digit), and the wrong candidates
        whose removal alone does (each as a one-candidate tuple), cell by cell."""
        self.brt(state)
        cells = []
        wrong = []
        for i in range(81):
            if len(state[i]) > 1:
                placed = [set(s) for s in state]
                placed[i] = {solution[i]}
                if self.brt_solves(placed):
                    cells.append((i, solution[i]))
                for d in sorted(state[i] - {solution[i]}):
                    removed = [set(s) for s in state]
                    removed[i].discard(d)
                    if self.brt_solves(removed):
                        wrong.append(((i, d),))
        return tuple(cells), tuple(wrong)

    def te1(self, state: State) -> bool:
        """T&E(BRT, 1) in place until a round removes nothing: False at a contradiction."""
        if not self.brt(state):
            return False
        removed = True
        while removed:
            removed = False
            for i in range(81):
                for d in sorted(state[i]) if len(state[i]) > 1 else ():
                    trial = [set(s) for s in state]
                    trial[i] = {d}
                    if not self.brt(trial):
                        state[i].discard(d)
                        removed = True
                        if not self.brt(state):
                            return False
        return True

    def braid_length(self, state: State, cell: int, d: int, most: int) -> int:
        """The least length (up to ``most``) of a braid against ``d`` at ``cell`` in a state BRT
        has closed: Z assumed, then singles asserted one by one (each the one candidate left to a
        cell or a house's digit not yet satisfied, with no propagation between), until a
        variable has none; 0 when none is that short."""

        def variables(gone: set[tuple[int, int]], held: set[tuple[int, int]]) -> list[list]:  # type: ignore[type-arg]
            left = []
            for i in range(81):
                if len(state[i]) > 1 and not any(c == i for c, _ in held):
                    left.append([(i, e) for e in state[i] if (i, e) not in gone])
            decided = {(i, next(iter(state[i]))) for i in range(81) if len(state[i]) == 1}
            for house in self.houses:
                for e in range(1, 10):
                    if any((i, e) in decided | held for i in house):
                        continue
                    left.append([(i, e) for i in house if e in state[i] and (i, e) not in gone])
            return left

        def search(held: set[tuple[int, int]], gone: set[tuple[int, int]], n: int) -> bool:
            found = variables(gone, held)
            if any(not v for v in found):
                return True
            if n == 0:
                return False
            for single in {v[0] for v in found if len(v) == 1}:
                if search(held | {single}, gone | self.linked(*single), n - 1):
                    return True
            return False

        for length in range(1, most + 1):
            if search({(cell, d)}, self.linked(cell, d), length - 1):
                return length
        return 0

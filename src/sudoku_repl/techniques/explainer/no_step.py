"""A grid from which no technique of the rating takes a step, known without trying them.

On a grid of a few givens (an empty one, a line of ``#``) every technique finds nothing, and
trying them all, the nested forcing chains last, takes many minutes (serate's too) before the
rating says "beyond solver". That answer is known in milliseconds:

The techniques below the chains are quick: they are asked themselves (the unique loops and the
BUG among them, the two that assume one solution). The chains are sound: a candidate they
remove is in no solution of the grid, a value they place is the cell's in every solution. So
when every candidate is in some solution, and every empty cell has two candidates at least
(then each of them is in a solution, and the cell's value differs between two), they have no
step to give. The solutions are looked for by a plain depth-first search with a budget of
nodes; past it, or where the values clash, or a candidate is in no solution, nothing is known
(``finds_nothing`` is False) and the chains are tried.
"""

from __future__ import annotations

from functools import cache
from itertools import takewhile

from sudoku_repl.techniques.explainer.grid import BIT_COUNT, CELL_UNITS, Grid
from sudoku_repl.techniques.explainer.hint import Finder
from sudoku_repl.techniques.explainer.native_ladder import ChainRung
from sudoku_repl.techniques.explainer.rating import first_hint, techniques

#: the nodes of the search for solutions at most: an empty grid needs about a thousand; a
#: grid of one solution (most of those rated) is given up within milliseconds
NODES = 4000


class _OutOfNodes(Exception):
    """The budget of nodes is spent: nothing is known."""


def finds_nothing(grid: Grid, nodes: int = NODES) -> bool:
    """Whether it is known that no technique takes a step from ``grid`` (see the module): those
    below the chains find nothing, and within ``nodes`` nodes a search for solutions finds
    every candidate in one of them; else False."""
    values, cands = grid.values, grid.cands
    if 0 not in values:
        return False
    placed = [0] * 27  # each unit's values
    for cell, value in enumerate(values):
        if value:
            for unit in CELL_UNITS[cell]:
                if placed[unit] >> value & 1:  # a clash: no solution
                    return False
                placed[unit] |= 1 << value
    for cell, value in enumerate(values):
        if not value:
            mask = cands[cell]
            b, r, k = CELL_UNITS[cell]
            # a single, a cell of no candidate, or a candidate a peer's value rules out
            if BIT_COUNT[mask] < 2 or mask & (placed[b] | placed[r] | placed[k]):
                return False
    if first_hint(grid, _below_the_chains()) is not None:
        return False
    try:
        return _Solutions(values, cands, placed, nodes).cover()
    except _OutOfNodes:
        return False


@cache
def _below_the_chains() -> tuple[tuple[str, Finder], ...]:
    """The rating's techniques up to the first chain's (made once: they hold no state)."""
    return tuple(takewhile(lambda named: not isinstance(named[1], ChainRung), techniques()))


class _Solutions:
    """A search for solutions of the grid (values and candidates) that meet all its
    candidates: each one found marks its candidates met (``met``)."""

    def __init__(self, values: list[int], cands: list[int], placed: list[int], nodes: int) -> None:
        self.cands = cands
        self.used = placed[:]  # each unit's values, with those of the search
        self.nodes = nodes
        self.empty = [c for c, v in enumerate(values) if not v]
        self.open = self.empty[:]  # the cells not filled: open[:n] at depth n of the search
        self.value = [0] * 81
        self.met = [0] * 81  # each cell's candidates in a solution found

    def cover(self) -> bool:
        """Whether every candidate is in a solution."""
        for cell in self.empty:
            mask = self.cands[cell]
            while mask & ~self.met[cell]:
                bit = mask & ~self.met[cell] & -(mask & ~self.met[cell])
                if not self._with(cell, bit):
                    return False
        return True

    def _with(self, cell: int, bit: int) -> bool:
        """Whether a solution has ``bit``'s value at ``cell`` (its candidates met)."""
        opened = self.open
        at = opened.index(cell)
        opened[at], opened[-1] = opened[-1], opened[at]
        self._set(cell, bit)
        try:
            return self._fill(len(opened) - 1)
        finally:
            self._unset(cell, bit)

    def _set(self, cell: int, bit: int) -> None:
        self.value[cell] = bit
        for unit in CELL_UNITS[cell]:
            self.used[unit] |= bit

    def _unset(self, cell: int, bit: int) -> None:
        for unit in CELL_UNITS[cell]:
            self.used[unit] ^= bit

    def _fill(self, n: int) -> bool:
        """Fill ``open[:n]`` (the cell of fewest values first, a value not met yet first):
        whether a solution was found."""
        if n == 0:
            met, value = self.met, self.value
            for cell in self.empty:
                met[cell] |= value[cell]
            return True
        self.nodes -= 1
        if self.nodes < 0:
            raise _OutOfNodes
        opened, cands, used = self.open, self.cands, self.used
        best, best_mask, best_count = -1, 0, 10
        for k in range(n):
            cell = opened[k]
            b, r, x = CELL_UNITS[cell]
            mask = cands[cell] & ~(used[b] | used[r] | used[x])
            count = BIT_COUNT[mask]
            if count < best_count:
                best, best_mask, best_count = k, mask, count
                if count <= 1:
                    break
        if best_count == 0:
            return False
        cell = opened[best]
        opened[best], opened[n - 1] = opened[n - 1], cell
        fresh = best_mask & ~self.met[cell]
        for part in (fresh, best_mask & ~fresh):
            while part:
                bit = part & -part
                part ^= bit
                self._set(cell, bit)
                found = self._fill(n - 1)
                self._unset(cell, bit)
                if found:
                    return True
        return False

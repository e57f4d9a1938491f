"""Counting a grid's solutions under variant rules, and completing it at random: the maker's
"is this still unique?" on any geometry of ``core/rules`` (its houses, its neighbours' peers,
non-consecutive's cells one apart), as ``counting`` asks it of classic sudoku.

Pure Python: the C counter's tables are classic sudoku's. A search node places what the
naked singles (a cell with one value left) and the hidden singles (a value with one place left
in a house) force, then tries each value of the cell with the fewest. Every house of a 9x9
geometry holds the nine digits once (rows, columns, blocks or regions, a rule's houses), so a
value with no place left in a house is a dead end too.

Glossary: a *grid* is 81 values in row-major order, 0 for an empty cell, 1-9 for a given; a
value is carried as its bit (``1 << (v - 1)``) inside the search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Protocol

from sudoku_repl.core.geometry import FULL, Geometry, one_apart

Grid = tuple[int, ...]

_Tables = tuple[
    tuple[tuple[int, ...], ...],  # per cell, the cells that may not hold its value
    tuple[tuple[int, ...], ...],  # per cell, the cells that may not hold a value one apart
    tuple[int, ...],  # per value bit (1 << (v - 1)) at index v - 1, the bits one apart
    tuple[tuple[int, ...], ...],  # the houses, each of nine cells
    tuple[int, ...],  # per mask of a cell's values, the values a cell one apart may keep
]


@cache
def _tables(geometry: Geometry) -> _Tables:
    if geometry.size != 81 or not geometry.one_grid:
        raise ValueError("counting under rules is of one 9x9 grid")
    apart = geometry.apart or tuple(() for _ in range(81))
    near = tuple(one_apart(v, geometry.cyclic) for v in range(1, 10))
    # a cell beside another (non-consecutive) keeps a value only where the other has a value
    # neither one apart from it nor the same (two cells side by side share a row or a column)
    kept = tuple(
        sum(1 << (v - 1) for v in range(1, 10) if mask & ~(near[v - 1] | 1 << (v - 1)))
        for mask in range(1 << 9)
    )
    return geometry.peers, apart, near, tuple(unit.cells for unit in geometry.units), kept


class Below(Protocol):
    """``Rng.below``'s shape: a whole number 0 <= k < n, each equally likely."""

    def __call__(self, n: int, /) -> int: ...


class _Dead(Exception):
    """The grid under search has no solution."""


def _place(
    vals: list[int], cands: list[int], tables: _Tables, queue: list[tuple[int, int]]
) -> None:
    """Each (cell, bit) of ``queue`` placed, with every naked and hidden single that follows;
    ``_Dead`` at a contradiction."""
    peers, apart, near, houses, kept = tables
    while True:
        while queue:
            i, b = queue.pop()
            if vals[i]:
                if vals[i] != b:
                    raise _Dead
                continue
            if not cands[i] & b:
                raise _Dead
            vals[i], cands[i] = b, 0
            for j in peers[i]:
                c = cands[j]
                if c & b:
                    c ^= b
                    cands[j] = c
                    if not c:
                        raise _Dead
                    if not c & (c - 1):
                        queue.append((j, c))
            if apart[i]:
                close = near[b.bit_length() - 1]
                for j in apart[i]:
                    c = cands[j]
                    if c & close:
                        c &= ~close
                        cands[j] = c
                        if not c:
                            raise _Dead
                        if not c & (c - 1):
                            queue.append((j, c))
        if apart[0]:
            for i, beside in enumerate(apart):
                c = cands[i]
                if not c:
                    continue
                for j in beside:
                    c &= kept[cands[j] or vals[j]]
                if c != cands[i]:
                    cands[i] = c
                    if not c:
                        raise _Dead
                    if not c & (c - 1):
                        queue.append((i, c))
            if queue:
                continue
        for house in houses:
            once = twice = placed = 0
            for i in house:
                m = cands[i]
                twice |= once & m
                once |= m
                placed |= vals[i]
            if (once | placed) != FULL:  # a value with no place left in the house
                raise _Dead
            single = once & ~twice & ~placed
            while single:
                b = single & -single
                single ^= b
                queue.append((next(i for i in house if cands[i] & b), b))
        if not queue:
            return


def _started(grid: bytes, tables: _Tables) -> tuple[list[int], list[int]] | None:
    """The search's first node: the givens placed and what they force; None: no solution."""
    vals, cands = [0] * 81, [FULL] * 81
    queue = [(i, 1 << (v - 1)) for i, v in enumerate(grid) if v]
    queue.reverse()  # (placed in cell order: a clash is met at its later given)
    try:
        _place(vals, cands, tables, queue)
    except _Dead:
        return None
    return vals, cands


def _fewest(cands: list[int]) -> int:
    """The empty cell with the fewest values left (the first such), -1: none empty."""
    best, fewest = -1, 10
    for i, c in enumerate(cands):
        if c:
            n = c.bit_count()
            if n < fewest:
                best, fewest = i, n
                if n == 2:
                    break
    return best


def count_under(grid: Sequence[int] | bytes, geometry: Geometry, limit: int = 2) -> int:
    """How many solutions ``grid`` has under ``geometry``'s rules, counted up to ``limit``:
    0 when the givens clash or nothing completes them."""
    return len(solutions_under(grid, geometry, limit))


def solutions_under(grid: Sequence[int] | bytes, geometry: Geometry, limit: int = 2) -> list[Grid]:
    """The first ``limit`` solutions of ``grid`` under ``geometry``'s rules that the search
    meets (fewer: all it has)."""
    if limit < 1:
        raise ValueError(f"the limit of a count is 1 or more, not {limit}")
    tables = _tables(geometry)
    found: list[Grid] = []
    # (the highest value first: under non-consecutive's few givens, a second solution is met
    # sooner so, in the tests' puzzles)
    for solution in _search(bytes(grid), tables, _descending):
        found.append(solution)
        if len(found) >= limit:
            break
    return found


def _ascending(mask: int) -> list[int]:
    return [1 << k for k in range(9) if mask >> k & 1]


def _descending(mask: int) -> list[int]:
    return _ascending(mask)[::-1]


def _search(grid: bytes, tables: _Tables, tried: Callable[[int], list[int]]) -> Iterator[Grid]:
    """The solutions of ``grid``, depth first: at each node the empty cell with the fewest
    values, its values (bits) in the order ``tried`` gives for its mask."""
    start = _started(grid, tables)
    todo = [] if start is None else [start]
    while todo:
        vals, cands = todo.pop()
        cell = _fewest(cands)
        if cell < 0:
            yield tuple(b.bit_length() for b in vals)
            continue
        for b in reversed(tried(cands[cell])):  # (a stack: the first to try on top)
            v2, c2 = vals[:], cands[:]
            try:
                _place(v2, c2, tables, [(cell, b)])
            except _Dead:
                continue
            todo.append((v2, c2))


def completion_under(grid: Sequence[int] | bytes, geometry: Geometry, below: Below) -> Grid | None:
    """A random solution of ``grid`` under ``geometry``'s rules, None if it has none: a
    depth-first search that fills the empty cell with the fewest values, trying them in a
    random order (``below(n)``: a whole number 0 <= k < n, the maker's ``Rng.below``)."""

    def drawn(mask: int) -> list[int]:
        bits, order = _ascending(mask), []
        while bits:  # the values in a random order, the first drawn tried first
            order.append(bits.pop(below(len(bits)) if len(bits) > 1 else 0))
        return order

    return next(_search(bytes(grid), _tables(geometry), drawn), None)

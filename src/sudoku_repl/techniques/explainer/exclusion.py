"""Aligned pair exclusion (6.2) and aligned triple exclusion (7.5): combinations of values
for two or three cells that would empty a cell they all see are impossible; a value left
in no possible combination goes."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from sudoku_repl.techniques.explainer import native_chains
from sudoku_repl.techniques.explainer.grid import BIT_COUNT, MASK_DIGITS, Grid
from sudoku_repl.techniques.explainer.hint import Finder, Hint


def _candidates(grid: Grid, degree: int) -> dict[int, list[int]]:
    """Cells of two or more candidates with no naked single among their peers, and their
    excluders: peers of two (up to ``degree``) candidates (the grid's visible cells: a rule's
    leaps too)."""
    cands = grid.cands
    peers = grid.geometry.peers
    result: dict[int, list[int]] = {}
    for cell in range(81):
        if BIT_COUNT[cands[cell]] < 2:
            continue
        excluders = []
        single = False
        for peer in peers[cell]:
            n = BIT_COUNT[cands[peer]]
            if n == 1:
                single = True
            elif 2 <= n <= degree:
                excluders.append(peer)
        if not single and excluders:
            result[cell] = excluders
    return result


def _pairs(n: int) -> Iterator[tuple[int, int]]:
    for second in range(1, n):
        for first in range(second):
            yield first, second


def _exclude(
    grid: Grid, cells: tuple[int, ...], excluders: list[int]
) -> tuple[tuple[int, int], ...]:
    cands = grid.cands
    peer_sets = grid.geometry.peer_sets
    ex_masks = [cands[e] for e in excluders]
    allowed: list[set[int]] = [set() for _ in cells]
    digit_lists = [MASK_DIGITS[cands[c]] for c in cells]
    for combo in product(*digit_lists):
        ok = True
        for i in range(len(cells)):
            for j in range(i + 1, len(cells)):
                if combo[i] == combo[j] and cells[j] in peer_sets[cells[i]]:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            used = 0
            for v in combo:
                used |= 1 << v
            if any(m & ~used == 0 for m in ex_masks):
                ok = False
        if ok:
            for i, v in enumerate(combo):
                allowed[i].add(v)
    return tuple((c, v) for i, c in enumerate(cells) for v in digit_lists[i] if v not in allowed[i])


#: each degree's hint name and rating (tenths)
NAMES = {2: ("Aligned Pair Exclusion", 62), 3: ("Aligned Triplet Exclusion", 75)}


def aligned_exclusion(degree: int, pure: bool = False) -> Finder:
    """Aligned pair (``degree`` 2) or triplet (3) exclusion: from the native search where
    there is one, unless ``pure`` (the reference, below)."""
    name, rating = NAMES[degree]

    def finder(grid: Grid) -> Iterator[Hint]:
        found = None if pure else native_chains.exclusion_removals(grid, degree)
        if found is not None:
            for removals in found:
                yield Hint(name, rating, removals)
            return
        for _, removals in aligned_groups(grid, degree):
            yield Hint(name, rating, removals)

    return finder


def aligned_groups(
    grid: Grid, degree: int
) -> Iterator[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """(cells, removals) of every aligned exclusion of ``degree`` cells, in Python."""
    table = _candidates(grid, degree)
    cells = list(table)
    if len(cells) < degree:
        return
    for i0, i1 in _pairs(len(cells)):
        c0, c1 = cells[i0], cells[i1]
        if degree == 2:
            groups: list[tuple[int, ...]] = [(c0, c1)]
        else:
            twin = [
                c for c in dict.fromkeys(table[c0] + table[c1]) if c in table and c not in (c0, c1)
            ]
            groups = [(c0, c1, t) for t in twin]
        for group in groups:
            common = [e for e in table[group[0]] if all(e in table[c] for c in group[1:])]
            if len(common) < 2:
                continue
            removals = _exclude(grid, group, common)
            if removals:
                yield group, removals

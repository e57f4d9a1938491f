"""A puzzle's canonical form: one string for all the puzzles isomorphic to it.

The isomorphisms of a sudoku are the 2 * 6^8 * 9! maps that keep every grid valid: the
transpose (which, with the rest, gives the square's rotations and reflections), the bands'
order and the rows' order within each band, the stacks' order and the columns' order within
each stack, and a relabelling of the digits. Two puzzles are isomorphic when one of them maps
onto the other.

**Definition.** Write a grid as 81 characters, row by row, ``0`` for an empty cell. For each of
the 2 * 6^8 = 3,359,232 arrangements of rows and columns (transposed or not), relabel the digits
in the order they first appear in the arranged string (the first digit met becomes 1, the next
new one 2, ...). The canonical form is the least of these strings (``0`` sorts first: the most
empty cells soonest). It is the "minlex" form of the forum and of gsf's tools, on puzzles:
isomorphic puzzles have the same form, and the form is itself a puzzle isomorphic to the grid.

**How it is found** without trying them all: row by row. The first row is the least relabelled
row over every transpose, first row and column arrangement; every arrangement that gives it
is kept (its transpose, its columns' order, the rows taken, its digits' labels), and each next
row is the least over those and the rows that may come next (the rest of the band, or the first
row of a band not yet taken), again keeping all that give it. Two kept arrangements with the
same transpose, columns' order, rows taken and labels would give the same rows after: one is
kept. The least string's first k rows are the least first k rows, so the result is the least
string. On the native build it runs in C (``csrc/canonical.c``), the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from sudoku_repl.core import native
from sudoku_repl.core.counting import checked

_PERMS3 = list(permutations(range(3)))

#: the 1,296 arrangements of the columns: column k of the result is column ``cols[k]``
COLUMN_ORDERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(3 * stacks[s] + inner[s][k] for s in range(3) for k in range(3))
    for stacks in _PERMS3
    for inner in ((a, b, c) for a in _PERMS3 for b in _PERMS3 for c in _PERMS3)
)

_BAND_ROWS = 0b111


def canonical_form(grid: Sequence[int] | bytes) -> str:
    """The canonical form of ``grid`` (this module's definition): 81 characters ``0``-``9``.
    ValueError for a grid that is not 81 values 0-9 (givens that clash are a grid too)."""
    packed = checked(grid)
    fast = native.canonical_function()
    if fast is not None:
        return fast(packed)
    return canonical_pure(packed)


def _allowed_rows(taken: int) -> list[int]:
    """The rows that may come next after the rows of ``taken`` (a bit a row): the band being
    filled's others, or, when none is, the rows of the bands not touched."""
    for band in range(3):
        held = (taken >> (3 * band)) & _BAND_ROWS
        if held and held != _BAND_ROWS:
            return [3 * band + r for r in range(3) if not held >> r & 1]
    return [r for r in range(9) if not (taken >> (3 * (r // 3))) & _BAND_ROWS]


def canonical_pure(packed: bytes) -> str:
    """The canonical form, found in Python (the reference)."""
    grids = (packed, bytes(packed[9 * c + r] for r in range(9) for c in range(9)))
    # a kept arrangement: (transposed, column order, rows taken, labels (old digit -> new), next)
    kept: list[tuple[int, int, int, tuple[int, ...], int]] = [
        (t, k, 0, (0,) * 10, 1) for t in range(2) for k in range(len(COLUMN_ORDERS))
    ]
    form: list[int] = []
    for _ in range(9):
        best: list[int] | None = None
        following: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        for t, k, taken, labels, label in kept:
            grid, cols = grids[t], COLUMN_ORDERS[k]
            for r in _allowed_rows(taken):
                new = list(labels)
                nxt = label
                row = []
                for c in cols:
                    v = grid[9 * r + c]
                    if v and not new[v]:
                        new[v] = nxt
                        nxt += 1
                    row.append(new[v])
                if best is None or row < best:
                    best = row
                    following = {}
                if row == best:
                    following[(t, k, taken | 1 << r, tuple(new))] = nxt
        assert best is not None
        form.extend(best)
        kept = [(t, k, taken, labels, nxt) for (t, k, taken, labels), nxt in following.items()]
    return "".join(map(str, form))

"""Random isomorphs of a 9x9 grid and of its pencil marks (order luck, ER's spread).

An *isomorph* is one of the 2 * 6^8 * 9! maps ``core/canonical`` names: the transpose or not,
the bands' order and the rows' order within each band, the stacks' order and the columns'
order within each stack, and a relabelling of the digits. Each keeps every rule of the game,
so an order-free measure is the same on every isomorph, and a measure that moves between
them (the original's steps, which follow the foremost cell and the first candidate; Sudoku
Explainer's ER, whose techniques are tried in a grid order) shows how much of its figure is
the orientation's.

The draws come from ``core/making``'s ``Rng`` (splitmix64): the same seed, the same isomorphs,
on every build and machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import attrs

from sudoku_repl.core.making import Rng


def _shuffled(items: Sequence[int], rng: Rng) -> list[int]:
    """``items`` in a random order (Fisher-Yates, drawn from the end)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _lines(rng: Rng) -> tuple[int, ...]:
    """Nine rows (or columns) in a random order that keeps each band (stack) together."""
    return tuple(
        3 * band + line for band in _shuffled(range(3), rng) for line in _shuffled(range(3), rng)
    )


@attrs.frozen
class Isomorph:
    """One isomorph: cell (r, c) of the image is cell (rows[r], cols[c]) of the grid (of its
    transpose when ``transposed``), and digit d becomes ``digits[d - 1]``."""

    transposed: bool
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    digits: tuple[int, ...]
    #: ``source`` of each of the image's cells, worked out once (an image reads all 81)
    sources: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        sources = tuple(self.source(cell) for cell in range(81))
        object.__setattr__(self, "sources", sources)  # (frozen: set once, here)

    @classmethod
    def drawn(cls, rng: Rng) -> Isomorph:
        """A random isomorph, each of the 2 * 6^8 * 9! equally likely."""
        transposed = rng.below(2) == 1
        rows, cols = _lines(rng), _lines(rng)
        return cls(transposed, rows, cols, tuple(_shuffled(range(1, 10), rng)))

    def source(self, cell: int) -> int:
        """The grid's cell that lands on the image's ``cell``."""
        r, c = divmod(cell, 9)
        r, c = self.rows[r], self.cols[c]
        return 9 * c + r if self.transposed else 9 * r + c

    def values(self, values: Sequence[int]) -> bytes:
        """The image of a grid's values (0 for an empty cell)."""
        relabel = (0, *self.digits)
        return bytes([relabel[values[source]] for source in self.sources])

    def masks(self, masks: Sequence[int]) -> tuple[int, ...]:
        """The image of a grid's candidate masks (bit d - 1 for the digit d)."""
        return tuple(self.mask(masks[source]) for source in self.sources)

    def mask(self, mask: int) -> int:
        out = 0
        for d in range(9):
            if mask >> d & 1:
                out |= 1 << (self.digits[d] - 1)
        return out


def drawn(count: int, seed: int) -> list[Isomorph]:
    """``count`` random isomorphs from ``seed``: the first ``k`` of them are the same for any
    ``count`` above ``k``."""
    return list(_drawn(count, seed))


@lru_cache(maxsize=8)
def _drawn(count: int, seed: int) -> tuple[Isomorph, ...]:
    """``drawn``'s, kept for the last counts and seeds asked: ``difficulty`` draws the same
    ones (its default seed) for every quiz, and an isomorph never changes."""
    rng = Rng(seed)
    return tuple(Isomorph.drawn(rng) for _ in range(count))

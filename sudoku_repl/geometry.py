"""Cells, units and peers: the fixed tables the engine works on.

Glossary: a *cell* is an index into the grid (row-major, 0-based inside, ``[r,c]`` 1-based in
text); a *unit* (the original says *group*) is a row, a column or a block; *candidates* are kept
as bit masks, bit ``v - 1`` standing for value ``v``.
"""

from __future__ import annotations

from functools import cache

import attrs

Cell = int
Mask = int

FULL: Mask = 0x1FF

#: bit -> value, for masks with exactly one bit set.
VALUE_OF_BIT: dict[Mask, int] = {1 << (v - 1): v for v in range(1, 10)}


def bit(value: int) -> Mask:
    """The mask of one value."""
    return 1 << (value - 1)


@cache
def values_of(mask: Mask) -> tuple[int, ...]:
    """The values of a mask, ascending."""
    return tuple(v for v in range(1, 10) if mask >> (v - 1) & 1)


@attrs.frozen
class Unit:
    """A row, column or block: its kind, its 1-based number and its cells in row-major order."""

    kind: str  # "row" | "col" | "blk"
    number: int
    cells: tuple[Cell, ...]
    grid: int = 0  # for multi-grid puzzles; 0 for a classic quiz

    @property
    def name(self) -> str:
        return f"{self.kind} {self.number}"


@attrs.frozen
class Geometry:
    """The shape of a puzzle: how many cells, the units in scan order, and each cell's peers.

    ``place_order[i]`` lists the peers of cell i in the order ``place`` visits them, each with a
    flag telling whether it was reached in the block part (the ``blk[r,c]`` form of the line).
    """

    size: int
    width: int
    units: tuple[Unit, ...]
    place_order: tuple[tuple[tuple[Cell, bool], ...], ...]
    rows: tuple[Unit, ...]
    cols: tuple[Unit, ...]
    blocks: tuple[Unit, ...]

    def cell_name(self, cell: Cell) -> str:
        r, c = divmod(cell, self.width)
        return f"[{r + 1},{c + 1}]"

    def cell_at(self, row: int, col: int) -> Cell:
        """The cell at 1-based row and column."""
        return (row - 1) * self.width + (col - 1)


def _classic() -> Geometry:
    rows = tuple(Unit("row", r + 1, tuple(r * 9 + c for c in range(9))) for r in range(9))
    cols = tuple(Unit("col", c + 1, tuple(r * 9 + c for r in range(9))) for c in range(9))
    blocks = tuple(
        Unit(
            "blk",
            b + 1,
            tuple(
                (3 * (b // 3) + dr) * 9 + 3 * (b % 3) + dc for dr in range(3) for dc in range(3)
            ),
        )
        for b in range(9)
    )
    order = []
    for i in range(81):
        r, c = divmod(i, 9)
        b = 3 * (r // 3) + c // 3
        peers: list[tuple[Cell, bool]] = [(j, False) for j in rows[r].cells if j != i]
        peers += [(j, False) for j in cols[c].cells if j != i]
        peers += [(j, True) for j in blocks[b].cells if j // 9 != r and j % 9 != c]
        order.append(tuple(peers))
    return Geometry(81, 9, rows + cols + blocks, tuple(order), rows, cols, blocks)


CLASSIC = _classic()

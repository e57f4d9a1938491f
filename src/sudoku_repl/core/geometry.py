"""Cells, units and peers: the fixed tables the engine works on.

Glossary: a *cell* is an index into the puzzle (row-major over the frame, 0-based inside,
``[r,c]`` 1-based frame coordinates in text); a *unit* (the original says *group*) is a row, a
column or a block of one 9x9 grid; *candidates* are kept as bit masks, bit ``v - 1`` standing
for value ``v``.

A classic quiz is one grid. A samurai or flower puzzle is several 9x9 grids placed on block
boundaries of a larger frame; where grids overlap, a unit with the same cells as an earlier one
(a shared block, and in a flower shared rows and columns) is one unit, scanned once. A grid of
variant rules (``core/rules``) is one grid whose blocks may be other regions or none, with more
units after them (diagonals, windows, ...) and peers that share no unit (anti-knight, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

import attrs

Cell = int
Mask = int

FULL: Final[Mask] = 0x1FF

#: mask -> its number of values (a table: read faster than ``bit_count``)
BIT_COUNT: Final[list[int]] = [m.bit_count() for m in range(1 << 9)]

#: bit -> value, for masks with exactly one bit set.
VALUE_OF_BIT: Final[dict[Mask, int]] = {1 << (v - 1): v for v in range(1, 10)}


def bit(value: int) -> Mask:
    """The mask of one value."""
    return 1 << (value - 1)


def one_apart(value: int, cyclic: bool) -> Mask:
    """The mask of the values one apart from ``value`` (``cyclic``: 9 and 1 too)."""
    below = value - 1 or (9 if cyclic else 0)
    above = value + 1 if value < 9 else (1 if cyclic else 0)
    return (bit(below) if below else 0) | (bit(above) if above else 0)


@cache
def values_of(mask: Mask) -> tuple[int, ...]:
    """The values of a mask, ascending."""
    return tuple(v for v in range(1, 10) if mask >> (v - 1) & 1)


@attrs.frozen
class Unit:
    """A row, column or block of a grid: its kind, its 1-based number in the grid, its cells in
    row-major order, and its grid (1-based; 0 for a classic quiz, whose units have no grid)."""

    kind: str  # "row" | "col" | "blk", or a rule's house (``core/rules``): "diag", "window"...
    number: int  # 0: the rule's only house, named by its kind alone
    cells: tuple[Cell, ...]
    grid: int = 0

    @property
    def name(self) -> str:
        plain = f"{self.kind} {self.number}" if self.number else self.kind
        return f"g{self.grid} {plain}" if self.grid else plain


@attrs.frozen(eq=False)
class Geometry:
    """The shape of a puzzle: its cells and where they are in the frame, its grids, the units in
    scan order, and each cell's peers.

    ``place_order[i]`` lists the peers of cell i in the order ``place`` visits them, each with a
    flag telling whether it was reached in the block part (the ``blk[r,c]`` form of the line).
    """

    size: int
    width: int
    height: int
    positions: tuple[tuple[int, int], ...]  # cell -> (row, col), 0-based in the frame
    grids: tuple[tuple[int, int], ...]  # top-left (row, col) of grid 1, 2, ...
    units: tuple[Unit, ...]
    place_order: tuple[tuple[tuple[Cell, bool], ...], ...]
    rows: tuple[Unit, ...]
    cols: tuple[Unit, ...]
    blocks: tuple[Unit, ...]
    index: dict[tuple[int, int], Cell]
    peers: tuple[tuple[Cell, ...], ...]  # per cell, the cells of ``place_order``
    unit_masks: tuple[int, ...]  # per cell, bit u set for each unit u (scan order) it lies in
    block_of: tuple[int, ...]  # per cell, the index in ``blocks`` of its block (-1: none)
    #: the variant rules of a grid (``core/rules.Rules``, spelt as its file line says them);
    #: empty for classic sudoku and the multi-grids
    rules: str = ""
    #: per cell, the cells where a digit one apart from its own is forbidden (non-consecutive;
    #: empty: no such rule), their steps from the cell in ``place_order``'s order (row-major)
    apart: tuple[tuple[Cell, ...], ...] = ()
    #: whether 9 and 1 count as one apart (serate's NC+)
    cyclic: bool = False

    @property
    def classic(self) -> bool:
        """One 9x9 grid of classic sudoku (no variant rules)."""
        return len(self.grids) == 1 and not self.rules

    @property
    def pure_only(self) -> bool:
        """Whether only the pure engine steps on it: the native core's tables have no place
        for digits forbidden one apart (non-consecutive), nor for a grid without blocks (a
        Latin square)."""
        return bool(self.apart) or not self.blocks

    @property
    def one_grid(self) -> bool:
        """One 9x9 grid, of classic sudoku or of variant rules: drawn and named as classic."""
        return len(self.grids) == 1

    def cell_name(self, cell: Cell) -> str:
        r, c = self.positions[cell]
        return f"[{r + 1},{c + 1}]"

    def cell_at(self, row: int, col: int) -> Cell | None:
        """The cell at 1-based frame row and column, or None outside the puzzle."""
        return self.index.get((row - 1, col - 1))

    def grid_units(self, grid: int) -> dict[str, list[list[Cell]]]:
        """The cells of grid ``grid``'s (1-based) rows, columns and blocks, each unit's in its
        own order, units 1 to 9 of each kind: every grid's own, shared with another or not."""
        r0, c0 = self.grids[grid - 1]
        return grid_unit_cells(self.index, r0, c0)

    def grids_of(self, cell: Cell) -> list[int]:
        """The 1-based numbers of the grids a cell belongs to."""
        r, c = self.positions[cell]
        return [
            g for g, (r0, c0) in enumerate(self.grids, 1) if r0 <= r < r0 + 9 and c0 <= c < c0 + 9
        ]

    @classmethod
    def from_grids(cls, offsets: Sequence[tuple[int, int]]) -> Geometry:
        """The puzzle of 9x9 grids with these top-left corners (0-based frame rows and
        columns, multiples of 3); grids are numbered in row-major order of their corners."""
        grids = tuple(sorted(set(offsets)))
        present = sorted({(r0 + r, c0 + c) for r0, c0 in grids for r in range(9) for c in range(9)})
        index = {pos: i for i, pos in enumerate(present)}
        named = len(grids) > 1
        by_kind: dict[str, list[Unit]] = {"row": [], "col": [], "blk": []}
        units: list[Unit] = []
        seen: set[frozenset[Cell]] = set()
        for g, (r0, c0) in enumerate(grids, 1):
            cells_of = grid_unit_cells(index, r0, c0)
            for kind in ("row", "col", "blk"):
                for n, cells in enumerate(cells_of[kind], 1):
                    key = frozenset(cells)
                    if key in seen:  # shared with an earlier grid: one unit, scanned once
                        continue
                    seen.add(key)
                    unit = Unit(kind, n, tuple(sorted(cells)), g if named else 0)
                    units.append(unit)
                    by_kind[kind].append(unit)
        return cls.from_units(present, grids, by_kind, units)

    @classmethod
    def from_units(
        cls,
        present: Sequence[tuple[int, int]],
        grids: tuple[tuple[int, int], ...],
        by_kind: dict[str, list[Unit]],
        units: Sequence[Unit],
        neighbours: Sequence[Sequence[Cell]] = (),
        rules: str = "",
        apart: Sequence[Sequence[Cell]] = (),
        cyclic: bool = False,
    ) -> Geometry:
        """The tables of a puzzle whose cells are at ``present`` (0-based frame row and column,
        row-major), of these ``units`` in scan order (``by_kind``: its rows, columns and blocks,
        ``"row"``, ``"col"``, ``"blk"``); ``neighbours``: per cell, peers it shares no unit with
        (a variant's neighbour rule); ``apart``: per cell, the cells one apart from it are
        forbidden in (non-consecutive), ``cyclic``: 9 and 1 among them."""
        present = list(present)
        units_of: list[list[Unit]] = [[] for _ in present]
        for unit in units:
            for c in unit.cells:
                units_of[c].append(unit)
        blocks = by_kind["blk"]
        order = tuple(
            _place_order(i, present, units_of[i], blocks, neighbours[i] if neighbours else ())
            for i in range(len(present))
        )
        width = max(c for _, c in present) + 1
        height = max(r for r, _ in present) + 1
        unit_masks = [0] * len(present)
        for u, unit in enumerate(units):
            for c in unit.cells:
                unit_masks[c] |= 1 << u
        block_of = [-1] * len(present)
        for b, blk in enumerate(blocks):
            for c in blk.cells:
                block_of[c] = b
        return cls(
            len(present),
            width,
            height,
            tuple(present),
            grids,
            tuple(units),
            order,
            tuple(by_kind["row"]),
            tuple(by_kind["col"]),
            tuple(blocks),
            {pos: i for i, pos in enumerate(present)},
            tuple(tuple(c for c, _ in peers) for peers in order),
            tuple(unit_masks),
            tuple(block_of),
            rules,
            tuple(tuple(sorted(cells)) for cells in apart),
            cyclic,
        )


def grid_unit_cells(
    index: dict[tuple[int, int], Cell], r0: int, c0: int
) -> dict[str, list[list[Cell]]]:
    """The cells of the rows, columns and blocks (``"row"``, ``"col"``, ``"blk"``) of the grid
    whose top-left cell is at 0-based frame (``r0``, ``c0``): rows left to right, columns top to
    bottom, blocks row-major."""
    return {
        "row": [[index[(r0 + r, c0 + c)] for c in range(9)] for r in range(9)],
        "col": [[index[(r0 + r, c0 + c)] for r in range(9)] for c in range(9)],
        "blk": [
            [
                index[(r0 + 3 * (b // 3) + dr, c0 + 3 * (b % 3) + dc)]
                for dr in range(3)
                for dc in range(3)
            ]
            for b in range(9)
        ],
    }


def _place_order(
    cell: Cell,
    present: list[tuple[int, int]],
    units: list[Unit],
    blocks: list[Unit],
    neighbours: Sequence[Cell],
) -> tuple[tuple[Cell, bool], ...]:
    """docs/engine.md 2 for a cell that may lie in several grids: the cells of its rows left to
    right, of its columns top to bottom, then of its blocks that are in neither, row-major; on a
    grid of variant rules then those of its other units, then its neighbours, each row-major
    and each flagged as a block's (off the cell's row and column: the ``blk[r,c]`` form)."""

    def peers(kinds: Sequence[Unit] | str) -> set[Cell]:
        mine = [u for u in units if (u.kind == kinds if isinstance(kinds, str) else u in kinds)]
        return {c for u in mine for c in u.cells} - {cell}

    in_rows = sorted(peers("row"), key=lambda c: present[c][1])
    in_cols = sorted(peers("col"), key=lambda c: present[c][0])
    listed = set(in_rows) | set(in_cols)
    in_blocks = sorted(peers(blocks) - listed)
    listed |= set(in_blocks)
    others = [u for u in units if u.kind not in ("row", "col") and u not in blocks]
    in_others = sorted(peers(others) - listed)
    listed |= set(in_others)
    near = sorted(set(neighbours) - listed - {cell})
    off_lines = in_blocks + in_others + near
    return tuple([(c, False) for c in in_rows + in_cols] + [(c, True) for c in off_lines])


CLASSIC = Geometry.from_grids([(0, 0)])

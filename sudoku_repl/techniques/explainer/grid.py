"""The candidate grid the rating works on: values, candidate masks and the 27 units.

A cell is an index 0..80 (row-major); a candidate mask has bit ``1 << v`` for the digit v.
Units are numbered as Sudoku Explainer numbers its regions: the nine blocks (0..8), the nine
rows (9..17), the nine columns (18..26); inside a unit the cells are in reading order, and a
cell's position in a unit is its index in that list.
"""

from __future__ import annotations

from collections.abc import Sequence

ALL = 0x3FE  # digits 1..9
DIGITS = range(1, 10)

BLOCK, ROW, COLUMN = 0, 1, 2


def _units() -> list[tuple[int, ...]]:
    blocks = [
        tuple((br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3))
        for br in range(3)
        for bc in range(3)
    ]
    rows = [tuple(y * 9 + x for x in range(9)) for y in range(9)]
    cols = [tuple(y * 9 + x for y in range(9)) for x in range(9)]
    return blocks + rows + cols


UNITS: tuple[tuple[int, ...], ...] = tuple(_units())
UNIT_SETS: tuple[frozenset[int], ...] = tuple(frozenset(u) for u in UNITS)
ROW_OF = tuple(c // 9 for c in range(81))
COL_OF = tuple(c % 9 for c in range(81))
BLOCK_OF = tuple((c // 27) * 3 + (c % 9) // 3 for c in range(81))
# the unit of each type (block, row, column) a cell is in, as a unit number
CELL_UNITS: tuple[tuple[int, int, int], ...] = tuple(
    (BLOCK_OF[c], 9 + ROW_OF[c], 18 + COL_OF[c]) for c in range(81)
)
PEERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({p for u in CELL_UNITS[c] for p in UNITS[u]} - {c})) for c in range(81)
)
PEER_SETS: tuple[frozenset[int], ...] = tuple(frozenset(p) for p in PEERS)
UNIT_TYPE = tuple(u // 9 for u in range(27))
BIT_COUNT = tuple(bin(m).count("1") for m in range(1024))
MASK_DIGITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in DIGITS if m >> d & 1) for m in range(1024)
)


def cell_name(cell: int) -> str:
    """``r4c7`` for the cell index 33."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def unit_name(unit: int) -> str:
    """``block 3``, ``row 4``, ``column 7``."""
    return ("block", "row", "column")[unit // 9] + f" {unit % 9 + 1}"


class Grid:
    """Values and candidates; placing a value removes it from the cell's peers."""

    __slots__ = ("values", "cands")

    def __init__(self, values: list[int], cands: list[int]) -> None:
        self.values = values
        self.cands = cands

    @classmethod
    def from_puzzle(cls, puzzle: str) -> Grid:
        """The grid of an 81-character puzzle (``0`` or ``.`` for an empty cell)."""
        values = [int(ch) if ch in "123456789" else 0 for ch in puzzle]
        grid = cls(values, [0 if v else ALL for v in values])
        for cell, value in enumerate(values):
            if value:
                grid.cancel(cell, value)
        return grid

    def copy(self) -> Grid:
        return Grid(self.values[:], self.cands[:])

    def cancel(self, cell: int, value: int) -> None:
        bit = ~(1 << value)
        cands = self.cands
        for peer in PEERS[cell]:
            cands[peer] &= bit

    def place(self, cell: int, value: int) -> None:
        self.values[cell] = value
        self.cands[cell] = 0
        self.cancel(cell, value)

    def remove(self, cell: int, value: int) -> None:
        self.cands[cell] &= ~(1 << value)

    def is_solved(self) -> bool:
        return 0 not in self.values

    def positions(self, unit: int, value: int) -> int:
        """Bit i set when the unit's i-th cell has the candidate."""
        bit = 1 << value
        cands = self.cands
        mask = 0
        for i, cell in enumerate(UNITS[unit]):
            if cands[cell] & bit:
                mask |= 1 << i
        return mask

    def cells_with(self, unit: int, value: int) -> list[int]:
        bit = 1 << value
        cands = self.cands
        return [cell for cell in UNITS[unit] if cands[cell] & bit]

    def empty_count(self, unit: int) -> int:
        values = self.values
        return sum(1 for cell in UNITS[unit] if not values[cell])

    def count_value(self, value: int) -> int:
        return sum(1 for v in self.values if v == value)


def bits(mask: int) -> list[int]:
    """The set bit numbers of a mask, lowest first."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def combinations_colex(items: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Subsets of ``size`` items in Sudoku Explainer's order (by the subset's bit mask)."""
    from itertools import combinations

    combos = list(combinations(range(len(items)), size))
    combos.sort(key=lambda combo: sum(1 << i for i in combo))
    return [tuple(items[i] for i in combo) for combo in combos]

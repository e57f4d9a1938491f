"""The candidate grid the rating works on: values, candidate masks and the 27 units.

A cell is an index 0..80 (row-major); a candidate mask has bit ``1 << v`` for the digit v.
Units are numbered as Sudoku Explainer numbers its regions: the nine blocks (0..8), the nine
rows (9..17), the nine columns (18..26); inside a unit the cells are in reading order, and a
cell's position in a unit is its index in that list.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

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
# the peers of a cell as an 81-bit mask (bit c for the cell c)
PEER_MASK: tuple[int, ...] = tuple(sum(1 << p for p in PEERS[c]) for c in range(81))
FULL = (1 << 81) - 1


def seen_by_all(cells: Iterable[int]) -> int:
    """The cells (an 81-bit mask) that see every one of ``cells``."""
    mask = FULL
    for cell in cells:
        mask &= PEER_MASK[cell]
    return mask


UNIT_TYPE = tuple(u // 9 for u in range(27))
# a cell's position in its block, row and column
CELL_POS: tuple[tuple[int, int, int], ...] = tuple(
    (UNITS[b].index(c), UNITS[r].index(c), UNITS[k].index(c))
    for c, (b, r, k) in enumerate(CELL_UNITS)
)
# a cell's peers in Sudoku Explainer's order: the block, then the row and the column outside it
PEER_ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(o for o in UNITS[CELL_UNITS[c][0]] if o != c)
    + tuple(
        o
        for u in CELL_UNITS[c][1:]
        for o in UNITS[u]
        if o != c and o not in UNITS[CELL_UNITS[c][0]]
    )
    for c in range(81)
)
BIT_COUNT = tuple(bin(m).count("1") for m in range(1024))
MASK_DIGITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in DIGITS if m >> d & 1) for m in range(1024)
)


class Geometry:
    """The regions and visible cells a grid is played on: classic sudoku's (``CLASSIC``) or a
    variant's (``ruled.Layout.geometry``). A technique that reads its regions and peers from
    ``grid.geometry`` rather than from this module's classic tables plays any rules.

    ``units`` are every region (classic: the 27 units in their numbers; a variant: its blocks,
    rows and columns, then its extra regions by serate's type), ``unit_types`` serate's type of
    each (0 block, 1 row, 2 column, 3 disjoint group, 4 window, 5 and 6 the diagonals,
    7 girandola, 8 asterisk, 9 center dot), ``cell_units`` the units each cell is in (in unit
    order), ``peers`` each cell's visible cells (its regions' cells and a rule's leaps), and
    ``visible`` the same cells in the order serate lists them (``Grid.visibleCellIndex``: the
    blocks', rows' and columns' in index order, then each extra rule's in turn), which decides
    which of two equal findings a search that walks them meets first.

    ``region_peers``: each cell's peers in its regions alone, region by region in unit order,
    each cell once (what an "on" candidate turns off in serate's chains, which follow no leap;
    classic: ``PEER_ORDER``); ``cell_pos``: a cell's place in each of its units (``cell_units``'
    order)."""

    __slots__ = ("cell_pos", "cell_units", "peer_mask", "peer_sets", "peers", "region_peers",
                 "unit_sets", "unit_types", "units", "visible")  # fmt: skip

    def __init__(
        self,
        units: tuple[tuple[int, ...], ...],
        unit_types: tuple[int, ...],
        peers: tuple[tuple[int, ...], ...],
        visible: tuple[tuple[int, ...], ...] | None = None,
    ) -> None:
        self.units = units
        self.unit_types = unit_types
        self.unit_sets = tuple(frozenset(u) for u in units)
        self.cell_units = tuple(
            tuple(u for u, cells in enumerate(self.unit_sets) if c in cells) for c in range(81)
        )
        self.peers = peers
        self.peer_sets = tuple(frozenset(p) for p in peers)
        self.peer_mask = tuple(sum(1 << p for p in ps) for ps in peers)
        self.visible = peers if visible is None else visible
        self.region_peers = tuple(
            tuple(dict.fromkeys(o for u in self.cell_units[c] for o in units[u] if o != c))
            for c in range(81)
        )
        self.cell_pos = tuple(
            tuple(units[u].index(c) for u in self.cell_units[c]) for c in range(81)
        )

    def seen_by_all(self, cells: Iterable[int]) -> int:
        """The cells (an 81-bit mask) that see every one of ``cells``."""
        mask = FULL
        for cell in cells:
            mask &= self.peer_mask[cell]
        return mask


CLASSIC = Geometry(UNITS, UNIT_TYPE, PEERS)


def cell_name(cell: int) -> str:
    """``r4c7`` for the cell index 33."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def unit_name(unit: int) -> str:
    """``block 3``, ``row 4``, ``column 7``."""
    return ("block", "row", "column")[unit // 9] + f" {unit % 9 + 1}"


class Grid:
    """Values and candidates; placing a value removes it from the cell's peers."""

    __slots__ = ("cands", "values")

    def __init__(self, values: list[int], cands: list[int]) -> None:
        self.values = values
        self.cands = cands

    @property
    def geometry(self) -> Geometry:
        """The regions and peers it is played on (a ``RuledGrid``'s, its variant's)."""
        return CLASSIC

    @classmethod
    def from_puzzle(cls, puzzle: str) -> Grid:
        """The grid of an 81-character puzzle (``0`` or ``.`` for an empty cell)."""
        values = [int(ch) if ch in "123456789" else 0 for ch in puzzle]
        used = [0] * 27  # each unit's values: an empty cell keeps the others (cancel's)
        for cell, value in enumerate(values):
            if value:
                for unit in CELL_UNITS[cell]:
                    used[unit] |= 1 << value
        cands = [
            0 if value else ALL & ~(used[b] | used[r] | used[k])
            for value, (b, r, k) in zip(values, CELL_UNITS, strict=True)
        ]
        return cls(values, cands)

    @classmethod
    def from_candidate_string(cls, text: str) -> Grid:
        """The grid serate reads from a 729-character pencil-mark line (a cell's nine places,
        each its digit, or anything else where it is gone): ``from_pencil_marks``."""
        cands = [0] * 81
        for i, ch in enumerate(text[:729]):
            if "1" <= ch <= "9":
                cands[i // 9] |= 1 << int(ch)
        return cls.from_pencil_marks(cands)

    @classmethod
    def from_pencil_marks(cls, marks: Sequence[int]) -> Grid:
        """The grid SukakuExplainer reads from a pencil-mark (729-character) line: each cell's
        candidates (``marks``, bit v for the digit v), and a cell of one candidate that none of
        its peers holds is a value (its ``Grid.fromString`` then ``adjustPencilmarks``). A cell
        of one candidate that a peer still holds stays a cell to solve."""
        cands = list(marks)
        values = [0] * 81
        for cell in range(81):
            mask = cands[cell]
            if BIT_COUNT[mask] == 1 and not any(cands[p] & mask for p in PEERS[cell]):
                values[cell], cands[cell] = mask.bit_length() - 1, 0
        return cls(values, cands)

    @classmethod
    def from_state(cls, values: Sequence[int], marks: Sequence[int] | None) -> Grid:
        """The grid Sudoku Explainer rates of a state: its values (0 for an empty cell) with
        ``marks`` its candidates (the engine's bits, bit v - 1 for v) read as serate reads the
        state's pencil-mark line (``from_pencil_marks``: a value is the one candidate of its
        cell), or None for every candidate the values leave (a puzzle, ``from_puzzle``). The
        one way ``rate``, ``serate``, ``difficulty`` and the API turn a state into the rating's
        grid (a second way rated a pencil-mark line's EP and ED 1.2)."""
        if marks is None:
            return cls.from_puzzle("".join(map(str, values)))
        return cls.from_pencil_marks(
            [1 << v if v else m << 1 for v, m in zip(values, marks, strict=True)]
        )

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

    def position_table(self, units: Sequence[Sequence[int]] | None = None) -> list[list[int]]:
        """``positions(unit, value)`` for every unit of its geometry (or of ``units``) and
        value (index 0 unused)."""
        cands = self.cands
        table = []
        for unit in self.geometry.units if units is None else units:
            row = [0] * 10
            for i, cell in enumerate(unit):
                bit = 1 << i
                for value in MASK_DIGITS[cands[cell]]:
                    row[value] |= bit
            table.append(row)
        return table

    def value_mask(self, value: int) -> int:
        """The cells (an 81-bit mask) with the candidate."""
        bit = 1 << value
        mask = 0
        for cell, cands in enumerate(self.cands):
            if cands & bit:
                mask |= 1 << cell
        return mask

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


@functools.cache
def _colex(count: int, size: int) -> tuple[tuple[int, ...], ...]:
    combos = list(itertools.combinations(range(count), size))
    combos.sort(key=lambda combo: sum(1 << i for i in combo))
    return tuple(combos)


def combinations_colex(items: Sequence[int], size: int) -> tuple[tuple[int, ...], ...]:
    """Subsets of ``size`` items in Sudoku Explainer's order (by the subset's bit mask)."""
    return _colex_of(tuple(items), size)


@functools.lru_cache(maxsize=4096)
def _colex_of(items: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """``combinations_colex``, remembered: the same digits and units come back at every step."""
    return tuple(tuple(items[i] for i in combo) for combo in _colex(len(items), size))

"""The grid Sudoku Explainer plays variant rules on (serate v1.15.10's ``--isX``,
``--isWindows``, ...): the rules' layout (its region types, each region's cells in serate's
order, every cell's visible cells in serate's order, the neighbours of non-consecutive, the
technique set), its ``Geometry`` for the techniques that read one, and ``RuledGrid``, the
candidate grid on it. The techniques and the rating on it are ``ruled``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Final

import attrs

from sudoku_repl.core.rules import Rules
from sudoku_repl.techniques.explainer.grid import (
    ALL,
    Geometry,
    Grid,
)
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.rating import Step

#: serate's region types by the rule words that bring them (``RULES``' words), in type order
_TYPE_OF_WORD: Final = {"dg": (3,), "windoku": (4,), "x": (5, 6), "girandola": (7,),
                        "asterisk": (8,), "centerdot": (9,)}  # fmt: skip
#: the rules serate has a flag for: the rest (jigsaw, extra regions, one diagonal) it cannot rate
SERATE_WORDS: Final = frozenset(
    ("latin", "toroidal", "x", "windoku", "dg", "asterisk", "girandola", "centerdot",
     "antiknight", "antiking", "nc", "nc+")
)  # fmt: skip
#: ``Grid.Window``'s window of each cell and its place in that window's cell list
_WINDOWS: Final = (
    "844485558" "600061116" "600061116" "600061116" "844485558"
    "722273337" "722273337" "722273337" "844485558"
)  # fmt: skip
_WINDOW_PATHS: Final = (
    "001210122" "001230126" "134543457" "267856788" "334543455"
    "001230126" "134543457" "267856788" "667876788"
)  # fmt: skip
_LINES: Final = {
    5: (0, 10, 20, 30, 40, 50, 60, 70, 80),
    6: (8, 16, 24, 32, 40, 48, 56, 64, 72),
    7: (0, 8, 13, 37, 40, 43, 67, 72, 80),
    8: (13, 20, 24, 37, 40, 43, 56, 60, 67),
    9: (10, 13, 16, 37, 40, 43, 64, 67, 70),
}
#: the extra region types in the order serate adds their cells to a cell's visible cells
#: (``Grid.changeVisibleCells``: windows, disjoint groups, the diagonals, center dot,
#: girandola, asterisk), then the anti-king's and the anti-knight's leaps, (row, column) steps
_VISIBLE_TYPES: Final = ((4,), (3,), (5, 6), (9,), (7,), (8,))
LEAPS: Final = {
    "antiking": ((1, 1), (-1, 1), (-1, -1), (1, -1)),
    "antiknight": ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1)),
}


class TimeUp(Exception):
    """Raised by a rating's poll (``rate_ruled_grid``'s ``poll``) once its time is up: the
    path ends there, its figures lower bounds."""


class Beyond(Exception):
    """A rating on an order of techniques given short of serate's whole one (``rate_ruled_grid``'s
    ``order``) found no step: the steps taken up to there (``steps``), all exact, and the rating
    below which the next one is not."""

    def __init__(self, steps: Sequence[Step], level: int) -> None:
        super().__init__(
            f"Sudoku Explainer on these rules: the techniques given find no step past "
            f"{level / 10:.1f} ({len(steps)} steps taken)."
        )
        self.steps = tuple(steps)
        self.level = level


def _region_cells(kind: int, index: int) -> tuple[int, ...]:
    if kind == 0:
        return tuple(27 * (index // 3) + 3 * (index % 3) + 9 * (i // 3) + i % 3 for i in range(9))
    if kind == 1:
        return tuple(range(index * 9, index * 9 + 9))
    if kind == 2:
        return tuple(range(index, 81, 9))
    if kind == 3:  # the cell at place ``index`` of each block
        return tuple(9 * (index // 3) + index % 3 + 3 * (i % 3) + 27 * (i // 3) for i in range(9))
    if kind == 4:  # in the window's own order (``Grid.Window.paths``)
        inside = [c for c in range(81) if int(_WINDOWS[c]) == index]
        return tuple(sorted(inside, key=lambda c: int(_WINDOW_PATHS[c])))
    return _LINES[kind]


#: serate's nine blocks, in its order inside each (``Grid.getRegions(0)``, there on a Latin
#: square too)
BLOCKS: Final = tuple(_region_cells(0, i) for i in range(9))


@attrs.frozen
class Layout:
    """The grid of a set of rules as serate plays them: the region types in play (``types``,
    serate's type numbers), each type's regions (``regions[type]``: their cells, in serate's
    order inside them), every cell's visible cells (``peers``) and orthogonal neighbours of
    non-consecutive (``apart``, none without it), and which of serate's technique sets runs."""

    rules: Rules
    types: tuple[int, ...]
    regions: tuple[tuple[tuple[int, ...], ...], ...]
    peers: tuple[tuple[int, ...], ...]
    apart: tuple[tuple[int, ...], ...]
    consecutive: int
    #: serate's ``isVLatin()`` false: an extra region or a leap, and its variant technique set
    variant: bool
    #: the peers in serate's order (``Geometry.visible``)
    visible: tuple[tuple[int, ...], ...]
    #: ``geometry``, made once (the techniques ask for it on every grid they search)
    _geo: Geometry | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def blocks(self) -> bool:
        return 0 in self.types

    @property
    def geometry(self) -> Geometry:
        """Its regions (blocks, rows, columns, then the extra types in type order, each in
        serate's order inside it) and visible cells, as the techniques that play any rules
        read them."""
        geo = self._geo
        if geo is None:
            geo = _geometry(self)
            object.__setattr__(self, "_geo", geo)  # (frozen: set once, not part of its value)
        return geo

    def scan(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """(type, cells) of each region in ``HiddenSingle``'s, ``HiddenSet``'s and
        ``NakedSet``'s order: blocks, columns, rows, then the extra types (those only in the
        variant set)."""
        extra = tuple(t for t in self.types if t >= 3) if self.variant else ()
        for kind in ((0,) if self.blocks else ()) + (2, 1) + extra:
            for region in self.regions[kind]:
                yield kind, region


def _geometry(lay: Layout) -> Geometry:
    units = tuple(region for t in lay.types for region in lay.regions[t])
    types = tuple(t for t in lay.types for _ in lay.regions[t])
    return Geometry(units, types, lay.peers, lay.visible)


def _visible(
    cell: int, types: Sequence[int], regions: Sequence[Sequence[Sequence[int]]], rules: Rules
) -> tuple[int, ...]:
    """``Grid.changeVisibleCells``' list of a cell: its block's, row's and column's cells in
    index order, then each extra type's region cells in the region's order (the diagonals'
    together in index order), then the leaps' cells in their steps' order, each cell once."""
    seen = sorted({c for t in types if t <= 2 for r in regions[t] if cell in r for c in r})
    for kinds in _VISIBLE_TYPES:
        cells = [c for t in kinds if t in types for r in regions[t] if cell in r for c in r]
        if len(kinds) > 1:
            cells.sort()
        seen += (c for c in cells if c not in seen)
    wrap = "toroidal" in rules.words
    for word, steps in LEAPS.items():
        if word not in rules.words:
            continue
        for dr, dc in steps:
            row, col = cell // 9 + dr, cell % 9 + dc
            if not wrap and not (0 <= row < 9 and 0 <= col < 9):
                continue
            other = row % 9 * 9 + col % 9
            if other not in seen:
                seen.append(other)
    return tuple(c for c in seen if c != cell)


def plays_classic(rules: Rules) -> bool:
    """Whether serate rates these rules as classic sudoku: none, or the toroidal board alone
    (it wraps the leaps, and there is none)."""
    return set(rules.words) <= {"toroidal"}


def serate_words(rules: Rules) -> str | None:
    """None when serate rates these rules; else the one rule it has no flag for."""
    return next((w for w in rules.words if w not in SERATE_WORDS), None)


@cache
def layout_of(rules: Rules) -> Layout:
    """The layout of rules serate rates (``serate_words`` None)."""
    words = set(rules.words)
    types = ((0,) if "latin" not in words else ()) + (1, 2)
    types += tuple(t for w, ts in _TYPE_OF_WORD.items() if w in words for t in ts)
    types = tuple(sorted(types))
    regions = tuple(
        tuple(_region_cells(t, i) for i in range(1 if t >= 5 else 9)) if t in types else ()
        for t in range(10)
    )
    leapt = rules.neighbours()  # the knight's and king's leaps (wrapped on a torus)
    peers = []
    for cell in range(81):
        seen = {c for t in types for region in regions[t] if cell in region for c in region}
        seen |= set(leapt[cell])
        seen.discard(cell)
        peers.append(tuple(sorted(seen)))
    consecutive = rules.consecutive
    near = rules.neighbours(consecutive=True) if consecutive else [[] for _ in range(81)]
    apart = tuple(tuple(cells) for cells in near)
    variant = bool(words & {"dg", "windoku", "x", "girandola", "asterisk", "centerdot",
                            "antiknight", "antiking"})  # fmt: skip
    visible = tuple(_visible(cell, types, regions, rules) for cell in range(81))
    return Layout(rules, types, regions, tuple(peers), apart, consecutive, variant, visible)


class RuledGrid(Grid):
    """A ``Grid`` on a layout: placing a value takes it out of the cell's visible cells (and
    its neighbours' consecutive digits under non-consecutive)."""

    __slots__ = ("layout",)

    def __init__(self, values: list[int], cands: list[int], layout: Layout) -> None:
        super().__init__(values, cands)
        self.layout = layout

    @classmethod
    def of_puzzle(cls, puzzle: str, layout: Layout) -> RuledGrid:
        """serate's grid of an 81-character puzzle (``rebuildPotentialValues``)."""
        values = [int(ch) if ch in "123456789" else 0 for ch in puzzle]
        grid = cls(values, [0 if v else ALL for v in values], layout)
        for cell, value in enumerate(values):
            if value:
                grid.cancel(cell, value)
        return grid

    @property
    def geometry(self) -> Geometry:
        return self.layout.geometry

    def copy(self) -> RuledGrid:
        return RuledGrid(self.values[:], self.cands[:], self.layout)

    def cancel(self, cell: int, value: int) -> None:
        bit = ~(1 << value)
        cands = self.cands
        for peer in self.layout.peers[cell]:
            cands[peer] &= bit
        mode = self.layout.consecutive
        if mode:
            near = 0
            if mode == 2 or value < 9:
                near |= 1 << (1 if value == 9 else value + 1)
            if mode == 2 or value > 1:
                near |= 1 << (9 if value == 1 else value - 1)
            for other in self.layout.apart[cell]:
                cands[other] &= ~near

    def places(self, region: Sequence[int], value: int) -> list[int]:
        """The region's places (indexes in it) holding the candidate."""
        cands = self.cands
        return [i for i, c in enumerate(region) if cands[c] >> value & 1]

    def empty_in(self, region: Sequence[int]) -> int:
        values = self.values
        return sum(1 for c in region if not values[c])


# a technique: its name in the path and its findings (hints whose text is serate's words)
Finder = Callable[[RuledGrid], Iterator[Hint]]

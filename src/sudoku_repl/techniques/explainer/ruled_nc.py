"""serate's two techniques of non-consecutive (v1.15.10, ``--isNC=1`` and ``--isNC=2``, the
cyclic mode where 9 and 1 are one apart too): ``forcingCellNC`` (2.4) and ``lockedNC`` (2.5),
each with serate's line for its step (``toString``: the cells and the values taken out).

A cell's orthogonal neighbours (``Layout.apart``, wrapped round on a toroidal board) hold no
digit one apart from its own. So a cell left with two digits one apart, or three in a row,
takes the digits every one of its cases forbids out of its neighbours; and a digit whose two or
three places in a region lie side by side, or share neighbours, takes the digits one apart
from it out of those places or those neighbours."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sudoku_repl.techniques.explainer.grid import MASK_DIGITS
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.ruled_grid import RuledGrid
from sudoku_repl.techniques.explainer.ruled_words import cells_text

FORCING_CELL = "Non-Consecutive Forcing Cell"
LOCKED = "Locked Non-Consecutive"


def _removals(
    grid: RuledGrid, cells: Sequence[int], values: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    cands = grid.cands
    return tuple((c, v) for c in cells for v in values if v and cands[c] >> v & 1)


def _listed(values: Sequence[int]) -> str:
    """``on value(s) ...``: a value 0 (none one apart from 1 or 9) left out."""
    return ",".join(str(v) for v in values if v)


def forcing_cells(grid: RuledGrid) -> Iterator[Hint]:
    """``forcingCellNC``: a cell of two or three candidates one apart in a row (9 and 1 one
    apart in the cyclic mode), or two of them two apart: the digits next to all of them in
    each case go from its neighbours, in serate's order of cells and cases."""
    cyclic = grid.layout.consecutive == 2
    apart = grid.layout.apart
    for cell, mask in enumerate(grid.cands):
        digits = MASK_DIGITS[mask]
        count = len(digits)
        if count not in (2, 3):
            continue
        first, last = digits[0], digits[-1]
        gap = last - first
        taken: list[tuple[int, ...]] = []
        ended = False
        if gap == count - 1 or (cyclic and gap == 8):
            if count == 2:  # either of them forbids the other in every neighbour
                taken.append((first, last))
            elif cyclic and gap == 8:  # 9, 1, 2 or 8, 9, 1: the middle one, 1 or 9
                if digits[1] == first + 1:
                    taken.append((first,))
                if digits[1] == last - 1:
                    taken.append((last,))
                ended = True
            else:
                taken.append((first + 1,))
        if not ended and (gap == 2 or (cyclic and gap == 7 and count == 2)):
            if cyclic and gap == 7:  # 1 and 8, or 2 and 9: the one between them round 9
                taken.append((9,) if digits[1] == 8 else (1,))
            else:
                taken.append((first + 1,))
        for values in taken:
            removals = _removals(grid, apart[cell], values)
            if removals:
                text = f"{cells_text((cell,))} on value(s) {_listed(values)}"
                yield Hint(FORCING_CELL, 24, removals, None, text)


def _region_types(grid: RuledGrid) -> tuple[int, ...]:
    """``lockedNC``'s region types, in its order: the windows (the first four), columns,
    rows, then blocks (none on a Latin square); never the disjoint groups, whose cells are
    not side by side."""
    types = grid.layout.types
    return tuple(t for t in (4, 2, 1, 0) if t in types)


def locked_cells(grid: RuledGrid) -> Iterator[Hint]:
    """``lockedNC``: a digit's two or three places in a region: side by side in a line, the
    digits one apart from it go from them (from the middle one of three); in any region, from
    the cells next to all of them."""
    lay = grid.layout
    cyclic = lay.consecutive == 2
    wrap = "toroidal" in lay.rules.words
    apart = lay.apart
    for value in range(1, 10):
        if cyclic:
            below, above = (value - 1 if value > 1 else 9), (value + 1 if value < 9 else 1)
        else:
            below, above = value - 1, (value + 1) % 10
        values = (below, above)
        for kind in _region_types(grid):
            regions = lay.regions[kind][:4] if kind == 4 else lay.regions[kind]
            for region in regions:
                places = grid.places(region, value)
                count = len(places)
                if count not in (2, 3):
                    continue
                first, second, last = places[0], places[1], places[-1]
                cells = [region[first], region[last]] + ([region[second]] if count == 3 else [])
                gap = last - first
                ended = False
                if kind > 0 and (gap == count - 1 or (wrap and gap == 8)):
                    targets: list[list[int]] = []
                    if count == 2:
                        targets.append([region[first], region[last]])
                    elif wrap and gap == 8:  # round the board's edge: the middle one
                        if second == first + 1:
                            targets.append([region[first]])
                        if second == last - 1:
                            targets.append([region[last]])
                        ended = True
                    else:
                        targets.append([region[first + 1]])
                    for target in targets:
                        removals = _removals(grid, target, values)
                        if removals:
                            yield _locked(value, cells, values, removals)
                if ended:
                    continue
                near = set(apart[cells[0]])
                for cell in cells[1:]:
                    near.intersection_update(apart[cell])
                removals = _removals(grid, sorted(near), values)
                if removals:
                    yield _locked(value, cells, values, removals)


def _locked(
    value: int, cells: Sequence[int], values: Sequence[int], removals: tuple[tuple[int, int], ...]
) -> Hint:
    text = f"{value}: {cells_text(cells)} on value(s) {_listed(values)}"
    return Hint(LOCKED, 25, removals, None, text)

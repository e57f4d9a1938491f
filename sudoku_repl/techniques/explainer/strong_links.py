"""Chains of strong links on one value: two of them (skyscraper 4.0, two-string kite 4.1,
turbot fish 4.2, grouped 4.3) and three (5.4 on parallel lines, 5.6 on rows and columns, 5.5
with a block, 5.7 grouped).

A strong link is a unit where the value is in one of two places or groups of places. Groups
come from a line whose places lie in two of its block segments, and from a block whose places
lie on one row and one column of it (an empty rectangle, around the cell where they cross, the
heart) or on two of its rows or columns. Two links join where the cells of both ends lie in
one unit; the chain removes the value from the cells that see all cells of its two ends.

Both finders ask the native ladder first (``native_ladder``: the same hints from C) and run
their Python, the reference, on the pure build (``pure_turbot_fish``, ``pure_three_strong_links``).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    COL_OF,
    DIGITS,
    ROW_OF,
    UNITS,
    Grid,
    seen_by_all,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals


@attrs.frozen
class Link:
    """A strong link: the value is in ``one`` or in ``other`` (cell masks); ``places`` are
    all the unit's places for the value."""

    unit: int
    one: int
    other: int
    grouped: bool
    places: int


def _mask(cells: list[int]) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def _line_link(unit: int, cells: list[int]) -> list[Link]:
    """A row or column whose places lie in two of its three block segments."""
    segments: dict[int, list[int]] = {}
    for cell in cells:
        segments.setdefault((cell // 27) * 3 + (cell % 9) // 3, []).append(cell)
    if len(segments) != 2:
        return []
    one, other = (_mask(group) for _, group in sorted(segments.items()))
    return [Link(unit, one, other, True, _mask(cells))]


# the parallel-line splits of a block: (the line without places, the two lines with them)
_BLOCK_SPLITS = ((2, (0, 1)), (1, (0, 2)), (0, (1, 2)))


def _block_links(block: int, cells: list[int], three: bool) -> list[Link]:
    """The links of a block of three to five places: around the first heart whose row and
    column hold every place (the heart is named with the side that has one place, or with
    the column side when both have one; for three-link chains a block gives one link), or,
    for three-link chains only, two of its rows or columns holding them all."""
    places = _mask(cells)
    for heart in UNITS[block]:
        row, col = ROW_OF[heart], COL_OF[heart]
        if any(ROW_OF[c] != row and COL_OF[c] != col for c in cells):
            continue
        in_col = _mask([c for c in cells if COL_OF[c] == col and c != heart])
        in_row = _mask([c for c in cells if ROW_OF[c] == row and c != heart])
        if not in_col or not in_row:
            return []
        with_heart = 1 << heart
        single_col = in_col & (in_col - 1) == 0
        single_row = in_row & (in_row - 1) == 0
        if three and single_col and single_row:
            return [Link(block, in_row, in_col | with_heart, True, places)]
        links = []
        if single_col:
            links.append(Link(block, in_col, in_row | with_heart, True, places))
        if single_row:
            links.append(Link(block, in_row, in_col | with_heart, True, places))
        if not links:
            links.append(Link(block, in_col, in_row, True, places))
        return links
    if not three or len(cells) < 4:
        return []
    first_row, first_col = ROW_OF[UNITS[block][0]], COL_OF[UNITS[block][0]]
    for of, first in ((ROW_OF, first_row), (COL_OF, first_col)):
        for empty, (a, b) in _BLOCK_SPLITS:
            if any(of[c] == first + empty for c in cells):
                continue
            side_a = [c for c in cells if of[c] == first + a]
            side_b = [c for c in cells if of[c] == first + b]
            if len(side_a) < 2 or len(side_b) < 2:
                return []
            links = [Link(block, _mask(side_a), _mask(side_b), True, places)]
            other = COL_OF if of is ROW_OF else ROW_OF
            across = sorted({other[c] for c in cells})
            if len(cells) == 4 and len(across) == 2:
                # a square of four places also splits the other way
                side_c = [c for c in cells if other[c] == across[0]]
                side_d = [c for c in cells if other[c] == across[1]]
                links.append(Link(block, _mask(side_c), _mask(side_d), True, places))
            return links
    return []


def strong_links(grid: Grid, value: int, three: bool) -> list[Link]:
    """Every strong link on the value, as Sudoku Explainer finds them for two-link (turbot)
    or three-link chains (``three``: a block's two places on one line count as that line's
    link only, and a block gives one link)."""
    links: list[Link] = []
    for unit in range(27):
        cells = grid.cells_with(unit, value)
        if len(cells) == 2:
            a, b = cells
            if three and unit < 9 and (ROW_OF[a] == ROW_OF[b] or COL_OF[a] == COL_OF[b]):
                continue
            links.append(Link(unit, 1 << a, 1 << b, False, _mask(cells)))
        elif unit < 9 and 2 < len(cells) <= 5:
            links.extend(_block_links(unit, cells, three))
        elif unit >= 9 and 2 < len(cells) <= 6:
            links.extend(_line_link(unit, cells))
    return links


def _cells(mask: int) -> list[int]:
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


_COLUMNS, _ROWS, _BLOCKS = 0x7FC0000, 0x3FE00, 0x1FF


def _units_holding(mask: int) -> int:
    """The units (a 27-bit mask) that hold every cell of the mask."""
    units = (1 << 27) - 1
    for cell in _cells(mask):
        units &= (
            (1 << ((cell // 27) * 3 + (cell % 9) // 3))
            | (1 << (9 + cell // 9))
            | (1 << (18 + cell % 9))
        )
    return units


def _shared_unit(holding_a: int, holding_b: int) -> int | None:
    """The column, else the row, else the block holding the cells of both ends."""
    both = holding_a & holding_b
    if not both:
        return None
    for kind in (_COLUMNS, _ROWS, _BLOCKS):
        if both & kind:
            return (both & kind).bit_length() - 1
    return None


#: the cells of each unit, as a mask
_UNIT_MASKS = tuple(sum(1 << cell for cell in unit) for unit in UNITS)


Chain = tuple[tuple[Link, bool], ...]


def _chains(grid: Grid, value: int, count: int, three: bool) -> Iterator[tuple[Chain, int]]:
    """Chains of ``count`` strong links (each with its direction: True when entered by
    ``one``) and the cells (a mask) from which they remove the value."""
    links = strong_links(grid, value, three)
    holders = grid.value_mask(value)
    seen = {mask: seen_by_all(_cells(mask)) for link in links for mask in (link.one, link.other)}
    holding = {mask: _units_holding(mask) for mask in seen}

    def extend(
        chain: list[tuple[Link, bool]], used: int, exclude: int
    ) -> Iterator[tuple[Chain, int]]:
        last_link, last_dir = chain[-1]
        exit_end = last_link.other if last_dir else last_link.one
        if len(chain) == count:
            first_link, first_dir = chain[0]
            start = first_link.one if first_dir else first_link.other
            victims = holders & seen[start] & seen[exit_end] & ~exclude
            if victims:
                yield tuple(chain), victims
            return
        exit_holding = holding[exit_end]
        for link in links:
            if link.places & used:
                continue
            for forward in (True, False):
                enter = link.one if forward else link.other
                shared = _shared_unit(exit_holding, holding[enter])
                if shared is None:
                    continue
                if three:
                    new_exclude = exclude | _UNIT_MASKS[link.unit] | _UNIT_MASKS[shared]
                else:
                    if shared in (last_link.unit, link.unit):
                        continue
                    new_exclude = exclude | _UNIT_MASKS[link.unit]
                yield from extend(chain + [(link, forward)], used | link.places, new_exclude)

    for link in links:
        for forward in (True, False):
            yield from extend([(link, forward)], link.places, _UNIT_MASKS[link.unit])


def _removals(victims: int, value: int) -> Removals:
    return tuple((cell, value) for cell in _cells(victims))


# ratings in tenths: (grouped, with a block, on parallel lines, on rows and columns)
_TURBOT = (43, 42, 40, 41)
_THREE = (57, 55, 54, 56)
_TURBOT_NAMES = {
    40: "Skyscraper",
    41: "2-String Kite",
    42: "Turbot Fish",
    43: "Grouped Turbot Fish",
}


def link_chains(grid: Grid, count: int) -> list[tuple[int, Removals, Chain]]:
    """(rating, removals, chain) of every chain of ``count`` links, easiest first, the most
    removals first among equals."""
    grouped, with_block, parallel, crossed = _TURBOT if count == 2 else _THREE
    found: list[tuple[int, int, Removals, Chain]] = []
    for value in DIGITS:
        for chain, victims in _chains(grid, value, count, count == 3):
            types = {link.unit // 9 for link, _ in chain}
            if any(link.grouped for link, _ in chain):
                rating = grouped
            elif 0 in types:
                rating = with_block
            elif len(types) == 1:
                rating = parallel
            else:
                rating = crossed
            removals = _removals(victims, value)
            found.append((rating, -len(removals), removals, chain))
    found.sort(key=lambda item: (item[0], item[1]))
    return [(rating, removals, chain) for rating, _, removals, chain in found]


def pure_turbot_fish(grid: Grid) -> Iterator[Hint]:
    """Two strong links joined by a weak one."""
    for rating, removals, _ in link_chains(grid, 2):
        yield Hint(_TURBOT_NAMES[rating], rating, removals)


#: ``pure_turbot_fish``, from the C where there is one
turbot_fish: Finder = native_ladder.Rung(native_ladder.TURBOT_FISH, 0, pure_turbot_fish)


def pure_three_strong_links(grid: Grid) -> Iterator[Hint]:
    """Three strong links joined by weak ones."""
    for rating, removals, _ in link_chains(grid, 3):
        yield Hint("3 Strong Links", rating, removals)


#: ``pure_three_strong_links``, from the C where there is one
three_strong_links: Finder = native_ladder.Rung(
    native_ladder.THREE_STRONG_LINKS, 0, pure_three_strong_links
)

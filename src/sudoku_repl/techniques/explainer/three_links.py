"""Chains of three strong links on one value, as serate's ``StrongLinks`` finds them
(SukakuExplainer 1.15.10, ported step for step so that at a tie the step is serate's): 5.4 on
parallel lines, 5.6 on rows and columns, 5.5 with a block, 5.7 grouped. The links, their groups
and how two of them join are ``strong_links``' (the two-link chains, the turbot fish).

The finder asks the native ladder first (``native_ladder``: the same hints from C) and runs its
Python, the reference, on the pure build (``pure_three_strong_links``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import NamedTuple

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    COL_OF,
    DIGITS,
    ROW_OF,
    Grid,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals
from sudoku_repl.techniques.explainer.strong_links import (
    BLADES,
    RECTANGLES,
    places_of,
    removals_of,
    typed_units,
)


class LinksChain(NamedTuple):
    """A chain of strong links as serate's ``StrongLinks`` finds it: the links' unit types
    in the chain's order (0 blocks, 1 rows, 2 columns), how many are grouped, the cells its
    hint names (the start, each weak link's two bridges, the end; a group by one cell)."""

    rating: int
    removals: Removals
    value: int
    kinds: tuple[int, ...]
    grouped: int
    start: int
    bridges: tuple[tuple[int, int], ...]
    end: int

    @property
    def suffix(self) -> str:
        """``StrongLinksHint.getSuffix``: how many links are grouped, then the links' types
        read the least way round (``line_name``)."""
        kinds = list(self.kinds)
        text = "".join(map(str, kinds))
        return str(self.grouped) + line_name(kinds if text <= text[::-1] else kinds[::-1])


def links_names(found: LinksChain) -> tuple[str, str]:
    """StrongLinksHint's names (``getName``, ``getShortName``): the links' count, their types
    in the chain's order (the smaller way round, rows and columns swapped to the smaller:
    ``line_name``), how many are grouped."""
    grouped = found.grouped
    suffix = found.suffix
    count = len(found.kinds)
    if suffix.find("0", 1) >= 0:
        name, short = " Strong links (including blocks)", "SB"
    elif suffix.find("2", 1) >= 0:
        name, short = "-String Kite", "SK"
    else:
        name, short = " Skyscrapers", "SS"
    long = f"{count}{name} {suffix}"
    if grouped:
        long += f" (Using {grouped} grouped strong link{'s' if grouped > 1 else ''})"
    return long, ("g" if grouped else "") + f"{count}{short}{suffix}"


def line_name(kinds: list[int]) -> str:
    """``StrongLinksHint.rLineName``: the types, rows and columns swapped where that reads
    smaller (either way round)."""
    original = "".join(map(str, kinds))
    swapped = "".join({0: "0", 1: "2", 2: "1"}[k] for k in kinds)
    if 1 not in kinds:
        return original.replace("2", "1")
    least = min(swapped[::-1], swapped)
    return least if original > least else original


#: the unit types of the three links serate's StrongLinks(3) tries, in its order (its table's
#: rows up to the first it skips)
_THREE_SETS = (
    (0, 0, 0),
    (0, 0, 1),
    (0, 0, 2),
    (0, 1, 1),
    (0, 1, 2),
    (0, 2, 2),
    (1, 1, 1),
    (1, 1, 2),
    (1, 2, 2),
    (2, 2, 2),
)
#: a block's two parallel lines holding a group's places, around the empty third (serate's
#: ``Rectangle`` 9-14, ``crossBlade1``, ``crossBlade2``)
_BLOCK_LINES = tuple(
    (
        sum(1 << p for p in range(9) if p // 3 == empty),
        *(sum(1 << p for p in range(9) if p // 3 == line) for line in range(3) if line != empty),
    )
    for empty in (2, 1, 0)
) + tuple(
    (
        sum(1 << p for p in range(9) if p % 3 == empty),
        *(sum(1 << p for p in range(9) if p % 3 == line) for line in range(3) if line != empty),
    )
    for empty in (2, 1, 0)
)

#: a link's ends (A, B) and one other cell of each group (None: none)
_LinkEnds = tuple[tuple[int, int], tuple[int | None, int | None]]


def _same_line(a: int, b: int) -> bool:
    return ROW_OF[a] == ROW_OF[b] or COL_OF[a] == COL_OF[b]


@functools.cache
def _three_link_ends(
    cells: tuple[int, ...], block: bool, places: int
) -> tuple[bool, list[_LinkEnds]] | None:
    """A strong link of a unit (its ``cells``, a ``block`` or a line) as serate's StrongLinks
    takes it (2 to 6 places): whether it is grouped, and each way it names its ends (cells);
    None for no link. A block's two places on one line are that line's link only."""
    count = places.bit_count()
    if count < 2 or count > 6:
        return None
    if count == 2:
        a, b = (cells[p] for p in places_of(places))
        if block and _same_line(a, b):
            return None
        return False, [((a, b), (None, None))]
    blades: tuple[int, int] | None = None
    config = -1
    for e in range(15 if block else 3):
        if e > 8 and count < 4:
            continue
        if block:
            empty, blade1, blade2 = (RECTANGLES[e], *BLADES[e]) if e < 9 else _BLOCK_LINES[e - 9]
        else:
            seg1, seg2 = (s for s in range(3) if s != e)
            empty, blade1, blade2 = 0x7 << 3 * e, 0x7 << 3 * seg1, 0x7 << 3 * seg2
        if not places & empty:
            if places & blade1 and places & blade2:
                blades, config = (places & blade1, places & blade2), e
            break
    if blades is None:
        return None
    b1, b2 = ([cells[p] for p in places_of(blade)] for blade in blades)
    if len(b1) == 1 or len(b2) == 1:
        if len(b1) == 1 and len(b2) == 1:  # (a block's, around a heart with the value)
            # serate names them as if only one blade were single, the second
            return True, [((b2[0], b1[0]), (None, cells[config]))]
        ends: list[_LinkEnds] = []
        for single, other in ((b1, b2), (b2, b1)):
            if len(single) != 1:
                continue
            if block:  # the group is the heart's, named by the other blade's first cell
                ends.append(((single[0], other[0]), (None, cells[config])))
            else:
                ends.append(((single[0], other[0]), (None, other[1])))
        return True, ends
    ends = [((b1[0], b2[0]), (b1[1], b2[1]))]
    if config > 8 and count == 4 and _same_line(b1[1], b2[1]) and _same_line(b1[0], b2[0]):
        # a square of four places: it splits the other way too
        ends.append(((b1[0], b1[1]), (b2[0], b2[1])))
    return True, ends


def _three_share(
    unit_of: tuple[tuple[int, ...], ...], b1: int, s1: int | None, b2: int, s2: int | None
) -> int | None:
    """``StrongLinks.shareRegionOf``: the column, else the row, else the block (where the
    rules have blocks: ``unit_of``, each type's unit of each cell, -1 for none) of both
    bridges, a group's other cell in it too (each checked against the other bridge)."""
    for kind in (2, 1, 0):
        of = unit_of[kind]
        unit = of[b1]
        if unit < 0 or of[b2] != unit:
            continue
        if s1 is None and s2 is None:
            return unit
        if s1 is None:
            assert s2 is not None
            if of[s2] == unit:
                return unit
        elif s2 is None:
            if of[s1] == unit:
                return unit
        elif of[s1] == unit and of[s2] == unit:
            return unit
    return None


def _quickperm(n: int) -> Iterator[tuple[int, ...]]:
    """The orders of n links serate's StrongLinks tries, in its order (QuickPerm), each read
    the least way round only (``isLex``)."""
    q = list(range(n))
    r = list(range(n + 1))

    def lex() -> bool:
        text = "".join(map(str, q))
        return text <= text[::-1]

    if lex():
        yield tuple(q)
    s = 1
    while s < n:
        r[s] -= 1
        t = s % 2 * r[s]
        q[t], q[s] = q[s], q[t]
        if lex():
            yield tuple(q)
        s = 1
        while r[s] == 0:
            r[s] = s
            s += 1


def three_findings(grid: Grid, n: int = 3) -> list[LinksChain]:
    """Every chain of ``n`` strong links in serate's order (``StrongLinks.getHints``): as its
    search meets them (the unit types of ``_THREE_SETS``, each digit, each unit of each link
    after the last of its type and way of naming its ends, each order of the links and each
    way round), sorted (stable) by rating, the most removals first, then the suffix."""
    found: list[LinksChain] = []
    search = _LinksSearch(grid, n)
    # (on a Latin square serate skips the sets with a block)
    blocks = bool(search.typed.units[0])
    for kinds in _THREE_SETS if blocks else tuple(k for k in _THREE_SETS if 0 not in k):
        for value in DIGITS:
            found.extend(search.chains(kinds, value))
    found.sort(key=lambda f: f.suffix)
    found.sort(key=lambda f: (f.rating, -len(f.removals)))
    return found


class _LinksSearch:
    """``three_findings``' search of one digit's chains of one table row's unit types."""

    def __init__(self, grid: Grid, n: int) -> None:
        self.grid = grid
        self.geometry = geometry = grid.geometry
        self.typed = typed_units(geometry)
        self.table = grid.position_table(geometry.units)
        self.n = n
        self.orders = list(_quickperm(n))
        self.ways = [tuple(w >> (n - 1 - k) & 1 for k in range(n)) for w in range(1 << n)]

    def chains(self, kinds: tuple[int, ...], value: int) -> list[LinksChain]:
        self.kinds = kinds
        self.value = value
        self.holders = self.grid.value_mask(value)
        self.links: list[tuple[int, bool, _LinkEnds]] = []
        self.found: list[LinksChain] = []
        self.build(0, -1, 0)
        return self.found

    def covered(self) -> int:
        """The cells of the links' units."""
        mask = 0
        masks = self.typed.masks
        for unit, _, _ in self.links:
            mask |= masks[unit]
        return mask

    def build(self, depth: int, after: int, used: int) -> None:
        """``StrongLinks.buildLinks``: the link at ``depth`` in each unit of its type (after
        the previous link's when of the same type), and the links after it; at the last,
        the chains of them all."""
        kinds, n = self.kinds, self.n
        if depth == n:
            return
        first = after + 1 if depth and kinds[depth - 1] == kinds[depth] else 0
        units = self.typed.units[kinds[depth]]
        for i in range(first, len(units)):
            unit = units[i]
            cells = self.geometry.units[unit]
            link = _three_link_ends(cells, kinds[depth] == 0, self.table[unit][self.value])
            if link is None:
                continue
            grouped, ends_list = link
            places = self.holders & self.typed.masks[unit]
            for ends in ends_list:
                if places & used:
                    continue
                self.links.append((unit, grouped, ends))
                self.build(depth + 1, i, used | places)
                # (links whose units hold every place of the value remove nothing: not joined)
                rest = self.holders & ~self.covered() if depth == n - 1 else 0
                if rest:
                    self.found.extend(_join(self, rest))
                self.links.pop()


def _join(search: _LinksSearch, rest: int) -> Iterator[LinksChain]:
    """The chains of the links found (each order, each way round) whose bridges share units
    and that remove the value from some of ``rest`` (its cells outside the links' units)."""
    value, kinds, links = search.value, search.kinds, search.links
    peer_mask, unit_of = search.geometry.peer_mask, search.typed.unit_of
    masks = search.typed.masks
    n = len(links)
    grouped = sum(g for _, g, _ in links)
    for q in search.orders:
        first, last = links[q[0]], links[q[-1]]
        for u in search.ways:
            start, end = first[2][0][u[0]], last[2][0][1 - u[-1]]
            seen = peer_mask[start] & peer_mask[end] & rest
            if not seen:  # (a cheap test first: the chain would remove nothing)
                continue
            shared = []
            bridges = []
            for w in range(n - 1):
                (ends1, sup1), (ends2, sup2) = links[q[w]][2], links[q[w + 1]][2]
                b1, s1 = ends1[1 - u[w]], sup1[1 - u[w]]
                b2, s2 = ends2[u[w + 1]], sup2[u[w + 1]]
                unit = _three_share(unit_of, b1, s1, b2, s2)
                if unit is None:
                    break
                shared.append(unit)
                bridges.append((b1, b2))
            else:
                start_support, end_support = first[2][1][u[0]], last[2][1][1 - u[-1]]
                if first[1] and start_support is not None:
                    seen &= peer_mask[start_support]
                if last[1] and end_support is not None:
                    seen &= peer_mask[end_support]
                for unit in shared:
                    seen &= ~masks[unit]
                removals = removals_of(seen, value)
                if not removals:
                    continue
                order = tuple(kinds[k] for k in q)
                chain = LinksChain(0, removals, value, order, grouped, start, tuple(bridges), end)
                yield chain._replace(rating=_three_rating(chain))


def _three_rating(chain: LinksChain) -> int:
    """``StrongLinksHint.getDifficulty`` (tenths): 5.7 grouped, else by its name: 5.4 three
    skyscrapers, 5.6 a kite, 5.5 with a block."""
    if chain.grouped:
        return 57
    suffix = chain.suffix
    if suffix.find("0", 1) >= 0:
        return 55
    if suffix.find("2", 1) >= 0:
        return 56
    return 54


def pure_three_strong_links(grid: Grid) -> Iterator[Hint]:
    """Three strong links joined by weak ones, in serate's order (``three_findings``)."""
    for found in three_findings(grid):
        yield Hint("3 Strong Links", found.rating, found.removals)


#: ``pure_three_strong_links``, from the C where there is one
three_strong_links: Finder = native_ladder.Rung(
    native_ladder.THREE_STRONG_LINKS, 0, pure_three_strong_links
)

"""Chains of strong links on one value, as serate's finders search them (SukakuExplainer
1.15.10, ``TurbotFish`` and ``StrongLinks``, ported step for step so that at a tie the step
is serate's): two of them (skyscraper 4.0, two-string kite 4.1, turbot fish 4.2, grouped 4.3)
and three (5.4 on parallel lines, 5.6 on rows and columns, 5.5 with a block, 5.7 grouped).

A strong link is a unit where the value is in one of two places or groups of places. Groups
come from a line whose places lie in two of its block segments, and from a block whose places
lie on one row and one column of it (an empty rectangle, around the cell where they cross, the
heart) or, for three links, on two of its rows or columns. Two links join where the cells of
their ends (a group by the cells serate names) lie in one unit; the chain removes the value
from the cells that see its two ends (and the group's cells serate checks), outside the links'
units (and, for three, the units joining them). Each finder keeps every chain in the order its
search meets them, then sorts them (stable) by rating, the most removals first, then serate's
suffix: the first is serate's step.

Both finders ask the native ladder first (``native_ladder``: the same hints from C) and run
their Python, the reference, on the pure build (``pure_turbot_fish``, ``pure_three_strong_links``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import NamedTuple

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    CELL_UNITS,
    COL_OF,
    DIGITS,
    PEER_MASK,
    ROW_OF,
    UNITS,
    Geometry,
    Grid,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals

#: the cells of each unit, as a mask
_UNIT_MASKS = tuple(sum(1 << cell for cell in unit) for unit in UNITS)


def _removals(victims: int, value: int) -> Removals:
    return tuple((cell, value) for cell in range(81) if victims >> cell & 1)


_TURBOT_NAMES = {
    40: "Skyscraper",
    41: "2-String Kite",
    42: "Turbot Fish",
    43: "Grouped Turbot Fish",
}


class Turbot(NamedTuple):
    """A chain of two strong links as serate's ``TurbotFish`` finds it: the links' units
    (``base``, a row or column, and ``cover``) and whether each is grouped, the cells its hint
    names (``start`` and ``bridge1`` in the base, ``bridge2`` and ``end`` in the cover: a
    group by one cell) and the unit the bridges share."""

    rating: int
    removals: Removals
    value: int
    base: int
    cover: int
    grouped: tuple[bool, bool]
    start: int
    bridge1: int
    bridge2: int
    end: int
    shared: int

    @property
    def suffix(self) -> str:
        """``TurbotFishHint.getSuffix``: how many of the two links are grouped."""
        return ("00", "01", "11")[sum(self.grouped)]


#: TurbotFishHint's names by the types (0 block, 1 row, 2 column) of its two links, ungrouped
_TURBOT_WORDS = {
    (0, 0): ("Turbot Crane", "GXW"),
    (1, 1): ("Skyscraper", "Sky"),
    (2, 2): ("Skyscraper", "Sky"),
    (1, 2): ("Two-string Kite", "2SK"),
    (2, 1): ("Two-string Kite", "2SK"),
}


def turbot_names(found: Turbot, kinds: tuple[int, int]) -> tuple[str, str]:
    """TurbotFishHint's names (``getName``, ``getShortName``) by its links' region types
    (``kinds``: serate's, 0 block, 1 row, 2 column, from 3 on a variant's): grouped links named
    with their count, a link in a variant's region as generalized."""
    suffix = found.suffix
    base_grouped, cover_grouped = found.grouped
    if (base_grouped and kinds[0] == 0) or (cover_grouped and kinds[1] == 0):
        return f"Grouped Turbot Crane {suffix}", f"gTC{suffix}"
    if base_grouped or cover_grouped:
        if kinds[0] == kinds[1]:
            return f"Grouped Skyscraper {suffix}", f"gSky{suffix}"
        return f"Grouped 2-String Kite {suffix}", f"g2SK{suffix}"
    if max(kinds) > 2:
        return f"Generalized 2 strong links {suffix}", f"g2SL{suffix}"
    return _TURBOT_WORDS.get(kinds, ("Turbot Crane", "TC"))


#: the (base, cover) unit types serate's TurbotFish tries, in its order (0 blocks, 1 rows, 2
#: columns): skyscrapers on rows, on columns, kites, cranes from a row, from a column
_TURBOT_SETS = ((1, 1), (2, 2), (2, 1), (1, 0), (2, 0))
#: their ratings (tenths) ungrouped, by (base, cover), and a crane of two blocks (on variant
#: rules); a link grouped or in a variant's region rates 4.3
_TURBOT_RATINGS = {(1, 1): 40, (2, 2): 40, (2, 1): 41, (1, 0): 42, (2, 0): 42, (0, 0): 42}


class TurbotPlan(NamedTuple):
    """What serate's ``TurbotFish`` searches on a set of rules: the (base, cover) region
    types in its order (``sets``) and the region types whose region a weak link's bridges may
    share, in the order it asks them (``shares``, ``shareRegionOf``)."""

    sets: tuple[tuple[int, int], ...]
    shares: tuple[int, ...]


#: classic sudoku's: rows, columns and blocks
CLASSIC_TURBOT = TurbotPlan(_TURBOT_SETS, (2, 1, 0))
#: a block's empty rectangle around each heart (its position): the four positions sharing
#: neither its row nor its column, and the heart's column and row without it (``Grid.Region``'s
#: ``Rectangle``, ``crossBlade1``, ``crossBlade2``, which serate reads by position in any
#: region it takes as a block)
_RECTANGLES = tuple(
    sum(1 << p for p in range(9) if p // 3 != h // 3 and p % 3 != h % 3) for h in range(9)
)
_BLADES = tuple(
    (
        sum(1 << p for p in range(9) if p % 3 == h % 3 and p != h),
        sum(1 << p for p in range(9) if p // 3 == h // 3 and p != h),
    )
    for h in range(9)
)

#: a link's cells: its two ends (A, B), the other cells of a group (A's, B's) and their second
#: others, each None where there is none
_Ends = tuple[int, int, int | None, int | None, int | None, int | None]


def _places(mask: int) -> list[int]:
    return [i for i in range(9) if mask >> i & 1]


class _Typed(NamedTuple):
    """A geometry's units by serate's region type: each type's units (unit numbers), each
    type's unit holding each cell (-1: none), each unit's cells as a mask."""

    units: tuple[tuple[int, ...], ...]
    unit_of: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]


@functools.cache
def _typed(geometry: Geometry) -> _Typed:
    units = tuple(
        tuple(u for u, t in enumerate(geometry.unit_types) if t == kind) for kind in range(10)
    )
    unit_of = tuple(
        tuple(next((u for u in units[kind] if c in geometry.unit_sets[u]), -1) for c in range(81))
        for kind in range(10)
    )
    masks = tuple(sum(1 << cell for cell in unit) for unit in geometry.units)
    return _Typed(units, unit_of, masks)


@functools.cache
def _link_ends(cells: tuple[int, ...], block: bool, places: int) -> tuple[bool, list[_Ends]] | None:
    """A strong link of a region as serate's TurbotFish takes it (``block``: as a block, of 2
    to 5 places, else as a line, of 2 to 6): whether it is grouped, and each way it names its
    ends (the cells); None for no link. A group is the places of a line in two of its
    block segments, or of a block on the row and the column through a heart (the first heart
    whose empty rectangle holds none, the only one serate looks at)."""
    count = places.bit_count()
    if count < 2 or count > (5 if block else 6):
        return None
    if count == 2:
        a, b = (cells[p] for p in _places(places))
        return False, [(a, b, None, None, None, None)]
    heart = -1
    for e in range(9 if block else 3):
        empty = _RECTANGLES[e] if block else 0x7 << 3 * e
        if not places & empty:
            heart = e
            break
    if heart < 0:
        return None
    if block:
        blade1, blade2 = (places & m for m in _BLADES[heart])
    else:
        seg1, seg2 = (s for s in range(3) if s != heart)
        blade1, blade2 = places & 0x7 << 3 * seg1, places & 0x7 << 3 * seg2
    if not blade1 or not blade2:
        return None
    b1, b2 = ([cells[p] for p in _places(blade)] for blade in (blade1, blade2))
    if len(b1) != 1 and len(b2) != 1:
        return True, [
            (
                b1[0],
                b2[0],
                b1[1],
                b2[1],
                b1[2] if len(b1) > 2 else None,
                b2[2] if len(b2) > 2 else None,
            )
        ]
    ends: list[_Ends] = []
    for single, other in ((b1, b2), (b2, b1)):
        if len(single) != 1:
            continue
        if block:  # the heart names the group of the other blade
            ends.append(
                (
                    single[0],
                    cells[heart],
                    None,
                    other[0],
                    None,
                    other[1] if len(other) > 1 else None,
                )
            )
        else:
            ends.append(
                (single[0], other[0], None, other[1], None, other[2] if len(other) > 2 else None)
            )
    return True, ends


def _share(
    unit_of: tuple[tuple[int, ...], ...],
    shares: tuple[int, ...],
    bridge1: int,
    support1: int | None,
    bridge2: int,
    support2: int | None,
    support1b: int | None,
    support2b: int | None,
) -> int | None:
    """``TurbotFish.shareRegionOf``: the first region of the types ``shares`` (classic: the
    column, else the row, else the block) holding both bridges and their groups' other cells
    (a support's second only with its first)."""
    cells = [bridge2, support1, support2]
    if support1 is not None:
        cells.append(support1b)
    if support2 is not None:
        cells.append(support2b)
    for kind in shares:
        of = unit_of[kind]
        unit = of[bridge1]
        if unit >= 0 and all(c is None or of[c] == unit for c in cells):
            return unit
    return None


def turbot_findings(grid: Grid, plan: TurbotPlan = CLASSIC_TURBOT) -> list[Turbot]:
    """Every chain of two strong links in serate's order (``TurbotFish.getHints``): as its
    search meets them (the region types of ``plan.sets``, each digit, each base region and way
    of naming its ends, each cover region after it and way, each of the four ways to join
    them), sorted (stable) by rating, the most removals first, then the suffix. The regions
    and visible cells are the grid's (``grid.geometry``): ``base`` and ``cover`` are its unit
    numbers."""
    geometry = grid.geometry
    typed = _typed(geometry)
    units, masks = geometry.units, typed.masks
    table = grid.position_table(units)
    holding = [0] + [grid.value_mask(value) for value in DIGITS]
    found: list[Turbot] = []
    for base_type, cover_type in plan.sets:
        base_block, cover_block = base_type in (0, 3, 4), cover_type == 0
        bases, covers = typed.units[base_type], typed.units[cover_type]
        for value in DIGITS:
            holders = holding[value]
            for i1, base in enumerate(bases):
                base_link = _link_ends(units[base], base_block, table[base][value])
                if base_link is None:
                    continue
                base_grouped, base_ends = base_link
                base_places = holders & masks[base]
                for be in base_ends:
                    for i2 in range(i1 + 1 if base_type == cover_type else 0, len(covers)):
                        cover = covers[i2]
                        cover_link = _link_ends(units[cover], cover_block, table[cover][value])
                        if cover_link is None or base_places & masks[cover]:
                            continue
                        cover_grouped, cover_ends = cover_link
                        rest = holders & ~(masks[base] | masks[cover])
                        if not rest:
                            continue
                        for ce in cover_ends:
                            ends = [*be[:2], *ce[:2], *be[2:4], *ce[2:4], *be[4:], *ce[4:]]
                            found.extend(
                                _turbots(
                                    geometry,
                                    (typed.unit_of, plan.shares),
                                    rest,
                                    value,
                                    ends,
                                    (base, cover),
                                    (base_grouped, cover_grouped),
                                )
                            )
    found.sort(key=lambda t: t.suffix)
    found.sort(key=lambda t: (t.rating, -len(t.removals)))
    return found


def _turbots(
    geometry: Geometry,
    sharing: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]],
    rest: int,
    value: int,
    cells: list[int | None],
    links: tuple[int, int],
    grouped: tuple[bool, bool],
) -> Iterator[Turbot]:
    """The chains of one base link and one cover link (``links``, their units), named one way
    each (``cells``: serate's twelve, 0-1 the base's ends, 2-3 the cover's, 4-7 and 8-11 their
    groups' other cells), joined each of the four ways whose bridges share a region other than
    theirs (``sharing``: each type's region of each cell, the types asked); ``rest``: the
    value's cells outside their units."""
    peer_mask = geometry.peer_mask
    base, cover = links
    base_grouped, cover_grouped = grouped
    for i in range(2):
        for j in range(2, 4):
            start, end = cells[i], cells[5 - j]
            assert start is not None and end is not None
            seen = peer_mask[start] & peer_mask[end] & rest
            if base_grouped and cells[i + 4] is not None:
                seen &= geometry.seen_by_all(
                    c for c in (cells[i + 4], cells[i + 8]) if c is not None
                )
            if cover_grouped and cells[9 - j] is not None:
                seen &= geometry.seen_by_all(
                    c for c in (cells[9 - j], cells[13 - j]) if c is not None
                )
            if not seen:  # (the cheap test first: the chain would remove nothing)
                continue
            bridge1, bridge2 = cells[1 - i], cells[j]
            assert bridge1 is not None and bridge2 is not None
            shared = _share(
                *sharing, bridge1, cells[5 - i], bridge2, cells[j + 4], cells[9 - i], cells[j + 8]
            )
            if shared is None or shared in (base, cover):
                continue
            removals = _removals(seen, value)
            if removals:
                types = (geometry.unit_types[base], geometry.unit_types[cover])
                plain = not (base_grouped or cover_grouped) and max(types) <= 2
                yield Turbot(
                    _TURBOT_RATINGS[types] if plain else 43,
                    removals,
                    value,
                    base,
                    cover,
                    grouped,
                    start,
                    bridge1,
                    bridge2,
                    end,
                    shared,
                )


def pure_turbot_fish(grid: Grid) -> Iterator[Hint]:
    """Two strong links joined by a weak one, in serate's order (``turbot_findings``)."""
    for found in turbot_findings(grid):
        yield Hint(_TURBOT_NAMES[found.rating], found.rating, found.removals)


#: ``pure_turbot_fish``, from the C where there is one
turbot_fish: Finder = native_ladder.Rung(native_ladder.TURBOT_FISH, 0, pure_turbot_fish)


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
def _three_link_ends(unit: int, places: int) -> tuple[bool, list[_LinkEnds]] | None:
    """A strong link of a unit as serate's StrongLinks takes it (2 to 6 places): whether it
    is grouped, and each way it names its ends (cells); None for no link. A block's two places
    on one line are that line's link only."""
    count = places.bit_count()
    block = unit < 9
    cells = UNITS[unit]
    if count < 2 or count > 6:
        return None
    if count == 2:
        a, b = (cells[p] for p in _places(places))
        if block and _same_line(a, b):
            return None
        return False, [((a, b), (None, None))]
    blades: tuple[int, int] | None = None
    config = -1
    for e in range(15 if block else 3):
        if e > 8 and count < 4:
            continue
        if block:
            empty, blade1, blade2 = (_RECTANGLES[e], *_BLADES[e]) if e < 9 else _BLOCK_LINES[e - 9]
        else:
            seg1, seg2 = (s for s in range(3) if s != e)
            empty, blade1, blade2 = 0x7 << 3 * e, 0x7 << 3 * seg1, 0x7 << 3 * seg2
        if not places & empty:
            if places & blade1 and places & blade2:
                blades, config = (places & blade1, places & blade2), e
            break
    if blades is None:
        return None
    b1, b2 = ([cells[p] for p in _places(blade)] for blade in blades)
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


@functools.cache
def _three_share(b1: int, s1: int | None, b2: int, s2: int | None) -> int | None:
    """``StrongLinks.shareRegionOf``: the column, else the row, else the block of both
    bridges, a group's other cell in it too (each checked against the other bridge)."""
    for kind in (2, 1, 0):
        if CELL_UNITS[b1][kind] != CELL_UNITS[b2][kind]:
            continue
        if s1 is None and s2 is None:
            return CELL_UNITS[b1][kind]
        if s1 is None:
            assert s2 is not None
            if CELL_UNITS[b1][kind] == CELL_UNITS[s2][kind]:
                return CELL_UNITS[b1][kind]
        elif s2 is None:
            if CELL_UNITS[b2][kind] == CELL_UNITS[s1][kind]:
                return CELL_UNITS[b1][kind]
        elif CELL_UNITS[b2][kind] == CELL_UNITS[s1][kind] and (
            CELL_UNITS[b1][kind] == CELL_UNITS[s2][kind]
        ):
            return CELL_UNITS[b1][kind]
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
    for kinds in _THREE_SETS:
        for value in DIGITS:
            found.extend(search.chains(kinds, value))
    found.sort(key=lambda f: f.suffix)
    found.sort(key=lambda f: (f.rating, -len(f.removals)))
    return found


class _LinksSearch:
    """``three_findings``' search of one digit's chains of one table row's unit types."""

    def __init__(self, grid: Grid, n: int) -> None:
        self.grid = grid
        self.table = grid.position_table()
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
        for unit, _, _ in self.links:
            mask |= _UNIT_MASKS[unit]
        return mask

    def build(self, depth: int, after: int, used: int) -> None:
        """``StrongLinks.buildLinks``: the link at ``depth`` in each unit of its type (after
        the previous link's when of the same type), and the links after it; at the last,
        the chains of them all."""
        kinds, n = self.kinds, self.n
        if depth == n:
            return
        first = after + 1 if depth and kinds[depth - 1] == kinds[depth] else 0
        for i in range(first, 9):
            unit = kinds[depth] * 9 + i
            link = _three_link_ends(unit, self.table[unit][self.value])
            if link is None:
                continue
            grouped, ends_list = link
            places = self.holders & _UNIT_MASKS[unit]
            for ends in ends_list:
                if places & used:
                    continue
                self.links.append((unit, grouped, ends))
                self.build(depth + 1, i, used | places)
                # (links whose units hold every place of the value remove nothing: not joined)
                rest = self.holders & ~self.covered() if depth == n - 1 else 0
                if rest:
                    self.found.extend(
                        _join(rest, self.value, kinds, self.links, self.orders, self.ways)
                    )
                self.links.pop()


def _join(
    rest: int,
    value: int,
    kinds: tuple[int, ...],
    links: list[tuple[int, bool, _LinkEnds]],
    orders: list[tuple[int, ...]],
    ways: list[tuple[int, ...]],
) -> Iterator[LinksChain]:
    """The chains of the links found (each order, each way round) whose bridges share units
    and that remove the value from some of ``rest`` (its cells outside the links' units)."""
    n = len(links)
    grouped = sum(g for _, g, _ in links)
    for q in orders:
        first, last = links[q[0]], links[q[-1]]
        for u in ways:
            start, end = first[2][0][u[0]], last[2][0][1 - u[-1]]
            seen = PEER_MASK[start] & PEER_MASK[end] & rest
            if not seen:  # (a cheap test first: the chain would remove nothing)
                continue
            shared = []
            bridges = []
            for w in range(n - 1):
                (ends1, sup1), (ends2, sup2) = links[q[w]][2], links[q[w + 1]][2]
                b1, s1 = ends1[1 - u[w]], sup1[1 - u[w]]
                b2, s2 = ends2[u[w + 1]], sup2[u[w + 1]]
                unit = _three_share(b1, s1, b2, s2)
                if unit is None:
                    break
                shared.append(unit)
                bridges.append((b1, b2))
            else:
                start_support, end_support = first[2][1][u[0]], last[2][1][1 - u[-1]]
                if first[1] and start_support is not None:
                    seen &= PEER_MASK[start_support]
                if last[1] and end_support is not None:
                    seen &= PEER_MASK[end_support]
                for unit in shared:
                    seen &= ~_UNIT_MASKS[unit]
                removals = _removals(seen, value)
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

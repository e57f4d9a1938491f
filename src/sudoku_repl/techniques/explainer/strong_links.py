"""Chains of strong links on one value, as serate's finders search them (SukakuExplainer
1.15.10, ``TurbotFish`` and ``StrongLinks``, ported step for step so that at a tie the step
is serate's): here two of them (skyscraper 4.0, two-string kite 4.1, turbot fish 4.2, grouped
4.3), and the links and groups the chains of three (``three_links``) share.

A strong link is a unit where the value is in one of two places or groups of places. Groups
come from a line whose places lie in two of its block segments, and from a block whose places
lie on one row and one column of it (an empty rectangle, around the cell where they cross, the
heart) or, for three links, on two of its rows or columns. Two links join where the cells of
their ends (a group by the cells serate names) lie in one unit; the chain removes the value
from the cells that see its two ends (and the group's cells serate checks), outside the links'
units (and, for three, the units joining them). Each finder keeps every chain in the order its
search meets them, then sorts them (stable) by rating, the most removals first, then serate's
suffix: the first is serate's step.

The finder asks the native ladder first (``native_ladder``: the same hints from C) and runs
its Python, the reference, on the pure build (``pure_turbot_fish``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import NamedTuple

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    DIGITS,
    Geometry,
    Grid,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals


def removals_of(victims: int, value: int) -> Removals:
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
RECTANGLES = tuple(
    sum(1 << p for p in range(9) if p // 3 != h // 3 and p % 3 != h % 3) for h in range(9)
)
BLADES = tuple(
    (
        sum(1 << p for p in range(9) if p % 3 == h % 3 and p != h),
        sum(1 << p for p in range(9) if p // 3 == h // 3 and p != h),
    )
    for h in range(9)
)

#: a link's cells: its two ends (A, B), the other cells of a group (A's, B's) and their second
#: others, each None where there is none
_Ends = tuple[int, int, int | None, int | None, int | None, int | None]


def places_of(mask: int) -> list[int]:
    return [i for i in range(9) if mask >> i & 1]


class _Typed(NamedTuple):
    """A geometry's units by serate's region type: each type's units (unit numbers), each
    type's unit holding each cell (-1: none), each unit's cells as a mask."""

    units: tuple[tuple[int, ...], ...]
    unit_of: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]


@functools.cache
def typed_units(geometry: Geometry) -> _Typed:
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
        a, b = (cells[p] for p in places_of(places))
        return False, [(a, b, None, None, None, None)]
    heart = -1
    for e in range(9 if block else 3):
        empty = RECTANGLES[e] if block else 0x7 << 3 * e
        if not places & empty:
            heart = e
            break
    if heart < 0:
        return None
    if block:
        blade1, blade2 = (places & m for m in BLADES[heart])
    else:
        seg1, seg2 = (s for s in range(3) if s != heart)
        blade1, blade2 = places & 0x7 << 3 * seg1, places & 0x7 << 3 * seg2
    if not blade1 or not blade2:
        return None
    b1, b2 = ([cells[p] for p in places_of(blade)] for blade in (blade1, blade2))
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
    for kind in shares:
        of = unit_of[kind]
        unit = of[bridge1]
        if unit < 0 or of[bridge2] != unit:
            continue
        if support1 is not None and (
            of[support1] != unit or (support1b is not None and of[support1b] != unit)
        ):
            continue
        if support2 is not None and (
            of[support2] != unit or (support2b is not None and of[support2b] != unit)
        ):
            continue
        return unit
    return None


def turbot_findings(
    grid: Grid, plan: TurbotPlan = CLASSIC_TURBOT, geometry: Geometry | None = None
) -> list[Turbot]:
    """Every chain of two strong links in serate's order (``TurbotFish.getHints``): as its
    search meets them (the region types of ``plan.sets``, each digit, each base region and way
    of naming its ends, each cover region after it and way, each of the four ways to join
    them), sorted (stable) by rating, the most removals first, then the suffix. The regions
    and visible cells are ``geometry``'s (the grid's unless given): ``base`` and ``cover`` are
    its unit numbers."""
    if geometry is None:
        geometry = grid.geometry
    typed = typed_units(geometry)
    units, masks, peer_mask = geometry.units, typed.masks, geometry.peer_mask
    table = grid.position_table(units)
    holding = [0] + [grid.value_mask(value) for value in DIGITS]
    found: list[Turbot] = []
    for base_type, cover_type in plan.sets:
        base_block, cover_block = base_type in (0, 3, 4), cover_type == 0
        bases, covers = typed.units[base_type], typed.units[cover_type]
        for value in DIGITS:
            holders = holding[value]
            # (each cover's link, read once for every base end that tries it)
            cover_links = [
                _link_ends(units[cover], cover_block, table[cover][value]) for cover in covers
            ]
            for i1, base in enumerate(bases):
                base_link = _link_ends(units[base], base_block, table[base][value])
                if base_link is None:
                    continue
                base_grouped, base_ends = base_link
                base_places = holders & masks[base]
                for be in base_ends:
                    for i2 in range(i1 + 1 if base_type == cover_type else 0, len(covers)):
                        cover_link = cover_links[i2]
                        cover = covers[i2]
                        if cover_link is None or base_places & masks[cover]:
                            continue
                        cover_grouped, cover_ends = cover_link
                        rest = holders & ~(masks[base] | masks[cover])
                        if not rest:
                            continue
                        # (a chain removes the value from cells seeing a base end and a
                        # cover end: where no cell does, none of the four joins is tried)
                        near = (peer_mask[be[0]] | peer_mask[be[1]]) & rest
                        for ce in cover_ends:
                            if not near & (peer_mask[ce[0]] | peer_mask[ce[1]]):
                                continue
                            ends = [*be[:2], *ce[:2], *be[2:4], *ce[2:4], *be[4:], *ce[4:]]
                            _turbots(
                                found,
                                geometry,
                                (typed.unit_of, plan.shares),
                                rest,
                                value,
                                ends,
                                (base, cover),
                                (base_grouped, cover_grouped),
                            )
    found.sort(key=lambda t: t.suffix)
    found.sort(key=lambda t: (t.rating, -len(t.removals)))
    return found


def _turbots(
    found: list[Turbot],
    geometry: Geometry,
    sharing: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]],
    rest: int,
    value: int,
    cells: list[int | None],
    links: tuple[int, int],
    grouped: tuple[bool, bool],
) -> None:
    """Adds to ``found`` the chains of one base link and one cover link (``links``, their units), named one way
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
            # (the groups' other cells seen too: ``Geometry.seen_by_all`` inline)
            if base_grouped and (other := cells[i + 4]) is not None:
                seen &= peer_mask[other]
                if (other := cells[i + 8]) is not None:
                    seen &= peer_mask[other]
            if cover_grouped and (other := cells[9 - j]) is not None:
                seen &= peer_mask[other]
                if (other := cells[13 - j]) is not None:
                    seen &= peer_mask[other]
            if not seen:  # (the cheap test first: the chain would remove nothing)
                continue
            bridge1, bridge2 = cells[1 - i], cells[j]
            assert bridge1 is not None and bridge2 is not None
            shared = _share(
                *sharing, bridge1, cells[5 - i], bridge2, cells[j + 4], cells[9 - i], cells[j + 8]
            )
            if shared is None or shared in (base, cover):
                continue
            removals = removals_of(seen, value)
            if removals:
                types = (geometry.unit_types[base], geometry.unit_types[cover])
                plain = not (base_grouped or cover_grouped) and max(types) <= 2
                found.append(
                    Turbot(
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
                )


def pure_turbot_fish(grid: Grid) -> Iterator[Hint]:
    """Two strong links joined by a weak one, in serate's order (``turbot_findings``)."""
    for found in turbot_findings(grid):
        yield Hint(_TURBOT_NAMES[found.rating], found.rating, found.removals)


#: ``pure_turbot_fish``, from the C where there is one
turbot_fish: Finder = native_ladder.Rung(native_ladder.TURBOT_FISH, 0, pure_turbot_fish)

"""Sudoku Explainer's turbot fish on variant rules (serate v1.15.10's ``TurbotFish`` under
``--isX``, ``--isWindows``, ...): which pairs of region types it searches and which regions
a weak link's bridges may share, on the rules' layout, and the finder of ``ruled``'s order
(``strong_links.turbot_findings`` on them, each hint in serate's words)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from sudoku_repl.techniques.explainer import native_vladder as nv
from sudoku_repl.techniques.explainer.grid import Geometry
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.ruled_grid import BLOCKS, Finder, Layout, RuledGrid
from sudoku_repl.techniques.explainer.ruled_words import cells_text as _cells
from sudoku_repl.techniques.explainer.strong_links import (
    TurbotPlan,
    turbot_findings,
    turbot_names,
)

#: ``TurbotFish``'s (base, cover) region types on the variant set, in its order: after the
#: classic five, blocks with blocks, then each extra type with the types up to it
_VARIANT_TURBOT_SETS: Final = (
    (1, 1), (2, 2), (2, 1), (1, 0), (2, 0), (0, 0),
    *((3, t) for t in range(10)),
    *((4, t) for t in (0, 1, 2, 4, 5, 6, 7, 8, 9)),
    *((5, t) for t in (0, 1, 2, 6, 7, 8, 9)),
    *((6, t) for t in (0, 1, 2, 7, 8, 9)),
    *((7, t) for t in (0, 1, 2, 8, 9)),
    *((8, t) for t in (0, 1, 2, 9)),
    *((9, t) for t in (0, 1, 2)),
)  # fmt: skip
#: the indexes in ``_VARIANT_TURBOT_SETS`` of the sets ``TurbotFish`` skips on a Latin
#: square: meant as those with a block, but from the sixth on they are off by one or more, so
#: that it skips three sets of none (anti-diagonal with rows, girandola with columns, asterisk
#: with center dot) and keeps four with a block, whose links it reads in blocks all the same
_LATIN_SKIPS: Final = frozenset((3, 4, 5, 6, 16, 25, 33, 40, 46))
#: the region types ``shareRegionOf`` asks after the column, the row and the block, in order
_SHARE_TYPES: Final = (3, 4, 7, 8, 9, 5, 6)


def _turbot_plan(lay: Layout) -> TurbotPlan:
    """What ``TurbotFish`` searches on these rules: on the variant set, every pair of its
    region types in play; else the classic five without the blocks' when there are none.
    The bridges share a column, a row, a block, then a variant's region."""
    if lay.variant:
        sets = tuple(
            s
            for i, s in enumerate(_VARIANT_TURBOT_SETS)
            if all(t in lay.types for t in s if t) and (lay.blocks or i not in _LATIN_SKIPS)
        )
        blocks = (0,) if lay.blocks else ()
        shares = (2, 1, *blocks, *(t for t in _SHARE_TYPES if t in lay.types))
    else:
        sets = tuple(s for s in _VARIANT_TURBOT_SETS[:5] if lay.blocks or 0 not in s)
        shares = (2, 1, 0) if lay.blocks else (2, 1)
    return TurbotPlan(sets, shares)


def turbot_fish(lay: Layout) -> Finder:
    """``TurbotFish`` (4.0 to 4.3): two strong links, in any of the rules' regions, whose
    bridges share a region; the value goes from the cells that see both ends."""
    plan = _turbot_plan(lay)
    geometry = _turbot_geometry(lay, plan)
    types = geometry.unit_types

    def finder(grid: RuledGrid) -> Iterator[Hint]:
        for found in turbot_findings(grid, plan, geometry):
            name = turbot_names(found, (types[found.base], types[found.cover]))[0]
            cells = (found.start, found.bridge1, found.bridge2, found.end)
            text = f"{name}: {_cells(cells)} on value {found.value}"
            yield Hint(name, found.rating, found.removals, None, text)

    # (the C reads the rules' regions: not serate's blocks on a Latin square)
    if geometry is not lay.geometry:
        return finder
    return nv.coded(finder, nv.TURBOT_FISH, 0, plan)


def _turbot_geometry(lay: Layout, plan: TurbotPlan) -> Geometry:
    """The regions ``TurbotFish`` reads: the rules', and serate's blocks where its sets have
    a block on a Latin square (its strong links there, its visible cells the rules')."""
    geometry = lay.geometry
    if lay.blocks or not any(0 in s for s in plan.sets):
        return geometry
    units = geometry.units + BLOCKS
    types = geometry.unit_types + (0,) * len(BLOCKS)
    return Geometry(units, types, geometry.peers, geometry.visible)

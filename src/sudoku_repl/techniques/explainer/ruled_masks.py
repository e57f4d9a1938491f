"""What the variant ladder (``ruled``) reads of a grid or of its layout as 81-bit masks:
each value's cells in one pass over the grid, and each layout's regions, made once a layout
(the ladder asks for them on every grid it searches)."""

from __future__ import annotations

from functools import cache

from sudoku_repl.techniques.explainer.grid import MASK_DIGITS
from sudoku_repl.techniques.explainer.ruled_grid import Layout, RuledGrid


def value_masks(grid: RuledGrid) -> list[int]:
    """Each value's cells as an 81-bit mask (index 0 unused), read in one pass."""
    holding = [0] * 10
    for cell, mask in enumerate(grid.cands):
        for value in MASK_DIGITS[mask]:
            holding[value] |= 1 << cell
    return holding


@cache
def crossing_regions(
    lay: Layout, type1: int, type2: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For each region of ``type1`` the regions of ``type2`` sharing a cell with it, and for
    each of ``type2`` those of ``type1``, in index order."""
    firsts, seconds = region_masks(lay)[type1], region_masks(lay)[type2]
    return (
        tuple(tuple(i for i, m in enumerate(seconds) if m & m1) for m1 in firsts),
        tuple(tuple(i for i, m in enumerate(firsts) if m & m2) for m2 in seconds),
    )


@cache
def scan_masks(lay: Layout) -> tuple[tuple[int, int], ...]:
    """(type, the region's cells as an 81-bit mask) of each region in ``Layout.scan``'s
    order."""
    return tuple((kind, sum(1 << c for c in region)) for kind, region in lay.scan())


@cache
def region_masks(lay: Layout) -> tuple[tuple[int, ...], ...]:
    """Each type's regions' cells as 81-bit masks."""
    return tuple(tuple(sum(1 << c for c in region) for region in kind) for kind in lay.regions)

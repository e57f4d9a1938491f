"""The filter of one step (ENGINE.md 7): grp's four techniques per unit, then ply.

Each function works on the engine's live ``values`` / ``cands`` lists, appends the events it
produces and returns one of the results below. Combinations are searched depth first in the
contract's order; a branch is cut as soon as its union is already too large, which never changes
which combination is found first.
"""

from __future__ import annotations

from . import events as E
from .events import Event
from .geometry import FULL, VALUE_OF_BIT, Geometry, Mask, values_of

NOTHING = 0
COMPLETE = 1
SHRUNKEN = 2
WRONG = 3


def grp(
    geo: Geometry, values: list[int], cands: list[Mask], step: int, ev: list[Event]
) -> int:
    """Try the units in scan order; the first unit that yields a result ends grp."""
    for u, unit in enumerate(geo.units):
        empty = [c for c in unit.cells if not values[c]]
        if not empty:
            continue
        placed = 0
        for c in unit.cells:
            if values[c]:
                placed |= 1 << (values[c] - 1)
        missing = FULL & ~placed
        result = _complete_shrink(empty, missing, cands)
        if result == COMPLETE:
            ev.append((E.COMPLETE, step, u))
            return COMPLETE
        if result == WRONG:
            return WRONG
        if (
            _naked_identical(empty, cands, ev)
            or _hidden_subset(empty, missing, cands, ev)
            or _naked_subset(empty, cands, ev)
        ):
            ev.append((E.INCOMPLETE, step, u))
            return SHRUNKEN
    return NOTHING


def _complete_shrink(empty: list[int], missing: Mask, cands: list[Mask]) -> int:
    """Hidden singles, value by value ascending, each value's cells counted as the earlier
    values of this pass left them (what the original does, and what its traces show)."""
    changed = False
    while missing:
        b = missing & -missing
        missing ^= b
        only = -1
        for c in empty:
            if cands[c] & b:
                if only >= 0:
                    break
                only = c
        else:
            if only < 0:
                return WRONG
            if cands[only] != b:  # the cell has more than one candidate
                cands[only] = b
                changed = True
    return COMPLETE if changed else NOTHING


def _remove(technique: int, cell: int, mask: Mask, cands: list[Mask], ev: list[Event]) -> None:
    cands[cell] &= ~mask
    for v in values_of(mask):
        ev.append((E.REMOVED, technique, v, cell))


def _naked_identical(empty: list[int], cands: list[Mask], ev: list[Event]) -> bool:
    """1GW: |S| cells whose candidate set is exactly S clear S from the unit's other cells."""
    for c in empty:
        s = cands[c]
        same = [d for d in empty if cands[d] == s]
        if len(same) != s.bit_count() or len(same) == len(empty):
            continue
        removed = False
        for d in empty:
            hit = cands[d] & s
            if hit and cands[d] != s:
                _remove(1, d, hit, cands, ev)
                removed = True
        if removed:
            return True
    return False


def _hidden_subset(empty: list[int], missing: Mask, cands: list[Mask], ev: list[Event]) -> bool:
    """2GW: k values whose cells are exactly k cells clear every other value from those cells."""
    vals = values_of(missing)
    pos = []
    for v in vals:
        b = 1 << (v - 1)
        p = 0
        for j, c in enumerate(empty):
            if cands[c] & b:
                p |= 1 << j
        pos.append(p)
    n = len(vals)

    def search(k: int, start: int, depth: int, union: int, chosen: Mask) -> bool:
        if depth == k:
            if union.bit_count() != k:
                return False
            cells = [c for j, c in enumerate(empty) if union >> j & 1]
            if not any(cands[c] & ~chosen for c in cells):
                return False
            for c in cells:
                extra = cands[c] & ~chosen
                if extra:
                    _remove(2, c, extra, cands, ev)
            ev.append((E.CELSET, tuple(cells), values_of(chosen)))
            return True
        for t in range(start, n - (k - depth) + 1):
            grown = union | pos[t]
            if grown.bit_count() <= k and search(
                k, t + 1, depth + 1, grown, chosen | 1 << (vals[t] - 1)
            ):
                return True
        return False

    return any(search(k, 0, 0, 0, 0) for k in range(2, len(empty)))


def _naked_subset(empty: list[int], cands: list[Mask], ev: list[Event]) -> bool:
    """3GW: k cells whose candidates together are k values clear them from the other cells."""
    n = len(empty)

    def search(k: int, start: int, depth: int, union: Mask, chosen: int) -> bool:
        if depth == k:
            if union.bit_count() != k:
                return False
            others = [c for j, c in enumerate(empty) if not chosen >> j & 1 and cands[c] & union]
            for c in others:
                _remove(3, c, cands[c] & union, cands, ev)
            return bool(others)
        for t in range(start, n - (k - depth) + 1):
            grown = union | cands[empty[t]]
            if grown.bit_count() <= k and search(k, t + 1, depth + 1, grown, chosen | 1 << t):
                return True
        return False

    return any(search(k, 0, 0, 0, 0) for k in range(2, n))


def ply(geo: Geometry, values: list[int], cands: list[Mask], step: int, ev: list[Event]) -> int:
    """Rows then columns: drop a candidate ruled out by a value placed in a crossed block.

    With candidates maintained by ``place`` there is never such a candidate (a test proves it on
    consistent grids), so this finds nothing; it is kept as the original has it.
    """
    block_of = {c: b for b, blk in enumerate(geo.blocks) for c in blk.cells}
    for u, line in enumerate(geo.rows + geo.cols):
        changed = False
        for blk in {block_of[c]: None for c in line.cells}:
            inside = set(line.cells)
            ruled_out = 0
            for c in geo.blocks[blk].cells:
                if c not in inside and values[c]:
                    ruled_out |= 1 << (values[c] - 1)
            for c in line.cells:
                if block_of[c] == blk and not values[c] and cands[c] & ruled_out:
                    cands[c] &= ~ruled_out
                    changed = True
        if changed:
            ev.append((E.PLY, step, u))
            return SHRUNKEN
    return NOTHING


def single_value(mask: Mask) -> int:
    """The value of a one-candidate mask, 0 otherwise."""
    return VALUE_OF_BIT.get(mask, 0)

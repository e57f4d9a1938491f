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


#: Per unit, the unit contents (see ``_key``) on which grp's four techniques found nothing.
Memo = list[set[tuple[int, ...]]]
MEMO_LIMIT = 4096  # keys kept per unit before that unit's set is cleared


def new_memo(geo: Geometry) -> Memo:
    return [set() for _ in geo.units]


def grp(
    geo: Geometry,
    values: list[int],
    cands: list[Mask],
    step: int,
    ev: list[Event],
    memo: Memo | None = None,
) -> int:
    """Try the units in scan order; the first unit that yields a result ends grp.

    A unit's result depends on nothing but its own cells, so contents already known to yield
    nothing (``memo``) are passed over without changing what is found or in which order."""
    for u, unit in enumerate(geo.units):
        cells = unit.cells
        key = tuple([cands[c] or -values[c] for c in cells])
        if memo is not None and key in memo[u]:
            continue
        empty = [c for c in cells if not values[c]]
        if not empty:
            continue
        placed = 0
        for c in cells:
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
        if memo is not None:
            known = memo[u]
            if len(known) >= MEMO_LIMIT:
                known.clear()
            known.add(key)
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

    def search(k: int, items: list[int], start: int, depth: int, union: int, chosen: Mask) -> bool:
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
        for t in range(start, len(items) - (k - depth) + 1):
            i = items[t]
            grown = union | pos[i]
            if grown.bit_count() <= k and search(
                k, items, t + 1, depth + 1, grown, chosen | 1 << (vals[i] - 1)
            ):
                return True
        return False

    for k in range(2, len(empty)):
        # a value in more than k cells cannot be part of a k-subset: leaving it out keeps the
        # order of the remaining combinations, so the first one found is the same
        items = [i for i, p in enumerate(pos) if p.bit_count() <= k]
        if len(items) >= k and search(k, items, 0, 0, 0, 0):
            return True
    return False


def _naked_subset(empty: list[int], cands: list[Mask], ev: list[Event]) -> bool:
    """3GW: k cells whose candidates together are k values clear them from the other cells."""

    def search(k: int, items: list[int], start: int, depth: int, union: Mask, chosen: int) -> bool:
        if depth == k:
            if union.bit_count() != k:
                return False
            others = [c for j, c in enumerate(empty) if not chosen >> j & 1 and cands[c] & union]
            for c in others:
                _remove(3, c, cands[c] & union, cands, ev)
            return bool(others)
        for t in range(start, len(items) - (k - depth) + 1):
            j = items[t]
            grown = union | cands[empty[j]]
            if grown.bit_count() <= k and search(k, items, t + 1, depth + 1, grown, chosen | 1 << j):
                return True
        return False

    for k in range(2, len(empty)):
        items = [j for j, c in enumerate(empty) if cands[c].bit_count() <= k]
        if len(items) >= k and search(k, items, 0, 0, 0, 0):
            return True
    return False


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

"""The filter of one step (docs/engine.md 7): grp's four techniques per unit, then ply.

Each function works on the engine's live ``values`` / ``cands`` lists, appends the events it
produces and the cells whose candidates it changed (``touched``), and returns a ``Result``.
Subsets are tried in the contract's order (size, then lexicographic); combinations that cannot
qualify are left out beforehand, which never changes which one is found first.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from functools import cache, reduce
from itertools import combinations
from operator import itemgetter, or_
from typing import Final

from sudoku_repl.core import events as E
from sudoku_repl.core.events import CelSet, Event, Removal, UnitShrunk
from sudoku_repl.core.geometry import BIT_COUNT, FULL, Geometry, Mask, values_of


class Result(enum.IntEnum):
    """What a filter did; the engine decides from it what follows (``Engine.filtered``)."""

    NOTHING = 0  # nothing found: a new guess at the step's foremost cell
    COMPLETE = 1  # the step ends; the next one will fill
    SHRUNKEN = 2  # candidates removed: a new guess all the same (but see docs/engine.md 8)
    WRONG = 3  # a contradiction: the next guess


# also as module names: the filters' loops read them as globals, not through the class
NOTHING: Final = Result.NOTHING
COMPLETE: Final = Result.COMPLETE
SHRUNKEN: Final = Result.SHRUNKEN
WRONG: Final = Result.WRONG

#: value -> its bit, 0 -> 0
_BIT: Final = (0, *(1 << (v - 1) for v in range(1, 10)))
MEMO_LIMIT: Final = 1024  # keys kept per unit before that unit's set is cleared


class Memo:
    """What grp learnt about a geometry's units, a cache only. ``known[u]``: contents
    (candidates, values) of unit u on which grp's techniques found nothing. ``clean``: a bit per
    unit whose present contents are known to yield nothing, valid while the cells grp is told
    of as changed are all there are. ``getters[u]`` reads unit u's cells out of a list."""

    __slots__ = ("cells", "clean", "getters", "known", "missing", "unit_masks")

    def __init__(self, geo: Geometry) -> None:
        self.known: list[set[tuple[tuple[int, ...], tuple[int, ...]]]] = [set() for _ in geo.units]
        #: the geometry's tables grp reads (here, they are one attribute away)
        self.getters, self.cells = _unit_tables(geo)
        self.unit_masks = geo.unit_masks
        self.clean = 0
        #: a unit's values -> the values missing from it
        self.missing: dict[tuple[int, ...], Mask] = {}

    def share(self, other: Memo) -> None:
        """Learn into ``other``'s caches from now on (another engine on the same geometry: what
        a unit's contents yield does not depend on the engine; ``clean`` stays this one's)."""
        self.known, self.missing = other.known, other.missing

    def clean_after(self, changed: list[int]) -> int:
        """``clean`` less the units of the cells in ``changed``: the bits valid now."""
        clean = self.clean
        if clean and changed:
            unit_masks, dirty = self.unit_masks, 0
            for c in set(changed):
                dirty |= unit_masks[c]
            clean &= ~dirty
        return clean


@cache
def _unit_tables(
    geo: Geometry,
) -> tuple[list[itemgetter[tuple[int, ...]]], list[tuple[int, ...]]]:
    """Per unit, a getter of its cells and its cells (made once per geometry: a memo is made
    for every engine, and a short session, rate's, would spend a good part of its time here)."""
    return [_getter(unit.cells) for unit in geo.units], [unit.cells for unit in geo.units]


def new_memo(geo: Geometry) -> Memo:
    return Memo(geo)


_GETTERS: dict[tuple[int, ...], itemgetter[tuple[int, ...]]] = {}


def _getter(cells: tuple[int, ...]) -> itemgetter[tuple[int, ...]]:
    getter = _GETTERS.get(cells)
    if getter is None:
        getter = _GETTERS[cells] = itemgetter(*cells)
    return getter


def grp(
    geo: Geometry,
    values: list[int],
    cands: list[Mask],
    step: int,
    ev: list[Event],
    touched: list[int] | None = None,
    memo: Memo | None = None,
    changed: list[int] | None = None,
) -> Result:
    """Try the units in scan order; the first unit that yields a result ends grp.

    A unit's result depends on nothing but its own cells, so contents already known to yield
    nothing (``memo``) are passed over without changing what is found or in which order.
    ``changed``: the cells changed since the last call with this memo (it is emptied); without
    it, no unit counts as clean."""
    if touched is None:
        touched = []
    if memo is None:
        memo = Memo(geo)
    clean = 0
    if changed is not None:
        clean = memo.clean_after(changed)
        changed.clear()
    cells_of, getters, known_of, missing_of = memo.cells, memo.getters, memo.known, memo.missing
    todo = ((1 << len(cells_of)) - 1) & ~clean
    while todo:  # the units not known to be clean, in scan order
        bit = todo & -todo
        todo ^= bit
        u = bit.bit_length() - 1
        get = getters[u]
        unit_cands: tuple[Mask, ...] = get(cands)  # (typed: itemgetter gives Any)
        unit_values: tuple[int, ...] = get(values)
        key = (unit_cands, unit_values)
        known = known_of[u]
        if key in known or 0 not in unit_values:
            clean |= bit
            continue
        missing = missing_of.get(unit_values)
        if missing is None:
            if len(missing_of) >= MEMO_LIMIT * 16:
                missing_of.clear()
            missing = missing_of[unit_values] = FULL & ~reduce(
                or_, map(_BIT.__getitem__, unit_values)
            )
        masks = [m for m, v in zip(unit_cands, unit_values) if not v]
        once = twice = 0
        for m in masks:
            twice |= once & m
            once |= m
        result = NOTHING
        empty: list[int] | None = None
        if missing & ~twice:
            # a missing value with one cell or none: complete shrink has something to look at
            # (without one, it finds nothing: its first value changes nothing, nor the next)
            empty = [c for c, v in zip(cells_of[u], unit_values) if not v]
            result = _complete_shrink(empty, missing, cands, touched)
        if result == NOTHING and len(masks) > 1:
            # unless every candidate of every cell lies in some way of completing the unit
            # (then no subset of any kind has anything to clear: 1GW, 2GW and 3GW find nothing)
            quiet = (
                len(masks) <= 4
                and once == missing
                and not missing & ~twice
                and _small_unit_quiet(masks)
            )
            if not quiet:
                node = _matched_nodes(masks, missing)
                if node is None or not _every_edge_in_a_cycle(node):
                    if empty is None:
                        empty = [c for c, v in zip(cells_of[u], unit_values) if not v]
                    if _subsets(empty, node is not None, missing, cands, ev, touched):
                        result = SHRUNKEN
                        ev.append(UnitShrunk(E.INCOMPLETE, step, u))
        if result != NOTHING:
            if result == COMPLETE:
                ev.append(UnitShrunk(E.COMPLETE, step, u))
            memo.clean = clean
            return result
        clean |= bit
        if len(known) >= MEMO_LIMIT:
            known.clear()
        known.add(key)
    memo.clean = clean
    return NOTHING


def _subsets(
    empty: list[int],
    matched: bool,
    missing: Mask,
    cands: list[Mask],
    ev: list[Event],
    touched: list[int],
) -> bool:
    """1GW, 2GW, 3GW in order. ``matched``: whether every cell can take a different missing
    value (``_matched_nodes``)."""
    if _naked_identical(empty, cands, ev, touched):
        return True
    return _hidden_subset(empty, missing, cands, ev, touched, matched) or _naked_subset(
        empty, missing, cands, ev, touched, matched
    )


def _complete_shrink(
    empty: list[int], missing: Mask, cands: list[Mask], touched: list[int]
) -> Result:
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
                touched.append(only)
                changed = True
    return COMPLETE if changed else NOTHING


def _remove(
    technique: int, cell: int, mask: Mask, cands: list[Mask], ev: list[Event], touched: list[int]
) -> None:
    cands[cell] &= ~mask
    touched.append(cell)
    for v in values_of(mask):
        ev.append(Removal(E.REMOVED, technique, v, cell))


def _naked_identical(
    empty: list[int], cands: list[Mask], ev: list[Event], touched: list[int]
) -> bool:
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
                _remove(1, d, hit, cands, ev, touched)
                removed = True
        if removed:
            return True
    return False


def _hidden_subset(
    empty: list[int],
    missing: Mask,
    cands: list[Mask],
    ev: list[Event],
    touched: list[int],
    matched: bool,
) -> bool:
    """2GW: k values whose cells are exactly k cells clear every other value from those cells."""
    vals = values_of(missing)
    masks = [cands[c] for c in empty]
    pos = []
    for v in vals:
        b = 1 << (v - 1)
        p = 0
        for j, m in enumerate(masks):
            if m & b:
                p |= 1 << j
        pos.append(p)
    counts = [p.bit_count() for p in pos]
    e = len(empty)
    for k in range(2, e):
        subsets: Iterable[tuple[Mask, int]]
        if matched and 2 * k > e:
            subsets = _hidden_from_naked(masks, missing, e - k)
        else:
            subsets = _hidden_direct(vals, pos, counts, k)
        for chosen, union in subsets:
            cells = [c for j, c in enumerate(empty) if union >> j & 1]
            if not any(cands[c] & ~chosen for c in cells):
                continue
            for c in cells:
                extra = cands[c] & ~chosen
                if extra:
                    _remove(2, c, extra, cands, ev, touched)
            ev.append(CelSet(E.CELSET, tuple(cells), values_of(chosen)))
            return True
    return False


def _hidden_direct(
    vals: tuple[int, ...], pos: list[int], counts: list[int], k: int
) -> Iterator[tuple[Mask, int]]:
    """(values, cells) of every k values confined to k cells, in lexicographic order of values.
    A value in more than k cells cannot be one of them."""
    items = [i for i, n in enumerate(counts) if n <= k]
    if len(items) < k:
        return
    for combo in combinations(items, k):
        union = 0
        for i in combo:
            union |= pos[i]
        if union.bit_count() == k:
            chosen = 0
            for i in combo:
                chosen |= 1 << (vals[i] - 1)
            yield chosen, union


def _hidden_from_naked(masks: list[Mask], missing: Mask, size: int) -> list[tuple[Mask, int]]:
    """The same as ``_hidden_direct`` for k = e - size, found from the other side when the unit
    has a perfect matching of cells to values: k values confined to k cells are exactly the
    values missing from a naked set of ``size`` other cells (whose candidates are ``size``
    values), and those k cells are all but the naked set."""
    e = len(masks)
    everyone = (1 << e) - 1
    found = []
    items = [j for j, m in enumerate(masks) if m.bit_count() <= size]
    for combo in combinations(items, size):
        union = 0
        for j in combo:
            union |= masks[j]
        if union.bit_count() == size:
            naked = 0
            for j in combo:
                naked |= 1 << j
            found.append((missing & ~union, everyone & ~naked))
    found.sort(key=lambda item: values_of(item[0]))
    return found


def _matched_nodes(masks: list[Mask], missing: Mask) -> dict[Mask, Mask] | None:
    """A way for every cell to take a different one of the missing values: each cell named by
    the bit of the value it takes, mapped to its candidates; None if there is no such way (or
    the unit misses more values than it has empty cells). A greedy pass first, then augmenting
    paths (Kuhn, ``_augment``) for the cells it left out. Cells and values are at most nine."""
    if BIT_COUNT[missing] != len(masks):
        return None
    node: dict[Mask, Mask] = {}
    taken = 0
    left = []
    for m in masks:
        free = m & ~taken
        if free:
            b = free & -free
            taken |= b
            node[b] = m
        else:
            left.append(m)
    for m in left:
        if not _augment(m, node, [0]):
            return None
    return node


def _small_unit_quiet(masks: list[Mask]) -> bool:
    """For at most four empty cells whose candidates are all of the unit's missing values, each
    value in two of them at least: whether every candidate lies in some way of completing the
    unit (what ``_every_edge_in_a_cycle`` tells of a matching), without a matching.

    With two candidates or more in every cell, a set of cells confined to as many values
    (a naked set) is two cells at least and leaves out two cells at least, or the values left
    over would have one cell. So with three cells or fewer there is none, and every candidate
    lies in a way; with four, there are only naked pairs, and a naked pair's values lie in no way
    through the other two cells exactly when those share a value with it."""
    for m in masks:
        if BIT_COUNT[m] < 2:
            return False  # one candidate shared with another cell, or none: not every edge
    if len(masks) < 4:
        return True
    a, b, c, d = masks
    for x, y in ((a | b, c | d), (a | c, b | d), (a | d, b | c)):
        if x & y and (BIT_COUNT[x] == 2 or BIT_COUNT[y] == 2):
            return False
    return True


def _every_edge_in_a_cycle(node: dict[Mask, Mask]) -> bool:
    """Whether each candidate of each cell is used by some perfect matching. With one matching
    at hand (cells named by their matched values, ``_matched_nodes``), candidate v of a cell
    is, exactly when v's cell leads back to it along "a cell -> the cells matched to its other
    candidates" (Dulmage-Mendelsohn): every such edge lies on a cycle. Taken one forward
    closure at a time: each must be strongly connected (everything in it leads back to where
    it started), and a closure that reaches into an earlier one is not."""
    remaining = union = 0
    for b, m in node.items():
        remaining |= b
        union |= m
    if union & ~remaining:
        return False  # a candidate that no cell is matched to
    while remaining:
        x = remaining & -remaining
        reach = frontier = x
        while frontier:
            step = 0
            while frontier:
                b = frontier & -frontier
                frontier ^= b
                step |= node[b]
            frontier = step & ~reach
            reach |= step
        back = x  # the cells of the closure that lead back to x
        rest = reach ^ x
        while rest:
            grown = 0
            r = rest
            while r:
                b = r & -r
                r ^= b
                if node[b] & back:
                    grown |= b
            if not grown:
                return False
            back |= grown
            rest ^= grown
        remaining &= ~reach
    return True


def _augment(m: Mask, node: dict[Mask, Mask], seen: list[int]) -> bool:
    """Whether a cell with candidates ``m`` can take a value, moving cells already matched
    along an augmenting path (cells of equal candidates are alike: a cell is its mask)."""
    free = m & ~seen[0]
    while free:
        b = free & -free
        free ^= b
        seen[0] |= b
        other = node.get(b)
        if other is None or _augment(other, node, seen):
            node[b] = m
            return True
    return False


def _naked_subset(
    empty: list[int],
    missing: Mask,
    cands: list[Mask],
    ev: list[Event],
    touched: list[int],
    matched: bool,
) -> bool:
    """3GW: k cells whose candidates together are k values clear them from the other cells.

    When every cell can take a different candidate, a naked set with something to clear means
    the other cells hold a hidden set of the other values: complete shrink or 2GW has found
    that first. So only units without such a matching can reach here with a result."""
    if matched:
        return False
    masks = [cands[c] for c in empty]
    counts = [m.bit_count() for m in masks]
    for k in range(2, len(empty)):
        items = [j for j, n in enumerate(counts) if n <= k]
        if len(items) < k:
            continue
        for combo in combinations(items, k):
            union = 0
            for j in combo:
                union |= masks[j]
            if union.bit_count() != k:
                continue
            others = [c for j, c in enumerate(empty) if j not in combo and cands[c] & union]
            if others:
                for c in others:
                    _remove(3, c, cands[c] & union, cands, ev, touched)
                return True
    return False


def ply(
    geo: Geometry,
    values: list[int],
    cands: list[Mask],
    step: int,
    ev: list[Event],
    touched: list[int] | None = None,
) -> Result:
    """Rows then columns: drop a candidate ruled out by a value placed in a crossed block.

    With candidates maintained by ``place`` there is never such a candidate (a test proves it on
    consistent grids), so this finds nothing; it is kept as the original has it. It is first
    checked in one pass whether any empty cell has a candidate placed in its block: without
    one, nothing can be ruled out."""
    if _no_block_conflict(geo, values, cands):
        return NOTHING
    block_of = geo.block_of
    if touched is None:
        touched = []
    for u, line in enumerate(geo.rows + geo.cols):
        changed = False
        inside = set(line.cells)
        for blk in dict.fromkeys(block_of[c] for c in line.cells):
            ruled_out = 0
            for c in geo.blocks[blk].cells:
                if c not in inside and values[c]:
                    ruled_out |= 1 << (values[c] - 1)
            for c in line.cells:
                if block_of[c] == blk and not values[c] and cands[c] & ruled_out:
                    cands[c] &= ~ruled_out
                    touched.append(c)
                    changed = True
        if changed:
            ev.append(UnitShrunk(E.PLY, step, u))
            return SHRUNKEN
    return NOTHING


def _no_block_conflict(geo: Geometry, values: list[int], cands: list[Mask]) -> bool:
    """Whether no empty cell has as a candidate a value placed in its block."""
    for blk in geo.blocks:
        get = _getter(blk.cells)
        placed = 0
        for v in get(values):
            if v:
                placed |= 1 << (v - 1)
        if placed:
            for m in get(cands):
                if m & placed:
                    return False
    return True

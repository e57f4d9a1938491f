"""serate's description of a step (its ``%s``): each hint class's ``toString()`` in
SukakuExplainer v1.15.10, made here from a step of this project's rating and the grid it was
found on. The rating keeps only a step's removals and placement; the rest (the units, the
cells of a pattern, a chain's start) is found again by the Python finder, the reference of both
builds, on the grid before the step: the first finding of the step's technique that gives the
step (or, where serate sorts its findings, the one serate takes first).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from sudoku_repl.techniques.explainer import (
    chains,
    exclusion,
    fish,
    forcing,
    native_ladder,
    singles,
    subsets,
    uniqueness,
    wings,
)
from sudoku_repl.techniques.explainer.grid import MASK_DIGITS, UNITS, Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.techniques.explainer.rating import Step, techniques
from sudoku_repl.tools.serate_names import links_chain, names

#: ``Grid.Region.toString`` by unit type (0 blocks, 1 rows, 2 columns)
_REGIONS = ("block", "row", "column")
#: the naked and hidden sets' techniques: naked or not, and their degree
_SETS = {
    "naked pair": (True, 2),
    "naked triple": (True, 3),
    "naked quad": (True, 4),
    "hidden pair": (False, 2),
    "hidden triple": (False, 3),
    "hidden quad": (False, 4),
}
_FISH = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}


def cell_name(cell: int) -> str:
    """``Cell.toString``: the column's letter, the row's number (``A1`` to ``I9``)."""
    return f"{chr(65 + cell % 9)}{cell // 9 + 1}"


def _cells(cells: Iterable[int]) -> str:
    """``Cell.toString(cells)``: the names, with commas."""
    return ",".join(map(cell_name, cells))


def _full(cells: Iterable[int]) -> str:
    """``Cell.toFullString(cells)``: ``Cell A1`` or ``Cells A1,B2``."""
    listed = list(cells)
    return ("Cell " if len(listed) <= 1 else "Cells ") + _cells(listed)


def _region(unit: int) -> str:
    return _REGIONS[unit // 9]


def _values(values: Iterable[int], sep: str = ",") -> str:
    return sep.join(map(str, values))


def _potential(p: Potential) -> str:
    """``Potential.toString``: ``E6.4``."""
    return f"{cell_name(p.cell)}.{p.value}"


def _on(p: Potential) -> str:
    return " on" if p.on else " off"


def describe(step: Step, before: Grid) -> str:
    """serate's ``hint.toString()`` of the step; ``before``: the grid it was found on (not
    changed)."""
    hint, technique = step.hint, step.technique
    name = names(step, before)[0]
    if technique == "hidden single":
        return f"{name}: {_single(hint, before)}"
    if technique == "naked single":
        cell, value = _placed(hint)
        return f"{name}: {cell_name(cell)}: {value}"
    if technique == "direct pointing":
        for value, unit1, unit2, cell in singles.direct_pointing_places(before):
            if (cell, value) == hint.placement:
                locked = [
                    c for c in UNITS[unit2] if c in UNITS[unit1] and before.cands[c] >> value & 1
                ]
                return f"{name}: {_full(locked)}: {value} of {_region(unit1)} in {_region(unit2)}"
    if technique in ("direct hidden pair", "direct hidden triple"):
        degree = 2 if technique == "direct hidden pair" else 3
        for unit, values, common, cell, value in singles.direct_hidden_set_places(before, degree):
            if (cell, value) == hint.placement:
                return f"{name}: {_set_text(unit, common, values)}"
    if technique == "pointing and claiming":
        for value, unit1, unit2 in singles.locked_places(before):
            if singles.locking_removals(before, value, unit1, unit2) == hint.eliminations:
                locked = [
                    c for c in UNITS[unit2] if c in UNITS[unit1] and before.cands[c] >> value & 1
                ]
                return f"{name}: {_full(locked)}: {value} in {_region(unit1)} and {_region(unit2)}"
    if technique in _SETS:
        return f"{name}: {_set(technique, hint, before)}"
    if technique in _FISH:
        return f"{name}: {_fish(_FISH[technique], hint, before)}"
    if technique in ("xy-wing", "xyz-wing"):
        for pivot, w1, w2, value, removals in wings.xy_wing_patterns(
            before, technique == "xyz-wing"
        ):
            if removals == hint.eliminations:
                return f"{name}: {_full((pivot, w1, w2))} on value {value}"
    if technique in ("wxyz-wing", "vwxyz-wing"):
        return f"{name}: {_als_wing(technique, hint, before)}"
    if technique in ("turbot fish", "three strong links"):
        return f"{name}: {_links(step, before)}"
    if technique == "unique loops":
        for rating, kind, removals, _, loop, v1, v2 in uniqueness.loop_findings(before):
            if rating == hint.rating and sorted(removals) == sorted(hint.eliminations):
                if kind == 4:  # the value locked in the unit first, then the one removed
                    removed = removals[0][1]
                    v1, v2 = v1 + v2 - removed, removed
                return f"{name}: {_full(loop)} on {v1}, {v2}"
    if technique == "bug":
        return _bug(hint, before)
    if technique in ("aligned pair exclusion", "aligned triplet exclusion"):
        degree = 2 if technique == "aligned pair exclusion" else 3
        for group, removals in exclusion.aligned_groups(before, degree):
            if removals == hint.eliminations:
                return f"{name}: {_cells(group)}"
    if technique == "cycles and forcing chains":
        return _cycle(name, hint, before)
    if technique in _chainers():
        return _chaining(_chainers()[technique], hint, before)
    raise LookupError(f"no description of {technique}")  # (the Python is the reference)


def _placed(hint: Hint) -> tuple[int, int]:
    assert hint.placement is not None
    return hint.placement


def _single(hint: Hint, before: Grid) -> str:
    """``HiddenSingleHint``: its cell, value and unit."""
    for rating, unit, cell, value in singles.hidden_single_places(before):
        if rating == hint.rating and (cell, value) == hint.placement:
            return f"{cell_name(cell)}: {value} in {_region(unit)}"
    raise LookupError("the hidden single is not found again")


def _set_text(unit: int, places: int, values: Iterable[int]) -> str:
    """A set's cells (``Cells [...]`` past 4), values and unit."""
    cells = [c for i, c in enumerate(UNITS[unit]) if places >> i & 1]
    listed = _full(cells) if len(cells) <= 4 else "Cells [...]"
    return f"{listed}: {_values(values)} in {_region(unit)}"


def _set(technique: str, hint: Hint, before: Grid) -> str:
    naked, degree = _SETS[technique]
    if naked:
        for cells, union, removals in subsets.naked_set_patterns(before, degree):
            if removals == hint.eliminations:
                others = {c for c, _ in removals}
                unit = next(
                    u
                    for u in singles.BLOCKS_COLUMNS_ROWS
                    if all(c in UNITS[u] for c in (*cells, *others))
                )
                places = sum(1 << UNITS[unit].index(c) for c in cells)
                return _set_text(unit, places, MASK_DIGITS[union])
    else:
        for unit, values, common, removals in subsets.hidden_set_patterns(before, degree):
            if removals == hint.eliminations:
                return _set_text(unit, common, values)
    raise LookupError("the set is not found again")


def _fish(degree: int, hint: Hint, before: Grid) -> str:
    """``LockingHint`` of a fish: the cells of the covers' lines (each cover's in the base
    lines' order), the value, the base and cover types."""
    for value, base_type, indexes, covers, removals in fish.fish_patterns(before, degree):
        if removals == hint.eliminations:
            cover_type = 3 - base_type
            cells = [
                UNITS[cover_type * 9 + cover][index]
                for cover in range(9)
                if covers >> cover & 1
                for index in indexes
                if before.cands[UNITS[cover_type * 9 + cover][index]] >> value & 1
            ]
            return (
                f"{_full(cells)}: {value} in {degree} {_REGIONS[base_type]}s and {degree} "
                f"{_REGIONS[cover_type]}s"
            )
    raise LookupError("the fish is not found again")


def _als_wing(technique: str, hint: Hint, before: Grid) -> str:
    """``WXYZWingHint`` and ``VWXYZWingHint``: serate's first wing after its sort (rating,
    removals' count, the greatest suffix)."""
    size = 3 if technique == "wxyz-wing" else 4
    wing = max(
        (
            shape
            for rating, _, removals, shape in wings.als_findings(before, size)
            if rating == hint.rating and len(removals) == len(hint.eliminations)
        ),
        key=lambda shape: f"{2 if shape[0] else 1}{shape[1]}{shape[2]}",
    )
    double, cells = wing[0], wing[3]
    pair = MASK_DIGITS[before.cands[cells[-1]]]
    if double:
        return f"{_full(cells)} on values {_values(pair)}"
    # singly linked: the value removed; where the removals are of the set's other values (a
    # double link downgraded), serate names the bivalue cell's smaller value (as met, once)
    removed = {value for _, value in hint.eliminations}
    value = removed.pop() if len(removed) == 1 and removed <= set(pair) else pair[0]
    return f"{_full(cells)} on value {value}"


def _cells_of(mask: int) -> list[int]:
    return [cell for cell in range(81) if mask >> cell & 1]


def _end(mask: int, other: int, unit: int, count: int) -> int:
    """The cell serate names for the end ``mask`` of a strong link in ``unit`` whose other end
    is ``other``: a group's first cell; in a block whose other end is one cell (serate's empty
    rectangle: the group is a line of the block's cross and its heart), the heart for a turbot
    fish, the group's first cell but the heart for three strong links."""
    cells = _cells_of(mask)
    ends = _cells_of(other)
    if len(cells) == 1 or unit >= 9 or len(ends) != 1:
        return cells[0]
    if len({cell // 9 for cell in cells}) == 1:  # the group lies in a row
        heart = cells[0] // 9 * 9 + ends[0] % 9
    else:
        heart = ends[0] // 9 * 9 + cells[0] % 9
    return heart if count == 2 else next(cell for cell in cells if cell != heart)


def _links(step: Step, before: Grid) -> str:
    """``TurbotFishHint`` and ``StrongLinksHint``: the chain's start, its bridges' cells, its
    end, the value."""
    chain = links_chain(step, before)
    if len(chain) == 2 and chain[0][0].unit // 9 < chain[1][0].unit // 9:
        # serate's turbot fish starts with a column, then a row, then a block
        chain = tuple((link, not forward) for link, forward in reversed(chain))
    cells = []
    for link, forward in chain:
        one, other = (link.one, link.other) if forward else (link.other, link.one)
        count = len(chain)
        cells += [_end(one, other, link.unit, count), _end(other, one, link.unit, count)]
    value = step.hint.eliminations[0][1]
    if len(chain) == 2:
        return f"{_full(cells)} on value {value}"
    return f"{_full(cells[:1])},{_cells(cells[1:])} on value {value}"


def _bug(hint: Hint, before: Grid) -> str:
    """``Bug1Hint`` to ``Bug4Hint``: the cells of more than two candidates, and the value (the
    naked set's values, type 3)."""
    for found, cells, values in uniqueness.bug_findings(before):
        if found == hint:
            if hint.technique == "BUG type 1":
                return f"BUG type 1: {cell_name(cells[0])}"
            if hint.technique == "BUG type 3":
                return f"BUG type 3: {_cells(cells)} on {_values(MASK_DIGITS[values], ', ')}"
            return f"{hint.technique}: {_cells(cells)} on {MASK_DIGITS[values][0]}"
    raise LookupError("the BUG is not found again")


def _cycle(name: str, hint: Hint, before: Grid) -> str:
    """``CycleHint`` (the cells of its chain) and ``ForcingChainHint`` (its conclusion)."""
    found = next(f for f in chains.cycles_and_chains_found(before) if f.hint == hint)
    if "Cycle" in hint.technique:
        # serate walks the cycle the other way round: from its start back to the target
        walk = [found.targets[0]]
        while walk[-1].parents:
            walk.append(walk[-1].parents[0])
        cells = dict.fromkeys(p.cell for p in reversed(walk[:-1]))
        return f"{name}: {_cells(cells)}"
    if hint.placement is not None:
        cell, value = hint.placement
        return f"{name}: {cell_name(cell)}.{value} on"
    cell, value = hint.eliminations[0]
    return f"{name}: {cell_name(cell)}.{value} off"


@cache
def _chainers() -> dict[str, forcing.Chainer]:
    """The rating's forcing chains' techniques, by name."""
    return {
        name: rung.finder
        for name, rung in techniques()
        if isinstance(rung, native_ladder.ChainRung) and isinstance(rung.finder, forcing.Chainer)
    }


def _source(p: Potential) -> Potential:
    while p.parents:
        p = p.parents[0]
    return p


def _chaining(chainer: forcing.Chainer, hint: Hint, before: Grid) -> str:
    """``BinaryChainingHint``, ``CellChainingHint`` and ``RegionChainingHint``: where the
    chains start and the first chain's end."""
    found = chainer.found_of(before, hint)
    first = found.targets[0]
    source = _source(first)
    if "Contradiction" in hint.technique:
        kind = "Nishio" if chainer.nishio else "Contradiction"
        return (
            f"{kind} Forcing Chain: {_potential(source)}{_on(source)} ==> {_potential(first)} "
            "both on & off"
        )
    if "Double" in hint.technique:
        return (
            f"Double Forcing Chain: {_potential(source)} on & off ==> {_potential(first)}"
            f"{_on(first)}"
        )
    if "Region" in hint.technique:
        return (
            f"Region Forcing Chains: {source.value} in {_region(found.origin)} ==> "
            f"{_potential(first)}{_on(first)}"
        )
    return f"Cell Forcing Chains: {cell_name(source.cell)} ==> {_potential(first)}{_on(first)}"

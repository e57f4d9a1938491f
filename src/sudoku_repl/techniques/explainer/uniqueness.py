"""Uniqueness: unique rectangles and loops (4.5-5.0 and more for type 3), and the bivalue
universal grave (BUG, 5.6-5.7+); both assume the puzzle has one solution. Both come from the
native ladder where there is one (``native_ladder``), the Python below being the reference
(``pure_unique_loops``, ``pure_bug``)."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.techniques.explainer import native_ladder
from sudoku_repl.techniques.explainer.grid import (
    BIT_COUNT,
    DIGITS,
    MASK_DIGITS,
    Geometry,
    Grid,
    bits,
    combinations_colex,
)
from sudoku_repl.techniques.explainer.hint import Finder, Hint, Removals

# The regions are the grid's (``grid.geometry``): classic sudoku's blocks, rows and columns, or
# a variant's with its extra regions, each cell's in serate's type order (``cell_units``).


def _positions(grid: Grid, cells: tuple[int, ...], value: int) -> int:
    """Bit i set when the region's i-th cell has the candidate."""
    cands = grid.cands
    return sum(1 << i for i, cell in enumerate(cells) if cands[cell] >> value & 1)


def _empty_count(grid: Grid, cells: tuple[int, ...]) -> int:
    values = grid.values
    return sum(1 for cell in cells if not values[cell])


def _loops(grid: Grid, start: int, v1: int, v2: int) -> list[list[int]]:
    """Closed paths through cells holding both values, each step along a unit of a type other
    than the previous step's, with at most two cells carrying extra values unless those add
    a single value between them."""
    both = (1 << v1) | (1 << v2)
    cands = grid.cands
    geometry = grid.geometry
    cell_units, unit_types, units = geometry.cell_units, geometry.unit_types, geometry.units
    found: list[list[int]] = []
    loop: list[int] = []
    # each unit's cells holding both values (the start among them), in the unit's order:
    # the only ones a step may reach, listed once a unit rather than at every step
    holding: dict[int, list[int]] = {}

    def walk(cell: int, allowed: int, extra: int, last_type: int) -> None:
        loop.append(cell)
        for unit in cell_units[cell]:
            unit_type = unit_types[unit]
            if unit_type == last_type:
                continue
            cells = holding.get(unit)
            if cells is None:
                cells = holding[unit] = [c for c in units[unit] if cands[c] & both == both]
            for nxt in cells:
                if nxt == loop[0] and len(loop) >= 4:
                    found.append(loop[:])
                elif nxt not in loop:
                    mask = cands[nxt]
                    new_extra = (extra | mask) & ~both
                    size = BIT_COUNT[mask]
                    if size == 2 or BIT_COUNT[new_extra] == 1 or allowed > 0:
                        walk(nxt, allowed - (size > 2), new_extra, unit_type)
        loop.pop()

    walk(start, 2, 0, -1)
    return found


def _valid_loop(geometry: Geometry, loop: list[int]) -> bool:
    odd: set[int] = set()
    even: set[int] = set()
    for i, cell in enumerate(loop):
        seen = odd if i % 2 else even
        for unit in geometry.cell_units[cell]:
            if unit in seen:
                return False
            seen.add(unit)
    return odd == even


def _loop_rating(loop: list[int]) -> int:
    rating = 45
    if len(loop) >= 10:
        rating += 3
    if len(loop) >= 8:
        rating += 2
    elif len(loop) >= 6:
        rating += 1
    return rating


def _common_units(geometry: Geometry, c1: int, c2: int) -> list[int]:
    return [u for u in geometry.cell_units[c1] if u in geometry.cell_units[c2]]


def _type3(
    grid: Grid, loop: list[int], c1: int, c2: int, v1: int, v2: int, base: int
) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    cands = grid.cands
    geometry = grid.geometry
    extra = (cands[c1] | cands[c2]) & ~((1 << v1) | (1 << v2))
    out: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    for degree in range(2, 8):
        for unit in _common_units(geometry, c1, c2):
            cells = geometry.units[unit]
            empty = _empty_count(grid, cells)
            i1, i2 = cells.index(c1), cells.index(c2)
            if degree * 2 <= empty and degree >= BIT_COUNT[extra]:
                for indexes in combinations_colex(tuple(range(9)), degree):
                    if i1 not in indexes or i2 in indexes:
                        continue
                    naked = extra & cands[c1] & cands[c2]
                    masks = []
                    others = []
                    for i in indexes:
                        if i == i1:
                            masks.append(extra)
                        else:
                            masks.append(cands[cells[i]])
                            naked |= cands[cells[i]]
                            others.append(cells[i])
                    if BIT_COUNT[naked] != degree:
                        continue
                    if any(BIT_COUNT[m] <= 1 for m in masks):
                        continue
                    union = 0
                    for m in masks:
                        union |= m
                    if BIT_COUNT[union] != degree:
                        continue
                    removals = tuple(
                        (cell, v)
                        for cell in cells
                        if cell not in others and cell not in (c1, c2)
                        for v in MASK_DIGITS[cands[cell] & union]
                    )
                    if removals:
                        out.append((base + degree - 1, 3, removals))
            if degree * 2 < empty:
                rem_values = [v for v in DIGITS if v not in (v1, v2) and not extra >> v & 1]
                if degree - 2 <= len(rem_values):
                    for chosen in combinations_colex(tuple(rem_values), degree - 2):
                        values = (*chosen, v1, v2)
                        union = 0
                        ok = True
                        for v in values:
                            pos = _positions(grid, cells, v) & ~(1 << i2)
                            if not pos:
                                ok = False
                                break
                            union |= pos
                        if not ok or BIT_COUNT[union] != degree:
                            continue
                        keep = sum(1 << v for v in values)
                        places = union & ~(1 << i1) & ~(1 << i2)
                        removals = tuple(
                            (cells[i], v)
                            for i in bits(places)
                            for v in MASK_DIGITS[cands[cells[i]] & ~keep]
                        )
                        if removals:
                            out.append((base + BIT_COUNT[places] - 1, 3, removals))
    return out


def _type4(
    grid: Grid, c1: int, c2: int, v1: int, v2: int, base: int
) -> tuple[int, int, tuple[tuple[int, int], ...]] | None:
    r1 = r2 = None
    geometry = grid.geometry
    for unit in _common_units(geometry, c1, c2):
        others = [c for c in geometry.units[unit] if c not in (c1, c2)]
        if not any(grid.cands[c] >> v1 & 1 for c in others):
            r1 = unit
        if not any(grid.cands[c] >> v2 & 1 for c in others):
            r2 = unit
    if r1 is not None:
        removals = tuple((c, v2) for c in (c1, c2) if grid.cands[c] >> v2 & 1)
    elif r2 is not None:
        removals = tuple((c, v1) for c in (c1, c2) if grid.cands[c] >> v1 & 1)
    else:
        return None
    return (base, 4, removals) if removals else None


def loop_name(kind: int, length: int) -> tuple[str, str]:
    """``UniqueLoopHint``'s names (``getName``, ``getShortName``): a rectangle of four
    cells, else a loop of its length, and its type."""
    if length == 4:
        return f"Unique Rectangle type {kind}", f"UR{kind}"
    return f"Unique Loop {length} type {kind}", f"UL{length}{kind}"


def loop_values(kind: int, v1: int, v2: int, removals: Removals) -> str:
    """The values a unique loop's line names after its cells: the loop's two, for type 4 the
    value locked in the region first, then the one removed."""
    if kind == 4:
        removed = removals[0][1]
        v1, v2 = v1 + v2 - removed, removed
    return f"{v1}, {v2}"


def pure_unique_loops(grid: Grid) -> Iterator[Hint]:
    """Unique rectangles and loops of types 1 to 4, easiest first."""
    names = {
        1: "Unique Rectangle type 1",
        2: "Unique Rectangle type 2",
        3: "Unique Rectangle type 3",
        4: "Unique Rectangle type 4",
    }
    for rating, kind, removals, *_ in loop_findings(grid):
        yield Hint(names[kind], rating, removals)


#: a unique loop's finding: rating, type, removals, the loop's length (in cells), the loop and
#: its two values
LoopFinding = tuple[int, int, tuple[tuple[int, int], ...], int, tuple[int, ...], int, int]


def loop_findings(grid: Grid) -> list[LoopFinding]:
    """``pure_unique_loops``' findings, easiest first."""
    cands = grid.cands
    geometry = grid.geometry
    found: list[LoopFinding] = []
    for start in range(81):
        if BIT_COUNT[cands[start]] != 2:
            continue
        v1, v2 = MASK_DIGITS[cands[start]]
        both = (1 << v1) | (1 << v2)
        for loop in _loops(grid, start, v1, v2):
            if not _valid_loop(geometry, loop):
                continue
            base = _loop_rating(loop)
            shape = (len(loop), tuple(loop), v1, v2)
            extra_cells = [c for c in loop if BIT_COUNT[cands[c]] > 2]
            if len(extra_cells) == 1:
                cell = extra_cells[0]
                found.append((base, 1, ((cell, v1), (cell, v2)), *shape))
            elif len(extra_cells) >= 2:
                extra = 0
                for c in extra_cells:
                    extra |= cands[c]
                extra &= ~both
                if len(extra_cells) > 2 or BIT_COUNT[extra] == 1:
                    value = MASK_DIGITS[cands[extra_cells[0]] & ~both][0]
                    common = set(range(81))
                    for c in extra_cells:
                        common &= geometry.peer_sets[c]
                    removals = tuple(
                        (c, value)
                        for c in sorted(common)
                        if c not in extra_cells and cands[c] >> value & 1
                    )
                    if removals:
                        found.append((base, 2, removals, *shape))
                if len(extra_cells) == 2:
                    c1, c2 = extra_cells
                    if BIT_COUNT[extra] >= 2:
                        found.extend((*f, *shape) for f in _type3(grid, loop, c1, c2, v1, v2, base))
                    t4 = _type4(grid, c1, c2, v1, v2, base)
                    if t4 is not None:
                        found.append((*t4, *shape))
    found.sort(key=lambda f: (f[0], f[1]))
    return found


#: ``pure_unique_loops``, from the C where there is one
unique_loops: Finder = native_ladder.Rung(native_ladder.UNIQUE_LOOPS, 0, pure_unique_loops)


def bug_values(kind: str, digits: int) -> str:
    """The values a BUG's line names after its cells (``kind`` its hint's name, ``digits``
    its finding's mask): type 3's naked set's values, type 2's and 4's value."""
    if kind == "BUG type 3":
        return ", ".join(map(str, MASK_DIGITS[digits]))
    return str(MASK_DIGITS[digits][0])


def pure_bug(grid: Grid) -> Iterator[Hint]:
    """Bivalue universal grave: every cell but a few has two candidates and every value two
    places in each unit; the few extra candidates hold the only solution."""
    for hint, _, _ in bug_findings(grid):
        yield hint


#: a BUG's finding: its hint, the cells of more than two candidates, and the values serate's
#: hint names (type 2 and 4: the value; type 3: the naked set's values; type 1: none)
BugFinding = tuple[Hint, tuple[int, ...], int]


def bug_findings(grid: Grid) -> Iterator[BugFinding]:
    """``pure_bug``'s findings."""
    cands = grid.cands
    geometry = grid.geometry
    peer_sets, units = geometry.peer_sets, geometry.units
    temp = cands[:]
    bug_cells: list[int] = []
    bug_values: dict[int, int] = {}
    all_values = 0
    common: set[int] | None = None
    all_extra: list[int] | None = None
    only_value = 0
    one_value = True
    for cells in units:
        for value in DIGITS:
            places = [c for c in cells if cands[c] >> value & 1]
            if len(places) in (0, 2):
                continue
            new_cells = [c for c in places if BIT_COUNT[cands[c]] >= 3]
            if all_extra is None:
                all_extra = list(new_cells)
                only_value = value
            elif one_value:
                if only_value == value:
                    for c in new_cells:
                        if c not in all_extra:
                            all_extra.append(c)
                else:
                    one_value = False
            if len(new_cells) == 1:
                cell = new_cells[0]
                if cell not in bug_cells:
                    bug_cells.append(cell)
                bug_values[cell] = bug_values.get(cell, 0) | 1 << value
                all_values |= 1 << value
                temp[cell] &= ~(1 << value)
                common = set(peer_sets[cell]) if common is None else common & peer_sets[cell]
                common -= set(bug_cells)
                if len(bug_cells) > 1 and BIT_COUNT[all_values] > 1 and not common:
                    return
            if not new_cells:
                return
    if one_value and all_extra is not None and len(all_extra) > len(bug_cells):
        for cell in [c for c in all_extra if c not in bug_cells]:
            bug_cells.append(cell)
            bug_values[cell] = 1 << only_value
            temp[cell] &= ~(1 << only_value)
            common = set(peer_sets[cell]) if common is None else common & peer_sets[cell]
            common -= set(bug_cells)
            if len(bug_cells) > 1 and BIT_COUNT[all_values] > 1 and not common:
                return
    for cell in range(81):
        if not grid.values[cell] and BIT_COUNT[temp[cell]] != 2:
            return
    for cells in units:
        bit_values = [sum(1 for c in cells if temp[c] >> v & 1) for v in DIGITS]
        if any(n not in (0, 2) for n in bit_values):
            return
    if not bug_cells:
        return
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        removals = tuple((cell, v) for v in MASK_DIGITS[cands[cell] & ~all_values])
        yield Hint("BUG type 1", 56, removals), (cell,), 0
        return
    if BIT_COUNT[all_values] == 1:
        value = MASK_DIGITS[all_values][0]
        if common:
            removals = tuple((c, value) for c in sorted(common) if cands[c] >> value & 1)
            if removals:
                yield Hint("BUG type 2", 57, removals), tuple(bug_cells), all_values
        if len(bug_cells) == 2:
            yield from _bug4(grid, bug_cells, bug_values, all_values)
    elif common:
        if len(bug_cells) == 2:
            yield from _bug4(grid, bug_cells, bug_values, all_values)
        yield from _bug3(grid, bug_cells, all_values, common)


#: ``pure_bug``, from the C where there is one
bug: Finder = native_ladder.Rung(native_ladder.BUG, 0, pure_bug)


def _shared_units(geometry: Geometry, cells: list[int]) -> list[int]:
    cell_units = geometry.cell_units
    return [u for u in cell_units[cells[0]] if all(u in cell_units[c] for c in cells)]


def _bug4(
    grid: Grid, bug_cells: list[int], bug_values: dict[int, int], all_values: int
) -> Iterator[BugFinding]:
    c1, c2 = bug_cells
    common = grid.cands[c1] & grid.cands[c2] & ~all_values
    if BIT_COUNT[common] != 1:
        return
    for _ in _shared_units(grid.geometry, bug_cells):
        removals = tuple(
            (c, v) for c in (c1, c2) for v in MASK_DIGITS[grid.cands[c] & ~bug_values[c] & ~common]
        )
        if removals:
            yield Hint("BUG type 4", 57, removals), (c1, c2), common


def _bug3(
    grid: Grid, bug_cells: list[int], all_values: int, common: set[int]
) -> Iterator[BugFinding]:
    cands = grid.cands
    geometry = grid.geometry
    for degree in range(2, 7):
        for unit in _shared_units(geometry, bug_cells):
            region_cells = [c for c in sorted(common) if c in geometry.unit_sets[unit]]
            if len(region_cells) < degree:
                continue
            for naked_cells in combinations_colex(tuple(region_cells), degree - 1):
                other = 0
                for c in naked_cells:
                    other |= cands[c]
                if BIT_COUNT[other] != degree:
                    continue
                masks = [cands[c] for c in naked_cells] + [all_values]
                if any(BIT_COUNT[m] <= 1 for m in masks):
                    continue
                union = other | all_values
                if BIT_COUNT[union] != degree:
                    continue
                removals = tuple(
                    (c, v)
                    for c in region_cells
                    if c not in naked_cells and c not in bug_cells
                    for v in MASK_DIGITS[cands[c] & union]
                )
                if removals:
                    yield Hint("BUG type 3", 57 + degree - 1, removals), tuple(bug_cells), union

"""serate's description of a step (its ``%s``): each hint class's ``toString()`` in
SukakuExplainer v1.15.10, made here from a step of this project's rating, the shape of the very
finding it applied (``serate_shapes``: the units, the cells of a pattern, where a chain starts;
handed back by the C with the step on the native build) and the grid it was found on.
"""

from __future__ import annotations

from collections.abc import Iterable

from sudoku_repl.techniques.explainer.grid import MASK_DIGITS, UNITS, Grid, bits
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.rating import Step
from sudoku_repl.techniques.explainer.uniqueness import bug_values, loop_values
from sudoku_repl.techniques.explainer.wings import als_wing_values
from sudoku_repl.tools.serate.names import line_name, names
from sudoku_repl.tools.serate.shapes import Shape, shape, three_of, turbot_of

#: ``Grid.Region.toString`` by unit type (0 blocks, 1 rows, 2 columns)
_REGIONS = ("block", "row", "column")
#: the naked and hidden sets' techniques
_SETS = frozenset(
    ("naked pair", "naked triple", "naked quad", "hidden pair", "hidden triple", "hidden quad")
)
_FISH = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}
#: the forcing chains' techniques (rating.techniques' names; the nested ones begin so)
_CHAINERS = ("nishio", "multiple forcing chains", "dynamic forcing chains", "nested forcing")


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


def _potential(cell: int, value: int) -> str:
    """``Potential.toString``: ``E6.4``."""
    return f"{cell_name(cell)}.{value}"


def _on(on: int) -> str:
    return " on" if on else " off"


def describe(step: Step, before: Grid) -> str:
    """serate's ``hint.toString()`` of the step; ``before``: the grid it was found on (not
    changed)."""
    hint, technique = step.hint, step.technique
    found = shape(step, before)
    name = names(step, before)[0]
    if technique == "naked single":
        cell, value = _placed(hint)
        return f"{name}: {cell_name(cell)}: {value}"
    if technique == "hidden single":
        cell, value = _placed(hint)
        return f"{name}: {cell_name(cell)}: {value} in {_region(found[0])}"
    if technique == "direct pointing":
        unit1, unit2 = found
        value = _placed(hint)[1]
        locked = _full(locked_cells(before, value, unit1, unit2))
        return f"{name}: {locked}: {value} of {_region(unit1)} in {_region(unit2)}"
    if technique in ("direct hidden pair", "direct hidden triple") or technique in _SETS:
        unit, places, digits = found
        return f"{name}: {_set_text(unit, places, MASK_DIGITS[digits])}"
    if technique == "pointing and claiming":
        unit1, unit2 = found
        value = hint.eliminations[0][1]
        locked = _full(locked_cells(before, value, unit1, unit2))
        return f"{name}: {locked}: {value} in {_region(unit1)} and {_region(unit2)}"
    if technique in _FISH:
        return f"{name}: {_fish(_FISH[technique], found, before)}"
    if technique in ("xy-wing", "xyz-wing"):
        return f"{name}: {_full(found[:3])} on value {found[3]}"
    if technique in ("wxyz-wing", "vwxyz-wing"):
        return f"{name}: {_als_wing(hint, found, before)}"
    if technique in ("turbot fish", "three strong links"):
        return f"{name}: {_links(step.technique, hint, found)}"
    if technique == "unique loops":
        v1, v2, *loop = found
        return f"{name}: {_full(loop)} on {loop_values(int(hint.technique[-1]), v1, v2, hint.eliminations)}"
    if technique == "bug":
        return _bug(hint, found)
    if technique in ("aligned pair exclusion", "aligned triplet exclusion"):
        return f"{name}: {_cells(found)}"
    if technique == "cycles and forcing chains":
        return _cycle(name, hint, found)
    if technique.startswith(_CHAINERS):
        return _chaining(line_name(step, name), hint, found)
    raise LookupError(f"no description of {technique}")  # (the Python is the reference)


def _placed(hint: Hint) -> tuple[int, int]:
    assert hint.placement is not None
    return hint.placement


def locked_cells(before: Grid, value: int, unit1: int, unit2: int) -> list[int]:
    """The cells of both units that hold the value."""
    return [c for c in UNITS[unit2] if c in UNITS[unit1] and before.cands[c] >> value & 1]


def _set_text(unit: int, places: int, values: Iterable[int]) -> str:
    """A set's cells (``Cells [...]`` past 4), values and unit."""
    cells = [c for i, c in enumerate(UNITS[unit]) if places >> i & 1]
    listed = _full(cells) if len(cells) <= 4 else "Cells [...]"
    return f"{listed}: {_values(values)} in {_region(unit)}"


def _fish(degree: int, found: Shape, before: Grid) -> str:
    """``LockingHint`` of a fish: the cells of the covers' lines (each cover's in the base
    lines' order), the value, the base and cover types."""
    value, base_type, lines, covers = found
    cover_type = 3 - base_type
    cells = [
        UNITS[cover_type * 9 + cover][index]
        for cover in bits(covers)
        for index in bits(lines)
        if before.cands[UNITS[cover_type * 9 + cover][index]] >> value & 1
    ]
    return (
        f"{_full(cells)}: {value} in {degree} {_REGIONS[base_type]}s and {degree} "
        f"{_REGIONS[cover_type]}s"
    )


def _als_wing(hint: Hint, found: Shape, before: Grid) -> str:
    """``WXYZWingHint`` and ``VWXYZWingHint``: the set's cells, the bivalue one last, and the
    value (the values, doubly linked)."""
    double, cells = found[0], found[3:]
    pair = MASK_DIGITS[before.cands[cells[-1]]]
    return f"{_full(cells)} {als_wing_values(bool(double), pair, hint.eliminations)}"


def _links(technique: str, hint: Hint, found: Shape) -> str:
    """``TurbotFishHint`` and ``StrongLinksHint``: the chain's start, its bridges' cells, its
    end, the value."""
    if technique == "turbot fish":
        turbot = turbot_of(hint, found)
        cells = (turbot.start, turbot.bridge1, turbot.bridge2, turbot.end)
        return f"{_full(cells)} on value {turbot.value}"
    chain = three_of(hint, found)
    bridges = [cell for pair in chain.bridges for cell in pair]
    return f"{_full([chain.start])},{_cells([*bridges, chain.end])} on value {chain.value}"


def _bug(hint: Hint, found: Shape) -> str:
    """``Bug1Hint`` to ``Bug4Hint``: the cells of more than two candidates, and the value (the
    naked set's values, type 3)."""
    digits, cells = found[0], found[1:]
    if hint.technique == "BUG type 1":
        return f"BUG type 1: {cell_name(cells[0])}"
    return f"{hint.technique}: {_cells(cells)} on {bug_values(hint.technique, digits)}"


def _cycle(name: str, hint: Hint, found: Shape) -> str:
    """``CycleHint`` (the cells of its chain) and ``ForcingChainHint`` (its conclusion)."""
    if "Cycle" in hint.technique:
        # serate walks the cycle the other way round: from its start back to the target
        return f"{name}: {_cells(dict.fromkeys(reversed(found[:-1])))}"
    if hint.placement is not None:
        cell, value = hint.placement
        return f"{name}: {cell_name(cell)}.{value} on"
    cell, value = hint.eliminations[0]
    return f"{name}: {cell_name(cell)}.{value} off"


def _chaining(name: str, hint: Hint, found: Shape) -> str:
    """``BinaryChainingHint``, ``CellChainingHint`` and ``RegionChainingHint``: their name
    (``line_name``), where the chains start and the first chain's end."""
    _, origin, cell, value, on, t_cell, t_value, t_on = found
    source, target = _potential(cell, value), _potential(t_cell, t_value)
    if "Contradiction" in hint.technique:
        return f"{name}: {source}{_on(on)} ==> {target} both on & off"
    if "Double" in hint.technique:
        return f"{name}: {source} on & off ==> {target}{_on(t_on)}"
    if "Region" in hint.technique:
        return f"{name}: {value} in {_region(origin)} ==> {target}{_on(t_on)}"
    return f"{name}: {cell_name(cell)} ==> {target}{_on(t_on)}"

"""Potentials (a candidate assumed on or off) and the implications between them, the material
of every chain: an "on" candidate turns off its cell's other values and its peers' same
value; an "off" candidate turns on a cell's last value or a unit's last place. The units and
peers are the grid's geometry's (classic sudoku's, or a variant's regions: serate's chains
follow its regions, not a rule's leaps)."""

from __future__ import annotations

from typing import Protocol

from sudoku_repl.techniques.explainer.grid import MASK_DIGITS, Geometry, Grid


class NestedChain(Protocol):
    """What an outer chain asks of a nested chain's finding (``chains.Found``)."""

    complexity: int

    def chain_key(self) -> tuple[tuple[int, ...], ...]: ...


class Potential:
    """A candidate (cell, value) assumed on or off, with the potentials it follows from
    (the first parent is the chain it was reached by). ``nested``: for a candidate a nested
    chain turned off (``nested.py``), that chain's finding, whose complexity the outer chain
    counts once."""

    __slots__ = ("cell", "key", "nested", "on", "parents", "value")

    def __init__(
        self, cell: int, value: int, on: bool, parents: list[Potential] | None = None
    ) -> None:
        self.cell = cell
        self.value = value
        self.on = on
        self.parents: list[Potential] = parents if parents is not None else []
        self.key = key_of(cell, value, on)
        self.nested: NestedChain | None = None

    def __repr__(self) -> str:
        return f"r{self.cell // 9 + 1}c{self.cell % 9 + 1}{'+' if self.on else '-'}{self.value}"


def key_of(cell: int, value: int, on: bool) -> int:
    return (cell * 10 + value) * 2 + on


def chain_of(target: Potential) -> list[Potential]:
    """The potentials a target rests on, itself first, breadth first (each once)."""
    seen: set[int] = set()
    result: list[Potential] = []
    todo = [target]
    while todo:
        nxt: list[Potential] = []
        for p in todo:
            if p.key not in seen:
                seen.add(p.key)
                result.append(p)
                nxt.extend(p.parents)
        todo = nxt
    return result


def ancestor_count(potential: Potential) -> int:
    """How many distinct potentials the potential rests on, itself included."""
    return len(chain_of(potential))


def nested_complexity(targets: tuple[Potential, ...]) -> int:
    """The complexity of the nested chains the targets rest on, each chain counted once
    (two findings with the same chains are one)."""
    total = 0
    findings: set[int] = set()
    chains: set[tuple[tuple[int, ...], ...]] = set()
    for target in targets:
        for p in chain_of(target):
            nested = p.nested
            if nested is not None and id(nested) not in findings:
                findings.add(id(nested))
                key = nested.chain_key()
                if key not in chains:
                    chains.add(key)
                    total += nested.complexity
    return total


def is_ancestor(child: Potential, candidate: Potential) -> bool:
    """Whether ``candidate`` is on the first-parent chain above ``child``."""
    p = child
    while p.parents:
        p = p.parents[0]
        if p.key == candidate.key:
            return True
    return False


def on_to_off(
    grid: Grid, p: Potential, cell_links: bool, region_peers: tuple[tuple[int, ...], ...]
) -> list[Potential]:
    """What an "on" potential turns off: the cell's other values (when ``cell_links``), then
    the value in its regions (``region_peers``, the geometry's: classic sudoku's block, row
    and column, each cell once)."""
    cands = grid.cands
    cell, value = p.cell, p.value
    parents = [p]
    result = (
        [
            Potential(cell, other, False, parents[:])
            for other in MASK_DIGITS[cands[cell]]
            if other != value
        ]
        if cell_links
        else []
    )
    bit = 1 << value
    for other in region_peers[cell]:
        if cands[other] & bit:
            result.append(Potential(other, value, False, parents[:]))
    return result


def off_to_on(
    grid: Grid,
    table: list[list[int]],
    p: Potential,
    source: Grid | None,
    offs: dict[int, Potential],
    cell_links: bool,
    unit_links: bool,
    geometry: Geometry,
) -> list[Potential]:
    """What an "off" potential turns on: the cell's last value (when ``cell_links``) and the
    value's last place in each of the cell's units, in unit order (when ``unit_links``);
    ``table`` holds the grid's places of each value in each unit of ``geometry``. The
    candidates that were removed since ``source`` (the grid the chain began on) are added as
    parents."""
    result: list[Potential] = []
    cands = grid.cands
    cell, value = p.cell, p.value
    if cell_links:
        mask = cands[cell]
        digits = MASK_DIGITS[mask]
        if len(digits) == 2:
            other = digits[1] if digits[0] == value else digits[0]
            on = Potential(cell, other, True, [p])
            if source is not None:
                hidden = source.cands[cell] & ~mask
                for v in MASK_DIGITS[hidden]:
                    parent = offs.get(key_of(cell, v, False))
                    if parent is not None:
                        on.parents.append(parent)
            result.append(on)
    if unit_links:
        bit = 1 << value
        units = geometry.units
        positions = geometry.cell_pos[cell]
        for t, unit in enumerate(geometry.cell_units[cell]):
            pos = table[unit][value] & ~(1 << positions[t])
            if pos and not pos & (pos - 1):
                on = Potential(units[unit][pos.bit_length() - 1], value, True, [p])
                if source is not None:
                    for other in units[unit]:
                        if source.cands[other] & bit and not cands[other] & bit:
                            parent = offs.get(key_of(other, value, False))
                            if parent is not None:
                                on.parents.append(parent)
                result.append(on)
    return result


def remove(grid: Grid, table: list[list[int]], cell: int, value: int, geometry: Geometry) -> None:
    """Remove a candidate from the grid and its table of places (``geometry``'s units)."""
    grid.cands[cell] &= ~(1 << value)
    positions = geometry.cell_pos[cell]
    for t, unit in enumerate(geometry.cell_units[cell]):
        table[unit][value] &= ~(1 << positions[t])

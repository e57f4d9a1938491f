"""Sudoku Explainer's exclusions and chains on variant rules (serate v1.15.10 with a variant
flag): aligned pair and triplet exclusion, forcing chains and cycles, Nishio, multiple and
dynamic forcing chains, dynamic forcing chains (+) and the nested forcing chains (their "+"
rules the variant technique set's, ``ruled_plus``), in its order, each hint with serate's
line for it.

They are the classic techniques' own searches (``exclusion``, ``chains``, ``forcing``,
``nested``), which read their regions and visible cells from the grid's geometry: serate's
chains link a candidate to its cell and to its regions (blocks, rows, columns and a variant's
extra regions, in type order), never through a rule's leaps; the exclusions and a cycle's
removals see every visible cell (the anti-knight's and anti-king's leaps too). Each technique
asks the C first (``native_chains``, on the geometry's copy in C, the "+" rules the variant
set's), each finding with its shape, which says what the line names; the pure searches (their
"+" rules ``ruled_plus``) are the reference and the pure build's way."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final

import attrs

from sudoku_repl.techniques.explainer import (
    chains,
    exclusion,
    forcing,
    native_chains,
    nested,
    ruled_plus,
)
from sudoku_repl.techniques.explainer.chains import CYCLE_ORIGIN, Found
from sudoku_repl.techniques.explainer.forcing import Poll
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.hint import Hint
from sudoku_repl.techniques.explainer.potentials import Potential
from sudoku_repl.techniques.explainer.ruled_words import TYPE_NAMES, cell_name

# a technique of a variant grid: its hints, easiest first, each worded as serate words it
ChainFinder = Callable[[Grid], Iterator[Hint]]


def _walk(target: Potential) -> list[Potential]:
    """A chain from its target back to its start, by first parents."""
    walked = [target]
    while walked[-1].parents:
        walked.append(walked[-1].parents[0])
    return walked


# a potential as the lines name it: (cell, value, on)
_Pot = tuple[int, int, bool]


def _ends(target: Potential) -> tuple[_Pot, _Pot]:
    """A chain's start and target, its first parents walked back from the target."""
    start = _walk(target)[-1]
    return (start.cell, start.value, start.on), (target.cell, target.value, target.on)


def _potential(p: _Pot) -> str:
    """``Potential.toString``: ``E6.4``."""
    return f"{cell_name(p[0])}.{p[1]}"


def _on(on: bool) -> str:
    return " on" if on else " off"


def aligned_exclusion(degree: int) -> ChainFinder:
    """``AlignedPairExclusion`` (6.2) and ``AlignedExclusion(3)`` (7.5): its cells in the
    line."""
    name, rating = exclusion.NAMES[degree]

    def finder(grid: Grid) -> Iterator[Hint]:
        found = native_chains.shaped_exclusion(grid, degree)
        groups = exclusion.aligned_groups(grid, degree) if found is None else found
        for cells, removals in groups:
            yield Hint(name, rating, removals, None, f"{name}: {','.join(map(cell_name, cells))}")

    return finder


def _cycle_line(hint: Hint, complexity: int, cells: Sequence[int] | None) -> str:
    """``CycleHint`` (its cells, the cycle walked from its start: a ``Generalized X-Wing`` on
    four cells; ``cells``: its walk's, the target's first) and ``ForcingChainHint`` (its
    conclusion: a ``Turbot Fish`` of six potentials; ``cells`` None)."""
    name = hint.technique
    if cells is not None:
        if name == "Bidirectional X-Cycle" and len(set(cells[1:])) == 4:
            name = "Generalized X-Wing"
        walked = dict.fromkeys(reversed(cells[:-1]))
        return f"{name}: {','.join(map(cell_name, walked))}"
    if name == "Forcing X-Chain" and complexity == 6:
        name = "Turbot Fish"
    if hint.placement is not None:
        cell, value = hint.placement
        return f"{name}: {cell_name(cell)}.{value} on"
    cell, value = hint.eliminations[0]
    return f"{name}: {cell_name(cell)}.{value} off"


def _cycle_found_line(found: Found) -> str:
    """``_cycle_line`` of a pure search's finding."""
    cycle = found.origin == CYCLE_ORIGIN
    cells = [p.cell for p in _walk(found.targets[0])] if cycle else None
    return _cycle_line(found.hint, found.complexity, cells)


def _chaining_line(grid: Grid, technique: str, start: _Pot, target: _Pot, origin: int) -> str:
    """``BinaryChainingHint``, ``CellChainingHint`` and ``RegionChainingHint``: where the
    chains start (a region, ``origin``, by its type's name) and the first chain's end."""
    name = forcing.line_name_of(technique)
    if "Contradiction" in technique:
        return f"{name}: {_potential(start)}{_on(start[2])} ==> {_potential(target)} both on & off"
    if "Double" in technique:
        return f"{name}: {_potential(start)} on & off ==> {_potential(target)}{_on(target[2])}"
    if "Region" in technique:
        region = TYPE_NAMES[grid.geometry.unit_types[origin]]
        return f"{name}: {start[1]} in {region} ==> {_potential(target)}{_on(target[2])}"
    return f"{name}: {cell_name(start[0])} ==> {_potential(target)}{_on(target[2])}"


def chainer(
    chaining: forcing.Chainer, plus: int, memo: Callable[[Grid], object] | None = None
) -> ChainFinder:
    """A forcing chains' technique (``Chaining``): its findings worded; from the C where it is
    there (its "+" rules ``plus``'s set: ``native_chains.plus_of``; ``memo``: the memo of the
    grid's geometry, ``native_chains.ruled_memo``, shared by the techniques of an order)."""

    def finder(grid: Grid) -> Iterator[Hint]:
        shaped = native_chains.shaped_chains(
            grid, chaining.multiple, chaining.dynamic, chaining.nishio, chaining.poll,
            chaining.level, chaining.nesting, plus, chaining.named,
            None if memo is None else memo(grid),
        )  # fmt: skip
        if shaped is not None:
            for hint, _, shape in shaped:
                _, origin, *ends = native_chains.shape_head(shape)
                start = (ends[0], ends[1], bool(ends[2]))
                target = (ends[3], ends[4], bool(ends[5]))
                line = _chaining_line(grid, hint.technique, start, target, origin)
                yield attrs.evolve(hint, text=line)
            return
        for found in chaining.found(grid):
            start, target = _ends(found.targets[0])
            line = _chaining_line(grid, found.hint.technique, start, target, found.origin)
            yield attrs.evolve(found.hint, text=line)

    return finder


#: the techniques from the aligned pair exclusion on, in serate's order, each with its least
#: rating (tenths: what a step past the ones before is rated at least)
TECHNIQUES: Final = (
    ("aligned pair exclusion", 62),
    ("cycles and forcing chains", 65),
    ("aligned triplet exclusion", 75),
    ("nishio", 75),
    ("multiple forcing chains", 80),
    ("dynamic forcing chains", 85),
    ("dynamic forcing chains (+)", 90),
    ("nested forcing chains (+ forcing chains)", 95),
    ("nested forcing chains (+ multiple forcing chains)", 100),
    *((f"nested forcing chains (+ dynamic forcing chains, {n})", 105) for n in range(4)),
)


def techniques(
    variant: bool, blocks: bool, poll: Poll | None = None
) -> tuple[tuple[str, ChainFinder], ...]:
    """``TECHNIQUES``' finders on a variant grid (``variant``: serate's variant technique set,
    an extra region or a leap; ``blocks``: not a Latin square), their "+" rules the set's
    (``ruled_plus``), in the nested forcing chains too (levels 2 to 4, serate's variant set
    has them all: level 4 over dynamic chains nesting 0 to 3). ``poll`` is called often
    inside the chain searches and raises to stop them."""

    def cycles(grid: Grid) -> Iterator[Hint]:  # ``Chaining`` of X-, Y- and XY-links (6.5)
        shaped = native_chains.shaped_cycles(grid, poll)
        if shaped is None:
            for found in chains.cycles_and_chains_found(grid, poll):
                yield attrs.evolve(found.hint, text=_cycle_found_line(found))
            return
        for hint, complexity, shape in shaped:
            cycle = "Cycle" in hint.technique
            cells = native_chains.shape_head(shape) if cycle else None
            yield attrs.evolve(hint, text=_cycle_line(hint, complexity, cells))

    plus = ruled_plus.plus(variant, blocks)
    kind = native_chains.plus_of(variant, blocks)
    # (the C's nested findings remembered by grid across the order's searches and steps, as a
    # classic rating's are: a geometry's own memo)
    memo = native_chains.ruled_memo()
    finders = (
        aligned_exclusion(2),
        cycles,
        aligned_exclusion(3),
        chainer(forcing.Chainer(False, True, True, poll=poll), kind, memo),
        chainer(forcing.Chainer(True, False, False, poll=poll), kind, memo),
        chainer(nested.dynamic_chainer(0, poll), kind, memo),
        chainer(nested.dynamic_chainer(1, poll, plus), kind, memo),
        chainer(nested.nested_chainer(2, 0, poll, plus), kind, memo),
        chainer(nested.nested_chainer(3, 0, poll, plus), kind, memo),
        *(chainer(nested.nested_chainer(4, n, poll, plus), kind, memo) for n in range(4)),
    )
    return tuple((name, finder) for (name, _), finder in zip(TECHNIQUES, finders, strict=True))

"""Sudoku Explainer's exclusions and chains on variant rules (serate v1.15.10 with a variant
flag): aligned pair and triplet exclusion, forcing chains and cycles, Nishio, multiple and
dynamic forcing chains, dynamic forcing chains (+) and the nested forcing chains (their "+"
rules the variant technique set's, ``ruled_plus``), in its order, each hint with serate's
line for it.

They are the classic techniques' own searches (``exclusion``, ``chains``, ``forcing``,
``nested``), which read their regions and visible cells from the grid's geometry: serate's
chains link a candidate to its cell and to its regions (blocks, rows, columns and a variant's
extra regions, in type order), never through a rule's leaps; the exclusions and a cycle's
removals see every visible cell (the anti-knight's and anti-king's leaps too)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

import attrs

from sudoku_repl.techniques.explainer import chains, exclusion, forcing, nested, ruled_plus
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


def _potential(p: Potential) -> str:
    """``Potential.toString``: ``E6.4``."""
    return f"{cell_name(p.cell)}.{p.value}"


def _on(on: bool) -> str:
    return " on" if on else " off"


def aligned_exclusion(degree: int) -> ChainFinder:
    """``AlignedPairExclusion`` (6.2) and ``AlignedExclusion(3)`` (7.5): its cells in the
    line."""
    name, rating = exclusion.NAMES[degree]

    def finder(grid: Grid) -> Iterator[Hint]:
        for cells, removals in exclusion.aligned_groups(grid, degree):
            yield Hint(name, rating, removals, None, f"{name}: {','.join(map(cell_name, cells))}")

    return finder


def _cycle_line(found: Found) -> str:
    """``CycleHint`` (its cells, the cycle walked from its start: a ``Generalized X-Wing`` on
    four cells) and ``ForcingChainHint`` (its conclusion: a ``Turbot Fish`` of six
    potentials)."""
    hint = found.hint
    name = hint.technique
    if found.origin == CYCLE_ORIGIN:
        cells = [p.cell for p in _walk(found.targets[0])]
        if name == "Bidirectional X-Cycle" and len(set(cells[1:])) == 4:
            name = "Generalized X-Wing"
        walked = dict.fromkeys(reversed(cells[:-1]))
        return f"{name}: {','.join(map(cell_name, walked))}"
    if name == "Forcing X-Chain" and found.complexity == 6:
        name = "Turbot Fish"
    if hint.placement is not None:
        cell, value = hint.placement
        return f"{name}: {cell_name(cell)}.{value} on"
    cell, value = hint.eliminations[0]
    return f"{name}: {cell_name(cell)}.{value} off"


def _chaining_line(grid: Grid, found: Found) -> str:
    """``BinaryChainingHint``, ``CellChainingHint`` and ``RegionChainingHint``: where the
    chains start (a region by its type's name) and the first chain's end."""
    technique = found.hint.technique
    name = forcing.line_name_of(technique)
    walked = _walk(found.targets[0])
    start, target = walked[-1], walked[0]
    if "Contradiction" in technique:
        return f"{name}: {_potential(start)}{_on(start.on)} ==> {_potential(target)} both on & off"
    if "Double" in technique:
        return f"{name}: {_potential(start)} on & off ==> {_potential(target)}{_on(target.on)}"
    if "Region" in technique:
        region = TYPE_NAMES[grid.geometry.unit_types[found.origin]]
        return f"{name}: {start.value} in {region} ==> {_potential(target)}{_on(target.on)}"
    return f"{name}: {cell_name(start.cell)} ==> {_potential(target)}{_on(target.on)}"


def chainer(chaining: forcing.Chainer) -> ChainFinder:
    """A forcing chains' technique (``Chaining``): its findings worded."""

    def finder(grid: Grid) -> Iterator[Hint]:
        for found in chaining.found(grid):
            yield attrs.evolve(found.hint, text=_chaining_line(grid, found))

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
        for found in chains.cycles_and_chains_found(grid, poll):
            yield attrs.evolve(found.hint, text=_cycle_line(found))

    plus = ruled_plus.plus(variant, blocks)
    finders = (
        aligned_exclusion(2),
        cycles,
        aligned_exclusion(3),
        chainer(forcing.Chainer(False, True, True, poll=poll)),
        chainer(forcing.Chainer(True, False, False, poll=poll)),
        chainer(nested.dynamic_chainer(0, poll)),
        chainer(nested.dynamic_chainer(1, poll, plus)),
        chainer(nested.nested_chainer(2, 0, poll, plus)),
        chainer(nested.nested_chainer(3, 0, poll, plus)),
        *(chainer(nested.nested_chainer(4, n, poll, plus)) for n in range(4)),
    )
    return tuple((name, finder) for (name, _), finder in zip(TECHNIQUES, finders, strict=True))

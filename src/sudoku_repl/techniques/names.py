"""The community's names of what an event record did (``set names standard``).

The original names its techniques by its own words (complete shrink, 1GW, 2GW, 3GW, guess);
HoDoKu and SudokuWiki say hidden single, naked pair, hidden triple, ... This module tells the
standard name of one event record, and is the API's ``technique`` (``sudoku_repl.technique``).

What a record alone tells: a complete shrink is a hidden single in its unit (the fill pass,
which places naked singles, prints no line: when grp runs no empty cell has one candidate
left); a CelSet is a hidden set of its size; a guess is a guess (trial); a chain is HoDoKu's
X-Chain or Forcing Chain. What it needs more for: a 1GW/3GW removal line does not say how big
its naked set was, nor which unit: the move's other records (its unit's line) and the
candidates after the move (the set's own cells kept theirs) tell. Without them the name is
the kind alone ("naked subset").
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC, Geometry, Mask
from sudoku_repl.techniques.chains import FORCING_CHAIN, X_CHAIN

#: the set sizes' words; past four the size is said in figures
_SIZES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
#: the geometry's unit words (row, col, blk) as the community says them
_UNIT_WORDS = {"row": "row", "col": "column", "blk": "box"}

#: ``set names``: the original's words alone (every line as 2.6 prints it), or with these
NAMES = ("readalps", "standard")
GUESS = "guess (trial)"
CHAINS = {X_CHAIN: "X-Chain", FORCING_CHAIN: "Forcing Chain"}  # as HoDoKu names them


@attrs.frozen
class Technique:
    """A standard technique name and where it was found: ``hidden pair`` in ``box 4``."""

    name: str
    unit: str = ""

    def __str__(self) -> str:
        return f"{self.name}, {self.unit}" if self.unit else self.name


def fill_pass(placed: int) -> Technique:
    """The fill pass places naked singles (cells with one candidate left), without a line."""
    return Technique("naked single" if placed == 1 else "naked singles")


def set_name(kind: str, size: int) -> str:
    """``naked pair``, ``hidden quad``, ``naked subset of 5``; ``naked subset`` for size 0
    (unknown)."""
    if size in _SIZES:
        return f"{kind} {_SIZES[size]}"
    return f"{kind} subset of {size}" if size else f"{kind} subset"


def unit_name(geo: Geometry, unit: int) -> str:
    """``row 4``, ``column 3``, ``box 5`` (``g2 box 5`` in a samurai's second grid)."""
    u = geo.units[unit]
    word = f"{_UNIT_WORDS.get(u.kind, u.kind)} {u.number}"
    return f"g{u.grid} {word}" if u.grid else word


def technique(
    event: Event,
    move: Sequence[Event] = (),
    cands: Sequence[Mask] | None = None,
    geo: Geometry = CLASSIC,
) -> Technique | None:
    """The standard name of ``event``, or None for a record that is no technique (a solution,
    a contradiction, ply, a theorem conversion of run-mode 3). ``move``: all the records of the
    move it belongs to (its unit, its set); ``cands``: the candidates right after that move (a
    naked set's size)."""
    kind = event[0]
    if kind in E.GUESS_KINDS:
        return Technique(GUESS)
    if kind in CHAINS:
        return Technique(CHAINS[kind])
    if kind == E.COMPLETE:
        return _singles(event[2], cands, geo)
    if kind == E.CELSET:
        return Technique(set_name("hidden", len(event[1])), _subset_unit(move, geo))
    if kind == E.INCOMPLETE or kind == E.REMOVED:
        return _subset(move or (event,), cands, geo)
    return None


def _singles(unit: int, cands: Sequence[Mask] | None, geo: Geometry) -> Technique:
    """A complete shrink: the cells it left one candidate are its hidden singles (there were
    none before it: the fill pass runs first)."""
    name = "hidden single"
    if cands is not None:
        alone = sum(1 for c in geo.units[unit].cells if cands[c].bit_count() == 1)
        if alone > 1:
            name = "hidden singles"
    return Technique(name, unit_name(geo, unit))


def _subset_unit(move: Sequence[Event], geo: Geometry) -> str:
    for e in move:
        if e[0] == E.INCOMPLETE:
            return unit_name(geo, e[2])
    return ""


def _subset(move: Sequence[Event], cands: Sequence[Mask] | None, geo: Geometry) -> Technique:
    """A subset's removals and its unit's line: 2GW is hidden (its CelSet gives the size),
    1GW and 3GW naked (the size from the candidates)."""
    where = _subset_unit(move, geo)
    for e in move:
        if e[0] == E.CELSET:
            return Technique(set_name("hidden", len(e[1])), where)
    removals = [e for e in move if e[0] == E.REMOVED]
    if removals and removals[0][1] == 2:  # a 2GW seen without its CelSet
        return Technique(set_name("hidden", 0), where)
    unit = next((e[2] for e in move if e[0] == E.INCOMPLETE), None)
    size = 0
    if cands is not None and unit is not None and removals:
        size = naked_set_size(
            geo.units[unit].cells, {e[3] for e in removals}, {e[2] for e in removals}, cands
        )
    return Technique(set_name("naked", size), where)


def naked_set_size(
    unit: Sequence[int], targets: set[int], values: set[int], cands: Sequence[Mask]
) -> int:
    """The size of the naked set that took ``values`` out of the ``targets``: the fewest of the
    unit's other cells whose candidates together are as many values, all of ``values`` among
    them (0 if none: the candidates are not the move's). Its cells kept their candidates."""
    return len(naked_set(unit, targets, values, cands))


def naked_set(
    unit: Sequence[int], targets: set[int], values: set[int], cands: Sequence[Mask]
) -> tuple[int, ...]:
    """The cells of that naked set (``naked_set_size``), none where there is none."""
    wanted = sum(1 << (v - 1) for v in values)
    cells = [c for c in unit if c not in targets and cands[c]]
    for k in range(2, len(cells) + 1):
        for combo in combinations(cells, k):
            union = 0
            for c in combo:
                union |= cands[c]
            if union.bit_count() == k and union & wanted == wanted:
                return combo
    return ()

"""The original's next step in the community's words: ``hint 3`` says the
whole step in the words ``hint 1`` named it by (a hidden single, a naked or hidden set, the
fill pass, a guess), not in the trace's (``2GW``, ``CelSet``/``ValSet``, ``shrunken``), which
``hint`` prints. None for a step these words do not cover (``hint 3`` then shows its trace)."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core import events as E
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Geometry, Mask
from sudoku_repl.techniques.names import naked_set, unit_name


def _digits(mask: Mask) -> list[int]:
    return [v for v in range(1, 10) if mask >> (v - 1) & 1]


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _removed(removals: Sequence[E.Removal], geo: Geometry) -> str:
    """``2, 8 and 9 from [4,3], and 5 and 9 from [6,1]``: by cell, as met."""
    by_cell: dict[int, list[str]] = {}
    for e in removals:
        by_cell.setdefault(e.cell, []).append(str(e.value))
    return ", and ".join(f"{_and(vs)} from {geo.cell_name(c)}" for c, vs in by_cell.items())


def step_words(
    events: Sequence[Event],
    before: Sequence[Mask],
    after: Sequence[Mask],
    placed: Sequence[tuple[int, int]],
    geo: Geometry,
) -> list[str] | None:
    """The step's sentences: ``events`` its records, ``before``/``after`` the candidates
    around it, ``placed`` the (cell, value) it placed."""
    if placed and not events:
        cells = " ".join(f"{geo.cell_name(c)}={v}" for c, v in placed)
        return [f"Each of these cells has one candidate left: it places {cells}."]
    removals = [e for e in events if isinstance(e, E.Removal)]
    unit = next((e.unit for e in events if isinstance(e, E.UnitShrunk)), None)
    celset = next((e for e in events if isinstance(e, E.CelSet)), None)
    guess = next((e for e in events if isinstance(e, E.Guess)), None)
    if unit is not None and events[0][0] == E.COMPLETE:
        where = unit_name(geo, unit)
        unit_cells = geo.units[unit].cells
        left = [c for c in unit_cells if after[c].bit_count() == 1 < before[c].bit_count()]
        if not left:
            return None
        said = [f"{_digits(after[c])[0]} can go only in {geo.cell_name(c)}" for c in left]
        return [f"In {where}, {_and(said)}.", "So the next fill pass places it there."]
    if unit is not None and removals and celset is not None:
        digits = _and([str(v) for v in celset.values])
        cells = " ".join(map(geo.cell_name, celset.cells))
        return [
            f"In {unit_name(geo, unit)}, {digits} can go only in {cells}: those cells hold "
            "them and nothing else.",
            f"So it removes {_removed(removals, geo)}.",
        ]
    if unit is not None and removals:
        values = {e.value for e in removals}
        cells_set = naked_set(geo.units[unit].cells, {e.cell for e in removals}, values, after)
        if not cells_set:
            return None
        digits = _and([str(v) for v in _digits(_union(after, cells_set))])
        cells = " ".join(map(geo.cell_name, cells_set))
        return [
            f"In {unit_name(geo, unit)}, {cells} hold only {digits} between them: those "
            "digits fill them, and go nowhere else in it.",
            f"So it removes {_removed(removals, geo)}.",
        ]
    if guess is not None and not removals:
        cell = geo.cell_name(guess.cell)
        return [
            f"It tries candidate {guess.tried} of the {guess.out_of} of {cell} (a guess, level "
            f"{guess.level}); where that leads nowhere, the search comes back for the next."
        ]
    return None


def _union(cands: Sequence[Mask], cells: Sequence[int]) -> Mask:
    union = 0
    for c in cells:
        union |= cands[c]
    return union

"""Run-mode 3: the theorems of Jin Jianming's numerical-analysis book (seed 000) as the searching
step, one conversion per step. Its arrays and reasons are ``views.matrices``.

Glossary (the book's names, kept because users compare with its figures):

- ``I``: a cell's number, 1..81 in row-major order (``I = cell + 1``); block 1 is I = 1, 2, 3,
  10, 11, 12, 19, 20, 21. (The book's conversion formula in 1.1 swaps rows and columns, but its
  worked examples, row 1 = I 1..9 and column 3 holding I 39, are row-major.)
- ``NA(I)``: the cell's value, 0 while unknown.
- ``NAK(v, I)``: v while v is still possible for cell I, 0 once it has been *zeroed*; a filled
  cell keeps only ``NAK(NA(I), I) = NA(I)``.
- ``MMK(I)``: how many values are still possible (1 for a filled cell).
- ``KH(I)``: the order in which cells got their values: the givens 1, 2, ... in row-major order,
  then each placed value in the order placed (within one move, the fill pass's row-major order);
  0 while unknown. Going back (a Forward or Upward guess) takes the numbers of the undone
  placements back, so KH always numbers the values the grid holds now.
- a *reference*: why ``NAK(v, I)`` was zeroed by a known value in the same unit, written as the
  book does: ``Ik`` (by cell k of the same row), ``Jm`` (same column), ``Gn`` (same block).
- theorems: 1 a known value zeroes that value in its units; 2 a cell with one possible value takes
  it; 3 a value possible in only one cell of a unit goes there; 4 the last empty cell of a unit
  takes the missing value. 2, 3 and 4 are *conversions* (``NA(I) = 0 -> NA(I) != 0``).

Before the first step the engine has not computed candidates; the view then shows the book's
"expansion" (扩展): every value possible (``MMK = 9``) in every empty cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sudoku_repl.core import modes
from sudoku_repl.core.events import Event, register_kind
from sudoku_repl.core.geometry import FULL, VALUE_OF_BIT, Cell, Geometry, Mask
from sudoku_repl.core.modes import Searching
from sudoku_repl.core.state import Status

#: the event kind of a conversion (a ``Conversion`` record)
CONVERSION = 30

BOOK_MODE = 3


class Found(NamedTuple):
    """A conversion found in a state: ``value`` goes to ``cell`` by ``theorem`` in ``unit``."""

    cell: Cell
    value: int
    theorem: int
    unit: int


class Conversion(NamedTuple):
    """The event of a conversion of run-mode 3 (kind ``CONVERSION``)."""

    kind: int
    step: int
    cell: Cell
    value: int
    theorem: int
    unit: int


# -- run-mode 3: the book's method as the searching step ------------------------------------


def find_conversion(geo: Geometry, values: Sequence[int], cands: Sequence[Mask]) -> Found | None:
    """The first conversion in the documented order, or None when theorems 2-4 are stuck.

    1. theorem 4: units in scan order (rows 1..9, columns 1..9, blocks 1..9), the first unit
       with exactly one empty cell;
    2. theorem 2: cells in row-major order, the first empty cell with one possible value
       (reported in its row, the unit in which the scan meets it: its first unit in scan order);
    3. theorem 3: units in scan order, values ascending, the first value possible in exactly
       one empty cell of the unit.

    Theorem 4 first: it is the most specific (its cell is also a case of 2 and 3). A value with
    no place left in a unit is none of the book's theorems: the search meets that contradiction
    when a placement zeroes a cell's last value.
    """
    units = geo.units
    for u, unit in enumerate(units):
        empty = [c for c in unit.cells if not values[c]]
        if len(empty) == 1:
            cell = empty[0]
            missing = FULL
            for c in unit.cells:
                if values[c]:
                    missing &= ~(1 << (values[c] - 1))
            if cands[cell] & missing:  # always, on a consistent grid
                return Found(cell, VALUE_OF_BIT[missing], 4, u)
    for cell, mask in enumerate(cands):
        if not values[cell] and mask in VALUE_OF_BIT:
            row = next(u for u, unit in enumerate(units) if cell in unit.cells)
            return Found(cell, VALUE_OF_BIT[mask], 2, row)
    for u, unit in enumerate(units):
        once = twice = 0
        for c in unit.cells:
            m = cands[c]
            twice |= once & m
            once |= m
        single = once & ~twice
        if single:
            b = single & -single  # the smallest value
            for c in unit.cells:
                if cands[c] & b:
                    return Found(c, VALUE_OF_BIT[b], 3, u)
    return None


def book_step(engine: Searching, ev: list[Event]) -> None:
    """One searching move of run-mode 3: one conversion (one step), placed by ``place`` (whose
    zeroing of the peers is theorem 1); stuck, a new guess at the foremost cell is due and the
    guess makes the step."""
    found = find_conversion(engine.geo, engine.values, engine.cands)
    if found is None:
        engine.pending = engine.foremost()[0]
        engine.status = Status.GUESS_DUE
        return
    engine.steps += 1
    ev.append(Conversion(CONVERSION, engine.steps, *found))
    if not engine.place(found.cell, found.value, ev):
        engine.status = Status.WRONG
    elif 0 not in engine.values:
        engine.solved(ev)


def register() -> None:
    """Run-mode 3 and the conversion's event kind (called by ``assembly.register_modes``; its
    line is ``views/technique_lines.py``'s)."""
    register_kind(CONVERSION, "conversion", Conversion)
    modes.register_strategy(
        BOOK_MODE,
        book_step,
        "the book's theorems 1-4 (Jin Jianming), one conversion per step, a guess when stuck",
    )

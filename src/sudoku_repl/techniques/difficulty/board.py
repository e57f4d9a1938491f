"""The board the measures play on: classic sudoku, or a variant's rules (``core/rules``).

Berthier's resolution theory is stated for any finite CSP: its *variables* (here a cell, and a
digit in a house), and the *links* between candidates (two candidates that cannot both hold).
On a 9x9 board of any rules:

- a cell's digits are linked to each other, and a digit to itself in the cell's peers (the
  cells sharing a house with it, or a neighbour rule's cells: a knight's or a king's move away);
- under non-consecutive, a digit is linked to the digits one apart in the cells beside it (9
  and 1 too where it is cyclic, serate's NC+);
- every house (rows, columns, the blocks or a jigsaw's regions, and the rules' extra houses: the
  diagonals, windows, disjoint groups, ...) holds each digit once: a digit in a house is a CSP
  variable, as a cell is. A neighbour rule makes links, not variables.

BRT, T&E, braids and backdoors are then defined as on classic sudoku, on these variables and
links; ``Board`` holds them as the measures read them, and the C (``native``) takes them as
its tables: classic sudoku's its own, another board's handed to it once (a board of more than
64 houses is measured by the pure Python).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

import attrs

from sudoku_repl.core.geometry import CLASSIC, FULL, Cell, Geometry

if TYPE_CHECKING:  # (the rules are read only for a variant's board: classic sudoku needs none)
    from sudoku_repl.core.rules import Rules

CELLS: Final = 81


@attrs.frozen(eq=False)
class Board:
    """A 9x9 board's houses (each nine cells), each cell's peers (its digit is none of theirs)
    and the cells beside it where a digit one apart from its own is forbidden (none without a
    non-consecutive rule; ``cyclic``: 9 and 1 are one apart), and the rules' line (``""``:
    classic sudoku)."""

    houses: tuple[tuple[Cell, ...], ...]
    peers: tuple[tuple[Cell, ...], ...]
    apart: tuple[tuple[Cell, ...], ...]
    cyclic: bool = False
    rules: str = ""

    @property
    def classic(self) -> bool:
        """Classic sudoku's board: the C's own."""
        return not self.rules

    def away(self, mask: int) -> int:
        """The digits one apart from those of ``mask`` (``cyclic``: 9 and 1 too)."""
        out = (mask << 1 | mask >> 1) & FULL
        if self.cyclic:
            out |= (mask >> 8 & 1) | (mask & 1) << 8
        return out

    def linked(self, cell: Cell, digit: int) -> list[tuple[Cell, int]]:
        """The candidates (cell, digit 1-9) linked to ``digit`` at ``cell``: the cell's other
        digits, the digit in its peers, the digits one apart in the cells beside it."""
        bit = 1 << (digit - 1)
        found = [(cell, d + 1) for d in range(9) if d != digit - 1]
        found += [(p, digit) for p in self.peers[cell]]
        away = self.away(bit)
        found += [(p, d + 1) for p in self.apart[cell] for d in range(9) if away >> d & 1]
        return found


def _board(geometry: Geometry) -> Board:
    if len(geometry.positions) != CELLS:
        raise ValueError("the measures of difficulty take a 9x9 board (81 cells)")
    return Board(
        tuple(unit.cells for unit in geometry.units),
        tuple(tuple(sorted(peers)) for peers in geometry.peers),
        tuple(tuple(sorted(a)) for a in geometry.apart) if geometry.apart else ((),) * CELLS,
        geometry.cyclic,
        geometry.rules,
    )


#: classic sudoku's board
CLASSIC_BOARD: Final = _board(CLASSIC)


@cache
def board_of(rules: Rules | None = None) -> Board:
    """The board of these rules (``core/rules``); classic sudoku's for none."""
    if rules is None or not rules.words:
        return CLASSIC_BOARD
    from sudoku_repl.core.rules import geometry_of

    return _board(geometry_of(rules))


@cache
def board_for(line: str) -> Board:
    """The board of a quiz's rules line (``Quiz.rules``, as ``core/rules.parse`` reads it;
    ``""``: classic sudoku). ``QuizError`` for a line that names no rules."""
    if not line:
        return CLASSIC_BOARD
    from sudoku_repl.core.rules import parse

    return board_of(parse(line))

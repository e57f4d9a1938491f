"""A move in the field's notation: ``r4c5=7`` places 7 at row 4, column 5;
``r4c5<>7`` eliminates 7 from that cell's candidates. Read in one place, for ``check_move``,
``place`` and ``eliminate`` of ``sudoku-repl mcp`` and the environment's actions."""

from __future__ import annotations

import re
from typing import NamedTuple

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer.plan_step import CELL_LABELS

#: what a move is, said after a move refused
FORM = "a move is r4c5=7 (a placement) or r4c5<>7 (an elimination)"

#: what a cell and a move are, exactly (a tool's schema says it too: a JSON schema pattern):
#: R and C in either case, spaces around the parts, ASCII digits (a full-width one is refused)
CELL_PATTERN = "^ *[rR] *([0-9]+) *[cC] *([0-9]+) *$"
MOVE_PATTERN = "^ *[rR] *([0-9]+) *[cC] *([0-9]+) *(=|<>|!=) *([0-9]+) *$"
_CELL = re.compile(CELL_PATTERN)
_MOVE = re.compile(MOVE_PATTERN)


class Move(NamedTuple):
    """A placement (``place``) or an elimination of ``digit`` (1..9) at ``cell`` (0..80, row
    by row)."""

    cell: int
    digit: int
    place: bool

    def __str__(self) -> str:
        return f"{CELL_LABELS[self.cell]}{'=' if self.place else '<>'}{self.digit}"


def parse_move(text: str) -> Move:
    """The move ``text`` writes; ``UserError`` (one line: what is wrong, and what a move is)
    for anything else (``r10c1=5``: no such cell)."""
    found = _MOVE.fullmatch(text)
    if found is None:
        raise UserError(f"Not a move: {text.strip()[:40]!r}; {FORM}")
    sign, digit = found[3], int(found[4])
    cell = _cell(int(found[1]), int(found[2]), FORM)
    if not 1 <= digit <= 9:
        raise UserError(f"No value {digit}: values go from 1 to 9; {FORM}")
    return Move(cell, digit, sign == "=")


def parse_cell(text: str) -> int:
    """The cell (0..80) ``r4c5`` names; ``UserError`` (one line) for anything else."""
    form = "a cell is r4c5 (row 4, column 5)"
    found = _CELL.fullmatch(text)
    if found is None:
        raise UserError(f"Not a cell: {text.strip()[:40]!r}; {form}")
    return _cell(int(found[1]), int(found[2]), form)


def _cell(row: int, col: int, form: str) -> int:
    if not (1 <= row <= 9 and 1 <= col <= 9):
        raise UserError(f"No cell r{row}c{col}: rows and columns go from 1 to 9; {form}")
    return (row - 1) * 9 + col - 1

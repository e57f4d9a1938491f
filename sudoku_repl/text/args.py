"""Parsing command arguments: numbers and cells, each failure a ``UserError`` naming the form."""

from __future__ import annotations

import re

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry

# ASCII digits and blanks only: int() would take any Unicode digit
NUMBER = re.compile(r"[ \t]*([0-9]+)[ \t]*")
CELL = re.compile(r"[ \t]*\[[ \t]*([0-9]+)[ \t]*,[ \t]*([0-9]+)[ \t]*\][ \t]*")
CELL_VALUE = re.compile(
    r"[ \t]*\[[ \t]*([0-9]+)[ \t]*,[ \t]*([0-9]+)[ \t]*\][ \t]*=[ \t]*([0-9]+)[ \t]*"
)


#: numbers are taken up to this (a step count or solution sum no search reaches)
HUGE = 10**18


def number(digits: str) -> int:
    """ASCII digits as a number, anything past ``HUGE`` taken as ``HUGE`` (``int`` refuses more
    than 4300 digits)."""
    digits = digits.lstrip("0") or "0"
    return HUGE if len(digits) > 18 else min(int(digits), HUGE)


def parse_count(text: str, problem: str) -> int:
    """A whole number >= 0 with optional blanks around it; else ``UserError(problem)``."""
    match = NUMBER.fullmatch(text)
    if not match:
        raise UserError(problem)
    return number(match.group(1))


def cell_of(row: int, col: int, problem: str, geo: Geometry = CLASSIC) -> Cell:
    cell = geo.cell_at(row, col)
    if cell is None:
        if geo.classic:
            raise UserError(f"No cell [{row},{col}]: rows and columns go from 1 to 9; {problem}")
        raise UserError(f"No cell [{row},{col}] in this puzzle; {problem}")
    return cell


def parse_cell(text: str, problem: str, geo: Geometry = CLASSIC) -> Cell:
    """``[r,c]`` (blanks allowed around the parts)."""
    match = CELL.fullmatch(text)
    if not match:
        raise UserError(problem)
    return cell_of(number(match.group(1)), number(match.group(2)), problem, geo)


def parse_cell_value(text: str, problem: str, geo: Geometry = CLASSIC) -> tuple[Cell, int]:
    """``[r,c]=v``."""
    match = CELL_VALUE.fullmatch(text)
    if not match:
        raise UserError(problem)
    r, c, v = (number(g) for g in match.groups())
    if not 1 <= v <= 9:
        raise UserError(f"No value {v}: values go from 1 to 9; {problem}")
    return cell_of(r, c, problem, geo), v


def parse_value(text: str, problem: str) -> int:
    v = parse_count(text, problem)
    if not 1 <= v <= 9:
        raise UserError(f"No value {v}: values go from 1 to 9; {problem}")
    return v

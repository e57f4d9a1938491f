"""A region of Sudoku Explainer's grid as a hint names it, on any rules: a block, row or
column as classic sudoku's (``column 4``), a variant's other regions as serate does
(``disjoint group 3``, ``Main Diagonal``: ``ruled.full_name``)."""

from __future__ import annotations

from sudoku_repl.techniques.explainer.grid import Geometry, unit_name
from sudoku_repl.techniques.explainer.ruled_words import full_name


def region_name(kind: int, index: int) -> str:
    """The region of serate's type ``kind`` (0 block, 1 row, 2 column, 3 disjoint group, ...)
    numbered ``index`` (from 0) in that type."""
    return unit_name(kind * 9 + index) if kind <= 2 else full_name(kind, index)


def unit_named(geometry: Geometry, unit: int) -> str:
    """A unit of ``geometry`` (its number in ``geometry.units``) by ``region_name``."""
    kind = geometry.unit_types[unit]
    return region_name(kind, unit - geometry.unit_types.index(kind))

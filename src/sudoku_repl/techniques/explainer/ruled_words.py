"""serate's words for the cells and regions of a variant grid (``Cell.toString``,
``Region.toString`` and ``toFullString``), which every variant technique's line uses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

#: ``Region.toString`` by type
TYPE_NAMES: Final = (
    "block",
    "row",
    "column",
    "disjoint group",
    "window group",
    "Main Diagonal",
    "Anti Diagonal",
    "Girandola group",
    "Asterisk group",
    "Center Dot group",
)


def cell_name(cell: int) -> str:
    """``Cell.toString``: ``A1`` to ``I9`` (column letter, row number)."""
    return f"{chr(65 + cell % 9)}{cell // 9 + 1}"


def cells_text(cells: Sequence[int]) -> str:
    """``Cell.toFullString(cells)``: ``Cell A1`` or ``Cells A1,B2``."""
    return ("Cell " if len(cells) <= 1 else "Cells ") + ",".join(map(cell_name, cells))


def full_name(kind: int, index: int) -> str:
    """``Region.toFullString``: a block, a row, a disjoint group or a window with its number,
    a column with its letter, the others their name alone."""
    name = TYPE_NAMES[kind]
    if kind == 2:
        return f"{name} {chr(65 + index)}"
    return f"{name} {index + 1}" if kind <= 4 else name

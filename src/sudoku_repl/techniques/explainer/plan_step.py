"""A step of Sudoku Explainer's path as data: the technique, its rating, the pattern's cells,
a chain's links in order, the candidates removed and the values placed. The one
source a hint's words, a step's picture and ``rate --plan``'s JSON read.

Notation (the dossier's, 1-based): a cell ``r3c5``, a candidate digit+row+column ``5r3c5``.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

LinkKind = Literal["strong", "weak"]


#: each cell's label (a plan names thousands of cells a second: made once)
CELL_LABELS = tuple(f"r{cell // 9 + 1}c{cell % 9 + 1}" for cell in range(81))
#: each candidate's label, by cell then digit (index 0 unused)
CANDIDATE_LABELS = tuple(tuple(f"{d}{CELL_LABELS[c]}" for d in range(10)) for c in range(81))


def cell_label(cell: int) -> str:
    """A cell (0..80) as ``r3c5``."""
    return CELL_LABELS[cell]


def candidate_label(cell: int, digit: int) -> str:
    """A candidate (cell 0..80, digit 1..9) as ``5r3c5``."""
    return CANDIDATE_LABELS[cell][digit]


def label_cell(label: str) -> int:
    """The cell (0..80) of ``r3c5`` or of a candidate ``5r3c5``."""
    row, column = label[label.index("r") + 1 :].split("c")
    return (int(row) - 1) * 9 + int(column) - 1


def label_digit(candidate: str) -> int:
    """The digit of a candidate ``5r3c5``."""
    return int(candidate[: candidate.index("r")])


#: the roles a pattern's cell may have (``PlanStep.roles``): an XY- or XYZ-Wing's pivot and
#: pincers; a WXYZ- or VWXYZ-Wing's almost locked set and the bivalue cell linked to it; a
#: unique rectangle's or loop's corners that hold its two digits only (``floor``) and those
#: that hold other candidates too (``roof``)
ROLES = ("pivot", "pincer", "set", "bivalue", "floor", "roof")


class Link(NamedTuple):
    """A link of a chain between two candidates: ``strong`` (one of them is true: the source
    off forces the target on) or ``weak`` (not both: the source on forces the target off). A
    named tuple, as ``PlanStep``: a plan makes tens of thousands of them a second."""

    source: str
    target: str
    kind: LinkKind


class PlanStep(NamedTuple):
    """One step of the SE path. ``cells``: the pattern's cells (the house's for a single, the
    set's, the fish's base cells, a wing's, a chain's in order), as ``r1c2``; ``links``: a
    chain's, in order; ``removed``/``placed``: candidates as ``5r3c8``. ``rating`` as serate
    prints it (6.6). ``house``: where to look (``row 3``, ``block 5``, ``the chain starts in
    row 3``), for a hint's first level; ``description``: serate's ``%s`` line of the step;
    ``digits``: the digits the pattern is about (a set's, a fish's, a loop's; else those it
    removes or places); ``starts``: whether each chain of ``links`` starts from its first
    candidate true (True) or false, the chains in their order (a link's kind says its target's
    state alone); ``line_name``: the name serate's own line of the step begins with (its
    ``%s``: the technique's but for the forcing chains', ``Contradiction Forcing Chain`` for
    ``Dynamic Contradiction Forcing Chains (+)``; empty: the technique's). ``roles``: each cell
    of ``cells``'s role, in their order (``ROLES``; empty: each is the pattern's, no more);
    ``base_lines`` and ``cover_lines``: a fish's lines, as unit numbers (``grid.UNITS``: 9 to
    17 the rows, 18 to 26 the columns); ``crossing``: a pointing's or claiming's second
    house, where the cells lie too, where its rules say it (variant rules': ``disjoint group
    4``; empty: the classic grid's, read from the cells). ``house``, ``description``,
    ``digits``, ``starts``, ``roles``, the lines and ``crossing`` are not in ``to_json``. A named tuple (immutable,
    ``_replace`` for a changed copy): ``rate --plan`` makes one a step, and an attrs frozen
    class cost it a tenth of the plan (``benchmarks/bench_plan.py``)."""

    technique: str
    rating: float
    cells: tuple[str, ...]
    links: tuple[Link, ...]
    removed: tuple[str, ...]
    placed: tuple[str, ...]
    house: str = ""
    description: str = ""
    digits: tuple[int, ...] = ()
    starts: tuple[bool, ...] = ()
    line_name: str = ""
    roles: tuple[str, ...] = ()
    base_lines: tuple[int, ...] = ()
    cover_lines: tuple[int, ...] = ()
    crossing: str = ""

    def to_json(self) -> dict[str, object]:
        """The issue's shape: technique, rating, cells, links as [source, target, kind],
        removed, placed; and ``line_name``, the name serate's line of the step begins with
        (a forcing chain's is not its ``technique``)."""
        return {
            "technique": self.technique,
            "line_name": self.line_name or self.technique,
            "rating": self.rating,
            "cells": list(self.cells),
            "links": [list(link) for link in self.links],
            "removed": list(self.removed),
            "placed": list(self.placed),
        }

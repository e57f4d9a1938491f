"""How every board draws a quiz's variant rules, read from each rule's ``draw`` (``core/rules``):
per cell, the diagonal lines crossing it, the shade of the shaded house it is in and its
jigsaw region, and the rules the legend names. The terminal's board (``views/board``), the
DAP's ``sudokuBoard`` (``views/board_data``: the page's and VS Code's Board) draw from this.

A shade is a number 1 to ``SHADES``, given house by house so that two shaded houses side by
side never share one (extra regions may touch); a jigsaw's regions are tinted the same way
where a board colours them (the terminal's), and bordered where it draws lines."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

import attrs

from sudoku_repl.core.geometry import Cell, Geometry
from sudoku_repl.core.rules import BY_WORD, Rules, parse

#: the shades (and a jigsaw's tints) a board tells apart
SHADES: Final = 4
#: a cell's slope on a diagonal line: from its top left to its bottom right, or the other way;
#: both where two lines cross
DOWN, UP, BOTH = "\\", "/", "X"


@attrs.frozen
class RuleShown:
    """A rule as a legend names it: its word, its words, how it is drawn (``Rule.draw``) and
    the names of its houses drawn (``diag 1``, ``window 3``...; none for a neighbour rule)."""

    word: str
    title: str
    draw: str
    houses: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"word": self.word, "title": self.title, "draw": self.draw, "houses": self.houses}


@attrs.frozen
class Drawn:
    """A board's rules, per cell (row-major, 81): ``slopes`` (``DOWN``, ``UP``, ``BOTH`` or
    ""), ``shades`` (0: none), ``regions`` (a jigsaw's region 1-9; empty: no jigsaw) and
    ``tints`` (a region's tint, 1 to ``SHADES``); ``rules`` the rules' line, ``shown`` each
    rule as the legend says it."""

    rules: str
    slopes: tuple[str, ...]
    shades: tuple[int, ...]
    regions: tuple[int, ...]
    tints: tuple[int, ...]
    shown: tuple[RuleShown, ...]

    def to_json(self) -> dict[str, object]:
        """As the ``sudokuBoard`` response carries it (docs/dap.md)."""
        return {
            "text": self.rules,
            "slopes": list(self.slopes),
            "shades": list(self.shades),
            "regions": list(self.regions),
            "rules": [rule.to_json() for rule in self.shown],
        }


def drawn_rules(geo: Geometry) -> Drawn | None:
    """The rules of a one-grid geometry as a board draws them (None: classic sudoku, or
    several grids)."""
    if not geo.rules or not geo.one_grid:
        return None
    return _drawn(parse(geo.rules))


@cache
def _drawn(rules: Rules) -> Drawn:
    slopes = [""] * 81
    shaded: list[tuple[Cell, ...]] = []
    shown = []
    for word in rules.words:
        rule = BY_WORD[word]
        houses = [h for h in rules.houses() if h[0] == rule.kind] if rule.kind else []
        if rule.drawn:
            houses = houses[: rule.drawn]
        names = tuple(f"{kind} {n}" if n else kind for kind, n, _ in houses)
        if word == "jigsaw":
            names = tuple(f"region {n}" for n in range(1, 10))
        shown.append(RuleShown(word, rule.title, rule.draw, names))
        for _, _, cells in houses:
            if rule.draw == "lines":
                for cell, slope in _slopes(cells):
                    slopes[cell] = BOTH if slopes[cell] not in ("", slope) else slope
            elif rule.draw == "shade":
                shaded.append(cells)
    regions = rules.jigsaw
    tints = (
        _coloured([tuple(c for c in range(81) if regions[c] == n) for n in range(1, 10)])
        if regions
        else ()
    )
    return Drawn(str(rules), tuple(slopes), _coloured(shaded), regions, tints, tuple(shown))


def _slopes(cells: Sequence[Cell]) -> list[tuple[Cell, str]]:
    """Each cell of a diagonal house and its slope (the house's cells row-major: each a row
    below the one before, a column right or left of it)."""
    ordered = sorted(cells)
    out = []
    for k, cell in enumerate(ordered):
        other = ordered[k + 1] if k + 1 < len(ordered) else ordered[k - 1]
        dc = (other % 9 - cell % 9) * (1 if other > cell else -1)
        out.append((cell, DOWN if dc > 0 else UP))
    return out


def _coloured(houses: Sequence[Sequence[Cell]]) -> tuple[int, ...]:
    """Per cell, the shade of its house (0: in none): each house the first shade no house
    beside it (a cell of it a side away) has."""
    shade = [0] * 81
    for cells in houses:
        inside = set(cells)
        near = {
            shade[other]
            for cell in cells
            for other in _sides(cell)
            if other not in inside and shade[other]
        }
        pick = next((s for s in range(1, SHADES + 1) if s not in near), 1)
        for cell in cells:
            shade[cell] = pick
    return tuple(shade)


def _sides(cell: Cell) -> list[Cell]:
    r, c = divmod(cell, 9)
    return [
        rr * 9 + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < 9 and 0 <= cc < 9
    ]

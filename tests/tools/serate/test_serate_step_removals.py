"""serate's step descriptions (``%s``) describe the step that was taken: for every step of a
rating, the candidates its description implies (read from the text alone, by the technique's
rule: a pointing's value from the rest of its line, a wing's value from every cell seeing all
of the wing's cells that hold it, a forcing chain's conclusion) are the candidates the step
removed, and the value it implies placed is the one placed. This once failed where a tie had
the description name serate's finding while the step applied another: ``WXYZ-Wing 138: Cells
E6,H6,I6,F5 on value 3`` (serate's wing, implying E5.3 gone) for the step that removed E3.3,
the wing ``137: Cells D3,D4,D9,E5 on value 3``."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from sudoku_repl.techniques.explainer.grid import CELL_UNITS, MASK_DIGITS, PEER_SETS, UNITS, Grid
from sudoku_repl.techniques.explainer.rating import rate_grid
from sudoku_repl.tools.serate.steps import describe
from tests.support.helpers import TEST_DATA, read_lines

#: the bank's puzzle of the WXYZ-Wing above (ER 6.3; two of its 5.6 wings tie)
TIED = "000792000073408920000000000002000300067000410008109200030904050050010040800020003"
#: the first of serate's goldens' bank sample (seconds in pure Python)
SAMPLE = [line.split()[0] for line in read_lines(TEST_DATA / "serate" / "bank_sample.txt")][:6]

Removed = frozenset[tuple[int, int]]
#: what a description implies: the candidates removed, and the value placed
Implied = tuple[Removed, tuple[int, int] | None]
_TYPES = {"block": 0, "row": 1, "column": 2}


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + ord(name[0]) - 65


def _cells(text: str) -> list[int]:
    return [_cell(name) for name in re.findall(r"\b[A-I][1-9]\b", text)]


def _unit_of(cells: list[int], kind: str) -> int:
    """The unit of that kind holding every one of the cells."""
    (unit,) = {CELL_UNITS[c][_TYPES[kind]] for c in cells}
    return unit


def _holding(grid: Grid, cells: list[int], value: int) -> Removed:
    return frozenset((c, value) for c in cells if grid.cands[c] >> value & 1)


def _seeing(grid: Grid, sources: list[int], value: int, but: list[int]) -> Removed:
    """The value's candidates in the cells that see every source, but those of ``but``."""
    seen = set(range(81))
    for source in sources:
        seen &= PEER_SETS[source]
    return _holding(grid, [c for c in sorted(seen) if c not in but], value)


def _conclusion(rest: str) -> tuple[tuple[int, int], bool] | None:
    """A forcing chain's conclusion: the candidate and whether it is true. ``S ==> T on``: T
    is true (``off``: false); ``S on ==> T both on & off``: S is false (``off``: true); a
    forcing X/Y chain's ``T on`` or ``T off``."""
    potential = r"([A-I][1-9]\.\d)"
    found = re.fullmatch(
        rf"{potential} (on|off) ==> [A-I][1-9]\.\d both on & off"
        rf"|.*==> {potential} (on|off)|{potential} (on|off)",
        rest,
    )
    if found is None:
        return None
    if found.group(1):  # a contradiction: the start is the opposite of what it was taken for
        named, true = found.group(1), found.group(2) == "off"
    else:
        named = found.group(3) or found.group(5)
        true = (found.group(4) or found.group(6)) == "on"
    return (_cell(named[:2]), int(named[3])), true


def implied(text: str, grid: Grid) -> tuple[str, Implied | None]:
    """The technique a description names and what it implies on ``grid`` (the grid its step
    was found on); None where the text does not say exactly (a direct pointing names no cell
    it places in, a group of a strong link is named by one of its cells)."""
    name, _, rest = text.partition(": ")
    head, _, tail = rest.partition(": ")
    cells = _cells(head)
    if name in ("Hidden Single", "Naked Single"):
        return name, (frozenset(), (cells[0], int(tail[0])))
    if name in ("Pointing", "Claiming"):
        value, _, kind1, _, kind2 = tail.split()
        unit1, unit2 = _unit_of(cells, kind1), _unit_of(cells, kind2)
        others = [c for c in UNITS[unit2] if c not in UNITS[unit1]]
        return name, (_holding(grid, others, int(value)), None)
    found = re.fullmatch(r"(Naked|Hidden) (Pair|Triplet|Quad)", name)
    if found:
        if "[...]" in head:
            return name, None
        values = [int(v) for v in tail.split()[0].split(",")]
        if found.group(1) == "Naked":
            others = [c for c in UNITS[_unit_of(cells, tail.split()[-1])] if c not in cells]
            return name, (frozenset().union(*(_holding(grid, others, v) for v in values)), None)
        drop = {(c, v) for c in cells for v in MASK_DIGITS[grid.cands[c]] if v not in values}
        return name, (frozenset(drop), None)
    if name in ("X-Wing", "Swordfish", "Jellyfish"):
        words = tail.split()  # v in 2 columns and 2 rows
        value, base, cover = int(words[0]), _TYPES[words[3][:-1]], _TYPES[words[6][:-1]]
        bases = {CELL_UNITS[c][base] for c in cells}
        covers = sorted({CELL_UNITS[c][cover] for c in cells})
        targets = [c for u in covers for c in UNITS[u] if CELL_UNITS[c][base] not in bases]
        return name, (_holding(grid, targets, value), None)
    cells = _cells(rest)
    if name in ("XY-Wing", "XYZ-Wing"):
        pivot, *pincers = cells
        sources = pincers if name == "XY-Wing" else cells
        return name, (_seeing(grid, sources, int(rest.split()[-1]), [pivot]), None)
    if name.startswith(("WXYZ-Wing", "VWXYZ-Wing")):
        if " on value " in rest:
            values = [int(rest.split()[-1])]
        else:  # doubly linked: every value of the wing
            values = sorted({v for c in cells for v in MASK_DIGITS[grid.cands[c]]})
        removed = frozenset().union(
            *(_seeing(grid, [c for c in cells if grid.cands[c] >> v & 1], v, cells) for v in values)
        )
        return name.split()[0], (removed, None)
    if re.search("Skyscraper|Kite|Turbot|Strong", name):
        if "rouped" in name:
            return "grouped strong links", None
        start, end = cells[0], cells[-1]
        return "strong links", (_seeing(grid, [start, end], int(rest.split()[-1]), cells), None)
    conclusion = _conclusion(rest)
    if conclusion is not None:
        (cell, value), true = conclusion
        if true:
            others = {(cell, v) for v in MASK_DIGITS[grid.cands[cell]] if v != value}
            return "forcing chains", (frozenset(others), (cell, value))
        return "forcing chains", (frozenset({(cell, value)}), None)
    return name, None


@pytest.mark.parametrize("puzzle", [TIED, *SAMPLE])
def test_every_description_implies_the_candidates_its_step_removed(puzzle: str) -> None:
    grid = Grid.from_puzzle(puzzle)
    checked: Counter[str] = Counter()
    for step in rate_grid(grid.copy(), None).steps:
        text = describe(step, grid)
        technique, implies = implied(text, grid)
        if implies is not None:
            assert implies == (frozenset(step.hint.eliminations), step.hint.placement), text
            checked[technique] += 1
        step.hint.apply(grid)
    assert checked["Hidden Single"] > 10
    if puzzle == TIED:  # the tied wings are among the steps checked
        assert checked["WXYZ-Wing"] >= 2

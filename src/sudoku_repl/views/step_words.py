"""A step of Sudoku Explainer's path in words, graded: a hint's level is a
filter over the one ``PlanStep``, never a second explanation. Modelled on HoDoKu's vague hint,
concrete hint and show step, in SudokuWiki's words: level 1 names the technique and where to
look, and no cell; level 2 adds what a player needs next, the digits and the pattern's defining
cells (``step_reasons.clue``), and no candidate removed or value placed; level 3 says the whole
step and why it follows (``step_reasons.reasons``), what is placed and removed, then serate's
own line of the step, marked as serate's, with its cells (column letter first) said in ours.

One cell notation in a hint, the session's (``set names``): ``[3,5]`` under ``readalps``,
``r3c5`` under ``standard`` (HoDoKu's and SudokuWiki's)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from sudoku_repl.core.geometry import Geometry
from sudoku_repl.techniques.explainer.plan_step import Link, PlanStep, label_cell, label_digit
from sudoku_repl.views.step_reasons import Notation, Premise, clue, reasons

#: the hint levels
LEVELS = (1, 2, 3)
#: a cell in serate's line: its column's letter, its row's number (``E2``, ``E6.4``'s ``E6``)
_SERATE_CELL = re.compile(r"\b([A-I])([1-9])\b")


def notation(geo: Geometry, names: str = "readalps") -> Notation:
    """How a hint names a cell: the shell's ``[3,5]``, or ``r3c5`` under ``set names
    standard``."""
    if names == "standard":  # (a frame's rows and columns, as cell_name numbers them)
        return lambda cell: "r{}c{}".format(*geo.cell_name(cell)[1:-1].split(","))
    return geo.cell_name


def hint_words(
    step: PlanStep,
    level: int,
    geo: Geometry,
    names: str = "readalps",
    cands: Sequence[int] | None = None,
    premises: Mapping[Link, Premise] | None = None,
) -> list[str]:
    """The step's hint at ``level`` (1, 2 or 3), a line a sentence; ``names``: the session's
    ``set names`` (the cells' notation); ``cands``: the candidates of the grid the step is
    taken from (Sudoku Explainer's masks, bit v for the digit v), which let a wing or a
    rectangle name its cells' digits; ``premises``: what a dynamic or nested chain's links
    from false to false rest on (``tools/explain/premises``), said at level 3."""
    if level not in LEVELS:
        raise ValueError(f"a hint's level is 1, 2 or 3, not {level}")
    name = notation(geo, names)
    where = step.house if step.house.startswith("the ") else f"look at {step.house}"
    lines = [f"{step.technique} (ER {step.rating:.1f}): {where}."]
    if level >= 2:
        lines.append(clue(step, name, cands))
    if level >= 3:
        lines += reasons(step, name, cands, premises)
        lines.append(done(step, name))
        lines += serate_line(step.description, name)
    return lines


def done(step: PlanStep, name: Notation) -> str:
    """``So it places [2,5]=5.``, ``So it removes 3 from [2,1] [2,4] and 5 from [7,7].``
    (digits ascending)."""
    placed, removed = _effects(step, name)
    parts = [f"places {cell}" for cell in placed] + ([f"removes {removed}"] if removed else [])
    return "So it " + ", and ".join(parts) + "."


def step_line(step: PlanStep, name: Notation) -> str:
    """``hint se``'s one line: the technique as the graded hint names it (a hidden single's
    house), what it places and removes, its rating: ``Hidden Single in block 2: [2,5]=5 (ER
    1.2)``."""
    said = step.technique + (f" in {step.house}" if step.technique == "Hidden Single" else "")
    placed, removed = _effects(step, name)
    parts = placed + ([f"removes {removed}"] if removed else [])
    return f"{said}: {', '.join(parts)} (ER {step.rating:.1f})"


def listed_line(step: PlanStep, name: Notation) -> str:
    """A step of ``hint se all``'s list: ``hint se``'s line, then the pattern's cells where
    two steps of one technique and one effect may differ in them alone (not a single's, whose
    pattern is its house, nor a chain's)."""
    line = step_line(step, name)
    if step.links or step.technique.endswith("Single") or not step.cells:
        return line
    return f"{line}, cells {' '.join(name(label_cell(label)) for label in step.cells)}"


def _effects(step: PlanStep, name: Notation) -> tuple[list[str], str]:
    """The values placed (``[2,5]=5``) and the candidates removed (``3 from [2,1] [2,4] and 5
    from [7,7]``, digits ascending; empty where none)."""
    placed = [f"{name(label_cell(label))}={label_digit(label)}" for label in step.placed]
    by_digit: dict[int, list[str]] = {}
    for label in sorted(step.removed, key=lambda c: (label_digit(c), label_cell(c))):
        by_digit.setdefault(label_digit(label), []).append(name(label_cell(label)))
    removed = " and ".join(f"{d} from {' '.join(cells)}" for d, cells in by_digit.items())
    return placed, removed


def serate_line(description: str, name: Notation) -> list[str]:
    """serate's own line of the step, byte for byte and marked as serate's, then its cells in
    the hint's notation (serate names a cell by its column's letter first: ``I4`` is row 4,
    column 9, where a SudokuWiki reader reads row 9)."""
    lines = [f"Sudoku Explainer's own line: {description}"]
    met = dict.fromkeys(_SERATE_CELL.findall(description))
    if met:
        said = ", ".join(
            f"{column}{row} is {name((int(row) - 1) * 9 + ord(column) - 65)}" for column, row in met
        )
        lines.append(f"(In serate's line a cell is its column's letter, then its row: {said}.)")
    return lines

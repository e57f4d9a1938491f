"""A step of Sudoku Explainer's path in words, graded (issue 68): a hint's level is a filter over
the one ``PlanStep``, never a second explanation. Level 1 names the technique and where to look
(a house, where a chain starts) and no cell; level 2 adds the pattern's cells, and no candidate
removed or value placed; level 3 says the whole deduction: what is removed or placed, and why,
then serate's own line of the step. Cells in the shell's notation (``[3,5]``)."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core.geometry import Geometry
from sudoku_repl.techniques.explainer.plan_step import Link, PlanStep, label_cell, label_digit

#: the hint levels
LEVELS = (1, 2, 3)


def hint_words(step: PlanStep, level: int, geo: Geometry) -> list[str]:
    """The step's hint at ``level`` (1, 2 or 3), a line a sentence."""
    if level not in LEVELS:
        raise ValueError(f"a hint's level is 1, 2 or 3, not {level}")
    where = step.house if step.house.startswith("the ") else f"look at {step.house}"
    lines = [f"{step.technique} (ER {step.rating:.1f}): {where}."]
    if level >= 2:
        lines.append(_pattern(step, geo))
    if level >= 3:
        lines += _deduction(step, geo)
        lines.append(f"Sudoku Explainer: {step.description}")
    return lines


def _cells(labels: Sequence[str], geo: Geometry) -> str:
    return " ".join(geo.cell_name(label_cell(label)) for label in labels)


def _pattern(step: PlanStep, geo: Geometry) -> str:
    """Level 2: the pattern's cells (a chain's in order), and the digits a set, a fish or a
    loop is about."""
    cells = _cells(step.cells, geo)
    if step.links:
        return f"The chain runs through {cells}."
    about = ""
    if len(step.digits) > 1:
        about = f", on digits {', '.join(map(str, step.digits))}"
    elif step.digits:
        about = f", on digit {step.digits[0]}"
    return f"The pattern's cells: {cells}{about}."


def _deduction(step: PlanStep, geo: Geometry) -> list[str]:
    """Level 3: a chain's links (what each candidate being true or false forces), then what
    the step places and removes."""
    lines = []
    if step.links:
        lines.append("The chain: " + _chain(step.links, geo) + ".")
    else:
        lines.append(_why(step, geo))
    done = []
    for label in step.placed:
        done.append(f"places {geo.cell_name(label_cell(label))}={label_digit(label)}")
    if step.removed:
        by_digit: dict[int, list[str]] = {}
        for label in sorted(step.removed, key=lambda c: (label_digit(c), label_cell(c))):
            by_digit.setdefault(label_digit(label), []).append(geo.cell_name(label_cell(label)))
        removed = " and ".join(f"{d} from {' '.join(cells)}" for d, cells in by_digit.items())
        done.append(f"removes {removed}")
    lines.append("So it " + ", and ".join(done) + ".")
    return lines


#: why a pattern's technique removes or places (its first word, serate's name), in our words
_WHY = {
    "Hidden": "{digits} can go nowhere else in {house}",
    "Naked": "these cells hold {digits} and nothing else",
    "Pointing": "in {house}, {digits} lies only in these cells, which share another house",
    "Claiming": "in {house}, {digits} lies only in these cells, which share a block",
    "Direct": "in {house}, {digits} lies only in these cells, which leaves a single",
    "X-Wing": "{digits} lies in {house} only in these cells, in as many lines across",
    "Swordfish": "{digits} lies in {house} only in these cells, in as many lines across",
    "Jellyfish": "{digits} lies in {house} only in these cells, in as many lines across",
    "Unique": "the puzzle has one solution, and these candidates would leave it two",
    "BUG": "the puzzle has one solution, and without it every cell would be bivalue",
}


def _why(step: PlanStep, geo: Geometry) -> str:
    """Why the pattern removes or places: the technique's reason, else what any removal
    would leave (a wing, a set of cells: no value for one of them)."""
    if step.technique == "Naked Single":
        return f"{_cells(step.cells, geo)} has one candidate left."
    first = step.technique.split()[0] if step.technique else ""
    words = _WHY.get(first) or _WHY.get(first.split("-")[0], "")
    if not words:
        return "Were a removed candidate true, some cell of the pattern would have no value."
    shown = step.digits or tuple(sorted({label_digit(c) for c in step.placed + step.removed}))
    digits = ", ".join(map(str, shown))
    said = words.format(digits=digits, house=step.house)
    return said[0].upper() + said[1:] + "."


def _candidate(label: str, geo: Geometry) -> str:
    return f"{label_digit(label)} at {geo.cell_name(label_cell(label))}"


def _chain(links: Sequence[Link], geo: Geometry) -> str:
    """``4 at [1,2] false, so 6 at [1,2] true, so ...``: a strong link makes its target true
    where its source is false, a weak one its target false where its source is true."""
    parts: list[str] = []
    for i, link in enumerate(links):
        if i == 0 or links[i - 1].target != link.source:
            start = "false" if link.kind == "strong" else "true"
            parts.append(("; " if parts else "") + f"{_candidate(link.source, geo)} {start}")
        state = "true" if link.kind == "strong" else "false"
        parts.append(f", so {_candidate(link.target, geo)} {state}")
    return "".join(parts)

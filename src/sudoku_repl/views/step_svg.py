"""A picture of one step as SVG (issue 68): the board at that step with the candidates, the
pattern's cells, a chain's links in order (strong solid, weak dashed, each with an arrowhead),
the candidates removed (struck and crossed) and the values placed (bold and circled). Colour is
never the only cue, so the picture reads at 300 px wide and in print; the colours are the
palette's (``views/palette``).

The SVG carries machine-readable classes for tests and stylesheets: ``cell`` (``cell pattern``
for the pattern's) with ``data-cell="r3c5"``; ``candidate`` (``candidate removed``, ``candidate
placed``) and ``value`` (``value given``) with ``data-cell`` and ``data-digit``; ``link strong``
and ``link weak`` with ``data-from``, ``data-to`` (candidates, ``5r3c5``) and ``data-order``.
Pure: the text is returned, never written."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple
from xml.sax.saxutils import quoteattr

from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import (
    Link,
    PlanStep,
    cell_label,
    label_cell,
    label_digit,
)
from sudoku_repl.views.palette import colour
from sudoku_repl.views.timeline import svg_head

#: a cell's side, the margin around the board, the caption's band above it (user units)
CELL = 48
MARGIN = 8
CAPTION = 28
SIZE = 2 * MARGIN + 9 * CELL
#: a candidate's place in its cell (a third of the cell) and the circle around a placed one
_THIRD = CELL / 3
_RING = 7.2
#: the candidate's half-cross of a removed one, and how far a link stops short of its digits
_CROSS = 6.0
_SHORT = 7.5


class StepBoard(NamedTuple):
    """The board a step is drawn on: each cell's value (0: empty), its candidates (digits, of
    an empty cell) and whether its value is a given (81 each)."""

    values: Sequence[int]
    candidates: Sequence[Sequence[int]]
    givens: Sequence[bool]


def board_of_grid(grid: Grid, givens: Sequence[int] | None = None) -> StepBoard:
    """The board of a Sudoku Explainer grid (its masks have bit v for the digit v);
    ``givens``: the quiz's (0 where none; None: no value is drawn as a given)."""
    return StepBoard(
        tuple(grid.values),
        tuple(() if v else tuple(d for d in range(1, 10) if m >> d & 1)
              for v, m in zip(grid.values, grid.cands, strict=True)),
        tuple(bool(g) for g in givens) if givens is not None else (False,) * 81,
    )  # fmt: skip


def caption(step: PlanStep) -> str:
    """The picture's title: the technique and its rating, ``X-Wing (3.2)``."""
    return f"{step.technique} ({step.rating:.1f})"


def step_svg(step: PlanStep, board: StepBoard, title: str | None = None) -> str:
    """The SVG picture of ``step`` on ``board`` (the board the step was found on), titled
    ``title`` (default: its ``caption``). A removed or placed candidate that is not a
    candidate of the board: ``ValueError``."""
    removed = {(label_cell(c), label_digit(c)) for c in step.removed}
    placed = {(label_cell(c), label_digit(c)) for c in step.placed}
    for cell, digit in sorted(removed | placed):
        if digit not in board.candidates[cell]:
            raise ValueError(f"{digit}{cell_label(cell)} is not a candidate of the board")
    pattern = {label_cell(c) for c in step.cells}
    out = svg_head(SIZE, SIZE + CAPTION, caption(step) if title is None else title, MARGIN)
    out.append(_defs())
    for cell in range(81):
        out.append(_cell(cell, board, cell in pattern, removed, placed))
    out.extend(_grid_lines())
    out.extend(_link(link, order) for order, link in enumerate(step.links, 1))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _attrs(**values: object) -> str:
    """XML attributes, each value quoted and escaped (``data_cell`` written ``data-cell``)."""
    return " ".join(
        f"{k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in values.items()
    )


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _corner(cell: int) -> tuple[float, float]:
    """The top-left corner of a cell."""
    return MARGIN + cell % 9 * CELL, CAPTION + MARGIN + cell // 9 * CELL


def _place(cell: int, digit: int) -> tuple[float, float]:
    """The centre of a candidate's place in its cell."""
    x, y = _corner(cell)
    return x + ((digit - 1) % 3 + 0.5) * _THIRD, y + ((digit - 1) // 3 + 0.5) * _THIRD


def _defs() -> str:
    """The arrowhead the links end with."""
    return (
        '<defs><marker id="step-arrow" viewBox="0 0 10 10" refX="9" refY="5" '
        'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill={quoteattr(colour("link"))}/></marker></defs>'
    )


def _cell(
    cell: int,
    board: StepBoard,
    in_pattern: bool,
    removed: set[tuple[int, int]],
    placed: set[tuple[int, int]],
) -> str:
    """A cell's group: its square (shaded and ringed inside in the pattern), then its value or
    its candidates."""
    x, y = _corner(cell)
    label = cell_label(cell)
    parts = [f"<g {_attrs(class_='cell pattern' if in_pattern else 'cell', data_cell=label)}>"]
    if in_pattern:
        shade = colour("pattern")
        parts.append(
            f"<rect {_attrs(x=_num(x), y=_num(y), width=CELL, height=CELL, fill=shade)} "
            'fill-opacity="0.22"/>'
        )
        parts.append(
            f"<rect {_attrs(x=_num(x + 2.5), y=_num(y + 2.5), width=CELL - 5, height=CELL - 5)} "
            f'fill="none" stroke={quoteattr(shade)} stroke-width="2"/>'
        )
    value = board.values[cell]
    if value:
        given = board.givens[cell]
        parts.append(
            f"<text {_attrs(class_='value given' if given else 'value', data_cell=label, data_digit=value)} "
            f'{_attrs(x=_num(x + CELL / 2), y=_num(y + CELL / 2 + 11))} text-anchor="middle" '
            f'font-size="32" font-weight="{"bold" if given else "normal"}" '
            f"fill={quoteattr(colour('given' if given else 'value'))}>{value}</text>"
        )
    else:
        for digit in board.candidates[cell]:
            parts.append(_candidate(cell, digit, (cell, digit) in removed, (cell, digit) in placed))
    parts.append("</g>")
    return "".join(parts)


def _candidate(cell: int, digit: int, removed: bool, placed: bool) -> str:
    """A candidate: its digit; a removed one red, struck through and crossed; a placed one
    bold and circled."""
    cx, cy = _place(cell, digit)
    kind = "candidate removed" if removed else "candidate placed" if placed else "candidate"
    fill = colour("removed") if removed else colour("placed") if placed else colour("value")
    head = f"<g {_attrs(class_=kind, data_cell=cell_label(cell), data_digit=digit)}>"
    text = (
        f'<text {_attrs(x=_num(cx), y=_num(cy + 5))} text-anchor="middle" font-size="14" '
        f'font-weight="{"bold" if placed else "normal"}" fill={quoteattr(fill)}>{digit}</text>'
    )
    marks = ""
    if removed:
        stroke = f'stroke={quoteattr(fill)} stroke-width="2"'
        marks = "".join(
            f"<line {_attrs(x1=_num(cx - dx), y1=_num(cy - dy), x2=_num(cx + dx), y2=_num(cy + dy))} {stroke}/>"
            for dx, dy in ((_CROSS, _CROSS), (_CROSS, -_CROSS), (_CROSS + 1, 0))
        )
    elif placed:
        marks = (
            f'<circle {_attrs(cx=_num(cx), cy=_num(cy), r=_RING)} fill="none" '
            f'stroke={quoteattr(fill)} stroke-width="2"/>'
        )
    return f"{head}{text}{marks}</g>"


def _grid_lines() -> list[str]:
    """The lines between the cells, a box's edges thicker (drawn last of the board)."""
    lines = []
    top, left = CAPTION + MARGIN, MARGIN
    for k in range(10):
        thick = k % 3 == 0
        stroke = f'stroke={quoteattr(colour("thick" if thick else "line"))} stroke-width="{2.5 if thick else 1}"'
        at = k * CELL
        lines.append(
            f"<line {_attrs(x1=left, y1=top + at, x2=left + 9 * CELL, y2=top + at)} {stroke}/>"
        )
        lines.append(
            f"<line {_attrs(x1=left + at, y1=top, x2=left + at, y2=top + 9 * CELL)} {stroke}/>"
        )
    return lines


def _link(link: Link, order: int) -> str:
    """A link from its source candidate to its target, bent a little (so that a chain's links
    along a line do not hide each other), stopped short of both digits, with an arrowhead;
    a weak link dashed."""
    x1, y1 = _place(label_cell(link.source), label_digit(link.source))
    x2, y2 = _place(label_cell(link.target), label_digit(link.target))
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bend = min(0.18 * length, 24.0)
    mx, my = (x1 + x2) / 2 - uy * bend, (y1 + y2) / 2 + ux * bend
    sx, sy = _toward(x1, y1, mx, my)
    ex, ey = _toward(x2, y2, mx, my)
    dash = ' stroke-dasharray="5 3"' if link.kind == "weak" else ""
    path = f"M{_num(sx)},{_num(sy)} Q{_num(mx)},{_num(my)} {_num(ex)},{_num(ey)}"
    return (
        f"<path {_attrs(class_=f'link {link.kind}', data_from=link.source, data_to=link.target, data_order=order, d=path)} "
        f'fill="none" stroke={quoteattr(colour("link"))} stroke-width="2"{dash} '
        'stroke-opacity="0.9" marker-end="url(#step-arrow)"/>'
    )


def _toward(x: float, y: float, mx: float, my: float) -> tuple[float, float]:
    """The point ``_SHORT`` from (x, y) toward (mx, my): where a link leaves or meets a
    digit."""
    length = math.hypot(mx - x, my - y) or 1.0
    return x + (mx - x) / length * _SHORT, y + (my - y) / length * _SHORT


__all__ = ["StepBoard", "board_of_grid", "caption", "step_svg"]

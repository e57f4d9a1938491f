"""A picture of one step as SVG: the board at that step with the candidates, the
pattern's cells, a chain's links in order (strong solid, weak dashed, each with an arrowhead
that stops clear of the candidates removed), the candidates removed (struck and crossed) and
the value placed (as large as a value, bold and circled), the rows and columns numbered as the
session names cells (``[r,c]``: rows 1 to 9 down the left, columns 1 to 9 along the top), and a
legend of the marks the step uses. Colour is never the only cue, so the picture
reads at 300 px wide and in print; the colours are the palette's (``views/palette``).

The SVG carries machine-readable classes for tests and stylesheets: ``cell`` (``cell pattern``
for the pattern's) with ``data-cell="r3c5"``; ``candidate`` (``candidate removed``, ``candidate
placed``) and ``value`` (``value given``) with ``data-cell`` and ``data-digit``; ``link strong``
and ``link weak`` with ``data-from``, ``data-to`` (candidates, ``5r3c5``) and ``data-order``;
``label`` (with ``data-row`` or ``data-column``) the rows' and columns' numbers; ``legend`` the
legend's words. Pure: the text is returned, never written."""

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

#: a cell's side, the margin around the picture, the caption's band above it, the labels' band
#: (the columns' above the board, the rows' left of it) and the legend's below it (user units)
CELL = 48
MARGIN = 8
CAPTION = 28
LABELS = 14
LEGEND = 30
LEFT = MARGIN + LABELS
TOP = CAPTION + LABELS
WIDTH = LEFT + 9 * CELL + MARGIN
HEIGHT = TOP + 9 * CELL + LEGEND
#: a value's font size (a placed value's too) and a candidate's
VALUE_FONT = 32
_CANDIDATE_FONT = 14
#: a candidate's place in its cell (a third of the cell) and the circle around a placed value
_THIRD = CELL / 3
_RING = 17.0
#: the candidate's half-cross of a removed one, and how far a link stops short of a digit it
#: leaves, of one it ends at (clear of a removed candidate's cross), and of a placed value
_CROSS = 6.0
_SHORT = 7.5
_CLEAR = 10.5
_ROUND = _RING + 2
#: the arrowhead's length and width, and the most a link's end backs off from removed
#: candidates it would cover
_HEAD = 8.0
_BACK_OFF = CELL
#: how far a link between two candidates of one cell bows out (an arc, not a bare arrowhead:
#: its candidates are a third of a cell apart, less than the ends' margins)
_ARC = 22.0
#: the wings whose cells have roles: the pivot first, then its pincers
_WINGS = ("XY-Wing", "XYZ-Wing")


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
    pattern = {label_cell(c): role for c, role in _roles(step).items()}
    digits = _pattern_digits(step)
    out = svg_head(WIDTH, HEIGHT, caption(step) if title is None else title, MARGIN)
    out.append(_defs())
    out.extend(_labels())
    for cell in range(81):
        out.append(_cell(cell, board, pattern.get(cell), removed, placed, digits))
    out.extend(_grid_lines())
    out.extend(_link(link, order, removed, placed) for order, link in enumerate(step.links, 1))
    out.extend(_legend(step))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _roles(step: PlanStep) -> dict[str, str]:
    """Each pattern cell's role (its label's): a wing's ``pivot`` and ``pincer`` s, else
    ``pattern``."""
    if step.technique in _WINGS and len(step.cells) == 3:
        return dict(zip(step.cells, ("pivot", "pincer", "pincer"), strict=True))
    return dict.fromkeys(step.cells, "pattern")


def _pattern_digits(step: PlanStep) -> frozenset[int]:
    """The digits marked in the pattern's cells: the pattern's own (a set's, a fish's, a
    rectangle's or loop's), a wing's the digit it removes; none for the others (a chain's
    links mark its candidates)."""
    if step.digits:
        return frozenset(step.digits)
    if step.technique in _WINGS:
        return frozenset(label_digit(c) for c in step.removed)
    return frozenset()


def _attrs(**values: object) -> str:
    """XML attributes, each value quoted and escaped (``data_cell`` written ``data-cell``)."""
    return " ".join(
        f"{k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in values.items()
    )


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _corner(cell: int) -> tuple[float, float]:
    """The top-left corner of a cell."""
    return LEFT + cell % 9 * CELL, TOP + cell // 9 * CELL


def _place(cell: int, digit: int) -> tuple[float, float]:
    """The centre of a candidate's place in its cell."""
    x, y = _corner(cell)
    return x + ((digit - 1) % 3 + 0.5) * _THIRD, y + ((digit - 1) // 3 + 0.5) * _THIRD


def _centre(cell: int) -> tuple[float, float]:
    x, y = _corner(cell)
    return x + CELL / 2, y + CELL / 2


def _defs() -> str:
    """The arrowhead the links end with: its tip at the link's end, ``_HEAD`` long and wide."""
    return (
        '<defs><marker id="step-arrow" viewBox="0 0 10 10" refX="10" refY="5" '
        f'markerUnits="userSpaceOnUse" markerWidth="{_num(_HEAD)}" markerHeight="{_num(_HEAD)}" '
        'orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill={quoteattr(colour("link"))}/></marker></defs>'
    )


def _labels() -> list[str]:
    """The rows' numbers left of the board and the columns' above it, as the session's cell
    names number them (``[r,c]``)."""
    labels = []
    for k in range(9):
        mid = k * CELL + CELL / 2
        labels.append(
            f"<text {_attrs(class_='label', data_row=k + 1, x=_num(LEFT - 4), y=_num(TOP + mid + 4))} "
            f'text-anchor="end" font-size="12" fill={quoteattr(colour("thick"))}>{k + 1}</text>'
        )
        labels.append(
            f"<text {_attrs(class_='label', data_column=k + 1, x=_num(LEFT + mid), y=_num(TOP - 4))} "
            f'text-anchor="middle" font-size="12" fill={quoteattr(colour("thick"))}>{k + 1}</text>'
        )
    return labels


def _cell(
    cell: int,
    board: StepBoard,
    role: str | None,
    removed: set[tuple[int, int]],
    placed: set[tuple[int, int]],
    digits: frozenset[int] = frozenset(),
) -> str:
    """A cell's group: its square (in the pattern: shaded and ringed inside, the ring dashed
    for a wing's pincer), then its value, the value placed in it (its other candidates gone,
    but those the step removes), or its candidates (in the pattern, ``digits`` marked)."""
    x, y = _corner(cell)
    label = cell_label(cell)
    kind = (
        "cell" if role is None else "cell pattern" if role == "pattern" else f"cell pattern {role}"
    )
    parts = [f"<g {_attrs(class_=kind, data_cell=label)}>"]
    if role is not None:
        parts.append(_pattern_square(x, y, role == "pincer"))
    value = board.values[cell]
    placing = next((d for c, d in sorted(placed) if c == cell), None)
    if value:
        given = board.givens[cell]
        parts.append(
            f"<text {_attrs(class_='value given' if given else 'value', data_cell=label, data_digit=value)} "
            f"{_value_text(x, y, value, 'bold' if given else 'normal', colour('given' if given else 'value'))}"
        )
    elif placing is not None:
        parts.append(_placed(cell, placing))
        parts += [_candidate(cell, d, True) for d in board.candidates[cell] if (cell, d) in removed]
    else:
        for digit in board.candidates[cell]:
            marked = role is not None and digit in digits
            parts.append(_candidate(cell, digit, (cell, digit) in removed, marked))
    parts.append("</g>")
    return "".join(parts)


def _pattern_square(x: float, y: float, dashed: bool = False) -> str:
    """A pattern's cell: shaded, and ringed inside (``dashed``: a wing's pincer)."""
    shade = colour("pattern")
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return (
        f"<rect {_attrs(x=_num(x), y=_num(y), width=CELL, height=CELL, fill=shade)} "
        'fill-opacity="0.22"/>'
        f"<rect {_attrs(x=_num(x + 2.5), y=_num(y + 2.5), width=CELL - 5, height=CELL - 5)} "
        f'fill="none" stroke={quoteattr(shade)} stroke-width="2"{dash}/>'
    )


def _value_text(x: float, y: float, digit: int, weight: str, fill: str) -> str:
    """A value's digit in the cell whose corner is (x, y): the rest of its ``<text>``."""
    return (
        f'{_attrs(x=_num(x + CELL / 2), y=_num(y + CELL / 2 + 11))} text-anchor="middle" '
        f'font-size="{VALUE_FONT}" font-weight="{weight}" fill={quoteattr(fill)}>{digit}</text>'
    )


def _placed(cell: int, digit: int) -> str:
    """The value a step places: as large as a value, bold and circled."""
    x, y = _corner(cell)
    cx, cy = _centre(cell)
    fill = colour("placed")
    return (
        f"<g {_attrs(class_='candidate placed', data_cell=cell_label(cell), data_digit=digit)}>"
        f"<text {_value_text(x, y, digit, 'bold', fill)}"
        f'<circle {_attrs(cx=_num(cx), cy=_num(cy), r=_RING)} fill="none" '
        f'stroke={quoteattr(fill)} stroke-width="2"/></g>'
    )


def _candidate(cell: int, digit: int, removed: bool, marked: bool = False) -> str:
    """A candidate: its digit; a removed one red, struck through and crossed; one of the
    pattern's digits (``marked``) bold and underlined."""
    cx, cy = _place(cell, digit)
    kind = "candidate removed" if removed else "candidate"
    kind += " pattern-digit" if marked else ""
    fill = colour("removed") if removed else colour("value")
    head = f"<g {_attrs(class_=kind, data_cell=cell_label(cell), data_digit=digit)}>"
    weight = "bold" if marked else "normal"
    text = (
        f'<text {_attrs(x=_num(cx), y=_num(cy + 5))} text-anchor="middle" '
        f'font-size="{_CANDIDATE_FONT}" font-weight="{weight}" fill={quoteattr(fill)}>{digit}</text>'
    )
    if marked:
        text += (
            f"<line {_attrs(x1=_num(cx - 5), y1=_num(cy + 7), x2=_num(cx + 5), y2=_num(cy + 7))} "
            f'stroke={quoteattr(fill)} stroke-width="1.5"/>'
        )
    marks = ""
    if removed:
        stroke = f'stroke={quoteattr(fill)} stroke-width="2"'
        marks = "".join(
            f"<line {_attrs(x1=_num(cx - dx), y1=_num(cy - dy), x2=_num(cx + dx), y2=_num(cy + dy))} {stroke}/>"
            for dx, dy in ((_CROSS, _CROSS), (_CROSS, -_CROSS), (_CROSS + 1, 0))
        )
    return f"{head}{text}{marks}</g>"


def _grid_lines() -> list[str]:
    """The lines between the cells, a box's edges thicker (drawn last of the board)."""
    lines = []
    for k in range(10):
        thick = k % 3 == 0
        stroke = f'stroke={quoteattr(colour("thick" if thick else "line"))} stroke-width="{2.5 if thick else 1}"'
        at = k * CELL
        lines.append(
            f"<line {_attrs(x1=LEFT, y1=TOP + at, x2=LEFT + 9 * CELL, y2=TOP + at)} {stroke}/>"
        )
        lines.append(
            f"<line {_attrs(x1=LEFT + at, y1=TOP, x2=LEFT + at, y2=TOP + 9 * CELL)} {stroke}/>"
        )
    return lines


def _link(
    link: Link, order: int, removed: set[tuple[int, int]], placed: set[tuple[int, int]]
) -> str:
    """A link from its source candidate to its target, bent a little (so that a chain's links
    along a line do not hide each other), stopped short of both digits (of a placed value's
    circle), with an arrowhead that covers no candidate removed; a weak link dashed."""
    ends = []
    for label in (link.source, link.target):
        cell, digit = label_cell(label), label_digit(label)
        ends.append(_centre(cell) if (cell, digit) in placed else _place(cell, digit))
    (x1, y1), (x2, y2) = ends
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    same_cell = label_cell(link.source) == label_cell(link.target)
    bend = _ARC if same_cell else min(0.18 * length, 24.0)
    mx, my = (x1 + x2) / 2 - uy * bend, (y1 + y2) / 2 + ux * bend
    source = (label_cell(link.source), label_digit(link.source))
    target = (label_cell(link.target), label_digit(link.target))
    sx, sy = _toward(x1, y1, mx, my, _ROUND if source in placed else _SHORT)
    ex, ey = _arrow_end(x2, y2, mx, my, _ROUND if target in placed else _CLEAR, removed)
    dash = ' stroke-dasharray="5 3"' if link.kind == "weak" else ""
    path = f"M{_num(sx)},{_num(sy)} Q{_num(mx)},{_num(my)} {_num(ex)},{_num(ey)}"
    return (
        f"<path {_attrs(class_=f'link {link.kind}', data_from=link.source, data_to=link.target, data_order=order, d=path)} "
        f'fill="none" stroke={quoteattr(colour("link"))} stroke-width="2"{dash} '
        'stroke-opacity="0.9" marker-end="url(#step-arrow)"/>'
    )


def _toward(x: float, y: float, mx: float, my: float, short: float) -> tuple[float, float]:
    """The point ``short`` from (x, y) toward (mx, my): where a link leaves or meets a
    digit."""
    length = math.hypot(mx - x, my - y) or 1.0
    return x + (mx - x) / length * short, y + (my - y) / length * short


def _arrow_end(
    x: float, y: float, mx: float, my: float, short: float, removed: set[tuple[int, int]]
) -> tuple[float, float]:
    """Where a link toward (x, y) ends, ``short`` from it toward (mx, my) or further back, so
    that its arrowhead (its tip there, pointing from (mx, my)) covers no removed candidate's
    cross."""
    crosses = [_place(cell, digit) for cell, digit in removed]
    end = _toward(x, y, mx, my, short)
    while short < _BACK_OFF and any(_covers(end, mx, my, c) for c in crosses):
        short += 1.0
        end = _toward(x, y, mx, my, short)
    return end


def _covers(tip: tuple[float, float], mx: float, my: float, cross: tuple[float, float]) -> bool:
    """Whether an arrowhead with its tip at ``tip``, pointing from (mx, my), has its tip or a
    corner within a removed candidate's cross (centred at ``cross``, a little room around)."""
    tx, ty = tip
    length = math.hypot(tx - mx, ty - my) or 1.0
    ux, uy = (tx - mx) / length, (ty - my) / length
    bx, by = tx - ux * _HEAD, ty - uy * _HEAD
    # the head's points on a grid of fifths: from the tip back to the base, across its width
    points = [
        (tx + (bx - tx) * a / 5 + uy * _HEAD * b / 10, ty + (by - ty) * a / 5 - ux * _HEAD * b / 10)
        for a in range(6)
        for b in range(-a, a + 1)
    ]
    reach_x, reach_y = _CROSS + 2, _CROSS + 1
    return any(abs(px - cross[0]) <= reach_x and abs(py - cross[1]) <= reach_y for px, py in points)


#: the legend's entries: what the step uses, in words
_LEGEND_WORDS = {
    "pattern": "pattern",
    "pivot": "pivot",
    "pincer": "pincer",
    "digit": "pattern digit",
    "removed": "removed",
    "placed": "placed",
    "strong": "strong link",
    "weak": "weak link",
}


def _legend(step: PlanStep) -> list[str]:
    """The legend below the board: a sample of each mark the step uses, and its word."""
    roles = set(_roles(step).values())
    used = [
        kind
        for kind, there in (
            ("pattern", "pattern" in roles),
            ("pivot", "pivot" in roles),
            ("pincer", "pincer" in roles),
            ("digit", _pattern_digits(step)),
            ("removed", step.removed),
            ("placed", step.placed),
            ("strong", [k for k in step.links if k.kind == "strong"]),
            ("weak", [k for k in step.links if k.kind == "weak"]),
        )
        if there
    ]
    out = []
    y = TOP + 9 * CELL + LEGEND / 2 + 2
    x = float(LEFT)
    for kind in used:
        out.append(f'<g class="legend-key">{_sample(kind, x, y)}</g>')
        words = _LEGEND_WORDS[kind]
        out.append(
            f"<text {_attrs(class_='legend', x=_num(x + 24), y=_num(y + 4))} "
            f'font-size="12" fill={quoteattr(colour("given"))}>{words}</text>'
        )
        x += 30 + 7 * len(words)
    return out


def _sample(kind: str, x: float, y: float) -> str:
    """A mark's sample, 18 wide from x, centred on y."""
    if kind in ("pattern", "pivot", "pincer"):
        shade = quoteattr(colour("pattern"))
        dash = ' stroke-dasharray="4 3"' if kind == "pincer" else ""
        return (
            f"<rect {_attrs(x=_num(x), y=_num(y - 9), width=18, height=18)} fill={shade} "
            f'fill-opacity="0.22" stroke={shade} stroke-width="2"{dash}/>'
        )
    if kind == "digit":
        fill = quoteattr(colour("value"))
        return (
            f'<text {_attrs(x=_num(x + 9), y=_num(y + 5))} text-anchor="middle" font-size="14" '
            f'font-weight="bold" fill={fill}>5</text>'
            f"<line {_attrs(x1=_num(x + 4), y1=_num(y + 7), x2=_num(x + 14), y2=_num(y + 7))} "
            f'stroke={fill} stroke-width="1.5"/>'
        )
    if kind == "removed":
        fill = quoteattr(colour("removed"))
        return (
            f'<text {_attrs(x=_num(x + 9), y=_num(y + 5))} text-anchor="middle" font-size="14" '
            f"fill={fill}>5</text>"
            f"<line {_attrs(x1=_num(x + 3), y1=_num(y - 6), x2=_num(x + 15), y2=_num(y + 6))} "
            f'stroke={fill} stroke-width="2"/>'
            f"<line {_attrs(x1=_num(x + 3), y1=_num(y + 6), x2=_num(x + 15), y2=_num(y - 6))} "
            f'stroke={fill} stroke-width="2"/>'
        )
    if kind == "placed":
        fill = quoteattr(colour("placed"))
        return (
            f'<text {_attrs(x=_num(x + 9), y=_num(y + 5))} text-anchor="middle" font-size="14" '
            f'font-weight="bold" fill={fill}>5</text>'
            f'<circle {_attrs(cx=_num(x + 9), cy=_num(y), r=8)} fill="none" stroke={fill} '
            'stroke-width="2"/>'
        )
    dash = ' stroke-dasharray="5 3"' if kind == "weak" else ""
    return (
        f"<line {_attrs(x1=_num(x), y1=_num(y), x2=_num(x + 18), y2=_num(y))} "
        f'stroke={quoteattr(colour("link"))} stroke-width="2"{dash} marker-end="url(#step-arrow)"/>'
    )


__all__ = ["StepBoard", "board_of_grid", "caption", "step_svg"]

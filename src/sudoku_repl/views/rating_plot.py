"""``rate --plot FILE.svg``: this project's own measures of a quiz against Sudoku Explainer's ER,
as a standalone SVG scatter, two panels side by side: the steps of the whole search (log
scale) and the biggest guess level, each against ER, with the median of each whole ER (a line
where the two measures agree, rising with ER). Pure drawing from the figures it is given; the
helpers of the picture (its head, round tick steps, label widths) are the timeline's
(``views/timeline.py``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape

import attrs

from sudoku_repl.views.timeline import nice, svg_head

_W, _H = 860, 420  # the picture, with the legend's two lines
_TOP = 86  # the plots' top under the legend's two lines (the picture grows with a third)
_PANEL_W, _PANEL_H = 340, 290  # one panel's plot area
_LEFT, _GAP = 64, 90  # the first panel's left edge, between the panels
_LEGEND = 38  # the legend's first line (its baseline), under the title
_LINE = 14  # between two lines of the legend
_HEADING = 22  # from the legend's last line to the panels' headings (baselines): a blank between
_ABOVE = 12  # from a panel's heading (its baseline) to its plot's top


@attrs.frozen
class Point:
    """One rated quiz: its file line, ER (``lower``: a lower bound, the time limit came first;
    ``above``: ER is above this, the rating stopped there, ``--above``/``--below``), and this
    project's figures for the whole search."""

    line: int
    er: float
    steps: int
    biggest: int
    lower: bool = False
    above: bool = False

    @property
    def exact(self) -> bool:
        return not (self.lower or self.above)

    @property
    def er_text(self) -> str:
        return f"{'>=' if self.lower else '>' if self.above else ''}{self.er:.1f}"


@attrs.frozen
class Axis:
    """How a panel's measure maps to its height: its name, the function, the ticks."""

    name: str
    value: Callable[[Point], float]
    ticks: tuple[float, ...]
    scale: Callable[[float], float]  # value -> 0..1 of the height
    label: Callable[[float], str]


def _steps_axis(points: Sequence[Point]) -> Axis:
    """Steps on a log scale, from the power of ten below the fewest to the one above the most:
    the quizzes take from tens to hundreds of thousands."""
    steps = [max(1, p.steps) for p in points] or [1]
    low = math.floor(math.log10(min(steps)))
    high = max(low + 1, math.ceil(math.log10(max(steps))))
    ticks = tuple(float(10**k) for k in range(low, high + 1))

    def scale(v: float) -> float:
        return (math.log10(max(v, 1)) - low) / (high - low)

    return Axis("steps (whole search, log scale)", lambda p: p.steps, ticks, scale, _count)


def _level_axis(points: Sequence[Point]) -> Axis:
    top = max(1, max((p.biggest for p in points), default=1))
    every = nice(top / 8)
    top = math.ceil(top / every) * every
    ticks = tuple(float(t) for t in range(0, top + 1, every))
    return Axis("biggest guess level", lambda p: p.biggest, ticks, lambda v: v / top, _count)


def _count(v: float) -> str:
    return f"{v:,.0f}"


def svg_scatter(points: Sequence[Point], correlations: Sequence[float | None], source: str) -> str:
    """The two panels (steps, biggest level) against ER; ``correlations``: Spearman's rho of
    each panel's measure with ER (None: not defined), said in the panel's heading; ``source``:
    what was rated, in the title. Each quiz is a circle of class ``quiz`` in each panel (hollow
    when its ER is a lower bound), with a tooltip."""
    title = f"This project's measures against Sudoku Explainer's ER: {source}"
    legend = _legend(points)
    # the plots' top: below the legend's lines, however many, and the headings under them
    top = _LEGEND + _LINE * (len(legend) - 1) + _HEADING + _ABOVE
    out = svg_head(_W, _H + top - _TOP, title, _LEFT)
    out += [
        f'<text class="legend" x="{_LEFT}" y="{_LEGEND + _LINE * k}" fill="#444">'
        f"{escape(line)}</text>"
        for k, line in enumerate(legend)
    ]
    # ER from the whole number below the easiest quiz's to the one above the hardest's
    ers = [p.er for p in points] or [0.0]
    er_range = (math.floor(min(ers)), max(math.floor(min(ers)) + 1, math.ceil(max(ers))))
    for k, (axis, rho) in enumerate(
        zip((_steps_axis(points), _level_axis(points)), correlations, strict=True)
    ):
        out += _panel(points, axis, rho, _LEFT + k * (_PANEL_W + _GAP), top, er_range)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _legend(points: Sequence[Point]) -> list[str]:
    """What the points are, a line each: how many, how many of them are not exact ratings, and
    the median line."""
    lower = sum(p.lower for p in points)
    above = [p for p in points if p.above]
    said = []
    if lower or not above:
        said.append(
            f"hollow: ER is a lower bound (the time limit came first, or a step this rating lacks): {lower}"
        )
    if above:
        said.append(f"orange: ER above {above[0].er:.1f} (the rating stopped there): {len(above)}")
    said.append(
        f"{len(points)} quizzes; red line: the median of each whole ER (exact ratings only)"
    )
    return said


def _medians(points: Sequence[Point], axis: Axis) -> list[tuple[float, float]]:
    """(the median ER, the median of the panel's measure) of the exact ratings of each whole
    ER, in order (the medians of a band are drawn inside it, never past the axis's end)."""
    bands: dict[int, list[Point]] = {}
    for p in points:
        if p.exact:
            bands.setdefault(math.floor(p.er), []).append(p)
    return [
        (
            statistics.median(p.er for p in bands[band]),
            statistics.median(axis.value(p) for p in bands[band]),
        )
        for band in sorted(bands)
    ]


def _panel(
    points: Sequence[Point],
    axis: Axis,
    rho: float | None,
    x0: float,
    top: float,
    er_range: tuple[int, int],
) -> list[str]:
    y0 = top + _PANEL_H  # the bottom of the plot
    lo, hi = er_range

    def x(er: float) -> float:
        return x0 + (er - lo) / (hi - lo) * _PANEL_W

    def y(v: float) -> float:
        return y0 - axis.scale(v) * _PANEL_H

    said = "not defined" if rho is None else f"{rho:.2f}"
    heading = f"{axis.name}; Spearman rho {said}"
    kind = axis.name.split()[0]
    out = [
        f'<g class="panel {escape(kind)}">',
        f'<text x="{x0}" y="{top - _ABOVE}" font-weight="bold">{escape(heading)}</text>',
        f'<line x1="{x0}" y1="{y0}" x2="{x0 + _PANEL_W}" y2="{y0}" stroke="black"/>',
        f'<line x1="{x0}" y1="{top}" x2="{x0}" y2="{y0}" stroke="black"/>',
    ]
    for t in axis.ticks:
        yy = y(t)
        label = axis.label(t)
        out.append(
            f'<line x1="{x0 - 4}" y1="{yy:.1f}" x2="{x0 + _PANEL_W}" y2="{yy:.1f}" stroke="#eee"/>'
            f'<text x="{x0 - 7}" y="{yy + 4:.1f}" text-anchor="end">{label}</text>'
        )
    for er in range(lo, hi + 1, nice((hi - lo) / 10)):
        xx = x(er)
        out.append(
            f'<line x1="{xx:.1f}" y1="{y0}" x2="{xx:.1f}" y2="{y0 + 4}" stroke="black"/>'
            f'<text x="{xx:.1f}" y="{y0 + 16}" text-anchor="middle">{er}</text>'
        )
    middle = x0 + _PANEL_W / 2
    out.append(f'<text x="{middle:.1f}" y="{y0 + 34}" text-anchor="middle">ER</text>')
    medians = _medians(points, axis)
    if len(medians) > 1:
        drawn = " ".join(f"{x(er):.1f},{y(v):.1f}" for er, v in medians)
        out.append(
            f'<polyline class="median" points="{drawn}" fill="none" stroke="#d62728" '
            'stroke-width="1.5"/>'
        )
    for p in points:
        value = axis.value(p)
        fill = (
            'fill="none" stroke="#1f5fbf"' if p.lower
            else 'fill="none" stroke="#e07b00"' if p.above
            else 'fill="#1f5fbf" fill-opacity="0.35"'
        )  # fmt: skip
        tip = f"line {p.line}: ER {p.er_text}, {p.steps} steps, biggest level {p.biggest}"
        out.append(
            f'<circle class="quiz" cx="{x(p.er):.1f}" cy="{y(value):.1f}" r="2.5" {fill}>'
            f"<title>{escape(tip)}</title></circle>"
        )
    out.append("</g>")
    return out

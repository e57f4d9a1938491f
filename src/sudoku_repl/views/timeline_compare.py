"""Two experiments' guess levels on one axis (``timeline --compare A B``), as text or SVG.

Each curve is read from its experiment's record the way ``timeline`` reads one (a ``_Span`` of
``views/timeline.py``: the highest level of the steps a column stands for); the caller makes
each record the ``History``'s in turn (``Experiments.view``) and hands the spans here.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from sudoku_repl.text.words import counted
from sudoku_repl.views.timeline import (
    _row_levels,
    _Span,
    _summary,
    _tick_row,
    _wrap_phrases,
    nice,
)

#: the characters of a column's cell: both curves reach the row's level, only A's, only B's
BOTH, ONLY_A, ONLY_B = "█", "a", "b"


def _columns(span: _Span, first: int, last: int, size: int) -> list[int]:
    """The span's column levels over first..last (-1 past its end)."""
    cols = span.columns(size)
    n = (last - first) // size + 1
    return (cols + [-1] * n)[:n]


def text_compare(
    a: _Span,
    b: _Span,
    names: tuple[str, str],
    parted: int,
    width: int = 80,
    *,
    ascii_only: bool = False,
) -> list[str]:
    """Both level curves over the steps of the longer record, at most ``width`` characters a
    line: a cell is ``█`` where both reach its row's level, ``a`` or ``b`` where one does; the
    axis, ``|`` under the step where they part, and each one's summary."""
    both, vbar, corner, hbar, tick = (
        ("#", "|", "+", "-", "+") if ascii_only else (BOTH, "│", "└", "─", "┬")
    )
    first, last = min(a.first, b.first), max(a.last, b.last)
    top = max(a.biggest()[0], b.biggest()[0], 0)
    rows, per_row = _row_levels(top)
    label_w = len(str(top))
    plot_w = width - label_w - 2
    if plot_w < 8:
        raise ValueError(f"width {width} is too narrow for a timeline")
    size = math.ceil((last - first + 1) / plot_w)
    ca, cb = _columns(a, first, last, size), _columns(b, first, last, size)
    lines = [f"Guess level over steps {first}..{last}: {names[0]} (a) and {names[1]} (b)"]
    for r in range(len(rows) - 1, -1, -1):
        threshold = rows[r]
        cells = []
        for x, y in zip(ca, cb):
            reach_a, reach_b = x >= threshold, y >= threshold  # (-1: past its record's end)
            if reach_a and reach_b:
                cells.append(both)
            else:
                cells.append(ONLY_A if reach_a else ONLY_B if reach_b else " ")
        lines.append(f"{threshold:>{label_w}} {vbar}{''.join(cells)}".rstrip())
    ticks, tick_cols = _tick_row(first, last, size, len(ca))
    axis = [hbar] * len(ca)
    for c in tick_cols:
        axis[c] = tick
    pad = " " * (label_w + 1)
    lines.append(pad + corner + "".join(axis))
    lines.append(pad + " " + ticks)
    col = (min(max(parted, first), last) - first) // size
    lines.append(pad + " " + " " * col + f"| they part at step {parted}")
    per = counted(size, "step")
    legend = [f"{per} per column" + (f", {per_row} levels per row:" if per_row > 1 else ":")]
    legend += [f"{both} both,", f"{ONLY_A} {names[0]} only,", f"{ONLY_B} {names[1]} only."]
    lines += _wrap_phrases(legend, width)
    for name, span in ((names[0], a), (names[1], b)):
        main = _summary(span)
        lines += _wrap_phrases([f"{name}:", *(p + ";" for p in main[:-1]), main[-1] + "."], width)
    return lines


_W, _PLOT_H = 800, 210
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 24, 74, 50
_COLOURS = ("#1f5fbf", "#d97a00")


def svg_compare(a: _Span, b: _Span, names: tuple[str, str], parted: int) -> str:
    """Both level curves as one SVG document: a step plot each (class ``level a`` and
    ``level b``), the step where they part (class ``parted``), a legend line for each."""
    first, last = min(a.first, b.first), max(a.last, b.last)
    top = max(a.biggest()[0], b.biggest()[0], 1)
    height = _TOP + _PLOT_H + _BOTTOM
    plot_w = _W - _LEFT - _RIGHT
    lo, hi = first, last + 1

    def x(step: float) -> float:
        return _LEFT + (step - lo) / (hi - lo) * plot_w

    def y(level: float) -> float:
        return _TOP + _PLOT_H - level / top * _PLOT_H

    size = max(1, math.ceil((last - first + 1) / (2 * plot_w)))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{height}" '
        f'viewBox="0 0 {_W} {height}" font-family="sans-serif" font-size="11">',
        f"<title>Guess level over steps {first}..{last}: {escape(names[0])} and "
        f"{escape(names[1])}</title>",
        '<rect x="0" y="0" width="100%" height="100%" fill="white"/>',
        f'<text x="{_LEFT}" y="20" font-size="14" font-weight="bold">Guess level over steps '
        f"{first}..{last}</text>",
    ]
    for k, (name, span, colour) in enumerate(zip(names, (a, b), _COLOURS)):
        main = "; ".join(_summary(span))
        out.append(
            f'<text x="{_LEFT}" y="{38 + 14 * k}" fill="{colour}">{escape(name)}: '
            f"{escape(main)}</text>"
        )
    x0, y0 = _LEFT, _TOP + _PLOT_H
    out.append(
        f'<g class="axes" stroke="black"><line x1="{x0}" y1="{y0}" x2="{x0 + plot_w}" '
        f'y2="{y0}"/><line x1="{x0}" y1="{_TOP}" x2="{x0}" y2="{y0}"/></g>'
    )
    every = nice(top / 12)
    for level in range(0, top + 1, every):
        out.append(f'<text x="{x0 - 7}" y="{y(level) + 4:.1f}" text-anchor="end">{level}</text>')
    for s in (first, last):
        out.append(f'<text x="{x(s + 0.5):.1f}" y="{y0 + 16}" text-anchor="middle">{s}</text>')
    for cls, span, colour in (("a", a, _COLOURS[0]), ("b", b, _COLOURS[1])):
        pts: list[str] = []
        for j, level in enumerate(span.columns(size)):
            s0 = span.first + j * size
            s1 = min(s0 + size, span.last + 1)
            pts += [f"{x(s0):.1f},{y(level):.1f}", f"{x(s1):.1f},{y(level):.1f}"]
        out.append(
            f'<polyline class="level {cls}" fill="none" stroke="{colour}" stroke-width="1.5" '
            f'points="{" ".join(pts)}"/>'
        )
    px = x(parted + 0.5)
    out.append(
        f'<g class="parted"><line x1="{px:.1f}" y1="{_TOP}" x2="{px:.1f}" y2="{y0}" '
        f'stroke="#888" stroke-dasharray="3,3"/><text x="{px + 4:.1f}" y="{_TOP + 10}" '
        f'fill="#888">part at step {parted}</text></g>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"

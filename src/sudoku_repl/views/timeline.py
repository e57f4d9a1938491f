"""The guess level over steps, drawn from the record: as text (the ``timeline`` command) or SVG.

Pure rendering: everything is read from a ``History``; nothing is re-run, nothing printed.

The level *at step s* is the level after the last move whose step count is s; between moves it
stays as it was (a step plot). When several steps share one text column (or one stretch of the
SVG), the column shows the highest level any of its steps had, so a short dive to a deep level
is never hidden by the scaling.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable
from xml.sax.saxutils import escape

import attrs

from sudoku_repl.core import events as E
from sudoku_repl.core.hooks import Hooks, between
from sudoku_repl.core.layout import MOVES_PER_SNAPSHOT
from sudoku_repl.core.record import History
from sudoku_repl.text.words import counted

#: The text plot never gets taller than this many rows: beyond, each row stands for several
#: levels, and the legend says how many ("2 levels per row").
MAX_ROWS = 20
#: How many step numbers the solutions line lists before it says "and N more".
MAX_LISTED = 12

SOLUTION_MARK = "*"
BIGGEST_MARK = "^"


# -- the level series ------------------------------------------------------------------------


def _level_after(events: Iterable[E.Event], level: int) -> int:
    """The level after a move's events, given the level before it."""
    for e in events:
        if isinstance(e, E.Guess):
            level = e.level
        elif E.is_no_more(e):
            level = 0
    return level


def level_series(history: History, hooks: Hooks | None = None) -> list[tuple[int, int]]:
    """(steps, level) at the start of the record, then after each move (one item per move, so
    step counts can repeat); ``between(hooks)`` at each chunk of the record (Ctrl-C)."""
    level = history.start.level
    series = [(history.steps_after(0), level)]
    for m in range(len(history)):
        if not m % MOVES_PER_SNAPSHOT:
            between(hooks)
        level = _level_after(history.events(m), level)
        series.append((history.steps_after(m + 1), level))
    return series


def _level_before_move(history: History, move: int) -> int:
    """The level after the first ``move`` moves (from the nearest snapshot, not from the start)."""
    done, state = history.snapshot_at_or_before(move)
    level = state.level
    for m in range(done, move):
        level = _level_after(history.events(m), level)
    return level


@attrs.frozen
class _Span:
    """The part of the record a plot shows: steps first..last, and what happened in it."""

    first: int
    last: int
    carry: int  # the level before the first move of the span
    points: tuple[tuple[int, int], ...]  # (steps, level) after each move of the span
    solutions: tuple[tuple[int, int, int], ...]  # (step, solution sum, level) of its solutions
    end: int | None  # the step of "No more solution" if it is in the span

    def columns(self, size: int) -> list[int]:
        """The highest level of each run of ``size`` steps from ``first`` on."""
        n = (self.last - self.first) // size + 1
        cols: list[int] = []
        points, k, level = self.points, 0, self.carry
        for j in range(n):
            a = self.first + j * size
            b = min(a + size - 1, self.last)
            entering, best, at_a = level, -1, False
            while k < len(points) and points[k][0] <= b:
                s, level = points[k]
                at_a = at_a or s == a
                best = max(best, level)
                k += 1
            if not at_a:  # no move ends at step a: the level from before holds there
                best = max(best, entering)
            cols.append(best)
        return cols

    def biggest(self) -> tuple[int, int]:
        """(biggest level, the first step at which it is reached) in the span."""
        best, at = -1, self.first
        if not (self.points and self.points[0][0] == self.first):
            best = self.carry  # the level from before the span holds at its first step
        for s, lv in self.points:
            if lv > best:
                best, at = lv, s
        return best, at


def _span(history: History, first: int | None, last: int | None) -> _Span:
    # from the loaded state (step 0); a trimmed record from its first whole step, where goto
    # and back start too
    start = history.earliest_step
    end = history.last_steps
    lo = start if first is None else max(first, start)
    hi = end if last is None else min(last, end)
    if lo > hi:
        raise ValueError(
            f"no steps to show: the record covers steps {start}..{end}"
            if (first or 0) <= end
            else f"the record ends at step {end}"
        )
    moves = history.moves_in_steps(lo, hi)
    carry = _level_before_move(history, moves.start)
    points: list[tuple[int, int]] = []
    solutions: list[tuple[int, int, int]] = []
    finished: int | None = None
    level = carry
    for m in moves:
        evs = history.events(m)
        level = _level_after(evs, level)
        points.append((history.steps_after(m + 1), level))
        for e in evs:
            if E.is_solution(e):
                solutions.append((e.step, e.solution_sum, level))  # a solution keeps the level
            elif E.is_no_more(e):
                finished = e.step
    return _Span(lo, hi, carry, tuple(points), tuple(solutions), finished)


def _wrap_phrases(pieces: list[str], width: int) -> list[str]:
    """The pieces joined by spaces, a new line where the next one would not fit (a piece longer
    than a line is wrapped at its own spaces)."""
    lines: list[str] = []
    line = ""
    for piece in pieces:
        candidate = f"{line} {piece}" if line else piece
        if len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        wrapped = textwrap.wrap(piece, width, break_on_hyphens=False) or [""]
        lines.extend(wrapped[:-1])
        line = wrapped[-1]
    if line:
        lines.append(line)
    return lines


def _summary(span: _Span) -> list[str]:
    """What the span holds, as phrases: the biggest level, the solutions, the end if there."""
    top, at = span.biggest()
    parts = [f"biggest level {top} at step {at}"]
    steps = [s for s, _, _ in span.solutions]
    if not steps:
        parts.append("no solution")
    elif len(steps) == 1:
        parts.append(f"solution at step {steps[0]}")
    else:
        listed = ", ".join(str(s) for s in steps[:MAX_LISTED])
        more = f" and {len(steps) - MAX_LISTED} more" if len(steps) > MAX_LISTED else ""
        parts.append(f"solutions at steps {listed}{more}")
    if span.end is not None:
        parts.append(f"no more solution at step {span.end}")
    return parts


# -- text -------------------------------------------------------------------------------------


def _row_levels(top: int) -> tuple[list[int], int]:
    """The level each row stands for, bottom (0) to top, and how many levels a row stands for:
    one row per level up to MAX_ROWS rows; beyond, ``per`` levels a row, counted down from the
    biggest level (the top row is ``top``, the next ``top - per``, ...) so that no row is
    skipped unevenly, and the row of level 0 below them."""
    per = max(1, math.ceil(top / (MAX_ROWS - 1)))
    return [0, *range(top, 0, -per)[::-1]], per


def nice(raw: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that is at least ``raw``."""
    if raw <= 1:
        return 1
    exp = 10 ** math.floor(math.log10(raw))
    for f in (1, 2, 5, 10):
        if f * exp >= raw:
            return int(f * exp)
    return int(10 * exp)  # pragma: no cover


def _tick_row(first: int, last: int, size: int, ncols: int) -> tuple[str, list[int]]:
    """The step numbers under the axis (first at the left, last at the right, round numbers in
    between where they fit) and the columns they stand under."""
    row = [" "] * ncols
    taken: list[tuple[int, int]] = []  # occupied [start, stop) column ranges, with a gap

    def put(text: str, col: int, right: bool = False) -> bool:
        start = col - len(text) + 1 if right else col
        start = max(0, min(start, ncols - len(text)))
        stop = start + len(text)
        if start < 0 or stop > ncols:
            return False
        if any(start < b + 1 and a - 1 < stop for a, b in taken):
            return False
        row[start:stop] = text
        taken.append((start, stop))
        return True

    cols: list[int] = []
    if put(str(first), 0):
        cols.append(0)
    if ncols > 1 and put(str(last), ncols - 1, right=True):
        cols.append(ncols - 1)
    width = len(str(last)) + 2
    every = nice((last - first + 1) * width / max(ncols, 1))
    s = (first // every + 1) * every
    while s < last:
        col = (s - first) // size
        if col not in cols and put(str(s), col):
            cols.append(col)
        s += every
    return "".join(row).rstrip(), sorted(cols)


def text_timeline(
    history: History,
    first: int | None = None,
    last: int | None = None,
    width: int = 80,
    *,
    ascii_only: bool = False,
) -> list[str]:
    """The guess level over steps first..last (default: the whole record) as lines of at most
    ``width`` characters: a bar per column of steps (a row per level, or per few levels past
    MAX_ROWS rows, the legend then saying how many), the axis with step numbers, a marker row
    (``*`` = a solution in that column, ``^`` = where the biggest level is first reached, on a
    row of its own when a solution shares its column) and a summary. ``ascii_only`` draws with
    ``#|+-_`` instead of block and box characters."""
    span = _span(history, first, last)
    full, low, vbar, corner, hbar, tick = (
        ("#", "_", "|", "+", "-", "+") if ascii_only else ("█", "▁", "│", "└", "─", "┬")
    )
    top, top_step = span.biggest()
    rows, per_row = _row_levels(top)
    label_w = len(str(top))
    plot_w = width - label_w - 2
    if plot_w < 8:
        raise ValueError(f"width {width} is too narrow for a timeline")
    nsteps = span.last - span.first + 1
    size = math.ceil(nsteps / plot_w)
    cols = span.columns(size)
    ncols = len(cols)

    lines = [f"Guess level over steps {span.first}..{span.last}"]
    for r in range(len(rows) - 1, -1, -1):
        threshold = rows[r]
        if r == 0:
            cells = "".join(full if c > 0 else low for c in cols)
        else:
            cells = "".join(full if c >= threshold else " " for c in cols)
        lines.append(f"{threshold:>{label_w}} {vbar}{cells}".rstrip())

    ticks, tick_cols = _tick_row(span.first, span.last, size, ncols)
    axis = [hbar] * ncols
    for c in tick_cols:
        axis[c] = tick
    pad = " " * (label_w + 1)
    lines.append(pad + corner + "".join(axis))
    lines.append(pad + " " + ticks)

    marks = [" "] * ncols
    for s, _, _ in span.solutions:
        marks[(s - span.first) // size] = SOLUTION_MARK
    biggest_col = (top_step - span.first) // size
    if marks[biggest_col] == " ":
        marks[biggest_col] = BIGGEST_MARK
        lines.append(pad + " " + "".join(marks).rstrip())
    else:  # a solution is in its column: the biggest level's mark goes on a line of its own
        lines.append(pad + " " + "".join(marks).rstrip())
        lines.append(pad + " " + " " * biggest_col + BIGGEST_MARK)

    per = counted(size, "step")
    scale = f"{per} per column," if per_row > 1 else f"{per} per column:"
    legend = [scale] + ([f"{per_row} levels per row:"] if per_row > 1 else [])
    legend += [f"{SOLUTION_MARK} solution,", f"{BIGGEST_MARK} biggest level"]
    lines += _wrap_phrases(legend, width)
    main = _summary(span)
    ended = main.pop() if span.end is not None else None  # "no more solution ..." on its own
    lines += _wrap_phrases([p + ";" for p in main[:-1]] + [main[-1] + "."], width)
    if ended:
        lines += _wrap_phrases(["Search ended: " + ended + "."], width)
    return lines


# -- SVG ----------------------------------------------------------------------------------------

_W, _PLOT_H = 800, 210  # the picture's width, the plot's height
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 24, 60, 50  # the plot's margins (_TOP: with one summary line)
FONT = 11  # the picture's font size; the title's is 14
_LINE = 14  # the distance between two summary lines
#: a sans-serif glyph's width at most, on average, in ems (digits are about 0.56 em): what a
#: label is assumed to take, to keep it inside the picture
_EM = 0.65


def text_width(text: str, size: float = FONT) -> float:
    """How wide ``text`` is drawn, at most (an estimate: no font is at hand)."""
    return len(text) * size * _EM


def svg_head(width: int, height: int, title: str, left: float) -> list[str]:
    """The first lines of a standalone SVG picture: the document, its title, a white
    background and the title drawn at the top left (``left``); the caller closes ``</svg>``."""
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{FONT}">',
        f"<title>{escape(title)}</title>",
        '<rect x="0" y="0" width="100%" height="100%" fill="white"/>',
        f'<text x="{left}" y="20" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]


def svg_timeline(history: History, first: int | None = None, last: int | None = None) -> str:
    """The guess level over steps first..last as a standalone SVG document: a step plot, axes
    with step and level ticks, a green dot per solution (class ``solution``), the biggest level
    marked (class ``biggest``) and a summary (on more lines when it is long). Every label is
    kept inside the picture (by its estimated width)."""
    span = _span(history, first, last)
    top, top_step = span.biggest()
    y_top = max(top, 1)
    main = _summary(span)
    phrases = [p + ";" for p in main[:-1]] + [main[-1]]
    summary = _wrap_phrases(phrases, int((_W - _LEFT - 8) / (FONT * _EM)))
    top_y = _TOP + _LINE * (len(summary) - 1)  # the plot's top, below the summary's lines
    height = top_y + _PLOT_H + _BOTTOM
    plot_w, plot_h = _W - _LEFT - _RIGHT, _PLOT_H
    lo, hi = span.first, span.last + 1  # step s is drawn over [s, s + 1)

    def x(step: float) -> float:
        return _LEFT + (step - lo) / (hi - lo) * plot_w

    def y(level: float) -> float:
        return top_y + plot_h - level / y_top * plot_h

    nsteps = span.last - span.first + 1
    size = max(1, math.ceil(nsteps / (2 * plot_w)))
    cols = span.columns(size)
    pts: list[tuple[float, float]] = []
    for j, level in enumerate(cols):
        a = span.first + j * size
        b = min(a + size, hi)
        if pts and pts[-1][1] == y(level):
            pts[-1] = (x(b), pts[-1][1])  # extend the horizontal run
            continue
        pts.append((x(a), y(level)))
        pts.append((x(b), y(level)))
    polyline = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)

    out = svg_head(_W, height, f"Guess level over steps {lo}..{span.last}", _LEFT)
    for i, line in enumerate(summary):
        out.append(f'<text x="{_LEFT}" y="{36 + _LINE * i}" fill="#444">{escape(line)}</text>')

    # axes and ticks
    x0, y0 = _LEFT, top_y + plot_h
    out.append('<g class="axes" stroke="black" stroke-width="1">')
    out.append(f'<line x1="{x0}" y1="{y0}" x2="{x0 + plot_w}" y2="{y0}"/>')
    out.append(f'<line x1="{x0}" y1="{top_y}" x2="{x0}" y2="{y0}"/>')
    out.append("</g>")
    out.append('<g class="ticks" fill="black">')
    y_every = nice(y_top / 12)
    for level in range(0, y_top + 1, y_every):
        yy = y(level)
        out.append(
            f'<line x1="{x0 - 4}" y1="{yy:.1f}" x2="{x0}" y2="{yy:.1f}" stroke="black"/>'
            f'<line x1="{x0}" y1="{yy:.1f}" x2="{x0 + plot_w}" y2="{yy:.1f}" stroke="#eee"/>'
            f'<text x="{x0 - 7}" y="{yy + 4:.1f}" text-anchor="end">{level}</text>'
        )
    x_every = nice(nsteps / 10)
    min_gap = 7 * len(str(span.last)) + 6
    inner = range((lo // x_every + 1) * x_every, span.last, x_every)
    ticks = [lo] + [s for s in inner if x(s) - x(lo) >= min_gap and x(span.last) - x(s) >= min_gap]
    if span.last != lo:
        ticks.append(span.last)
    for s in ticks:
        xx = x(s + 0.5)  # the middle of the step's stretch, like the markers
        out.append(
            f'<g><line x1="{xx:.1f}" y1="{y0}" x2="{xx:.1f}" y2="{y0 + 4}" stroke="black"/>'
            f'<text x="{xx:.1f}" y="{y0 + 16}" text-anchor="middle">{s}</text></g>'
        )
    out.append("</g>")
    out.append(
        f'<text x="{x0 + plot_w / 2:.1f}" y="{height - 14}" text-anchor="middle">step</text>'
        f'<text x="14" y="{top_y + plot_h / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {top_y + plot_h / 2:.1f})">level</text>'
    )

    # the plot
    out.append(
        f'<polyline class="level" fill="none" stroke="#1f5fbf" stroke-width="1.5" '
        f'points="{polyline}"/>'
    )

    # the biggest level
    bx, by = x(top_step + 0.5), y(top)
    label = f"biggest level {top} at step {top_step}"
    fits = bx + 6 + text_width(label) <= _W
    anchor = "end" if bx > _LEFT + plot_w * 0.7 or not fits else "start"
    dx = -6 if anchor == "end" else 6
    out.append(
        f'<g class="biggest"><circle cx="{bx:.1f}" cy="{by:.1f}" r="4" fill="#d97a00"/>'
        f'<text x="{bx + dx:.1f}" y="{max(by - 6, top_y - 2):.1f}" text-anchor="{anchor}" '
        f'fill="#d97a00">{escape(label)}</text></g>'
    )

    # solutions and the end of the search
    groups: dict[int, list[tuple[int, int, int]]] = {}  # one marker per pixel column
    for sol in span.solutions:
        groups.setdefault(round(x(sol[0] + 0.5)), []).append(sol)
    for found in groups.values():
        (s, k, _), (s2, k2, _) = found[0], found[-1]
        sx, sy = x(s + 0.5), y(max(level for _, _, level in found))
        what = f"solution {k} at step {s}" if k == k2 else f"solutions {k}..{k2} at steps {s}..{s2}"
        out.append(f'<g class="solution"><title>{what}</title>')
        if len(groups) <= 40:
            out.append(
                f'<line x1="{sx:.1f}" y1="{top_y}" x2="{sx:.1f}" y2="{y0}" stroke="#2a9d2a" '
                f'stroke-dasharray="3,3"/>'
            )
        out.append(
            f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="{5 if len(groups) <= 40 else 2}" '
            f'fill="#2a9d2a"/>'
        )
        if len(groups) <= 8:
            text = f"solution {k}" + ("" if k == k2 else f"..{k2}")
            # right of its line, or left of it where it would run past the picture's edge
            place = (
                f'x="{sx + 4:.1f}"'
                if sx + 4 + text_width(text) <= _W
                else f'x="{sx - 4:.1f}" text-anchor="end"'
            )
            out.append(f'<text {place} y="{top_y + 10}" fill="#2a9d2a">{text}</text>')
        out.append("</g>")
    if span.end is not None:
        ex = x(span.end + 0.5)
        out.append(
            f'<g class="end"><title>no more solution at step {span.end}</title>'
            f'<line x1="{ex - 4:.1f}" y1="{y0 - 4}" x2="{ex + 4:.1f}" y2="{y0 + 4}" '
            f'stroke="#b00"/><line x1="{ex - 4:.1f}" y1="{y0 + 4}" x2="{ex + 4:.1f}" '
            f'y2="{y0 - 4}" stroke="#b00"/></g>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


__all__ = ["level_series", "svg_timeline", "text_timeline"]


def strip(history: History, columns: int) -> dict[str, object]:
    """The timeline as data for a view's strip of ``columns`` columns (a board's scrubber): the
    record's ``first`` and ``last`` steps, ``size`` steps a column, the highest ``levels`` of
    each column (as the text plot takes them), the steps of the ``solutions``, the ``biggest``
    level and the first step it is reached at, and the step of the search's ``end`` (None while
    it goes on)."""
    span = _span(history, None, None)
    size = max(1, math.ceil((span.last - span.first + 1) / max(1, columns)))
    best, at = span.biggest()
    return {
        "first": span.first,
        "last": span.last,
        "size": size,
        "levels": span.columns(size),
        "solutions": [step for step, _, _ in span.solutions],
        "biggest": [max(best, 0), at],
        "end": span.end,
    }

"""The pencil-mark board (``board``): every cell of the frame drawn as a 3x3 block, an empty cell
with its candidates at their places (1 top left .. 9 bottom right), a filled cell with its
digit, telling givens, values the solver placed and the cells guessed at each level apart, and
marking what the last step changed.

Two renderings of one picture: in colour (ANSI SGR codes, for a terminal) the kinds of cells
are told by bold, colours and reverse video; in plain characters (batch mode, ``NO_COLOR``) by
brackets and marks, which the legend explains. Lines are returned, never printed.

A quiz's variant rules (``views/rules_drawn``) are drawn at the cells' corners, where a cell has
no mark: a diagonal's back slash and slash from corner to corner (they make its line across the
board), ``:`` for a shaded house's cell (in colour, its shade and the region's tint as the
cell's background); a jigsaw is drawn walled: a line between every two rows and a column
between every two cells, a wall (``|``, ``-``, ``+`` where walls meet) wherever two regions
meet, the regions tinted in colour; a Latin square's boxes' lines are dotted (it has no
blocks); the rules are named above the legend.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Mapping, Sequence
from itertools import groupby
from typing import NamedTuple

from sudoku_repl.core.geometry import Cell, Geometry, Mask
from sudoku_repl.core.record import History
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.techniques.names import Technique
from sudoku_repl.views.palette import TERMINAL, Paint, level_role, shade_role
from sudoku_repl.views.rules_drawn import BOTH, DOWN, UP, Drawn, drawn_rules

#: (value, candidates) of a cell in the state of the step before the present one, for each
#: cell that the present state shows otherwise
Before = Mapping[Cell, tuple[int, Mask]]

SLOT = 5  # the characters of one cell on a line: a mark, the cell's three, a mark
#: the widest board drawn with ``SLOT``; a wider frame (a samurai's 21 columns) is drawn with
#: one mark a cell, before it (``NARROW_SLOT``), to fit
WIDEST = 100
NARROW_SLOT = 4
CSI = "\x1b["
RESET = "\x1b[0m"
UNDERLINE = "4"  # a value set by hand


class Piece(NamedTuple):
    """Characters drawn in one style (SGR parameters; "" for none)."""

    text: str
    style: str = ""


def last_step_changes(
    history: History, cursor: int, state: EngineState
) -> dict[Cell, tuple[int, Mask]]:
    """The cells whose value or candidates in ``state`` (the present: ``cursor`` moves of the
    record) differ from the state at the step before it, with their value and candidates
    there. Empty at step 0, and when the record starts at the present step (it was trimmed)."""
    steps = state.steps
    if steps < 1 or steps - 1 < history.start.steps:
        return {}
    first = history.moves_to(steps - 1)
    done, snapshot = history.snapshot_at_or_before(first)
    values, cands = list(snapshot.values), list(snapshot.cands)
    for move in range(done, first):
        for cell, value, mask in history.changes(move):
            values[cell], cands[cell] = value, mask
    touched = {cell for move in range(first, cursor) for cell, _, _ in history.changes(move)}
    return {
        cell: (values[cell], cands[cell])
        for cell in sorted(touched)
        if (values[cell], cands[cell]) != (state.values[cell], state.cands[cell])
    }


def board_lines(
    state: EngineState,
    geo: Geometry,
    givens: Sequence[int],
    before: Before,
    colour: bool,
    by_hand: Collection[Cell] = (),
    techniques: Sequence[Technique] = (),
    premises: Collection[Cell] = (),
    paint: Paint = TERMINAL,
) -> list[str]:
    """A heading, the board in frame layout (a samurai's or flower's grids overlapping, blank
    where the frame has no cell) and the legend. ``before``: what the last step changed
    (``last_step_changes``); ``colour``: SGR codes, else plain characters; ``by_hand``: the
    cells whose value was set by hand (``set cell``); ``techniques``: the standard names of
    what the last step did (``set names standard``), a legend line of their own; ``premises``:
    the cells the last step's rules read (``board --why``), marked ``*`` (underlined in
    colour) and listed in a legend line; ``paint``: the SGR code of each role of the palette
    (``views/palette.py``: the terminal's own colours, or the full screen's)."""
    levels = {frame.cell: k for k, frame in enumerate(state.frames, 1)}
    loaded = state.status is Status.LOADED
    blocks = {(r // 3, c // 3) for r, c in geo.positions}
    ruled = drawn_rules(geo)
    walls = ruled.regions if ruled is not None else ()
    # (a jigsaw's or a Latin square's blocks are not the boxes: their lines only space them)
    edge_mark, dash = (":", ".") if ruled is not None and not _boxed(ruled) else ("|", "-")
    label = len(str(geo.height))
    slot = SLOT if _width(geo.width // 3, label, SLOT) <= WIDEST else NARROW_SLOT
    heading = f"Board at step {state.steps}"
    if state.level:
        heading += f", guess level {state.level}"
    lines = [heading + ":"]
    columns = " " * (label + 2)
    number = "{:^5}" if slot == SLOT else " {:^3}"  # over the middle of the cell's three
    for bc in range(geo.width // 3):
        if walls:  # (a column between every two cells)
            columns += "".join(number.format(c + 1) + " " for c in range(3 * bc, 3 * bc + 3))
        else:
            columns += "".join(number.format(c + 1) for c in range(3 * bc, 3 * bc + 3)) + " "
    lines.append(columns.rstrip())
    for br in range(0 if walls else geo.height // 3):
        lines.append(_border(blocks, br, geo.width // 3, label, slot, dash))
        for r in range(3 * br, 3 * br + 3):
            drawn = {
                c: _cell(
                    cell,
                    state,
                    givens,
                    levels,
                    before,
                    loaded,
                    colour,
                    slot,
                    by_hand,
                    premises,
                    paint,
                    ruled,
                )
                for c in range(geo.width)
                if (cell := geo.index.get((r, c))) is not None
            }
            for k in range(3):
                pieces = [Piece(f"{r + 1:>{label}} " if k == 1 else " " * (label + 1))]
                for bc in range(geo.width // 3 + 1):
                    edge = (br, bc - 1) in blocks or (br, bc) in blocks
                    pieces.append(Piece(edge_mark if edge else " "))
                    for c in range(3 * bc, 3 * bc + 3):
                        pieces += drawn[c][k] if c in drawn else [Piece(" " * slot)]
                lines.append(_paint(pieces, colour).rstrip())
    if walls:
        assert ruled is not None
        shades = [paint[shade_role(_tint(c, ruled))] if colour else "" for c in range(81)]
        lines += _walled(walls, label, [
            [_cell(c, state, givens, levels, before, loaded, colour, slot, by_hand, premises,
                   paint, ruled) for c in range(9 * r, 9 * r + 9)]
            for r in range(9)
        ], colour, shades)  # fmt: skip
    else:
        lines.append(_border(blocks, geo.height // 3, geo.width // 3, label, slot, dash))
    if ruled is not None:
        lines += rules_legend(ruled, colour, paint, len(lines[-1]))
    legend = _legend(state.steps, loaded, colour, slot, paint)
    if any(state.values[c] for c in by_hand):
        hand = f"{CSI}{UNDERLINE}m 5 {RESET}" if colour else "{5}"
        legend.append(f"        {hand} set by hand (set cell: a what-if edit)")
    if techniques and state.steps:
        legend.append(f"        step {state.steps}: {'; '.join(map(str, techniques))}")
    if premises:
        mark = f"{CSI}{UNDERLINE}m5{RESET}" if colour else "*5*"
        cells = " ".join(geo.cell_name(c) for c in premises)
        legend.append(f"        {mark} read by the rules of step {state.steps} (why): {cells}")
    return lines + legend


def board_place(
    size: tuple[int, int], row: int, col: int, walled: bool = False
) -> tuple[int, int, int]:
    """Where ``board_lines`` draws the frame's 0-based ``row``, ``col`` (``size``: the frame's
    rows and columns; ``walled``: a jigsaw's board, ``is_walled``): the line of the cell's
    first row, its first column (of its marks; the characters, colour codes not counted) and
    its width; it takes three lines."""
    height, width = size
    label = len(str(height))
    if walled:  # a line above every row, a column before every cell
        return 3 + 4 * row, label + 2 + col * (SLOT + 1), SLOT
    slot = SLOT if _width(width // 3, label, SLOT) <= WIDEST else NARROW_SLOT
    line = 2 + (row // 3) * 10 + 1 + (row % 3) * 3  # the heading, the numbers; borders
    column = label + 1 + (col // 3) * (3 * slot + 1) + 1 + (col % 3) * slot
    return line, column, slot


def is_walled(geo: Geometry) -> bool:
    """Whether ``board_lines`` draws the geometry's board walled (a jigsaw's)."""
    ruled = drawn_rules(geo)
    return ruled is not None and bool(ruled.regions)


def _walled(
    regions: Sequence[int],
    label: int,
    cells: Sequence[Sequence[list[list[Piece]]]],
    colour: bool,
    shades: Sequence[str],
) -> list[str]:
    """A jigsaw's board, below its column numbers: each row of ``cells`` (each cell's three
    lines of pieces) under a line of its walls, a wall between two cells of different regions
    (``regions``: each cell's, 1-9) and round the board; ``+`` where walls turn or cross. In
    colour, the gap between two cells of one region in its region's shade (``shades``: each
    cell's SGR code), so that a region reads as one patch."""

    def region(r: int, c: int) -> int:
        return regions[9 * r + c] if 0 <= r < 9 and 0 <= c < 9 else 0

    def across(r: int, c: int) -> bool:  # a wall above the cell (r, c)
        return 0 <= c < 9 and region(r - 1, c) != region(r, c)

    def down(r: int, c: int) -> bool:  # a wall left of the cell (r, c)
        return 0 <= r < 9 and region(r, c - 1) != region(r, c)

    def inside(r: int, c: int) -> str:  # the shade of a gap within the cell's region
        return shades[9 * r + c] if colour else ""

    lines = []
    for r in range(10):
        line = [Piece(" " * (label + 1))]
        for c in range(10):
            flat = across(r, c - 1) or across(r, c)
            upright = down(r - 1, c) or down(r, c)
            mark = "+" if flat and upright else "|" if upright else "-" if flat else " "
            one = mark == " " and 0 < r < 9 and 0 < c < 9  # (the four cells one region)
            line.append(Piece(mark, inside(r, c) if one else ""))
            if c < 9:
                wall = across(r, c)
                line.append(Piece(("-" if wall else " ") * SLOT, "" if wall else inside(r, c)))
        lines.append(_paint(line, colour).rstrip())
        if r == 9:
            break
        for k in range(3):
            pieces = [Piece(f"{r + 1:>{label}} " if k == 1 else " " * (label + 1))]
            for c in range(10):
                wall = down(r, c)
                pieces.append(Piece("|" if wall else " ", "" if wall else inside(r, c)))
                if c < 9:
                    pieces += cells[r][c][k]
            lines.append(_paint(pieces, colour).rstrip())
    return lines


def _width(blocks: int, label: int, slot: int) -> int:
    """The columns of a board ``blocks`` blocks wide: the row labels, a border before each
    block and after the last, three cells a block."""
    return label + 1 + blocks * (3 * slot + 1) + 1


def _border(
    blocks: set[tuple[int, int]], br: int, wide: int, label: int, slot: int, dash: str = "-"
) -> str:
    """The line above block row ``br``: dashes over the blocks above or below it."""
    line = " " * (label + 1)
    for bc in range(wide + 1):
        near = {(br - 1, bc - 1), (br - 1, bc), (br, bc - 1), (br, bc)}
        line += "+" if near & blocks else " "
        if bc < wide:
            line += dash * (3 * slot) if {(br - 1, bc), (br, bc)} & blocks else " " * (3 * slot)
    return line.rstrip()


def _cell(
    cell: Cell,
    state: EngineState,
    givens: Sequence[int],
    levels: Mapping[Cell, int],
    before: Before,
    loaded: bool,
    colour: bool,
    slot: int = SLOT,
    by_hand: Collection[Cell] = (),
    premises: Collection[Cell] = (),
    paint: Paint = TERMINAL,
    ruled: Drawn | None = None,
) -> list[list[Piece]]:
    """The cell's three lines, each its pieces (marks included: one on each side, or one
    before it in a ``NARROW_SLOT``); ``ruled``: the quiz's rules, drawn at its corners."""
    value, mask = state.values[cell], state.cands[cell]
    changed = cell in before
    rows: list[list[Piece]]
    if value:
        level = levels.get(cell)
        if givens[cell]:
            rows = [[Piece("   ")], [_filled(value, "[]", paint["given"], colour)], [Piece("   ")]]
        elif cell in by_hand:
            rows = [[Piece("   ")], [_filled(value, "{}", UNDERLINE, colour)], [Piece("   ")]]
        elif level is None:
            rows = [[Piece("   ")], [Piece(f" {value} ", paint["value"] if colour else "")]]
            rows.append([Piece("   ")])
        else:
            hue = paint[level_role(level)]
            tag = f"L{level}" if level < 100 else str(level)[-3:]
            rows = [
                [Piece(f"{tag:<3}", hue if colour else "")],
                [_filled(value, "()", hue, colour)],
                [Piece("   ")],
            ]
    elif loaded:  # candidates are not computed yet
        rows = [[Piece("   ")] for _ in range(3)]
    else:
        was_value, was_mask = before.get(cell, (0, mask))
        gone = 0 if was_value else was_mask & ~mask
        back = 0 if was_value else mask & ~was_mask
        rows = []
        for k in range(3):
            row = []
            for v in range(3 * k + 1, 3 * k + 4):
                b = 1 << (v - 1)
                if mask & b:
                    row.append(Piece(str(v), paint["back"] if colour and back & b else ""))
                elif gone & b:
                    row.append(Piece(str(v), paint["removed"]) if colour else Piece("x"))
                else:
                    row.append(Piece("."))
            rows.append(row)
    read = cell in premises
    if changed and colour:
        rows = [[Piece(p.text, _join(p.style, paint["set"])) for p in row] for row in rows]
    if read and colour:
        rows = [[Piece(p.text, _join(p.style, UNDERLINE)) for p in row] for row in rows]
    marks = (">", "<") if changed and not colour else (" ", " ")
    if read and not colour and not changed:
        marks = ("*", "*")
    if slot == NARROW_SLOT:
        return [[Piece(marks[0] if k == 1 else " "), *row] for k, row in enumerate(rows)]
    corners = _corners(cell, ruled, colour, paint) if ruled is not None else [Piece(" ")] * 4
    drawn_rows = [
        [
            corners[k] if k != 1 else Piece(marks[0]),
            *row,
            corners[k + 1] if k != 1 else Piece(marks[1]),
        ]
        for k, row in zip((0, 1, 2), rows)
    ]
    tint = _tint(cell, ruled) if ruled is not None and colour else 0
    if tint and not (changed and colour):  # (the step's shade before the rule's)
        shade = paint[shade_role(tint)]
        drawn_rows = [[Piece(p.text, _join(shade, p.style)) for p in row] for row in drawn_rows]
    return drawn_rows


def rules_legend(
    ruled: Drawn, colour: bool, paint: Paint = TERMINAL, width: int = WIDEST
) -> list[str]:
    """The lines naming the quiz's rules above the legend: their words, then each rule with
    how it is drawn, its houses drawn (``diag 1-2``) after its words; broken at blanks to
    ``width`` (the board's: the full screen keeps these lines beside the trace)."""
    lines = ["Rules: " + " ".join(rule.word for rule in ruled.shown)]
    for rule in ruled.shown:
        if rule.draw == "lines":
            slopes = {ruled.slopes[c] for c in range(81)} - {""}
            text = " ".join(s for s in (DOWN, UP) if s in slopes or BOTH in slopes)
            sample = _paint([Piece(f"{text:^3}", paint["rule"] if colour else "")], colour)
        elif rule.draw == "shade":
            shade = "   " if colour else ": :"
            sample = _paint([Piece(shade, paint[shade_role(1)] if colour else "")], colour)
        elif rule.draw == "borders":
            sample = "+-+"
        else:
            sample = " - "
        houses = rule.houses
        named = (
            f" ({houses[0]}-{houses[-1].split()[-1]})"
            if len(houses) > 1
            else f" ({houses[0]})"
            if houses
            else ""
        )
        room = max(width - 6, 20)
        said = textwrap.wrap(rule.title, room)
        if named and len(said[-1] + named) > room:  # (the houses' names kept whole)
            said.append(named.lstrip())
        elif named:
            said[-1] += named
        lines.append(f"  {sample} {said[0]}")
        lines += [" " * 6 + more for more in said[1:]]
    return lines


def _boxed(ruled: Drawn) -> bool:
    """Whether the rules keep the 3x3 boxes for blocks."""
    return not any(rule.word in ("jigsaw", "latin") for rule in ruled.shown)


def _tint(cell: Cell, ruled: Drawn) -> int:
    """The cell's background shade: its shaded house's, else its jigsaw region's (0: none)."""
    return ruled.shades[cell] or (ruled.tints[cell] if ruled.tints else 0)


def _corners(cell: Cell, ruled: Drawn, colour: bool, paint: Paint) -> list[Piece]:
    """The cell's corner marks, top left, top right, (the middle row's: not corners),
    bottom left, bottom right: a diagonal's slope from corner to corner, then (plain) ``:`` in
    those left of a shaded cell."""
    top_left, top_right, bottom_left, bottom_right = " ", " ", " ", " "
    slope = ruled.slopes[cell]
    if slope in (DOWN, BOTH):
        top_left = bottom_right = DOWN
    if slope in (UP, BOTH):
        top_right = bottom_left = UP
    marks = [top_left, top_right, bottom_left, bottom_right]
    styles = ["" if m == " " or not colour else paint["rule"] for m in marks]
    free = [k for k, m in enumerate(marks) if m == " "]
    if ruled.shades[cell] and not colour:  # (in colour: the cell's background)
        for k in free:
            marks[k] = ":"
    pieces = [Piece(m, style) for m, style in zip(marks, styles)]
    return [pieces[0], pieces[1], pieces[2], pieces[3]]


def _filled(value: int, brackets: str, style: str, colour: bool) -> Piece:
    """A digit: in colour in its style, plain between its brackets."""
    if colour:
        return Piece(f" {value} ", style)
    return Piece(f"{brackets[0]}{value}{brackets[1]}")


def _join(*styles: str) -> str:
    return ";".join(s for s in styles if s)


def _paint(pieces: Sequence[Piece], colour: bool) -> str:
    """The pieces as one line: each run of one style in its SGR code, or the styles dropped."""
    if not colour:
        return "".join(p.text for p in pieces)
    out = []
    for style, run in groupby(pieces, key=lambda p: p.style):
        text = "".join(p.text for p in run)
        out.append(f"{CSI}{style}m{text}{RESET}" if style else text)
    return "".join(out)


def _legend(
    steps: int, loaded: bool, colour: bool, slot: int = SLOT, paint: Paint = TERMINAL
) -> list[str]:
    """How to read the board: two lines of at most 80 columns."""
    if colour:

        def sample(text: str, style: str) -> str:
            return f"{CSI}{style}m{text}{RESET}"

        first = (
            f"Legend: {sample('5', paint['given'])} given (bold)  5 placed  "
            f"{sample('5', paint['lv1'])} guessed (Ln above it: its level)"
        )
        if loaded:
            return [first, "        candidates are computed at step 1"]
        second = "        . not a candidate"
        if steps:
            second += (
                f"  {sample(' 5 ', paint['set'])} changed by step {steps}"
                f"  {sample('3', paint['removed'])} removed  {sample('3', paint['back'])} back"
            )
        return [first, second]
    first = "Legend: [5] given  5 placed  (5) guessed, Ln above it: its guess level"
    if loaded:
        return [first, "        candidates are computed at step 1"]
    second = "        . not a candidate"
    if steps:
        changed = ">...<" if slot == SLOT else ">..."
        second += f"  {changed} changed by step {steps}  x candidate removed by it"
    return [first, second]

"""Turn events and states into the original's text. Returns strings; never prints."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from sudoku_repl.core import events as E
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC, Geometry, values_of
from sudoku_repl.core.state import EngineState, Status, foremost


def grid_lines(values: Sequence[int], geo: Geometry = CLASSIC) -> list[str]:
    """The frame row by row, three columns a group (``ddd ddd ddd`` for a classic quiz), blanks
    outside the grids, and an empty line after every third row."""
    if geo.classic:
        lines = []
        for r in range(9):
            row = values[r * 9 : r * 9 + 9]
            lines.append(" ".join("".join(str(v) for v in row[b : b + 3]) for b in (0, 3, 6)))
            if r % 3 == 2:
                lines.append("")
        return lines
    lines = []
    for r in range(geo.height):
        chars = []
        for c in range(geo.width):
            cell = geo.index.get((r, c))
            chars.append(" " if cell is None else str(values[cell]))
        groups = ["".join(chars[b : b + 3]) for b in range(0, geo.width, 3)]
        lines.append(" ".join(groups).rstrip())
        if r % 3 == 2:
            lines.append("")
    return lines


def grid_place(row: int, col: int) -> tuple[int, int]:
    """Where ``grid_lines`` (after a heading line) writes the frame's 0-based ``row``, ``col``:
    its line and column."""
    return 1 + row + row // 3, col + col // 3


def event_lines(event: Event, geo: Geometry = CLASSIC) -> list[str]:
    """The lines of one event."""
    name = geo.cell_name
    if isinstance(event, E.Removal):
        return [f"{event.technique}GW: {event.value} shrunken out of {name(event.cell)}"]
    if isinstance(event, E.UnitShrunk):
        how = _UNIT_SHRUNK[event.kind]
        return [f"{event.step}) {geo.units[event.unit].name} {how}"]
    if isinstance(event, E.WentWrong):
        where = "blk" if event.in_block else ""
        return [f"{event.step}) shrinking {event.value} from {where}{name(event.cell)} went wrong"]
    if isinstance(event, E.Guess):
        word = _GUESS_WORDS[event.kind]
        at = f"level {event.level} at {event.tried} out of {event.out_of}"
        return [f"{event.step}) {word} {name(event.cell)} {at}"]
    if isinstance(event, E.CelSet):
        cells = " ".join(name(c) for c in event.cells)
        return [f"CelSet: {cells} ValSet: {' '.join(str(v) for v in event.values)}"]
    if E.is_solution(event):
        return [
            *grid_lines(event.grid, geo),
            f"Fine [steps:{event.step}, solution sum:{event.solution_sum}].",
        ]
    if E.is_no_more(event):
        step, total = event.step, event.solution_sum
        return [
            f"{step}) No more solution (solution sum is {total}).",
            *grid_lines(event.grid, geo),
            invalid_line(step, total),
        ]
    if isinstance(event, E.NoCandidate):
        return [f"{event.step}) {name(event.cell)} has no candidate"]
    renderer = RENDERERS.get(event[0])
    if renderer is None:
        raise ValueError(f"unknown event kind {event[0]}")
    return renderer(event, geo)


_UNIT_SHRUNK = {
    E.COMPLETE: "complete shrunken by group",
    E.INCOMPLETE: "incomplete shrunken by group",
    E.PLY: "shrunken by ply",
}
_GUESS_WORDS = {E.GUESS: "Guess", E.FORWARD: "Forward guess", E.UPWARD: "Upward guess"}

#: renderers of the event kinds that techniques add (each technique's ``register`` fills it)
RENDERERS: dict[int, Callable[[Event, Geometry], list[str]]] = {}


def trace_lines(events: Iterable[Event], geo: Geometry = CLASSIC) -> list[str]:
    return [line for event in events for line in event_lines(event, geo)]


def invalid_line(steps: int, solutions: int) -> str:
    return f"Invalid quiz [steps:{steps}] - no more solution (solution sum is {solutions})"


def show_lines(state: EngineState, geo: Geometry = CLASSIC) -> list[str]:
    """docs/commands.md 5: grid, steps, candidates by row, foremost cell (and, when a guess is
    due at another cell, that cell), guess level."""
    lines = grid_lines(state.values, geo)
    lines += [f"Steps:{state.steps}", "Candidates:"]
    if state.status is Status.LOADED:
        return lines
    by_row: dict[int, list[str]] = {}
    for i, v in enumerate(state.values):
        if not v:
            entry = " ".join([f"{geo.cell_name(i)}:", *map(str, values_of(state.cands[i]))])
            by_row.setdefault(geo.positions[i][0], []).append(entry)
    lines += [" ".join(entries) for _, entries in sorted(by_row.items())]
    if by_row:
        cell, least = foremost(state.values, state.cands)
        lines.append(f"The foremost cell with {least} candidate(s) at {geo.cell_name(cell)}")
        if state.status is Status.GUESS_DUE and state.pending not in (cell, -1):
            # the guess goes where the foremost cell was before the filter (docs/engine.md 3)
            lines.append(
                f"The next guess is at {geo.cell_name(state.pending)}, the foremost cell "
                f"before the filter of step {state.steps}"
            )
    if state.frames:
        top = state.frames[-1]
        lines.append(f"At guess level {state.level} {geo.cell_name(top.cell)} {top.tried}")
    return lines


#: a continued line of the show block begins so (its candidates went on past the width)
GOES_ON = "  "


def wrapped(lines: Sequence[str], width: int) -> list[str]:
    """The show block's ``lines`` for a terminal ``width`` columns wide: a line of candidates
    wider than that is broken between its entries (``[4,9]: 1 2 7`` stays whole), the lines it
    goes on in begun with ``GOES_ON``; the other lines as they are."""
    out: list[str] = []
    for line in lines:
        if len(line) < width or not line.startswith("["):
            out.append(line)
            continue
        entries = ["[" + e if k else e for k, e in enumerate(line.split(" ["))]
        now = entries[0]
        for entry in entries[1:]:
            if len(now) + 1 + len(entry) < width:
                now += " " + entry
            else:
                out.append(now)
                now = GOES_ON + entry
        out.append(now)
    return out


def levels_lines(state: EngineState, geo: Geometry = CLASSIC) -> list[str]:
    """docs/commands.md 3, ``levels``."""
    lines = [f"At guess level {state.level}:"]
    for k in range(state.level, 0, -1):
        f = state.frames[k - 1]
        lines.append(
            f"Level {k} {geo.cell_name(f.cell)}={f.value} ({f.tried} out of {len(f.options)})"
        )
    return lines

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


def event_lines(event: Event, geo: Geometry = CLASSIC) -> list[str]:
    """The lines of one event."""
    kind = event[0]
    name = geo.cell_name
    if kind == E.REMOVED:
        return [f"{event[1]}GW: {event[2]} shrunken out of {name(event[3])}"]
    if kind == E.COMPLETE:
        return [f"{event[1]}) {geo.units[event[2]].name} complete shrunken by group"]
    if kind == E.INCOMPLETE:
        return [f"{event[1]}) {geo.units[event[2]].name} incomplete shrunken by group"]
    if kind == E.WENT_WRONG:
        where = "blk" if event[4] else ""
        return [f"{event[1]}) shrinking {event[2]} from {where}{name(event[3])} went wrong"]
    if kind in E.GUESS_KINDS:
        word = {E.GUESS: "Guess", E.FORWARD: "Forward guess", E.UPWARD: "Upward guess"}[kind]
        step, cell, level, index, count = event[1:]
        return [f"{step}) {word} {name(cell)} level {level} at {index} out of {count}"]
    if kind == E.CELSET:
        cells = " ".join(name(c) for c in event[1])
        return [f"CelSet: {cells} ValSet: {' '.join(str(v) for v in event[2])}"]
    if kind == E.SOLUTION:
        return [*grid_lines(event[3], geo), f"Fine [steps:{event[1]}, solution sum:{event[2]}]."]
    if kind == E.NO_MORE:
        step, total, grid = event[1:]
        return [
            f"{step}) No more solution (solution sum is {total}).",
            *grid_lines(grid, geo),
            invalid_line(step, total),
        ]
    if kind == E.NO_CANDIDATE:
        return [f"{event[1]}) {name(event[2])} has no candidate"]
    if kind == E.PLY:
        return [f"{event[1]}) {geo.units[event[2]].name} shrunken by ply"]
    renderer = RENDERERS.get(kind)
    if renderer is None:
        raise ValueError(f"unknown event kind {kind}")
    return renderer(event, geo)


#: renderers of the event kinds that later techniques add (see ``events.register``)
RENDERERS: dict[int, Callable[[Event, Geometry], list[str]]] = {}


def trace_lines(events: Iterable[Event], geo: Geometry = CLASSIC) -> list[str]:
    return [line for event in events for line in event_lines(event, geo)]


def invalid_line(steps: int, solutions: int) -> str:
    return f"Invalid quiz [steps:{steps}] - no more solution (solution sum is {solutions})"


def show_lines(state: EngineState, geo: Geometry = CLASSIC) -> list[str]:
    """docs/commands.md 5: grid, steps, candidates by row, foremost cell, guess level."""
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
    if state.frames:
        top = state.frames[-1]
        lines.append(f"At guess level {state.level} {geo.cell_name(top.cell)} {top.tried}")
    return lines


def levels_lines(state: EngineState, geo: Geometry = CLASSIC) -> list[str]:
    """docs/commands.md 3, ``levels``."""
    lines = [f"At guess level {state.level}:"]
    for k in range(state.level, 0, -1):
        f = state.frames[k - 1]
        lines.append(
            f"Level {k} {geo.cell_name(f.cell)}={f.value} ({f.tried} out of {len(f.options)})"
        )
    return lines

"""The trace lines of the techniques' events (run modes 3, 4 and 5): the book's conversions
and the chains. The techniques find and apply; how their steps read belongs up here, with the
other views. ``register()`` (called by ``assembly.register_modes``) hands them to the renderer
of the trace lines (``text.render.RENDERERS``).

Also how a line reads under ``set names standard`` (``move_lines``): the original's line, two
spaces, and the community's name in brackets, ``6) blk 4 incomplete shrunken by group  (hidden
pair, box 4)``; every line of a technique carries it (a 2GW's removals, its CelSet and its
unit's line), so that a line shown alone (``why``) still says it. Under ``readalps`` the lines
are the original's, byte for byte."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core import events as E
from sudoku_repl.core import hand
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Geometry, Mask
from sudoku_repl.core.record import History
from sudoku_repl.techniques.chains import (
    FORCING_CHAIN,
    TECHNIQUES,
    X_CHAIN,
    ChainStep,
    Node,
    cell_of,
    value_of,
)
from sudoku_repl.techniques.names import Technique, fill_pass, technique
from sudoku_repl.techniques.theorems import CONVERSION, Conversion
from sudoku_repl.text import render
from sudoku_repl.text.render import event_lines
from sudoku_repl.views.step_reasons import Notation
from sudoku_repl.views.step_words import notation

STANDARD = "standard"


def named(line: str, name: Technique | None) -> str:
    """A line with its standard name beside it: the one place that says how that looks."""
    return line if name is None else f"{line}  ({name})"


def move_lines(
    events: Sequence[Event],
    geo: Geometry,
    names: str = "readalps",
    move: Sequence[Event] | None = None,
    cands: Sequence[Mask] | None = None,
) -> list[str]:
    """The lines of ``events``, all of one move or some of them (``move``: all its records),
    with the standard names when ``names`` is "standard" (``cands``: the candidates right after
    the move, which tell a naked set's size)."""
    if names != STANDARD:
        return [line for e in events for line in event_lines(e, geo)]
    context = events if move is None else move
    lines: list[str] = []
    for e in events:
        # (a chain's line names its cells r4c5: its removals too, one notation a line)
        own = chain_line(e, geo, STANDARD) if e[0] in TECHNIQUES else event_lines(e, geo)
        if own:
            own[-1] = named(own[-1], technique(e, context, cands, geo))
        lines += own
    return lines


def conversion_lines(event: Event, geo: Geometry) -> list[str]:
    c = Conversion(*event)  # the record, or a plain tuple of its layout
    where = f"{geo.cell_name(c.cell)} by theorem {c.theorem} in {geo.units[c.unit].name}"
    return [f"{c.step}) NA({c.cell + 1})={c.value} {where}"]


def node_text(node: Node, truth: bool, geo: Geometry) -> str:
    """``r8c4=3`` / ``r8c4!=3``: the cell as ``cell_name`` numbers it (frame rows, columns)."""
    cell = notation(geo, STANDARD)(cell_of(node))
    return f"{cell}{'=' if truth else '!='}{value_of(node)}"


def chain_text(nodes: Sequence[Node], geo: Geometry) -> str:
    """``X=v -> B!=v => C=v -> ... => Y=v -> X!=v``: the seed's notation, closed at the target."""
    parts = [node_text(nodes[0], True, geo)]
    for k, n in enumerate(nodes[1:], 1):
        parts += ["->" if k % 2 else "=>", node_text(n, k % 2 == 0, geo)]
    parts += ["->", node_text(nodes[0], False, geo)]
    return " ".join(parts)


def removed_text(removed: Sequence[Node], name: Notation) -> str:
    """``3 from [8,4] [9,5]`` (cells as ``name`` says), values ascending, joined by ``and``."""
    by_value: dict[int, list[str]] = {}
    for n in sorted(removed, key=lambda n: (value_of(n), n)):
        by_value.setdefault(value_of(n), []).append(name(cell_of(n)))
    return " and ".join(f"{v} from {' '.join(cells)}" for v, cells in by_value.items())


def chain_line(event: Event, geo: Geometry, names: str = "readalps") -> list[str]:
    """A chain's trace line; its removals' cells as ``names`` says (readalps: the seed's
    ``[8,4]``)."""
    chain = ChainStep(*event)  # the record, or a plain tuple of its layout
    name = TECHNIQUES[chain.kind]
    if chain.kind == X_CHAIN:
        name += f" {value_of(chain.nodes[0])}"
    removes = removed_text(chain.removed, notation(geo, names))
    return [f"{chain.step}) {name}: {chain_text(chain.nodes, geo)}, removes {removes}"]


def hand_line(event: Event, geo: Geometry) -> list[str]:
    """``11) [4,2]=2 set by hand`` / ``11) 3 removed from [1,1] by hand`` (a what-if edit)."""
    move = hand.HandMove(*event)
    name = geo.cell_name(move.cell)
    if move.kind == hand.HAND_SET:
        return [f"{move.step}) {name}={move.value} set by hand"]
    return [f"{move.step}) {move.value} removed from {name} by hand"]


def cands_after(history: History, move: int) -> list[Mask]:
    """The candidates right after a recorded move (what tells a naked set's size)."""
    done, snapshot = history.snapshot_at_or_before(move + 1)
    cands = list(snapshot.cands)
    for m in range(done, move + 1):
        for cell, _, mask in history.changes(m):
            cands[cell] = mask
    return cands


def recorded_lines(
    history: History, move: int, events: Sequence[Event], geo: Geometry, names: str
) -> list[str]:
    """The lines of some of a recorded move's ``events`` (``why`` shows a removal's), named as
    ``set names`` says."""
    if names != STANDARD:
        return move_lines(events, geo)
    move_events = history.events(move)
    # the candidates tell a naked set's size and a shrink's singles: read them only then
    wanted = any(e[0] in (E.REMOVED, E.COMPLETE) for e in move_events)
    cands = cands_after(history, move) if wanted else None
    return move_lines(events, geo, names, move_events, cands)


def recorded_techniques(history: History, moves: range, geo: Geometry) -> list[Technique]:
    """The standard names of what these recorded moves did, each once, in their order (the
    board's legend: the last step's)."""
    found: list[Technique] = []
    for move in moves:
        events = history.events(move)
        if not events:  # the fill pass places naked singles without a line
            placed = sum(1 for _, value, _ in history.changes(move) if value)
            if placed and fill_pass(placed) not in found:
                found.append(fill_pass(placed))
            continue
        cands = None
        for e in events:
            if cands is None and e[0] in (E.REMOVED, E.COMPLETE):
                cands = cands_after(history, move)
            name = technique(e, events, cands, geo)
            if name is not None and name not in found:
                found.append(name)
    return found


def register() -> None:
    """The lines of the techniques' events and of the hand moves, for ``text.render``."""
    hand.register()
    render.RENDERERS[hand.HAND_SET] = hand_line
    render.RENDERERS[hand.HAND_REMOVED] = hand_line
    render.RENDERERS[CONVERSION] = conversion_lines
    render.RENDERERS[X_CHAIN] = chain_line
    render.RENDERERS[FORCING_CHAIN] = chain_line

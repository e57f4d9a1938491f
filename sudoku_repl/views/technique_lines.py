"""The trace lines of the techniques' events (run modes 3, 4 and 5): the book's conversions
and the chains. The techniques find and apply; how their steps read belongs up here, with the
other views. ``register()`` (called by ``assembly.register_modes``) hands them to the renderer
of the trace lines (``text.render.RENDERERS``)."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_repl.core import hand
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.techniques.chains import (
    FORCING_CHAIN,
    TECHNIQUES,
    X_CHAIN,
    ChainStep,
    Node,
    cell_of,
    value_of,
)
from sudoku_repl.techniques.theorems import CONVERSION, Conversion
from sudoku_repl.text import render


def conversion_lines(event: Event, geo: Geometry) -> list[str]:
    c = Conversion(*event)  # the record, or a plain tuple of its layout
    where = f"{geo.cell_name(c.cell)} by theorem {c.theorem} in {geo.units[c.unit].name}"
    return [f"{c.step}) NA({c.cell + 1})={c.value} {where}"]


def node_text(node: Node, truth: bool, geo: Geometry) -> str:
    """``r8c4=3`` / ``r8c4!=3``: the cell as ``cell_name`` numbers it (frame rows, columns)."""
    r, c = geo.cell_name(cell_of(node))[1:-1].split(",")
    return f"r{r}c{c}{'=' if truth else '!='}{value_of(node)}"


def chain_text(nodes: Sequence[Node], geo: Geometry) -> str:
    """``X=v -> B!=v => C=v -> ... => Y=v -> X!=v``: the seed's notation, closed at the target."""
    parts = [node_text(nodes[0], True, geo)]
    for k, n in enumerate(nodes[1:], 1):
        parts += ["->" if k % 2 else "=>", node_text(n, k % 2 == 0, geo)]
    parts += ["->", node_text(nodes[0], False, geo)]
    return " ".join(parts)


def removed_text(removed: Sequence[Node], geo: Geometry) -> str:
    """``3 from [8,4] [9,5]``, values ascending, joined by ``and``."""
    by_value: dict[int, list[str]] = {}
    for n in sorted(removed, key=lambda n: (value_of(n), n)):
        by_value.setdefault(value_of(n), []).append(geo.cell_name(cell_of(n)))
    return " and ".join(f"{v} from {' '.join(cells)}" for v, cells in by_value.items())


def chain_line(event: Event, geo: Geometry) -> list[str]:
    chain = ChainStep(*event)  # the record, or a plain tuple of its layout
    name = TECHNIQUES[chain.kind]
    if chain.kind == X_CHAIN:
        name += f" {value_of(chain.nodes[0])}"
    removes = removed_text(chain.removed, geo)
    return [f"{chain.step}) {name}: {chain_text(chain.nodes, geo)}, removes {removes}"]


def hand_line(event: Event, geo: Geometry) -> list[str]:
    """``11) [4,2]=2 set by hand`` / ``11) 3 removed from [1,1] by hand`` (a what-if edit)."""
    move = hand.HandMove(*event)
    name = geo.cell_name(move.cell)
    if move.kind == hand.HAND_SET:
        return [f"{move.step}) {name}={move.value} set by hand"]
    return [f"{move.step}) {move.value} removed from {name} by hand"]


def register() -> None:
    """The lines of the techniques' events and of the hand moves, for ``text.render``."""
    hand.register()
    render.RENDERERS[hand.HAND_SET] = hand_line
    render.RENDERERS[hand.HAND_REMOVED] = hand_line
    render.RENDERERS[CONVERSION] = conversion_lines
    render.RENDERERS[X_CHAIN] = chain_line
    render.RENDERERS[FORCING_CHAIN] = chain_line

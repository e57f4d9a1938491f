"""The record as the replay page reads it: a small JSON header and one deflated block of the
record's own arrays, as its chunks hold them (``Chunk``: the cells each move touched and their
states after it, ``EventCodes``: each move's events as 16-bit codes), sliced to the steps
exported. Nothing is rendered here but the lines no code says (events of added kinds, and every
line under ``set names standard``): the page decodes the codes and words the original's lines
itself, and a browser test holds its words to the reference traces."""

from __future__ import annotations

import base64
import zlib
from array import array
from collections.abc import Sequence
from typing import Any

from sudoku_repl.core import events as E
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.hooks import Hooks, between
from sudoku_repl.core.layout import MOVES_PER_SNAPSHOT, VALUE_SHIFT
from sudoku_repl.core.record import History
from sudoku_repl.core.state import EngineState
from sudoku_repl.views.technique_lines import STANDARD, recorded_lines

#: moves (or bytes of the arrays) worked between two calls of ``between``
PIECE = 1 << 16

#: the event kinds the page words itself, by the names its script knows them by
KIND_NAMES = {
    "NO_CANDIDATE": E.NO_CANDIDATE, "WENT_WRONG": E.WENT_WRONG, "COMPLETE": E.COMPLETE,
    "REMOVED": E.REMOVED, "CELSET": E.CELSET, "INCOMPLETE": E.INCOMPLETE, "PLY": E.PLY,
    "GUESS": E.GUESS, "FORWARD": E.FORWARD, "UPWARD": E.UPWARD, "NO_MORE": E.NO_MORE,
    "SOLUTION": E.SOLUTION,
}  # fmt: skip


def geometry_json(geo: Geometry) -> dict[str, Any]:
    """The frame, each cell's place in it and the units' names (``[r,c]`` and ``row 2``)."""
    return {
        "height": geo.height,
        "width": geo.width,
        "positions": [rc for pos in geo.positions for rc in pos],
        "units": [unit.name for unit in geo.units],
    }


def _packed(state: EngineState) -> array[int]:
    """Every cell of a state as the record keeps a change: value << 9 | candidates."""
    return array("H", (v << VALUE_SHIFT | m for v, m in zip(state.values, state.cands)))


def _stack(state: EngineState) -> list[list[int]]:
    """The guess levels of a state: [cell, value, tried, out of] each, the first level first."""
    return [[f.cell, f.value, f.tried, len(f.options)] for f in state.frames]


class _Blob:
    """Typed arrays laid one after another, each at a multiple of 4 bytes, for the page to view
    in place (``layout``: name, type code, length)."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.layout: list[list[Any]] = []
        self.size = 0

    def add(self, name: str, numbers: array[int]) -> None:
        data = numbers.tobytes()
        pad = -len(data) % 4
        self.parts.append(data + bytes(pad))
        self.layout.append([name, numbers.typecode, len(numbers)])
        self.size += len(data) + pad

    def deflated(self, hooks: Hooks | None = None) -> str:
        """The arrays deflated, in base64 (``between`` the arrays' pieces)."""
        # (level 1: a fifth of the time of the default for a file about a tenth bigger)
        deflate = zlib.compressobj(1)
        packed = []
        for part in self.parts:
            for at in range(0, len(part), PIECE):
                between(hooks)
                packed.append(deflate.compress(part[at : at + PIECE]))
        packed.append(deflate.flush())
        return base64.b64encode(b"".join(packed)).decode("ascii")


def encode(
    history: History,
    geo: Geometry,
    givens: Sequence[int],
    start: EngineState,
    moves: range,
    names: str = "readalps",
    hooks: Hooks | None = None,
) -> dict[str, Any]:
    """The page's data for ``moves`` of ``history`` (``start``: the state before the first):
    JSON-able, its arrays in ``blob`` (base64 of deflated bytes, laid out as ``layout`` says).
    Between chunks of the record, ``between(hooks)``: Ctrl-C stops it (``Stopped``)."""
    steps, cell_end, cells, states = array("I"), array("I"), array("H"), array("H")
    code_end, codes, grid_base = array("I"), array("H"), array("I")
    grids = bytearray()  # the grids of solution and end lines, a byte a cell, one after another
    lines: dict[int, list[str]] = {}  # moves whose lines the page cannot make itself
    for first, chunk in history.written_chunks(moves):
        between(hooks)
        assert chunk.events is not None  # (written_chunks works every chunk out)
        ends, at = chunk.ends, chunk.events.code_at
        lo, hi = max(moves.start - first, 0), min(moves.stop - first, len(ends))
        cell_lo = ends[lo - 1] if lo else 0
        cell_base = len(cells) - cell_lo
        cells.extend(chunk.cells[cell_lo : ends[hi - 1]])
        states.extend(chunk.states[cell_lo : ends[hi - 1]])
        cell_end.extend([cell_base + e for e in ends[lo:hi]])
        code_base = len(codes) - at[lo]
        codes.extend(chunk.events.codes[at[lo] : at[hi]])
        code_end.extend([code_base + e for e in at[lo + 1 : hi + 1]])
        grid_base.append(len(grids) // geo.size)
        grids += b"".join(chunk.events.grids)
        for i, events in chunk.events.odd.items():
            if lo <= i < hi:
                lines[first + i - moves.start] = recorded_lines(
                    history, first + i, events, geo, names
                )
    for m in moves:
        if not m % PIECE:
            between(hooks)
        steps.append(history.steps_after(m + 1))
    if names == STANDARD:  # the names need the candidates around each move: said here
        for m in moves:
            if not m % MOVES_PER_SNAPSHOT:
                between(hooks)
            events = history.events(m)
            if events:
                lines[m - moves.start] = recorded_lines(history, m, events, geo, names)
    blob = _Blob()
    blob.add("start", _packed(start))
    blob.add("steps", steps)
    blob.add("cellEnd", cell_end)
    blob.add("cells", cells)
    blob.add("states", states)
    blob.add("codeEnd", code_end)
    blob.add("codes", codes)
    blob.add("gridBase", grid_base)
    blob.add("grids", array("B", grids))
    return {
        "version": 1,
        "geometry": geometry_json(geo),
        "kinds": KIND_NAMES,
        "valueShift": VALUE_SHIFT,
        "chunkMoves": MOVES_PER_SNAPSHOT,
        "chunkOffset": moves.start % MOVES_PER_SNAPSHOT,
        "givens": list(givens),
        "startSteps": start.steps,
        "startStack": _stack(start),
        "moves": len(moves),
        "lines": {str(m): text for m, text in lines.items()},
        "layout": blob.layout,
        "blob": blob.deflated(hooks),
    }

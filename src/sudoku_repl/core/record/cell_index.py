"""The record's index of the cells, read: each chunk keeps the cells its moves touched
(``Chunk.note``), so a question about one cell reads only the chunks that name it (a byte
search) and there only the cell's changes. ``scan_cell`` is ``History.cell_track`` in Python
(the reference; the native core's ``cell_track`` is the same loop on the chunks' buffers, with
the same arguments), ``last_empty_cands`` reads the index backwards (a cell breakpoint's look
back)."""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import compress, repeat
from operator import attrgetter, contains

from sudoku_repl.core.geometry import Cell, Mask
from sudoku_repl.core.record.chunks import CANDS, MOVES_PER_SNAPSHOT, VALUE_SHIFT, Chunk
from sudoku_repl.core.record.codec import EventCodes
from sudoku_repl.core.record.track import CellTrack
from sudoku_repl.core.state import EngineState

#: works chunk k of the record out (``History._write_out``): gives it its states
WriteOut = Callable[[int], EventCodes]


def _passing(held: list[int], before: int, after: int) -> tuple[int, ...]:
    """The values a cell held inside a step that neither state shows (``CellStep.passing``)."""
    if len(held) == 1 and (held[0] == after or held[0] == before):
        return ()
    return tuple(v for v in held if v != before and v != after)


def _find(cells: bytearray | array[int], cell: Cell, start: int) -> int:
    """The first place of ``cell`` in ``cells`` from ``start``, or -1."""
    if isinstance(cells, bytearray):
        return cells.find(cell, start)
    try:
        return cells.index(cell, start)
    except ValueError:
        return -1


def touching(chunks: Sequence[Chunk], cell: Cell, count: int) -> list[int]:
    """The numbers of the first ``count`` chunks whose moves touched the cell: a byte search in
    each chunk's cells, the loop over the chunks left to C (15,625 chunks at 1,000,000
    moves)."""
    cells = map(attrgetter("cells"), chunks[:count])
    return list(compress(range(count), map(contains, cells, repeat(cell))))


def scan_cell(
    chunks: Sequence[Chunk],
    cell: Cell,
    stop: int,
    steps: array[int],
    before_all: int,
    start_value: int,
    start_cands: Mask,
    write_out: WriteOut,
) -> CellTrack:
    """``History.cell_track`` in Python, within the first ``stop`` moves of the record whose
    step counts are ``steps`` (``before_all`` before its first move, when ``cell`` was
    ``start_value``/``start_cands``). (One loop, kept tight: it is the whole cost of ``when``
    on the pure build.)"""
    last = len(steps)
    track = CellTrack(array("I"), b"", b"", array("H"), array("H"), {})
    out_steps, out_cands_before, out_cands = track.steps, track.cands_before, track.cands
    values_before, values = bytearray(), bytearray()
    # the cell at the state of the last step closed, and now; values held since then
    value = now_value = start_value
    cands = now_cands = start_cands
    held: list[int] = []
    end = -1  # the last move of the step the changes seen since the last close belong to

    def close() -> None:
        passing = _passing(held, value, now_value) if held else ()
        if now_value != value or now_cands != cands or passing:
            if passing:
                track.passing[len(out_steps)] = passing
            out_steps.append(steps[end])
            values_before.append(value)
            out_cands_before.append(cands)
            values.append(now_value)
            out_cands.append(now_cands)

    for k in touching(chunks, cell, -(-stop // MOVES_PER_SNAPSHOT)):
        chunk = chunks[k]
        cells = chunk.cells
        find = cells.find if isinstance(cells, bytearray) else partial(_find, cells)
        at = find(cell, 0)
        if not chunk.has_states():
            write_out(k)
        ends, states, base = chunk.ends, chunk.states, k * MOVES_PER_SNAPSHOT
        while at >= 0:
            i = bisect_right(ends, at)
            move = base + i
            if move >= stop:
                break
            if move > end >= 0:  # the step of the changes before has ended
                close()
                value, cands, end = now_value, now_cands, -1
                if held:
                    held = []
            packed = states[at]
            now_value, now_cands = packed >> VALUE_SHIFT, packed & CANDS
            if now_value and now_value not in held:
                held.append(now_value)
            if end < 0:  # the step's last move: the first from this one that advances
                end = move
                while end < last and steps[end] <= (steps[end - 1] if end else before_all):
                    end += 1
                if end >= stop:  # the step does not end within the moves asked about
                    end = -1
                    break
            at = find(cell, ends[i])
        else:
            continue
        break  # (past the moves asked about)
    if end >= 0:
        close()
    track.values_before, track.values = bytes(values_before), bytes(values)
    return track


def last_empty_cands(
    chunks: Sequence[Chunk],
    cell: Cell,
    stop: int,
    start: EngineState,
    step_end: Callable[[int], int],
    write_out: WriteOut,
) -> Mask | None:
    """The candidates ``cell`` had in the last step's state, within the first ``stop`` moves
    of the record that began at ``start``, that showed it empty (None if none did). Read
    backwards: the chunks that touched the cell from the last, and there the cell's changes
    from the last, so it stops at the last step that ended with the cell empty (a cell
    breakpoint's look back, when it is armed at a present that shows the cell filled).
    ``step_end``: ``History.step_end``."""
    closed = stop  # the end of the step whose last change was read last
    for k in reversed(touching(chunks, cell, -(-stop // MOVES_PER_SNAPSHOT))):
        chunk = chunks[k]
        cells = chunk.cells
        find = cells.find if isinstance(cells, bytearray) else partial(_find, cells)
        places = []
        at = find(cell, 0)
        while at >= 0:
            places.append(at)
            at = find(cell, at + 1)
        if not chunk.has_states():
            write_out(k)
        base, ends, states = k * MOVES_PER_SNAPSHOT, chunk.ends, chunk.states
        for at in reversed(places):
            move = base + bisect_right(ends, at)
            if move >= stop:
                continue
            end = step_end(move)
            if end >= closed:  # not the last change of its step, or its step ends too late
                continue
            closed = end  # the state after this move is the state at the step's end
            if not states[at] >> VALUE_SHIFT:
                return states[at] & CANDS
    return None if start.values[cell] else start.cands[cell]


def cell_states_back(
    chunks: Sequence[Chunk], cell: Cell, first: int, stop: int, write_out: WriteOut
) -> Iterator[tuple[int, int, Mask]]:
    """(move, value, candidates after it) of each move in ``first..stop - 1`` that touched the
    cell, the latest first: the chunks that name the cell from the last, so a reader that stops
    early (``why``'s search for the move that made a fact hold) reads only the chunks it needs."""
    last = -(-stop // MOVES_PER_SNAPSHOT) - 1
    for k in range(min(last, len(chunks) - 1), first // MOVES_PER_SNAPSHOT - 1, -1):
        chunk = chunks[k]
        cells = chunk.cells
        if cell not in cells:
            continue
        if not chunk.has_states():
            write_out(k)
        base, ends, states = k * MOVES_PER_SNAPSHOT, chunk.ends, chunk.states
        places = []
        find = cells.find if isinstance(cells, bytearray) else partial(_find, cells)
        at = find(cell, 0)
        while at >= 0:
            places.append(at)
            at = find(cell, at + 1)
        seen = -1
        for at in reversed(places):
            move = base + bisect_right(ends, at)
            if move == seen or not first <= move < stop:
                continue
            seen = move
            packed = states[at]
            yield move, packed >> VALUE_SHIFT, packed & CANDS

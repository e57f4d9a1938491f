"""What the steps a record drops showed (``History.drop_oldest``): the values each cell held
and the candidates each empty cell lost in the states of those steps, gathered while the older
half goes (``DropScan``), so that bisection still knows what lies before the kept record.

``scan`` is the loop over the chunks to drop (the reference: the pure build's way); the native
core's ``drop_scan`` (``csrc/record.c``) is the same loop on the chunks' buffers, with the same
arguments, writing into the same arrays. Both read the states the chunks keep (every way of
recording keeps them, ``Chunk.has_states``); a move that leaves the step count as it was is seen
at the next step's state, as far as its changes last to it (``sudoku_repl.core.record``), which
costs a loop a move only in the few chunks that hold one.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from operator import lt
from typing import Final

from sudoku_repl.core.layout import NOT_WAITING
from sudoku_repl.core.record.chunks import CANDS, MOVES_PER_SNAPSHOT, VALUE_SHIFT, Chunk
from sudoku_repl.core.state import EngineState

#: the bit of each value in ``DropScan.held`` (value v: bit v - 1)
_BIT: Final = [0] + [1 << v for v in range(15)]


class DropScan:
    """What a scan of the moves to drop has gathered so far, per cell, each an ``array('H')``
    (the C reads and writes them in place): ``held``, the values the cell showed in the states
    of the steps scanned (bit v - 1 for value v); ``removed``, the candidates it lost between two
    of those states that showed it empty; ``last_empty``, its candidates in the last of them
    (at first the start's, 0 for a cell filled there: no candidate to lose); ``waiting``, its
    state after a move that left the step count as it was, until the next step's state shows it
    (``NOT_WAITING``: none)."""

    __slots__ = ("held", "last_empty", "removed", "waiting")

    def __init__(self, start: EngineState) -> None:
        cells = len(start.values)
        self.last_empty = array("H", [0 if v else m for v, m in zip(start.values, start.cands)])
        self.held = array("H", [0]) * cells
        self.removed = array("H", [0]) * cells
        self.waiting = array("H", [NOT_WAITING]) * cells

    @staticmethod
    def pairs(bits: Sequence[int]) -> set[int]:
        """``cell * 9 + value - 1`` for each value bit of each cell (``History.dropped_held``'s
        numbers)."""
        return {c * 9 + v for c, mask in enumerate(bits) if mask for v in range(9) if mask >> v & 1}


def scan(
    chunks: Sequence[Chunk],
    first: int,
    stop: int,
    steps: Sequence[int],
    before_all: int,
    write_out: Callable[[int], object],
    into: DropScan,
) -> None:
    """Gather chunks ``first``..``stop - 1`` of a record into ``into``: ``steps`` are the
    record's step counts (``before_all`` before its first move), ``write_out(k)`` gives chunk k
    its states if it has none. (The loop is kept tight: it is the whole cost of a drop on the
    pure build.)"""
    held, removed, last_empty = into.held.tolist(), into.removed.tolist(), into.last_empty.tolist()
    waiting_state = into.waiting.tolist()
    waiting = [c for c, s in enumerate(waiting_state) if s != NOT_WAITING]
    bit = _BIT

    def gather(entries: Iterable[tuple[int, int]]) -> None:
        """Cells' states at a step's state, in order."""
        for c, s in entries:
            if s > CANDS:
                held[c] |= bit[s >> VALUE_SHIFT]
            else:
                removed[c] |= last_empty[c] & ~s
                last_empty[c] = s

    for k in range(first, stop):
        chunk = chunks[k]
        if not chunk.has_states():
            write_out(k)
        base, ends, cells, states = k * MOVES_PER_SNAPSHOT, chunk.ends, chunk.cells, chunk.states
        counts = steps[base : base + len(ends)]
        previous = steps[base - 1] if base else before_all
        if not waiting and previous < counts[0] and all(map(lt, counts, islice(counts, 1, None))):
            gather(zip(cells, states))  # every move advances: each state kept is a step's
            continue
        at = 0
        for end, count in zip(ends, counts):
            for c, s in zip(cells[at:end], states[at:end]):
                if waiting_state[c] == NOT_WAITING:
                    waiting.append(c)
                waiting_state[c] = s
            if count > previous:  # a step's state: what waited shows in it
                gather([(c, waiting_state[c]) for c in waiting])
                for c in waiting:
                    waiting_state[c] = NOT_WAITING
                waiting.clear()
            previous, at = count, end
    into.held, into.removed = array("H", held), array("H", removed)
    into.last_empty, into.waiting = array("H", last_empty), array("H", waiting_state)

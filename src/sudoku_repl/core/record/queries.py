"""The record's questions about one cell, for the debugger (``when``, ``bisect when``, cell
breakpoints): the steps its value changed, the steps it lost a candidate, the first step it
held a value. Each reads ``History.cell_track``; on the native build the loops over a track's
columns run in C."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from typing import Final

from sudoku_repl.core import native
from sudoku_repl.core.geometry import Cell, Mask
from sudoku_repl.core.layout import GOT as GOT
from sudoku_repl.core.layout import LOST as LOST
from sudoku_repl.core.layout import PASSING as PASSING
from sudoku_repl.core.record.history import History
from sudoku_repl.core.record.track import CellStep, CellTrack, u32


def cell_steps(history: History, cell: Cell, stop: int | None = None) -> Iterator[CellStep]:
    """``History.cell_steps``."""
    return history.cell_steps(cell, stop)


def cell_values(history: History, cell: Cell) -> Iterator[CellStep]:
    """The steps at which the cell's value (not only its candidates) changed or passed."""
    for s in cell_steps(history, cell):
        if s.value != s.value_before or s.passing:
            yield s


def value_events(track: CellTrack, held: int = 0) -> tuple[array[int], bytes]:
    """(steps, codes) of what a cell's track shows of its values, in order: per step, the value
    it lost, the value it got, then the values it held only inside the step (``CellStep``),
    each coded ``kind << 4 | value`` (``LOST``, ``GOT``, ``PASSING``); ``held``: only those of
    that value (0: of every value). In C on the native build."""
    scan = native.value_events_scan()
    if scan is not None:
        steps, codes = scan(track.steps, track.values_before, track.values, track.passing, held)
        return u32(steps), codes
    found, kinds = array("I"), bytearray()
    passing = track.passing
    columns = (track.steps, track.values_before, track.values)
    for i, (step, before, value) in enumerate(zip(*columns)):
        if before and before != value and held in (0, before):
            found.append(step)
            kinds.append(LOST << 4 | before)
        if value and value != before and held in (0, value):
            found.append(step)
            kinds.append(GOT << 4 | value)
        for v in passing.get(i, ()):
            if held in (0, v):
                found.append(step)
                kinds.append(PASSING << 4 | v)
    return found, bytes(kinds)


def removal_steps(history: History, cell: Cell, value: int, stop: int | None = None) -> array[int]:
    """The steps whose state shows candidate ``value`` gone from the empty ``cell``, judged
    against the candidates it had in the last step's state that showed it empty (within the
    first ``stop`` moves). In C on the native build."""
    track = history.cell_track(cell, stop)
    b = 1 << (value - 1)
    start = history.start
    last_empty: Mask | None = None if start.values[cell] else start.cands[cell]
    scan = native.removal_steps_scan()
    if scan is not None:
        empty = -1 if last_empty is None else last_empty
        return u32(scan(track.steps, track.values, track.cands, b, empty))
    found = array("I")
    for step, filled, cands in zip(track.steps, track.values, track.cands):
        if filled:
            continue
        if last_empty is not None and last_empty & b and not cands & b:
            found.append(step)
        last_empty = cands
    return found


#: the moves ``_first`` reads first (four times as many each time after)
_FIRST_MOVES: Final = 4096


def _first(history: History, find: Callable[[int], int | None]) -> int | None:
    """``find(stop)`` on longer and longer beginnings of the record (4 times longer each time)
    until it finds something or has read it all: what a cell's track shows within the first
    moves is the beginning of what it shows in all of them, so a first step found early costs
    the moves to it, and one found late (or never) about 4/3 of one reading of the record."""
    stop = _FIRST_MOVES
    while True:
        found = find(stop)
        if found is not None or stop >= len(history):
            return found
        stop *= 4


def first_holding(history: History, cell: Cell, value: int) -> int | None:
    """The first step whose state shows ``cell`` holding ``value`` (``bisect when cell``)."""
    return _first(history, lambda stop: history.cell_track(cell, stop).first_showing(value))


def first_removal(history: History, cell: Cell, value: int) -> int | None:
    """The first of ``removal_steps`` (``bisect when removed``)."""
    return _first(history, lambda stop: next(iter(removal_steps(history, cell, value, stop)), None))


def last_empty_cands(history: History, cell: Cell, moves: int) -> Mask | None:
    """``History.last_empty_cands``."""
    return history.last_empty_cands(cell, moves)

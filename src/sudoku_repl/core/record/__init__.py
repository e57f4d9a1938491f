"""The record of a session's search: every move, silent ones too, compactly (``History``).

One concept a module: ``codec`` (a chunk's events as 16-bit numbers), ``chunks`` (the moves in
chunks of ``MOVES_PER_SNAPSHOT``, with the cells each touched: the record's index of the cells),
``replay`` (deferred chunks worked out from their snapshots), ``cell_index`` (a cell's changes
read from the chunks that name it), ``track`` (one cell's steps as columns), ``tail`` (an
experiment's detached future), ``dropped`` (what the steps the cap drops showed), ``history``
(the record those make: writing, cutting, reading) and ``queries`` (the debugger's questions
about a cell).

**The state at step N** (docs/engine.md says it for users) is the state right after the first
move that brings the step count to N: what ``goto N`` restores and what a run stopped at N shows.
Every move but one kind advances the count by one; a fill pass that goes wrong does not (its line
carries the count it began with), and the next guess of the same step undoes it. Such a move
belongs to the step of the move after it (``visible_step``), and its changes are seen only as
far as they last to that step's state. Every view that names a step reads it this way.
"""

from __future__ import annotations

from sudoku_repl.core.record.chunks import MOVES_PER_SNAPSHOT
from sudoku_repl.core.record.history import DEFAULT_CAP, History
from sudoku_repl.core.record.queries import (
    GOT,
    LOST,
    PASSING,
    cell_steps,
    cell_values,
    first_holding,
    first_removal,
    last_empty_cands,
    removal_steps,
    value_events,
)
from sudoku_repl.core.record.tail import Tail
from sudoku_repl.core.record.track import CellStep, CellTrack

__all__ = [
    "DEFAULT_CAP",
    "GOT",
    "LOST",
    "MOVES_PER_SNAPSHOT",
    "PASSING",
    "CellStep",
    "CellTrack",
    "History",
    "Tail",
    "cell_steps",
    "cell_values",
    "first_holding",
    "first_removal",
    "last_empty_cands",
    "removal_steps",
    "value_events",
]

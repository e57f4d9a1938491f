"""The engine's runs as typed values, the same on both builds (``Engine`` and ``NativeEngine``):
what a plain run is asked (``PlainRequest``) and what it answers (``PlainRun``), and what a
search that keeps no record answers (``Searched``).

A *plain* run is the stepping loop's part with nothing to watch, ask or follow (no breakpoint,
no guess question, at the end of the record): its units can be made many at a call, recorded
the lean way (``History.extend_deferred``). The engine says whether it has a fast path for a run
mode (``Engine.fast_path``); the pure ``Engine.run_plain`` is the reference of the native one
(``csrc/run.c``'s ``Core_run``).

Named tuples: they are made once a call of many units, and read by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from sudoku_repl.core.events import Event
from sudoku_repl.core.state import EngineState


class Searched(NamedTuple):
    """``Engine.search``'s figures."""

    steps: int  # the steps made (fewer than asked: the goals were reached)
    biggest: int  # the biggest level of its new guesses (0: none)
    guesses: int  # how many new guesses


class PlainRequest(NamedTuple):
    """Up to ``units`` units of a plain run, each once the goals (``Engine.reached``) are not
    met, and no more than ``moves`` moves."""

    run_mode: int
    #: the event kinds to hand back (None: every kind; (): none, a silent run)
    kinds: tuple[int, ...] | None
    units: int
    #: a unit is one step count (goto's) rather than a step of docs/engine.md
    fine: bool
    solutions: int  # the goals: new solutions since ``first`` (0: no limit) ...
    first: int
    max_steps: int | None  # ... and a step count (None: no limit)
    moves: int  # the most moves to make (the record's cap)
    start: int  # the record's index of the first move
    #: the unit the last call left unfinished goes on (no goals checked before it)
    resume: bool
    #: the cells the chunk of the first move holds already (``History.cells_in_last_chunk``)
    cells_base: int
    #: moves per chunk of the record (``history.MOVES_PER_SNAPSHOT``; the C has it built in)
    chunk: int
    #: called before each unit but the first (once the goals are not met) with the events of
    #: the unit before, which the result's ``events`` then leaves out; true: the run stops
    #: there (a trace's Ctrl-C, between its steps). It must not use the engine, which is
    #: in the middle of the run. None: the events all come in the result
    between: Callable[[list[Event]], bool] | None = None


class PlainRun(NamedTuple):
    """What a plain run made, for ``History.extend_deferred``."""

    units: int  # units done
    unfinished: bool  # the last unit was left unfinished (at ``moves``)
    biggest: int  # the biggest level of its new guesses (0: none)
    steps: bytes  # each move's step count after it (uint32)
    guess_moves: bytes  # the record's index of each new guess's move (uint32)
    guess_levels: bytes  # and its level (uint32: a deep search passes 255)
    snapshots: list[EngineState]  # the states due after a chunk's last move, in order
    events: list[Event]  # the events of the kinds asked for
    cells: bytes  # the cells each move touched (a byte, or uint16 past 256 cells)
    ends: bytes  # after each move, how many cells its chunk holds (uint32)
    states: bytes  # each of those cells after its move: value << 9 | candidates (uint16)

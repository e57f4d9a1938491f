"""The guess levels of a state as gdb's stack frames: for each level its cell, the value tried
and the step its guess (the new guess, or the forward or upward one that tried this value) was
taken at, read from the record (``backtrace``, ``frame``, ``up``, ``down``).

The record is read backwards from the present: the last guess line of the deepest level comes
first; every move between it and the present is a filter's (a deeper level made after it was
given up again, going up to it, which is its own guess line). Before that line lie the earlier
values of the level with their own deeper levels, so the search jumps to the new guess that
made the level, and the guess line of the level above is the first one before it.
"""

from __future__ import annotations

from typing import NamedTuple

from sudoku_repl.core import events as E
from sudoku_repl.core.record import History
from sudoku_repl.core.state import EngineState


class GuessLevel(NamedTuple):
    """One guess level of a state: its number, cell, the value tried (``tried`` out of
    ``out_of``), and the step its guess was taken at (None: before the kept record)."""

    level: int
    cell: int
    value: int
    tried: int
    out_of: int
    step: int | None


def guess_levels(history: History, moves: int, state: EngineState) -> list[GuessLevel]:
    """The guess levels of ``state``, the state after the record's first ``moves`` moves,
    outermost (level 1) first."""
    steps: dict[int, int] = {}
    need, move = state.level, moves - 1
    while need and move >= 0:
        found = next(
            (e for e in reversed(history.events(move)) if E.is_guess(e) and e.level == need),
            None,
        )
        if found is None:
            move -= 1
            continue
        steps[need] = found.step
        # the new guess that made this level (it may be this move): the level above's guess
        # line is the first one before it; made before the kept record, so were the levels
        # above it (their steps are not known: a scan to the record's start would find none)
        made = history.made_before(need, move + 1)
        if made is None:
            break
        move = made - 1
        need -= 1
    return [
        GuessLevel(k, f.cell, f.value, f.tried, len(f.options), steps.get(k))
        for k, f in enumerate(state.frames, 1)
    ]

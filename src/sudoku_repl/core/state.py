"""The engine's state as values: frozen records that can be kept, compared and restored."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from sudoku_repl.core.geometry import Cell, Mask


class Status(enum.Enum):
    """Where the engine is. The last three are inside one step (docs/engine.md; see ``Engine``)."""

    LOADED = "loaded"  # givens in place, candidates not computed yet
    SEARCHING = "searching"
    SOLVED = "solved"  # a solution was just reported
    FINISHED = "finished"  # the search is exhausted
    GUESS_DUE = "guess due"  # a filter found nothing more: a new guess at ``pending`` comes next
    WRONG = "wrong"  # a contradiction was met: ``next_guess`` comes next


#: States in which one step of docs/engine.md has ended.
STEP_BOUNDARY: Final = frozenset({Status.LOADED, Status.SEARCHING, Status.SOLVED, Status.FINISHED})

# The members as module constants, for the hot loops: reading an Enum class's attribute is slow
# (and hashing a member, for ``in STEP_BOUNDARY``, calls Python code); a step has ended unless
# the status is GUESS_DUE or WRONG.
LOADED: Final = Status.LOADED
SEARCHING: Final = Status.SEARCHING
SOLVED: Final = Status.SOLVED
FINISHED: Final = Status.FINISHED
GUESS_DUE: Final = Status.GUESS_DUE
WRONG: Final = Status.WRONG


@attrs.frozen
class Frame:
    """One guess level: the cell, its candidates in trial order, which one is tried (1-based),
    and the cells as they were before the guess placed anything."""

    cell: Cell
    options: tuple[int, ...]
    tried: int
    values: Sequence[int]  # kept compact: bytes
    cands: Sequence[Mask]  # kept compact: array("H")

    @property
    def value(self) -> int:
        """The value being tried."""
        return self.options[self.tried - 1]


@attrs.frozen
class EngineState:
    """Everything the engine needs to go on from here; equal states go on identically."""

    status: Status
    steps: int
    solutions: int
    values: Sequence[int]  # bytes from the engine (compact: states are kept as snapshots)
    cands: Sequence[Mask]  # array("H") from the engine
    frames: tuple[Frame, ...]
    pending: Cell = -1  # the foremost cell a due guess will be made at

    @property
    def level(self) -> int:
        return len(self.frames)


#: candidate count of a mask, with 10 for the empty mask (a filled cell) so that ``min`` skips it
_COUNT = [10] + [m.bit_count() for m in range(1, 1 << 9)]


def foremost(values: Sequence[int], cands: Sequence[Mask]) -> tuple[Cell, int]:
    """The first empty cell with the fewest candidates, with the original's quirk
    (docs/engine.md 8): index 0 doubles as "no cell" (least 0), and a count of 1 is never
    replaced."""
    if cands.count(0) + values.count(0) == len(values):
        # every empty cell has candidates: plainly the first cell with the fewest
        counts = list(map(_COUNT.__getitem__, cands))
        least = min(counts)
        return (0, 0) if least == 10 else (counts.index(least), least)
    best = least = 0
    for i, v in enumerate(values):
        if not v:
            n = cands[i].bit_count()
            if least == 0 or (least != 1 and n < least):
                best, least = i, n
    return best, least

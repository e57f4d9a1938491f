"""The record's storage: its moves in chunks of ``MOVES_PER_SNAPSHOT`` (``Chunk``), chunk k
beginning at snapshot k, with the cells each move touched (the record's index of the cells) and,
once written, the moves' events and the states of those cells after them."""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

from sudoku_repl.core.geometry import Cell, Mask
from sudoku_repl.core.layout import CANDS as CANDS
from sudoku_repl.core.layout import MOVES_PER_SNAPSHOT as MOVES_PER_SNAPSHOT
from sudoku_repl.core.layout import VALUE_SHIFT as VALUE_SHIFT
from sudoku_repl.core.record.codec import EventCodes


class Chunk:
    """Chunk k of the record: the moves from snapshot k on. Whatever moves whole chunks between
    records moves all a chunk has.

    The cells each move touched are kept as the moves are made, written or deferred (``note``):
    move i's are ``cells[ends[i - 1]:ends[i]]`` (from 0 for move 0), in the engine's order (a
    cell may come twice). This is the record's index of the cells: ``when``, ``bisect when``
    and the cell breakpoints look only at the chunks whose ``cells`` name their cell (a byte
    search). With them, the state of each of those cells after the move (``states``, ``value
    << 9 | candidates``, one per entry of ``cells``), kept as the moves are made on either
    build. A written chunk has its moves' events (``events``); a deferred chunk has none
    (``events`` is None) until it is written out by replaying it.
    """

    __slots__ = ("cells", "ends", "events", "states")

    def __init__(self, events: EventCodes | None, wide: bool) -> None:
        self.events = events
        #: bytes while every cell number fits in one (81 cells), else 16-bit numbers
        self.cells: bytearray | array[int] = array("H") if wide else bytearray()
        self.ends = array("I")
        self.states = array("H")

    @classmethod
    def deferred(cls, cells: bytearray | array[int], ends: array[int], states: array[int]) -> Chunk:
        """A deferred chunk of moves recorded whole by the native core (``extend_deferred``):
        the arrays are its own (slices), taken as they are."""
        chunk = cls.__new__(cls)
        chunk.events = None
        chunk.cells, chunk.ends, chunk.states = cells, ends, states
        return chunk

    def note(self, touched: Sequence[Cell]) -> None:
        """Keep the cells a move touched (those it may have changed). Every way of appending a
        move calls this; it is two appends because the plain run pays it on every move."""
        cells = self.cells
        cells.extend(touched)
        self.ends.append(len(cells))

    def has_states(self) -> bool:
        """Whether the states of every touched cell are kept (every way of recording keeps
        them); else a reader works the chunk out first."""
        return len(self.states) == len(self.cells)

    def note_states(self, i: int, values: Sequence[int], cands: Sequence[Mask]) -> None:
        """Keep the states after move i (``values``/``cands``) of the cells it touched."""
        cells = self.cells[self.ends[i - 1] if i else 0 : self.ends[i]]
        self.states.extend([values[c] << VALUE_SHIFT | cands[c] for c in cells])

    def copy_first(self, length: int) -> Chunk:
        """A copy of the first ``length`` moves (the partial chunk a record keeps where an
        experiment's future was detached: ``History.detach``); the cells, their states and the
        events, whichever the chunk has."""
        end = self.ends[length - 1] if length else 0
        chunk = Chunk(None if self.events is None else self.events.copy_first(length), False)
        chunk.cells = self.cells[:end]
        chunk.ends = self.ends[:length]
        chunk.states = self.states[:end]
        return chunk

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` moves."""
        end = self.ends[length - 1] if length else 0
        del self.cells[end:]
        del self.states[end:]
        del self.ends[length:]
        if self.events is not None:
            self.events.truncate(length)

    def changes(self, i: int) -> Iterator[tuple[Cell, int, Mask]]:
        """(cell, value, candidates) after move i, for each cell it touched, in cell order (the
        chunk must be written)."""
        start, end = self.ends[i - 1] if i else 0, self.ends[i]
        after = dict(zip(self.cells[start:end], self.states[start:end]))
        for cell in sorted(after):
            packed = after[cell]
            yield cell, packed >> VALUE_SHIFT, packed & CANDS

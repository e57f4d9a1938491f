"""The record's event codec (``EventCodes``): a written chunk's events as 16-bit numbers, so that
a record of a million moves holds them in a few bytes each rather than as tuples."""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

from sudoku_repl.core import events as E
from sudoku_repl.core.events import (
    CelSet,
    Event,
    Guess,
    NoCandidate,
    Outcome,
    Removal,
    UnitShrunk,
    WentWrong,
)


class EventCodes:
    """The events of consecutive moves (at most a chunk's), compactly, as 16-bit codes (see
    ``History.events``): move i's are ``codes[code_at[i]:code_at[i + 1]]``."""

    __slots__ = ("code_at", "codes", "grids", "odd")

    def __init__(self) -> None:
        self.codes = array("H")
        self.code_at = array("I", [0])
        self.grids: list[bytes] = []  # the grids of solution and end lines, by index
        self.odd: dict[int, tuple[Event, ...]] = {}  # moves with events of added kinds

    def __len__(self) -> int:
        return len(self.code_at) - 1

    def add(self, steps: int, events: Sequence[Event]) -> None:
        if events and not self._encode(events, steps):
            self.odd[len(self)] = tuple(events)
        self.code_at.append(len(self.codes))

    def copy_first(self, length: int) -> EventCodes:
        """A copy of the first ``length`` moves' events (``Chunk.copy_first``)."""
        events = EventCodes()
        events.codes = self.codes[: self.code_at[length]]
        events.code_at = self.code_at[: length + 1]
        events.grids = list(self.grids)
        events.odd = {i: e for i, e in self.odd.items() if i < length}
        return events

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` moves."""
        del self.codes[self.code_at[length] :]
        del self.code_at[length + 1 :]
        for i in [i for i in self.odd if i >= length]:
            del self.odd[i]

    # Events are stored as 16-bit numbers: the kind, then its fields without the step (it is
    # the move's), read by their place in the record's tuple layout (``events``). Grids go to a
    # side list; a solution sum takes two numbers. A move with an event of another shape (an
    # added technique's) is kept as it is instead. Decoding gives the named records back.

    def _encode(self, events: Sequence[Event], steps: int) -> bool:
        codes: list[int] = []
        for e in events:
            kind: int = e[0]
            if kind == E.REMOVED:
                codes += (kind, e[1], e[2], e[3])
            elif kind == E.CELSET:
                codes += (kind, len(e[1]), *e[1], len(e[2]), *e[2])
            elif e[1] != steps or kind >= E.FIRST_ADDED_KIND:
                return False
            elif kind in E.GUESS_KINDS:
                codes += (kind, e[2], e[3], e[4], e[5])
            elif kind in (E.COMPLETE, E.INCOMPLETE, E.PLY, E.NO_CANDIDATE):
                codes += (kind, e[2])
            elif kind == E.WENT_WRONG:
                codes += (kind, e[2], e[3], int(e[4]))
            elif kind in (E.SOLUTION, E.NO_MORE):
                codes += (kind, e[2] & 0xFFFF, e[2] >> 16, len(self.grids))
                self.grids.append(bytes(e[3]))
            else:
                return False
        if max(codes) > 0xFFFF:
            return False
        self.codes.extend(codes)
        return True

    def events(self, i: int, steps: int) -> tuple[Event, ...]:
        start, end = self.code_at[i], self.code_at[i + 1]
        if start == end:
            return self.odd.get(i, ())
        return tuple(self._decode(start, end, steps))

    def _decode(self, start: int, end: int, steps: int) -> Iterator[Event]:
        c = self.codes
        k = start
        while k < end:
            kind = c[k]
            if kind == E.REMOVED:
                yield Removal(kind, c[k + 1], c[k + 2], c[k + 3])
                k += 4
            elif kind == E.CELSET:
                n = c[k + 1]
                cells = tuple(c[k + 2 : k + 2 + n])
                m = c[k + 2 + n]
                values = tuple(c[k + 3 + n : k + 3 + n + m])
                yield CelSet(kind, cells, values)
                k += 3 + n + m
            elif kind in E.GUESS_KINDS:
                yield Guess(kind, steps, c[k + 1], c[k + 2], c[k + 3], c[k + 4])
                k += 5
            elif kind == E.WENT_WRONG:
                yield WentWrong(kind, steps, c[k + 1], c[k + 2], bool(c[k + 3]))
                k += 4
            elif kind in (E.SOLUTION, E.NO_MORE):
                yield Outcome(kind, steps, c[k + 1] | c[k + 2] << 16, self.grids[c[k + 3]])
                k += 4
            elif kind == E.NO_CANDIDATE:
                yield NoCandidate(kind, steps, c[k + 1])
                k += 2
            else:
                yield UnitShrunk(kind, steps, c[k + 1])
                k += 2

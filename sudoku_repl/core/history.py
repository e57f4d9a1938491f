"""The record of a session's search: every move, silent ones too, compactly.

A *move* is one thing the engine did (``Engine.advance``). For each move the record keeps the
step count after it, its events, the guess answer it was given (only interactive answers are
stored), the run mode it ran under, the cells it touched (a byte each) and what it changed in
them: value and candidates after the move, a 16-bit number per cell. With the loaded state, the
run modes and the guess answers determine every later state; a snapshot of the state every
``MOVES_PER_SNAPSHOT`` moves makes going back replay at most that many moves.

A run that only goes on (no guess question, no breakpoint) defers the events and changes (not the
cells touched): they are worked out from the nearest snapshot the first time something reads
them, a chunk of ``MOVES_PER_SNAPSHOT`` moves at a time, and then kept. History, time travel,
breakpoints and ``when`` all read this record; the cells touched are its index of the cells
(``_Chunk``): a question about one cell reads only the chunks that touched it.

**The state at step N** (docs/engine.md says it for users) is the state right after the first
move that brings the step count to N: what ``goto N`` restores and what a run stopped at N shows.
Every move but one kind advances the count by one; a fill pass that goes wrong does not (its line
carries the count it began with), and the next guess of the same step undoes it. Such a move
belongs to the step of the move after it (``visible_step``), and its changes are seen only as
far as they last to that step's state. Every view that names a step reads it this way.
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from itertools import compress, repeat
from operator import attrgetter, contains
from typing import Final, NamedTuple

from sudoku_repl.core import events as E
from sudoku_repl.core import hand, native
from sudoku_repl.core.engine import Choice, Engine
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
from sudoku_repl.core.filters import Memo
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry, Mask
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.state import EngineState

MOVES_PER_SNAPSHOT: Final = 128
_VALUE_SHIFT: Final = 9  # a change is stored as (cell, value << 9 | candidates)
_CANDS: Final = (1 << _VALUE_SHIFT) - 1
_GUESS: Final = E.GUESS  # (read on every move of a run: one lookup less)
#: Moves kept at most (about 120 bytes each); past it the older half is dropped and the record
#: starts at a later snapshot. Set SUDOKU_REPL_RECORD_CAP to change it.
DEFAULT_CAP: Final = 1_000_000


def _cap_from_env() -> int:
    try:
        cap = int(os.environ.get("SUDOKU_REPL_RECORD_CAP", DEFAULT_CAP))
    except ValueError:
        return DEFAULT_CAP
    return max(cap, 2 * MOVES_PER_SNAPSHOT)


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


class _Events:
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

    def copy_first(self, length: int) -> _Events:
        """A copy of the first ``length`` moves' events (``_Chunk.copy_first``)."""
        events = _Events()
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


class _Chunk:
    """Chunk k of the record: the moves from snapshot k on. Whatever moves whole chunks between
    records moves all a chunk has.

    The cells each move touched are kept as the moves are made, written or deferred (``note``):
    move i's are ``cells[ends[i - 1]:ends[i]]`` (from 0 for move 0), in the engine's order (a
    cell may come twice). This is the record's index of the cells: ``when``, ``bisect when``
    and the cell breakpoints look only at the chunks whose ``cells`` name their cell (a byte
    search). A written chunk has its moves' events (``events``) and the state of each of those
    cells after the move (``states``, ``value << 9 | candidates``, one per entry of ``cells``);
    a deferred chunk has neither (``events`` is None) until it is written out by replaying it.
    """

    __slots__ = ("cells", "ends", "events", "states")

    def __init__(self, events: _Events | None, wide: bool) -> None:
        self.events = events
        #: bytes while every cell number fits in one (81 cells), else 16-bit numbers
        self.cells: bytearray | array[int] = array("H") if wide else bytearray()
        self.ends = array("I")
        self.states = array("H")

    @classmethod
    def deferred(
        cls, cells: bytearray | array[int], ends: array[int], states: array[int]
    ) -> _Chunk:
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
        """Whether the states of every touched cell are kept (a written chunk's, or a deferred
        one the native core recorded whole); else a reader works the chunk out first."""
        return len(self.states) == len(self.cells)

    def note_states(self, i: int, values: Sequence[int], cands: Sequence[Mask]) -> None:
        """Keep the states after move i (``values``/``cands``) of the cells it touched."""
        cells = self.cells[self.ends[i - 1] if i else 0 : self.ends[i]]
        self.states.extend([values[c] << _VALUE_SHIFT | cands[c] for c in cells])

    def copy_first(self, length: int) -> _Chunk:
        """A copy of the first ``length`` moves (the partial chunk a record keeps where an
        experiment's future was detached: ``History.detach``); the cells, their states and the
        events, whichever the chunk has."""
        end = self.ends[length - 1] if length else 0
        chunk = _Chunk(None if self.events is None else self.events.copy_first(length), False)
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
            yield cell, packed >> _VALUE_SHIFT, packed & _CANDS


class CellStep(NamedTuple):
    """How one step changed one cell: its value and candidates in the state of the step before
    and in the state of this step. ``passing``: values it held only inside the step (a fill
    pass that went wrong placed them, the next guess undid them)."""

    step: int
    value_before: int
    cands_before: Mask
    value: int
    cands: Mask
    passing: tuple[int, ...] = ()


#: The kinds of a cell's value events (``value_events``): a code is ``kind << 4 | value``.
LOST: Final = 0
GOT: Final = 1
PASSING: Final = 2


def _u32(data: bytes) -> array[int]:
    """Native unsigned 32-bit numbers (as the native core's columns come) as an array."""
    numbers = array("I")
    numbers.frombytes(data)
    return numbers


def _u16(data: bytes) -> array[int]:
    numbers = array("H")
    numbers.frombytes(data)
    return numbers


class CellTrack:
    """The ``CellStep`` s of one cell (``History.cell_track``) as columns, entry i of each being
    the i-th step: ``steps``, ``values_before`` and ``values`` (a byte each: ``find`` looks a
    value up), ``cands_before`` and ``cands``, and ``passing`` for the few entries that have
    such values (entry -> values). A million steps give some 100,000 entries: the readers
    (``value_events``, ``removal_steps``) go through the columns in C on the native build."""

    __slots__ = ("cands", "cands_before", "passing", "steps", "values", "values_before")

    def __init__(
        self,
        steps: array[int],
        values_before: bytes,
        values: bytes,
        cands_before: array[int],
        cands: array[int],
        passing: dict[int, tuple[int, ...]],
    ) -> None:
        self.steps = steps
        self.values_before = values_before
        self.values = values
        self.cands_before = cands_before
        self.cands = cands
        self.passing = passing

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[CellStep]:
        passing = self.passing
        columns = (self.steps, self.values_before, self.cands_before, self.values, self.cands)
        for i, (step, value_before, cands_before, value, cands) in enumerate(zip(*columns)):
            yield CellStep(step, value_before, cands_before, value, cands, passing.get(i, ()))

    def first_showing(self, value: int) -> int | None:
        """The first step whose state shows the cell holding ``value`` (None if none does)."""
        i = self.values.find(value)
        return None if i < 0 else self.steps[i]


class Tail:
    """The moves of a record from ``start`` on, detached from it (``History.detach``): an
    experiment's own future while another is the present one. Whole chunks move, not copies;
    a chunk that begins before ``start`` comes whole (the moves before ``start`` in it are the
    record's own, the same for every future that parts there). Choices and new guesses keep
    their moves' numbers in the record (no work per move to detach or attach them); ``shift``
    renumbers them when the record's oldest moves are dropped."""

    __slots__ = (
        "choices",
        "chunks",
        "guess_levels",
        "guess_moves",
        "modes",
        "snapshots",
        "start",
        "steps",
    )

    def __init__(self, start: int) -> None:
        self.start = start
        self.steps = array("I")
        self.modes = array("B")
        self.choices: dict[int, Choice] = {}
        self.chunks: list[_Chunk] = []
        self.snapshots: list[EngineState] = []
        self.guess_moves = array("I")
        self.guess_levels = array("B")

    def __len__(self) -> int:
        return len(self.steps)

    def shift(self, moves: int) -> None:
        """The record's first ``moves`` moves were dropped (``History.drop_oldest``; the tail
        starts after them): number its moves from there."""
        self.start -= moves
        self.choices = {m - moves: c for m, c in self.choices.items()}
        self.guess_moves = array("I", (m - moves for m in self.guess_moves))


class History:
    """Moves since the quiz was loaded. Move i (0-based) leads from the state after i moves to
    the state after i + 1 moves.

    The moves are kept in chunks of ``MOVES_PER_SNAPSHOT``, chunk k beginning at snapshot k
    (``_Chunk``). Every move's changes are kept as it is made (``_Changes``: the record's index
    of the cells); its events are kept too in a *written* chunk, while a *deferred* chunk (a
    run that only goes on: ``append(..., defer=True)``) keeps just each move's step count, run
    mode and new guesses besides, and its events are worked out when first read, by replaying
    its moves from its snapshot (the engine is deterministic; the step counts are checked on
    the way). Writing a move into a deferred chunk writes the chunk out first."""

    def __init__(
        self,
        start: EngineState,
        cap: int | None = None,
        geometry: Geometry = CLASSIC,
        memo: Memo | None = None,
        engine_type: type[Engine] = Engine,
    ) -> None:
        self.start = start
        self.geometry = geometry
        self._wide = geometry.size > 256  # cell numbers that do not fit in a byte
        #: the engine class that works out deferred chunks (the session's: the native one is
        #: faster, and makes the same moves)
        self._engine_type = engine_type
        #: the filter caches the replays learn into (the session engine's: memory for one)
        self._memo = memo
        self.cap = cap or _cap_from_env()
        self.dropped = 0  # moves dropped so far to keep within the cap (see ``drop_oldest``)
        #: the highest level a new guess reached in the dropped moves (0 while none were dropped)
        self.dropped_biggest = 0
        #: cell * 9 + value - 1 for each value a cell showed, and each candidate an empty cell
        #: lost, in the states of the dropped steps (so bisection knows what lies before)
        self.dropped_held: set[int] = set()
        self.dropped_removed: set[int] = set()
        self._steps = array("I")
        self._modes = array("B")
        self._choices: dict[int, Choice] = {}
        self._chunks: list[_Chunk] = []
        self._snapshots: list[EngineState] = [start]
        #: the engine that works out deferred chunks (its filter caches stay warm from one
        #: chunk to the next), and the move count it has replayed to
        self._replayer: Engine | None = None
        self._replayed = -1
        # new guesses: the move that made each, and its level (for level queries)
        self._guess_moves = array("I")
        self._guess_levels = array("B")

    def __len__(self) -> int:
        return len(self._steps)

    # -- writing -----------------------------------------------------------------------------
    #
    # Every way of appending a move feeds ``_note`` (step count, run mode, new guesses) and its
    # chunk's ``_Chunk.note`` (the cells the move touched: the index ``when`` reads); a written
    # chunk takes the move's events and the states of those cells as well.

    def append(
        self,
        steps: int,
        events: Sequence[Event],
        choice: Choice,
        run_mode: int,
        touched: Sequence[Cell],
        values: Sequence[int],
        cands: Sequence[Mask],
        defer: bool = False,
    ) -> bool:
        """Record a move: ``touched`` are the cells it may have changed, ``values``/``cands``
        the cells after it. ``defer``: its events and states may be worked out when first read
        (a move without a guess answer). True when the state after it is due as a snapshot."""
        index = len(self._steps)
        k, i = divmod(index, MOVES_PER_SNAPSHOT)
        chunks = self._chunks
        deferred = defer and choice is None
        if i == 0:
            chunks.append(_Chunk(None if deferred else _Events(), self._wide))
        chunk = chunks[k]
        if chunk.events is None and not deferred:
            self._write_out(k)
        self._note(index, steps, events, run_mode)
        if choice is not None:
            self._choices[index] = choice
        if chunk.events is not None:
            chunk.events.add(steps, events)
        chunk.note(touched)
        if chunk.events is not None:
            chunk.note_states(i, values, cands)
        return i == MOVES_PER_SNAPSHOT - 1

    def append_deferred(self, engine: Engine, events: Sequence[Event], run_mode: int) -> bool:
        """``append`` of the move ``engine`` just made, with ``defer`` and no guess answer: the
        plain run's way, kept lean (it is on every move of a run: ``_note`` is written out in
        it)."""
        steps = self._steps
        index = len(steps)
        i = index % MOVES_PER_SNAPSHOT
        if i:
            chunk = self._chunks[-1]
            if chunk.events is not None:  # the chunk is written: go on writing it
                return self.append(
                    engine.steps,
                    events,
                    None,
                    run_mode,
                    engine.touched,
                    engine.values,
                    engine.cands,
                    True,
                )
        else:
            chunk = _Chunk(None, self._wide)
            self._chunks.append(chunk)
        steps.append(engine.steps)
        self._modes.append(run_mode)
        for e in events:
            if e[0] == _GUESS:
                self._guess_moves.append(index)
                self._guess_levels.append(e[3])
        chunk.note(engine.touched)
        return i == MOVES_PER_SNAPSHOT - 1

    def defers_next(self) -> bool:
        """Whether ``append_deferred`` would defer the next move (its chunk is new or deferred):
        then ``extend_deferred`` may record it."""
        return len(self._steps) % MOVES_PER_SNAPSHOT == 0 or self._chunks[-1].events is None

    def cells_in_last_chunk(self) -> int:
        """How many touched cells the chunk of the next move holds already (0: it begins one)."""
        if len(self._steps) % MOVES_PER_SNAPSHOT == 0:
            return 0
        return len(self._chunks[-1].cells)

    def extend_deferred(
        self,
        steps: bytes,
        run_mode: int,
        guess_moves: bytes,
        guess_levels: bytes,
        snapshots: Sequence[EngineState],
        cells: bytes,
        ends: bytes,
        states: bytes,
    ) -> None:
        """``append_deferred`` of many moves at once (the native core's plain run, when
        ``defers_next``): their step counts (native 32-bit unsigned ints), their run mode, the
        moves (the same ints) and levels (bytes) of their new guesses, the snapshots due after
        them, in order, and the index of the cells (``_Chunk.note``): the cells each move
        touched (bytes, or native 16-bit ints for a geometry of more than 256 cells) and after
        each move how many its chunk holds (``cells_in_last_chunk`` before the first), and
        the states of those cells after their moves (``_Chunk.note_states``: a chunk that has
        them answers cell questions without being worked out)."""
        start = len(self._steps)
        self._steps.frombytes(steps)
        end = len(self._steps)
        self._modes.frombytes(bytes([run_mode]) * (end - start))
        self._guess_moves.frombytes(guess_moves)
        self._guess_levels.frombytes(guess_levels)
        self._snapshots += snapshots
        counts = array("I")
        counts.frombytes(ends)
        packed = array("H")
        packed.frombytes(states)
        touched: bytearray | array[int] = bytearray(cells)
        if self._wide:
            touched = array("H")
            touched.frombytes(cells)
        chunks = self._chunks
        index, done, read = start, 0, 0  # the next move; moves and cells handed to chunks
        i = index % MOVES_PER_SNAPSHOT
        if i:  # the moves that fill the last chunk up
            chunk = chunks[-1]
            take = min(MOVES_PER_SNAPSHOT - i, end - index)
            held = counts[take - 1] - len(chunk.cells)  # the cells of these moves
            if chunk.has_states():  # (not when a move of the Python way came first)
                chunk.states.extend(packed[:held])
            chunk.cells.extend(touched[:held])
            chunk.ends.extend(counts[:take])
            index, done, read = index + take, take, held
        while index < end:  # whole chunks (the last maybe in part), made from slices
            take = min(MOVES_PER_SNAPSHOT, end - index)
            held = counts[done + take - 1]  # (a new chunk counts its cells from 0)
            chunks.append(
                _Chunk.deferred(
                    touched[read : read + held],
                    counts[done : done + take],
                    packed[read : read + held],
                )
            )
            index, done, read = index + take, done + take, read + held

    def _note(self, index: int, steps: int, events: Sequence[Event], run_mode: int) -> None:
        """What every move keeps, written or deferred: its step count, run mode, new guesses."""
        self._steps.append(steps)
        self._modes.append(run_mode)
        for e in events:
            if e[0] == _GUESS:  # by the layout: the codec takes plain tuples of it too
                self._guess_moves.append(index)
                self._guess_levels.append(e[3])

    def _write_out(self, k: int) -> _Events:
        """Chunk k's events, worked out now (with its states) if it is deferred."""
        chunk = self._chunks[k]
        if chunk.events is not None:
            return chunk.events
        events = _Events()
        first = k * MOVES_PER_SNAPSHOT
        last = min(first + MOVES_PER_SNAPSHOT, len(self._steps))
        engine = self._replayer
        if engine is None:
            engine = self._replayer = self._engine_type(self._snapshots[k], self.geometry)
            if self._memo is not None:
                engine.memo.share(self._memo)
        elif self._replayed != first:  # (reading on from the chunk before needs no restore)
            engine.restore(self._snapshots[k])
        self._replayed = -1  # until the chunk is through
        keep = chunk.has_states()  # (the native core's plain run keeps them)
        if not keep:
            del chunk.states[:]
        for m in range(first, last):
            mode, choice = self._modes[m], self._choices.get(m)
            if mode == HAND and choice is not None:
                ev = hand.apply(engine, choice)
            else:
                ev = engine.advance(mode, choice)
            if engine.steps != self._steps[m]:
                raise RuntimeError(f"the record's move {m} does not replay as recorded")
            events.add(engine.steps, ev)
            if not keep:
                chunk.note_states(m - first, engine.values, engine.cands)
        self._replayed = last
        chunk.events = events
        return events

    def written(self) -> int:
        """How many chunks have their events stored (the rest are deferred)."""
        return sum(chunk.events is not None for chunk in self._chunks)

    def over_cap(self) -> bool:
        return len(self._steps) > self.cap

    def drop_oldest(self) -> int:
        """Forget the older half of the record; it then starts at a snapshot. Returns how many
        moves were dropped (the caller's move indices shift by that much)."""
        k = (len(self._steps) // 2) // MOVES_PER_SNAPSHOT * MOVES_PER_SNAPSHOT
        while k and not self.advances(k - 1):  # start at the state of a step (see the top)
            k -= MOVES_PER_SNAPSHOT
        if k == 0:
            return 0
        keep = bisect_left(self._guess_moves, k)
        self.dropped_biggest = max(self.dropped_biggest, max(self._guess_levels[:keep], default=0))
        self._note_dropped(k)
        self.start = self._snapshots[k // MOVES_PER_SNAPSHOT]
        del self._snapshots[: k // MOVES_PER_SNAPSHOT]
        del self._chunks[: k // MOVES_PER_SNAPSHOT]
        self._replayed = -1
        del self._steps[:k]
        del self._modes[:k]
        self._choices = {i - k: c for i, c in self._choices.items() if i >= k}
        self._guess_moves = array("I", (m - k for m in self._guess_moves[keep:]))
        del self._guess_levels[:keep]
        self.dropped += k
        return k

    def _note_dropped(self, k: int) -> None:
        """Add what the states of the steps within the first ``k`` moves showed to
        ``dropped_held`` and ``dropped_removed``."""
        values, cands = list(self.start.values), list(self.start.cands)
        last_empty: list[Mask | None] = [None if v else m for v, m in zip(values, cands)]
        held, removed = self.dropped_held, self.dropped_removed
        changed: set[Cell] = set()
        for m in range(k):
            for c, v, mask in self.changes(m):
                values[c], cands[c] = v, mask
                changed.add(c)
            if not self.advances(m):
                continue
            for c in changed:
                if values[c]:
                    held.add(c * 9 + values[c] - 1)
                    continue
                before = last_empty[c]
                if before is not None:
                    gone = before & ~cands[c]
                    removed.update(c * 9 + v for v in range(9) if gone >> v & 1)
                last_empty[c] = cands[c]
            changed.clear()

    def add_snapshot(self, state: EngineState) -> None:
        self._snapshots.append(state)

    def truncate(self, length: int) -> None:
        """Forget the moves from ``length`` on (the future after a point one went back to)."""
        if length >= len(self._steps):
            return
        del self._steps[length:]
        del self._modes[length:]
        for i in [i for i in self._choices if i >= length]:
            del self._choices[i]
        k, i = divmod(length, MOVES_PER_SNAPSHOT)
        if i == 0:
            del self._chunks[k:]
        else:
            del self._chunks[k + 1 :]
            self._chunks[k].truncate(i)
        del self._snapshots[k + 1 :]
        self._replayed = -1
        keep = bisect_left(self._guess_moves, length)
        del self._guess_moves[keep:]
        del self._guess_levels[keep:]

    def detach(self, length: int) -> Tail:
        """Take the moves from ``length`` on out of the record, as a ``Tail`` (``attach`` puts
        it back): whole chunks move; the chunk the cut falls in goes whole into the tail and
        the record keeps a copy of its first part."""
        tail = Tail(length)
        if length >= len(self._steps):
            return tail
        tail.steps = self._steps[length:]
        tail.modes = self._modes[length:]
        del self._steps[length:]
        del self._modes[length:]
        for i in [i for i in self._choices if i >= length]:
            tail.choices[i] = self._choices.pop(i)
        k, i = divmod(length, MOVES_PER_SNAPSHOT)
        tail.chunks = self._chunks[k:]
        if i == 0:
            del self._chunks[k:]
        else:
            del self._chunks[k + 1 :]
            self._chunks[k] = self._chunks[k].copy_first(i)
        tail.snapshots = self._snapshots[k + 1 :]
        del self._snapshots[k + 1 :]
        self._replayed = -1
        keep = bisect_left(self._guess_moves, length)
        tail.guess_moves = self._guess_moves[keep:]
        tail.guess_levels = self._guess_levels[keep:]
        del self._guess_moves[keep:]
        del self._guess_levels[keep:]
        return tail

    def attach(self, tail: Tail) -> None:
        """Put a detached tail back after the record's first ``tail.start`` moves (which must be
        all it holds: the moves the tail's future parted from)."""
        length = tail.start
        if length != len(self._steps):
            raise ValueError(f"a tail from move {length} after a record of {len(self._steps)}")
        if not len(tail):
            return
        self._steps.extend(tail.steps)
        self._modes.extend(tail.modes)
        self._choices.update(tail.choices)
        k, i = divmod(length, MOVES_PER_SNAPSHOT)
        del self._chunks[k:]  # (the record's copy of the chunk the tail begins in)
        self._chunks.extend(tail.chunks)
        self._snapshots.extend(tail.snapshots)
        self._replayed = -1
        self._guess_moves.extend(tail.guess_moves)
        self._guess_levels.extend(tail.guess_levels)

    # -- reading ---------------------------------------------------------------------------

    def steps_after(self, moves: int) -> int:
        """The step count after the first ``moves`` moves."""
        return self._steps[moves - 1] if moves else self.start.steps

    @property
    def last_steps(self) -> int:
        return self.steps_after(len(self))

    @property
    def earliest_step(self) -> int:
        """The earliest step ``goto`` and ``back`` reach: the loaded state of a whole record,
        else the first step kept (``first_steps``)."""
        return self.first_steps if self.dropped else self.start.steps

    @property
    def first_steps(self) -> int:
        """The first step whose moves the record holds (1 unless older steps were dropped; the
        record then starts at the state of the step before it)."""
        return self.start.steps + 1

    def advances(self, move: int) -> bool:
        """Whether the move brought the step count to a new number (see the top)."""
        return self._steps[move] > (self._steps[move - 1] if move else self.start.steps)

    def visible_step(self, move: int) -> int:
        """The step whose state first shows what the move did: the count after it, or the next
        one for a move that left the count as it was (see the top)."""
        after = self._steps[move]
        return after if self.advances(move) else after + 1

    def moves_of_steps(self, first: int, last: int) -> range:
        """The moves of steps first..last: from the state at step first - 1 to the state at
        step last (see the top); empty when the range lies outside the record."""
        first = max(first, self.first_steps)
        if first > last:
            return range(0)
        return range(
            self.moves_to(first - 1),
            self.moves_to(last) if last <= self.last_steps else len(self._steps),
        )

    def events(self, move: int) -> tuple[Event, ...]:
        k, i = divmod(move, MOVES_PER_SNAPSHOT)
        return self._write_out(k).events(i, self._steps[move])

    def choice(self, move: int) -> Choice:
        return self._choices.get(move)

    def run_mode(self, move: int) -> int:
        return self._modes[move]

    def choices_before(self, stop: int) -> list[tuple[int, tuple[Cell, int]]]:
        """(move, choice) of every recorded guess answer and hand move within the first
        ``stop`` moves, in order."""
        return sorted((m, c) for m, c in self._choices.items() if m < stop and c is not None)

    def changes(self, move: int) -> Iterator[tuple[Cell, int, Mask]]:
        """(cell, value, candidates) after the move, for each cell it changed."""
        k, i = divmod(move, MOVES_PER_SNAPSHOT)
        chunk = self._chunks[k]
        if not chunk.has_states():
            self._write_out(k)
        return chunk.changes(i)

    def _touching(self, cell: Cell, chunks: int) -> list[int]:
        """The numbers of the first ``chunks`` chunks whose moves touched the cell: a byte
        search in each chunk's cells, the loop over the chunks left to C (15,625 chunks at
        1,000,000 moves)."""
        cells = map(attrgetter("cells"), self._chunks[:chunks])
        return list(compress(range(chunks), map(contains, cells, repeat(cell))))

    def cell_steps(self, cell: Cell, stop: int | None = None) -> Iterator[CellStep]:
        """``cell_track``'s steps, one by one."""
        return iter(self.cell_track(cell, stop))

    def cell_track(self, cell: Cell, stop: int | None = None) -> CellTrack:
        """Every step whose state shows ``cell`` otherwise than the state of the step before, or
        in which it held a value only for a while, from the record's start (up to the first
        ``stop`` moves). Only the chunks whose changes name the cell are read (``_Chunk``),
        and there only the cell's changes: the states of the steps between them show the cell
        as the step before did. On the native build its ``cell_track`` reads the chunks'
        buffers; ``_scan_cell`` is the same loop in Python (the reference)."""
        last = len(self._steps)
        stop = last if stop is None else max(min(stop, last), 0)
        core = native.module()
        if core is None:
            return self._scan_cell(cell, stop)
        start = self.start
        steps, values_before, values, cands_before, cands, passing = core.cell_track(
            self._chunks,
            cell,
            stop,
            self._steps,
            start.steps,
            start.values[cell],
            start.cands[cell],
            self._wide,
            self._write_out,
        )
        return CellTrack(
            _u32(steps), values_before, values, _u16(cands_before), _u16(cands), dict(passing)
        )

    def _scan_cell(self, cell: Cell, stop: int) -> CellTrack:
        """``cell_track`` in Python. (One loop, kept tight: it is the whole cost of ``when`` on
        the pure build.)"""
        steps = self._steps
        last = len(steps)
        before_all = self.start.steps
        track = CellTrack(array("I"), b"", b"", array("H"), array("H"), {})
        out_steps, out_cands_before, out_cands = track.steps, track.cands_before, track.cands
        values_before, values = bytearray(), bytearray()
        # the cell at the state of the last step closed, and now; values held since then
        value = now_value = self.start.values[cell]
        cands = now_cands = self.start.cands[cell]
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

        chunks = self._chunks
        for k in self._touching(cell, -(-stop // MOVES_PER_SNAPSHOT)):
            chunk = chunks[k]
            cells = chunk.cells
            find = cells.find if isinstance(cells, bytearray) else partial(_find, cells)
            at = find(cell, 0)
            if not chunk.has_states():
                self._write_out(k)
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
                now_value, now_cands = packed >> _VALUE_SHIFT, packed & _CANDS
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

    def last_empty_cands(self, cell: Cell, moves: int) -> Mask | None:
        """The candidates ``cell`` had in the last step's state, within the first ``moves``
        moves, that showed it empty (None if none did). Read backwards: the chunks that touched
        the cell from the last, and there the cell's changes from the last, so it stops at the
        last step that ended with the cell empty (a cell breakpoint's look back, when it is
        armed at a present that shows the cell filled)."""
        stop = min(moves, len(self._steps))
        closed = stop  # the end of the step whose last change was read last
        for k in reversed(self._touching(cell, -(-stop // MOVES_PER_SNAPSHOT))):
            chunk = self._chunks[k]
            cells = chunk.cells
            find = cells.find if isinstance(cells, bytearray) else partial(_find, cells)
            places = []
            at = find(cell, 0)
            while at >= 0:
                places.append(at)
                at = find(cell, at + 1)
            if not chunk.has_states():
                self._write_out(k)
            base, ends, states = k * MOVES_PER_SNAPSHOT, chunk.ends, chunk.states
            for at in reversed(places):
                move = base + bisect_right(ends, at)
                if move >= stop:
                    continue
                end = self.step_end(move)
                if end >= closed:  # not the last change of its step, or its step ends too late
                    continue
                closed = end  # the state after this move is the state at the step's end
                if not states[at] >> _VALUE_SHIFT:
                    return states[at] & _CANDS
        start = self.start
        return None if start.values[cell] else start.cands[cell]

    def step_end(self, move: int) -> int:
        """The last move of the step the move belongs to: the first from it on that advances
        the step count (see the top), or ``len(self)`` when none does (yet)."""
        last = len(self._steps)
        while move < last and not self.advances(move):
            move += 1
        return move

    def solution_move(self, k: int) -> int | None:
        """The first move whose solution line brings the solution sum to ``k`` or more (None if
        none does). The sum never goes down, so the first snapshot that has it bounds the chunk
        to read: one chunk's events are worked out, not the record's."""
        snapshots = self._snapshots
        j = next((j for j in range(1, len(snapshots)) if snapshots[j].solutions >= k), None)
        first = ((j if j is not None else len(snapshots)) - 1) * MOVES_PER_SNAPSHOT
        for m in range(first, len(self._steps)):
            for e in self.events(m):
                if E.is_solution(e) and e.solution_sum >= k:
                    return m
        return None

    def moves_to(self, steps: int) -> int:
        """How many moves it takes to first reach ``steps`` (the record must reach it)."""
        if steps <= self.start.steps:
            return 0
        return bisect_left(self._steps, steps) + 1

    def snapshot_at_or_before(self, moves: int) -> tuple[int, EngineState]:
        """The latest snapshot taken after at most ``moves`` moves: (its move count, state)."""
        k = min(moves // MOVES_PER_SNAPSHOT, len(self._snapshots) - 1)
        return k * MOVES_PER_SNAPSHOT, self._snapshots[k]

    def moves_in_steps(self, first: int, last: int) -> range:
        """The moves whose step count (after them) lies in first..last."""
        return range(bisect_left(self._steps, first), bisect_right(self._steps, last))

    def new_guesses(self, first: int, last: int) -> list[tuple[int, int]]:
        """(move, level) of every new guess made at steps first..last."""
        moves = self.moves_in_steps(first, last)
        lo = bisect_left(self._guess_moves, moves.start)
        hi = bisect_left(self._guess_moves, moves.stop)
        return [(self._guess_moves[k], self._guess_levels[k]) for k in range(lo, hi)]

    def biggest_ever(self) -> int:
        """The highest level a new guess reached in the whole record, dropped moves included."""
        return max(max(self._guess_levels, default=0), self.dropped_biggest)

    def biggest_level(self, first: int, last: int) -> int:
        """The highest level a new guess reached at steps first..last (0 if none)."""
        return max((level for _, level in self.new_guesses(first, last)), default=0)


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
    core = native.module()
    if core is not None:
        steps, codes = core.value_events(
            track.steps, track.values_before, track.values, track.passing, held
        )
        return _u32(steps), codes
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
    core = native.module()
    if core is not None:
        empty = -1 if last_empty is None else last_empty
        return _u32(core.removal_steps(track.steps, track.values, track.cands, b, empty))
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

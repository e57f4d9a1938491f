"""The record of a session's search (``History``): every move, silent ones too, compactly.

A *move* is one thing the engine did (``Engine.advance``). For each move the record keeps the
step count after it, its events, the guess answer it was given (only interactive answers are
stored), the run mode it ran under, the cells it touched (a byte each) and what it changed in
them: value and candidates after the move, a 16-bit number per cell. With the loaded state, the
run modes and the guess answers determine every later state; a snapshot of the state every
``MOVES_PER_SNAPSHOT`` moves makes going back replay at most that many moves.

A run that only goes on (no guess question, no breakpoint) defers the events (not the cells
touched nor their states): they are worked out from the nearest snapshot the first time something
reads them, a chunk of ``MOVES_PER_SNAPSHOT`` moves at a time, and then kept. History, time travel,
breakpoints and ``when`` all read this record; the cells touched are its index of the cells
(``chunks.Chunk``, read by ``cell_index``): a question about one cell reads only the chunks
that touched it. What steps mean here is the package's docstring (``sudoku_repl.core.record``).
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import repeat
from operator import sub
from typing import Final

from sudoku_repl.core import events as E
from sudoku_repl.core import native
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.events import Event
from sudoku_repl.core.filters import Memo
from sudoku_repl.core.geometry import CLASSIC, Cell, Geometry, Mask
from sudoku_repl.core.record.cell_index import cell_states_back, last_empty_cands, scan_cell
from sudoku_repl.core.record.chunks import MOVES_PER_SNAPSHOT, VALUE_SHIFT, Chunk
from sudoku_repl.core.record.codec import EventCodes
from sudoku_repl.core.record.dropped import DropScan, scan
from sudoku_repl.core.record.replay import Replayer
from sudoku_repl.core.record.tail import Tail
from sudoku_repl.core.record.track import CellStep, CellTrack, u16, u32
from sudoku_repl.core.state import EngineState

_GUESS: Final = E.GUESS  # (read on every move of a run: one lookup less)
#: Moves kept at most (about 120 bytes each); past it the older half is dropped and the record
#: starts at a later snapshot. Set SUDOKU_REPL_RECORD_CAP to change it.
DEFAULT_CAP: Final = 1_000_000
#: a plain run's room while the cap is held (a C long holds it)
NO_LIMIT: Final = 2**62
#: chunks a drop reads between two polls (``drop_oldest``): 16,384 moves, some 15 ms on the
#: pure build
DROP_PIECE: Final = 128


def level_code(cells: int) -> str:
    """The array type of a record's guess levels on a geometry of ``cells`` cells: a level is
    at most the cells (each guess on the stack fills one), so past 255 only where the cells
    are more (six grids of 81 cells reach level 276)."""
    return "B" if cells <= 0xFF else "H" if cells <= 0xFFFF else "I"


def _cap_from_env() -> int:
    try:
        cap = int(os.environ.get("SUDOKU_REPL_RECORD_CAP", DEFAULT_CAP))
    except ValueError:
        return DEFAULT_CAP
    return max(cap, 2 * MOVES_PER_SNAPSHOT)


class History:
    """Moves since the quiz was loaded. Move i (0-based) leads from the state after i moves to
    the state after i + 1 moves.

    The moves are kept in chunks of ``MOVES_PER_SNAPSHOT``, chunk k beginning at snapshot k
    (``Chunk``). Every move's changes are kept as it is made (``Chunk.note``: the record's index
    of the cells, and the states of those cells); its events are kept too in a *written* chunk,
    while a *deferred* chunk (a run that only goes on: ``append(..., defer=True)``) keeps just
    each move's step count, run mode and new guesses besides, and its events are worked out
    when first read, by replaying its moves from its snapshot (the engine is deterministic; the
    step counts are checked on the way). Writing a move into a deferred chunk writes the chunk out first."""

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
        self.cap = cap or _cap_from_env()
        self.held = False  # the cap is held: nothing is dropped (``cap_held``)
        self.dropped = 0  # moves dropped so far to keep within the cap (see ``drop_oldest``)
        #: the highest level a new guess reached in the dropped moves (0 while none were dropped)
        self.dropped_biggest = 0
        #: cell * 9 + value - 1 for each value a cell showed, and each candidate an empty cell
        #: lost, in the states of the dropped steps (so bisection knows what lies before:
        #: ``record.dropped``)
        self.dropped_held: set[int] = set()
        self.dropped_removed: set[int] = set()
        self._steps = array("I")
        self._modes = array("B")
        self._choices: dict[int, Choice] = {}
        self._chunks: list[Chunk] = []
        self._snapshots: list[EngineState] = [start]
        #: works out the deferred chunks (with the session's engine class and filter caches)
        self._replay = Replayer(engine_type, geometry, memo)
        # new guesses: the move that made each, and its level (for level queries)
        self._guess_moves = array("I")
        self._guess_levels = array(level_code(geometry.size))

    def __len__(self) -> int:
        return len(self._steps)

    def __repr__(self) -> str:
        """What the record holds, at a glance: read from what every move keeps (nothing
        deferred is worked out to say it)."""
        moves = len(self._steps)
        if not moves:
            return f"<History: no moves yet, the state at step {self.start.steps}>"
        parts = [
            f"{moves:,} move{'s' * (moves != 1)}",
            f"{len(self._guess_moves):,} new guess{'es' * (len(self._guess_moves) != 1)}",
            f"biggest level {self.biggest_ever()}",
        ]
        if self.dropped:
            parts.append(
                f"steps before {self.first_steps} dropped to bound memory ({self.dropped:,} "
                f"moves; the cap is {self.cap:,})"
            )
        return f"<History of steps {self.first_steps}..{self.last_steps}: {', '.join(parts)}>"

    # -- writing -----------------------------------------------------------------------------
    #
    # Every way of appending a move feeds ``_note`` (step count, run mode, new guesses) and its
    # chunk's ``Chunk.note`` (the cells the move touched: the index ``when`` reads); a written
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
        the cells after it. ``defer``: its events may be worked out when first read
        (a move without a guess answer). True when the state after it is due as a snapshot."""
        index = len(self._steps)
        k, i = divmod(index, MOVES_PER_SNAPSHOT)
        chunks = self._chunks
        deferred = defer and choice is None
        if i == 0:
            chunks.append(Chunk(None if deferred else EventCodes(), self._wide))
        chunk = chunks[k]
        if chunk.events is None and not deferred:
            self._write_out(k)
        self._note(index, steps, events, run_mode)
        if choice is not None:
            self._choices[index] = choice
        if chunk.events is not None:
            chunk.events.add(steps, events)
        chunk.note(touched)
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
            chunk = Chunk(None, self._wide)
            self._chunks.append(chunk)
        steps.append(engine.steps)
        self._modes.append(run_mode)
        for e in events:
            if e[0] == _GUESS:
                self._guess_moves.append(index)
                self._guess_levels.append(e[3])
        touched, values, cands = engine.touched, engine.values, engine.cands
        chunk.note(touched)
        # the states too, as the native core's plain run keeps them: a cell question, and the
        # drop of the older half (``record.dropped``), read them without a replay
        chunk.states.extend([values[c] << VALUE_SHIFT | cands[c] for c in touched])
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
        moves and levels (the same ints) of their new guesses, the snapshots due after
        them, in order, and the index of the cells (``Chunk.note``): the cells each move
        touched (bytes, or native 16-bit ints for a geometry of more than 256 cells) and after
        each move how many its chunk holds (``cells_in_last_chunk`` before the first), and
        the states of those cells after their moves (``Chunk.note_states``: a chunk that has
        them answers cell questions without being worked out)."""
        start = len(self._steps)
        self._steps.frombytes(steps)
        end = len(self._steps)
        self._modes.frombytes(bytes([run_mode]) * (end - start))
        self._guess_moves.frombytes(guess_moves)
        self._guess_levels.fromlist(u32(guess_levels).tolist())
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
                Chunk.deferred(
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

    def _write_out(self, k: int) -> EventCodes:
        """Chunk k's events, worked out now (with its states) if it is deferred."""
        chunk = self._chunks[k]
        if chunk.events is not None:
            return chunk.events
        first = k * MOVES_PER_SNAPSHOT
        return self._replay.write_out(
            chunk, first, self._snapshots[k], self._steps, self._modes, self._choices
        )

    def written_chunks(self, moves: range) -> Iterator[tuple[int, Chunk]]:
        """(first move, chunk) of the chunks that hold ``moves``, each worked out first where
        deferred (``export html`` ships their arrays as they are)."""
        for k in range(moves.start // MOVES_PER_SNAPSHOT, -(-moves.stop // MOVES_PER_SNAPSHOT)):
            self._write_out(k)
            yield k * MOVES_PER_SNAPSHOT, self._chunks[k]

    def written(self) -> int:
        """How many chunks have their events stored (the rest are deferred)."""
        return sum(chunk.events is not None for chunk in self._chunks)

    def over_cap(self) -> bool:
        return len(self._steps) > self.cap and not self.held

    def room(self) -> int:
        """The most moves a plain run may append before the record is checked against its cap
        again: up to the move past it (at least one), or no limit while the cap is held."""
        return NO_LIMIT if self.held else max(self.cap + 1 - len(self._steps), 1)

    @contextmanager
    def cap_held(self) -> Iterator[None]:
        """While it lasts, no move is dropped however long the record grows: work that must
        leave the present experiment's record whole (``whatif guesses --keep``: a row is an
        experiment that shares the record's moves up to its guess, and a drop would cut them
        and every experiment parted there). Its own bound is its caller's (the rows' cap)."""
        held, self.held = self.held, True
        try:
            yield
        finally:
            self.held = held

    def drop_oldest(self, between: Callable[[], None] | None = None) -> int:
        """Forget the older half of the record; it then starts at a snapshot. Returns how many
        moves were dropped (the caller's move indices shift by that much). ``between`` is called
        between pieces of the work (``hooks.between``: the progress line's tick, then
        ``Stopped`` on Ctrl-C): what it raises leaves the record as it was (past its cap, until
        its next move)."""
        k = (len(self._steps) // 2) // MOVES_PER_SNAPSHOT * MOVES_PER_SNAPSHOT
        while k and not self.advances(k - 1):  # start at the state of a step (see the top)
            k -= MOVES_PER_SNAPSHOT
        if k == 0:
            return 0
        gathered = self._scan_dropped(k // MOVES_PER_SNAPSHOT, between)
        self.dropped_held |= DropScan.pairs(gathered.held)
        self.dropped_removed |= DropScan.pairs(gathered.removed)
        keep = bisect_left(self._guess_moves, k)
        self.dropped_biggest = max(self.dropped_biggest, max(self._guess_levels[:keep], default=0))
        self.start = self._snapshots[k // MOVES_PER_SNAPSHOT]
        del self._snapshots[: k // MOVES_PER_SNAPSHOT]
        del self._chunks[: k // MOVES_PER_SNAPSHOT]
        self._replay.forget()
        del self._steps[:k]
        del self._modes[:k]
        self._choices = {i - k: c for i, c in self._choices.items() if i >= k}
        self._guess_moves = array("I", map(sub, self._guess_moves[keep:], repeat(k)))
        del self._guess_levels[:keep]
        self.dropped += k
        return k

    def _scan_dropped(self, count: int, between: Callable[[], None] | None) -> DropScan:
        """What the states of the steps within the first ``count`` chunks showed
        (``record.dropped``: in C on the native build), read ``DROP_PIECE`` chunks at a time
        with ``between`` called between them."""
        gathered = DropScan(self.start)
        native_scan = native.drop_scan()
        for first in range(0, count, DROP_PIECE):
            stop = min(first + DROP_PIECE, count)
            if native_scan is None:
                scan(
                    self._chunks,
                    first,
                    stop,
                    self._steps,
                    self.start.steps,
                    self._write_out,
                    gathered,
                )
            else:
                native_scan(
                    self._chunks,
                    first,
                    stop,
                    self._steps,
                    self.start.steps,
                    self._wide,
                    self._write_out,
                    gathered.last_empty,
                    gathered.held,
                    gathered.removed,
                    gathered.waiting,
                )
            if stop < count and between is not None:
                between()
        return gathered

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
        self._replay.forget()
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
        self._replay.forget()
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
        self._replay.forget()
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

    def cell_steps(self, cell: Cell, stop: int | None = None) -> Iterator[CellStep]:
        """``cell_track``'s steps, one by one."""
        return iter(self.cell_track(cell, stop))

    def cell_track(self, cell: Cell, stop: int | None = None) -> CellTrack:
        """Every step whose state shows ``cell`` otherwise than the state of the step before, or
        in which it held a value only for a while, from the record's start (up to the first
        ``stop`` moves). Only the chunks whose changes name the cell are read (``Chunk``),
        and there only the cell's changes: the states of the steps between them show the cell
        as the step before did. On the native build its ``cell_track`` reads the chunks'
        buffers; ``cell_index.scan_cell`` is the same loop in Python (the reference)."""
        last = len(self._steps)
        stop = last if stop is None else max(min(stop, last), 0)
        scan = native.cell_track_scan()
        start = self.start
        if scan is None:
            return scan_cell(
                self._chunks,
                cell,
                stop,
                self._steps,
                start.steps,
                start.values[cell],
                start.cands[cell],
                self._write_out,
            )
        steps, values_before, values, cands_before, cands, passing = scan(
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
            u32(steps), values_before, values, u16(cands_before), u16(cands), dict(passing)
        )

    def last_empty_cands(self, cell: Cell, moves: int) -> Mask | None:
        """The candidates ``cell`` had in the last step's state, within the first ``moves``
        moves, that showed it empty (None if none did): ``cell_index.last_empty_cands``."""
        stop = min(moves, len(self._steps))
        return last_empty_cands(
            self._chunks, cell, stop, self.start, self.step_end, self._write_out
        )

    def cell_states_back(
        self, cell: Cell, first: int, stop: int
    ) -> Iterator[tuple[int, int, Mask]]:
        """``cell_index.cell_states_back`` on this record: the cell's moves, latest first."""
        return cell_states_back(self._chunks, cell, first, stop, self._write_out)

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

    def made_before(self, level: int, moves: int) -> int | None:
        """The move of the latest new guess at ``level`` among the record's first ``moves``
        moves (None: none the record holds). The guess levels of a byte array are searched by
        ``bytes.rfind``, at C speed: a long record holds a hundred thousand new guesses."""
        hi = bisect_left(self._guess_moves, moves)
        levels = self._guess_levels
        if levels.typecode == "B":
            k = levels.tobytes().rfind(bytes((level,)), 0, hi)
        else:
            k = next((k for k in range(hi - 1, -1, -1) if levels[k] == level), -1)
        return self._guess_moves[k] if k >= 0 else None

    def biggest_ever(self) -> int:
        """The highest level a new guess reached in the whole record, dropped moves included."""
        return max(max(self._guess_levels, default=0), self.dropped_biggest)

    def biggest_level(self, first: int, last: int) -> int:
        """The highest level a new guess reached at steps first..last (0 if none)."""
        return max((level for _, level in self.new_guesses(first, last)), default=0)

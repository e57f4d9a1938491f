"""The record of a session's search: every move, silent ones too, compactly.

A *move* is one thing the engine did (``Engine.advance``). For each move the record keeps the
step count after it, its events, the guess answer it was given (only interactive answers are
stored), the run mode it ran under, and what it changed in the cells: (cell, value, candidates)
after the move for every changed cell, two 16-bit numbers per cell. With the loaded state, the
run modes and the guess answers determine every later state; a snapshot of the state every
``MOVES_PER_SNAPSHOT`` moves makes going back replay at most that many moves.

A run that only goes on (no guess question, no breakpoint) defers the events and changes: they
are worked out from the nearest snapshot the first time something reads them, a chunk of
``MOVES_PER_SNAPSHOT`` moves at a time, and then kept. History, time travel, breakpoints and ``when``
all read this record.

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
from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

from sudoku_repl.core import events as E
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
from sudoku_repl.core.state import EngineState

MOVES_PER_SNAPSHOT: Final = 64
_VALUE_SHIFT: Final = 9  # a change is stored as (cell, value << 9 | candidates)
#: Moves kept at most (about 120 bytes each); past it the older half is dropped and the record
#: starts at a later snapshot. Set SUDOKU_REPL_RECORD_CAP to change it.
DEFAULT_CAP: Final = 1_000_000


def _cap_from_env() -> int:
    try:
        cap = int(os.environ.get("SUDOKU_REPL_RECORD_CAP", DEFAULT_CAP))
    except ValueError:
        return DEFAULT_CAP
    return max(cap, 2 * MOVES_PER_SNAPSHOT)


class _Moves:
    """The events and cell changes of consecutive moves (at most a chunk's), compactly: events
    as 16-bit codes (see ``History.events``), changes as (cell, value << 9 | candidates) pairs.
    Move i's are ``codes[code_at[i]:code_at[i + 1]]`` and ``changes[change_at[i]:...]``."""

    __slots__ = ("code_at", "codes", "grids", "odd", "pair_at", "pairs")

    def __init__(self) -> None:
        self.codes = array("H")
        self.code_at = array("I", [0])
        self.pairs = array("H")  # the changes
        self.pair_at = array("I", [0])
        self.grids: list[bytes] = []  # the grids of solution and end lines, by index
        self.odd: dict[int, tuple[Event, ...]] = {}  # moves with events of added kinds

    def __len__(self) -> int:
        return len(self.code_at) - 1

    def add(
        self,
        steps: int,
        events: Sequence[Event],
        touched: Sequence[Cell],
        values: Sequence[int],
        cands: Sequence[Mask],
    ) -> None:
        if events and not self._encode(events, steps):
            self.odd[len(self)] = tuple(events)
        self.code_at.append(len(self.codes))
        if touched:
            cells = sorted(set(touched))
            pairs = [0] * (2 * len(cells))
            pairs[::2] = cells
            pairs[1::2] = [values[i] << _VALUE_SHIFT | cands[i] for i in cells]
            self.pairs.fromlist(pairs)
        self.pair_at.append(len(self.pairs))

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` moves."""
        del self.codes[self.code_at[length] :]
        del self.code_at[length + 1 :]
        del self.pairs[self.pair_at[length] :]
        del self.pair_at[length + 1 :]
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

    def changes(self, i: int) -> Iterator[tuple[Cell, int, Mask]]:
        data = self.pairs
        for k in range(self.pair_at[i], self.pair_at[i + 1], 2):
            packed = data[k + 1]
            yield data[k], packed >> _VALUE_SHIFT, packed & 0x1FF


class History:
    """Moves since the quiz was loaded. Move i (0-based) leads from the state after i moves to
    the state after i + 1 moves.

    The moves are kept in chunks of ``MOVES_PER_SNAPSHOT``, chunk k beginning at snapshot k. A chunk
    is *written* (its moves' events and changes stored, ``_Moves``) or *deferred*: a run that
    only goes on (``append(..., defer=True)``) keeps just each move's step count, run mode and
    new guesses, and a deferred chunk's events and changes are worked out when first read, by
    replaying its moves from its snapshot (the engine is deterministic; the step counts are
    checked on the way). Writing a move into a deferred chunk writes the chunk out first."""

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
        #: chunk k: its moves' events and changes, or None while deferred
        self._chunks: list[_Moves | None] = []
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
        the cells after it. ``defer``: its events and changes may be worked out when first read
        (a move without a guess answer). True when the state after it is due as a snapshot."""
        index = len(self._steps)
        k, i = divmod(index, MOVES_PER_SNAPSHOT)
        chunks = self._chunks
        if i == 0:
            chunks.append(None if defer and choice is None else _Moves())
        moves = chunks[k]
        if moves is None and not (defer and choice is None):
            moves = self._write_out(k)
        self._note(index, steps, events, run_mode)
        if choice is not None:
            self._choices[index] = choice
        if moves is not None:
            moves.add(steps, events, touched, values, cands)
        return i == MOVES_PER_SNAPSHOT - 1

    def append_deferred(self, engine: Engine, events: Sequence[Event], run_mode: int) -> bool:
        """``append`` of the move ``engine`` just made, with ``defer`` and no guess answer: the
        plain run's way, kept lean (it is on every move of a run)."""
        index = len(self._steps)
        i = index % MOVES_PER_SNAPSHOT
        if i == 0:
            self._chunks.append(None)
        elif self._chunks[-1] is not None:  # the chunk is written: go on writing it
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
        self._note(index, engine.steps, events, run_mode)
        return i == MOVES_PER_SNAPSHOT - 1

    def defers_next(self) -> bool:
        """Whether ``append_deferred`` would defer the next move (its chunk is new or deferred):
        then ``extend_deferred`` may record it."""
        return len(self._steps) % MOVES_PER_SNAPSHOT == 0 or self._chunks[-1] is None

    def extend_deferred(
        self,
        steps: bytes,
        run_mode: int,
        guess_moves: bytes,
        guess_levels: bytes,
        snapshots: Sequence[EngineState],
    ) -> None:
        """``append_deferred`` of many moves at once (the native core's plain run, when
        ``defers_next``): their step counts (native 32-bit unsigned ints), their run mode, the
        moves (the same ints) and levels (bytes) of their new guesses, and the snapshots due
        after them, in order."""
        start = len(self._steps)
        self._steps.frombytes(steps)
        end = len(self._steps)
        self._modes.frombytes(bytes([run_mode]) * (end - start))
        # a chunk for each multiple of MOVES_PER_SNAPSHOT among the new moves' indices
        new_chunks = -(-end // MOVES_PER_SNAPSHOT) - -(-start // MOVES_PER_SNAPSHOT)
        self._chunks += [None] * new_chunks
        self._guess_moves.frombytes(guess_moves)
        self._guess_levels.frombytes(guess_levels)
        self._snapshots += snapshots

    def _note(self, index: int, steps: int, events: Sequence[Event], run_mode: int) -> None:
        """What every move keeps, written or deferred: its step count, run mode, new guesses."""
        self._steps.append(steps)
        self._modes.append(run_mode)
        for e in events:
            if e[0] == E.GUESS:  # by the layout: the codec takes plain tuples of it too
                self._guess_moves.append(index)
                self._guess_levels.append(e[3])

    def _write_out(self, k: int) -> _Moves:
        """Chunk k's events and changes, worked out now if it is deferred."""
        moves = self._chunks[k]
        if moves is not None:
            return moves
        moves = _Moves()
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
        for m in range(first, last):
            ev = engine.advance(self._modes[m], self._choices.get(m))
            if engine.steps != self._steps[m]:
                raise RuntimeError(f"the record's move {m} does not replay as recorded")
            moves.add(engine.steps, ev, engine.touched, engine.values, engine.cands)
        self._replayed = last
        self._chunks[k] = moves
        return moves

    def written(self) -> int:
        """How many chunks have their events and changes stored (the rest are deferred)."""
        return sum(moves is not None for moves in self._chunks)

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
            moves = self._chunks[k]
            if moves is not None:
                moves.truncate(i)
        del self._snapshots[k + 1 :]
        self._replayed = -1
        keep = bisect_left(self._guess_moves, length)
        del self._guess_moves[keep:]
        del self._guess_levels[keep:]

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

    def changes(self, move: int) -> Iterator[tuple[Cell, int, Mask]]:
        """(cell, value, candidates) after the move, for each cell it changed."""
        k, i = divmod(move, MOVES_PER_SNAPSHOT)
        return self._write_out(k).changes(i)

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

    def biggest_level(self, first: int, last: int) -> int:
        """The highest level a new guess reached at steps first..last (0 if none)."""
        return max((level for _, level in self.new_guesses(first, last)), default=0)


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


def cell_steps(history: History, cell: Cell, stop: int | None = None) -> Iterator[CellStep]:
    """Every step whose state shows ``cell`` otherwise than the state of the step before, or in
    which it held a value only for a while, read from the record from its start (up to the
    first ``stop`` moves)."""
    tracker = CellTracker(cell, history.start.values[cell], history.start.cands[cell])
    for m in range(len(history) if stop is None else stop):
        for c, new_value, new_mask in history.changes(m):
            if c == cell:
                tracker.see(new_value, new_mask)
        if history.advances(m):
            found = tracker.close(history.steps_after(m + 1))
            if found is not None:
                yield found


class CellTracker:
    """Follows one cell from the state of one step to the state of the next."""

    def __init__(self, cell: Cell, value: int, cands: Mask) -> None:
        self.cell = cell
        self.value, self.cands = value, cands  # at the state of the last closed step
        self.now_value, self.now_cands = value, cands
        self.held: list[int] = []  # values held since, inside the step

    def see(self, value: int, cands: Mask) -> None:
        self.now_value, self.now_cands = value, cands
        if value and value not in self.held:
            self.held.append(value)

    def close(self, step: int) -> CellStep | None:
        """The step has ended (its state is the present): what changed, if anything."""
        v0, m0, v1, m1 = self.value, self.cands, self.now_value, self.now_cands
        passing = tuple(v for v in self.held if v not in (v0, v1))
        self.value, self.cands, self.held = v1, m1, []
        if (v0, m0) == (v1, m1) and not passing:
            return None
        return CellStep(step, v0, m0, v1, m1, passing)


def cell_values(history: History, cell: Cell) -> Iterator[CellStep]:
    """The steps at which the cell's value (not only its candidates) changed or passed."""
    for s in cell_steps(history, cell):
        if s.value != s.value_before or s.passing:
            yield s


def removals(history: History, cell: Cell, value: int) -> Iterator[int]:
    """The steps whose state shows candidate ``value`` gone from the empty ``cell``, judged
    against the candidates it had in the last step's state that showed it empty."""
    b = 1 << (value - 1)
    start = history.start
    last_empty: Mask | None = None if start.values[cell] else start.cands[cell]
    for s in cell_steps(history, cell):
        if s.value:
            continue
        if last_empty is not None and last_empty & b and not s.cands & b:
            yield s.step
        last_empty = s.cands


def last_empty_cands(history: History, cell: Cell, moves: int) -> Mask | None:
    """The candidates ``cell`` had in the last step's state, within the first ``moves`` moves,
    that showed it empty (None if none did)."""
    start = history.start
    last: Mask | None = None if start.values[cell] else start.cands[cell]
    for s in cell_steps(history, cell, moves):
        if not s.value:
            last = s.cands
    return last

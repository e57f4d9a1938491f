"""The step engine of docs/engine.md: a resumable state machine that never prints or reads.

One step of docs/engine.md may do several things (filter, then guess; a failed placement, then
``next_guess``, perhaps more than once). ``Engine.advance`` does one of those things at a time,
a *move*, so that every step number the counter passes through is a state one can stop at,
keep and go back to. ``Engine.step`` does moves until docs/engine.md's step has ended. Two states
only exist between moves:

- ``GUESS_DUE``: the filter has run and a new guess at ``pending`` comes next; in interactive
  guess mode the shell asks the user here and passes the answer to ``advance``;
- ``WRONG``: a contradiction was met; ``next_guess`` comes next.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import compress
from operator import ne
from typing import Final

from sudoku_repl.core import events as E
from sudoku_repl.core import filters, modes
from sudoku_repl.core.events import Event, Guess, NoCandidate, Outcome, WentWrong, is_new_guess
from sudoku_repl.core.filters import COMPLETE, NOTHING, SHRUNKEN
from sudoku_repl.core.filters import WRONG as CONTRADICTION
from sudoku_repl.core.geometry import (
    BIT_COUNT,
    CLASSIC,
    FULL,
    VALUE_OF_BIT,
    Cell,
    Geometry,
    Mask,
    one_apart,
    values_of,
)
from sudoku_repl.core.runs import PlainRequest, PlainRun, Searched
from sudoku_repl.core.state import (
    FINISHED,
    GUESS_DUE,
    LOADED,
    SEARCHING,
    SOLVED,
    WRONG,
    EngineState,
    Frame,
    foremost,
)

FILLED: Final = 10  # the count kept for a filled cell (more than any empty cell can have)
#: the run's changed cells kept for grp at most; past it grp takes every unit as changed
_CHANGED_LIMIT: Final = 512

#: A user's pick for a new guess: (cell, value); None takes the foremost cell's first candidate.
Choice = tuple[Cell, int] | None
__all__ = ["FILLED", "Choice", "Engine", "PlainRequest", "PlainRun", "Searched", "loaded_state"]


def loaded_state(givens: Sequence[int], geometry: Geometry) -> EngineState:
    """The state of a freshly loaded quiz: givens in place (0 = empty), nothing computed yet."""
    return EngineState(LOADED, 0, 0, tuple(givens), (0,) * geometry.size, (), -1)


class Engine:
    """The mutable working copy of an ``EngineState``; ``state()`` and ``restore()`` convert."""

    def __init__(self, state: EngineState, geometry: Geometry = CLASSIC) -> None:
        self.geo = geometry
        self.peers = geometry.peers  # (read on every placement: one attribute less)
        self.memo = filters.new_memo(geometry)  # a cache only: never part of the state
        #: the cells whose value or candidates the last move may have changed
        self.touched: list[Cell] = []
        #: the cells changed since grp last looked (``filters.Memo.clean``)
        self.changed: list[Cell] = []
        #: per frame pushed by this engine, the units whose contents were known to yield nothing
        #: to grp (``filters.Memo.clean``) when it was pushed: the frame's cells are those
        #: contents again when the next guess restores them. A cache only, beside the frames
        self.frame_clean: list[tuple[Frame, int]] = []
        #: per cell, its number of candidates, or FILLED: kept with ``cands`` by every move, so
        #: that the foremost cell and the fill pass's singles are found by byte searches
        self.counts = bytearray()
        self.restore(state)

    @classmethod
    def from_givens(cls, givens: Sequence[int], geometry: Geometry = CLASSIC) -> Engine:
        """A freshly loaded quiz: givens in place (0 = empty), nothing computed yet."""
        return cls(loaded_state(givens, geometry), geometry)

    def reload(self, givens: Sequence[int]) -> None:
        """Become what ``from_givens`` would make for another quiz of this geometry, without
        making an engine (rating a file loads a quiz after another: an engine costs a third of
        a 17-clue quiz's rating). The filter caches stay: what they know holds for any quiz."""
        self.touched = []
        self.changed = []
        self.restore(loaded_state(givens, self.geo))

    # -- state as a value ---------------------------------------------------------------

    def state(self) -> EngineState:
        return EngineState(
            self.status,
            self.steps,
            self.solutions,
            bytes(self.values),
            array("H", self.cands),
            tuple(self.frames),
            self.pending,
        )

    def restore(self, state: EngineState) -> None:
        self.status = state.status
        self.steps = state.steps
        self.solutions = state.solutions
        self.values = list(state.values)
        self.cands = list(state.cands)
        self.frames = list(state.frames)
        self.pending = state.pending
        self._recount()
        self.memo.clean = 0
        self.frame_clean = []

    def _recount(self, cells: Sequence[Cell] | None = None) -> None:
        """Bring ``counts`` up to date with the candidates: of these cells, or of all."""
        bits, values, cands = BIT_COUNT, self.values, self.cands
        if cells is None:
            self.counts = bytearray([bits[m] if not v else FILLED for v, m in zip(values, cands)])
            return
        counts = self.counts
        for c in cells:
            counts[c] = FILLED if values[c] else bits[cands[c]]

    @property
    def level(self) -> int:
        return len(self.frames)

    def empty_cells(self) -> list[Cell]:
        return [i for i, v in enumerate(self.values) if not v]

    def foremost(self) -> tuple[Cell, int]:
        """The first empty cell with the fewest candidates (``state.foremost``)."""
        counts = self.counts
        if 0 in counts:  # an empty cell without candidates: the quirk
            return foremost(self.values, self.cands)
        for least in range(1, FILLED):
            cell = counts.find(least)
            if cell >= 0:
                return cell, least
        return 0, 0

    def guess_default(self) -> tuple[Cell, int]:
        """The guess a due guess makes without the user: the pending cell's first candidate."""
        cands = values_of(self.cands[self.pending])
        return self.pending, (cands[0] if cands else 0)

    # -- moves ----------------------------------------------------------------------------

    def step(self, run_mode: int = 0) -> list[Event]:
        """One step of docs/engine.md (automatic guessing): moves until the step has ended."""
        ev = self.advance(run_mode)
        while self.status is GUESS_DUE or self.status is WRONG:  # (not in STEP_BOUNDARY)
            ev += self.advance(run_mode)
        return ev

    def reached(self, solutions: int, first: int, max_steps: int | None) -> bool:
        """Whether a run's goals are met (``Session.run``'s, checked before each step): the end
        of the search, ``solutions`` new ones since it had ``first`` (0: no limit), or
        ``max_steps`` reached (None: no limit)."""
        return (
            self.status is FINISHED
            or (solutions > 0 and self.solutions - first >= solutions)
            or (max_steps is not None and self.steps >= max_steps)
        )

    def search(
        self,
        run_mode: int,
        steps: int,
        solutions: int = 0,
        first: int = 0,
        max_steps: int | None = None,
    ) -> Searched:
        """Up to ``steps`` steps (``step``) of a silent search that keeps no record, each once
        the goals are not ``reached``: what ``rate`` runs (a session would record every move).
        Fewer steps than asked: the goals were reached. The stepping loop's design without a
        record (``Stepping.walk``: goals, then a unit); the native core's ``Core_search`` is its
        fast path."""
        biggest = guesses = 0
        for done in range(steps):
            if self.reached(solutions, first, max_steps):
                return Searched(done, biggest, guesses)
            for e in self.step(run_mode):
                if is_new_guess(e):
                    guesses += 1
                    biggest = max(biggest, e.level)
        return Searched(steps, biggest, guesses)

    # -- the plain run: the same interface on both builds ------------------------------------

    def fast_path(self, run_mode: int) -> bool:
        """Whether ``run_plain`` is the fast way to make a plain run's units in this run mode
        (the native core's; the pure one makes them a move at a time, ``Stepping``)."""
        return False

    def run_plain(self, request: PlainRequest) -> PlainRun:
        """Up to ``request.units`` units of a plain run (``runs.PlainRequest``), and what the
        record keeps of them: the reference of the native core's ``Core_run``."""
        mode, fine, chunk, index = request.run_mode, request.fine, request.chunk, request.start
        kinds, between = request.kinds, request.between
        wide = self.geo.size > 256
        steps, guess_moves, levels, ends = array("I"), array("I"), array("I"), array("I")
        cells: bytearray | array[int] = array("H") if wide else bytearray()
        states = array("H")
        snapshots: list[EngineState] = []
        events: list[Event] = []
        done = made = biggest = 0
        unfinished = False
        resume, cells_base = request.resume, request.cells_base
        while done < request.units and made < request.moves:
            if (done or not resume) and self.reached(
                request.solutions, request.first, request.max_steps
            ):
                break
            if done and between is not None:
                heard, events = events, []
                if between(heard):
                    break
            count = self.steps
            unfinished = True
            while made < request.moves:
                ev = self.advance(mode)
                move = index + made
                if move % chunk == 0:  # the move begins a chunk
                    cells_base = 0
                values, cands, touched = self.values, self.cands, self.touched
                cells.extend(touched)
                states.extend([values[c] << 9 | cands[c] for c in touched])
                cells_base += len(touched)
                ends.append(cells_base)
                steps.append(self.steps)
                for e in ev:
                    if is_new_guess(e):
                        guess_moves.append(move)
                        levels.append(e.level)
                        biggest = max(biggest, e.level)
                if move % chunk == chunk - 1:
                    snapshots.append(self.state())
                events += ev if kinds is None else [e for e in ev if e[0] in kinds]
                made += 1
                status = self.status
                if (
                    (self.steps > count or status is FINISHED)
                    if fine
                    else (status is not GUESS_DUE and status is not WRONG)
                ):
                    unfinished = False
                    break
            if unfinished:
                break
            done += 1
            resume = False
        return PlainRun(
            done,
            unfinished,
            biggest,
            steps.tobytes(),
            guess_moves.tobytes(),
            levels.tobytes(),
            snapshots,
            events,
            bytes(cells) if isinstance(cells, bytearray) else cells.tobytes(),
            ends.tobytes(),
            states.tobytes(),
        )

    def advance(self, run_mode: int = 0, choice: Choice = None) -> list[Event]:
        """One move; ``choice`` answers a due guess (ignored otherwise)."""
        ev: list[Event] = []
        self.touched = []
        status = self.status
        if status is SEARCHING:
            self._search(run_mode, ev)
        elif status is GUESS_DUE:
            self._guess(choice, ev)
        elif status is WRONG or status is SOLVED:
            if self._next_guess(ev):
                return ev  # grp has been told of the move's changes
        elif status is LOADED:
            self._start(ev)
        changed = self.changed
        if len(changed) > _CHANGED_LIMIT:
            changed.clear()
            self.memo.clean = 0
        changed += self.touched
        return ev

    def advance_many(self, run_modes: Sequence[int]) -> Iterator[tuple[int, list[Event]]]:
        """``advance`` once in each run mode in turn, without guess answers: each move's step
        count after it and its events (the record's replay: ``record.replay``)."""
        for run_mode in run_modes:
            events = self.advance(run_mode)
            yield self.steps, events

    def _start(self, ev: list[Event]) -> None:
        self.steps += 1
        self.touched = list(range(self.geo.size))
        values, cands, geo = self.values, self.cands, self.geo
        for i in range(geo.size):
            if values[i]:
                cands[i] = 0
                continue
            m = FULL
            for j, _ in geo.place_order[i]:
                if values[j]:
                    m &= ~(1 << (values[j] - 1))
            if geo.apart:
                for j in geo.apart[i]:
                    if values[j]:
                        m &= ~one_apart(values[j], geo.cyclic)
            cands[i] = m
        self._recount()
        missing = [i for i in range(geo.size) if not values[i] and not cands[i]]
        if missing:
            ev.append(NoCandidate(E.NO_CANDIDATE, self.steps, missing[0]))
            self.status = WRONG
        elif 0 not in values:
            self.solved(ev)
        else:
            self.status = SEARCHING

    def _search(self, run_mode: int, ev: list[Event]) -> None:
        strategy = modes.STRATEGIES.get(run_mode)
        if strategy is not None:
            strategy(self, ev)
            self._recount()
            return
        if 1 in self.counts:
            # the foremost count is 1 exactly when an empty cell has one candidate: with an
            # empty cell without any too, the quirk's scan (``state.foremost``) keeps the first
            # cell with one; so no minimum is taken before the fill pass
            self.fill(ev)
            return
        foremost, _ = self.foremost()
        self.steps += 1
        result = NOTHING
        for run in modes.filters_of(run_mode):
            result = run(self, ev)
            if result != NOTHING:
                break
        if self.touched:
            self._recount(self.touched)
        self.filtered(result, foremost)

    def filtered(self, result: filters.Result, foremost: Cell) -> None:
        """What follows a filter's result (docs/engine.md 3, with the [1,1] quirk of 8)."""
        if result == CONTRADICTION:
            self.status = WRONG
        elif result == COMPLETE or (result == SHRUNKEN and foremost == 0):
            self.status = SEARCHING
        else:
            self.pending = foremost
            self.status = GUESS_DUE

    def fill(self, ev: list[Event]) -> None:
        """The fill pass (docs/engine.md 4)."""
        cands, find = self.cands, self.counts.find
        i = find(1)
        while i >= 0:  # the cells with one candidate in order, as placing makes more of them
            if not self.place(i, VALUE_OF_BIT[cands[i]], ev):
                self.status = WRONG
                return
            i = find(1, i + 1)
        self.steps += 1
        if 0 in self.values:
            self.status = SEARCHING
        else:
            self.solved(ev)

    def place(self, cell: Cell, value: int, ev: list[Event]) -> bool:
        """docs/engine.md 2; False (with its line) when a peer loses its last candidate."""
        self.values[cell] = value
        cands, counts, touched = self.cands, self.counts, self.touched
        cands[cell] = 0
        counts[cell] = FILLED
        touched.append(cell)
        b = 1 << (value - 1)
        for j in self.peers[cell]:  # in the order place visits them
            m = cands[j]
            if m & b:
                m ^= b
                cands[j] = m
                counts[j] -= 1
                touched.append(j)
                if not m:
                    in_block = dict(self.geo.place_order[cell])[j]
                    ev.append(WentWrong(E.WENT_WRONG, self.steps, value, j, in_block))
                    return False
        if self.geo.apart:
            return self._place_apart(cell, value, ev)
        return True

    def _place_apart(self, cell: Cell, value: int, ev: list[Event]) -> bool:
        """A non-consecutive rule's part of ``place``: the values one apart from ``value`` out
        of the cells beside it, smaller first; False (with its line) when one loses its last."""
        cands, counts, touched = self.cands, self.counts, self.touched
        near = one_apart(value, self.geo.cyclic)
        for j in self.geo.apart[cell]:
            m = cands[j]
            for b in (near & -near, near & (near - 1)):
                if b and m & b:
                    m ^= b
                    cands[j] = m
                    counts[j] -= 1
                    touched.append(j)
                    if not m:
                        ev.append(WentWrong(E.WENT_WRONG, self.steps, VALUE_OF_BIT[b], j, True))
                        return False
        return True

    def _guess(self, choice: Choice, ev: list[Event]) -> None:
        cell = self.pending
        options = values_of(self.cands[cell])
        if choice is not None:
            cell, value = choice
            rest = tuple(v for v in values_of(self.cands[cell]) if v != value)
            options = (value, *rest)
        self.steps += 1
        frame = Frame(cell, options, 1, bytes(self.values), array("H", self.cands))
        self.frames.append(frame)
        self.frame_clean.append((frame, self.memo.clean_after(self.changed)))
        self.pending = -1
        ev.append(Guess(E.GUESS, self.steps, cell, len(self.frames), 1, len(options)))
        self._try(frame, ev)

    def _try(self, frame: Frame, ev: list[Event]) -> None:
        ok = bool(frame.options) and self.place(frame.cell, frame.value, ev)
        self.status = SEARCHING if ok else WRONG

    def _next_guess(self, ev: list[Event]) -> bool:
        """The next guess; True when it has told grp of its changes itself (then the cells it
        restored are not among them: the units they lie in are as clean as when the frame was
        pushed)."""
        self.steps += 1
        popped = False
        frames, saved = self.frames, self.frame_clean
        while frames:
            top = frames[-1]
            if top.tried < len(top.options):
                self._restore_cells(top.values, top.cands)
                known = bool(saved) and saved[-1][0] is top
                restored = len(self.touched)
                top = Frame(top.cell, top.options, top.tried + 1, top.values, top.cands)
                frames[-1] = top
                kind = E.UPWARD if popped else E.FORWARD
                ev.append(
                    Guess(kind, self.steps, top.cell, len(frames), top.tried, len(top.options))
                )
                self._try(top, ev)
                if not known:
                    return False
                saved[-1] = (top, saved[-1][1])
                self.memo.clean = saved[-1][1]
                self.changed = self.touched[restored:]
                return True
            frames.pop()
            if saved and saved[-1][0] is top:
                saved.pop()
            popped = True
        ev.append(Outcome(E.NO_MORE, self.steps, self.solutions, bytes(self.values)))
        self.status = FINISHED
        return False

    def _restore_cells(self, values: Sequence[int], cands: Sequence[Mask]) -> None:
        old_values, old_cands = self.values, self.cands
        differs = map(ne, zip(old_values, old_cands), zip(values, cands))
        changed = [*compress(range(len(old_values)), differs)]  # the cells that differ
        self.touched += changed
        self.values = list(values)
        self.cands = list(cands)
        self._recount(changed)

    def solved(self, ev: list[Event]) -> None:
        """The grid is full: report the solution."""
        self.solutions += 1
        ev.append(Outcome(E.SOLUTION, self.steps, self.solutions, bytes(self.values)))
        self.status = SOLVED

"""The engine on the native core (``csrc/``): ``Engine`` whose moves run in C.

``NativeEngine`` keeps every attribute of the pure ``Engine`` (values, cands, frames, status,
steps, ...), so that whatever reads or changes an engine works on it unchanged. Around each
native call the attributes go into the core (``push``) and come back out (``pull``). A move the
core does not make goes to the pure code on those attributes: a guess answer, and a searching
move in a run mode whose filters are not the original's (the techniques of modes 3 to 5).

The interface is the pure engine's (``engine.Engine``: the same methods and typed results,
``runs.py``), so that nothing above asks which engine it has: ``fast_path`` says whether
``run_plain`` makes a plain run's units here (many a call: ``csrc/run.c``'s ``Core_run``), and
``search`` runs in ``Core_search``. ``core/native.py`` (the door) chooses this class; this module
imports the extension itself and nothing of the door.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import Any

from sudoku_repl.core import events as E
from sudoku_repl.core import modes
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import CLASSIC, Geometry
from sudoku_repl.core.runs import PlainRequest, PlainRun, Searched
from sudoku_repl.core.state import (
    SEARCHING,
    EngineState,
    Frame,
    Status,
)

#: the statuses in the order of the core's codes (``Status``' order, which the extension's own
#: ``STATUSES`` is checked against when it loads: ``native_check``)
STATUSES = tuple(Status)
#: every event kind of the original (a bit each): what a move hands back when all are wanted
ALL_KINDS = (1 << (E.SOLUTION + 1)) - 1

#: the filter chains the core runs itself, by run mode (modes.FILTERS as registered by the core)
_NATIVE_CHAINS = {0: modes.DEFAULT, 1: (modes.grp,), 2: (modes.ply,)}

_configured = False


def kinds_mask(kinds: Iterable[int] | None) -> int:
    """The core's bit mask of event kinds (None: every kind)."""
    if kinds is None:
        return ALL_KINDS
    mask = 0
    for kind in kinds:
        if kind <= E.SOLUTION:
            mask |= 1 << kind
    return mask


def _core_module() -> Any:
    global _configured
    try:
        from sudoku_repl.core import _native as module  # type: ignore[attr-defined]
    except ImportError as e:
        raise RuntimeError(f"no native core: {e}") from e
    if not _configured:  # the Python types the core makes, given once (not at import)
        module.configure(
            E.NoCandidate,
            E.WentWrong,
            E.UnitShrunk,
            E.Removal,
            E.CelSet,
            E.Guess,
            E.Outcome,
            Frame,
            EngineState,
            STATUSES,
            array,
        )
        _configured = True
    return module


@cache
def tables(geo: Geometry) -> tuple[Any, ...]:
    """The geometry as the flat tables ``_native.Core`` takes (made once per geometry)."""

    def flat(groups: Iterable[Sequence[int]]) -> tuple[list[int], list[int]]:
        at: list[int] = [0]
        cells: list[int] = []
        for group in groups:
            cells += group
            at.append(len(cells))
        return at, cells

    peer_at, peers = flat(geo.peers)
    in_block = [int(flag) for order in geo.place_order for _, flag in order]
    unit_at, unit_cells = flat(u.cells for u in geo.units)
    line_at, line_cells = flat(u.cells for u in geo.rows + geo.cols)
    block_at, block_cells = flat(u.cells for u in geo.blocks)
    units_of: list[list[int]] = [[] for _ in range(geo.size)]
    for u, unit in enumerate(geo.units):
        for c in unit.cells:
            units_of[c].append(u)
    units_of_at, units_flat = flat(units_of)
    flat_tables = [peer_at, peers, in_block, unit_at, unit_cells, line_at, line_cells]
    flat_tables += [block_at, block_cells, list(geo.block_of), units_of_at, units_flat]
    # as C ints: each engine's core copies them as they are
    return (geo.size, *(array("i", table) for table in flat_tables))


def native_mode(run_mode: int) -> bool:
    """Whether a searching move in this run mode runs in the core (its filters are grp/ply)."""
    chain = _NATIVE_CHAINS.get(run_mode)
    return (
        chain is not None
        and run_mode not in modes.STRATEGIES
        and modes.FILTERS.get(run_mode) == chain
    )


class NativeEngine(Engine):
    """``Engine`` with its moves in the native core; the same events, states and attributes."""

    def __init__(self, state: EngineState, geometry: Geometry = CLASSIC) -> None:
        self.core = _core_module().Core(*tables(geometry))
        super().__init__(state, geometry)

    def advance(self, run_mode: int = 0, choice: Choice = None) -> list[Event]:
        if choice is not None or (self.status is SEARCHING and not native_mode(run_mode)):
            return super().advance(run_mode, choice)
        self._push()
        events: list[Event] = self.core.advance(run_mode, ALL_KINDS)
        self._pull()
        return events

    def advance_many(self, run_modes: Sequence[int]) -> Iterator[tuple[int, list[Event]]]:
        """``Engine.advance_many`` with the state pushed into the core once and pulled back
        once, not around every move (in the run modes it runs; else the pure loop)."""
        if not all(native_mode(mode) for mode in set(run_modes)):
            yield from super().advance_many(run_modes)
            return
        self._push()
        core = self.core
        try:
            for run_mode in run_modes:
                yield core.advance(run_mode, ALL_KINDS, True)
        finally:
            self._pull()

    def search(
        self,
        run_mode: int,
        steps: int,
        solutions: int = 0,
        first: int = 0,
        max_steps: int | None = None,
    ) -> Searched:
        if not native_mode(run_mode):
            return super().search(run_mode, steps, solutions, first, max_steps)
        self._push()
        searched = self.core.search(
            run_mode, steps, solutions, first, -1 if max_steps is None else max_steps
        )
        self._pull()
        return Searched._make(searched)

    def fast_path(self, run_mode: int) -> bool:
        return native_mode(run_mode)

    def run_plain(self, request: PlainRequest) -> PlainRun:
        """``Engine.run_plain`` in the core (``csrc/run.c``'s ``Core_run``), in a run mode it
        runs (``fast_path``; else the pure loop)."""
        if not native_mode(request.run_mode):
            return super().run_plain(request)
        self._push()
        result = self.core.run(
            request.run_mode,
            kinds_mask(request.kinds),
            request.units,
            int(request.fine),
            request.solutions,
            request.first,
            -1 if request.max_steps is None else request.max_steps,
            request.moves,
            request.start,
            int(request.resume),
            request.cells_base,
            request.between,
        )
        self._pull()
        return PlainRun._make(result)

    def _push(self) -> None:
        self.core.push(
            STATUSES.index(self.status),
            self.steps,
            self.solutions,
            self.pending,
            self.values,
            self.cands,
            self.frames,
        )

    def _pull(self) -> None:
        (
            status,
            self.steps,
            self.solutions,
            self.pending,
            self.values,
            self.cands,
            self.counts,
            self.frames,
            self.touched,
        ) = self.core.pull()
        self.status = STATUSES[status]
        # grp's caches describe the pure moves' changes only: start them afresh
        self.memo.clean = 0
        self.changed = []
        self.frame_clean = []

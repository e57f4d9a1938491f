"""What-if edits: a value placed or a candidate removed by hand, as a recorded move.

A hand move is recorded like any other move, under the run mode ``HAND`` (no user can pick it)
with what was done as its choice: ``(cell, value)`` for a value placed, ``(cell, -value)`` for a
candidate removed. Replaying the record (time travel, deferred chunks, experiments) makes it
again through ``advance``, so it is as much a part of the search as a guess answer.

A hand move is a step of its own (the count goes up by one) and holds *as if given*: it is made
in the present state and in the state every guess level of the stack keeps for going back, and
a guess level whose cell is a peer loses the value from the options it has still to try. So the
search never undoes it; a value that leads to no solution shows as the search running dry.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from sudoku_repl.core import events as E
from sudoku_repl.core import modes
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import Event, NoCandidate, WentWrong
from sudoku_repl.core.geometry import Cell, Geometry, one_apart, values_of
from sudoku_repl.core.state import (
    FINISHED,
    GUESS_DUE,
    LOADED,
    SEARCHING,
    WRONG,
    EngineState,
    Frame,
)

if TYPE_CHECKING:
    from typing import Protocol

    class Recorded(Protocol):
        """What ``hand_values`` reads of the record (``history.History``, which imports this
        module: the type names what is read instead of importing it back)."""

        def run_mode(self, move: int) -> int: ...

        def choices_before(self, stop: int) -> list[tuple[int, tuple[Cell, int]]]: ...


#: the run mode a hand move is recorded under (out of reach of ``run-mode``)
HAND: Final = modes.HAND
#: the event kinds of hand moves
HAND_SET: Final = 50
HAND_REMOVED: Final = 51


class HandMove(NamedTuple):
    """A value set (HAND_SET) or a candidate removed (HAND_REMOVED) by hand at ``cell``."""

    kind: int
    step: int
    cell: Cell
    value: int


def register() -> None:
    """The hand moves' event kinds (their lines: ``views/technique_lines``)."""
    E.register_kind(HAND_SET, "set-by-hand", HandMove)
    E.register_kind(HAND_REMOVED, "removed-by-hand", HandMove)


def advance(engine: Engine, run_mode: int, choice: Choice) -> list[Event]:
    """One recorded move: a hand move under ``HAND``, else ``engine.advance``."""
    if run_mode == HAND:
        assert choice is not None
        return apply(engine, choice)
    return engine.advance(run_mode, choice)


def hand_values(history: Recorded, moves: int, values: Sequence[int]) -> dict[Cell, int]:
    """The cells whose value in ``values`` (the state after ``moves`` moves of the record) was
    set by hand, with it."""
    found: dict[Cell, int] = {}
    for m, (cell, value) in history.choices_before(moves):
        if history.run_mode(m) == HAND and value > 0 and values[cell] == value:
            found[cell] = value
    return found


def _unit_word(geo: Geometry, cell: Cell, peer: Cell) -> str:
    (r, c), (pr, pc) = geo.positions[cell], geo.positions[peer]
    if r == pr:
        return "row"
    if c == pc:
        return "column"
    return "block"


def check(state: EngineState, geo: Geometry, cell: Cell, value: int, remove: bool) -> None:
    """Refuse, with one line naming what is in the way, an edit that breaks a rule at once."""
    name = geo.cell_name(cell)
    if state.status is FINISHED:
        raise UserError(
            f"The search has ended (step {state.steps}): go back (goto, back) to a step before "
            f"its end to edit a cell"
        )
    held = state.values[cell]
    if held:
        raise UserError(f"{name} is filled already (it holds {held}): an edit needs an empty cell")
    if remove:
        if state.status is LOADED:
            raise UserError(
                "No candidates yet (they are worked out at step 1): step first, then remove one"
            )
        if not state.cands[cell] >> (value - 1) & 1:
            has = " ".join(str(v) for v in range(1, 10) if state.cands[cell] >> (v - 1) & 1)
            raise UserError(f"{value} is no candidate of {name} any more (it has {has or 'none'})")
        return
    for peer in geo.peers[cell]:
        if state.values[peer] == value:
            raise UserError(
                f"{name}={value} breaks a rule: {geo.cell_name(peer)} in its "
                f"{_unit_word(geo, cell, peer)} holds {value} already"
            )


def apply(engine: Engine, choice: tuple[Cell, int]) -> list[Event]:
    """Make the hand move ``choice`` in ``engine`` (checked already): one step."""
    cell, signed = choice
    remove, value = signed < 0, abs(signed)
    geo = engine.geo
    bit = 1 << (value - 1)
    steps = engine.steps + 1
    ev: list[Event] = [HandMove(HAND_REMOVED if remove else HAND_SET, steps, cell, value)]
    values, cands = list(engine.values), list(engine.cands)
    touched = [cell]
    status = engine.status
    if remove:
        cands[cell] &= ~bit
        if not cands[cell] and status is not LOADED:
            ev.append(NoCandidate(E.NO_CANDIDATE, steps, cell))
            status = WRONG
    else:
        values[cell], cands[cell] = value, 0
        for peer, in_block in geo.place_order[cell]:
            if cands[peer] & bit:
                cands[peer] &= ~bit
                touched.append(peer)
                if not cands[peer] and status is not LOADED and status is not WRONG:
                    ev.append(WentWrong(E.WENT_WRONG, steps, value, peer, in_block))
                    status = WRONG
        near = one_apart(value, geo.cyclic) if geo.apart else 0
        for peer in geo.apart[cell] if geo.apart else ():  # non-consecutive: beside it
            if cands[peer] & near:
                lost = cands[peer] & near
                cands[peer] &= ~near
                touched.append(peer)
                if not cands[peer] and status is not LOADED and status is not WRONG:
                    ev.append(WentWrong(E.WENT_WRONG, steps, values_of(lost)[0], peer, True))
                    status = WRONG
    if status is GUESS_DUE:  # the foremost cell may have changed: filter again
        status = SEARCHING
    frames = tuple(_edit_frame(f, geo, cell, value, remove) for f in engine.frames)
    engine.restore(
        EngineState(
            status,
            steps,
            engine.solutions,
            bytes(values),
            array("H", cands),
            frames,
            -1 if status is not GUESS_DUE else engine.pending,
        )
    )
    engine.touched = touched
    return ev


def _edit_frame(frame: Frame, geo: Geometry, cell: Cell, value: int, remove: bool) -> Frame:
    """The guess level with the edit made in the state it keeps, and its options still to try
    cleared of the value when its cell is a peer of a value placed."""
    bit = 1 << (value - 1)
    values, cands = bytearray(frame.values), array("H", frame.cands)
    options = frame.options
    if remove:
        cands[cell] &= ~bit
    else:
        values[cell], cands[cell] = value, 0
        for peer in geo.peers[cell]:
            cands[peer] &= ~bit
        if frame.cell in geo.peers[cell]:
            done = options[: frame.tried]
            options = done + tuple(v for v in options[frame.tried :] if v != value)
    return Frame(frame.cell, options, frame.tried, bytes(values), cands)

"""Event records: what a step did; ``render`` turns them into the original's lines.

An event is a small named tuple whose first field is its ``kind``, one of the numbers below
(a long search records millions of them, and ``history`` stores them compactly by this tuple
layout). One record per shape; kinds that share a shape share a record. Cells are 0-based
indices, units are indices into ``Geometry.units``.

==================  ==============================================================
kind                record
==================  ==============================================================
NO_CANDIDATE        NoCandidate(kind, step, cell)
WENT_WRONG          WentWrong(kind, step, value, cell, in_block)
COMPLETE            UnitShrunk(kind, step, unit)
REMOVED             Removal(kind, technique 1|2|3, value, cell)     1GW / 2GW / 3GW lines
CELSET              CelSet(kind, cells, values)                     after a 2GW removal
INCOMPLETE          UnitShrunk(kind, step, unit)
PLY                 UnitShrunk(kind, step, unit)                    never on consistent grids
GUESS               Guess(kind, step, cell, level, tried, out_of)
FORWARD / UPWARD    Guess(kind, step, cell, level, tried, out_of)
NO_MORE             Outcome(kind, step, solution_sum, grid)
SOLUTION            Outcome(kind, step, solution_sum, grid)
==================  ==============================================================

Techniques add kinds (numbers from ``FIRST_ADDED_KIND`` on) with records of their own, kept in
their modules. Being tuples, records equal the plain tuples of their layout. The native core
(``csrc/``) makes the original's records itself, with the same numbers.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, TypeGuard

from sudoku_repl.core.geometry import Cell

#: any event record: one of those below, or an added technique's (its kind comes first too)
Event = tuple[Any, ...]

NO_CANDIDATE: Final = 0
WENT_WRONG: Final = 1
COMPLETE: Final = 2
REMOVED: Final = 3
CELSET: Final = 4
INCOMPLETE: Final = 5
PLY: Final = 6
GUESS: Final = 7
FORWARD: Final = 8
UPWARD: Final = 9
NO_MORE: Final = 10
SOLUTION: Final = 11

GUESS_KINDS: Final = (GUESS, FORWARD, UPWARD)

#: kinds from here on belong to techniques added after the original (see ``render.RENDERERS``)
FIRST_ADDED_KIND: Final = 20


class NoCandidate(NamedTuple):
    """An empty cell has no candidate left."""

    kind: int
    step: int
    cell: Cell


class WentWrong(NamedTuple):
    """Placing ``value`` took the last candidate of ``cell``, a peer in its row or column, or
    (``in_block``) in its block only."""

    kind: int
    step: int
    value: int
    cell: Cell
    in_block: bool


class UnitShrunk(NamedTuple):
    """grp completed a unit (COMPLETE) or shrank it (INCOMPLETE), or ply shrank a line (PLY)."""

    kind: int
    step: int
    unit: int


class Removal(NamedTuple):
    """1GW, 2GW or 3GW (``technique``) took ``value`` from the candidates of ``cell``."""

    kind: int
    technique: int
    value: int
    cell: Cell


class CelSet(NamedTuple):
    """The cells and values of the hidden subset a 2GW removal found."""

    kind: int
    cells: tuple[Cell, ...]
    values: tuple[int, ...]


class Guess(NamedTuple):
    """A new guess (GUESS) or the next candidate of a level (FORWARD; UPWARD after levels below
    were given up): candidate number ``tried`` of the ``out_of`` at ``cell``, guess level
    ``level``."""

    kind: int
    step: int
    cell: Cell
    level: int
    tried: int
    out_of: int


class Outcome(NamedTuple):
    """A solution found (SOLUTION) or the search exhausted (NO_MORE), with the solutions found
    so far and the grid as it stands."""

    kind: int
    step: int
    solution_sum: int
    grid: bytes


#: One union of named records: every event kind, by number, with its name (a word of its own,
#: for text) and its record. The original's are here; a technique adds its kinds with
#: ``register_kind`` from its ``register()``. The text codec (``text/event_text.py``) is
#: derived from it: the name, then the record's fields by name and type.
KINDS: dict[int, tuple[str, type[tuple[Any, ...]]]] = {
    NO_CANDIDATE: ("no-candidate", NoCandidate),
    WENT_WRONG: ("went-wrong", WentWrong),
    COMPLETE: ("complete", UnitShrunk),
    REMOVED: ("removed", Removal),
    CELSET: ("celset", CelSet),
    INCOMPLETE: ("incomplete", UnitShrunk),
    PLY: ("ply", UnitShrunk),
    GUESS: ("guess", Guess),
    FORWARD: ("forward", Guess),
    UPWARD: ("upward", Guess),
    NO_MORE: ("no-more", Outcome),
    SOLUTION: ("solution", Outcome),
}


def register_kind(kind: int, name: str, record: type[tuple[Any, ...]]) -> None:
    """An added technique's event kind (from ``FIRST_ADDED_KIND`` on): its name and record,
    whose first field is ``kind``. Registering the same again changes nothing."""
    known = KINDS.get(kind)
    if known is not None and known != (name, record):
        raise ValueError(f"event kind {kind} is {known[0]} already")
    if kind < FIRST_ADDED_KIND or getattr(record, "_fields", ("",))[0] != "kind":
        raise ValueError(f"event kind {kind} ({name}): added kinds start at {FIRST_ADDED_KIND}")
    KINDS[kind] = (name, record)


def is_new_guess(event: Event) -> TypeGuard[Guess]:
    """A new guess, not a Forward or Upward one (what levels and ratings count)."""
    return isinstance(event, Guess) and event.kind == GUESS


def is_guess(event: Event) -> TypeGuard[Guess]:
    """Any guess line: a new guess, or a Forward or Upward one (the value a level tries)."""
    return isinstance(event, Guess) and event.kind in GUESS_KINDS


def is_solution(event: Event) -> TypeGuard[Outcome]:
    return isinstance(event, Outcome) and event.kind == SOLUTION


def is_no_more(event: Event) -> TypeGuard[Outcome]:
    return isinstance(event, Outcome) and event.kind == NO_MORE

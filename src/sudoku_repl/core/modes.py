"""Run modes: which filters a searching step runs, or a whole strategy for that step.

docs/engine.md's modes: 1 = grp only, 2 = ply only, anything else = grp then ply. Later techniques
register further modes here from their own modules (``register_filters`` for a filter chain run
in place of grp/ply, ``register_strategy`` for a mode that takes over the searching step).

A *filter* is ``filter(engine, events) -> filters.Result`` working on the engine's live lists
(it must list the cells it changes in ``engine.touched``). A *strategy* is
``strategy(engine, events) -> None`` doing one move from SEARCHING; it sets the engine's status
itself (``Engine.filtered`` applies the usual outcome of a filter result; ``Engine.place`` and
``Engine.solved`` place a value and report a solution). Both see the engine as ``Searching``,
the part of it a run mode works on: the engine looks its run mode up here, so nothing here
names the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from sudoku_repl.core import filters
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell, Geometry, Mask
from sudoku_repl.core.state import Status


class Searching(Protocol):
    """What a filter or a strategy works on and calls: the engine (``engine.Engine``) seen from
    its run mode."""

    geo: Geometry
    values: list[int]
    cands: list[Mask]
    steps: int
    status: Status
    pending: Cell
    #: the cells the move may have changed, and those changed since grp last looked
    touched: list[Cell]
    changed: list[Cell]
    memo: filters.Memo

    def foremost(self) -> tuple[Cell, int]: ...

    def place(self, cell: Cell, value: int, ev: list[Event]) -> bool: ...

    def solved(self, ev: list[Event]) -> None: ...


Filter = Callable[[Searching, list[Event]], filters.Result]
Strategy = Callable[[Searching, list[Event]], None]


def grp(engine: Searching, ev: list[Event]) -> filters.Result:
    return filters.grp(
        engine.geo,
        engine.values,
        engine.cands,
        engine.steps,
        ev,
        engine.touched,
        engine.memo,
        engine.changed,
    )


def ply(engine: Searching, ev: list[Event]) -> filters.Result:
    return filters.ply(engine.geo, engine.values, engine.cands, engine.steps, ev, engine.touched)


#: the run mode a hand move (a what-if edit, ``core/hand.py``) is recorded under: no mode a user
#: can pick (``check`` refuses it), a constant here so that the replay loops compare with it
HAND: Final = 255

DEFAULT: tuple[Filter, ...] = (grp, ply)
FILTERS: dict[int, tuple[Filter, ...]] = {0: DEFAULT, 1: (grp,), 2: (ply,)}
STRATEGIES: dict[int, Strategy] = {}
#: what ``run-mode`` says of each mode beyond the original three
DESCRIPTIONS: dict[int, str] = {}


def register_filters(mode: int, chain: tuple[Filter, ...], description: str) -> None:
    FILTERS[mode] = chain
    DESCRIPTIONS[mode] = description


def register_strategy(mode: int, strategy: Strategy, description: str) -> None:
    STRATEGIES[mode] = strategy
    DESCRIPTIONS[mode] = description


def known(mode: int) -> bool:
    return mode in FILTERS or mode in STRATEGIES


def names() -> list[int]:
    """Every mode there is, in order."""
    return sorted({*FILTERS, *STRATEGIES})


#: what the original's three modes do, in the words of its ``run-mode`` line
ORIGINAL: dict[int, str] = {0: "grp and ply", 1: "grp only", 2: "ply only"}


def check(mode: int) -> None:
    """Refuse a mode that is not registered, with one line naming those that are and what each
    does."""
    if not known(mode):
        raise UserError(f"There is no run mode {mode}. The run modes: {listing()}.")


def listing() -> str:
    """Every mode and what it does, in one line: ``0 grp and ply; 1 grp only; ...``."""
    return "; ".join(f"{m} {description(m)}" for m in names())


def description(mode: int) -> str:
    """What a registered mode does: the original's words for its three, else the words it was
    registered with."""
    return ORIGINAL.get(mode) or DESCRIPTIONS.get(mode, "")


def filters_of(mode: int) -> tuple[Filter, ...]:
    """The filter chain of a registered mode."""
    return FILTERS[mode]

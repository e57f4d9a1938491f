"""How a walk through the search stopped (``Session.walk``): the stepping loop returns one of
these instead of calling up into whoever drives it.

``Done``: it reached what it was asked for (one step, the solutions, the step count, the end of
the search, ``until``). ``AtBreakpoint``: enabled breakpoints were met at the state of a step.
``Interrupted``: the interrupt poll said stop, at the state of a step. ``GuessDue``: in guess
mode a new guess is due; the walk is paused inside its step until it is given an answer
(``Walk.answer``) or called off (``Session.abort``).

Frozen attrs classes, not named tuples: two outcomes of different kinds are never equal.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from sudoku_repl.core.breakpoints import Breakpoint
from sudoku_repl.core.geometry import Cell


@attrs.frozen
class Done:
    """The walk reached its end."""


@attrs.frozen
class AtBreakpoint:
    """Stopped at the state of a step that meets these breakpoints."""

    hits: tuple[Breakpoint, ...]


@attrs.frozen
class Interrupted:
    """Stopped at the state of a step because the interrupt poll said so."""


@attrs.frozen
class GuessDue:
    """A new guess is due: the question offers ``value`` at ``cell`` (the recorded answer, else
    the engine's default)."""

    cell: Cell
    value: int


Outcome: TypeAlias = Done | AtBreakpoint | Interrupted | GuessDue

DONE = Done()
INTERRUPTED = Interrupted()

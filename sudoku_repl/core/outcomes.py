"""How a walk through the search stopped (``Session.walk``): the stepping loop returns one of
these instead of calling up into whoever drives it.

``Done``: it reached what it was asked for (one step, the solutions, the step count, the end of
the search, ``until``). ``AtBreakpoint``: enabled breakpoints were met at the state of a step.
``Interrupted``: the interrupt poll said stop, at the state of a step. ``GuessDue``: in guess
mode a new guess is due; the walk is paused inside its step until it is given an answer
(``Walk.answer``) or called off (``Session.abort``).
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from sudoku_repl.core.breakpoints import Breakpoint
from sudoku_repl.core.geometry import Cell


class Done(NamedTuple):
    """The walk reached its end."""


class AtBreakpoint(NamedTuple):
    """Stopped at the state of a step that meets these breakpoints."""

    hits: tuple[Breakpoint, ...]


class Interrupted(NamedTuple):
    """Stopped at the state of a step because the interrupt poll said so."""


class GuessDue(NamedTuple):
    """A new guess is due: the question offers ``value`` at ``cell`` (the recorded answer, else
    the engine's default)."""

    cell: Cell
    value: int


Outcome: TypeAlias = Done | AtBreakpoint | Interrupted | GuessDue

DONE = Done()
INTERRUPTED = Interrupted()

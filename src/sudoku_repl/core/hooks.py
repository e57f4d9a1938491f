"""What a stepping command hears and is asked while the session steps (``Hooks``), and hooks
that hear nothing (``Quiet``). The stepping loop (``core/stepping.py``) calls them; the command
layer implements them (``commands/session_hooks.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from sudoku_repl.core.engine import Choice
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell


class Hooks(Protocol):
    """What a running command needs from whoever drives it."""

    def events(self, events: Sequence[Event]) -> None:
        """Trace events, as soon as they happen."""

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        """A new guess is due in interactive mode: return the pick (None = the default), or
        raise ``GuessAborted``."""

    def interrupted(self) -> bool:
        """True when the user asked to stop (polled between steps; it changes nothing).

        Hooks may also have ``tick()``: the stepping loop calls it right before each interrupt
        poll, for whatever the driver does while work goes on (a progress line), but those
        between the units of one call to the native core's fast path (a trace's: the session is
        whole only between its calls, where the tick comes); and ``kinds``:
        the event kinds ``events`` reads (absent or None: every kind). The others may then be
        left out of what it is given (the native core makes only those); and ``per_move``: when
        true, ``events`` is given each move's events right after that move, the engine's
        candidates still those the move left (the standard names read them: a naked set's
        size); absent or false, the events of several moves may come at once (the native
        core's fast path)."""


class Quiet:
    """Hooks that swallow the trace. Guess questions and the interrupt poll go to ``inner``;
    without one, every guess takes the default and nothing interrupts. A subclass that reads
    events says which (``kinds``)."""

    @property
    def kinds(self) -> tuple[int, ...] | None:
        """The event kinds ``events`` reads (``Hooks.kinds``): none, unless a subclass reads
        events; then every kind, until it says which (a class attribute ``kinds``)."""
        return () if type(self).events is Quiet.events else None

    def __init__(self, inner: Hooks | None = None) -> None:
        self.inner = inner
        #: the inner hooks' ``tick``, if they have one (None: the loop calls nothing)
        self.tick: Callable[[], None] | None = getattr(inner, "tick", None)

    def events(self, events: Sequence[Event]) -> None:
        pass

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        return None if self.inner is None else self.inner.ask_guess(cell, value)

    def interrupted(self) -> bool:
        return self.inner is not None and self.inner.interrupted()


class Stopped(Exception):
    """Ctrl-C during long work beside the search (the replay page made, a file written, the
    record's drop of its older half): the command stops, and what it was making is dropped
    (``between``)."""


def between(hooks: Hooks | None) -> None:
    """Called between two pieces of long work beside the search: ``hooks.tick()`` (where the
    hooks have one, for the progress line), then ``Stopped`` once ``hooks.interrupted()``; no
    hooks, nothing."""
    if hooks is None:
        return
    tick = getattr(hooks, "tick", None)
    if tick is not None:
        tick()
    if hooks.interrupted():
        raise Stopped

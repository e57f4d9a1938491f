"""The run's time, as ``Run time: ... milliseconds`` says it: the search's time, not the time
spent waiting for the person (at the pager's ``MORE`` line, at the guess question).

One ``RunTimer`` per ``Repl``, on its injected clock: whoever waits for a key measures the
wait with ``waiting()`` (the guess question here, the shell's pager there), and ``now()`` is
the clock less every wait so far, so the time between two readings of ``now()`` is the work
between them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class RunTimer:
    """``clock``: seconds, any origin (the Repl's, injected by tests); ``waited``: the seconds
    spent waiting for the person so far."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.waited = 0.0

    def now(self) -> float:
        """The clock less the waits: what a run's time is measured on."""
        return self.clock() - self.waited

    @contextmanager
    def waiting(self) -> Iterator[None]:
        """Around a wait for the person: its time is left out of ``now``."""
        began = self.clock()
        try:
            yield
        finally:
            self.waited += self.clock() - began

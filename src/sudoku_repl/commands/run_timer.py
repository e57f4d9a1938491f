"""The run's time, as ``Run time: ... milliseconds`` says it: the search's time, not the time
spent waiting for the person (at the pager's ``MORE`` line, at the guess question).

One ``RunTimer`` per ``Repl``, on its injected clock: whoever waits for a key measures the
wait with ``waiting()`` (the guess question here, the shell's pager there), and ``now()`` is
the clock less every wait so far, so the time between two readings of ``now()`` is the work
between them.
"""

from __future__ import annotations

import time

TYPE_CHECKING = False  # not typing's: start-up imports neither typing nor contextlib
if TYPE_CHECKING:
    from collections.abc import Callable


class RunTimer:
    """``clock``: seconds, any origin (the Repl's, injected by tests); ``waited``: the seconds
    spent waiting for the person so far."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.waited = 0.0

    def now(self) -> float:
        """The clock less the waits: what a run's time is measured on."""
        return self.clock() - self.waited

    def waiting(self) -> _Waiting:
        """Around a wait for the person: its time is left out of ``now``."""
        return _Waiting(self)


class _Waiting:
    """``RunTimer.waiting``'s block (a plain class: start-up does without ``contextlib``)."""

    def __init__(self, timer: RunTimer) -> None:
        self._timer = timer
        self._began = 0.0

    def __enter__(self) -> None:
        self._began = self._timer.clock()

    def __exit__(self, *exc_info: object) -> None:
        self._timer.waited += self._timer.clock() - self._began

"""A line of progress on the terminal while a command works silently (``goto`` far ahead,
``bisect level max`` on a long search, ``whatif guesses``): steps done (or what the command says
it is at), time spent, how to stop. It appears once the command has printed nothing for half a
second and goes before the next line is printed."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

QUIET = 0.5  # seconds without output before the line appears
EVERY = 0.2  # seconds between redraws


class ProgressLine:
    """The session hooks' ``tick`` (called between steps): draws the line when due."""

    def __init__(
        self,
        steps: Callable[[], int | str | None],
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._steps = steps
        self._stream = stream or sys.stderr
        self._clock = clock
        self._started = self._last_output = self._drawn_at = clock()
        self._shown = False

    def begin(self) -> None:
        """A command starts."""
        self._started = self._last_output = self._clock()

    def printed(self) -> None:
        """A line of output is about to be printed: take the progress line away first."""
        self.clear()
        self._last_output = self._clock()

    def clear(self) -> None:
        if self._shown:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
            self._shown = False

    def tick(self) -> None:
        now = self._clock()
        if now - self._last_output >= QUIET and now - self._drawn_at >= EVERY:
            seconds = now - self._started
            steps = self._steps()  # None: no quiz (generate works without one)
            if steps is None:
                done = ""
            elif isinstance(steps, str):  # what a command beside the search is at (``whatif``)
                done = f"{steps}, "
            else:
                done = f"{steps:,} steps, "
            self._stream.write(f"\r\x1b[K{done}{seconds:.1f} s (Ctrl-C stops)")
            self._stream.flush()
            self._shown, self._drawn_at = True, now

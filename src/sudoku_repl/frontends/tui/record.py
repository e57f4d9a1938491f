"""The record of what the commands printed on the full screen: the trace pane's model.

Lines come from the worker thread (the ``Repl``'s ``Output``) and are read by the event loop (the
pane draws the lines it shows), so every access takes the lock. The oldest lines go when there
are more than ``limit``; a line keeps its *number* (counted from the first line ever written), so
a position in the record stays on its line when older lines go.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

#: the trace keeps this many lines (the oldest go first)
TRACE_LIMIT = 20_000


class TraceRecord:
    """The ``Repl``'s output on the full screen: every line kept (up to ``limit``) for the trace
    pane; ``changed`` is called (in the writing thread) after each line."""

    colour = False  # the board command's lines in the trace: plain characters

    def __init__(self, limit: int = TRACE_LIMIT) -> None:
        self.limit = limit
        self.changed: Callable[[], None] = lambda: None
        self._lines: list[str] = []
        self._first = 0  # the number of the first line kept: the lines dropped so far
        self._lock = threading.Lock()

    def message(self, line: str) -> None:
        with self._lock:
            self._lines.extend(line.split("\n"))
            excess = len(self._lines) - self.limit
            if excess > 0:
                drop = max(excess, self.limit // 10)  # seldom: a tenth at a time
                del self._lines[:drop]
                self._first += drop
        self.changed()

    error = message

    @property
    def lines(self) -> list[str]:
        """A copy of the lines kept."""
        with self._lock:
            return list(self._lines)

    def text(self) -> str:
        with self._lock:
            return "\n".join(self._lines)

    def span(self) -> tuple[int, int]:
        """The numbers of the first line kept and of the line after the last."""
        with self._lock:
            return self._first, self._first + len(self._lines)

    def line(self, number: int) -> str:
        """The line of that number; the empty string when it is not kept (dropped meanwhile)."""
        with self._lock:
            index = number - self._first
            return self._lines[index] if 0 <= index < len(self._lines) else ""

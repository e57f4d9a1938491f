"""Progress of a long command, for a client that reports it (``supportsProgressReporting``):
``progressStart`` once the command has run for ``QUIET`` seconds, ``progressUpdate`` every
``EVERY`` seconds (the steps done, as the shell's progress line counts them), ``progressEnd``
when it ends. The start says it can be cancelled: ``cancel`` is ``pause``."""

from __future__ import annotations

import time
from collections.abc import Callable

from sudoku_repl.frontends.dap.connection import Connection

QUIET = 0.5  # seconds of work before progress is reported
EVERY = 0.5  # seconds between updates


class Progress:
    """``doing()`` says what the work is at (steps, or a command's own words; None: nothing)."""

    def __init__(self, conn: Connection, doing: Callable[[], int | str | None]) -> None:
        self.conn = conn
        self.doing = doing
        self.wanted = False  # the client reports progress
        self._count = 0
        self.shown: str | None = None  # the progressId shown, while the command runs
        self._began = self._updated = 0.0
        self._running = False

    def begin(self) -> None:
        self._running = True
        self._began = time.monotonic()

    def tick(self) -> None:
        if not (self.wanted and self._running):
            return
        now = time.monotonic()
        if self.shown is None:
            if now - self._began >= QUIET:
                self._count += 1
                self.shown = f"sudoku-repl-{self._count}"
                self._updated = now
                self.conn.event(
                    "progressStart",
                    {"progressId": self.shown, "title": "Searching", "cancellable": True,
                     "message": self._message(now)},
                )  # fmt: skip
        elif now - self._updated >= EVERY:
            self._updated = now
            self.conn.event(
                "progressUpdate", {"progressId": self.shown, "message": self._message(now)}
            )

    def end(self) -> None:
        self._running = False
        if self.shown is not None:
            self.conn.event("progressEnd", {"progressId": self.shown})
            self.shown = None

    def _message(self, now: float) -> str:
        doing = self.doing()
        done = "" if doing is None else doing if isinstance(doing, str) else f"{doing:,} steps"
        return f"{done}{', ' if done else ''}{now - self._began:.1f} s (pause stops)"

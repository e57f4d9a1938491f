"""The shell's output in the web page (``web_shell.run_page``, docs/web.md "Speed"): what it
prints is gathered here, in Python, and handed to the worker's stream (the page's terminal) in
one write at most every ``GATHERING`` seconds while more comes, and all of it at once before
anything else goes to the page (``drain``): at each prompt, before each message, before the
progress line. In the page a write to the worker's stream leaves WebAssembly for JavaScript,
some microseconds each; a traced run prints a line per step, a write each (the shell flushes
every line, as a terminal's must): gathered, a run of the seed is one write, not some 250.

The first flush after a quiet spell hands on at once (a line printed before a long silent
search shows), and nothing waits longer than until the next flush, the next message or the
prompt."""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from typing import TextIO

#: seconds the shell's output is gathered at most while more comes
GATHERING = 0.015
#: characters gathered at most
GATHERED = 16384


class PageOutput(io.StringIO):
    """``sys.stdout`` in the page: written to as a string (C's speed), handed on to ``stream``
    (the worker's) by ``drain``, which a flush calls once ``GATHERING`` seconds have gone by
    since the last hand-on or ``GATHERED`` characters wait."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.stream = stream
        self._clock = clock
        self._handed = -GATHERING  # (the first flush hands on at once)

    def flush(self) -> None:
        now = self._clock()
        if now - self._handed >= GATHERING or self.tell() >= GATHERED:
            self.drain(now)

    def drain(self, now: float | None = None) -> None:
        """Hands on all that is gathered (nothing: no write)."""
        if self.tell():
            text = self.getvalue()
            self.seek(0)
            self.truncate()
            self.stream.write(text)
            self.stream.flush()
        self._handed = self._clock() if now is None else now

    def isatty(self) -> bool:
        return self.stream.isatty()


class DrainedFirst(io.TextIOBase):
    """``sys.stderr`` in the page (the progress line): what ``output`` gathered goes first, so
    that the two streams keep their order in the terminal."""

    def __init__(self, stream: TextIO, output: PageOutput) -> None:
        super().__init__()
        self.stream = stream
        self.output = output

    def write(self, text: str) -> int:
        self.output.drain()
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

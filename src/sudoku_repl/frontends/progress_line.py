"""A line of progress on the terminal while a command works silently (``goto`` far ahead,
``bisect level max`` on a long search, ``whatif guesses``): steps done (or what the command says
it is at), time spent, how to stop. It appears once the command has printed nothing for half a
second and goes before the next line is printed.

It is redrawn in place (``\\r``, erase the line), which takes back one row only: a line wider
than the terminal would wrap and leave a copy of its first rows at each redraw, so it is cut to
the terminal's width (``fitted``), the width asked at each redraw (a terminal resized, a page's
terminal of some 50 columns on a phone)."""

from __future__ import annotations

import shutil
import sys
import time
import unicodedata
from collections.abc import Callable
from typing import TextIO

QUIET = 0.5  # seconds without output before the line appears
EVERY = 0.2  # seconds between redraws
#: what ends the part of the line cut short
CUT = "…"


def terminal_columns() -> int:
    """The terminal's width (``COLUMNS`` first: the page sets it to its terminal's)."""
    return shutil.get_terminal_size().columns


def cells(text: str) -> int:
    """The columns ``text`` takes on a terminal: two a wide character (East Asian wide or
    full-width), none a combining one, one any other."""
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
        for char in text
    )


def _cut(text: str, room: int) -> str:
    """``text`` in at most ``room`` cells (one at least): its start then ``CUT`` where it is
    wider."""
    if cells(text) <= room:
        return text
    kept, width = [], cells(CUT)
    for char in text:
        width += cells(char)
        if width > room:
            break
        kept.append(char)
    return "".join(kept) + CUT


def fitted(doing: str, tail: str, columns: int) -> str:
    """``doing`` (what the command is at; "": nothing to say), a comma, then ``tail`` (the time,
    how to stop) in ``columns`` cells less two: a Ctrl-C pressed while the command works is
    echoed after the line by the terminal (``^C``), and stays in the line's row only there
    (the row then cleared takes it away). ``doing`` is cut first, the time kept (it shows the
    work goes on); on a terminal too narrow for the time, the whole line."""
    room = max(columns - 2, 1)
    if not doing:
        return _cut(tail, room)
    joined = f", {tail}"
    if cells(doing) + cells(joined) <= room:
        return doing + joined
    if cells(CUT + joined) > room:
        return _cut(doing + joined, room)
    return _cut(doing, room - cells(joined)) + joined


class ProgressLine:
    """The session hooks' ``tick`` (called between steps): draws the line when due, cut to
    ``columns()`` (the terminal's width)."""

    def __init__(
        self,
        steps: Callable[[], int | str | None],
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        columns: Callable[[], int] = terminal_columns,
    ) -> None:
        self._steps = steps
        self._stream = stream or sys.stderr
        self._clock = clock
        self._columns = columns
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
                done = steps
            else:
                done = f"{steps:,} steps"
            line = fitted(done, f"{seconds:.1f} s (Ctrl-C stops)", self._columns())
            self._stream.write(f"\r\x1b[K{line}")
            self._stream.flush()
            self._shown, self._drawn_at = True, now

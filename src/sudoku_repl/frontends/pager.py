"""Paging, as gdb does it: in the interactive shell, a command's output longer than the screen
stops at ``MORE`` and waits for one key: RET (or any other key) one more screen, ``q`` (or
Ctrl-C, Ctrl-D) no more of this command's output, ``c`` the rest without stopping. A run that
stops there (or by a Ctrl-C while its output was paged) still says so: the stop's own lines
(``Interrupted at step N.``, the show block, the timing lines) are never held back.

``Pager`` is the logic (rows counted, what a key does) with the screen's size and the key read
given to it; ``read_key`` reads one key from the terminal. The shell makes a pager only when
both its input and its output are a terminal: batch mode, ``-c``, ``-x``, a pipe and the full
screen never page.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

from sudoku_repl.commands.stop_lines import STOPS
from sudoku_repl.frontends.terminal_mode import TerminalMode

MORE = "--Type <RET> for more, q to quit, c to continue without paging--"
#: the keys at the ``MORE`` line that quit (Ctrl-C and Ctrl-D too) and continue; any other: more
QUIT = frozenset({"q", "Q", "\x03", "\x04", ""})
CONTINUE = frozenset({"c", "C"})

#: an escape sequence takes no room on the screen (``board``'s colours)
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


class Pager:
    """Between ``begin`` and ``end`` (one command), ``admit(line)`` says whether a line is
    printed: before the line that would push the first of this screen's off it, ``ask`` shows
    ``MORE`` and returns the key typed. ``rows``: the screen's height in lines (0 or less:
    unlimited, no paging); ``columns``: its width (a longer line takes more rows); ``quit``:
    called when the user quits (the shell stops a run there, as Ctrl-C does); ``waiting``:
    around each wait for the key (the Repl's ``timer.waiting``: a run's time leaves it out);
    ``stopping``: whether a Ctrl-C already asked the run to stop (the interrupt flag): then
    ``MORE`` is not shown, the rest of the trace is dropped, and the stop's lines follow.

    A line that says why a run stopped (``stop_lines.STOPS``) is always printed, and what the
    command prints after it (the show block, the timing lines) is not paged: whatever the
    pager held back, the user sees where the run is."""

    def __init__(
        self,
        rows: Callable[[], int],
        columns: Callable[[], int],
        ask: Callable[[], str],
        quit: Callable[[], None] = lambda: None,
        waiting: Callable[[], AbstractContextManager[None]] = nullcontext,
        stopping: Callable[[], bool] = lambda: False,
    ) -> None:
        self.rows = rows
        self.waiting = waiting
        self.columns = columns
        self.ask = ask
        self.quit = quit
        self.stopping = stopping
        self.used = 0  # rows printed since the screen began
        self.paging = False  # between begin and end, until c
        self.quitted = False  # q: nothing more until end

    def begin(self) -> None:
        """A command starts: its screen begins empty (the prompt and the line typed scroll off
        with the first page, as in gdb)."""
        self.used, self.paging, self.quitted = 0, True, False

    def end(self) -> None:
        """The command ended: what is printed now (the next prompt) is never held back."""
        self.paging, self.quitted = False, False

    def answered(self) -> None:
        """The user typed (the guess question): the screen begins again."""
        self.used = 0

    def admit(self, line: str) -> bool:
        """Whether ``line`` is printed (after asking, when the screen is full)."""
        if line.startswith(STOPS):  # the run stopped: that, and what follows, is always seen
            self.quitted = self.paging = False
            return True
        if self.quitted:
            return False
        page = self.rows() if self.paging else 0
        if page <= 0:
            return True
        needed = rows_of(line, self.columns())
        if self.used and self.used + needed > page - 1:  # the last row shows MORE
            if self.stopping():  # Ctrl-C came first: no question, the stop's lines follow
                self.quitted = True
                return False
            with self.waiting():  # the person's time, not the run's
                key = self.ask()
            if key in QUIT:
                self.quitted = True
                self.quit()
                return False
            if key in CONTINUE:
                self.paging = False
                return True
            self.used = 0
        self.used += needed
        return True


def rows_of(line: str, columns: int) -> int:
    """How many rows of a screen ``columns`` wide ``line`` takes (an empty line one)."""
    width = len(_ESCAPE.sub("", line))
    return max(1, -(-width // max(columns, 1)))


def read_key(mode: TerminalMode, stopping: Callable[[], bool] = lambda: False) -> str:
    """Show ``MORE``, read one key from the terminal (unechoed, Ctrl-C a plain key), then take
    the line away; ``""`` when the terminal is gone. The terminal is held before ``MORE`` is
    shown, and a Ctrl-C that came as a signal before that (``stopping``) is the key: a Ctrl-C
    pressed as ``MORE`` appears is never lost while the pager waits for another key."""
    out = sys.stdout
    mode.hold()
    if stopping():
        mode.running()
        return "\x03"
    out.write(MORE)
    out.flush()
    try:  # a key's whole escape sequence at once (an arrow key is one key, not three)
        typed = os.read(sys.stdin.fileno(), 32).decode("latin-1")
        # a Ctrl-C typed right after the key (read with it) is not lost: it stops the run
        key = "\x03" if "\x03" in typed else typed[:1]
    except OSError:
        key = ""
    finally:
        mode.running()
        out.write("\r\x1b[K")
        out.flush()
    return key


def page_rows(pagination: bool, height: int | None, terminal: Callable[[], int]) -> int:
    """The lines of a page (``set pagination``, ``set height``: None the ``terminal``'s
    height); 0: no paging."""
    if not pagination:
        return 0
    return terminal() if height is None else height

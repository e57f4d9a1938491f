"""The terminal's own mode, kept at start and put back before each command.

prompt_toolkit puts the terminal in raw mode while it reads a line. A terminal that never answers
its cursor-position request (a bare pty, ``script``, some IDE and web terminals) could be left in
raw mode after the prompt, where Ctrl-C is a plain byte and a long run cannot be stopped. Commands
therefore run in the mode the terminal had when the shell started: canonical input, Ctrl-C a
signal (the run loop's interrupt flag).
"""

from __future__ import annotations

import os
import sys
from typing import Any


class TerminalMode:
    """Keeps the attributes of stdin's terminal; ``restore()`` puts them back (nothing happens
    when stdin is not a terminal or the platform has no termios)."""

    def __init__(self, fd: int | None = None) -> None:
        self._fd: int | None = None
        self._saved: list[Any] | None = None
        try:
            import termios
        except ImportError:
            return  # no termios on this platform: nothing to keep
        try:
            fd = sys.stdin.fileno() if fd is None else fd
            self._saved = termios.tcgetattr(fd)
            self._fd = fd
        except (termios.error, OSError, ValueError, AttributeError):
            pass  # not a terminal (pipe input in tests): nothing to keep

    def restore(self) -> None:
        if self._fd is None or self._saved is None:
            return
        import termios

        try:
            termios.tcsetattr(self._fd, termios.TCSANOW, self._saved)
        except (termios.error, OSError):
            pass


def answers_cpr(fd_in: int, fd_out: int, timeout: float = 0.2) -> bool:
    """Whether the terminal answers a cursor-position request (``ESC [ 6 n``) within ``timeout``.

    prompt_toolkit asks at every prompt; a terminal that never answers makes it wait, warn, and
    drop what was typed meanwhile. Asked once here, before any prompt, the shell can tell
    prompt_toolkit not to ask (``PROMPT_TOOLKIT_NO_CPR``). Keys typed during the probe are
    read as part of it."""
    import select
    import termios
    import time
    import tty

    try:
        saved = termios.tcgetattr(fd_in)
    except (termios.error, OSError):
        return False
    try:
        tty.setcbreak(fd_in, termios.TCSANOW)  # no echo of the answer, no line buffering
        os.write(fd_out, b"\x1b[6n")
        deadline = time.monotonic() + timeout
        answer = b""
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([fd_in], [], [], left)
            if not ready:
                break
            answer += os.read(fd_in, 64)
            if b"\x1b[" in answer and answer.endswith(b"R"):
                return True
        return False
    except OSError:
        return False
    finally:
        termios.tcsetattr(fd_in, termios.TCSANOW, saved)

"""The terminal's own mode, kept at start and put back before each command.

prompt_toolkit puts the terminal in raw mode while it reads a line. A terminal that never answers
its cursor-position request (a bare pty, ``script``, some IDE and web terminals) could be left in
raw mode after the prompt, where Ctrl-C is a plain byte and a long run cannot be stopped. Commands
therefore run in the mode the terminal had when the shell started: canonical input, Ctrl-C a
signal (the run loop's interrupt flag), and (``running``) no output thrown away by a Ctrl-C.

From the shell's start to its first prompt the terminal is held in the mode prompt_toolkit reads
in (``hold``): what the user types while the shell starts waits, unechoed and byte for byte
(Ctrl-C, Ctrl-D and Tab as keys, not as the terminal's signal, end of file and line editing),
for the first prompt to read as typed there.
"""

from __future__ import annotations

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

    @property
    def kept(self) -> bool:
        """Whether stdin is a terminal whose mode is kept (and can be changed)."""
        return self._saved is not None

    def hold(self) -> None:
        """Keys typed from now on wait in the terminal's queue, unechoed, each byte as typed:
        the kept mode with prompt_toolkit's raw-mode changes (no echo, no line editing, no
        signal keys, no flow control, no translation of Enter), output left as it is."""
        self._raw(signals=False)

    def arm(self) -> bytes:
        """Ctrl-C a signal from now on, and the bytes typed before, which wait in the
        terminal's queue, taken from it and returned: a Ctrl-C among them came while the
        terminal was held or raw, a plain byte (the shell reads them as keys: its prompt loop).
        Held as ``hold`` holds it, with the signal keys on; ``running`` comes next."""
        if self._fd is None or self._saved is None:
            return b""
        import os

        self._raw(signals=True, wait=False)
        late = []
        while True:  # (no byte waits for another: the mode reads what is there, or nothing)
            try:
                data = os.read(self._fd, 4096)
            except OSError:
                break
            if not data:
                break
            late.append(data)
        return b"".join(late)

    def _raw(self, signals: bool, wait: bool = True) -> None:
        """The kept mode with prompt_toolkit's raw-mode changes; ``signals``: the signal keys
        kept (Ctrl-C a signal); ``wait``: a read waits for a byte (else it takes what is
        there)."""
        if self._fd is None or self._saved is None:
            return
        import termios

        attrs = list(self._saved)
        attrs[0] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR)
        attrs[3] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN)
        if not signals:
            attrs[3] &= ~termios.ISIG
        cc = list(attrs[6])
        cc[termios.VMIN], cc[termios.VTIME] = int(wait), 0
        attrs[6] = cc
        try:
            termios.tcsetattr(self._fd, termios.TCSANOW, attrs)
        except (termios.error, OSError):
            pass

    def restore(self) -> None:
        """The kept mode, as it was when the shell started (at the exit)."""
        self._set(running=False)

    def running(self) -> None:
        """The kept mode for a command to run in, with one change: Ctrl-C does not throw away
        what the program wrote and the terminal has not shown yet (``NOFLSH``). Without it, a
        Ctrl-C held down while a run stops flushes the terminal's output queue at each
        repeat, and ``Interrupted at step N.`` may never appear."""
        self._set(running=True)

    def _set(self, running: bool) -> None:
        if self._fd is None or self._saved is None:
            return
        import termios

        attrs = list(self._saved)
        if running:
            attrs[3] |= termios.NOFLSH
        try:
            termios.tcsetattr(self._fd, termios.TCSANOW, attrs)
        except (termios.error, OSError):
            pass

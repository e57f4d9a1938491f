"""The cursor-position request the interactive shell sends once, at start (issue 13).

prompt_toolkit asks the terminal where its cursor is (``ESC [ 6 n``) at every prompt; a terminal
that never answers (a bare pty, ``script``, some IDE and web terminals) makes it wait, warn, and
drop what was typed meanwhile. So the shell asks once, and when no answer comes within 0.2 s it
tells prompt_toolkit not to ask (``PROMPT_TOOLKIT_NO_CPR``). The request is sent (``CprProbe``)
when the first prompt has been shown, and the answer collected (``collect``) once prompt_toolkit
has been imported: the wait is spent importing. What the user typed meanwhile is read with the
answer; ``split_answer`` takes it apart, and the shell gives those keys to its first prompt.

The terminal must not be in canonical mode meanwhile (``TerminalMode.cbreak``): the answer comes
without a line end.
"""

from __future__ import annotations

import os
import re
import select
import time
from collections.abc import Callable

REQUEST = b"\x1b[6n"
#: the environment variable that tells prompt_toolkit not to ask (set to "1")
NO_CPR = "PROMPT_TOOLKIT_NO_CPR"
#: how long the terminal has to answer, from the request
TIMEOUT = 0.2

#: an answer: ESC [ row ; column R
_ANSWER = re.compile(rb"\x1b\[\d+;\d+R")
#: what may be the beginning of an answer, at the end of what was read
_BEGINNING = re.compile(rb"\x1b(\[(\d+(;\d*)?)?)?\Z")


def split_answer(data: bytes) -> tuple[bool | None, bytes]:
    """What was read from the terminal after the request: whether the answer is in it, and the
    bytes typed, in their order, the answer taken out. None for the first: the answer may still
    be coming, ``data`` ends with what could be its beginning (an Escape alone, ``ESC [ 12 ;``).
    A key that sends what an answer looks like (Ctrl-F3 in xterm, ``ESC [ 1 ; 5 R``) is taken
    for one, as prompt_toolkit takes it."""
    found = _ANSWER.search(data)
    if found is not None:
        return True, data[: found.start()] + data[found.end() :]
    if _BEGINNING.search(data) is not None:
        return None, data
    return False, data


class CprProbe:
    """Sends the request when made; ``collect`` takes the answer and what was typed meanwhile."""

    def __init__(
        self,
        fd_in: int,
        fd_out: int,
        timeout: float = TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._fd_in = fd_in
        self._clock = clock
        try:
            os.write(fd_out, REQUEST)
            self._sent = True
        except OSError:
            self._sent = False
        self._deadline = clock() + timeout

    def collect(self) -> tuple[bool, bytes]:
        """Whether the terminal answered within the timeout (counted from the request), and the
        bytes typed meanwhile, the answer taken out. Waits only for what is left of the timeout;
        reads what is there even when none is left; once the answer is in, reads no further
        (what comes after it stays in the terminal's queue, for prompt_toolkit)."""
        data = b""
        if not self._sent:
            return False, data
        while True:
            left = max(0.0, self._deadline - self._clock())
            try:
                ready, _, _ = select.select([self._fd_in], [], [], left)
                chunk = os.read(self._fd_in, 1024) if ready else b""
            except OSError:
                chunk = b""
            data += chunk
            answered, typed = split_answer(data)
            if answered:
                return True, typed
            if not chunk:  # the time is up (or the terminal went away)
                return False, typed

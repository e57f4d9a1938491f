"""``sudoku-repl dap --log FILE``: the protocol log, opened by the rules of every file the program
writes (docs/errors.md; ``text/files.writable``): a symbolic link is written through only to a
stream (``/dev/stderr``), never to a file nor to a link's missing target, a folder is refused. The
log is appended to, so a file already there must be a log (empty, or its first line a logged
message): a quiz named by mistake is refused, not appended to. Not the protocol's own streams
either (``--log /dev/stdout`` would put the log among the answers). While the adapter serves, the
log is reserved as the protocol's streams are (``text/files.reserve``): no command reads or
writes it, by any name (``launch`` of the log, ``save-session`` over it)."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Sequence
from typing import TextIO

from sudoku_repl.text.files import Named, writable

#: what the log is, in the line that refuses it to a command
LOG = "the debug adapter's log (--log)"
#: a logged message's line (``Connection.note``): its time, its direction
LOGGED = re.compile(rb"\d\d:\d\d:\d\d (<-|->|!!) ")
#: the bytes of a file's first line read to tell a log
FIRST = 64


def open_log(path: str, protocol: Sequence[tuple[int, str]] = ()) -> TextIO:
    """``path`` opened for appending the log, or ``UserError`` (one line, nothing written):
    ``writable``'s refusals, a file that is not a log, a FIFO with no reader, or one of the
    ``protocol``'s descriptors (each with what it is) under another name."""
    target = writable(path)
    if target.mode is not None and stat.S_ISREG(target.mode) and not _a_log(target):
        raise target.cannot(
            "it is not a log of sudoku-repl dap (its first line is no logged message), and "
            "the log is appended; give a new file, or a log"
        )
    stream = target.stream

    def opener(name: str, flags: int) -> int:
        # a stream opened without waiting (a link to one was checked: ``named``); a file never
        # through a link put there since
        flags |= os.O_CLOEXEC | os.O_NOCTTY | (os.O_NONBLOCK if stream else os.O_NOFOLLOW)
        return os.open(name, flags, 0o666)

    try:
        log = open(target.path, "a", encoding="utf-8", opener=opener)  # noqa: SIM115 (to the end)
    except OSError as e:
        if e.errno == errno.ENXIO:  # a FIFO nobody reads
            raise target.cannot("a FIFO with no reader (start the reader first)") from None
        raise target.cannot(e) from None
    except ValueError as e:  # a NUL in the name
        raise target.cannot(e) from None
    try:
        if stream:
            os.set_blocking(log.fileno(), True)
        _apart(target, os.fstat(log.fileno()), protocol)
    except BaseException:
        log.close()
        raise
    return log


def _a_log(target: Named) -> bool:
    """Whether the regular file ``target`` is empty or begins with a logged message."""
    try:
        with open(target.path, "rb") as f:
            first = f.read(FIRST)
    except OSError:  # (unreadable: said when it is opened)
        return True
    return not first or LOGGED.match(first) is not None


def _apart(target: Named, found: os.stat_result, protocol: Sequence[tuple[int, str]]) -> None:
    """Refuse the log where it is one of the protocol's streams (``/dev/stdout``)."""
    for fd, what in protocol:
        try:
            other = os.fstat(fd)
        except OSError:
            continue
        if os.path.samestat(found, other):
            raise target.cannot(f"it is {what}, which the log may not be written to")

"""Standard output that cannot be written: a full disk (``> /dev/full``) is one line, and a
reader gone (``| head``) is none; either way standard output is dropped from then on (sent to
the null device), so that the interpreter's own flush at the exit, of what could not be
written, fails no more (it would print a traceback of its own and end with status 120).

What is written goes whole (``write_whole``), also where standard output is unbuffered."""

from __future__ import annotations

import io
import os
import sys

from sudoku_repl.core.errors import UserError, file_error

#: standard output, as an error line names it
STDOUT = "standard output"


class StdoutFailed(UserError):
    """Standard output could not be written (``line`` says why); it is dropped."""


def drop() -> None:
    """Send what is still to be written to standard output to the null device."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, sys.stdout.fileno())
    finally:
        os.close(null)


class writing:  # lower case: used as a function, ``with writing():``
    """Around writes to standard output (and their flush): one that fails is
    ``StdoutFailed``, standard output dropped; a reader gone (``BrokenPipeError``) is raised
    as it is, for the caller to end quietly (``drop`` it too). A plain class: batch mode's
    start-up does without ``contextlib``."""

    def __enter__(self) -> None:
        pass

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if error is None or isinstance(error, BrokenPipeError):
            return
        if isinstance(error, OSError):
            drop()
            raise StdoutFailed(file_error("Cannot write", STDOUT, error)) from None


def write_whole(data: str | bytes) -> None:
    """``data`` written to standard output to its last byte, then flushed (within ``writing``).

    Unbuffered (``python -u``, ``PYTHONUNBUFFERED``, set by many containers), standard output's
    binary layer is the raw file, whose write may take only part of the bytes: a pipe's does
    when a signal comes while it waits for the reader (Ctrl-C, which ``rate`` and ``serate``
    take as a flag and go on). The text layer does not look at what the raw write took and
    drops the rest, and so did a plain ``buffer.write``: one of ``rate``'s rows was cut, the
    next glued to it (a pty test, once in three runs). So the bytes go to the raw
    file here until all are written; a buffered layer does that itself."""
    stream = sys.stdout
    binary = getattr(stream, "buffer", None)
    if not isinstance(binary, io.RawIOBase):  # (it writes every byte, or raises)
        if isinstance(data, str):
            stream.write(data)
        else:
            stream.buffer.write(data)
        stream.flush()
        return
    stream.flush()  # (what was written through the text layer before: first)
    if isinstance(data, str):
        # as the text layer writes: its encoding, and its newline (Windows': "\r\n")
        data = data.replace("\n", os.linesep).encode(stream.encoding, stream.errors or "strict")
    left = memoryview(data)
    while left:
        done = binary.write(left)
        if not done:  # (a standard output made non-blocking by another program, and full)
            import errno  # (not at start-up)

            raise BlockingIOError(errno.EAGAIN, "standard output is full and does not wait")
        left = left[done:]

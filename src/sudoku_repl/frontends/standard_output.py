"""Standard output that cannot be written: a full disk (``> /dev/full``) is one line, and a
reader gone (``| head``) is none; either way standard output is dropped from then on (sent to
the null device), so that the interpreter's own flush at the exit, of what could not be
written, fails no more (it would print a traceback of its own and end with status 120)."""

from __future__ import annotations

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

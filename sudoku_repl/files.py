"""Writing the files the shell makes: atomically, and with one clear line when it cannot."""

from __future__ import annotations

import os
import tempfile

from .errors import UserError


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: an interrupted write
    leaves the old file (or none), never a truncated one."""
    target = os.path.abspath(os.path.expanduser(path))
    directory = os.path.dirname(target)
    try:
        fd, temp = tempfile.mkstemp(prefix=".sudoku-repl-", dir=directory)
    except OSError as e:
        raise UserError(f"Cannot write {path}: {e.strerror or e}.") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, target)
    except BaseException as e:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise UserError(f"Cannot write {path}: {e.strerror or e}.") from None
        raise

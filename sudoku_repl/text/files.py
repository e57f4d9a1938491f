"""Writing the files the shell makes: atomically, and with one clear line when it cannot."""

from __future__ import annotations

import os
import tempfile

from sudoku_repl.core.errors import UserError, file_error


def _mode_for(target: str) -> int:
    """The old file's mode, or what a plain open() would give (0666 less the umask)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: an interrupted write
    leaves the old file (or none), never a truncated one."""
    try:
        target = os.path.abspath(os.path.expanduser(path))
        directory = os.path.dirname(target)
        fd, temp = tempfile.mkstemp(prefix=".sudoku-repl-", dir=directory)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise UserError(file_error("Cannot write", path, e)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
            f.write(text)
        os.chmod(temp, _mode_for(target))
        os.replace(temp, target)
    except BaseException as e:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(e, (OSError, ValueError)):  # ValueError: a NUL in the name
            raise UserError(file_error("Cannot write", path, e)) from None
        raise

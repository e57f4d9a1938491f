"""Reading the files the user names, and writing the files the shell makes: atomically, and with
one clear line when it cannot.

Every file the user names for reading (``load-quiz``, ``source``, ``-x``, ``rate``, the quiz on
the command line) is opened by ``open_input``, which never waits: a named FIFO would wait for a
writer for ever (and Ctrl-C, which the shell catches, would not end the wait), so it is refused
with a line that says what to do instead; an unnamed pipe (``<(...)``, ``/dev/stdin``) is read.

What the name given stands for is kept: a symbolic link stays a link (its target is written,
atomically, in the target's folder); a FIFO, a device or a terminal is written to directly and
never replaced by a plain file (as root, a rename over ``/dev/null`` would replace the device);
a regular file, or a name not yet taken, is replaced in one step through a temporary file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile

from sudoku_repl.core.errors import UserError, file_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO, TextIO


class NotReadable(OSError):
    """A file that reading would wait on for ever (a named FIFO); ``strerror`` says so."""


def _open_fd(path: str) -> int:
    """A descriptor for reading ``path``, opened without waiting; a named FIFO is refused."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        if stat.S_ISFIFO(os.fstat(fd).st_mode):
            named = os.path.realpath(path)  # an unnamed pipe's link names no file
            if os.path.lexists(named) and stat.S_ISFIFO(os.lstat(named).st_mode):
                raise NotReadable(
                    errno.EINVAL,
                    "a FIFO, which would wait for a writer; give a regular file, or send it "
                    "to standard input (sudoku-repl < FIFO)",
                )
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_input(path: str) -> TextIO:
    """``path`` opened for reading text (UTF-8, bad bytes replaced, line ends kept as they are),
    without waiting (``_open_fd``). Raises OSError (``NotReadable`` for a named FIFO) or
    ValueError (a NUL in the name)."""
    return open(_open_fd(path), encoding="utf-8", errors="replace", newline="")


def open_binary_input(path: str) -> BinaryIO:
    """``path`` opened for reading bytes, as ``open_input`` opens it."""
    return open(_open_fd(path), "rb")


def _mode_for(target: str) -> int:
    """The old file's mode, or what a plain open() would give (0666 less the umask)."""
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path``: an interrupted write of a regular file leaves the old file
    (or none), never a truncated one; a link is followed, a special file written in place."""
    try:
        # a link (a chain of links, a dangling one) is written through to what it names
        target = os.path.realpath(os.path.expanduser(path))
        kind = os.stat(target).st_mode if os.path.lexists(target) else None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise UserError(file_error("Cannot write", path, e)) from None
    if kind is not None and not stat.S_ISREG(kind) and not stat.S_ISDIR(kind):
        _write_in_place(path, target, text)
    else:
        _replace(path, target, text)


def _write_in_place(path: str, target: str, text: str) -> None:
    """A FIFO, a device, a socket's name: opened and written, never replaced. A FIFO with no
    reader is refused at once rather than waited on for ever."""
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as e:
        if e.errno == errno.ENXIO:  # a FIFO nobody reads
            raise UserError(
                file_error("Cannot write", path, "a FIFO with no reader (start the reader first)")
            ) from None
        raise UserError(file_error("Cannot write", path, e)) from None
    try:
        os.set_blocking(fd, True)  # the reader is there: write all of it
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
            f.write(text)
    except OSError as e:
        raise UserError(file_error("Cannot write", path, e)) from None


def _replace(path: str, target: str, text: str) -> None:
    """A regular file or a new name: a temporary file in the same folder, then a rename."""
    try:
        fd, temp = tempfile.mkstemp(prefix=".sudoku-repl-", dir=os.path.dirname(target))
    except (OSError, ValueError) as e:
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

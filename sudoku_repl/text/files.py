"""Reading the files the user names, and writing the files the shell makes: atomically, and with
one clear line when it cannot.

Every file the user names for reading (``load-quiz``, ``source``, ``-x``, ``rate``, the quiz on
the command line) is opened by ``open_input``, which never waits: a named FIFO would wait for a
writer for ever (and Ctrl-C, which the shell catches, would not end the wait), so it is refused
with a line that says what to do instead; an unnamed pipe (``<(...)``, ``/dev/stdin``) is read.

What the name given stands for is kept (``named``): a FIFO, a device or a terminal is written
to directly and never replaced by a plain file (as root, a rename over ``/dev/null`` would
replace the device); a regular file, or a name not yet taken, is replaced in one step through a
temporary file in its folder; a symbolic link to a file is refused (it stays as it was, and
so does what it leads to), a link to a stream (``/dev/stdout``) written through.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile

from sudoku_repl.core.errors import IS_A_DIRECTORY, PATH, UserError, file_error, shown

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
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


#: characters written between two calls of a write's ``poll``
PIECE = 1 << 22


class Named:
    """A name given for writing, checked (``named``): ``given`` as typed (the error lines quote
    it), ``path`` with ``~`` expanded, ``mode`` what it names (``st_mode``; a link's: what the
    link leads to), None when nothing has that name yet."""

    __slots__ = ("given", "mode", "path")

    def __init__(self, given: str, path: str, mode: int | None) -> None:
        self.given, self.path, self.mode = given, path, mode

    @property
    def stream(self) -> bool:
        """A FIFO, a device, a terminal, a socket: written in place, never replaced."""
        mode = self.mode
        return mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)

    def cannot(self, why: OSError | ValueError | str) -> UserError:
        return UserError(file_error("Cannot write", self.given, why))

    def open_stream(self) -> int:
        """A descriptor for writing the stream, opened without waiting: a FIFO with no reader
        is refused at once rather than waited on for ever."""
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError as e:
            if e.errno == errno.ENXIO:  # a FIFO nobody reads
                raise self.cannot("a FIFO with no reader (start the reader first)") from None
            raise self.cannot(e) from None
        try:
            os.set_blocking(fd, True)  # the reader is there: write all of it
        except OSError as e:
            os.close(fd)
            raise self.cannot(e) from None
        return fd

    def write(self, text: str, poll: Callable[[], None] | None = None) -> None:
        """Write ``text``: a stream in place, anything else replaced in one step (``_replace``);
        ``poll`` is called between pieces of the text and before the old file is replaced, and
        what it raises stops the write with the old file as it was and no temporary file."""
        if self.stream:
            _write_in_place(self, text)
        else:
            _replace(self, text, poll)


def named(path: str) -> Named:
    """``path`` checked for writing, or ``UserError`` (one line). A symbolic link is written
    through only to a stream (``/dev/stdout``, ``/dev/null``, a FIFO): a link to a file, a
    folder or nothing is refused, as what it leads to may be anywhere (a link left where a page
    is written would have the page replace ``~/.bashrc``), and the line says where it leads;
    replacing the link by a file of its own, as some editors do, would lose it without a word.
    A folder is refused too."""
    given = path
    try:
        path = os.path.expanduser(path)
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return Named(given, path, None)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise UserError(file_error("Cannot write", given, e)) from None
    if stat.S_ISLNK(mode):
        try:
            led_to: int | None = os.stat(path).st_mode
        except OSError:  # a link to nothing (or a loop of links)
            led_to = None
        found = Named(given, path, led_to)
        if found.stream:
            return found
        try:
            where = f" to {shown(os.readlink(path), PATH)}"
        except OSError:
            where = ""
        raise found.cannot(
            f"it is a symbolic link{where}; give the name of the file itself, or remove the link"
        )
    if stat.S_ISDIR(mode):
        raise UserError(file_error("Cannot write", given, IS_A_DIRECTORY))
    return Named(given, path, mode)


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (``named(path).write``): a regular file is replaced in one
    step, so an interrupted write leaves the old file (or none), never a truncated one."""
    named(path).write(text)


def _write_in_place(target: Named, text: str) -> None:
    """A FIFO, a device, a socket's name: opened and written, never replaced."""
    fd = target.open_stream()
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
            f.write(text)
    except OSError as e:
        raise target.cannot(e) from None


def _replace(target: Named, text: str, poll: Callable[[], None] | None) -> None:
    """A regular file or a new name: a temporary file in the same folder, then a rename."""
    try:
        fd, temp = tempfile.mkstemp(
            prefix=".sudoku-repl-", dir=os.path.dirname(target.path) or os.curdir
        )
    except (OSError, ValueError) as e:
        raise target.cannot(e) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
            for at in range(0, len(text), PIECE):
                if poll is not None:
                    poll()
                f.write(text[at : at + PIECE])
        if poll is not None:
            poll()  # (the last moment the old file is still there)
        os.chmod(temp, _mode_for(target.path))
        os.replace(temp, target.path)
    except BaseException as e:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(e, (OSError, ValueError)):  # ValueError: a NUL in the name
            raise target.cannot(e) from None
        raise

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
so does what it leads to), a link to a stream (``/dev/stdout``) written through. A stream is
written in pieces as it takes them, never waited on for ever: ``poll`` (the interrupt flag) is
asked between waits, so a FIFO whose reader never reads stops at Ctrl-C (the debug adapter's
``pause`` and ``disconnect``).

A front end that speaks a protocol on its own streams (the debug adapter on stdin and stdout)
``reserve``s them: no command reads or writes them, whatever name it is given (``/dev/stdin``,
``/proc/self/fd/0``, ``/dev/fd/3``): they are known by device and inode, checked here, where
every file a command names is opened. Such a front end reads regular files only, too
(``reserve``'s ``files_only``): a pipe, a FIFO or a device could be waited on for ever, its own
stderr's pipe among them, and nothing sends it Ctrl-C.

A front end that reads files for someone who must not see the rest of the machine (the MCP
server, for its client) ``confine``s its commands to folders: a file outside them, by whatever
name or symbolic link, is refused here too, before it is opened.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import stat
import tempfile

from sudoku_repl.core.errors import IS_A_DIRECTORY, PATH, UserError, file_error, os_reason, shown

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import BinaryIO, TextIO


class NotReadable(OSError):
    """A file that reading would wait on for ever (a named FIFO), or one reserved (``reserve``);
    ``strerror`` says so."""


#: the files no command may read or write, by (device, inode): what each is (``reserve``)
_RESERVED: dict[tuple[int, int], str] = {}
#: who reads regular files only (``reserve``'s ``files_only``), innermost last
_FILES_ONLY: list[str] = []
#: the folders commands read files under (``confine``), resolved, and whose they are, in words;
#: innermost last (none: any file)
_CONFINED: list[tuple[tuple[str, ...], str]] = []


@contextlib.contextmanager
def reserve(fds: dict[int, str], files_only: str | None = None) -> Iterator[None]:
    """While in the block, the files open on ``fds`` (a descriptor: what it is, said in the
    refusal) are refused to every command, by whatever name (the debug adapter's protocol
    streams: a quiz read from its stdin would eat the editor's requests, a page written to
    its stdout would break its answers). ``files_only`` (who reads): no command reads
    anything but a regular file either (a pipe, a FIFO, a device, a socket: its own stderr's
    pipe, ``/dev/stdout`` once that is its stderr, would wait for ever, and no Ctrl-C comes to
    a debug adapter)."""
    if files_only is not None:
        _FILES_ONLY.append(files_only)
    keys: dict[tuple[int, int], str] = {}
    for fd, what in fds.items():
        found = os.fstat(fd)
        key = (found.st_dev, found.st_ino)
        keys[key] = f"{keys[key]} and {what}" if key in keys else what  # (a terminal: both)
    added = {key: what for key, what in keys.items() if key not in _RESERVED}
    _RESERVED.update(added)
    try:
        yield
    finally:
        for key in added:
            _RESERVED.pop(key, None)
        if files_only is not None:
            _FILES_ONLY.remove(files_only)


@contextlib.contextmanager
def confine(folders: Iterable[str], whose: str) -> Iterator[None]:
    """While in the block, a command reads only files under ``folders`` (relative ones from the
    working folder), each resolved as a file's name is (``outside``); ``whose`` says in the
    refusal whose folders they are. No folder given: no file is read."""
    _CONFINED.append((tuple(os.path.realpath(folder) for folder in folders), whose))
    try:
        yield
    finally:
        _CONFINED.pop()


def outside(path: str) -> str | None:
    """Why ``path`` may not be read under ``confine`` (None: it may): its real place, every
    symbolic link followed and ``..`` taken, is under none of the folders (a link inside one
    that leads out is outside; a name not yet taken is judged by its folder's place)."""
    if not _CONFINED:
        return None
    folders, whose = _CONFINED[-1]
    real = os.path.realpath(path)
    for folder in folders:
        if real == folder or real.startswith(folder.rstrip(os.sep) + os.sep):
            return None
    return f"it is outside {whose} ({', '.join(folders) or 'none given'}), where files are read"


def reserved(found: os.stat_result) -> str | None:
    """Why a file (its ``stat``) may not be read or written (``reserve``); None: it may."""
    what = _RESERVED.get((found.st_dev, found.st_ino)) if _RESERVED else None
    return None if what is None else f"it is {what}, which no command reads or writes"


def _open_fd(path: str) -> int:
    """A descriptor for reading ``path``, opened without waiting; a named FIFO is refused, a
    file reserved (``reserve``), and one outside the folders commands are confined to
    (``confine``: judged before the opening, which could itself be seen)."""
    why_not = outside(path)
    if why_not is not None:
        raise NotReadable(errno.EACCES, why_not)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
    if _CONFINED:  # the place judged is the one opened (a link put there since: not followed)
        path, flags = os.path.realpath(path), flags | os.O_NOFOLLOW
    fd = os.open(path, flags)
    try:
        found = os.fstat(fd)
        why = reserved(found)
        if why is not None:
            raise NotReadable(errno.EBUSY, why)
        kind = _not_a_file(found.st_mode)
        if kind is not None and _FILES_ONLY:
            raise NotReadable(
                errno.EINVAL,
                f"it is {kind}, not a regular file: {_FILES_ONLY[-1]} reads files only (a "
                "read from it could wait for ever)",
            )
        if stat.S_ISFIFO(found.st_mode):
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


def _not_a_file(mode: int) -> str | None:
    """What a file that is not a regular one (nor a folder) is, in words; None for the others."""
    if stat.S_ISFIFO(mode):
        return "a pipe or a FIFO"
    if stat.S_ISCHR(mode):
        return "a character device (a terminal, /dev/zero...)"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return None


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
#: milliseconds a stream's write waits for room before it asks its ``poll`` again
WAIT = 100


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
        """A descriptor for writing the stream, opened without waiting (and left so: it is
        written as it takes the text, ``_write_in_place``): a FIFO with no reader is refused at
        once rather than waited on for ever, and a stream reserved (``reserve``)."""
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError as e:
            if e.errno == errno.ENXIO:  # a FIFO nobody reads
                raise self.cannot("a FIFO with no reader (start the reader first)") from None
            raise self.cannot(e) from None
        try:
            why = reserved(os.fstat(fd))
        except OSError as e:
            why = os_reason(e)
        if why is not None:
            os.close(fd)
            raise self.cannot(why)
        return fd

    def write(self, text: str, poll: Callable[[], None] | None = None) -> None:
        """Write ``text``: a stream in place, anything else replaced in one step (``_replace``);
        ``poll`` is called between pieces of the text (and, for a stream, between waits for
        room in it) and before the old file is replaced, and what it raises stops the write
        with the old file as it was and no temporary file (a stream keeps what it took)."""
        if self.stream:
            _write_in_place(self, text, poll)
        else:
            _replace(self, text, poll)

    def interrupted(self) -> str:
        """The line that says a write was stopped by its ``poll``: what it left."""
        left = (
            "got part of it, or none" if self.stream
            else "is as it was" if self.mode is not None
            else "was not written"
        )  # fmt: skip
        return f"Interrupted: {shown(self.given, PATH)} {left}."


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
    with contextlib.suppress(OSError):  # (a link to nothing: said below)
        why = reserved(os.stat(path))
        if why is not None:
            raise UserError(file_error("Cannot write", given, why))
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


def writable(path: str) -> Named:
    """``path`` checked for writing (``named``), its folder there and writable: refused
    (``UserError``, one line) before any work, not after it."""
    directory = os.path.dirname(os.path.abspath(os.path.expanduser(path))) or "."
    if not os.path.isdir(directory):
        raise UserError(file_error("Cannot write", path, f"no directory {directory}"))
    if not os.access(directory, os.W_OK | os.X_OK):
        raise UserError(file_error("Cannot write", path, "the directory is not writable"))
    return named(path)


def same_file(a: str, b: str) -> bool:
    """Whether two names are one file: the same path once links are followed, or one file
    under two names (a hard link: the same device and inode). A terminal or other device is
    written, never replaced: never the same file as another name."""
    try:
        one, two = (os.path.realpath(os.path.expanduser(p)) for p in (a, b))
        if one == two:
            return not (os.path.exists(one) and _is_device(os.stat(one).st_mode))
        return os.path.exists(one) and os.path.exists(two) and os.path.samefile(one, two)
    except (OSError, ValueError):  # (unreadable or a NUL in the name: said when used)
        return False


def _is_device(mode: int) -> bool:
    return stat.S_ISCHR(mode) or stat.S_ISBLK(mode)


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (``named(path).write``): a regular file is replaced in one
    step, so an interrupted write leaves the old file (or none), never a truncated one."""
    named(path).write(text)


def _write_in_place(target: Named, text: str, poll: Callable[[], None] | None) -> None:
    """A FIFO, a device, a socket's name: opened and written, never replaced; written as it
    takes the text (its descriptor does not block), ``poll`` asked between waits for room of
    ``WAIT`` ms (None: waited for as long as it takes)."""
    fd = target.open_stream()
    room = select.poll()
    room.register(fd, select.POLLOUT)
    try:
        for at in range(0, len(text), PIECE):
            data = memoryview(text[at : at + PIECE].encode("utf-8", "replace"))
            while data:
                if poll is not None:
                    poll()
                if not room.poll(WAIT if poll is not None else None):
                    continue
                try:
                    data = data[os.write(fd, data) :]
                except BlockingIOError:
                    continue
    except OSError as e:
        raise target.cannot(e) from None
    finally:
        os.close(fd)


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

"""Errors a user can cause: each carries the one line the shell prints."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user: the message is the whole line to show; nothing was changed."""

    @property
    def line(self) -> str:
        return str(self.args[0])


class RecordCut(UserError):
    """A step before the kept record was asked for (older steps were dropped to bound memory):
    ``first`` is the first step kept, which the command line names as where goto and back go."""

    def __init__(self, line: str, first: int) -> None:
        super().__init__(line)
        self.first = first


class PresentExperiment(UserError):
    """The present experiment was asked to be deleted: ``number`` is it (the command line says
    how to go to another first, in the ``experiment`` command's words)."""

    def __init__(self, number: int) -> None:
        super().__init__(f"Experiment {number} is the present one: another one can be deleted")
        self.number = number


class QuizError(UserError):
    """A quiz file or string that cannot be loaded: ``file_line`` is the file's line at fault
    (1-based; None: no one line is), ``cells`` the cells at fault (a value given twice), so
    that an editor can mark them (``text/quiz_check.py``)."""

    def __init__(
        self, line: str, file_line: int | None = None, cells: tuple[int, ...] = ()
    ) -> None:
        super().__init__(line)
        self.file_line = file_line
        self.cells = cells


class GuessAborted(Exception):
    """End of input or Ctrl-C at the guess question: the running command stops."""


PATH = 240  # characters of a file name quoted back
ECHOED_CHARS = 1000  # characters of an input line printed back whole (an echo, an error line)
#: characters of a command line, or of a text a door makes one of (an MCP tool's argument, a
#: puzzle given to the API or the Gymnasium environment), read at most: a quiz is 81, a
#: pencil-mark line 729, a HoDoKu library line some 3,000, a file name 4,096; a longer text is
#: refused by its size before anything parses it (a quote's reading is quadratic in it)
MOST_CHARS = 8192


def too_long(what: str, length: int) -> str | None:
    """The one line refusing a text of ``length`` characters (``what`` it is) longer than
    ``MOST_CHARS``; None for one that is not."""
    if length <= MOST_CHARS:
        return None
    return (
        f"{what} has {length:,} characters; at most {MOST_CHARS:,} are read (a quiz is 81, a "
        "pencil-mark line 729: a longer text goes in a file)."
    )


#: what a byte that is no UTF-8 becomes when input is read (``errors="replace"``): no character
#: of the input, but a byte of it that was not text, printed as the others are
NOT_TEXT = "\ufffd"


def _printed(ch: str) -> str:
    """A character of input as we print it: a tab is a blank, any other character that is not
    printable (control characters: ESC, BEL, C1's CSI; line and paragraph separators) ``?``, and
    so is a byte that was not UTF-8 (``NOT_TEXT``: a binary file's line shows ``?`` for each
    byte that is not text, whatever its value)."""
    if ch == NOT_TEXT:
        return "?"
    return ch if ch.isprintable() else " " if ch == "\t" else "?"


def shown(text: str, limit: int = 40) -> str:
    """Text that came from input, as we print it (quoted in an error line, echoed, summed up):
    each character as ``_printed`` has it, cut to ``limit`` characters. Text kept from input
    (an experiment's name, a display's command, a line ``save-session`` writes) holds none that
    ``_printed`` would change but ``NOT_TEXT``: a command line with one is refused
    (``unprintable``); one whose bytes were not all UTF-8 runs, with ``NOT_TEXT`` in their place,
    which is printable."""
    text = text.rstrip("\r\n")[: limit + 1]
    printable = "".join(_printed(ch) for ch in text)
    return printable if len(printable) <= limit else printable[: limit - 3] + "..."


def escaped(ch: str) -> str:
    """A character of input named in an error line: quoted, and escaped as Python writes it
    where it is not printable (``'\\x00'``, ``'\\x1b'``, ``'\\u2028'``), so that a control
    character never reaches the terminal raw; a byte that was not UTF-8 (``NOT_TEXT``) is
    ``'?'``, as ``shown`` prints it."""
    return "'?'" if ch == NOT_TEXT else repr(ch)


def unprintable(line: str) -> str | None:
    """Why ``line`` may not be kept, None when it may: the first character that is not printable
    (a tab, a blank, is kept), named by its code and column."""
    for column, ch in enumerate(line, 1):
        if ch != "\t" and not ch.isprintable():
            return f"Column {column} holds {ascii(ch)[1:-1]}, which is not printable"
    return None


#: a directory where a file is wanted, said after the file's name and a colon: the system's
#: own words, "Is a directory", are a verb without its subject there
IS_A_DIRECTORY = "it is a directory"


def os_reason(error: OSError | ValueError) -> str:
    """Why a file could not be used, as the system says it (a ValueError: a NUL in the name),
    or in our words where its own do not follow a colon (``IS_A_DIRECTORY``: ``errno``
    imported here, not at start-up)."""
    if isinstance(error, OSError):
        import errno

        if error.errno == errno.EISDIR:
            return IS_A_DIRECTORY
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


def file_error(doing: str, path: str, why: OSError | ValueError | str) -> str:
    """The one line for a file that cannot be used: ``{doing} {path}: {why}.``"""
    reason = why if isinstance(why, str) else os_reason(why)
    return f"{doing} {shown(path, PATH)}: {reason}."

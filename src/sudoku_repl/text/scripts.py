"""Reading a script (``source``, ``sudoku-repl -x <file>``): its lines, once the file's
beginning shows it is one.

A script is UTF-8 text (a byte order mark is skipped) whose first command line, past empty and
``#`` lines, is a command. Anything else is refused with one line saying what the file looks
like: not text (a NUL byte, invalid UTF-8, UTF-16, mostly control characters), a quiz (then
``load-quiz`` is what was meant), or text whose first line is not a command. Only the first
``HEAD`` bytes are judged, so ``/dev/zero`` or a huge file cost no more than those; the rest is
read line by line as the script runs (invalid UTF-8 there becomes U+FFFD).
"""

from __future__ import annotations

import codecs
import io
import json
import re
import shlex
from collections.abc import Callable, Generator
from typing import IO, Any

from sudoku_repl.core.errors import PATH, QuizError, UserError, file_error, shown
from sudoku_repl.text.files import open_binary_input
from sudoku_repl.text.quiz_files import QUIZ_CHARS, parse_lines

HEAD = 1 << 16  # bytes judged before the script runs
UNPRINTABLE = 0.25  # more than this share of control characters: not text
WHITESPACE = frozenset("\t\n\r\f\v")
LINE_END = re.compile(r"\r\n|\r|\n")


class NotAScript(UserError):
    """A file given to ``source`` or ``-x`` that is not a script."""


def is_command_line(line: str) -> bool:
    """A line a script runs: not empty and not a ``#`` comment."""
    return bool(line.strip()) and not line.lstrip().startswith("#")


def open_script(
    path: str, not_a_command: Callable[[str], str | None]
) -> Generator[str, None, None]:
    """The lines of script ``path`` (without their line ends), read as they are used; close the
    iterator (``contextlib.closing``) if it is not used up. ``not_a_command(line)`` is None when
    ``line`` is a command, else a note to add to the refusal (``""``, or ``" (did you mean
    step?)"``).

    Raises ``NotAScript`` (one line) when the file is not a script, and OSError or ValueError
    (a NUL in the name) when it cannot be opened or read."""
    f = open_binary_input(path)  # the returned iterator closes it
    try:
        head = f.read(HEAD)
        problem = _problem(head, complete=len(head) < HEAD, path=path, not_a_command=not_a_command)
    except BaseException:
        f.close()
        raise
    if problem is not None:
        f.close()
        raise NotAScript(f"{shown(path, PATH)} is not a script; {problem}.")
    return _lines(head, f, path)


def _lines(head: bytes, rest: IO[bytes], path: str) -> Generator[str, None, None]:
    stream = io.BufferedReader(_Replayed(head, rest))
    with io.TextIOWrapper(stream, encoding="utf-8-sig", errors="replace", newline="") as text:
        try:
            for line in text:
                yield line.rstrip("\r\n")
        except OSError as e:  # a read that fails half way: the command running the script fails
            raise UserError(file_error("Cannot read", path, e)) from None


class _Replayed(io.RawIOBase):
    """The bytes already read (the head), then the rest of the file."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        super().__init__()
        self._head = head
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._rest.close()
        super().close()


def _problem(
    head: bytes, *, complete: bool, path: str, not_a_command: Callable[[str], str | None]
) -> str | None:
    """What is wrong with a script that begins with ``head``, or None."""
    if head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "it looks like UTF-16 text: save it as UTF-8"
    nul = head.find(b"\x00")
    if nul >= 0:
        return f"it is not text (a NUL byte at byte {nul})"
    skip = len(codecs.BOM_UTF8) if head.startswith(codecs.BOM_UTF8) else 0
    try:
        text = codecs.getincrementaldecoder("utf-8")().decode(head[skip:], final=complete)
    except UnicodeDecodeError as e:
        return f"it is not text (invalid UTF-8 at byte {skip + e.start})"
    control = sum(1 for ch in text if not ch.isprintable() and ch not in WHITESPACE)
    if text and control > UNPRINTABLE * len(text):
        return f"it is not text ({100 * control // len(text)}% of its characters are not printable)"
    lines = LINE_END.split(text)  # as the lines are read: at \n, \r\n or \r only
    if not complete and len(lines) > 1:
        lines.pop()  # cut off at HEAD
    for n, line in enumerate(lines, 1):
        if not is_command_line(line):
            continue
        note = not_a_command(line)
        if note is None:
            return None
        if _json_quiz(text):
            return f"it looks like a JSON quiz: use load-quiz {shown(shlex.quote(path), PATH)}"
        if _quiz(lines, line):
            return f"it looks like a quiz: use load-quiz {shown(shlex.quote(path), PATH)}"
        return f"line {n} is not a command: {shown(line)!r}{note}"
    return None


def _json_quiz(text: str) -> bool:
    if not text.lstrip().startswith("{"):
        return False
    try:
        data = json.loads(text)
    except ValueError:  # cut off at HEAD, or not JSON at all
        return '"grids"' in text
    return isinstance(data, dict) and "grids" in data


def _quiz(lines: list[str], first: str) -> bool:
    """``load-quiz`` reads the lines, or the first one holds a row's digits (a broken quiz)."""
    try:
        parse_lines(lines, "script")
    except QuizError:
        digits = sum(1 for ch in first if ch in QUIZ_CHARS)
        letters = sum(1 for ch in first if ch.isalpha())
        return digits >= 9 and digits > letters
    return True

"""A quiz file's lines: opened as text (UTF-8, or UTF-16 where it begins with its byte order
mark: ``open_quiz_file``), read a bounded piece at a time (``bounded_lines``: a longer line cut,
a ``Cut``), and its meaningful ones (neither blank nor ``#`` comments) numbered, with
look-ahead, and counted: what a file without a quiz held, and the quiz lines a reader passed
over as no quiz (``QuizLines``). The formats read from them are ``quiz_files``'."""

from __future__ import annotations

import io
import os
import re
import stat
from collections import deque
from collections.abc import Iterable, Iterator
from typing import TextIO

from sudoku_repl.core.errors import PATH, QuizError, shown
from sudoku_repl.text.files import open_binary_input
from sudoku_repl.text.words import counted

#: a file's rules line (docs/variants.md): a comment to a reader of classic sudoku
RULES_LINE = re.compile(r"#\s*rules\s*:(.*)", re.IGNORECASE)
MAX_LINE = 65536  # characters of a line read at most
#: characters of an overlong line skipped on a device (``/dev/zero``: endless) before the
#: reading ends there; a regular file's or a pipe's overlong line is skipped to its end
MAX_SKIP = 1 << 20
#: the lines passed over (no quiz, before the one asked for) that a note names; the rest counted
NAMED_PASSED = 5


#: the byte order marks of UTF-16 (little- and big-endian) that begin a file
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def open_quiz_file(path: str) -> TextIO:
    """A quiz file opened for reading text as ``open_input`` opens it (without waiting, bad
    bytes replaced, line ends kept): UTF-8, or UTF-16 where the file begins with its byte order
    mark (what Windows' Notepad saves as "Unicode"), so that ``load-quiz`` and ``rate`` read
    one as they read the other. Raises OSError or ValueError as ``open_input`` does."""
    raw = open_binary_input(path)
    try:
        assert isinstance(raw, io.BufferedReader)  # (open(fd, "rb"): peek looks, reads nothing)
        bom = raw.peek(2)[:2]
    except BaseException:
        raw.close()
        raise
    encoding = "utf-16" if bom in UTF16_BOMS else "utf-8"
    return io.TextIOWrapper(raw, encoding=encoding, errors="replace", newline="")


#: how a line ends (``open_input`` keeps the ends as they are)
ENDS = ("\n", "\r")


class Cut(str):
    """The first ``MAX_LINE`` characters of a longer line (``bounded_lines``): what says the
    line was cut, kept by ``QuizLines``, with the line's ``length`` (its end left out), which
    ``no_puzzle`` says; ``whole`` False where the reading stopped inside it (a device's endless
    line): it is longer still."""

    length: int
    whole: bool

    @classmethod
    def of(cls, text: str, length: int, whole: bool = True) -> Cut:
        cut = cls(text)
        cut.length, cut.whole = length, whole
        return cut


def bounded_lines(f: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The file's lines, one for each of its lines (the numbering stays the file's), a longer
    one cut at ``limit`` characters (a ``Cut``): a file with no line breaks (or a line of
    megabytes) is never held in memory whole, the rest of the long line being read and dropped
    a piece at a time. On a device (``/dev/zero``: endless) ``MAX_SKIP`` characters of it are
    dropped at most, and the reading ends there."""
    endless = _is_device(f)
    split = False  # the last piece read ended in "\r" at the limit: a "\n" next ends it too
    while True:
        line = f.readline(limit)
        if split and line == "\n":
            line = f.readline(limit)
        if not line:
            return
        split = len(line) == limit and line.endswith("\r")
        if len(line) < limit or line.endswith(ENDS):
            yield line
            continue
        skipped = 0
        while True:  # the rest of the overlong line, dropped (its length counted)
            more = f.readline(limit)
            if not more or more.endswith(ENDS):
                split = len(more) == limit and more.endswith("\r")
                skipped += len(more.rstrip("\r\n"))
                break
            skipped += len(more)
            if endless and skipped >= MAX_SKIP:
                yield Cut.of(line, len(line) + skipped, whole=False)
                return
        yield Cut.of(line, len(line) + skipped)


def _is_device(f: TextIO) -> bool:
    try:
        return stat.S_ISCHR(os.fstat(f.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):  # a file in memory
        return False


class QuizLines:
    """The meaningful lines of a file (neither blank nor ``#`` comments) as ``(line number,
    text)``, with look-ahead; it counts the lines it passed over, to say what a file without a
    quiz held, and the quiz lines a reader passed over as no quiz (``pass_over``), to say
    which."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = iter(lines)
        self._ahead: deque[tuple[int, str]] = deque()
        self.read = 0  # lines read so far
        self.blanks = 0
        self.comments = 0
        #: the quiz lines passed over as no quiz: how many, and the first few (number, fault)
        self.passed = 0
        self.passed_first: list[tuple[int, str]] = []
        #: the file's rules line (``# rules: ...``, before its first meaningful line): its
        #: number and the rules as written after ``rules:``; None: classic sudoku
        self.rules: tuple[int, str] | None = None
        #: whether its quizzes' givens are checked with rules, after they are read: a rules
        #: line met, or rules given for the file (``load-quiz --rules``)
        self.ruled = False
        self._meaningful = 0

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return self

    def __next__(self) -> tuple[int, str]:
        if self._ahead:
            return self._ahead.popleft()
        item = self._next_meaningful()
        if item is None:
            raise StopIteration
        return item

    def ahead(self, k: int) -> tuple[int, str] | None:
        """The ``k``-th meaningful line still to come (0: the next one), or None; it stays to be
        read."""
        while len(self._ahead) <= k:
            item = self._next_meaningful()
            if item is None:
                return None
            self._ahead.append(item)
        return self._ahead[k]

    def head(self, k: int) -> list[tuple[int, str]]:
        """Up to ``k`` meaningful lines still to come; they stay to be read."""
        self.ahead(k - 1)
        return list(self._ahead)[:k]

    def _next_meaningful(self) -> tuple[int, str] | None:
        for raw in self._lines:
            self.read += 1
            line = raw.lstrip("\ufeff").rstrip("\r\n")
            if isinstance(raw, Cut):
                line = Cut.of(line, raw.length, raw.whole)
            if not line.strip():
                self.blanks += 1
            elif line.lstrip().startswith("#"):
                self.comments += 1
                self._rules_line(line)
            else:
                self._meaningful += 1
                return self.read, line
        return None

    def _rules_line(self, line: str) -> None:
        """Keep a rules line; one after the first puzzle line, or a second one, is refused:
        a file's rules hold for all its puzzles and are read before them."""
        match = RULES_LINE.fullmatch(line.strip())
        if match is None:
            return
        if self._meaningful or self.rules is not None:
            where = "a second rules line" if self.rules is not None else "after the puzzles begin"
            raise QuizError(
                f"Invalid line {self.read}: {where}; a file has one rules line "
                "(# rules: ...), before its puzzles."
            )
        self.rules = (self.read, match.group(1).strip())
        self.ruled = True

    def pass_over(self, number: int, fault: str) -> None:
        """Line ``number`` is no quiz (``fault``: what is wrong with it), and not the one asked
        for: passed over, as ``rate`` passes over it, and named in ``passed_clause``."""
        self.passed += 1
        if len(self.passed_first) < NAMED_PASSED:
            self.passed_first.append((number, fault))

    def passed_clause(self) -> str:
        """The lines passed over, in words: ``line 3, which is not a quiz: garbage``, ``lines 3
        and 7, which are not quizzes (line 3: garbage)``; empty when none was."""
        if not self.passed:
            return ""
        (first, fault), *_ = self.passed_first
        if self.passed == 1:
            return f"line {first}, which is not a quiz: {fault}"
        numbers = [str(n) for n, _ in self.passed_first]
        if self.passed > len(numbers):
            listed = f"{', '.join(numbers)} and {self.passed - len(numbers)} more"
        else:
            listed = f"{', '.join(numbers[:-1])} and {numbers[-1]}"
        return f"lines {listed}, which are not quizzes (line {first}: {fault})"

    def past_the_end(self, name: str, entries: int) -> QuizError:
        """The refusal of a quiz number past the last of the file's ``entries`` quiz lines."""
        if not self.passed:
            return QuizError(only(name, entries, "quiz", "quizzes"))
        return QuizError(
            f"{only(name, entries, 'quiz line').removesuffix('.')}; passed over "
            f"{self.passed_clause()}."
        )

    def no_quiz(self, name: str) -> QuizError:
        """The refusal of a file that had no meaningful line."""
        where = f"Quiz file {shown(name, PATH)}"
        if not self.read:
            return QuizError(f"{where} is empty.")
        if not self.comments:
            return QuizError(f"{where} has only blank lines.")
        if not self.blanks:
            return QuizError(f"{where} has only comments.")
        return QuizError(f"{where} has only comments and blank lines.")


def only(name: str, n: int, one: str, many: str | None = None) -> str:
    """A quiz number past the file's end, or a file that ends too soon."""
    return f"Quiz file {shown(name, PATH)} has only {counted(n, one, many)}."

"""Reading quizzes: the original nine-line format, one quiz per line, an inline string, and
puzzles of several grids (a frame layout, a list of grids with offsets, or the JSON of
puzzles/variants).

Files are read line by line and only as far as the wanted quiz, so a huge file costs no more
than its first quizzes.

Which format a file is in is told by its first meaningful lines (neither blank nor ``#``
comments): a grid-list line; a line of 81 cells or more; a frame layout; a line of at least
``QUIZ_LINE_MIN`` cells among the first nine (an attempted quiz, never a row), or a file of one
line of more than nine cells; else the nine-line format. A file is UTF-8, or UTF-16 where it
begins with its byte order mark (``open_quiz_file``).

A line of a one-per-line file is read in one place, ``line_puzzle`` (``line_quiz``: as a quiz),
for ``load-quiz``, ``rate``, ``difficulty`` and the API: its puzzle is its first word (81
characters, or 729: a pencil-mark line), a note may follow (SHC's and the forum's files). A line
or argument of another length is refused in one wording on every surface (``length_fault``:
``K characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed``, K its real length),
and a character that is no cell is named escaped (``core.errors.escaped``).

Several grids:
- a *frame layout* has one line per frame row: a digit or ``.`` per cell, a space outside the
  puzzle (samurai: 21 wide, flower: 15 wide). It is recognised when every meaningful line is
  made of ``0-9``, ``.`` and spaces, and there are more than nine of them or one is longer than
  eleven characters; every block-aligned 9x9 window fully inside the puzzle is a grid.
- a *grid list* has one line per grid: ``R,C QUIZ`` (or ``R,C:QUIZ``), the 0-based frame row and
  column of the grid's top-left cell (multiples of 3), then its 81 characters; inline, the same
  grids joined by ``;`` (what ``str(quiz)`` gives for such a puzzle).
- a ``.json`` file: ``{"grids": [{"at": [R, C], "quiz": "..."}, ...]}``.
"""

from __future__ import annotations

import io
import json
import os
import re
import stat
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from sudoku_repl.core.errors import PATH, QuizError, escaped, file_error, shown
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.quiz import QUIZ_BYTES, SUKAKU, Quiz
from sudoku_repl.text import pencil_marks as marks
from sudoku_repl.text.files import open_binary_input
from sudoku_repl.text.pencil_marks import Position, plain
from sudoku_repl.text.words import counted

QUIZ_CHARS = frozenset(QUIZ_BYTES.decode())
FRAME_CHARS = frozenset("0123456789. ")
CELLS = 81
#: what ends the puzzle on a line of a one-per-line file, where a note may follow
NOTE = re.compile(r"[;,# \t]")
#: cells on one line (or in one argument) that make it an attempted quiz, never a row
QUIZ_LINE_MIN = 27
MAX_FRAME_ROWS = 99
MAX_OFFSET = 9999  # a grid's frame row or column at most (four digits, as in a grid line)
MAX_LINE = 65536  # characters of a line read at most
#: characters of an overlong line skipped on a device (``/dev/zero``: endless) before the
#: reading ends there; a regular file's or a pipe's overlong line is skipped to its end
MAX_SKIP = 1 << 20
MAX_JSON = 1 << 20  # bytes of a JSON quiz file at most
MAX_PRINTED = 64  # meaningful lines read ahead for a printed grid (three grids and borders)
#: the lines passed over (no quiz, before the one asked for) that a note names; the rest counted
NAMED_PASSED = 5
#: a section header line (SadMan's ``[Puzzle]``)
SECTION = re.compile(r"\[[A-Za-z ]+\]")
GRID_LINE = re.compile(
    r"[ \t]*([0-9]{1,4})[ \t]*,[ \t]*([0-9]{1,4})[ \t]*:?[ \t]*([0-9.]{81})[ \t]*"
)
#: a grid line whose quiz may have the wrong number of cells (at least QUIZ_LINE_MIN)
GRID_LINE_ANY = re.compile(
    r"[ \t]*([0-9]{1,4})[ \t]*,[ \t]*([0-9]{1,4})[ \t]*:?[ \t]*([0-9.]{27,})[ \t]*"
)
JSON_SHAPE = '{"grids": [{"at": [row, col], "quiz": "..."}, ...]}'


def is_quiz_string(text: str) -> bool:
    # (as ASCII bytes with those characters deleted, nothing is left only if all were: the
    # cheapest test in CPython, and rating tests every line of a file)
    return len(text) == CELLS and text.isascii() and not text.encode().translate(None, QUIZ_BYTES)


class NoPuzzle(QuizError):
    """A line that holds no puzzle (``line_puzzle``): ``fault`` says what is wrong, in
    ``no_puzzle``'s words, for a reader to place (``FILE:LINE:``, ``Invalid line N:``);
    ``brief`` the same where the words around say already that the line is no quiz (the lines
    ``load-quiz`` passed over): the line itself, when nothing more is wrong with it; ``line``
    is the refusal of a puzzle typed alone (``Invalid quiz: ...``)."""

    def __init__(self, fault: str, brief: str | None = None) -> None:
        super().__init__(f"Invalid quiz: {fault}.")
        self.fault = fault
        self.brief = fault if brief is None else brief


def line_quiz(line: str) -> Quiz:
    """The puzzle of a line (``line_puzzle``) as ``rate``, ``difficulty`` and the API measure
    it: a quiz of 81 characters, or a pencil-mark puzzle of 729 (``pencil_mark_quiz``);
    ``QuizError`` (``NoPuzzle`` for a line that holds none) for one that cannot be read."""
    text = line_puzzle(line)
    return pencil_mark_quiz(text) if len(text) == SUKAKU else Quiz.from_string(text)


def pencil_mark_quiz(text: str) -> Quiz:
    """A 729-character pencil-mark line as a puzzle of its candidates (``Quiz.from_marks``),
    as SHC and SukakuExplainer read it; ``QuizError`` for a line that is none."""
    return Quiz.from_marks(marks.string_masks(text), text)


def line_puzzle(line: str) -> str:
    """The puzzle a line of a one-per-line file holds, its note left out: 81 characters of
    ``0``-``9`` and ``.`` (a quiz) or 729 (a pencil-mark line, a candidate string: its
    characters checked where it is read, ``pencil_marks.string_masks``), up to the
    line's end or to a ``;``, ``,``, ``#``, tab or blank, after which anything may follow (a
    rating, a name, SHC's ``...86.;1;3;MithTE3#1;Trid=3``, the forum's ``...4.. ED=11.9``); a
    HoDoKu library line's givens. ``NoPuzzle`` for any other line."""
    head = _head(line)
    if len(head) == SUKAKU or (len(head) == CELLS and _all_cells(head)):
        return head  # (a pencil-mark line is checked as it is read: its place of each digit)
    text = line.strip()
    if text.startswith(":") and marks.is_library_line(text):  # a HoDoKu library line
        givens = marks.library_givens(text)
        if len(givens) == CELLS and _all_cells(givens):
            return givens
        raise NoPuzzle(f"a library line whose givens have {length_fault(len(givens), grid=True)}")
    raise no_puzzle(line)


def no_puzzle(line: str) -> NoPuzzle:
    """What is wrong with a line that is no puzzle (``line_puzzle``), in the words every surface
    says it in (rate, load-quiz, the API): a run of cells of another length is ``K characters
    where 81 (a puzzle) or 729 (a pencil-mark line) are needed`` (``K`` the whole line's, however
    long: a line cut for its length says its real length); an attempted puzzle with a character
    that is no cell names it, escaped (``'\\x00'``); anything else is ``not a puzzle line``
    with the line shown."""
    if isinstance(line, Cut):
        return NoPuzzle(length_fault(line.length, whole=line.whole))
    text, head = line.strip(), _head(line)
    if head and _all_cells(head) and (head == text or len(head) >= QUIZ_LINE_MIN):
        return NoPuzzle(length_fault(len(head)))
    stray = _stray_cell(head, len(line) - len(line.lstrip()))
    if stray is not None:
        return NoPuzzle(stray)
    said = shown(text)
    return NoPuzzle(f"not a puzzle line ({PUZZLE_FORM}): {said!r}", said)


#: what a puzzle line holds, said where a line is none
PUZZLE_FORM = f"{CELLS} characters of 0-9 or ., or {SUKAKU}: a pencil-mark line"


def length_fault(count: int, *, grid: bool = False, whole: bool = True) -> str:
    """What is wrong with a puzzle of ``count`` characters: the one wording of every surface
    (``rate``, ``load-quiz``, the API, ``difficulty``), naming both lengths a puzzle line may
    have; ``grid``: a grid of a puzzle of several, which is 81 only; ``whole`` False: the line
    was longer still (a device's endless line, read no further)."""
    more = "" if whole else "more than "
    wanted = f"{CELLS}" if grid else f"{CELLS} (a puzzle) or {SUKAKU} (a pencil-mark line)"
    return f"{more}{count:,} characters where {wanted} are needed"


def _head(line: str) -> str:
    """A line's first word: its puzzle, where it holds one (``NOTE`` ends it)."""
    return NOTE.split(line.strip(), 1)[0]


def _all_cells(text: str) -> bool:
    return text.isascii() and not text.encode().translate(None, QUIZ_BYTES)


def _stray_cell(text: str, offset: int = 0) -> str | None:
    """An attempted puzzle's first character that is no cell, named with its column (counted
    from ``offset``) and escaped as Python writes it (``'\\x00'``, ``'\\t'``): at least
    ``QUIZ_LINE_MIN`` cells, and at most one character in nine something else; None for any
    other text."""
    cells = len(_digits(text))
    if cells < QUIZ_LINE_MIN or 9 * (len(text) - cells) > len(text):
        return None
    for column, ch in enumerate(text, offset + 1):
        if ch not in QUIZ_CHARS:
            return f"character {column} is {escaped(ch)}, not a cell (1-9, or 0 or . when empty)"
    return None


def _digits(line: str) -> str:
    return "".join(ch for ch in line if ch in QUIZ_CHARS)


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
            else:
                return self.read, line
        return None

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
            return QuizError(_only(name, entries, "quiz", "quizzes"))
        return QuizError(
            f"{_only(name, entries, 'quiz line').removesuffix('.')}; passed over "
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


def one_per_line(lines: QuizLines) -> bool:
    """Whether the file is (meant as) one quiz per line: a line of at least ``QUIZ_LINE_MIN``
    cells among its first nine meaningful lines, or a file of one line whose puzzle is a run of
    more than nine cells (a line alone is no grid of nine rows: ``1.......2.3..2..4`` is a puzzle
    line too short, not a row), and no grid-list line first. Only looks ahead."""
    first = lines.ahead(0)
    if first is None or GRID_LINE_ANY.fullmatch(first[1]):
        return False
    head = lines.head(9)
    if any(marks.is_border(line) for _, line in head) or marks.looks_like_grid(
        [line for _, line in head]
    ):
        return False  # a printed grid or a candidate grid: one position
    if len(head) == 1 and len(alone := _head(first[1])) > 9 and _all_cells(alone):
        return True
    return any(len(_digits(line)) >= QUIZ_LINE_MIN for _, line in head)


def parse_lines(lines: Iterable[str], name: str, number: int = 1) -> Quiz:
    """Quiz number ``number`` (1-based) of a file's lines, in any of the file formats."""
    return parse(QuizLines(lines), name, number)


def parse(lines: QuizLines, name: str, number: int = 1) -> Quiz:
    """Quiz number ``number`` (1-based) of a file's meaningful lines, in any of the file formats
    (of a position with candidates, its givens)."""
    return parse_position(lines, name, number).quiz


def parse_position(lines: QuizLines, name: str, number: int = 1) -> Position:
    """Position number ``number`` (1-based) of a file's meaningful lines, in any of the file
    formats: a quiz, or a quiz with values placed and candidates deleted (``pencil_marks``). In
    a file of one a line, ``number`` counts its quiz lines, a line that is no quiz included (as
    ``rate --skip`` counts them): those before it are passed over and said in
    ``passed_over``."""
    position = _position(lines, name, number)
    if lines.passed:
        return position._replace(passed_over=f"Passed over {lines.passed_clause()}.")
    return position


def _position(lines: QuizLines, name: str, number: int) -> Position:
    first = lines.ahead(0)
    if first is None:
        raise lines.no_quiz(name)
    if marks.is_library_line(first[1]):
        return _nth(lines, name, number, "library line", marks.is_library_line, marks.parse_library)
    if marks.is_candidate_string(_head(first[1])):  # (a note may follow each)
        return _nth(
            lines, name, number, "candidate string",
            lambda line: marks.is_candidate_string(_head(line)),
            lambda line, source: marks.parse_candidate_string(_head(line), source),
        )  # fmt: skip
    if GRID_LINE_ANY.fullmatch(first[1]):
        return plain(_grid_list(lines, name))
    printed = _printed(lines, name) if len(_digits(first[1])) < CELLS else None
    if printed is not None:
        if number != 1:
            raise QuizError(_only(name, 1, "quiz", "quizzes"))
        return printed
    return plain(_quiz(lines, name, number, first))


def _nth(
    lines: QuizLines,
    name: str,
    number: int,
    kind: str,
    fits: Callable[[str], bool],
    read: Callable[[str, str], Position],
) -> Position:
    """Position ``number`` of a file of one position a line (library lines, candidate strings):
    a line before it that is not one is passed over, and so is any line after it."""
    found = 0
    for n, line in lines:
        found += 1
        if not fits(line):
            fault = f"{shown(line)} (not a {kind}, as line 1 is)"
            if found == number:
                raise QuizError(f"Invalid line {n}: {fault}.", n)
            lines.pass_over(n, fault)
            continue
        if found == number:
            try:
                return read(line, f"{name} #{number}")
            except QuizError as e:
                what = e.line
                for prefix in (f"Invalid {kind}: ", "Invalid quiz: "):
                    what = what.removeprefix(prefix)
                raise QuizError(f"Invalid line {n}: {what}", n) from None
    raise lines.past_the_end(name, found)


def _printed(lines: QuizLines, name: str) -> Position | None:
    """A grid printed with borders (Simple Sudoku's ``.ss``: its givens, then maybe its values,
    then maybe its candidate grid), a SadMan ``.sdk`` file's ``[Puzzle]`` section, or a
    candidate grid; None when the file is none of these (nothing is read)."""
    head = lines.head(MAX_PRINTED)
    texts = [text for _, text in head]
    headers = [k for k, text in enumerate(texts) if SECTION.fullmatch(text.strip())]
    if headers:
        if texts[headers[0]].strip().lower() != "[puzzle]":
            return None
        end = headers[1] if len(headers) > 1 else len(head)
        head = head[headers[0] + 1 : end]
    elif not any(marks.is_border(text) for text in texts[:13]):
        if not marks.looks_like_grid(texts[:9]):
            return None
        head = head[:9]
    rows = [(n, text) for n, text in head if not marks.is_border(text)]
    if not rows or len(rows) % 9 or len(rows) > 27:
        raise QuizError(
            f"Quiz file {shown(name, PATH)} has {len(rows)} grid rows between its borders, "
            "where 9 are needed (or 18, 27: Simple Sudoku's givens, values and candidates)."
        )
    blocks = [rows[k : k + 9] for k in range(0, len(rows), 9)]
    grids = [b for b in blocks if not marks.looks_like_grid([text for _, text in b])]
    candidates = [b for b in blocks if b not in grids]
    if len(grids) > 2 or len(candidates) > 1:
        raise QuizError(
            f"Quiz file {shown(name, PATH)} has {len(grids)} value grids and "
            f"{len(candidates)} candidate grids: at most 2 and 1 are read (givens, values, "
            "candidates)."
        )
    masks = marks.candidate_masks(candidates[0]) if candidates else None
    if not grids:
        assert masks is not None
        return marks.from_candidates(masks, name)
    givens = _nine_lines(grids[0], name, 1).givens
    values = _nine_lines(grids[1], name, 1).givens if len(grids) > 1 else givens
    for cell, (g, v) in enumerate(zip(givens, values)):
        if g and v != g:
            raise QuizError(
                f"Invalid quiz: the values grid has {v or '.'} at {CLASSIC.cell_name(cell)} "
                f"where the givens grid has {g}."
            )
    placed = [0 if g else v for g, v in zip(givens, values)]
    wanted = [None if v or masks is None else masks[c] for c, v in enumerate(values)]
    return marks.position(givens, placed, wanted, name)


def _quiz(lines: QuizLines, name: str, number: int, first: tuple[int, str]) -> Quiz:
    if len(_digits(first[1])) >= CELLS:
        return _one_per_line(lines, name, number)
    # read ahead only while the lines may still be a frame layout (a frame needs them all)
    head = [first]
    frame_like = set(first[1].rstrip()) <= FRAME_CHARS
    while len(head) <= MAX_FRAME_ROWS and (frame_like or len(head) < 9):
        item = lines.ahead(len(head))
        if item is None:
            break
        head.append(item)
        frame_like = frame_like and set(item[1].rstrip()) <= FRAME_CHARS
    frame = _frame(head, name) if frame_like else None
    if frame is not None:
        return frame
    if one_per_line(lines):  # an attempted quiz line of the wrong size, not a row
        return _one_per_line(lines, name, number)
    return _nine_lines(head, name, number)


def _one_per_line(lines: QuizLines, name: str, number: int) -> Quiz:
    """Quiz ``number`` of a file of one a line, counting every meaningful line: one before it
    that is no quiz is passed over (``QuizLines.pass_over``), one after it is not read."""
    entries = 0
    for n, line in lines:
        entries += 1
        try:
            text = line_puzzle(line)
        except NoPuzzle as e:
            if entries == number:
                raise QuizError(f"Invalid line {n}: {e.fault}.", n) from None
            lines.pass_over(n, e.brief)
            continue
        if entries == number:
            source = f"{name} #{number}"
            if len(text) == SUKAKU:  # a candidate string among quizzes: its values
                return marks.parse_candidate_string(text, source).quiz
            return Quiz.from_string(text, source)
    raise lines.past_the_end(name, entries)


def _nine_lines(head: list[tuple[int, str]], name: str, number: int) -> Quiz:
    rows: list[str] = []
    for n, line in head:
        digits = _digits(line)
        if len(digits) < 9:
            raise QuizError(f"Invalid line {n}: {shown(line)}.", n)
        rows.append(digits[:9])
        if len(rows) == 9:
            if number != 1:
                raise QuizError(_only(name, 1, "quiz", "quizzes"))
            return Quiz.from_string("".join(rows), name)
    raise QuizError(_only(name, len(rows), "row"))


def _only(name: str, n: int, one: str, many: str | None = None) -> str:
    """A quiz number past the file's end, or a file that ends too soon."""
    return f"Quiz file {shown(name, PATH)} has only {counted(n, one, many)}."


def _frame(head: list[tuple[int, str]], name: str) -> Quiz | None:
    """The frame layout, or None when the lines are not one."""
    lines = [line.rstrip() for _, line in head]
    if len(lines) <= 9 and max(len(line) for line in lines) <= 11:
        return None
    if not any(" " in line.lstrip(" ") or line.startswith(" ") for line in lines):
        return None  # no gap anywhere: long rows of the nine-line format, not a frame
    present = {(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch != " "}
    height = len(lines)
    width = max(len(line) for line in lines)
    grids = [
        (r0, c0)
        for r0 in range(0, height - 8, 3)
        for c0 in range(0, width - 8, 3)
        if all((r0 + r, c0 + c) in present for r in range(9) for c in range(9))
    ]
    covered = {(r0 + r, c0 + c) for r0, c0 in grids for r in range(9) for c in range(9)}
    if len(grids) < 2 or covered != present:
        return None
    texts = ["".join(lines[r0 + k // 9][c0 + k % 9] for k in range(81)) for r0, c0 in grids]
    return Quiz.from_grids([(r0, c0, t) for (r0, c0), t in zip(grids, texts)], name)


def _grid_list(items: Iterable[tuple[int, str]], name: str) -> Quiz:
    grids = []
    for n, line in items:
        match = GRID_LINE_ANY.fullmatch(line)
        if not match:
            raise QuizError(f"Invalid line {n}: {shown(line)}.", n)
        if len(match.group(3)) != CELLS:
            raise QuizError(f"Invalid line {n}: {length_fault(len(match.group(3)), grid=True)}.", n)
        grids.append((int(match.group(1)), int(match.group(2)), match.group(3)))
    return Quiz.from_grids(grids, name)


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


def parse_inline_grids(text: str) -> Quiz | None:
    """``R,C:QUIZ;R,C:QUIZ;...`` typed in place of a file name, or None if it is not that."""
    parts = text.split(";")
    if len(parts) < 2:
        return None
    grids = []
    matches = [GRID_LINE_ANY.fullmatch(part) for part in parts]
    for k, match in enumerate(matches, 1):
        if not match:
            return None
        cells = match.group(3)
        if len(cells) != CELLS:
            raise QuizError(f"Invalid quiz: grid {k} has {length_fault(len(cells), grid=True)}.")
        grids.append((int(match.group(1)), int(match.group(2)), cells))
    return Quiz.from_grids(grids, "inline grids")


def load_json(path: str) -> Quiz:
    """A ``.json`` puzzle file: ``{"grids": [{"at": [R, C], "quiz": "..."}, ...]}``; each fault
    is named in the words of that shape."""
    where = shown(path, PATH)
    size = os.path.getsize(path)
    if size > MAX_JSON:
        raise QuizError(
            f"Quiz file {where} is too big for a JSON quiz ({size} bytes; at most {MAX_JSON})."
        )
    with open_binary_input(path) as f:
        raw = f.read(MAX_JSON + 1)

    def invalid(what: str) -> QuizError:
        return QuizError(f"Invalid quiz file {where}: {what}.")

    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise invalid("not JSON: not UTF-8 text") from None
    if not text.strip():
        raise QuizError(f"Quiz file {where} is empty.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise invalid(f"not JSON at line {e.lineno} column {e.colno} ({e.msg})") from None
    except RecursionError:
        raise invalid("not JSON: nested too deeply") from None
    if not isinstance(data, dict) or "grids" not in data:
        raise invalid(f'no "grids" list (want {JSON_SHAPE})')
    if not isinstance(data["grids"], list):
        raise invalid('"grids" is not a list')
    grids = []
    for k, grid in enumerate(data["grids"], 1):
        if not isinstance(grid, dict):
            raise invalid(f'grid {k} is not an object with "at" and "quiz"')
        for key in ("at", "quiz"):
            if key not in grid:
                raise invalid(f'grid {k} has no "{key}"')
        at, quiz = grid["at"], grid["quiz"]
        if not (
            isinstance(at, list)
            and len(at) == 2
            and all(type(v) is int and 0 <= v <= MAX_OFFSET for v in at)
        ):
            raise invalid(
                f'grid {k}: "at" is not [row, col], two whole numbers from 0 to {MAX_OFFSET}'
            )
        if not isinstance(quiz, str):
            raise invalid(f'grid {k}: "quiz" is not a string')
        if not is_quiz_string(quiz):
            raise invalid(
                f'grid {k}: "quiz" has {length_fault(len(quiz), grid=True)}'
                if _all_cells(quiz)
                else f"grid {k}: \"quiz\" is not {CELLS} cells of 0-9 or '.'"
            )
        grids.append((at[0], at[1], quiz))
    return Quiz.from_grids(grids, path)


def load(argument: str, number: int = 1) -> Quiz:
    """What ``load-quiz`` names: an 81-character string, inline grids, or a file to read (of a
    position with candidates, its givens: ``load_position`` reads the rest)."""
    return load_position(argument, number).quiz


def inline_position(argument: str) -> Position | None:
    """The position ``argument`` is written as itself (an 81-character string, a candidate
    string, a HoDoKu library line, inline grids); None when it is none of them (a file name);
    ``QuizError`` for an attempted quiz line of the wrong size."""
    if is_quiz_string(argument):
        return plain(Quiz.from_string(argument))
    if marks.is_candidate_string(argument):
        return marks.parse_candidate_string(argument, "candidate string")
    if marks.is_library_line(argument):
        return marks.parse_library(argument, "library line")
    inline = parse_inline_grids(argument)
    if inline is not None:
        return plain(inline)
    fault = attempted_quiz_fault(argument)
    if fault is not None:
        raise QuizError(f"Invalid quiz: {fault}.")  # not a file name
    return None


def attempted_quiz_fault(argument: str) -> str | None:
    """What is wrong with an argument that is an attempted quiz, not a file name: at least
    ``QUIZ_LINE_MIN`` cells and at most one character in nine something else (an 81-character
    quiz with a letter or a blank typed among its cells), and no ``/``; None for any other
    argument. Its first character that is no cell is named, else its length
    (``length_fault``)."""
    if "/" in argument or os.sep in argument:
        return None
    stray = _stray_cell(argument)
    if stray is not None:
        return stray
    if len(argument) >= QUIZ_LINE_MIN and _all_cells(argument):
        return length_fault(len(argument))
    return None


def load_position(argument: str, number: int = 1) -> Position:
    """What ``load-quiz`` names, with the values placed and candidates deleted of a position
    read with its candidates: an 81-character string, inline grids, a 729-character candidate
    string, a HoDoKu library line, or a file to read."""
    if not os.path.exists(argument):
        position = inline_position(argument)
        if position is not None:
            return position
    try:
        if argument.lower().endswith(".json") and os.path.isfile(argument):
            return plain(load_json(argument))
        with open_quiz_file(argument) as f:
            return parse_position(QuizLines(bounded_lines(f)), argument, number)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise QuizError(file_error("Fail to open quiz file", argument, e)) from None

"""Reading quizzes: the original nine-line format, one quiz per line, an inline string, and
puzzles of several grids (a frame layout, a list of grids with offsets, or the JSON of
puzzles/variants).

Files are read line by line and only as far as the wanted quiz, so a huge file costs no more
than its first quizzes.

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

import json
import os
import re
from collections.abc import Iterable, Iterator
from typing import TextIO

from sudoku_repl.core.errors import PATH, QuizError, file_error, shown
from sudoku_repl.core.quiz import Quiz

QUIZ_CHARS = frozenset("0123456789.")
FRAME_CHARS = frozenset("0123456789. ")
MAX_FRAME_ROWS = 99
MAX_LINE = 65536  # characters of a line read at most
MAX_SKIP = 1 << 20  # characters of an overlong line skipped before it counts as ended
MAX_JSON = 1 << 20  # bytes of a JSON quiz file at most
GRID_LINE = re.compile(
    r"[ \t]*([0-9]{1,4})[ \t]*,[ \t]*([0-9]{1,4})[ \t]*:?[ \t]*([0-9.]{81})[ \t]*"
)


def is_quiz_string(text: str) -> bool:
    return len(text) == 81 and set(text) <= QUIZ_CHARS


def _digits(line: str) -> str:
    return "".join(ch for ch in line if ch in QUIZ_CHARS)


def _meaningful(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number, text) of the lines that are neither empty nor comments."""
    for n, raw in enumerate(lines, 1):
        line = raw.lstrip("\ufeff").rstrip("\r\n")
        if line.strip() and not line.lstrip().startswith("#"):
            yield n, line


def parse_lines(lines: Iterable[str], name: str, number: int = 1) -> Quiz:
    """Quiz number ``number`` (1-based) of a file's lines, in any of the file formats."""
    meaningful = _meaningful(lines)
    first = next(meaningful, None)
    if first is None:
        raise QuizError(f"Quiz file {shown(name, PATH)} has only 0 rows.")
    if GRID_LINE.fullmatch(first[1]):
        return _grid_list([first, *meaningful], name)
    if len(_digits(first[1])) >= 81:
        return _one_per_line(first, meaningful, name, number)
    # read ahead only while the lines may still be a frame layout (a frame needs them all)
    head = [first]
    frame_like = set(first[1].rstrip()) <= FRAME_CHARS
    while len(head) <= MAX_FRAME_ROWS and (frame_like or len(head) < 9):
        item = next(meaningful, None)
        if item is None:
            break
        head.append(item)
        frame_like = frame_like and set(item[1].rstrip()) <= FRAME_CHARS
    frame = _frame(head, name) if frame_like else None
    if frame is not None:
        return frame
    return _nine_lines(head, name, number)


def _one_per_line(
    first: tuple[int, str], rest: Iterator[tuple[int, str]], name: str, number: int
) -> Quiz:
    quizzes = 0
    for n, line in _chain(first, rest):
        digits = _digits(line)
        if len(digits) < 81:  # a one-per-line file: every meaningful line must be a quiz
            raise QuizError(f"Invalid line {n}: {shown(line)}.")
        quizzes += 1
        if quizzes == number:
            return Quiz.from_string(digits[:81], f"{name} #{number}")
    raise QuizError(f"Quiz file {shown(name, PATH)} has only {quizzes} quizzes.")


def _chain(first: tuple[int, str], rest: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    yield first
    yield from rest


def _nine_lines(head: list[tuple[int, str]], name: str, number: int) -> Quiz:
    rows: list[str] = []
    for n, line in head:
        digits = _digits(line)
        if len(digits) < 9:
            raise QuizError(f"Invalid line {n}: {shown(line)}.")
        rows.append(digits[:9])
        if len(rows) == 9:
            if number != 1:
                raise QuizError(f"Quiz file {shown(name, PATH)} has only 1 quizzes.")
            return Quiz.from_string("".join(rows), name)
    raise QuizError(f"Quiz file {shown(name, PATH)} has only {len(rows)} rows.")


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


def _grid_list(items: list[tuple[int, str]], name: str) -> Quiz:
    grids = []
    for n, line in items:
        match = GRID_LINE.fullmatch(line)
        if not match:
            raise QuizError(f"Invalid line {n}: {shown(line)}.")
        grids.append((int(match.group(1)), int(match.group(2)), match.group(3)))
    return Quiz.from_grids(grids, name)


def _bounded_lines(f: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The file's lines, each cut at ``limit`` characters: a file with no line breaks (or a
    line of megabytes) is never held in memory whole."""
    while True:
        line = f.readline(limit)
        if not line:
            return
        if len(line) == limit and not line.endswith("\n"):
            skipped = 0
            while skipped < MAX_SKIP:  # skip the rest of an overlong line, up to a point
                more = f.readline(limit)
                skipped += len(more)
                if len(more) < limit or more.endswith("\n"):
                    break
        yield line


def parse_inline_grids(text: str) -> Quiz | None:
    """``R,C:QUIZ;R,C:QUIZ;...`` typed in place of a file name, or None if it is not that."""
    parts = text.split(";")
    if len(parts) < 2:
        return None
    grids = []
    for part in parts:
        match = GRID_LINE.fullmatch(part)
        if not match:
            return None
        grids.append((int(match.group(1)), int(match.group(2)), match.group(3)))
    return Quiz.from_grids(grids, "inline grids")


def _json(path: str) -> Quiz:
    size = os.path.getsize(path)
    if size > MAX_JSON:
        raise QuizError(
            f"Quiz file {shown(path, PATH)} is too big for a JSON quiz ({size} bytes; at most "
            f"{MAX_JSON})."
        )
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        grids = [(int(g["at"][0]), int(g["at"][1]), str(g["quiz"])) for g in data["grids"]]
    except (ValueError, KeyError, TypeError, IndexError) as e:
        raise QuizError(
            f"Invalid quiz file {shown(path, PATH)}: want JSON with grids of 'at' [row, col] and 'quiz' "
            f"({type(e).__name__})."
        ) from None
    for r0, c0, text in grids:
        if not is_quiz_string(text):
            raise QuizError(
                f"Invalid quiz file {shown(path, PATH)}: the grid at {r0},{c0} is not 81 cells."
            )
    return Quiz.from_grids(grids, path)


def load(argument: str, number: int = 1) -> Quiz:
    """What ``load-quiz`` names: an 81-character string, inline grids, or a file to read."""
    if not os.path.exists(argument):
        if is_quiz_string(argument):
            return Quiz.from_string(argument)
        inline = parse_inline_grids(argument)
        if inline is not None:
            return inline
    try:
        if argument.lower().endswith(".json") and os.path.isfile(argument):
            return _json(argument)
        with open(argument, encoding="utf-8", errors="replace", newline="") as f:
            return parse_lines(_bounded_lines(f), argument, number)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise QuizError(file_error("Fail to open quiz file", argument, e)) from None

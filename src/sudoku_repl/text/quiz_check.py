"""A quiz file's problem, placed for an editor to mark (``sudoku-repl dap --check``, docs/dap.md):
what ``load-quiz`` would refuse in the file's text, and where: the line at fault, the digits of
a value given twice (on the rows' lines of the nine-line form), the character of a line that is
no cell and no separator (named), the last line of a file that ends too soon, else the
first meaningful line.
Lines and columns are 1-based; a range ends after its last character."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sudoku_repl.core.errors import QuizError, shown
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.text.quiz_files import QUIZ_CHARS, QuizLines, parse_position


class Problem(NamedTuple):
    """One mark: ``line``, the columns ``start`` up to ``end`` (after its last character), and
    ``message``, the shell's line."""

    line: int
    start: int
    end: int
    message: str

    def json(self) -> dict[str, object]:
        return {"line": self.line, "column": self.start, "endColumn": self.end,
                "message": self.message}  # fmt: skip


def quiz_problems(lines: Sequence[str], name: str) -> list[Problem]:
    """What ``load-quiz`` would refuse in a file of these ``lines`` (named ``name`` in the
    message), placed; none when it loads."""
    try:
        parse_position(QuizLines(lines), name)
    except QuizError as e:
        return _placed(e, lines)
    return []


def _placed(error: QuizError, lines: Sequence[str]) -> list[Problem]:
    texts = [line.rstrip("\r\n") for line in lines]
    if error.file_line is not None and 1 <= error.file_line <= len(texts):
        return [
            _stray(error.file_line, texts, error.line) or _whole(error.file_line, texts, error.line)
        ]
    head = QuizLines(lines).head(9)
    digits = [
        (number, [k for k, ch in enumerate(text, 1) if ch in QUIZ_CHARS]) for number, text in head
    ]
    if error.cells and len(head) == 9 and all(len(columns) == 9 for _, columns in digits):
        found = []
        for cell in error.cells:
            r, c = CLASSIC.positions[cell]
            number, columns = digits[r]
            found.append(Problem(number, columns[c], columns[c] + 1, error.line))
        return found
    if head:  # (a file that ends too soon: its last line; else its first)
        return [_whole(head[-1][0] if len(head) < 9 else head[0][0], texts, error.line)]
    return [Problem(1, 1, 1, error.line)]


#: what a line of cells may hold besides them: blanks and a printed grid's borders
SEPARATORS = frozenset(" \t|+-*")


def _stray(number: int, texts: Sequence[str], message: str) -> Problem | None:
    """The first character of line ``number`` that is neither a cell nor a separator, marked
    and named (None: the line has none)."""
    text = texts[number - 1]
    for k, ch in enumerate(text, 1):
        if ch not in QUIZ_CHARS and ch not in SEPARATORS:
            named = f"{message} Column {k}, {shown(ch)!r}, is not a cell: a cell is a digit or '.'."
            return Problem(number, k, k + 1, named)
    return None


def _whole(number: int, texts: Sequence[str], message: str) -> Problem:
    """Line ``number`` from its first character to its last (blanks around left out)."""
    text = texts[number - 1]
    start = len(text) - len(text.lstrip()) + 1
    return Problem(number, start, max(start, len(text.rstrip()) + 1), message)

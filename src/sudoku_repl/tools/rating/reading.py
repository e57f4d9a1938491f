"""``rate``'s reading of its file: the entries of a one-quiz-per-line file (``read_quizzes``).

An *entry* is a meaningful line of the file (neither blank nor a ``#`` comment): a quiz, or a
malformed line, reported with its line number and skipped. ``--skip``/``--limit`` count entries.
A file that is not one quiz per line (``quiz_files.one_per_line``: no line of 27 cells or more
among its first nine) is read as ``load-quiz`` reads it, one quiz and one entry: the nine-line
format, say. A file with no quiz is refused in one line.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from sudoku_repl.core.errors import PATH, QuizError, UserError, file_error, shown
from sudoku_repl.core.quiz import SUKAKU, Quiz
from sudoku_repl.text import pencil_marks, quiz_files
from sudoku_repl.text.files import open_input
from sudoku_repl.text.quiz_files import is_quiz_string


def read_quizzes(path: str) -> Iterator[tuple[int, Quiz | str]]:
    """(line number, quiz) for each quiz line of a one-per-line file (81 characters, or 729: a
    pencil-mark puzzle, ``Quiz.from_sukaku``), (line number, what is wrong)
    for each malformed one (not 81 characters of 0-9 or ``.``, or clashing givens); blank and
    ``#`` lines are passed over. A file in another format (the nine-line format, JSON) is one
    quiz, numbered by its first meaningful line. Raises ``UserError`` when the file cannot be
    read, is not one quiz per line and holds no 9x9 quiz (empty, binary, too few rows, a puzzle
    of several grids)."""
    try:
        if path.lower().endswith(".json") and os.path.isfile(path):
            yield 1, _classic(quiz_files.load_json(path), path)
            return
        with open_input(path) as f:
            lines = quiz_files.QuizLines(quiz_files.bounded_lines(f))
            if not quiz_files.one_per_line(lines):
                first = lines.ahead(0)
                quiz = quiz_files.parse(lines, path)
                yield (first[0] if first else 1), _classic(quiz, path)
                return
            for n, line in lines:
                if isinstance(line, quiz_files.Cut):
                    yield n, f"not a quiz: a line of {quiz_files.MAX_LINE:,} characters or more."
                    continue
                text = line.strip().split(None, 1)[0] if line.strip() else ""
                if len(text) == SUKAKU:  # a pencil-mark puzzle (issue 60), candidates kept
                    try:
                        yield n, sukaku(text)
                    except QuizError as e:
                        yield n, e.line
                    continue
                text = quiz_files.quiz_part(line.strip())
                if not is_quiz_string(text):
                    fault = quiz_files.cells_fault(text)
                    yield n, (
                        f"{fault}." if fault
                        else f"not a quiz (81 characters of 0-9 or .): {shown(text)!r}"
                    )  # fmt: skip
                    continue
                try:
                    yield n, Quiz.from_string(text)
                except QuizError as e:
                    yield n, e.line
    except OSError as e:
        raise UserError(file_error("Cannot read", path, e)) from None
    except QuizError as e:  # the whole file is refused
        where = shown(path, PATH)
        raise UserError(e.line if where in e.line else f"{where}: {e.line}") from None


def sukaku(text: str) -> Quiz:
    """A 729-character pencil-mark line as a puzzle of its candidates (``Quiz.from_marks``);
    ``QuizError`` for a line that is none."""
    return Quiz.from_marks(pencil_marks.string_masks(text), text)


def _classic(quiz: Quiz, path: str) -> Quiz:
    if not quiz.geometry.classic:
        grids = len(quiz.geometry.grids)
        raise QuizError(
            f"{shown(path, PATH)} is a puzzle of {grids} grids; rate takes 9x9 quizzes."
        )
    return quiz

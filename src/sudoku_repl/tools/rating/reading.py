"""``rate``'s reading of its file: the entries of a one-quiz-per-line file (``read_quizzes``).
A file's rules line (docs/variants.md) plays each of its quizzes by its rules: a quiz whose
givens the rules forbid is a malformed line.

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
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.rules import Rules
from sudoku_repl.core.rules import parse as parse_rules
from sudoku_repl.text import quiz_files


def read_quizzes(path: str) -> Iterator[tuple[int, Quiz | str]]:
    """(line number, quiz) for each quiz line of a one-per-line file (``quiz_files.line_quiz``:
    81 characters, or 729, a pencil-mark puzzle, a note after either), (line number, what is
    wrong) for each malformed one (``no_puzzle``'s words, or clashing givens); blank and ``#``
    lines are passed over. A file in another format (the nine-line format, JSON) is one quiz,
    numbered by its first meaningful line. Raises ``UserError`` when the file cannot be read,
    is not one quiz per line and holds no 9x9 quiz (empty, binary, too few rows, a puzzle of
    several grids)."""
    try:
        if path.lower().endswith(".json") and os.path.isfile(path):
            yield 1, _classic(quiz_files.load_json(path), path)
            return
        with quiz_files.open_quiz_file(path) as f:
            lines = quiz_files.QuizLines(quiz_files.bounded_lines(f))
            lines.ahead(0)  # (a rules line comes before the first quiz)
            rules = _rules(lines.rules)
            if not quiz_files.one_per_line(lines):
                first = lines.ahead(0)
                quiz = quiz_files.parse(lines, path)
                yield (first[0] if first else 1), _classic(quiz, path).with_rules(rules)
                return
            for n, line in lines:
                try:
                    yield n, quiz_files.line_quiz(line, not rules.words).with_rules(rules)
                except quiz_files.NoPuzzle as e:
                    yield n, f"{e.fault}."
                except QuizError as e:
                    yield n, e.line
    except OSError as e:
        raise UserError(file_error("Cannot read", path, e)) from None
    except QuizError as e:  # the whole file is refused
        where = shown(path, PATH)
        raise UserError(e.line if where in e.line else f"{where}: {e.line}") from None


def _rules(line: tuple[int, str] | None) -> Rules:
    """The rules a file's rules line states (its number, its words), checked; none: classic
    sudoku. ``QuizError`` naming the line for rules not played."""
    if line is None:
        return Rules()
    try:
        return parse_rules(line[1])
    except QuizError as e:
        raise QuizError(f"line {line[0]}: {e.line}") from None


def _classic(quiz: Quiz, path: str) -> Quiz:
    if not quiz.geometry.one_grid:
        grids = len(quiz.geometry.grids)
        raise QuizError(
            f"{shown(path, PATH)} is a puzzle of {grids} grids; rate takes 9x9 quizzes."
        )
    return quiz

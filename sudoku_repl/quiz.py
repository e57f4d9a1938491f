"""Reading quizzes: the original nine-line format, one quiz per line, or an inline string.

Files are read line by line and only as far as the wanted quiz, so a huge file costs no more
than its first quizzes.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

import attrs

from .errors import QuizError
from .geometry import CLASSIC, Geometry

QUIZ_CHARS = frozenset("0123456789.")
MAX_SHOWN = 40  # characters of a bad line quoted back


@attrs.frozen
class Quiz:
    """Givens of a quiz (0 = empty), row-major, and where they came from."""

    givens: tuple[int, ...]
    source: str

    @classmethod
    def from_string(cls, text: str, source: str = "") -> Quiz:
        """An 81-character quiz (``0`` or ``.`` for an empty cell), checked for clashes."""
        cells = tuple(0 if ch == "." else int(ch) for ch in text)
        quiz = cls(cells, source or text)
        check_clashes(quiz.givens)
        return quiz

    def __str__(self) -> str:
        return "".join(str(v) if v else "." for v in self.givens)


def is_quiz_string(text: str) -> bool:
    return len(text) == 81 and set(text) <= QUIZ_CHARS


def _digits(line: str) -> str:
    return "".join(ch for ch in line if ch in QUIZ_CHARS)


def _shown(line: str) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in line.rstrip("\r\n"))
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def _meaningful(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(line number, text) of the lines that are neither empty nor comments."""
    for n, raw in enumerate(lines, 1):
        line = raw.lstrip("\ufeff").rstrip("\r\n")
        if line.strip() and not line.lstrip().startswith("#"):
            yield n, line


def parse_lines(lines: Iterable[str], name: str, number: int = 1) -> Quiz:
    """Quiz number ``number`` (1-based) of a file's lines, in either file format."""
    rows: list[str] = []
    quizzes = 0
    for n, line in _meaningful(lines):
        digits = _digits(line)
        if not rows and len(digits) >= 81:
            quizzes += 1
            if quizzes == number:
                return Quiz.from_string(digits[:81], f"{name} #{number}")
            continue
        if quizzes:  # a one-per-line file: every meaningful line must be a quiz
            raise QuizError(f"Invalid line {n}: {_shown(line)}.")
        if len(digits) < 9:
            raise QuizError(f"Invalid line {n}: {_shown(line)}.")
        rows.append(digits[:9])
        if len(rows) == 9:
            if number != 1:
                raise QuizError(f"Quiz file {name} has only 1 quizzes.")
            return Quiz.from_string("".join(rows), name)
    if quizzes:
        raise QuizError(f"Quiz file {name} has only {quizzes} quizzes.")
    raise QuizError(f"Quiz file {name} has only {len(rows)} rows.")


def load(argument: str, number: int = 1) -> Quiz:
    """What ``load-quiz`` names: an 81-character string, or a file to read."""
    if is_quiz_string(argument) and not os.path.exists(argument):
        return Quiz.from_string(argument)
    try:
        with open(argument, encoding="utf-8", errors="replace", newline="") as f:
            return parse_lines(f, argument, number)
    except OSError as e:
        reason = e.strerror or str(e)
        raise QuizError(f"Fail to open quiz file {argument}: {reason}.") from None
    except UnicodeError as e:  # pragma: no cover - errors="replace" makes this unlikely
        raise QuizError(f"Fail to open quiz file {argument}: {e}.") from None


def check_clashes(givens: tuple[int, ...], geo: Geometry = CLASSIC) -> None:
    """Refuse the first value given twice in a unit (units and cells in scan order)."""
    for unit in geo.units:
        seen: dict[int, int] = {}
        for c in unit.cells:
            v = givens[c]
            if not v:
                continue
            if v in seen:
                raise QuizError(
                    f"Invalid quiz: {v} appears twice in {unit.name} "
                    f"({geo.cell_name(seen[v])} and {geo.cell_name(c)})."
                )
            seen[v] = c

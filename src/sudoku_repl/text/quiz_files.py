"""Reading quizzes: the original nine-line format, one quiz per line, an inline string, and
puzzles of several grids (a frame layout, a list of grids with offsets, or the JSON of
puzzles/variants).

Files are read line by line and only as far as the wanted quiz, so a huge file costs no more
than its first quizzes.

Which format a file is in is told by its first meaningful lines (neither blank nor ``#``
comments): a grid-list line; a line of 81 cells or more; a frame layout; a line of at least
``QUIZ_LINE_MIN`` cells among the first nine (an attempted quiz, never a row), or a file of one
line of more than nine cells; else the nine-line format. A file is UTF-8, or UTF-16 where it
begins with its byte order mark (``quiz_lines.open_quiz_file``).

A file's lines are read by ``quiz_lines`` (opened, bounded, the meaningful ones numbered) and a
line of a one-per-line file by ``puzzle_line`` (``line_puzzle``, in one place for ``load-quiz``,
``rate``, ``difficulty`` and the API); the names of both are importable from here too.

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
from collections.abc import Callable, Iterable

from sudoku_repl.core.errors import PATH, QuizError, file_error, shown
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.quiz import SUKAKU, Quiz, check_clashes
from sudoku_repl.core.rules import parse as parse_rules
from sudoku_repl.text import fpuzzles
from sudoku_repl.text import pencil_marks as marks
from sudoku_repl.text.files import open_binary_input
from sudoku_repl.text.pencil_marks import Position, plain
from sudoku_repl.text.puzzle_line import (
    CELLS,
    QUIZ_LINE_MIN,
    all_cells,
    attempted_quiz_fault,
    cells_of,
    first_word,
    length_fault,
    line_puzzle,
)

# (the names `X as X`: their old home, where their readers import them)
from sudoku_repl.text.puzzle_line import QUIZ_CHARS as QUIZ_CHARS
from sudoku_repl.text.puzzle_line import NoPuzzle as NoPuzzle
from sudoku_repl.text.puzzle_line import is_quiz_string as is_quiz_string
from sudoku_repl.text.puzzle_line import line_quiz as line_quiz
from sudoku_repl.text.puzzle_line import pencil_mark_quiz as pencil_mark_quiz
from sudoku_repl.text.quiz_lines import MAX_LINE as MAX_LINE
from sudoku_repl.text.quiz_lines import QuizLines as QuizLines
from sudoku_repl.text.quiz_lines import bounded_lines as bounded_lines
from sudoku_repl.text.quiz_lines import only
from sudoku_repl.text.quiz_lines import open_quiz_file as open_quiz_file

FRAME_CHARS = frozenset("0123456789. ")
MAX_FRAME_ROWS = 99
MAX_OFFSET = 9999  # a grid's frame row or column at most (four digits, as in a grid line)
MAX_JSON = 1 << 20  # bytes of a JSON quiz file at most
MAX_PRINTED = 64  # meaningful lines read ahead for a printed grid (three grids and borders)
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
    if len(head) == 1 and len(alone := first_word(first[1])) > 9 and all_cells(alone):
        return True
    return any(len(cells_of(line)) >= QUIZ_LINE_MIN for _, line in head)


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
    if marks.is_candidate_string(first_word(first[1])):  # (a note may follow each)
        return _nth(
            lines, name, number, "candidate string",
            lambda line: marks.is_candidate_string(first_word(line)),
            lambda line, source: marks.parse_candidate_string(first_word(line), source),
        )  # fmt: skip
    if GRID_LINE_ANY.fullmatch(first[1]):
        return plain(_grid_list(lines, name))
    printed = _printed(lines, name) if len(cells_of(first[1])) < CELLS else None
    if printed is not None:
        if number != 1:
            raise QuizError(only(name, 1, "quiz", "quizzes"))
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
    givens = _nine_lines(grids[0], name, 1, False).givens
    values = _nine_lines(grids[1], name, 1, False).givens if len(grids) > 1 else givens
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
    if len(cells_of(first[1])) >= CELLS:
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
    return _nine_lines(head, name, number, lines.ruled)


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
            return Quiz.from_string(text, source, check=not lines.ruled)
    raise lines.past_the_end(name, entries)


def _nine_lines(head: list[tuple[int, str]], name: str, number: int, ruled: bool) -> Quiz:
    rows: list[str] = []
    for n, line in head:
        digits = cells_of(line)
        if len(digits) < 9:
            raise QuizError(f"Invalid line {n}: {shown(line)}.", n)
        rows.append(digits[:9])
        if len(rows) == 9:
            if number != 1:
                raise QuizError(only(name, 1, "quiz", "quizzes"))
            return Quiz.from_string("".join(rows), name, check=not ruled)
    raise QuizError(only(name, len(rows), "row"))


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
    with open_binary_input(path) as f:  # (opened first: a file it refuses shows not its size)
        size = os.fstat(f.fileno()).st_size
        if size > MAX_JSON:
            raise QuizError(
                f"Quiz file {where} is too big for a JSON quiz ({size} bytes; at most {MAX_JSON})."
            )
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
                if all_cells(quiz)
                else f"grid {k}: \"quiz\" is not {CELLS} cells of 0-9 or '.'"
            )
        grids.append((at[0], at[1], quiz))
    return Quiz.from_grids(grids, path)


def load(argument: str, number: int = 1, rules: str | None = None) -> Quiz:
    """What ``load-quiz`` names: an 81-character string, inline grids, or a file to read (of a
    position with candidates, its givens: ``load_position`` reads the rest)."""
    return load_position(argument, number, rules).quiz


def with_rules(position: Position, rules: str, line: int = 0) -> Position:
    """The position played by ``rules`` (as ``core/rules.parse`` reads them; "" classic), its
    givens checked against them; ``line``: the file's rules line, named by a refusal."""
    try:
        parsed = parse_rules(rules)
        if not parsed.words:  # (read unchecked where rules were to come)
            check_clashes(position.quiz.givens, position.quiz.geometry)
        ruled = position.quiz.with_rules(parsed)
    except QuizError as e:
        if not line:
            raise
        raise QuizError(f"Invalid line {line}: {e.line}", line) from None
    if position.marked and ruled.geometry is not position.quiz.geometry:
        raise QuizError("Invalid quiz: variant rules are played from givens, not a position.")
    return position._replace(quiz=ruled)


def inline_position(argument: str, check: bool = True) -> Position | None:
    """The position ``argument`` is written as itself (an 81-character string, a candidate
    string, a HoDoKu library line, inline grids); None when it is none of them (a file name);
    ``QuizError`` for an attempted quiz line of the wrong size."""
    if is_quiz_string(argument):
        return plain(Quiz.from_string(argument, check=check))
    if marks.is_candidate_string(argument):
        return marks.parse_candidate_string(argument, "candidate string")
    if marks.is_library_line(argument):
        return marks.parse_library(argument, "library line")
    inline = parse_inline_grids(argument)
    if inline is not None:
        return plain(inline)
    linked = fpuzzles.load_link(argument)
    if linked is not None:
        return plain(linked)
    fault = attempted_quiz_fault(argument)
    if fault is not None:
        raise QuizError(f"Invalid quiz: {fault}.")  # not a file name
    return None


def load_position(argument: str, number: int = 1, rules: str | None = None) -> Position:
    """What ``load-quiz`` names, with the values placed and candidates deleted of a position
    read with its candidates: an 81-character string, inline grids, a 729-character candidate
    string, a HoDoKu library line, or a file to read. Its rules: ``rules`` (``--rules``) when
    given, else a file's rules line or an f-puzzles file's constraints (docs/variants.md)."""
    if not os.path.exists(argument):
        position = inline_position(argument, check=rules is None)
        if position is not None:
            return with_rules(position, rules or "")
    try:
        if argument.lower().endswith(".json") and os.path.isfile(argument):
            if fpuzzles.is_fpuzzles_file(argument):
                position = plain(fpuzzles.load_file(argument))
                return position if rules is None else with_rules(position, rules)
            return with_rules(plain(load_json(argument)), rules or "")
        with open_quiz_file(argument) as f:
            lines = QuizLines(bounded_lines(f))
            lines.ruled = rules is not None
            position = parse_position(lines, argument, number)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise QuizError(file_error("Fail to open quiz file", argument, e)) from None
    if rules is not None or lines.rules is None:
        return with_rules(position, rules or "")
    return with_rules(position, lines.rules[1], lines.rules[0])

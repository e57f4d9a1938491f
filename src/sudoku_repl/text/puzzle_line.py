"""A puzzle line, read in one place (``line_puzzle``; ``line_quiz``: as a quiz) for
``load-quiz``, ``rate``, ``difficulty`` and the API: a line of a one-per-line file, or an
argument. Its puzzle is its first word (81 characters, or 729: a pencil-mark line), a note may
follow (SHC's and the forum's files). A line or argument of another length is refused in one
wording on every surface (``length_fault``: ``K characters where 81 (a puzzle) or 729 (a
pencil-mark line) are needed``, K its real length), and a character that is no cell is named
escaped (``core.errors.escaped``)."""

from __future__ import annotations

import os
import re

from sudoku_repl.core.errors import QuizError, escaped, shown
from sudoku_repl.core.quiz import QUIZ_BYTES, SUKAKU, Quiz
from sudoku_repl.text import pencil_marks as marks
from sudoku_repl.text.quiz_lines import Cut

QUIZ_CHARS = frozenset(QUIZ_BYTES.decode())
CELLS = 81
#: what ends the puzzle on a line of a one-per-line file, where a note may follow
NOTE = re.compile(r"[;,# \t]")
#: cells on one line (or in one argument) that make it an attempted quiz, never a row
QUIZ_LINE_MIN = 27


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


def line_quiz(line: str, check: bool = True) -> Quiz:
    """The puzzle of a line (``line_puzzle``) as ``rate``, ``difficulty`` and the API measure
    it: a quiz of 81 characters, or a pencil-mark puzzle of 729 (``pencil_mark_quiz``);
    ``QuizError`` (``NoPuzzle`` for a line that holds none) for one that cannot be read.
    ``check``: False where variant rules are to check the givens (``Quiz.with_rules``: a
    Latin square's givens may repeat in a box)."""
    text = line_puzzle(line)
    return pencil_mark_quiz(text) if len(text) == SUKAKU else Quiz.from_string(text, check=check)


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
    head = first_word(line)
    if len(head) == SUKAKU or (len(head) == CELLS and all_cells(head)):
        return head  # (a pencil-mark line is checked as it is read: its place of each digit)
    text = line.strip()
    if text.startswith(":") and marks.is_library_line(text):  # a HoDoKu library line
        givens = marks.library_givens(text)
        if len(givens) == CELLS and all_cells(givens):
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
    text, head = line.strip(), first_word(line)
    if head and all_cells(head) and (head == text or len(head) >= QUIZ_LINE_MIN):
        return NoPuzzle(length_fault(len(head)))
    stray = stray_cell(head, len(line) - len(line.lstrip()))
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


def first_word(line: str) -> str:
    """A line's first word: its puzzle, where it holds one (``NOTE`` ends it)."""
    return NOTE.split(line.strip(), 1)[0]


def all_cells(text: str) -> bool:
    return text.isascii() and not text.encode().translate(None, QUIZ_BYTES)


def stray_cell(text: str, offset: int = 0) -> str | None:
    """An attempted puzzle's first character that is no cell, named with its column (counted
    from ``offset``) and escaped as Python writes it (``'\\x00'``, ``'\\t'``): at least
    ``QUIZ_LINE_MIN`` cells, and at most one character in nine something else; None for any
    other text."""
    cells = len(cells_of(text))
    if cells < QUIZ_LINE_MIN or 9 * (len(text) - cells) > len(text):
        return None
    for column, ch in enumerate(text, offset + 1):
        if ch not in QUIZ_CHARS:
            return f"character {column} is {escaped(ch)}, not a cell (1-9, or 0 or . when empty)"
    return None


def cells_of(line: str) -> str:
    return "".join(ch for ch in line if ch in QUIZ_CHARS)


def attempted_quiz_fault(argument: str) -> str | None:
    """What is wrong with an argument that is an attempted quiz, not a file name: at least
    ``QUIZ_LINE_MIN`` cells and at most one character in nine something else (an 81-character
    quiz with a letter or a blank typed among its cells), and no ``/``; None for any other
    argument. Its first character that is no cell is named, else its length
    (``length_fault``)."""
    if "/" in argument or os.sep in argument:
        return None
    stray = stray_cell(argument)
    if stray is not None:
        return stray
    if len(argument) >= QUIZ_LINE_MIN and all_cells(argument):
        return length_fault(len(argument))
    return None

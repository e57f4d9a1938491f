"""Quizzes of every variant rule for the measures' tests, read from tests/data/rules/: a rules
line (``core/rules.parse``'s words) and a puzzle (81 characters, or a 729-character sukaku
state), and their state as the measures take it (``marks_of``)."""

from __future__ import annotations

from pathlib import Path

from sudoku_repl.core.rules import parse
from sudoku_repl.techniques.difficulty.board import board_of
from sudoku_repl.techniques.difficulty.marks import Marks

RULES_DATA = Path(__file__).parents[2] / "data" / "rules"

#: a quiz of each rule (and two of toroidal), tests/data/rules/puzzles.txt
QUIZZES = [tuple(line.split()) for line in (RULES_DATA / "puzzles.txt").read_text().splitlines()]
#: the quizzes of tests/data/rules/puzzles.txt that singles solve, with givens taken away (one
#: at a time, first to last, while rules_brute finds one solution) until T&E(1) is needed
HARDER = [
    ("nc", "...........................2....97...7..2......81....23.6472.1.....38.4......528."),
    ("nc+", "..........5...........1.................2..755.7..3.4.37..614.9.4.53..8....2....."),
    (
        "toroidal,antiknight",
        "................................9........16.81.4..62..7.53.......32..48..8..9....",
    ),
    (
        "toroidal,antiking",
        "...........9..214.6......5..7.2.........4.26..8...7.3.51.7..4........8.2.....93..",
    ),
]


def every_quiz() -> list[tuple[str, str]]:
    """Every variant quiz of tests/data/rules/ with its rules: puzzles.txt and se_puzzles.txt
    (``RULES PUZZLE`` a line), serate/made.txt (``RULES PUZZLE ...``), and the serate*/ folders'
    ``NAME.txt`` (a puzzle or state a line, the rules the name's words apart by ``_``), then
    ``HARDER``; in that order, the folders' files by name."""
    found = [(words, puzzle) for words, puzzle in QUIZZES]
    for line in (RULES_DATA / "se_puzzles.txt").read_text().splitlines():
        words, puzzle = line.split()[:2]
        found.append((words, puzzle))
    for path in sorted(RULES_DATA.glob("serate*/*.txt")):
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            first = line.split()
            if path.name == "made.txt":
                found.append((first[0], first[1]))
            else:
                found.append((path.stem.replace("_", ","), first[0]))
    return found + HARDER


def marks_of(words: str, puzzle: str) -> Marks:
    """The state of a puzzle (its givens' candidates) or of a sukaku line, on its rules."""
    board = board_of(parse(words))
    if len(puzzle) == 9 * 81:
        return Marks(Marks.from_sukaku(puzzle).cands, board)
    return Marks.from_givens([int(c) if c.isdigit() else 0 for c in puzzle], board)

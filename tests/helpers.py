"""Helpers the test modules import: where the data files are, a recording ``Hooks``, the
reference trace parser and a few plain grid utilities (no expected values are computed here)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sudoku_repl.core.engine import Choice
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell
from sudoku_repl.text.render import trace_lines

#: The repository root (``<repo>/tests/helpers.py`` -> ``<repo>``).
REPO = Path(__file__).resolve().parents[1]
#: The puzzle collections the repository ships (``puzzles/README.md`` says where each is from).
PUZZLES = REPO / "puzzles"
#: Samurai and flower puzzles, with their solutions in the JSON files.
VARIANTS = PUZZLES / "variants"
#: Material only the tests read (``tests/data/README.md``).
TEST_DATA = REPO / "tests" / "data"
#: The reference traces of the behaviour contract (``docs/engine.md``).
REFERENCE = TEST_DATA / "reference"
#: Labelled edge cases with their expected solution counts (and the solution when unique).
EDGE_CASES = TEST_DATA / "edge_cases_expected.tsv"
#: The listings of the SudokuSolver 2.6 article that the tests compare with.
ARTICLE = TEST_DATA / "article_002_listings.txt"

#: The seed quiz of the 2.6 article (docs/engine.md 10).
SEED_QUIZ = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"


# -- hooks ---------------------------------------------------------------------------------

Answer = str | Choice | Callable[[Cell, int], Choice]


def parse_answer(answer: str) -> Choice:
    """A typed answer to the guess question: empty = the default, or ``[r,c]=v``."""
    text = answer.strip()
    if not text:
        return None
    m = re.fullmatch(r"\[\s*(\d)\s*,\s*(\d)\s*\]\s*=\s*(\d)", text)
    if m is None:
        raise ValueError(f"not an answer: {answer!r}")
    r, c, v = (int(g) for g in m.groups())
    return (r - 1) * 9 + (c - 1), v


class RecordingHooks:
    """``session.Hooks`` for tests: keeps every event and its rendered lines, answers guess
    questions from a list (strings as typed, choices, or callables), never interrupted."""

    def __init__(self, answers: Iterable[Answer] = ()) -> None:
        self.answers: list[Answer] = list(answers)
        self.questions: list[tuple[Cell, int]] = []
        self.asked_at: list[int] = []  # len(self.lines) when each question was asked
        self.all_events: list[Event] = []
        self.lines: list[str] = []
        self._taken = 0

    # the Hooks protocol
    def events(self, events: Sequence[Event]) -> None:
        self.all_events.extend(events)
        self.lines.extend(trace_lines(events))

    def ask_guess(self, cell: Cell, value: int) -> Choice:
        self.questions.append((cell, value))
        self.asked_at.append(len(self.lines))
        if not self.answers:
            raise AssertionError(f"unexpected guess question, default {name(cell)}={value}")
        answer = self.answers.pop(0)
        if callable(answer):
            return answer(cell, value)
        if isinstance(answer, str):
            return parse_answer(answer)
        return answer

    def interrupted(self) -> bool:
        return False

    # for the tests
    def take(self) -> list[str]:
        """The lines recorded since the last ``take``."""
        new = self.lines[self._taken :]
        self._taken = len(self.lines)
        return new


def name(cell: Cell) -> str:
    r, c = divmod(cell, 9)
    return f"[{r + 1},{c + 1}]"


# -- reference traces ------------------------------------------------------------------------

FIGURES = re.compile(r"# steps (\d+), solution sum (\d+), biggest level (\d+)")


@dataclass(frozen=True)
class Figures:
    """The ``# steps N, solution sum K, biggest level B`` line after a run command."""

    steps: int
    solutions: int
    biggest: int


@dataclass
class TraceCommand:
    command: str
    lines: list[str] = field(default_factory=list)
    figures: Figures | None = None


@dataclass
class TraceQuiz:
    """One ``# quiz`` section of a trace file: header comments before it, then commands."""

    path: Path
    number: int  # 1-based within its file
    quiz: str
    header: list[str]
    commands: list[TraceCommand] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.path.stem}-{self.number:02d}"


def parse_trace(path: Path) -> list[TraceQuiz]:
    """The quizzes of a reference trace file (format in the files' header comments)."""
    quizzes: list[TraceQuiz] = []
    header: list[str] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path.name}:{n}"
        if line.startswith("# quiz "):
            quizzes.append(TraceQuiz(path, len(quizzes) + 1, line[7:].strip(), header))
            header = []
        elif line.startswith("# steps"):
            m = FIGURES.fullmatch(line)
            assert m, f"{where}: bad figures line {line!r}"
            assert quizzes and quizzes[-1].commands, f"{where}: figures before a command"
            cmd = quizzes[-1].commands[-1]
            assert cmd.figures is None, f"{where}: two figures lines for one command"
            cmd.figures = Figures(*(int(g) for g in m.groups()))
        elif line.startswith("> "):
            assert quizzes, f"{where}: command before any quiz"
            quizzes[-1].commands.append(TraceCommand(line[2:].strip()))
        elif line.startswith("#"):
            assert not quizzes or not quizzes[-1].commands, f"{where}: comment inside a quiz"
            header.append(line)
        else:
            assert quizzes and quizzes[-1].commands, f"{where}: trace line outside a command"
            cmd = quizzes[-1].commands[-1]
            assert cmd.figures is None, f"{where}: trace line after the figures"
            cmd.lines.append(line)
    assert not header, f"{path.name}: comments after the last quiz"
    return quizzes


# -- grids ------------------------------------------------------------------------------------


def grid_of(text: str) -> list[int]:
    """An 81-character quiz (``0`` or ``.`` = empty) as a list of ints."""
    assert len(text) == 81, text
    return [0 if ch in ".0" else int(ch) for ch in text]


def read_lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

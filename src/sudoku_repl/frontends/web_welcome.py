"""The web page's first lines and its status line's engine (docs/web.md, "What runs"): what this
is; which of the page's three C modules run their C (the core, Sudoku Explainer, the measures of
difficulty), each named, one that failed to load named as such with the browser's reason, or
that the page was built without its C; which quiz is loaded and what to type first; that
``help`` lists the commands; where the docs are. The page says them in place of the pure
build's line, which a terminal's shell says first: its advice (pip, a C compiler) has no use in
a browser. The lines are broken at blanks to the terminal's width (xterm.js breaks a line at its
last column, mid-word)."""

from __future__ import annotations

import textwrap
from typing import NamedTuple

#: the welcome, a line each (each fits a phone's terminal, some 50 columns, but the engine's and
#: the quiz's)
WELCOME = (
    "sudoku-repl: the SudokuSolver 2.6 stepping debugger, in your browser.",
    "{engine}.",
    "The quiz: {quiz}.",
    "Type step first (the solver's first step; Enter repeats it), show to see the grid.",
    "help lists the commands, help NAME tells of one.",
    "The docs: the docs link at the top of the page.",
)
#: the quizzes the page starts on: the seed, or the one of the page's address (``?quiz=``)
SEED_QUIZ = "examples/seed.txt, the SudokuSolver 2.6 article's"
ADDRESS_QUIZ = "the one in the page's address (?quiz=), as quiz.txt"
JSON_QUIZ = "the f-puzzles one in the page's address (?quiz=), as quiz.json"


class Module(NamedTuple):
    """One of the page's C modules: its ``name`` (``Sudoku Explainer``), and why its C does not
    run, said after ``NAME's C`` (``failed to load (why)``; ``""``: it runs)."""

    name: str
    why_not: str = ""


def engine(modules: list[Module], built_without: str | None) -> str:
    """Which modules run C, in words, each named: ``C runs the core, Sudoku Explainer and the
    measures``; a module whose C failed to load named with its reason; or, ``built_without``,
    why the page has no C at all (web/build's reason)."""
    if built_without:
        return f"Pure Python runs here: this page was built without its C ({built_without})"
    running = [m.name for m in modules if not m.why_not]
    said = [f"C runs {_listed(running)}"] if running else []
    for module in modules:
        if module.why_not:
            said.append(f"{_possessive(module.name)} C {module.why_not}: pure Python runs it")
    sentence = "; ".join(said)
    return sentence[:1].upper() + sentence[1:]


def _possessive(name: str) -> str:
    """``the measures'``, ``Sudoku Explainer's``: a plural name takes the apostrophe alone."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def welcome(columns: int, engine: str, quiz: str) -> str:
    """The welcome's lines, ``engine`` (``engine()``'s words) and ``quiz`` (``SEED_QUIZ`` or
    ``ADDRESS_QUIZ``) said in them, each broken at blanks to ``columns``, then a blank line."""
    width = max(columns, 20)
    lines = (
        textwrap.fill(
            line.format(engine=engine, quiz=quiz),
            width,
            break_long_words=False,
            break_on_hyphens=False,
        )
        for line in WELCOME
    )
    return "".join(line + "\n" for line in lines) + "\n"

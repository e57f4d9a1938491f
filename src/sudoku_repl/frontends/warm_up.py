"""The web page's idle warm-up (docs/web.md, "Speed"): while the shell waits at a prompt and the
person has sent nothing, it solves the seed quiz a few times on a session of its own, then rates
a quiz on Sudoku Explainer's scale, printing nothing, so that the person's first commands do not
pay for the interpreter's warming: in the page, WebAssembly's optimizing compiler takes over the
hot code (the interpreter's, the C core's) only after it has run a while, and the engine's own
first runs fill Python's caches and import what they need (figures: docs/web.md).

Each seed run is one ``runrun 0`` of the seed (284 steps, some 10 to 30 ms in the page): a line
sent during one waits at most that long. A rating (``difficulty --measures steps,se`` of
``RATED``, made only where the rating runs its C) stops as soon as the page sends something (it
polls ``pending`` as a command polls Ctrl-C); its first imports Sudoku Explainer's modules, some
tenths of a second that nothing stops. The warm-up stops for good once its runs are done, and
at any prompt as soon as the page has sent something (a line, Tab, Ctrl-C: ``pending``); once
they are all done it says so (``done``: the page's ``window.sudokuRepl.warm()``, which
benchmarks/bench_web.py waits for before it types, as a person reading the prompt would)."""

from __future__ import annotations

import io
from collections.abc import Callable

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.batch import TranscriptOutput
from sudoku_repl.frontends.own_frame import in_own_frame

#: the quiz of the SudokuSolver 2.6 article (examples/seed.txt), written out: the warm-up needs
#: no file (the page's files are the person's to change)
SEED = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"
#: a quiz of Sudoku Explainer's rating 8.3 (puzzles/se_rated_diabolical2000.txt's): its path
#: has forcing chains, its rating some 9 ms of the C in CPython
RATED = "000620090703000200020003060007040006800702003900010700010400030005000104090031000"
#: the runs a page makes in all, the last ``RATINGS`` of them ratings of ``RATED``
RUNS = 13
RATINGS = 3


def _nothing() -> None:
    """Nobody told the warm-up is done."""


class WarmUp:
    """The runs left to make (``runs``), made at prompts while ``pending`` says nothing came;
    ``done`` called once, after the last."""

    def __init__(
        self,
        pending: Callable[[], bool],
        runs: int = RUNS,
        done: Callable[[], None] = _nothing,
        ratings: int | None = None,
    ) -> None:
        self._pending = pending
        self._done = done
        self.left = runs
        #: the last runs that rate ``RATED`` (the others solve the seed); unsaid, ``RATINGS``
        #: where the rating runs its C, else none (on the pure engine a rating takes seconds,
        #: and there is no C to warm)
        self.ratings = default_ratings() if ratings is None else ratings

    def at_prompt(self) -> None:
        """Runs while some are left and the page has sent nothing."""
        while self.left > 0 and not self._pending():
            self.left -= 1
            # (its later runs on the best code there is by then)
            if self.left < self.ratings:
                in_own_frame(rate_quiz, self._pending)
            else:
                in_own_frame(run_seed)
            if self.left == 0:
                self._done()


def default_ratings() -> int:
    """``RATINGS`` where Sudoku Explainer's rating runs its C (the page's module loaded), else 0."""
    from sudoku_repl.techniques.explainer import native

    return RATINGS if native.se_climb() is not None else 0


def run_seed() -> str:
    """One ``runrun 0`` of the seed on a session of its own (no guess question: its guess mode
    is off); what it printed, which nobody sees."""
    printed = io.StringIO()
    repl = Repl(TranscriptOutput(printed), _no_answer)
    repl.session.load(Quiz.from_string(SEED, "the seed (warm-up)"))
    repl.execute("runrun 0")
    return printed.getvalue()


def rate_quiz(stop: Callable[[], bool]) -> str:
    """Sudoku Explainer's rating of ``RATED`` (``difficulty --measures steps,se``) on a session of
    its own, stopped once ``stop()`` says so; what it printed, which nobody sees."""
    printed = io.StringIO()
    repl = Repl(TranscriptOutput(printed), _no_answer, interrupted=stop)
    repl.session.load(Quiz.from_string(RATED, "a quiz of SER 8.3 (warm-up)"))
    repl.execute("difficulty --measures steps,se")
    return printed.getvalue()


def _no_answer(question: str) -> str:  # pragma: no cover - a fresh session never asks
    raise AssertionError("the warm-up's session asks no question")

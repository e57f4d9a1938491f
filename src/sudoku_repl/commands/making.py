"""The shell's ``generate``: minimal puzzles to order, made by
``tools/making/run`` as ``sudoku-repl generate`` makes them, with the same options (one
parser), each printed as it is found, the first loaded (or all appended to ``--out``). Seed
003's quizzes from one grid are ``scramble``'s (``scrambling``): an option of its, given here,
is one line naming it. Declared in ``declared/making.py``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.making import GENERATE
from sudoku_repl.commands.declared.original import RULES_OPTION
from sudoku_repl.core.errors import PATH, shown
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.text.words import counted
from sudoku_repl.tools.making.continued import unbroken
from sudoku_repl.tools.making.loop import Progress
from sudoku_repl.tools.making.makers import words_of
from sudoku_repl.tools.making.options import parser
from sudoku_repl.tools.making.run import NothingYet, Request, Run
from sudoku_repl.tools.making.tasks import Made
from sudoku_repl.tools.rating.pool import StopFlag
from sudoku_repl.tools.rating.se_build import pure_build_once

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


class _ShellStop(StopFlag):
    """The workers' stop flag, raised too by the shell's Ctrl-C (``interrupted``), which the
    work done in this process polls (a rating, between its techniques)."""

    def __init__(self, interrupted: Callable[[], bool]) -> None:
        super().__init__()
        self._interrupted = interrupted

    def __call__(self) -> bool:
        if not super().__call__() and self._interrupted():
            self.set()
        return super().__call__()


def generate(repl: Repl, arg: str) -> None:
    words = words_of(arg, GENERATE.name, GENERATE.form)
    options = parser(GENERATE.form).parse_args(words)
    pure = pure_build_once()  # (once a process, the shell's start may have said it)
    if pure is not None:
        repl.out.message(pure)
    _make(repl, options, arg)


def _make(repl: Repl, options: argparse.Namespace, arg: str) -> None:
    hooks = repl.hooks
    stop = _ShellStop(hooks.interrupted)

    def read_tick(at: str) -> None:
        hooks.doing = at
        hooks.tick()

    try:
        request = Request.from_options(options, stop, read_tick)
    finally:
        hooks.doing = None
    if request.duplicates:
        repl.out.message(
            f"--near {shown(options.near, PATH)}: {counted(request.duplicates, 'line')} "
            "dropped (the same puzzle as an earlier line)."
        )
    run = Run(request, stop)
    repl.out.message(f"Seed {run.seed} (generate --seed {run.seed} makes the same puzzles).")
    beyond = request.beyond_known()
    if beyond is not None:
        repl.out.message(f"{beyond[0].upper()}{beyond[1:]}.")
    if run.kept:
        repl.out.message(
            f"{counted(len(run.kept), 'puzzle')} kept in {shown(request.out or '', PATH)} "
            "from the run that stopped."
        )
    first: Made | None = run.kept[0] if run.kept else None
    if request.header and request.out is None:
        repl.out.message(request.header.rstrip("\n"))

    nothing = NothingYet(request.order)

    def tick(progress: Progress) -> None:
        said = nothing.line(progress)
        if said is not None:  # (in a batch, the DAP console: where no progress line is drawn)
            repl.out.message(said)
        hooks.doing = f"generate: {progress.line()}"
        hooks.tick()

    try:
        for made in run.puzzles(tick):
            first = first or made
            repl.out.message(made.line)
    except BaseException:
        unbroken(run.close)
        raise
    finally:
        hooks.doing = None
    interrupted = run.progress.interrupted
    run.close(finished=not interrupted)
    progress = run.progress
    kept = counted(progress.kept, "puzzle")
    if interrupted:
        repl.out.message(f"Interrupted: {kept} kept ({progress.line()}).")
    elif first is None or progress.kept < (request.count or 0):
        repl.out.message(f"Time up: {kept} kept ({progress.line()}).")
    if request.out is not None:
        where = shown(request.out, PATH)
        more = f" ({run.after_stop()})" if interrupted and run.after_stop() else ""
        repl.out.message(f"{kept} in {where}{more}.")
        seeded = arg if request.seed is not None else f"{arg} --seed {run.seed}"
        repl.script.replace(f"generate {seeded}")
        return
    if first is None or (interrupted and hooks.cancels):
        return
    rules = request.order.rules
    quiz = Quiz.from_string(first.puzzle, f"generate --seed {run.seed}").with_rules(rules)
    repl.session.load(quiz)
    ruled = f" {RULES_OPTION}={rules}" if rules.words else ""
    repl.script.replace(f"load-quiz {quiz}{ruled}")
    repl.out.message("Quiz loaded.")

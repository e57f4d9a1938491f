"""The commands of SudokuSolver 2.6 (docs/commands.md 3) that need the engine: all ten but
``bye``, which lives with ``help`` in ``bare``."""

from __future__ import annotations

from sudoku_repl.commands.dispatch import Repl, ended, invalid, no_argument
from sudoku_repl.commands.running import breakpoint_lines, run_command
from sudoku_repl.commands.table import CommandSet
from sudoku_repl.core import modes
from sudoku_repl.core.errors import UserError
from sudoku_repl.text import quiz_files as quizzes
from sudoku_repl.text.args import NUMBER, parse_count
from sudoku_repl.text.render import levels_lines

command = CommandSet(__name__)


# -- the ten original commands ------------------------------------------------------------


@command(
    "load-quiz <file>",
    "load quiz from file",
    argument="file",
    help="load-quiz <file> [N]: the nine-line format (0 or . for an empty cell), a file of\n"
    "one 81-character quiz per line (quiz N, default the first), or an 81-character quiz\n"
    "typed in place of the file name. Loading resets the engine; the settings stay.",
)
def _load_quiz(repl: Repl, arg: str) -> None:
    if not arg:
        raise UserError("No quiz file specified.")
    name, index = arg, 1
    head, _, last = arg.rpartition(" ")
    if head and NUMBER.fullmatch(last):
        name, index = head.strip(), parse_count(last, "load-quiz <file> [N]")
        if index < 1:
            raise UserError("The quiz number counts from 1: load-quiz <file> [N]")
    quiz = quizzes.load(name, index)
    repl.session.load(quiz)
    repl.script.replace(f"load-quiz {quiz}")  # the script stands on its own
    repl.out.message("Quiz loaded.")


@command(
    "show",
    "show quiz info",
    help="The grid, the step count, the candidates of the empty\n"
    "cells by row, the foremost cell and the current guess level.",
)
def _show(repl: Repl, arg: str) -> None:
    no_argument("show", arg)
    repl.require_quiz()
    repl.show()


@command(
    "levels",
    "show info about guess levels",
    aliases=("lv",),
    help="One line per guess level, deepest\n"
    "first: the cell, the value being tried, its place among the cell's candidates.",
)
def _levels(repl: Repl, arg: str) -> None:
    no_argument("levels", arg)
    session = repl.require_quiz()
    repl.lines(levels_lines(session.state(), session.geo))


@command(
    "run-mode [1|2|0]",
    "query or change working mode",
    argument="run-mode",
    help="1: grp only; 2: ply only; 0: both grp and ply (the default).",
)
def _run_mode(repl: Repl, arg: str) -> None:
    if arg:
        accepted = ", ".join(map(str, modes.names()))
        problem = f"run-mode takes one of {accepted}: run-mode [1|2|0]"
        mode = parse_count(arg, problem)
        if not modes.known(mode):
            raise UserError(problem)
        repl.session.settings.run_mode = mode
    mode = repl.session.settings.run_mode
    repl.out.message(f"Working mode:{mode} (1:grp-only; 2:ply-only; other:both grp and ply)")
    if mode in modes.DESCRIPTIONS:
        repl.out.message(f"Mode {mode}: {modes.DESCRIPTIONS[mode]}")


@command(
    "guess-mode [1|0]",
    "query or change guessing mode",
    argument="guess-mode",
    help="1 (any non-zero number): ask before each new guess; 0: guess automatically.",
)
def _guess_mode(repl: Repl, arg: str) -> None:
    if arg:
        mode = parse_count(arg, "guess-mode takes a number, 0 or 1: guess-mode [1|0]")
        repl.session.settings.guess_mode = 1 if mode else 0
    mode = repl.session.settings.guess_mode
    repl.out.message(f"In interactive guessing mode:{mode} (0:no; other:yes)")


@command(
    "step",
    "step forward",
    aliases=("s",),
    help="One solver step with its trace lines, then the show\n"
    "block (unless the step reported a solution or ended the search).",
)
def _step(repl: Repl, arg: str) -> None:
    no_argument("step", arg)
    session = repl.require_quiz()
    if session.finished:
        repl.out.message(invalid(session))
        return
    report = session.step(repl.hooks)
    if report.hits:
        breakpoint_lines(repl, report.hits)
        repl.show()
    elif not ended(session):
        repl.show()


@command("run", "run till the end or a new solution met", aliases=("r",))
def _run(repl: Repl, arg: str) -> None:
    no_argument("run", arg)
    run_command(repl, 1)


@command(
    "runtil <steps>",
    "run till certain steps run",
    aliases=("rt",),
    help="Like run, but stops once the step count reaches <steps> (checked before each step,\n"
    "so a step that filters and guesses can pass it by one). A step count below the\n"
    "present replays the search from the loaded quiz, as a fresh session would.",
)
def _runtil(repl: Repl, arg: str) -> None:
    steps = parse_count(arg, "runtil needs a step count: runtil <steps>")
    run_command(repl, 1, steps)


@command(
    "runrun <sum>",
    "run till the end or certain new solutions met",
    help="runrun 0 runs to the end of the search.",
)
def _runrun(repl: Repl, arg: str) -> None:
    count = parse_count(arg, "runrun needs a number of solutions: runrun <sum>")
    run_command(repl, count)

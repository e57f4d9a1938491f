"""The shell's ``scramble`` (it was ``generate`` without the maker's options): seed
003's quizzes from one solution grid, made by ``tools/making/scramble_run``, each printed with
its figures as it is made and appended to ``--out`` (continued after a stop), else the first
loaded; and ``scramble --family``, the fixed variants of a grid. Declared in
``declared/making.py``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.making import SCRAMBLE
from sudoku_repl.commands.file_writes import write_file
from sudoku_repl.core.errors import PATH, UserError, shown
from sudoku_repl.core.hooks import Stopped, between
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.uniqueness import Grid, solutions
from sudoku_repl.text import quiz_files as quizzes
from sudoku_repl.text.words import counted
from sudoku_repl.tools.making import scramble as gen
from sudoku_repl.tools.making import scramble_options
from sudoku_repl.tools.making.continued import unbroken
from sudoku_repl.tools.making.makers import SCRAMBLE as NAME
from sudoku_repl.tools.making.makers import words_of
from sudoku_repl.tools.making.scramble_run import ScrambleRequest, ScrambleRun
from sudoku_repl.tools.rating.out import check_apart, restart_needs_out
from sudoku_repl.tools.rating.se_build import pure_build_once

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def scramble(repl: Repl, arg: str) -> None:
    words = words_of(arg, NAME, SCRAMBLE.form)
    options = scramble_options.parser(after=f"; {SCRAMBLE.form}").parse_args(words)
    pure = pure_build_once()  # (once a process, the shell's start may have said it)
    if pure is not None:
        repl.out.message(pure)
    if options.family is not None:
        _family(repl, options)
        return
    if options.size != 36:
        raise UserError(f"{NAME}: --size is --family's: {NAME} --family <file or grid> --size 64")
    restart_needs_out(options.restart, options.out)
    if options.source is not None:
        check_apart([("the --from file", options.source)], [("--out", options.out)])
    request = ScrambleRequest(
        options.seed,
        options.clues,
        _seed_grid(options.source) if options.source else gen.FIGURE_1,
        gen.Counts(options.digits, options.rows, options.cols, options.bands, options.stacks),
        options.below,
        options.count,
        options.out,
        options.restart,
    )
    _made(repl, request, arg)


def _made(repl: Repl, request: ScrambleRequest, arg: str) -> None:
    """The quizzes made, each printed as it comes (and appended to ``--out``), then the first
    loaded, or what ``--out`` holds said."""
    from sudoku_repl.tools.rating.rate import rate_quiz  # (the engines, the techniques: now)

    run = _started(repl, request)
    where = shown(request.out or "", PATH)
    if run.kept:
        repl.out.message(
            f"{counted(run.kept, 'quiz', 'quizzes')} kept in {where} from the run that stopped."
        )
    first: str | None = None
    said_seed = False
    try:
        for made in run.quizzes():
            if not said_seed:  # (after the first quiz: a threshold never met is the one line)
                repl.out.message(f"Seed {run.seed} ({NAME} --seed {run.seed} makes the same quizzes).")  # fmt: skip
                said_seed = True
            text = gen.text(made.quiz)
            first = first or text
            rating = rate_quiz(text, run_mode=repl.session.settings.run_mode, to_end=False)
            clues = f"{made.clues}" + (f" ({made.asked} asked)" if made.added else "")
            repl.out.message(
                f"{text} [similarity:{made.similarity:.4f}, clues:{clues}, "
                f"steps:{rating.steps_total}, biggest level:{rating.biggest_total}]"
            )
    except Stopped:  # Ctrl-C: the quizzes made so far are kept (and those in --out)
        interrupted = True
    except gen.GenerationError as e:
        run.close(finished=False)
        raise UserError(
            f"{NAME}: {e}; raise --below (now {request.below}: a grid must be less similar "
            f"to the seed than that) or make more swaps (--digit-swaps, --row-swaps, "
            f"--col-swaps, --band-swaps, --stack-swaps)."
        ) from None
    except BaseException:
        unbroken(run.close)
        raise
    else:
        interrupted = False
    run.close(finished=not interrupted)
    if interrupted:
        repl.out.message(f"Interrupted after {counted(run.made - run.kept, 'quiz', 'quizzes')}.")
    if request.out is not None and run.made == 0:  # (stopped before the first: FILE as it was)
        repl.script.failed()
        return
    if request.out is not None:
        more = f" ({run.after_stop()})" if interrupted and run.after_stop() else ""
        repl.out.message(f"{counted(run.made, 'quiz', 'quizzes')} in {where}{more}.")
        seeded = arg if request.seed is not None else f"{arg} --seed {run.seed}"
        repl.script.replace(f"{NAME} {seeded}")
        return
    if first is None:
        repl.script.failed()
        return
    quiz = Quiz.from_string(first, f"{NAME} --seed {run.seed}")
    repl.session.load(quiz)
    repl.script.replace(f"load-quiz {quiz}")
    repl.out.message("Quiz loaded.")


def _started(repl: Repl, request: ScrambleRequest) -> ScrambleRun:
    """The run, ``--out`` opened (and a stopped run's quizzes taken back); Ctrl-C while they
    are checked is one line, FILE as it was."""
    try:
        return ScrambleRun(request, lambda: between(repl.hooks))
    except Stopped:
        repl.script.failed()
        raise UserError(f"{NAME}: interrupted; nothing made.") from None


def _classic_grid(source: str) -> Grid:
    quiz = quizzes.load(source)
    if not quiz.geometry.classic:
        raise UserError(f"{NAME}: {shown(source, PATH)} is not a classic 9x9 quiz.")
    return quiz.givens


def _family(repl: Repl, options: argparse.Namespace) -> None:
    others = [
        option
        for option in scramble_options.given(options)
        if option not in ("--family", "--size", "--out")
    ]
    if others:
        raise UserError(
            f"{NAME}: --family makes the variants of one grid, and takes no {others[0]}: "
            f"{SCRAMBLE.form.split(' | ')[-1]}"
        )
    check_apart([("the --family file", options.family)], [("--out", options.out)])
    grid = _classic_grid(options.family)
    variants = gen.family(grid, options.size)
    lines = [gen.text(v) for v in variants]
    if options.out:
        header = f"# sudoku-repl scramble --family: the {options.size} variants of {gen.text(grid)}"
        if write_file(repl, options.out, "\n".join([header, *lines]) + "\n"):
            repl.out.message(f"Wrote {len(lines)} variants to {shown(options.out, PATH)}.")
    else:
        repl.lines(lines)


def _seed_grid(source: str) -> Grid:
    """A valid solution grid from ``--from``: given complete, or a quiz's first solution."""
    givens = _classic_grid(source)
    if 0 not in givens:
        return givens  # complete, and ``load`` refused clashes: valid
    found = solutions(givens, 1)
    if not found:
        raise UserError(f"{NAME}: the grid of --from {source} has no solution.")
    return found[0]

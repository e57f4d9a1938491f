"""The commands of issue 7: the book's view (``matrix``, ``why``; run-mode 3 registers itself
in ``book``) and the making of quizzes (``generate``, ``transform``). Declared in ``declared/book.py``."""

from __future__ import annotations

import argparse
import random
import shlex
from functools import partial
from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.book import GENERATE, MATRIX, TRANSFORM
from sudoku_repl.commands.file_writes import write_file
from sudoku_repl.core.errors import PATH, UserError, shown
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.hooks import Stopped, between
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session
from sudoku_repl.core.uniqueness import Grid, solutions
from sudoku_repl.text import quiz_files as quizzes
from sudoku_repl.text.args import ArgumentParser, Once, count_type, seed_type
from sudoku_repl.text.words import counted
from sudoku_repl.tools.making import scramble as gen
from sudoku_repl.tools.making.options import add_maker_options, asked_maker
from sudoku_repl.tools.rating.se_build import pure_build_once
from sudoku_repl.views import matrices as book

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.core.state import EngineState


# -- the book's view ----------------------------------------------------------------------


def matrix(repl: Repl, array: str | None = None, value: int | None = None) -> None:
    """The book's arrays of the state looked at: a selected frame's (its line said first), else
    the present."""
    name = array or ""
    if value is not None and name != "nak":
        raise UserError(f"Only nak takes a value: {MATRIX.form}")
    session = repl.require_quiz()
    _classic(session, "matrix")
    state, moves = repl.looked_at()
    steps = state.steps
    if name in ("na", "mmk", "nak"):  # the state alone tells these
        repl.lines(book.array_lines(book.from_engine(state), name, steps, value))
        return
    looked_at = _book_state(session, (moves, state))
    if name:
        repl.lines(book.array_lines(looked_at, name, steps, value))
        return
    for k, each in enumerate(("na", "kh", "mmk")):
        if k:
            repl.out.message("")
        repl.lines(book.array_lines(looked_at, each, steps))


def why(
    repl: Repl,
    cell: Cell,
    value: int | None = None,
    at: tuple[int, EngineState] | None = None,
) -> None:
    """``why --book``: the one-level answer in the book's terms, at the point ``at`` (the
    moves to it and its state: a selected frame's), by default the present."""
    session = repl.require_quiz()
    _classic(session, "why")
    state = _book_state(session, at)
    if value is not None:
        repl.lines(
            book.why_removed_lines(session.history, state, cell, value, names=repl.view.names)
        )
        return
    repl.lines(book.why_value_lines(session.history, state, cell, names=repl.view.names))


def _classic(session: Session, what: str) -> None:
    """The book (and seed 003) work on one 9x9 grid."""
    if session.quiz is not None and not session.quiz.geometry.classic:
        raise UserError(f"{what} works on a classic 9x9 quiz only.")


def _book_state(session: Session, at: tuple[int, EngineState] | None = None) -> book.BookState:
    moves, state = (session.cursor, session.state()) if at is None else at
    try:
        return book.present(session.history, moves, state)
    except book.RecordCut as e:
        raise UserError(
            f"The record starts at step {e.first_steps} (older steps were dropped to bound "
            "memory): KH and why need it from the loaded quiz."
        ) from None


# -- making quizzes --------------------------------------------------------------------------


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"want a number above 0 and at most 1, not {text!r}")
    return value


def _generate_parser() -> ArgumentParser:
    p = ArgumentParser(prog="generate", add_help=False, after=f"; {GENERATE.form}")
    add = partial(p.add_argument, action=Once)  # (each given once: ``Once``)
    add("--clues", type=count_type(0, 81), default=30)
    add("--seed", type=seed_type)
    add("--from", dest="source")
    add("--count", type=count_type(1), default=1)
    add("--out")
    add("--family")
    add("--size", type=int, choices=gen.FAMILY_SIZES, default=36)
    defaults = gen.Counts()
    for name in ("digits", "rows", "cols", "bands", "stacks"):
        add(
            f"--{name[:-1]}-swaps",
            dest=name,
            type=count_type(0, gen.MOST_SWAPS),
            default=getattr(defaults, name),
        )
    add("--below", type=_fraction, default=gen.BELOW)
    add_maker_options(p, shared=False)
    return p


#: seed 003's own options (the scramble's), which the maker does not take
_SCRAMBLE_ONLY = ("clues", "source", "digits", "rows", "cols", "bands", "stacks", "below")


def generate(repl: Repl, arg: str) -> None:
    from sudoku_repl.tools.rating.rate import (
        rate_quiz,
    )  # (the engines and the techniques on first use)

    try:
        words = shlex.split(arg)
    except ValueError as e:
        raise UserError(f"generate: {e}; {GENERATE.form}") from None
    options = _generate_parser().parse_args(words)
    pure = pure_build_once()  # (issue 59: once a process, the shell's start may have said it)
    if pure is not None:
        repl.out.message(pure)
    maker = asked_maker(options)
    if maker:
        scramble = _scramble_given(options) + (["--family"] if options.family is not None else [])
        if scramble:
            theirs = scramble[0]
            raise UserError(
                f"generate: {theirs} is seed 003's scramble, {maker[0]} the maker's (minimal "
                f"puzzles to order): give the options of one; {GENERATE.form}"
            )
        from sudoku_repl.commands.making import make

        make(repl, options, arg)
        return
    if options.family is not None:
        _family(repl, options)
        return
    seed_grid = _seed_grid(options.source) if options.source else gen.FIGURE_1
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**9)
    counts = gen.Counts(options.digits, options.rows, options.cols, options.bands, options.stacks)
    rng = random.Random(seed)
    made: list[gen.Generated] = []
    for _ in range(options.count):
        try:  # (the interrupt polled before each scramble, as the stepping loop does its steps)
            result = gen.generate(
                rng, seed_grid, options.clues, counts, options.below, lambda: between(repl.hooks)
            )
        except Stopped:  # Ctrl-C: the quizzes made so far are kept
            repl.out.message(f"Interrupted after {counted(len(made), 'quiz', 'quizzes')}.")
            if not made:
                repl.script.failed()
                return
            break
        except gen.GenerationError as e:
            raise UserError(
                f"generate: {e}; raise --below (now {options.below}: a grid must be less similar "
                f"to the seed than that) or make more swaps (--digit-swaps, --row-swaps, "
                f"--col-swaps, --band-swaps, --stack-swaps)."
            ) from None
        if not made:
            repl.out.message(f"Seed {seed} (generate --seed {seed} makes the same quizzes).")
        made.append(result)
        rating = rate_quiz(
            gen.text(result.quiz), run_mode=repl.session.settings.run_mode, to_end=False
        )
        clues = f"{result.clues}" + (f" ({result.asked} asked)" if result.added else "")
        repl.out.message(
            f"{gen.text(result.quiz)} [similarity:{result.similarity:.4f}, clues:{clues}, "
            f"steps:{rating.steps_total}, biggest level:{rating.biggest_total}]"
        )
    if options.out:
        header = f"# sudoku-repl generate --seed {seed}: {len(made)} quizzes, one solution each"
        text = "\n".join([header, *(gen.text(g.quiz) for g in made)]) + "\n"
        if not write_file(repl, options.out, text):
            return
        repl.out.message(f"Wrote {len(made)} quizzes to {shown(options.out, PATH)}.")
        repl.script.replace(
            f"generate {arg} --seed {seed}" if options.seed is None else f"generate {arg}"
        )
        return
    quiz = Quiz.from_string(gen.text(made[0].quiz), f"generate --seed {seed}")
    repl.session.load(quiz)
    repl.script.replace(f"load-quiz {quiz}")
    repl.out.message("Quiz loaded.")


def _scramble_given(options: argparse.Namespace) -> list[str]:
    """Seed 003's own options given (``--clues``, ``--from``, the swaps, ``--below``: those
    whose value is not the default), by name."""
    return [
        action.option_strings[0]
        for action in _generate_parser()._actions
        if action.dest in _SCRAMBLE_ONLY and getattr(options, action.dest) != action.default
    ]


def _classic_grid(source: str) -> Grid:
    quiz = quizzes.load(source)
    if not quiz.geometry.classic:
        raise UserError(f"generate: {shown(source, PATH)} is not a classic 9x9 quiz.")
    return quiz.givens


def _family(repl: Repl, options: argparse.Namespace) -> None:
    grid = _classic_grid(options.family)
    variants = gen.family(grid, options.size)
    lines = [gen.text(v) for v in variants]
    if options.out:
        header = f"# sudoku-repl generate --family: the {options.size} variants of {gen.text(grid)}"
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
        raise UserError(f"generate: the grid of --from {source} has no solution.")
    return found[0]


def transform(repl: Repl, name: str, a: int | None = None, b: int | None = None) -> None:
    words = [name] if a is None or b is None else [name, str(a), str(b)]
    op = (name, a or 0, b or 0)
    try:
        gen.check(op)
    except gen.TransformError as e:
        raise UserError(f"transform {name}: {e}; {TRANSFORM.form}") from None
    session = repl.require_quiz()
    _classic(session, "transform")
    assert session.quiz is not None
    givens = gen.apply(session.quiz.givens, op)
    source = f"{session.quiz.source} | transform {' '.join(words)}"
    quiz = Quiz.from_string(gen.text(givens), source)
    session.load(quiz)
    repl.out.message(f"{gen.text(givens)} ({' '.join(words)})")
    repl.out.message("Quiz loaded.")

"""A puzzle measured, explained and made, as the command lines do: ``difficulty`` (its
dossier), ``plan`` (Sudoku Explainer's path as data) and ``generate`` (puzzles made to order;
``OrderRefused`` what it refuses)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from sudoku_repl.api.session import Session
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.techniques.explainer.plan_step import PlanStep
from sudoku_repl.tools.difficulty.dossier import Dossier
from sudoku_repl.tools.making.tasks import Made

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.grid import Grid


# -- how hard --------------------------------------------------------------------------------------


def difficulty(
    puzzle_or_state: str | Quiz | Session,
    measures: str | Sequence[str] | None = None,
    *,
    isomorphs: int | None = None,
    seed: int | None = None,
    se_timeout: float | None = None,
    run_mode: int = 0,
) -> Dossier:
    """How hard a puzzle or a state is (docs/difficulty.md): a ``Dossier`` of the measures
    asked for (``measures``: a comma list or a sequence of ``steps``, ``se``, ``te``, ``b``,
    ``backdoors``, ``backdoors2``, ``guess``, ``spread``; all but ``backdoors2`` by default). ``puzzle_or_state``: an 81-character
    puzzle, a 729-character pencil-mark (sukaku) line, a ``Quiz``, or a ``Session`` at its step.
    ``dossier.figures`` holds T&E-depth, B/BxB, the backdoors (``(cell, digit)``, cells 0-80;
    size-2 candidate backdoors as pairs of them),
    guess depth and fewest guesses; ``luck`` the original's steps over ``isomorphs`` random
    isomorphs drawn from ``seed``; ``se`` ER/EP/ED, the bottlenecks and techniques; ``spread``
    ER over the isomorphs and of the minlex form; ``settings`` the version and what shaped the
    figures. A state with no solution or several has ``dossier.unrated`` saying so and no
    figure. ``print(dossier)`` prints it as the shell's ``difficulty`` does; ``dossier.named``
    gives its candidates as ``8r1c2``. ``UserError`` (one line) for a bad puzzle or a word that
    is no measure."""
    from sudoku_repl.tools.difficulty.dossier import dossier, settings_of

    if isinstance(puzzle_or_state, Session):
        return puzzle_or_state.difficulty(
            measures, isomorphs=isomorphs, seed=seed, se_timeout=se_timeout
        )
    if isinstance(puzzle_or_state, str):
        puzzle_or_state = _line_quiz(puzzle_or_state)
    geometry = puzzle_or_state.geometry
    if not geometry.one_grid:
        raise UserError("difficulty measures a 9x9 quiz, not one of several grids.")
    settings = settings_of(measures, isomorphs, seed, se_timeout, run_mode, geometry.rules)
    return dossier(puzzle_or_state.givens, puzzle_or_state.marks, settings)


# -- a step explained -----------------------------------------------------------------------------


def plan(
    puzzle_or_state: str | Quiz | Session, *, se_timeout: float | None = None
) -> tuple[PlanStep, ...]:
    """Sudoku Explainer's path of a puzzle with one solution (an 81-character puzzle, a
    729-character pencil-mark line, a ``Quiz`` or a ``Session`` from its state, of classic
    sudoku or of variant rules serate rates: docs/variants.md) as data
    (docs/explain.md): each step a ``PlanStep`` (technique, rating, the pattern's cells, a
    chain's links, the candidates removed and the values placed; ``to_json()`` is ``rate
    --plan``'s), every removal and placement checked against the solution. ``se_timeout``:
    seconds for the rating (None: no limit; the plan then ends where it stopped). ``UserError``
    (one line) for a bad puzzle or one without a single solution."""
    from sudoku_repl.tools.explain.plan import plan_puzzle

    grid, text = _se_grid(puzzle_or_state)
    try:
        return plan_puzzle(grid, text, se_timeout)
    except ValueError as e:
        raise UserError(f"No plan: {e}.") from None


def _line_quiz(text: str) -> Quiz:
    """A puzzle given as text, read as ``rate`` reads a line (a note after the puzzle passed
    over); ``UserError`` (one line) for one that is none, a text longer than ``MOST_CHARS``
    refused by its size before it is read."""
    from sudoku_repl.core.errors import QuizError, too_long
    from sudoku_repl.text.quiz_files import line_quiz

    longer = too_long("The puzzle", len(text))
    if longer is not None:
        raise UserError(longer)
    try:
        return line_quiz(text)
    except QuizError as e:
        raise UserError(e.line) from None


def _se_grid(puzzle_or_state: str | Quiz | Session) -> tuple[Grid, str]:
    """The Sudoku Explainer grid of a puzzle, a pencil-mark line, a quiz or a session's state
    (read as ``rate`` reads a line, rated on ``Grid.from_state``: the one path), and its text."""
    from sudoku_repl.techniques.difficulty.marks import state_line
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.ruled import RuledGrid
    from sudoku_repl.tools.difficulty.dossier import start_of
    from sudoku_repl.views.hint import se_layout

    values: Sequence[int]
    marks: Sequence[int] | None
    if isinstance(puzzle_or_state, Session):
        if puzzle_or_state.quiz is None:
            raise UserError("No quiz loaded: load one first (Session.from_quiz).")
        geo = puzzle_or_state.geo
        values, marks = start_of(puzzle_or_state.state())
    else:
        if isinstance(puzzle_or_state, str):
            puzzle_or_state = _line_quiz(puzzle_or_state)
        geo = puzzle_or_state.geometry
        values, marks = puzzle_or_state.givens, puzzle_or_state.marks
    if not geo.one_grid:
        raise UserError("Sudoku Explainer's steps are of a quiz of one 9x9 grid only.")
    layout = se_layout(geo.rules)
    if isinstance(layout, str):
        raise UserError(layout)
    text = state_line(values, marks)
    if layout is None:
        return Grid.from_state(values, marks), text
    if marks is None:  # (the rules' candidates of the givens)
        return RuledGrid.of_puzzle("".join(map(str, values)), layout), text
    cands = [0 if v else m << 1 for v, m in zip(values, marks, strict=True)]
    return RuledGrid(list(values), cands, layout), text


# -- making puzzles ------------------------------------------------------------------------------


def generate(
    *,
    er: str | None = None,
    ep: str | None = None,
    ed: str | None = None,
    level: str | None = None,
    steps: str | None = None,
    technique: str | None = None,
    symmetry: str = "none",
    pattern: str | None = None,
    near: str | None = None,
    count: int | None = None,
    seconds: float | None = None,
    jobs: int = 1,
    seed: int | None = None,
    climb: bool = False,
    lacking_digit: bool = False,
    rules: str | None = None,
) -> Iterator[Made]:
    """Minimal puzzles with one solution, none isomorphic to another, made to order, as
    ``sudoku-repl generate`` makes them (docs/generate.md): each a ``Made`` (``puzzle``, 81
    characters; ``er``, ``ep``, ``ed`` when an SE target is given; ``level``, ``steps`` when
    one of theirs is; ``family`` with ``climb`` or ``near``), in the order made. ``climb``: as
    ``--climb``, puzzles in families of neighbours, more of them a minute; ``lacking_digit``: as
    ``--lacking-digit``, each puzzle lacks a digit (more hard ones a minute); ``rules``: as
    ``--rules``, the variant rules (``"x,windoku"``) they are played by. The targets are written as the command line's
    options: ``er="9.0-"``, ``level="2-3"``, ``technique="X-Wing"``; ``pattern`` 81
    characters or a file, ``near`` a file of puzzles. Endless unless ``count`` or ``seconds``
    bound it: stop iterating (or ``close()`` it) to stop the workers. ``seed``: the same puzzles,
    in the same order (None: one is drawn). ``OrderRefused`` (a ``UserError`` and a
    ``ValueError``), with the command line's one line, for what it would refuse: a ``count``
    below 1 among them."""
    from sudoku_repl.tools.making.options import parser
    from sudoku_repl.tools.making.run import Request, Run
    from sudoku_repl.tools.rating.pool import StopFlag

    words: list[str] = []
    for name, value in (
        ("er", er), ("ep", ep), ("ed", ed), ("level", level), ("steps", steps),
        ("technique", technique), ("symmetry", symmetry), ("pattern", pattern),
        ("near", near), ("rules", rules), ("seed", seed), ("jobs", jobs), ("count", count), ("time", seconds),
    ):  # fmt: skip
        if value is not None:
            words += [f"--{name}", str(value)]
    if climb:
        words.append("--climb")
    if lacking_digit:
        words.append("--lacking-digit")
    try:
        # (count None: endless here, where the command line makes one)
        request = attrs.evolve(Request.from_options(parser().parse_args(words)), count=count)
        run = Run(request, StopFlag())
    except UserError as e:
        raise OrderRefused(e.line) from None
    return run.puzzles()


class OrderRefused(UserError, ValueError):
    """``generate`` was asked for what ``sudoku-repl generate`` refuses (a range that is not
    one, a target no puzzle meets, a ``count`` below 1): the message is its one line."""

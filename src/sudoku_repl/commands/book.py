"""The commands of the book's view and the orientation: the book's view (``matrix``, ``why``; run-mode 3 registers itself
in ``book``) and ``transform`` (the quiz in another orientation). Declared in
``declared/book.py``; the makers, ``generate`` and ``scramble``, are ``making``'s and
``scrambling``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.book import MATRIX, TRANSFORM
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Session
from sudoku_repl.tools.making import scramble as gen
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


# -- a quiz in another orientation -------------------------------------------------------


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

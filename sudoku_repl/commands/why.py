"""``why``: a fact's causes back through the record (``techniques/why``), drawn by
``views/why.py``; ``why --book`` is the book's one-level answer (``commands/book.py``). With a
frame selected (``frame``, ``up``, ``down``) it answers at the state of that frame's step, as
``print`` reads it, and says so first.

An answer reads the record and changes nothing, so a bug in one (an exception of the answer's
own making) cannot leave the session half changed: it is said in one line, as an internal
error, and the session goes on (docs/why.md). Only the answer is guarded so, not the command
loop: any other command's bug still ends in its traceback."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands import book
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell
from sudoku_repl.techniques.why import ask
from sudoku_repl.text.render import event_lines
from sudoku_repl.views.technique_lines import STANDARD
from sudoku_repl.views.why import why_lines

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.techniques.why.answer import Why


def why(
    repl: Repl,
    cell: Cell | None = None,
    value: int | None = None,
    wrong: str | None = None,
    depth: int | None = None,
    book: bool | None = None,
) -> None:
    session = repl.require_quiz()
    at: ask.Point | None = None
    if repl.frame is not None:
        state, moves = repl.looked_at()  # (the frame's line said first)
        at = moves, state
    if book:
        if cell is None:
            raise UserError(
                "why --book needs a cell: why --book [r,c] | why --book removed v [r,c]"
            )
        _book(repl, cell, value, at)
        return
    geo = session.geo

    def words(event: Event) -> list[str]:
        return event_lines(event, geo)

    def answer() -> Why:
        if wrong is not None:
            return ask.why_wrong(session, words, depth, at)
        if cell is None:
            raise UserError("why needs a cell: why [r,c] | why removed v [r,c] | why wrong")
        if value is None:
            return ask.why_value(session, cell, words, _depth(depth), at)
        return ask.why_removed(session, cell, value, words, _depth(depth), at)

    try:
        lines = why_lines(answer(), standard=repl.view.names == STANDARD)
    except UserError:
        raise
    except Exception as bug:  # the answer's own bug: one line, the session goes on (see above)
        raise UserError(
            f"why: internal error, a bug in the answer ({type(bug).__name__}: {bug}); nothing "
            "was changed: please report it with the commands that led here"
        ) from bug
    repl.lines(lines)


def _depth(depth: int | None) -> int:
    return ask.DEPTH if depth is None else depth


def _book(repl: Repl, cell: Cell, value: int | None, at: ask.Point | None) -> None:
    book.why(repl, cell, value, at)

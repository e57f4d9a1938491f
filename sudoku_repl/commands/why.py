"""``why``: a fact's causes back through the record (``techniques/why``), drawn by
``views/why.py``; ``why --book`` is the book's one-level answer (``commands/book.py``)."""

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


def why(
    repl: Repl,
    cell: Cell | None = None,
    value: int | None = None,
    wrong: str | None = None,
    depth: int | None = None,
    book: bool | None = None,
) -> None:
    if book:
        if cell is None:
            raise UserError(
                "why --book needs a cell: why --book [r,c] | why --book removed v [r,c]"
            )
        _book(repl, cell, value)
        return
    session = repl.require_quiz()
    geo = session.geo

    def words(event: Event) -> list[str]:
        return event_lines(event, geo)

    if wrong is not None:
        answer = ask.why_wrong(session, words, depth)
    elif cell is None:
        raise UserError("why needs a cell: why [r,c] | why removed v [r,c] | why wrong")
    elif value is None:
        answer = ask.why_value(session, cell, words, _depth(depth))
    else:
        answer = ask.why_removed(session, cell, value, words, _depth(depth))
    repl.lines(why_lines(answer, standard=repl.view.names == STANDARD))


def _depth(depth: int | None) -> int:
    return ask.DEPTH if depth is None else depth


def _book(repl: Repl, cell: Cell, value: int | None) -> None:
    book.why(repl, cell, value)

"""``why``: a fact's causes back through the record (``techniques/why``), drawn by
``views/why.py``; ``why --book`` is the book's one-level answer (``commands/book.py``). With a
frame selected (``frame``, ``up``, ``down``) it answers at the state of that frame's step, as
``print`` reads it, and says so first. ``why [r,c]`` of an empty cell gives its candidates and,
for each other value, why it is gone (``why removed v [r,c]``'s answer, to depth 0 unless
``--depth`` says more).

An answer reads the record and changes nothing, so a bug in one (an exception of the answer's
own making) cannot leave the session half changed: it is said in one line, as an internal
error, and the session goes on (docs/why.md). Only the answer is guarded so, not the command
loop: any other command's bug still ends in its traceback."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sudoku_repl.commands import book
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.events import Event
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import LOADED
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

    standard = repl.view.names == STANDARD
    try:
        if cell is not None and value is None and wrong is None:
            empty = _empty(session, cell, words, EMPTY_DEPTH if depth is None else depth, at,
                               standard)  # fmt: skip
            if empty is not None:
                repl.lines(empty)
                return
        lines = why_lines(answer(), standard=standard)
    except UserError:
        raise
    except Exception as bug:  # the answer's own bug: one line, the session goes on (see above)
        raise UserError(
            f"why: internal error, a bug in the answer ({type(bug).__name__}: {bug}); nothing "
            "was changed: please report it with the commands that led here"
        ) from bug
    repl.lines(lines)


#: before the lines of why a value is gone: its digit, and the blanks under it
GONE = "  {}: "
#: the causes followed for each value gone from an empty cell unless asked for more (eight
#: answers in one: each its own cause alone)
EMPTY_DEPTH = 0


def _empty(
    session: Session,
    cell: Cell,
    words: Callable[[Event], list[str]],
    depth: int,
    at: ask.Point | None,
    standard: bool,
) -> list[str] | None:
    """``why [r,c]`` of a cell empty at the point ``at``: its candidates, then each other
    value and why it is gone; None when the cell holds a value."""
    state = session.state() if at is None else at[1]
    if state.values[cell]:
        return None
    name = session.geo.cell_name(cell)
    if state.status is LOADED:  # (also refused before any move: nothing was done yet)
        ask.why_removed(session, cell, 1, words, depth, at)
    left = [v for v in range(1, 10) if state.cands[cell] >> (v - 1) & 1]
    said = " ".join(map(str, left)) or "none"
    lines = [f"{name} is empty at step {state.steps}: candidates {said}; the others are gone:"]
    for v in range(1, 10):
        if v in left:
            continue
        try:
            answer = why_lines(ask.why_removed(session, cell, v, words, depth, at), standard)
        except UserError as e:
            answer = [e.line]
        head = GONE.format(v)
        lines.append(head + answer[0])
        lines += [" " * len(head) + line for line in answer[1:]]
    return lines


def _depth(depth: int | None) -> int:
    return ask.DEPTH if depth is None else depth


def _book(repl: Repl, cell: Cell, value: int | None, at: ask.Point | None) -> None:
    book.why(repl, cell, value, at)

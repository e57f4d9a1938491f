"""The replay page put together: the template, its styles and its script (package data, read
with ``importlib.resources``) and the record's data (``data.encode``) in one HTML file that needs
nothing else: no network, system fonts."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.hooks import Hooks
from sudoku_repl.views.palette import css_variables
from sudoku_repl.views.replay.data import encode
from sudoku_repl.views.replay.tracks import experiment_marks

if TYPE_CHECKING:
    from sudoku_repl.core.session import Session


@cache
def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _script_json(value: Any) -> str:
    """JSON that may stand inside a ``<script>`` element: ``<``, ``>`` and ``&`` as ``\\u``
    escapes, which ``JSON.parse`` reads back as they were. (``</script>`` would end the element,
    and ``<!--`` then ``<script`` makes HTML pass over the ``</script>`` that should end it: a
    name holding ``<!--<script`` left the page blank.) Every other character past ASCII, the
    line separators U+2028 and U+2029 among them, is a ``\\u`` escape already (``json.dumps``'
    ``ensure_ascii``)."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=True)
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(raw, escaped)  # (a pass each: fast for a page of 100 MB)
    return text


def page_html(data: dict[str, Any], title: str) -> str:
    """The page for ``data`` (``data.encode``'s, with the session's marks added)."""
    style = _asset("replay.css").replace("/*PALETTE*/", css_variables("light"), 1)

    def filled(part: str) -> str:
        part = part.replace("/*STYLE*/", style, 1).replace("/*SCRIPT*/", _asset("replay.js"), 1)
        return part.replace("{{TITLE}}", html.escape(title))  # (last: the title is not searched)

    # the data's place is found in the template alone, before anything is put in: a title (a
    # quiz's path) holding ``{{DATA}}`` is text of the title, and the data is never searched
    head, _, tail = _asset("replay.html").partition("{{DATA}}")
    return filled(head) + _script_json(data) + filled(tail)


def record_range(session: Session, first: int | None, last: int | None, form: str) -> range:
    """The moves of steps ``first``..``last`` (default: the whole record), refused with one line
    when the record is empty or the range lies outside it."""
    history = session.history
    if len(history) == 0:
        raise UserError("No steps recorded yet: the record fills as you step or run.")
    end = history.last_steps
    lo = history.first_steps if first is None else first
    hi = end if last is None else last
    if lo > hi:
        raise UserError(f"The range {lo}..{hi} is empty: {form}")
    earliest = history.earliest_step
    if lo < earliest or hi > end:
        raise UserError(
            f"Steps {lo}..{hi} are not all in the record: it holds steps {earliest}..{end}."
        )
    return history.moves_of_steps(lo, hi)


def session_html(
    session: Session,
    first: int | None = None,
    last: int | None = None,
    names: str = "readalps",
    form: str = "replay_html(first, last)",
    hooks: Hooks | None = None,
    pictures: Callable[[int, int, int], dict[str, Any]] | None = None,
) -> str:
    """The replay page of ``session``'s record, steps ``first``..``last``: with the steps the
    session marked (``Session.marks``) and its other experiments (``tracks``), open at the
    session's present step (the range's first when the present lies outside it); ``form``: the
    caller's, named when the range is refused; ``pictures(first, last, around)``: the data of
    the pictures of steps first..last, around the step the page opens at (the layer above's,
    ``tools/explain/original``; none without it). Ctrl-C stops it (``between(hooks)``, as the
    record is read: ``Stopped``)."""
    moves = record_range(session, first, last, form)
    history, geo = session.history, session.geo
    givens = session.quiz.givens if session.quiz is not None else [0] * geo.size
    start = session.state_after(moves.start)
    data = encode(history, geo, givens, start, moves, names, hooks)
    end = history.steps_after(moves.stop)
    present = session.state().steps
    data["openStep"] = present if start.steps <= present <= end else start.steps
    data["marks"] = [
        {"step": m.step, "text": m.text, "kind": m.kind}
        for m in session.marks
        if start.steps <= m.step <= end
    ]
    data.update(experiment_marks(session, names, hooks))
    if pictures is not None:
        data.update(pictures(start.steps + 1, end, data["openStep"]))
    title = session.quiz.source if session.quiz is not None else "search"
    return page_html(data, f"sudoku-repl replay: {title}")

"""Pictures of the search: ``timeline`` (text, or SVG with ``--svg``; ``--compare`` of
experiments) and ``tree`` (Graphviz DOT). Declared in ``declared/debugger.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sudoku_repl.commands.declared.debugger import TIMELINE
from sudoku_repl.commands.file_writes import write_file
from sudoku_repl.commands.record_questions import step_range
from sudoku_repl.core.errors import PATH, UserError, shown

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def timeline(
    repl: Repl,
    first: int | None = None,
    last: int | None = None,
    path: str | None = None,
    a: str | None = None,
    b: str | None = None,
) -> None:
    from sudoku_repl.views.timeline import svg_timeline, text_timeline

    history = repl.require_quiz().history
    form = TIMELINE.form
    if a is not None and b is not None:
        from sudoku_repl.commands.experiments import timeline_compare

        timeline_compare(repl, a, b, path)
        return
    first, last = step_range(first, last, history.last_steps, form)
    if path is not None:
        if write_file(repl, path, _picture(svg_timeline, history, first, last)):
            repl.out.message(f"Wrote {shown(path, PATH)}.")
        return
    repl.lines(_picture(text_timeline, history, first, last, repl.width()))


def _picture(draw: Callable[..., Any], *args: Any) -> Any:
    """A timeline, with its own refusals (a range past the record, a terminal too narrow) as
    one line."""
    try:
        return draw(*args)
    except ValueError as e:
        raise UserError(f"No timeline: {e}.") from None


def tree(repl: Repl, path: str) -> None:
    from sudoku_repl.views.guess_tree import build_tree, to_dot

    history = repl.require_quiz().history
    if write_file(repl, path, to_dot(build_tree(history, repl.session.geo))):
        repl.out.message(f"Wrote {shown(path, PATH)}.")

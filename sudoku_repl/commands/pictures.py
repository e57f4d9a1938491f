"""Pictures of the search: ``timeline`` (text, or SVG with ``--svg``; ``--compare`` of
experiments) and ``tree`` (Graphviz DOT). Declared in ``declared/debugger.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sudoku_repl.commands.declared.debugger import TIMELINE, TREE
from sudoku_repl.commands.record_questions import step_range
from sudoku_repl.core.errors import PATH, UserError, shown
from sudoku_repl.text.args import file_words
from sudoku_repl.text.files import write_atomic

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def timeline(repl: Repl, arg: str) -> None:
    from sudoku_repl.views.timeline import svg_timeline, text_timeline

    history = repl.require_quiz().history
    form = TIMELINE.form
    if arg.startswith("--compare"):
        from sudoku_repl.commands.experiments import timeline_compare

        timeline_compare(repl, file_words(arg, form))
        return
    if arg.startswith("--"):
        words = file_words(arg, form)
        if words[0] != "--svg":
            raise UserError(f"timeline knows --svg only: {form}")
        if len(words) < 2:
            raise UserError(f"timeline --svg needs a file: {form}")
        first, last = step_range(" ".join(words[2:]), history.last_steps, form)
        write_atomic(words[1], _picture(svg_timeline, history, first, last))
        repl.out.message(f"Wrote {shown(words[1], PATH)}.")
        return
    first, last = step_range(arg, history.last_steps, form)
    repl.lines(_picture(text_timeline, history, first, last, repl.width()))


def _picture(draw: Callable[..., Any], *args: Any) -> Any:
    """A timeline, with its own refusals (a range past the record, a terminal too narrow) as
    one line."""
    try:
        return draw(*args)
    except ValueError as e:
        raise UserError(f"No timeline: {e}.") from None


def tree(repl: Repl, arg: str) -> None:
    from sudoku_repl.views.guess_tree import build_tree, to_dot

    history = repl.require_quiz().history
    form = f'{TREE.form} (quote a name with blanks: tree --dot "my tree.dot")'
    words = file_words(arg, form)
    if not words or words[0] != "--dot":
        shown_option = f" ({shown(words[0])} is not supported)" if words else ""
        raise UserError(f"tree writes Graphviz DOT only{shown_option}: {form}")
    if len(words) != 2:
        raise UserError(f"tree --dot takes one file name: {form}")
    write_atomic(words[1], to_dot(build_tree(history, repl.session.geo)))
    repl.out.message(f"Wrote {shown(words[1], PATH)}.")

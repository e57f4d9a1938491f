"""``export html``: the recorded search as one self-contained replay page
(``views/replay``). Declared in ``declared/export.py``."""

from __future__ import annotations

from sudoku_repl.core.errors import PATH, shown
from sudoku_repl.text.files import write_atomic

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def export(repl: Repl, path: str, first: int | None = None, last: int | None = None) -> None:
    from sudoku_repl.commands.declared.export import EXPORT
    from sudoku_repl.views.replay.page import session_html

    session = repl.require_quiz()
    # made whole before anything is written: a refusal leaves no file (write_atomic: a
    # temporary file renamed into place, so no half-written page either)
    text = session_html(session, first, last, repl.view.names, EXPORT.form)
    write_atomic(path, text)
    repl.out.message(f"Wrote {shown(path, PATH)}.")

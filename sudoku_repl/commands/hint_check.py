"""``hint`` and ``check`` (issue 8): what the next step would do, and whether the candidates
still agree with the quiz's solution (``views.hint``, ``views.check``).

Both commands leave the session exactly as it was: ``hint`` runs the next step on a copy of the
engine, ``check`` finds the solution on another copy and reads the record to say which step
removed a true candidate. Declared in ``declared/hint_check.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.core.errors import UserError
from sudoku_repl.views.check import check_lines
from sudoku_repl.views.hint import hint_lines, se_hint_lines

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


# -- hint -------------------------------------------------------------------------------------


def hint(repl: Repl, scale: str | None) -> None:
    session = repl.require_quiz()
    state, geo = session.state(), session.engine.geo
    if scale == "se":
        _se_hint(repl)
        return
    repl.lines(hint_lines(state, geo, session.settings.run_mode, repl.view.names))


def _se_hint(repl: Repl) -> None:
    """``hint se``: Sudoku Explainer's next step; Ctrl-C stops it between techniques."""
    from sudoku_repl.techniques.explainer.rating import Interrupted

    session = repl.session
    if not session.geo.classic:
        raise UserError("hint se works on a classic 9x9 quiz only.")
    try:
        repl.lines(se_hint_lines(session.state(), session.geo, repl.hooks.interrupted))
    except Interrupted:
        repl.out.message("Interrupted: no hint.")


# -- check ------------------------------------------------------------------------------------


def check(repl: Repl) -> None:
    repl.lines(check_lines(repl.require_quiz()))

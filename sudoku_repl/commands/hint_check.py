"""``hint`` and ``check`` (issue 8): what the next step would do, and whether the candidates
still agree with the quiz's solution (``views.hint``, ``views.check``).

Both commands leave the session exactly as it was: ``hint`` runs the next step on a copy of the
engine, ``check`` finds the solution on another copy and reads the record to say which step
removed a true candidate. Declared in ``declared/hint_check.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.views.check import check_lines
from sudoku_repl.views.hint import hint_lines

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


# -- hint -------------------------------------------------------------------------------------


def hint(repl: Repl) -> None:
    session = repl.require_quiz()
    state, geo = session.state(), session.engine.geo
    repl.lines(hint_lines(state, geo, session.settings.run_mode, repl.view.names))


# -- check ------------------------------------------------------------------------------------


def check(repl: Repl) -> None:
    repl.lines(check_lines(repl.require_quiz()))

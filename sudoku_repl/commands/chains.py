"""``hint`` and ``check`` (issue 8): what the next step would do, and whether the candidates
still agree with the quiz's solution (``views.hint``, ``views.check``).

Both commands leave the session exactly as it was: ``hint`` runs the next step on a copy of the
engine, ``check`` finds the solution on another copy and reads the record to say which step
removed a true candidate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.dispatch import no_argument
from sudoku_repl.commands.table import CommandSet
from sudoku_repl.views.check import check_lines
from sudoku_repl.views.hint import hint_lines

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

command = CommandSet(__name__)


# -- hint -------------------------------------------------------------------------------------


@command(
    "hint",
    "show what the next step would do, without doing it",
    help="Runs the next step on a copy in the present run mode and prints its lines: the\n"
    "technique's lines (grp, 1GW/2GW/3GW, X-Chain, Forcing-Chain), the cells a fill pass\n"
    "would place (a fill prints nothing in the original), or, when no technique applies, the\n"
    "guess that follows (with guess-mode 1 the default answer). Nothing changes.",
)
def _hint(repl: Repl, arg: str) -> None:
    no_argument("hint", arg)
    session = repl.require_quiz()
    repl.lines(hint_lines(session.state(), session.engine.geo, session.settings.run_mode))


# -- check ------------------------------------------------------------------------------------


@command(
    "check",
    "compare the candidates with the quiz's solution",
    help="Finds the quiz's solution by the engine's own search (run-mode 0, on a copy) and\n"
    "reports every cell whose value or candidates leave out the solution's value, with the\n"
    "step that took it away and that step's line; and the first guess level that is not the\n"
    "solution's (below it, lost true candidates are expected). A quiz with no solution has\n"
    "nothing to check; with several, the first solution found is used. Nothing changes.",
)
def _check(repl: Repl, arg: str) -> None:
    no_argument("check", arg)
    repl.lines(check_lines(repl.require_quiz()))

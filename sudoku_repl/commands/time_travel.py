"""Time travel: ``goto`` and ``back``, which the record serves (guess answers from it, no trace
lines between), going on through the search past its end. Declared in ``declared/debugger.py``."""

from __future__ import annotations

from sudoku_repl.commands.declared.debugger import BACK
from sudoku_repl.core.errors import UserError

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def goto(repl: Repl, step: int) -> None:
    session = repl.require_quiz()
    report = session.goto(step, repl.hooks)
    if report.interrupted:
        interrupted(repl)
        return
    repl.show()
    if report.search_ended:
        repl.out.message(f"The search ended at step {report.reached}.")


def interrupted(repl: Repl) -> None:
    """Ctrl-C stopped a command that was going on through the search (docs/commands.md 8)."""
    now = repl.session.state().steps
    repl.out.message(f"Interrupted at step {now}.")
    repl.show()
    repl.script.replace(f"goto {now}")


def back(repl: Repl, n: int | None) -> None:
    n = 1 if n is None else n
    session = repl.require_quiz()
    now = session.state().steps
    history = session.history
    first = history.earliest_step
    if n > now - first:
        kept = f" (the record starts at step {first})" if history.dropped else ""
        raise UserError(f"Only {now - first} steps to go back{kept}: {BACK.form}")
    session.goto(now - n, repl.hooks)
    repl.show()

"""Time travel: ``goto`` and ``back`` (``reverse-step``), which the record serves (guess answers
from it, no trace lines between), going on through the search past its end; gdb's reverse
execution, ``reverse-next``, ``reverse-continue``, ``reverse-finish``, back to an earlier stop
the core finds (``core/reverse.py``). Declared in ``declared/debugger.py``."""

from __future__ import annotations

from sudoku_repl.commands.declared.debugger import (
    BACK,
    REVERSE_CONTINUE,
    REVERSE_FINISH,
    REVERSE_NEXT,
)
from sudoku_repl.commands.stop_lines import interrupted_line
from sudoku_repl.core.errors import UserError

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.core.reverse import Look, Stop


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
    repl.out.message(interrupted_line(now))
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


def reverse_next(repl: Repl) -> None:
    """next backwards: the latest earlier step at this guess level or above it."""
    from sudoku_repl.core.reverse import LevelAtMost

    session = repl.require_quiz()
    _back_to(repl, LevelAtMost(session.state().level), REVERSE_NEXT.name)


def reverse_finish(repl: Repl) -> None:
    """finish backwards: the latest earlier step above the present guess level."""
    from sudoku_repl.core.reverse import LevelAtMost

    level = repl.require_quiz().state().level
    if level == 0:
        raise UserError(
            f"No guess level to go back out of: the search is at level 0 ({REVERSE_FINISH.name})"
        )
    _back_to(repl, LevelAtMost(level - 1), REVERSE_FINISH.name)


def reverse_continue(repl: Repl) -> None:
    """continue backwards: the previous stop (a breakpoint, a watchpoint, a guess)."""
    from sudoku_repl.commands.running import breakpoint_lines
    from sudoku_repl.commands.stop_lines import before_guess_line
    from sudoku_repl.core.reverse import PreviousStop

    session = repl.require_quiz()
    stop = _back_to(repl, PreviousStop(session.breakpoints), REVERSE_CONTINUE.name, show=False)
    if stop is not None and stop.hits:
        breakpoint_lines(repl, stop.hits, stop.step)
    elif stop is not None and stop.guess is not None:
        guess = stop.guess
        cell = session.geo.cell_name(guess.cell)
        repl.out.message(before_guess_line(stop.step, cell, guess.level, guess.tried, guess.out_of))
    repl.show()


def _back_to(repl: Repl, look: Look, name: str, show: bool = True) -> Stop | None:
    """Back to the latest earlier step ``look`` stops at; with none, to the start of the
    record, saying so (gdb's words); refused at the start already."""
    from sudoku_repl.core.reverse import latest_stop

    session = repl.require_quiz()
    now = session.state().steps
    history = session.history
    first = history.earliest_step
    if now <= first:
        kept = " (older steps were dropped to bound memory)" if history.dropped else ""
        raise UserError(
            f"No more reverse-execution history: step {now} is the record's first{kept} ({name})"
        )
    stop = latest_stop(session, look, now)
    if stop is None:
        repl.out.message(
            f"No more reverse-execution history: back at step {first}, the record's first."
        )
        session.goto(first, repl.hooks)
    else:
        session.goto(stop.step, repl.hooks)
    if show:
        repl.show()
    return stop

"""``hint`` and ``check``: what the next step would do, and whether the candidates
still agree with the quiz's solution (``views.hint``, ``views.check``).

Both commands leave the session exactly as it was: ``hint`` runs the next step on a copy of the
engine, ``check`` finds the solution on another copy and reads the record to say which step
removed a true candidate. With a frame selected (``frame``, ``up``, ``down``), ``check`` checks
that frame's state, as ``print`` reads it, and says so first, and so does ``hint se`` (Sudoku
Explainer's step from a state); ``hint`` is refused there: it says what ``step`` does next, and
``step`` goes on from the present, not from the frame. Declared in
``declared/hint_check.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.explain.hints import (
    NO_HINT_IN_TIME,
    NOT_CLASSIC,
    SEARCHING_EVERY,
    SEARCHING_NEXT,
    se_all_lines,
    se_graded_lines,
    se_hint_lines,
)
from sudoku_repl.tools.explain.unsolvable import NO_STEP, no_solution_line
from sudoku_repl.tools.rating.se_build import pure_build_once
from sudoku_repl.views.check import check_lines
from sudoku_repl.views.hint import graded_hint_lines, hint_lines

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


# -- hint -------------------------------------------------------------------------------------


def hint(
    repl: Repl, scale: str | None = None, level: str | None = None, every: str | None = None
) -> None:
    session = repl.require_quiz()
    if scale == "se":
        _se_hint(repl, None if level is None else int(level), every is not None)
        return
    selected = repl.frame
    if selected is not None:
        raise UserError(
            f"hint tells what step does next, from the present (step {session.state().steps}), "
            f"not from frame {selected.number}: frame 0 (or down) goes back to it"
        )
    state, geo, mode, names = (
        session.state(),
        session.geo,
        session.settings.run_mode,
        repl.view.names,
    )
    if level is None:
        repl.lines(hint_lines(state, geo, mode, names))
    else:
        repl.lines(graded_hint_lines(state, geo, mode, int(level), names))


def _se_hint(repl: Repl, level: int | None, every: bool = False) -> None:
    """``hint se``: Sudoku Explainer's next step from the state looked at (a selected frame's,
    its line said first); Ctrl-C stops it between techniques. ``level``: graded
    (``views/step_words``), else its one line; ``every`` (``hint se all``): every step SE
    offers there, a line each. A state with no solution: the line that says so and since when
    (``tools/explain/unsolvable``), and no step."""
    from sudoku_repl.techniques.explainer.rating import Interrupted, OutOfTime

    session = repl.session
    if not session.geo.one_grid:
        raise UserError(NOT_CLASSIC)
    (state, moves), names = repl.looked_at(), repl.view.names
    pure = pure_build_once()  # (once a process, the shell's start may have said it)
    if pure is not None:
        repl.out.message(pure)
    unsolvable = no_solution_line(session, moves, state, NO_STEP, names)
    if unsolvable is not None:  # (no step of a position no solution backs)
        repl.out.message(unsolvable)
        return
    hooks = repl.hooks

    def polled() -> bool:
        """The search's poll: the progress (the shell's line, an MCP client's reports) when
        due, and Ctrl-C."""
        hooks.tick()
        return hooks.interrupted()

    hooks.doing = SEARCHING_EVERY if every else SEARCHING_NEXT
    try:
        if every:
            repl.lines(se_all_lines(state, session.geo, polled, names))
        elif level is None:
            repl.lines(se_hint_lines(state, session.geo, polled, names, hooks.deadline))
        else:
            repl.lines(se_graded_lines(state, session.geo, level, polled, names, hooks.deadline))
    except Interrupted:
        repl.out.message("Interrupted: no hint.")
    except OutOfTime:
        repl.out.message(NO_HINT_IN_TIME)
    finally:
        hooks.doing = None


# -- check ------------------------------------------------------------------------------------


def check(repl: Repl) -> None:
    session = repl.require_quiz()
    if repl.frame is None:
        repl.lines(check_lines(session))
        return
    state, moves = repl.looked_at()  # (the frame's line said first)
    repl.lines(check_lines(session, (moves, state)))

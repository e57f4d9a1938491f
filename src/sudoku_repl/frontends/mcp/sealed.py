"""The sealed mode of the agent's door (docs/agents.md), ``sudoku-repl mcp``'s default: its
answers say what a deduction says, never the solution. ``check_move`` judges without it
(``tools/judging/sealed``); what shows it is refused in one line naming the open mode: a tool
that runs the search to its end (``run``), a walk (``step``, ``runtil``, ``goto``) that would
reach the solver's first guess (a guess tries the solution's digits) or a solution it finds,
the measures that name the solution's values, and a measure of a state that holds the
client's own moves (whether such a state has a solution is what a wrong move would show)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.modes import HAND

if TYPE_CHECKING:
    from sudoku_repl.core.session import Session

#: the server's option that opens the door
OPEN = "--open"
#: the open mode, as a refusal names it
OPEN_MODE = f"the open mode (sudoku-repl mcp {OPEN}, for reinforcement learning and debugging)"
#: the measures whose lines name values of the solution (a backdoor's value, a wrong
#: candidate, the guesses that finish the quiz): the dossier leaves them out
SOLUTION_MEASURES = ("backdoors", "backdoors2", "guess")


def refusal(tool: str, shows: str) -> UserError:
    """The one line of a tool the sealed mode does not answer: ``shows`` says why."""
    return UserError(f"{tool} is not answered in sealed mode: {shows}; {OPEN_MODE} answers it.")


def walked_too_far(session: Session, tool: str, before: int) -> UserError | None:
    """None where the present (after ``tool`` walked from step ``before``) is at guess level 0
    with no solution found by the search; else the refusal, naming the step the solver first
    guesses or finds a solution at."""
    state = session.state()
    if state.level == 0 and not state.solutions:
        return None
    history = session.history
    first = [history.visible_step(move) for move, _ in history.new_guesses(before + 1, state.steps)]
    what = "guesses"
    solved = history.solution_move(1)
    if solved is not None and history.run_mode(solved) != HAND:
        at = history.visible_step(solved)
        if not first or at < min(first):
            first, what = [at], "finds a solution"
    step = min(first, default=state.steps)
    return refusal(
        tool,
        f"the solver {what} at step {step}, and a guess tries the solution's digits (step "
        f"{step - 1} is the last of its deductions; the session stays at step {before})",
    )


def hand_moved(session: Session) -> bool:
    """Whether the present state holds a move made by hand (``place``, ``eliminate``)."""
    history = session.history
    return any(history.run_mode(m) == HAND for m, _ in history.choices_before(session.cursor))


def measures(asked: str | None, every: tuple[str, ...]) -> str:
    """The dossier's comma list of measures in sealed mode: those ``asked`` (None: ``every``
    measure the dossier gives by default), without the ones naming the solution's values,
    which are refused where asked for."""
    if asked is None:
        return ",".join(word for word in every if word not in SOLUTION_MEASURES)
    named = [word for word in asked.split(",") if word in SOLUTION_MEASURES]
    if named:
        raise refusal(
            f"difficulty --measures {','.join(named)}", "its lines name values of the solution"
        )
    return asked

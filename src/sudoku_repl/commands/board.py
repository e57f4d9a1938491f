"""``board``: the present state as a pencil-mark grid (``views/board.py`` draws it).

Colour or not: the output object says whether it writes to a terminal that takes colour (an
attribute ``colour``, which the interactive shell's ``TerminalOutput`` sets; an output without
it, as batch mode's and the tests', gets plain characters), and ``NO_COLOR`` set to anything but
the empty string turns colour off (https://no-color.org). Declared in ``declared/board.py``."""

from __future__ import annotations

import os

from sudoku_repl.core.hand import hand_values
from sudoku_repl.techniques.names import Technique
from sudoku_repl.views.board import board_lines, last_step_changes
from sudoku_repl.views.technique_lines import STANDARD, recorded_techniques

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def wants_colour(repl: Repl) -> bool:
    """Whether ``board`` draws in colour: as ``set colour`` says, else (auto) on a terminal,
    unless NO_COLOR is set."""
    if repl.view.colour is not None:
        return repl.view.colour
    if os.environ.get("NO_COLOR"):
        return False
    return bool(getattr(repl.out, "colour", False))


def board(repl: Repl, why: bool | None = None) -> None:
    session = repl.require_quiz()
    state, moves = repl.looked_at()
    before = last_step_changes(session.history, moves, state)
    givens = session.quiz.givens if session.quiz is not None else state.values
    by_hand = hand_values(session.history, moves, state.values)
    named: tuple[Technique, ...] = ()
    if (
        repl.view.names == STANDARD
        and state.steps
        and state.steps - 1 >= session.history.start.steps
    ):
        last = range(session.history.moves_to(state.steps - 1), moves)
        named = tuple(recorded_techniques(session.history, last, session.geo))
    premises: list[int] = []
    if why:
        from sudoku_repl.techniques.why.ask import step_premises  # (the rules, on first use)

        premises = step_premises(session, moves)
    repl.lines(
        board_lines(
            state, session.geo, givens, before, wants_colour(repl), by_hand, named, premises
        )
    )

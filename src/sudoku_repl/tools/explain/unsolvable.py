"""A position with no solution: ``hint se``, ``export svg`` and the Board's picture
say so first, and since which step of the record, rather than a step of Sudoku Explainer's
that no solution backs. Whether a state has a solution is the solution counter's answer on its
values and candidates (``techniques/difficulty/solving``: the native one where built). Since
when: the search's own steps keep every solution of the state they start from, so a state's
solutions are those of the record's start with the choices still in force (each guess level's
guess, every edit by hand); the first of them, in the order they were made, after which there
is none is the one named (the loading of a position, where it was its edits), and a state no
choice explains (a search run past its end) names the latest move before which there was
one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from sudoku_repl.core import events as E
from sudoku_repl.core.geometry import Mask
from sudoku_repl.core.modes import HAND
from sudoku_repl.core.record import History
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.techniques.difficulty.board import CLASSIC_BOARD, Board, board_for
from sudoku_repl.techniques.difficulty.marks import Marks
from sudoku_repl.techniques.difficulty.solving import solutions
from sudoku_repl.text.pencil_marks import LOADED_POSITION
from sudoku_repl.text.render import event_lines
from sudoku_repl.views.step_words import notation

#: what a hint, and a picture, says it does not give
NO_STEP, NO_PICTURE = "no step to give", "no picture"
#: said before a hint of a position with several solutions, whose steps are Sudoku Explainer's
#: but those of uniqueness (a unique rectangle or loop, a BUG: they hold with one solution only)
SEVERAL_SOLUTIONS = (
    "Several solutions from here: no step that assumes one solution "
    "(a unique rectangle or loop, a BUG) is given."
)


def no_solution_line(
    session: Session, moves: int, state: EngineState, what: str, names: str = "readalps"
) -> str | None:
    """None where ``state`` (the state after the record's first ``moves`` moves) has a solution
    (under the quiz's rules) or is not of a quiz of one 9x9 grid; else the line that says it
    has none, since when, and ``what`` is not given (``NO_STEP``, ``NO_PICTURE``); its cells
    as ``names`` (``set names``) says."""
    geo = session.geo
    if not geo.one_grid:
        return None
    board = board_for(geo.rules)
    if has_solution(state.status, state.values, state.cands, board):
        return None
    return f"No solution from here: {_since(session, moves, state, names, board)}; {what}."


def has_solution(
    status: Status, values: Sequence[int], cands: Sequence[Mask], board: Board = CLASSIC_BOARD
) -> bool:
    """Whether a state (before step 1: its givens) has a solution on ``board`` (its rules)."""
    if status is Status.LOADED:  # (no candidate worked out yet: the givens' own)
        return bool(solutions(Marks.from_givens(values, board), 1))
    return bool(solutions(Marks.from_state(values, cands, board), 1))


def left_without(history: History, moves: int, board: Board = CLASSIC_BOARD) -> int | None:
    """The move that left the state with no solution, every state after it up to the first
    ``moves`` moves having none (the state after them has none): the latest of those moves
    whose state before it had one; None where the record's start had none. The states are
    worked out from the record's snapshots and changes, a chunk at a time, latest first."""
    end = moves
    while end > 0:
        base, snapshot = history.snapshot_at_or_before(end - 1)
        values, cands = bytearray(snapshot.values), list(snapshot.cands)
        before: list[tuple[bytes, tuple[Mask, ...]]] = []  # the state before each move
        for m in range(base, end):
            before.append((bytes(values), tuple(cands)))
            for cell, value, mask in history.changes(m):
                values[cell], cands[cell] = value, mask
        for m in range(end - 1, base - 1, -1):
            status = snapshot.status if m == base else Status.SEARCHING
            if has_solution(status, *before[m - base], board):
                return m
        end = base
    return None


class Decision(NamedTuple):
    """A choice in force in a state: a guess level's guess, or an edit by hand (which holds
    as if given, whatever the search does after it); ``step`` the step that made it."""

    step: int
    cell: int
    value: int  # placed; an edit that removes a candidate: minus it
    move: int | None  # an edit's move (None: a guess)


def decisions(history: History, moves: int, state: EngineState) -> list[Decision]:
    """The choices in force in ``state`` (the state after the record's first ``moves``
    moves), in the order they were made: the edits by hand, and each guess level's guess (its
    latest: the step that last put the level's value in its cell)."""
    made = [
        Decision(history.visible_step(m), choice[0], choice[1], m)
        for m, choice in history.choices_before(moves)
        if history.run_mode(m) == HAND
    ]
    for frame in state.frames:
        track = history.cell_track(frame.cell, moves)
        last = max(
            (k for k in range(len(track.steps))
             if track.values[k] == frame.value and track.values_before[k] != frame.value),
            default=None,
        )  # fmt: skip
        step = track.steps[last] if last is not None else history.start.steps
        made.append(Decision(step, frame.cell, frame.value, None))
    return sorted(made, key=lambda d: (d.step, d.move is None))


def _since(session: Session, moves: int, state: EngineState, names: str, board: Board) -> str:
    """Since when there has been no solution, in words: the first choice in force after which
    the record's start, with the choices made up to it, has none (the state's solutions are
    those of its start with its choices: the search's own steps keep every solution); else
    the move after which every state has had none (``left_without``)."""
    history, geo = session.history, session.geo
    cell_name = notation(geo, names)
    start = history.start
    if start.status is Status.LOADED:  # (no candidate worked out yet: the givens' own)
        first = Marks.from_givens(start.values, board).cands
    else:
        first = Marks.from_state(start.values, start.cands, board).cands
    if not solutions(Marks(first, board), 1):
        return _from_the_start(history)
    cands = list(first)
    for decision in decisions(history, moves, state):
        cell, value = decision.cell, decision.value
        cands[cell] = 1 << (value - 1) if value > 0 else cands[cell] & ~(1 << (-value - 1))
        if solutions(Marks(tuple(cands), board), 1):
            continue
        name = cell_name(cell)
        if decision.move is None:
            said = f"the guess {name}={value}"
        elif _loading(session, decision.move):
            return "the position has had none since it was loaded"
        else:
            said = f"the edit {name}={value}" if value > 0 else f"removing {-value} from {name}"
            said += " by hand"
        return f"{said} at step {decision.step} left the puzzle without one"
    move = left_without(
        history, moves, board
    )  # (no choice explains it: a step of the search's own)
    if move is None:
        return _from_the_start(history)
    step = history.visible_step(move)
    events = history.events(move)
    guess = next((e for e in events if E.is_guess(e)), None)
    if guess is not None:  # (a level since given up: a search that went on past its end)
        value = session.state_after(move + 1).values[guess.cell]
        return (
            f"the guess {cell_name(guess.cell)}={value} at step {step} left the puzzle without one"
        )
    shown = [line for e in events for line in event_lines(e, geo)]
    said = f'step {step} ("{shown[0]}")' if shown else f"the fill pass of step {step}"
    return f"{said} left the puzzle without one"


def _from_the_start(history: History) -> str:
    if history.start.steps:  # (older steps were dropped from the record)
        return f"there has been none since before step {history.first_steps}"
    return "there has been none since the puzzle was loaded"


def _loading(session: Session, move: int) -> bool:
    """Whether a hand move is one of the edits that loaded a position (``load-quiz`` of a
    position with candidates: an experiment parted by them, ``text/pencil_marks.start``): the
    experiment the move belongs to on the present one's path parted so."""
    exp = session.experiment_tree.current
    while exp.parted is not None and exp.parted.moves > move and exp.origin is not None:
        exp = exp.origin
    return exp.parted is not None and exp.parted.what == LOADED_POSITION

"""``hint`` and ``check`` (issue 8): what the next step would do, and whether the candidates
still agree with the quiz's solution. Importing this module also brings in run modes 4 and 5
(``chains``).

Both commands leave the session exactly as it was: ``hint`` runs the next step on a copy of the
engine, ``check`` finds the solution on another copy and reads the record to say which step
removed a true candidate.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import attrs

from . import chains  # noqa: F401  (registers run modes 4 and 5 and their lines)
from . import events as E
from . import repl as _repl  # noqa: F401  (its commands first: the Order List keeps its order)
from .commands import COMMANDS, command
from .engine import Engine
from .errors import UserError
from .geometry import Cell, Geometry, Mask
from .history import History
from .render import event_lines, invalid_line
from .session import Session
from .state import STEP_BOUNDARY, EngineState, Status

if TYPE_CHECKING:
    from .repl import Repl

#: the run mode of ``check``'s own search: the original's, so that the check never relies on
#: the chains it is used to check
CHECK_MODE = 0


# -- hint -------------------------------------------------------------------------------------


def hint_lines(state: EngineState, geo: Geometry, run_mode: int) -> list[str]:
    """What the next step would print, run on a copy: a first line saying what kind of step it
    is, then the step's own trace lines (a new guess takes the default answer)."""
    probe = Engine(state, geo)
    status = probe.status
    if status is Status.FINISHED:
        return ["Next: nothing, the search is finished.", invalid_line(state.steps, state.solutions)]
    before = list(probe.values)
    events = probe.advance(run_mode)
    placed = [(c, v) for c, (was, v) in enumerate(zip(before, probe.values)) if v and not was]
    if status is Status.LOADED:
        head = "Next: step 1 computes the candidates of the empty cells."
    elif status is Status.SEARCHING and placed:
        fills = " ".join(f"{geo.cell_name(c)}={v}" for c, v in placed)
        head = f"Next: the fill pass places {fills}."
    elif status is Status.SEARCHING and not events:
        head = f"Next: no technique of run-mode {run_mode} applies at step {probe.steps}"
        head += ", so a guess follows:" if probe.status is Status.GUESS_DUE else "."
    elif status is Status.SEARCHING:
        head = f"Next: run-mode {run_mode} finds at step {probe.steps}:"
    else:  # a guess is due, or the search goes back after a contradiction or a solution
        head = "Next: the search goes on with a guess:"
    while probe.status not in STEP_BOUNDARY:
        events += probe.advance(run_mode)
    return [head, *(line for e in events for line in event_lines(e, geo))]


@command(
    "hint",
    "show what the next step would do, without doing it",
    help="Runs the next step on a copy in the present run mode and prints its lines: the\n"
    "technique's lines (grp, 1GW/2GW/3GW, X-Chain, Forcing-Chain), the cells a fill pass\n"
    "would place (a fill prints nothing in the original), or, when no technique applies, the\n"
    "guess that follows (with guess-mode 1 the default answer). Nothing changes.",
)
def _hint(repl: Repl, arg: str) -> None:
    if arg:
        raise UserError("hint takes no argument: hint")
    session = repl.require_quiz()
    repl.lines(hint_lines(session.state(), session.engine.geo, session.settings.run_mode))


# -- check ------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def solutions_of(givens: tuple[int, ...], geo: Geometry) -> tuple[bytes, ...]:
    """Up to two solutions of a quiz, by the engine's own search (run-mode 0) on a copy."""
    engine = Engine.from_givens(givens, geo)
    found: list[bytes] = []
    while engine.status is not Status.FINISHED and len(found) < 2:
        for e in engine.advance(CHECK_MODE):
            if e[0] == E.SOLUTION:
                found.append(bytes(e[3]))
    return tuple(found)


@attrs.frozen
class Disagreement:
    """A cell that has lost its solution value: it holds another value, or its candidates
    lack the solution's. ``move`` is the record's move that took it away (None: not found)."""

    cell: Cell
    solution: int
    value: int  # the cell's value now, 0 when empty
    move: int | None


def _holds(value: int, mask: Mask, wanted: int) -> bool:
    """Whether a cell (its value, else its candidates) still has ``wanted``."""
    return value == wanted if value else bool(mask >> (wanted - 1) & 1)


def disagreements(
    values: Sequence[int], cands: Sequence[Mask], solution: Sequence[int]
) -> list[Cell]:
    """The cells, row-major, whose value or candidates leave out the solution's value."""
    return [c for c, s in enumerate(solution) if not _holds(values[c], cands[c], s)]


def losing_moves(history: History, moves: int, cells: dict[Cell, int]) -> dict[Cell, int]:
    """For each cell (mapped to its solution value), the last of the first ``moves`` moves
    that took that value away from it (placed another value or removed the candidate).

    A Forward or Upward guess first puts the cells back as they were before that level's guess
    (its snapshot), then places: it takes the value away when the snapshot had it, even if the
    cell looks the same before and after the move. The snapshot's cells are read from the
    record at the move that made the guess."""
    start = history.start
    held = {c: _holds(start.values[c], start.cands[c], s) for c, s in cells.items()}
    before_guess: dict[int, dict[Cell, bool]] = {}  # level -> the cells before its guess
    lost: dict[Cell, int] = {}
    for m in range(moves):
        before = held
        for e in history.events(m):
            if e[0] == E.GUESS:
                before_guess[e[3]] = dict(held)
            elif e[0] in (E.FORWARD, E.UPWARD):
                before = before_guess.get(e[3], held)
        held = dict(held)
        for c, value, mask in history.changes(m):
            if c in cells:
                held[c] = _holds(value, mask, cells[c])
        for c, had in before.items():
            if had and not held[c]:
                lost[c] = m
    return lost


def check_lines(session: Session) -> list[str]:
    assert session.quiz is not None
    engine = session.engine
    geo = engine.geo
    found = solutions_of(tuple(session.quiz.givens), geo)
    if not found:
        return ["The quiz has no solution (the engine's own search finds none): nothing to check."]
    lines: list[str] = []
    if len(found) > 1:
        lines.append("The quiz has more than one solution: checking against the first one the")
        lines.append("engine's own search finds; a state on the way to another one differs.")
    solution = found[0]
    if engine.status is Status.LOADED:
        return [*lines, "The candidates are computed at step 1; the givens agree with the solution."]
    bad = disagreements(engine.values, engine.cands, solution)
    if not bad:
        return [*lines, "All candidates agree with the solution."]
    history = session.history
    lost = losing_moves(history, session.cursor, {c: solution[c] for c in bad})
    for c in bad:
        name, s, v = geo.cell_name(c), solution[c], engine.values[c]
        what = f"{name} holds {v}, the solution has {s}" if v else f"{name} lost {s}, the solution's value"
        m = lost.get(c)
        where = "before the record starts" if m is None else _move_text(history, m, name, geo)
        lines.append(f"{what}: {where}")
    lines.append(f"{len(bad)} cell(s) disagree with the solution.")
    lines += _wrong_guess(engine, solution, geo)
    return lines


def _move_text(history: History, move: int, name: str, geo: Geometry) -> str:
    """``at step N: <the move's line that names the cell, or its first line>``."""
    steps = history.visible_step(move)
    shown = [
        line
        for e in history.events(move)
        if e[0] != E.SOLUTION
        for line in event_lines(e, geo)
    ]
    naming = [line for line in shown if name in line]
    if naming or shown:
        return f"at step {steps}: {(naming or shown)[0]}"
    return f"at step {steps} (the fill pass)"


def _wrong_guess(engine: Engine, solution: Sequence[int], geo: Geometry) -> list[str]:
    """The shallowest guess level whose value is not the solution's, if any: below it the
    search is on a wrong branch, where lost true candidates are expected."""
    for level, frame in enumerate(engine.frames, 1):
        if frame.value != solution[frame.cell]:
            name = geo.cell_name(frame.cell)
            return [
                f"Guess level {level} tried {name}={frame.value}, the solution has "
                f"{solution[frame.cell]}: the search is on a wrong branch from there."
            ]
    return []


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
    if arg:
        raise UserError("check takes no argument: check")
    repl.lines(check_lines(repl.require_quiz()))


# ``help run-mode`` names the modes added here (the Order List line stays the original's).
if "run-mode" in COMMANDS:
    _run_mode = COMMANDS["run-mode"]
    COMMANDS["run-mode"] = attrs.evolve(
        _run_mode,
        help=_run_mode.help
        + "\n4: grp and ply, then X-Chain and Forcing-Chain before a guess; 5: the chains only.",
    )

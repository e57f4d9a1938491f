"""Whether the candidates still agree with the quiz's solution, and which step took a true
candidate away (``check``). The solution comes from the engine's own search (run-mode 0) on a
copy, so the check never relies on the techniques it is used to check."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from sudoku_repl.core import events as E
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.geometry import Cell, Geometry, Mask
from sudoku_repl.core.record import History
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import EngineState, Frame, Status
from sudoku_repl.text.render import event_lines

#: the run mode of ``check``'s own search: the original's
CHECK_MODE = 0


@lru_cache(maxsize=16)
def solutions_of(givens: tuple[int, ...], geo: Geometry) -> tuple[bytes, ...]:
    """Up to two solutions of a quiz, by the engine's own search (run-mode 0) on a copy."""
    engine = Engine.from_givens(givens, geo)
    found: list[bytes] = []
    while engine.status is not Status.FINISHED and len(found) < 2:
        for e in engine.advance(CHECK_MODE):
            if E.is_solution(e):
                found.append(bytes(e.grid))
    return tuple(found)


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
            if E.is_new_guess(e):
                before_guess[e.level] = dict(held)
            elif isinstance(e, E.Guess):  # Forward or Upward
                before = before_guess.get(e.level, held)
        held = dict(held)
        for c, value, mask in history.changes(m):
            if c in cells:
                held[c] = _holds(value, mask, cells[c])
        for c, had in before.items():
            if had and not held[c]:
                lost[c] = m
    return lost


def check_lines(session: Session, at: tuple[int, EngineState] | None = None) -> list[str]:
    """Whether the state at the point ``at`` (the moves to it and its state: a selected
    frame's), by default the present, agrees with the quiz's solution."""
    assert session.quiz is not None
    moves, state = (session.cursor, session.state()) if at is None else at
    geo = session.geo
    found = solutions_of(tuple(session.quiz.givens), geo)
    if not found:
        return ["The quiz has no solution (the engine's own search finds none): nothing to check."]
    lines: list[str] = []
    if len(found) > 1:
        lines.append("The quiz has more than one solution: checking against the first one the")
        lines.append("engine's own search finds; a state on the way to another one differs.")
    solution = found[0]
    if state.status is Status.LOADED:
        return [
            *lines,
            "The candidates are computed at step 1; the givens agree with the solution.",
        ]
    bad = disagreements(state.values, state.cands, solution)
    if not bad:
        return [*lines, "All candidates agree with the solution."]
    history = session.history
    lost = losing_moves(history, moves, {c: solution[c] for c in bad})
    for c in bad:
        name, s, v = geo.cell_name(c), solution[c], state.values[c]
        what = (
            f"{name} holds {v}, the solution has {s}"
            if v
            else f"{name} lost {s}, the solution's value"
        )
        m = lost.get(c)
        where = "before the record starts" if m is None else _move_text(history, m, name, geo)
        lines.append(f"{what}: {where}")
    lines.append(f"{len(bad)} cell(s) disagree with the solution.")
    lines += _wrong_guess(state.frames, solution, geo)
    return lines


def _move_text(history: History, move: int, name: str, geo: Geometry) -> str:
    """``at step N: <the move's line that names the cell, or its first line>``."""
    steps = history.visible_step(move)
    shown = [
        line for e in history.events(move) if not E.is_solution(e) for line in event_lines(e, geo)
    ]
    naming = [line for line in shown if name in line]
    if naming or shown:
        return f"at step {steps}: {(naming or shown)[0]}"
    return f"at step {steps} (the fill pass)"


def _wrong_guess(frames: Sequence[Frame], solution: Sequence[int], geo: Geometry) -> list[str]:
    """The shallowest guess level whose value is not the solution's, if any: below it the
    search is on a wrong branch, where lost true candidates are expected."""
    for level, frame in enumerate(frames, 1):
        if frame.value != solution[frame.cell]:
            name = geo.cell_name(frame.cell)
            return [
                f"Guess level {level} tried {name}={frame.value}, the solution has "
                f"{solution[frame.cell]}: the search is on a wrong branch from there."
            ]
    return []

"""The guess levels as gdb's stack frames: ``backtrace`` (``bt``, ``where``) lists them, ``frame``,
``up`` and ``down`` select one (numbered as gdb's: frame 0 the innermost level), and ``show``,
``board``, ``levels``, ``print`` and ``matrix`` then show the state at the step where that
level's guess was taken, read-only (``Repl.looked_at``); ``when`` and ``info search``, which
answer for the whole record and the present, say so first (``Selected.aside``). Stepping and loading come back to the present
(``Repl.execute``). Declared in ``declared/frames.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sudoku_repl.commands.declared.frames import FRAME
from sudoku_repl.commands.selected import Selected
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.state import LOADED
from sudoku_repl.views.frames import GuessLevel, guess_levels

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.core.state import EngineState


def levels_of(repl: Repl) -> list[GuessLevel]:
    """The present state's guess levels, outermost (level 1) first."""
    session = repl.require_quiz()
    return guess_levels(session.history, session.cursor, session.state())


def _guess(repl: Repl, lv: GuessLevel) -> str:
    return f"{repl.session.geo.cell_name(lv.cell)}={lv.value}"


def _taken(repl: Repl, lv: GuessLevel) -> str:
    if lv.step is None:
        first = repl.session.history.first_steps
        return f"before step {first} (older steps were dropped to bound memory)"
    return f"at step {lv.step}"


def backtrace(repl: Repl) -> None:
    levels = levels_of(repl)
    if not levels:
        repl.out.message("No guess level: the search is at level 0.")
        return
    selected = repl.frame.level if repl.frame is not None else len(levels)
    for lv in reversed(levels):
        mark = ">" if lv.level == selected else " "
        repl.out.message(f"{mark} #{len(levels) - lv.level} {level_line(repl, lv)}")


def level_line(repl: Repl, lv: GuessLevel) -> str:
    """``Level 7 [1,8]=9 (2 out of 2) at step 65``: a level as ``backtrace`` names it."""
    return f"Level {lv.level} {_guess(repl, lv)} ({lv.tried} out of {lv.out_of}) {_taken(repl, lv)}"


def frame(repl: Repl, number: int | None) -> None:
    levels = levels_of(repl)
    if not levels:
        raise UserError(f"No guess level to select: the search is at level 0 ({FRAME.form})")
    if number is None:
        repl.out.message(_said(repl, levels))
        return
    if not 0 <= number < len(levels):
        raise UserError(
            f"No frame {number}: the frames are 0..{len(levels) - 1}, levels {len(levels)}..1 "
            f"({FRAME.form})"
        )
    _select(repl, levels, len(levels) - number)


def info_frame(repl: Repl) -> None:
    """``info frame``: the selected frame, and its level's guess."""
    levels = levels_of(repl)
    if not levels:
        steps = repl.session.state().steps
        repl.out.message(f"No guess level: the search is at level 0, at step {steps}.")
        return
    repl.out.message(_said(repl, levels))
    selected = repl.frame.level if repl.frame is not None else len(levels)
    repl.out.message(level_line(repl, levels[selected - 1]))


def print_(repl: Repl, cell: Cell) -> None:
    """The cell's value, or its candidates, in the state looked at (gdb's print)."""
    state = repl.looked_at()[0]
    name = repl.session.geo.cell_name(cell)
    said = cell_said(state, cell)
    repl.out.message(f"{name} = {said}" if state.values[cell] else f"{name} is {said}")


def cell_said(state: EngineState, cell: Cell) -> str:
    """What ``print`` says of a cell after its name: its value, or that it is empty and its
    candidates."""
    value = state.values[cell]
    if value:
        return str(value)
    digits = [str(v) for v in range(1, 10) if state.cands[cell] >> (v - 1) & 1]
    if state.status is LOADED:
        return "empty (the first step works out the candidates)"
    if digits:
        return f"empty: candidates {' '.join(digits)}"
    return "empty, with no candidate left"


def up(repl: Repl, n: int | None) -> None:
    """gdb's ``up``: alone, refused at the outermost frame; ``up n`` goes as far as there is
    (``up 0`` selects the frame again), as gdb's does."""
    levels = levels_of(repl)
    now = _now(repl, levels)
    if now <= 1 and n is None:
        raise UserError("Initial frame selected; you cannot go up.")
    _select(repl, levels, max(1, now - (1 if n is None else n)))


def down(repl: Repl, n: int | None) -> None:
    """gdb's ``down``, as ``up`` the other way: ``down 0`` or ``down 9`` at the innermost
    frame select it again."""
    levels = levels_of(repl)
    now = _now(repl, levels)
    if now >= len(levels) and n is None:
        raise UserError("Bottom (innermost) frame selected; you cannot go down.")
    _select(repl, levels, min(len(levels), now + (1 if n is None else n)))


def _now(repl: Repl, levels: list[GuessLevel]) -> int:
    """The selected level (the innermost when none is)."""
    if not levels:
        raise UserError("No guess level to move among: the search is at level 0.")
    return repl.frame.level if repl.frame is not None else len(levels)


def _select(repl: Repl, levels: list[GuessLevel], level: int) -> None:
    """Select ``level``: the innermost is the present; an outer one's state is worked out from
    the record (refused when the record no longer holds its step)."""
    repl.frame = selected(repl, levels, level)
    repl.out.message(_said(repl, levels))


def selected(repl: Repl, levels: list[GuessLevel], level: int) -> Selected | None:
    """Level ``level`` as ``frame`` selects it: None for the innermost (the present), else
    ``level_state``."""
    return None if level == len(levels) else level_state(repl, levels, level)


def level_state(repl: Repl, levels: list[GuessLevel], level: int) -> Selected:
    """Level ``level``'s state at the step its guess was taken, worked out from the record
    (refused when the record no longer holds that step), and the line that says so."""
    session = repl.session
    lv = levels[level - 1]
    if lv.step is None:
        raise UserError(f"Level {level}'s guess was taken {_taken(repl, lv)}: it cannot be shown.")
    moves = session.history.moves_to(lv.step)
    number = len(levels) - level
    note = (
        f"Frame {number}, level {level} of {len(levels)} (read-only): the state "
        f"at step {lv.step}, where level {level}'s guess {_guess(repl, lv)} was taken."
    )
    return Selected(level, number, note, session.state_after(moves), moves)


def _said(repl: Repl, levels: list[GuessLevel]) -> str:
    """Which level is selected, in one line."""
    if repl.frame is not None:
        return repl.frame.note
    steps = repl.session.state().steps
    return f"Frame 0, level {len(levels)} of {len(levels)}: the present state, at step {steps}."

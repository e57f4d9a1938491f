"""A cell as an editor's hover shows it (``evaluate`` in the ``hover`` context, docs/dap.md): its
value, given, placed or guessed (with its level), and the step that set it; or that it is
empty, with its candidates (``print``'s words). The cell hovered is the digit at the line and
column the editor gives, on a quiz file of the nine-line form."""

from __future__ import annotations

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.frames import cell_said
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.record import GOT, value_events
from sudoku_repl.core.state import EngineState
from sudoku_repl.frontends.dap.source import QuizSource


def cell_at(source: QuizSource, repl: Repl, line: int, column: int) -> Cell:
    """The cell whose digit stands at ``line``, ``column`` (1-based) of the quiz file; refused
    (``UserError``) anywhere else."""
    row = source.row_of_line(line)
    col = source.col_of_column(row, column) if row is not None else None
    if row is None or col is None:
        raise UserError(f"Line {line}, column {column} is not a cell's digit of the quiz.")
    geo = repl.session.geo
    return geo.index[(row - 1, col - 1)]


def set_at(repl: Repl, cell: Cell, value: int, steps: int) -> int | None:
    """The last step up to ``steps`` at which ``cell`` got ``value`` (None: not in the record)."""
    found, codes = value_events(repl.session.history.cell_track(cell), value)
    got = [s for s, code in zip(found, codes) if code >> 4 == GOT and s <= steps]
    return got[-1] if got else None


def cell_words(repl: Repl, state: EngineState, cell: Cell) -> str:
    """``[4,3]=6: guessed at level 2, step 11``, ``[1,3]=5: given``, ``[4,2]=8: placed at step
    22``, ``[4,4] is empty: candidates 1 8 9``."""
    session = repl.session
    name = session.geo.cell_name(cell)
    value = state.values[cell]
    if not value:
        return f"{name} is {cell_said(state, cell)}"
    if session.quiz is not None and session.quiz.givens[cell]:
        return f"{name}={value}: given"
    level = next((k for k, frame in enumerate(state.frames, 1) if frame.cell == cell), None)
    step = set_at(repl, cell, value, state.steps)
    if level is None:
        return f"{name}={value}: placed" + (f" at step {step}" if step is not None else "")
    return f"{name}={value}: guessed at level {level}" + (
        f", step {step}" if step is not None else ""
    )

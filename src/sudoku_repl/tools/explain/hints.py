"""Graded hints of Sudoku Explainer's next step (issue 68): ``hint se LEVEL``'s lines, the
API's ``Session.hint`` and DAP's console (which runs the shell's command) alike."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.state import EngineState
from sudoku_repl.tools.explain.plan import next_step
from sudoku_repl.views.hint import SE_NOTHING, se_grid
from sudoku_repl.views.step_words import hint_words


def se_graded_lines(
    state: EngineState, geo: Geometry, level: int, interrupted: Callable[[], bool] | None = None
) -> list[str]:
    """Sudoku Explainer's next step from the state (its values and candidates; before step 1,
    its givens'), at hint level ``level`` (``views/step_words``). ``Interrupted`` of the
    rating once ``interrupted()``."""
    grid = se_grid(state, geo)
    if isinstance(grid, str):
        return [grid]
    step = next_step(grid, interrupted)
    return [SE_NOTHING] if step is None else hint_words(step, level, geo)

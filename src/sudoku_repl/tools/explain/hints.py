"""Sudoku Explainer's next step in words (issues 68 and 73): ``hint se``'s line and ``hint se
LEVEL``'s, the API's ``Session.hint`` and DAP's console (which runs the shell's command) alike,
both read from the one ``PlanStep`` (so they name the step alike), in the session's cell
notation (``set names``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.state import EngineState
from sudoku_repl.tools.explain.plan import grid_solutions, next_taken
from sudoku_repl.tools.explain.premises import premises
from sudoku_repl.tools.explain.unsolvable import SEVERAL_SOLUTIONS
from sudoku_repl.views.hint import SE_NOTHING, se_grid
from sudoku_repl.views.step_words import hint_words, notation, step_line

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.plan_step import PlanStep
    from sudoku_repl.techniques.explainer.rating import Step


def se_graded_lines(
    state: EngineState,
    geo: Geometry,
    level: int,
    interrupted: Callable[[], bool] | None = None,
    names: str = "readalps",
) -> list[str]:
    """Sudoku Explainer's next step from the state (its values and candidates; before step 1,
    its givens'), at hint level ``level`` (``views/step_words``). ``Interrupted`` of the
    rating once ``interrupted()``."""
    said, found = _next(state, geo, interrupted)
    if isinstance(found, str):
        return [*said, found]
    (step, made), grid = found
    rests = premises(step, made, grid) if level == 3 else None
    return [*said, *hint_words(made, level, geo, names, grid.cands, rests)]


def se_hint_lines(
    state: EngineState,
    geo: Geometry,
    interrupted: Callable[[], bool] | None = None,
    names: str = "readalps",
) -> list[str]:
    """``hint se``: the step Sudoku Explainer would take next from the present values and
    candidates, with its rating, named as the graded hint names it: ``Hidden Single in block
    5: [5,6]=2 (ER 1.2)``. ``interrupted`` (Ctrl-C) is polled before each technique and inside
    the chain searches; ``Interrupted`` of the rating is raised once it is true."""
    said, found = _next(state, geo, interrupted)
    if isinstance(found, str):
        return [*said, found]
    return [*said, step_line(found[0][1], notation(geo, names))]


def _next(
    state: EngineState, geo: Geometry, interrupted: Callable[[], bool] | None
) -> tuple[list[str], tuple[tuple[Step, PlanStep], Grid] | str]:
    """Sudoku Explainer's next step from the state and the grid it was found on, or the line
    that says why there is none (not a classic grid, no technique finds one); before it, the
    line a grid with several solutions gets (``SEVERAL_SOLUTIONS``: its step is found without
    the techniques of uniqueness), else nothing."""
    grid = se_grid(state, geo)
    if isinstance(grid, str):
        return [], grid
    solved = grid_solutions(grid)
    said = [SEVERAL_SOLUTIONS] if len(solved) > 1 else []
    taken = next_taken(grid, interrupted, solved)
    return said, SE_NOTHING if taken is None else (taken, grid)

"""Sudoku Explainer's next step in words (issues 68 and 73): ``hint se``'s line and ``hint se
LEVEL``'s, the API's ``Session.hint`` and DAP's console (which runs the shell's command) alike,
both read from the one ``PlanStep`` (so they name the step alike), in the session's cell
notation (``set names``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.state import EngineState
from sudoku_repl.tools.explain.plan import next_step
from sudoku_repl.views.hint import SE_NOTHING, se_grid
from sudoku_repl.views.step_words import hint_words, notation, step_line

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.plan_step import PlanStep


def se_graded_lines(
    state: EngineState,
    geo: Geometry,
    level: int,
    interrupted: Callable[[], bool] | None = None,
    names: str = "readalps",
    deadline: float | None = None,
) -> list[str]:
    """Sudoku Explainer's next step from the state (its values and candidates; before step 1,
    its givens'), at hint level ``level`` (``views/step_words``). ``Interrupted`` of the
    rating once ``interrupted()``, ``OutOfTime`` past ``deadline`` (``next_step``'s)."""
    found = _next(state, geo, interrupted, deadline)
    if isinstance(found, str):
        return [found]
    step, grid = found
    return hint_words(step, level, geo, names, grid.cands)


def se_hint_lines(
    state: EngineState,
    geo: Geometry,
    interrupted: Callable[[], bool] | None = None,
    names: str = "readalps",
    deadline: float | None = None,
) -> list[str]:
    """``hint se``: the step Sudoku Explainer would take next from the present values and
    candidates, with its rating, named as the graded hint names it: ``Hidden Single in block
    5: [5,6]=2 (ER 1.2)``. ``interrupted`` (Ctrl-C) is polled before each technique and inside
    the chain searches; ``Interrupted`` of the rating is raised once it is true, ``OutOfTime``
    past ``deadline``."""
    found = _next(state, geo, interrupted, deadline)
    if isinstance(found, str):
        return [found]
    return [step_line(found[0], notation(geo, names))]


def _next(
    state: EngineState,
    geo: Geometry,
    interrupted: Callable[[], bool] | None,
    deadline: float | None = None,
) -> tuple[PlanStep, Grid] | str:
    """Sudoku Explainer's next step from the state and the grid it was found on, or the line
    that says why there is none (not a classic grid, no technique finds one)."""
    grid = se_grid(state, geo)
    if isinstance(grid, str):
        return grid
    step = next_step(grid, interrupted, deadline)
    return SE_NOTHING if step is None else (step, grid)

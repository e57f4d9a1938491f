"""Sudoku Explainer's next step in words: ``hint se``'s line and ``hint se
LEVEL``'s, the API's ``Session.hint`` and DAP's console (which runs the shell's command) alike,
both read from the one ``PlanStep`` (so they name the step alike), in the session's cell
notation (``set names``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.session import Session
from sudoku_repl.core.state import EngineState
from sudoku_repl.techniques.explainer.ruled import RuledGrid
from sudoku_repl.tools.explain.all_steps import all_steps, by_rating
from sudoku_repl.tools.explain.plan import grid_solutions, next_taken
from sudoku_repl.tools.explain.premises import premises
from sudoku_repl.tools.explain.ruled_steps import (
    beyond_line,
    ruled_all,
    ruled_next,
)
from sudoku_repl.tools.explain.unsolvable import NO_STEP, SEVERAL_SOLUTIONS, no_solution_line
from sudoku_repl.views.hint import NOT_CLASSIC_SE, SE_NOTHING, se_grid
from sudoku_repl.views.step_words import hint_words, listed_line, notation, step_line

#: where a state is not of a classic 9x9 quiz (``hint se``'s line)
NOT_CLASSIC = NOT_CLASSIC_SE

if TYPE_CHECKING:
    from sudoku_repl.techniques.explainer.grid import Grid
    from sudoku_repl.techniques.explainer.plan_step import PlanStep
    from sudoku_repl.techniques.explainer.rating import Step


#: what a hint's search is doing, for the progress (the shell's line, an MCP client's reports)
SEARCHING_NEXT = "hint se: searching Sudoku Explainer's next step"
SEARCHING_EVERY = "hint se all: searching every step of Sudoku Explainer's"
#: the line of a hint whose search passed its deadline (``OutOfTime``)
NO_HINT_IN_TIME = (
    "No hint within the time budget: Sudoku Explainer's next step is a long search from here "
    "(a larger budget may find it)."
)


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
    said, found = _next(state, geo, interrupted, deadline)
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
    deadline: float | None = None,
) -> list[str]:
    """``hint se``: the step Sudoku Explainer would take next from the present values and
    candidates, with its rating, named as the graded hint names it: ``Hidden Single in block
    5: [5,6]=2 (ER 1.2)``. ``interrupted`` (Ctrl-C) is polled before each technique and inside
    the chain searches; ``Interrupted`` of the rating is raised once it is true, ``OutOfTime``
    past ``deadline``."""
    said, found = _next(state, geo, interrupted, deadline)
    if isinstance(found, str):
        return [*said, found]
    return [*said, step_line(found[0][1], notation(geo, names))]


def se_all_lines(
    state: EngineState,
    geo: Geometry,
    interrupted: Callable[[], bool] | None = None,
    names: str = "readalps",
) -> list[str]:
    """``hint se all``: every step Sudoku Explainer offers from the present values and
    candidates (``tools/explain/all_steps``), easiest first, a line each (``listed_line``),
    numbered, under a line that counts them; or the line that says why there is none.
    ``Interrupted`` of the rating once ``interrupted()``."""
    said, steps = _every(state, geo, interrupted)
    if isinstance(steps, str):
        return [*said, steps]
    name = notation(geo, names)
    count = f"{len(steps)} step{'s' if len(steps) != 1 else ''}"
    head = f"Every step Sudoku Explainer offers here, easiest first ({count}):"
    width = len(str(len(steps)))
    return [*said, head] + [
        f"{number:>{width}}. {listed_line(step, name)}" for number, step in enumerate(steps, 1)
    ]


def se_all_json(
    state: EngineState,
    geo: Geometry,
    interrupted: Callable[[], bool] | None = None,
    names: str = "readalps",
) -> dict[str, object]:
    """``se_all_lines`` as data (DAP's ``sudokuBoard`` with ``steps: true``, the Board's
    list): ``{"steps": [...]}``, each step's ``PlanStep.to_json`` and its ``line`` (the
    shell's, unnumbered), easiest first; or ``{"none": line}``, why there is none."""
    said, steps = _every(state, geo, interrupted)
    if isinstance(steps, str):
        return {"none": " ".join([*said, steps])}
    name = notation(geo, names)
    listed = [{**step.to_json(), "line": listed_line(step, name)} for step in steps]
    return {"steps": listed, **({"said": said[0]} if said else {})}


def board_steps_json(
    session: Session,
    moves: int,
    state: EngineState,
    names: str = "readalps",
    interrupted: Callable[[], bool] | None = None,
) -> dict[str, object]:
    """``se_all_json`` of ``state`` (the state after the record's first ``moves`` moves), as
    the Board's list asks for it: where it is not of a classic quiz, or has no solution
    (``tools/explain/unsolvable``: since when), ``{"none": line}`` too."""
    if not session.geo.one_grid:
        return {"none": NOT_CLASSIC}
    unsolvable = no_solution_line(session, moves, state, NO_STEP, names)
    if unsolvable is not None:
        return {"none": unsolvable}
    return se_all_json(state, session.geo, interrupted, names)


def _every(
    state: EngineState, geo: Geometry, interrupted: Callable[[], bool] | None
) -> tuple[list[str], list[PlanStep] | str]:
    """Every step Sudoku Explainer offers from the state, easiest first, or the line that says
    why there is none (not a classic grid, no technique finds one); before it, the line a grid
    with several solutions gets (``SEVERAL_SOLUTIONS``: its steps are found without the
    techniques of uniqueness), else nothing."""
    grid = se_grid(state, geo)
    if isinstance(grid, str):
        return [], grid
    if isinstance(grid, RuledGrid):  # (the ported techniques of its rules: said as such)
        listed = by_rating(ruled_all(grid, interrupted))
        return [], listed if listed else beyond_line(grid.layout)
    several = len(grid_solutions(grid)) > 1
    said = [SEVERAL_SOLUTIONS] if several else []
    steps = by_rating(all_steps(grid, interrupted, uniqueness=not several))
    return said, steps if steps else SE_NOTHING


def _next(
    state: EngineState,
    geo: Geometry,
    interrupted: Callable[[], bool] | None,
    deadline: float | None = None,
) -> tuple[list[str], tuple[tuple[Step, PlanStep], Grid] | str]:
    """Sudoku Explainer's next step from the state and the grid it was found on, or the line
    that says why there is none (not a classic grid, no technique finds one); before it, the
    line a grid with several solutions gets (``SEVERAL_SOLUTIONS``: its step is found without
    the techniques of uniqueness), else nothing."""
    grid = se_grid(state, geo)
    if isinstance(grid, str):
        return [], grid
    if isinstance(grid, RuledGrid):
        taken = ruled_next(grid, interrupted)
        return [], beyond_line(grid.layout) if taken is None else (taken, grid)
    solved = grid_solutions(grid)
    said = [SEVERAL_SOLUTIONS] if len(solved) > 1 else []
    taken = next_taken(grid, interrupted, solved, deadline)
    return said, SE_NOTHING if taken is None else (taken, grid)

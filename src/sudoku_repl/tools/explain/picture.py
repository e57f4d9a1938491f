"""A picture of Sudoku Explainer's next step from a state: ``export svg``'s, the
DAP ``sudokuBoard`` request's (``picture: true``) and the web page's Board's, made once here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from sudoku_repl.core.session import Session
from sudoku_repl.core.state import EngineState
from sudoku_repl.techniques.explainer.ruled import RuledGrid
from sudoku_repl.tools.explain.plan import grid_solutions, next_step
from sudoku_repl.tools.explain.ruled_steps import beyond_line, ruled_next
from sudoku_repl.tools.explain.unsolvable import NO_PICTURE, no_solution_line
from sudoku_repl.views.hint import SE_NOTHING, se_grid
from sudoku_repl.views.step_svg import board_of_grid, caption, step_svg

#: where a state is of a quiz of several grids
NOT_CLASSIC = "No picture: Sudoku Explainer's steps are of a quiz of one 9x9 grid only."
#: after the caption of a step of a position with several solutions (``SEVERAL_SOLUTIONS``),
#: and after its line where no step is found
SEVERAL_CAPTION = ", without uniqueness: several solutions from here"


class Picture(NamedTuple):
    """The SVG text of a step, and its caption (``X-Wing (3.2)``)."""

    svg: str
    caption: str


def next_step_picture(
    session: Session,
    moves: int,
    state: EngineState,
    givens: Sequence[int],
    interrupted: Callable[[], bool] | None = None,
    names: str = "readalps",
) -> Picture | str:
    """The picture of the step Sudoku Explainer takes next from ``state`` (the state after
    the record's first ``moves`` moves), or the line that says why there is none (``No
    picture: ...``; a state with no solution: ``No solution from here: ...``, since when).
    ``Interrupted`` of the rating once ``interrupted()``. ``names``: the session's ``set names``
    (the no-solution line's cells)."""
    geo = session.geo
    if not geo.one_grid:
        return NOT_CLASSIC
    unsolvable = no_solution_line(session, moves, state, NO_PICTURE, names)
    if unsolvable is not None:
        return unsolvable
    grid = se_grid(state, geo)
    if isinstance(grid, str):
        return f"No picture: {grid.removeprefix('Next: nothing, ')}"
    if isinstance(grid, RuledGrid):  # (the next step of the techniques ported to its rules)
        taken = ruled_next(grid, interrupted)
        if taken is None:
            return f"No picture: {beyond_line(grid.layout)}"
        return Picture(step_svg(taken[1], board_of_grid(grid, givens)), caption(taken[1]))
    solved = grid_solutions(grid)
    step = next_step(grid, interrupted, solved)
    several = len(solved) > 1  # (then the step is found without uniqueness: said with it)
    if step is None:
        nothing = f"No picture: {SE_NOTHING}"  # (a proper name first: as it is)
        return f"{nothing[:-1]}{SEVERAL_CAPTION}." if several else nothing
    said = caption(step) + (SEVERAL_CAPTION if several else "")
    return Picture(step_svg(step, board_of_grid(grid, givens)), said)


def picture_json(drawn: Picture | str) -> dict[str, str]:
    """``drawn`` as the Board's page takes it (VS Code's and the web page's): ``{"svg",
    "caption"}``, or ``{"none"}``, the line that says why there is none."""
    if isinstance(drawn, str):
        return {"none": drawn}
    return {"svg": drawn.svg, "caption": drawn.caption}

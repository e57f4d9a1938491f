"""A move judged without the solution (``check_move`` of ``sudoku-repl mcp`` in its sealed
mode, docs/agents.md): ``justified`` where a technique of Sudoku Explainer rated up to
``max_er`` makes the move from the state, ``wrong`` where one rules it out (it makes a move the
move cannot stand beside: for a placement, the cell's removal of that digit, another digit
placed there, or the digit placed in a peer; for an elimination, the digit placed there),
else ``unproven``, whether the move agrees with the solution or not. Each verdict says only
what those techniques prove from the state, which ``hint`` could have said as well: the
solution is never looked at, so no answer can tell a right move from a wrong one beyond
that."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_repl.core.errors import UserError
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.tools.judging.judge import (
    BUDGET,
    Judge,
    Judgement,
    OutOfBudget,
    Verdict,
    unplayable,
)
from sudoku_repl.tools.judging.moves import Move


def sealed_judgement(
    judge: Judge, grid: Grid, move: Move, deadline: float | None = None
) -> Judgement:
    """The move's sealed verdict on the grid (not changed); ``UserError`` for a move that cannot
    be made there (``unplayable``); ``unproven`` for the reason ``BUDGET`` once ``deadline``
    (``time.monotonic``'s clock) passes first."""
    why = unplayable(grid, move)
    if why is not None:
        raise UserError(why)
    # (the techniques tried in order up to the first that makes the move or rules it out)
    opposites = tuple(_opposites(grid, move))
    try:
        made = judge.first_made(grid, (move, *opposites), deadline)
    except OutOfBudget:
        return Judgement(move, Verdict.UNPROVEN, reason=BUDGET)
    if move in made:
        name, rating = made[move]
        return Judgement(move, Verdict.JUSTIFIED, name, rating / 10)
    against = [made[other] for other in opposites if other in made]
    if not against:
        return Judgement(move, Verdict.UNPROVEN)
    name, rating = min(against, key=lambda found: found[1])
    return Judgement(
        move,
        Verdict.WRONG,
        name,
        rating / 10,
        contradiction=f"{name} (ER {rating / 10}) rules it out",
    )


def _opposites(grid: Grid, move: Move) -> Iterator[Move]:
    """The moves any one of which, made by a technique, proves ``move`` false."""
    cell, digit = move.cell, move.digit
    if not move.place:
        yield Move(cell, digit, True)
        return
    yield Move(cell, digit, False)
    for other in range(1, 10):
        if other != digit and grid.cands[cell] >> other & 1:
            yield Move(cell, other, True)
    for peer in grid.geometry.peers[cell]:
        if not grid.values[peer] and grid.cands[peer] >> digit & 1:
            yield Move(peer, digit, True)

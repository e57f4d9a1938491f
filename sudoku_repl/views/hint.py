"""What the next step would do: the step run on a copy of the engine (``hint``)."""

from __future__ import annotations

from sudoku_repl.core.engine import Engine
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.state import STEP_BOUNDARY, EngineState, Status
from sudoku_repl.techniques.names import fill_pass
from sudoku_repl.text.render import invalid_line
from sudoku_repl.views.technique_lines import STANDARD, move_lines, named


def hint_lines(
    state: EngineState, geo: Geometry, run_mode: int, names: str = "readalps"
) -> list[str]:
    """What the next step would print, run on a copy: a first line saying what kind of step it
    is, then the step's own trace lines (a new guess takes the default answer), named as
    ``set names`` says."""
    probe = Engine(state, geo)
    status = probe.status
    if status is Status.FINISHED:
        return [
            "Next: nothing, the search is finished.",
            invalid_line(state.steps, state.solutions),
        ]
    before = list(probe.values)
    events = probe.advance(run_mode)
    body = move_lines(events, geo, names, None, probe.cands)
    placed = [(c, v) for c, (was, v) in enumerate(zip(before, probe.values)) if v and not was]
    if status is Status.LOADED:
        head = "Next: step 1 computes the candidates of the empty cells."
    elif status is Status.SEARCHING and placed:
        fills = " ".join(f"{geo.cell_name(c)}={v}" for c, v in placed)
        head = f"Next: the fill pass places {fills}."
        if names == STANDARD:
            head = named(head, fill_pass(len(placed)))
    elif status is Status.SEARCHING and not events:
        head = f"Next: no technique of run-mode {run_mode} applies at step {probe.steps}"
        head += ", so a guess follows:" if probe.status is Status.GUESS_DUE else "."
    elif status is Status.SEARCHING:
        head = f"Next: run-mode {run_mode} finds at step {probe.steps}:"
    else:  # a guess is due, or the search goes back after a contradiction or a solution
        head = "Next: the search goes on with a guess:"
    while probe.status not in STEP_BOUNDARY:
        body += move_lines(probe.advance(run_mode), geo, names, None, probe.cands)
    return [head, *body]

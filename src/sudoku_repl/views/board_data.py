"""The board of a state as data for any client to draw (the DAP's ``sudokuBoard``, docs/dap.md):
the frame's shape, every cell's value and candidates, what the state's step set and removed,
each guess level's cell and the palette. Read from the state and the record's last step
(``last_step_changes``: the moves since the state that showed the step before), never by
replaying the search: the same cost at step 1,000,000 as at step 10."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from sudoku_repl.core.geometry import Geometry, values_of
from sudoku_repl.core.record import History
from sudoku_repl.core.state import EngineState, Status
from sudoku_repl.views.board import last_step_changes
from sudoku_repl.views.palette import palette_json
from sudoku_repl.views.replay.data import geometry_json
from sudoku_repl.views.rules_drawn import drawn_rules

Body = dict[str, Any]

#: the neighbours across a cell's top, right, bottom and left sides
SIDES = ((-1, 0), (0, 1), (1, 0), (0, -1))


@lru_cache(maxsize=4)
def shape_json(geo: Geometry) -> Body:
    """``geometry_json`` (the bounding grid, each cell's place, the units' names) and the
    grids' top-left cells (1-based ``[row, col]``: one for a classic quiz, five for a samurai).
    Kept for the last shapes asked (a geometry never changes): not to be changed."""
    return {**geometry_json(geo), "grids": [[r + 1, c + 1] for r, c in geo.grids]}


@lru_cache(maxsize=4)
def borders(geo: Geometry) -> list[list[bool]]:
    """Each cell's thick sides, ``[top, right, bottom, left]``: a box's edge (the cell across
    is in another box, or there is none). Kept as ``shape_json``."""
    index, block_of = geo.index, geo.block_of
    thick = []
    for cell, (r, c) in enumerate(geo.positions):
        sides = []
        for dr, dc in SIDES:
            other = index.get((r + dr, c + dc))
            sides.append(other is None or block_of[other] != block_of[cell])
        thick.append(sides)
    return thick


@lru_cache(maxsize=4)
def rules_json(geo: Geometry) -> Body | None:
    """The quiz's variant rules as a Board draws them (``views/rules_drawn``; None: classic
    sudoku). Kept as ``shape_json``."""
    ruled = drawn_rules(geo)
    return ruled.to_json() if ruled is not None else None


def board_json(
    geo: Geometry,
    givens: Sequence[int],
    state: EngineState,
    history: History,
    moves: int,
    name: str,
) -> Body:
    """The board of ``state``, the state after the record's first ``moves`` moves; ``name``:
    how the frame is named (its trace line, or its level's ``backtrace`` line)."""
    before = last_step_changes(history, moves, state)
    levels = {frame.cell: k for k, frame in enumerate(state.frames, 1)}
    loaded = state.status is Status.LOADED  # candidates are worked out by the first step
    # step 1 works the candidates out: none of them was removed or given back
    first = state.steps == 1
    values, cands = state.values, state.cands
    cells = []
    for cell, (r, c) in enumerate(geo.positions):
        value, mask = values[cell], cands[cell]
        was = before.get(cell)
        was_value, was_mask = was if was is not None else (value, mask)
        empty_both = not value and not was_value and not first
        cells.append(
            {
                "name": f"[{r + 1},{c + 1}]",
                "row": r + 1,
                "col": c + 1,
                "box": geo.block_of[cell],
                "value": value,
                "given": bool(givens[cell]),
                "candidates": [] if value or loaded else list(values_of(mask)),
                "set": bool(value) and value != was_value,
                "changed": was is not None,
                "removed": list(values_of(was_mask & ~mask)) if empty_both else [],
                "back": list(values_of(mask & ~was_mask)) if empty_both else [],
                "undone": was_value if was_value and not value else 0,
                "guess": levels.get(cell),
            }
        )
    title = f"Step {state.steps}" + (f", level {state.level}" if state.level else "")
    return {
        "step": state.steps,
        "level": state.level,
        "title": title,
        "name": name,
        "shape": shape_json(geo),
        "borders": borders(geo),
        "rules": rules_json(geo),
        "cells": cells,
        "palette": palette_json(),
    }

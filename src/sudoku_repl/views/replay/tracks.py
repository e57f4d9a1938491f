"""The experiments on the replay page: each one's guess levels as a track of its own beside the
present one's, and the two side by side where they part (the lines of their first steps after
the last step they share). Each record is read while the ``History`` holds it
(``Experiments.view``); the present one's is put back after."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sudoku_repl.core.experiments import Experiment
from sudoku_repl.core.geometry import Geometry
from sudoku_repl.core.hooks import Hooks
from sudoku_repl.core.record import History
from sudoku_repl.views.technique_lines import recorded_lines
from sudoku_repl.views.timeline import level_series

if TYPE_CHECKING:
    from sudoku_repl.core.session import Session

#: the steps after the parting shown side by side
COMPARED_STEPS = 4


def _title(exp: Experiment) -> str:
    return f"experiment {exp.number} ({exp.name})"


def step_levels(history: History, hooks: Hooks | None = None) -> list[int]:
    """The guess level in the state of each step of the record, from its start's on
    (``level_series``: ``between(hooks)`` as it goes)."""
    levels: list[int] = []
    first = history.start.steps
    for steps, level in level_series(history, hooks):
        index = steps - first
        if index < len(levels):
            levels[index] = level
        else:
            levels += [level] * (index + 1 - len(levels))
    return levels


def _lines_after(history: History, step: int, geo: Geometry, names: str) -> list[str]:
    span = history.moves_of_steps(step + 1, step + COMPARED_STEPS)
    return [
        line for m in span for line in recorded_lines(history, m, history.events(m), geo, names)
    ]


def experiment_marks(
    session: Session, names: str = "readalps", hooks: Hooks | None = None
) -> dict[str, Any]:
    """The page's ``experiment`` (the present one's title), ``experiments`` (the others'
    tracks) and ``compares`` (each other one beside the present one where they part); only
    the title while there is one experiment. Ctrl-C stops it (``between(hooks)``)."""
    tree = session.experiment_tree
    current = tree.current
    found: dict[str, Any] = {"experiment": _title(current), "experiments": [], "compares": []}
    others = [exp for exp in tree if exp is not current]
    if not others:
        return found
    parted: list[int] = []
    try:
        for exp in others:
            moves = tree.parting_moves(exp, current)
            tree.view(exp)
            history = session.history
            step = history.steps_after(moves)
            parted.append(step)
            found["experiments"].append(
                {"name": _title(exp), "first": history.start.steps, "levels": step_levels(history, hooks),
                 "parted": step}
            )  # fmt: skip
            found["compares"].append(
                {"step": step, "b": {"name": _title(exp), "lines": _lines_after(history, step, session.geo, names)}}
            )  # fmt: skip
    finally:
        tree.unview()
    history = session.history
    for compare, step in zip(found["compares"], parted):
        compare["a"] = {
            "name": _title(current),
            "lines": _lines_after(history, step, session.geo, names),
        }
    return found

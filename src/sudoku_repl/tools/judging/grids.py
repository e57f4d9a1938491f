"""The grid a quiz's moves are judged on and its one solution, on any rules serate rates: a
classic quiz's Sudoku Explainer grid (its givens, or a pencil-mark puzzle's candidates), or
under variant rules the rules' (``ruled.RuledGrid``: their regions and visible cells), its
solution counted under the rules (``core/rule_counting``). The one place ``check_move`` and
the Gymnasium environment make them."""

from __future__ import annotations

from sudoku_repl.core.errors import UserError
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.rule_counting import solutions_under
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.ruled import Layout, RuledGrid
from sudoku_repl.tools.explain.plan import grid_solution
from sudoku_repl.views.hint import se_layout


def judged_layout(rules: str) -> Layout | None:
    """The layout a quiz of these rules (``core/rules``' words) is judged on: None for classic
    sudoku (or the toroidal board alone, classic to serate); ``UserError`` in one line for
    rules serate has no flag for."""
    layout = se_layout(rules)
    if isinstance(layout, str):
        raise UserError(layout)
    return layout


def quiz_grid(quiz: Quiz) -> Grid:
    """Sudoku Explainer's grid of the quiz at its start, on its rules (``judged_layout``)."""
    layout = judged_layout(quiz.rules)
    if layout is None:
        return Grid.from_state(quiz.givens, quiz.marks)
    return RuledGrid.of_puzzle("".join(map(str, quiz.givens)), layout)


def quiz_solution(quiz: Quiz) -> tuple[int, ...]:
    """The quiz's one solution under its rules; ``ValueError`` where it has none or several."""
    if not quiz.rules:
        return grid_solution(Grid.from_state(quiz.givens, quiz.marks))
    found = solutions_under(quiz.givens, quiz.geometry, 2)
    if len(found) != 1:
        raise ValueError(f"a plan is made of a grid with one solution, not {len(found)}")
    return tuple(found[0])

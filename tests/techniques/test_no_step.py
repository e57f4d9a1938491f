"""``finds_nothing``: a grid no technique takes a step from, known at once (every
candidate in some solution, the techniques below the chains finding nothing); never said of a
grid where a step exists, and not said where it is not known (a clash, the budget spent)."""

from __future__ import annotations

import pytest

from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.no_step import finds_nothing
from sudoku_repl.techniques.explainer.rating import first_hint, techniques

EMPTY = "." * 81
EASY = "001000802090000030000604010970008460000000000015700098040907000080000050306000700"
# ER 11.1 for serate (tests/data/serate: the hard set): no step below the chains at the start
HARD = "98.7..6..75..6......68.....4..3...2...5.9.7.......8..4.1......3..918.5.......2.1."


@pytest.mark.parametrize(
    "puzzle",
    [
        EMPTY,
        "5" + "." * 80,  # one given
        "5" + "." * 39 + "3" + "." * 40,  # two
        "." * 40 + "5" + "." * 31 + "12" + "." * 7,  # three
    ],
)
def test_a_grid_of_a_few_givens_has_no_step(puzzle: str) -> None:
    # with so few givens every candidate (a value no peer holds) is in some solution, and no
    # cell has fewer than six: no technique has anything to remove or place
    assert finds_nothing(Grid.from_puzzle(puzzle))


@pytest.mark.parametrize("puzzle", [EASY, HARD])
def test_a_puzzle_of_one_solution_has_a_step(puzzle: str) -> None:
    assert not finds_nothing(Grid.from_puzzle(puzzle))


def test_a_grid_of_several_solutions_with_a_step_is_not_said_to_have_none() -> None:
    # EASY less its first given (r1c3 1): several solutions, and a hidden single first
    grid = Grid.from_puzzle("." + "." + "." + EASY[3:])
    assert first_hint(grid, techniques()) is not None
    assert not finds_nothing(grid)


def test_clashing_givens_are_not_known() -> None:
    # two 5s in row 1: no solution, nothing said (the techniques are tried)
    assert not finds_nothing(Grid.from_puzzle("55" + "." * 79))


def test_past_its_budget_nothing_is_known() -> None:
    assert not finds_nothing(Grid.from_puzzle(EMPTY), nodes=10)


def test_the_last_empty_cell_is_never_said_stuck() -> None:
    solved = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
    assert not finds_nothing(Grid.from_puzzle(solved[:40] + "." + solved[41:]))
    assert not finds_nothing(Grid.from_puzzle(solved))  # (solved: nothing to say)

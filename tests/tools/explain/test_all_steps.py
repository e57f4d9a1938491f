"""Every step at a position (``hint se all``, the MCP tool ``all_steps``, the Board's list) held
to Sudoku Explainer's own list: what ``Solver.getAllHints`` of SukakuExplainer 1.15.10 gave on
22 states (two quizzes, 18 states along five rating paths, two of serate's own pencil-mark
lines and two public pencil-mark puzzles; ``tests/data/se_all_hints/``, made by
``tests/oracles/se_all_hints.py``): the same steps, technique, rating, placement, removals and
serate's line, in SE's order."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import PlanStep, label_cell, label_digit
from sudoku_repl.techniques.explainer.rating import Interrupted
from sudoku_repl.tools.explain.all_steps import all_steps, by_rating

DATA = Path(__file__).parents[2] / "data" / "se_all_hints"


def serate_lists() -> dict[str, list[tuple[str, ...]]]:
    """SE's list of each state: its rows (rating, technique, placement, removals, line)."""
    lists: dict[str, list[tuple[str, ...]]] = {}
    rows: list[tuple[str, ...]] = []
    for line in (DATA / "serate.out").read_text().splitlines():
        if line.startswith("# "):
            rows = lists[line[2:]] = []
        else:
            rows.append(tuple(line.split("\t")))
    return lists


SERATE = serate_lists()


def grid_of(line: str) -> Grid:
    return Grid.from_puzzle(line) if len(line) == 81 else Grid.from_candidate_string(line)


def _cell(label: str) -> str:
    cell = label_cell(label)
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def row(step: PlanStep) -> tuple[str, ...]:
    """A step as the oracle prints it."""
    placed = " ".join(f"{_cell(c)}={label_digit(c)}" for c in step.placed) or "-"
    removed = sorted((label_cell(c), label_digit(c)) for c in step.removed)
    removals = " ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for c, d in removed) or "-"
    return f"{step.rating:.1f}", step.technique, placed, removals, step.description


def test_the_states_are_all_there() -> None:
    states = (DATA / "states.txt").read_text().split()
    assert list(SERATE) == states and len(states) == 22
    assert sum(map(len, SERATE.values())) == 746  # (serate.out's 768 lines, less the 22 heads)


@pytest.mark.parametrize("line", list(SERATE), ids=range(1, len(SERATE) + 1))
def test_every_step_is_serates(line: str) -> None:
    grid = grid_of(line)
    before = (list(grid.values), list(grid.cands))
    assert [row(step) for step in all_steps(grid)] == SERATE[line]
    assert (grid.values, grid.cands) == before  # (the grid is not changed)


def test_easiest_first_ties_in_ses_order() -> None:
    line = list(SERATE)[1]  # (the second quiz: SE's own order is not by rating there)
    expected = SERATE[line]
    assert [r[0] for r in expected] != sorted(r[0] for r in expected)
    listed = [row(step) for step in by_rating(all_steps(grid_of(line)))]
    assert listed == sorted(expected, key=lambda r: float(r[0]))  # (Python's sort is stable)


def test_a_state_of_chains_alone() -> None:
    """Where nothing below the chains finds a step, SE lists every chain technique's."""
    lists = [rows for rows in SERATE.values() if rows and float(rows[0][0]) >= 6.5]
    assert lists and all("Forcing Chain" in rows[0][1] for rows in lists)


def test_interrupted() -> None:
    with pytest.raises(Interrupted):
        all_steps(grid_of(next(iter(SERATE))), lambda: True)

"""Every step at a position (``hint se all``, the MCP tool ``all_steps``, the Board's list) held
to Sudoku Explainer's own list: what ``Solver.getAllHints`` of SukakuExplainer 1.15.10 gave on
25 states (``tests/data/se_all_hints/``, made by ``tests/oracles/se_all_hints.py``: two quizzes,
16 states along five rating paths, two of serate's own pencil-mark lines, two public
pencil-mark puzzles, two states where only dynamic forcing chains go on, ER 9.0 and 9.5, and
one where only nested ones do, ER 10.3): the same steps, technique, rating, placement, removals
and serate's line, in SE's order."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import PlanStep, label_cell, label_digit
from sudoku_repl.techniques.explainer.rating import Interrupted
from sudoku_repl.tools.explain.all_steps import all_steps, by_rating
from tests.support.helpers import Shell, slow_cases_on_pure

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
    assert list(SERATE) == states and len(states) == 25
    assert sum(map(len, SERATE.values())) == 842  # (serate.out's 867 lines, less the 25 heads)


# (the chains' states, ER 7 and up, take seconds in C and minutes on the pure engine)
@pytest.mark.parametrize(
    "line",
    slow_cases_on_pure(SERATE, lambda line: float(SERATE[line][0][0]) >= 7.0),
    ids=range(1, len(SERATE) + 1),
)
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


# -- hint se all: the shell's list ----------------------------------------------------------

#: the first quiz of ``states.txt`` (serate's ``easy.txt``, ER 5.5): its 17 steps as serate
#: lists them (``serate.out``), easiest first, in the shell's words under ``set names standard``
QUIZ = next(iter(SERATE))
QUIZ_STEPS = [
    "Every step Sudoku Explainer offers here, easiest first (17 steps):",
    " 1. Hidden Single in block 7: r8c3=9 (ER 1.2)",
    " 2. Hidden Single in row 9: r9c9=9 (ER 1.5)",
    " 3. Naked Single: r7c3=2 (ER 2.3)",
    " 4. Pointing: removes 6 from r2c1 (ER 2.6), cells r2c7 r2c9",
    " 5. Pointing: removes 9 from r3c5 (ER 2.6), cells r3c7 r3c9",
    " 6. Claiming: removes 6 from r2c1 (ER 2.8), cells r1c1 r1c2",
    " 7. Claiming: removes 9 from r3c5 (ER 2.8), cells r1c5 r1c6",
    " 8. X-Wing: removes 9 from r3c5 (ER 3.2), cells r1c5 r1c6 r5c5 r5c6",
    " 9. Skyscraper: removes 9 from r3c5 (ER 4.0)",
    "10. Turbot Crane: removes 9 from r3c5 (ER 4.2)",
    "11. Grouped Skyscraper 01: removes 9 from r3c5 (ER 4.3)",
    "12. Grouped Turbot Crane 01: removes 6 from r2c1 (ER 4.3)",
    "13. Grouped Skyscraper 11: removes 6 from r2c1 (ER 4.3)",
    "14. VWXYZ-Wing 2516: removes 1 from r7c5 r8c4 r8c5 r8c6 r9c9 and 4 from r9c9 (ER 6.2), "
    "cells r9c4 r9c5 r9c6 r9c8 r9c2",
    "15. VWXYZ-Wing 2411: removes 6 from r2c1 and 9 from r3c5 (ER 6.3), "
    "cells r1c8 r2c7 r2c9 r3c9 r3c7",
    "16. VWXYZ-Wing 2411: removes 6 from r2c1 and 9 from r3c5 (ER 6.3), "
    "cells r1c8 r2c9 r3c7 r3c9 r2c7",
    "17. VWXYZ-Wing 2411: removes 6 from r2c1 and 9 from r3c5 (ER 6.3), "
    "cells r2c7 r2c9 r3c7 r3c9 r1c8",
]


def quiz_shell() -> Shell:
    shell = Shell()
    shell.ok(f"load-quiz {QUIZ}")
    shell.ok("set names standard")
    return shell


def without_build_line(lines: list[str]) -> list[str]:
    """The lines after the pure build's line, which the shell says once a process."""
    return lines[-len(QUIZ_STEPS) :] if len(lines) > len(QUIZ_STEPS) else lines


def test_hint_se_all_lists_serates_steps_easiest_first() -> None:
    shell = quiz_shell()
    assert without_build_line(shell.ok("hint se all")) == QUIZ_STEPS
    assert shell.steps == 0  # (nothing changes)
    shell.ok("set names readalps")
    said = shell.ok("hint se all")
    assert said[-17] == " 1. Hidden Single in block 7: [8,3]=9 (ER 1.2)"


def test_hint_se_all_where_there_is_none() -> None:
    shell = Shell()
    assert shell.fails("hint se all") == ["No quiz loaded. Use load-quiz <file>."]
    shell.ok(f"load-quiz {QUIZ}")
    shell.ok("run")
    assert shell.ok("hint se all")[-1] == "Next: nothing, the grid is full."
    assert shell.fails("hint se all 2") == ["hint se all takes nothing more: hint [se] [1|2|3|all]"]


def test_hint_se_all_stops_at_ctrl_c() -> None:
    shell = Shell(interrupted=lambda: True)
    shell.ok(f"load-quiz {QUIZ}")
    assert shell.run("hint se all")[-1] == "Interrupted: no hint."

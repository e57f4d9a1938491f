"""A position with several solutions: ``hint se`` (every level), ``export svg`` and the API say
so first, and their steps are Sudoku Explainer's but those of uniqueness (a unique rectangle or
loop, a BUG: they hold with one solution only, and here they remove real solutions' values).

Each step of the walk is held to the core's solution counter (``core/counting``, apart from the
explainer's): a removed candidate is no solution's value, a placed one every solution's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sudoku_repl import api
from sudoku_repl.core.counting import count_solutions
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import label_cell, label_digit
from sudoku_repl.tools.explain import plan
from sudoku_repl.tools.explain.plan import next_step
from tests.commands.test_export_html import files_in
from tests.support.helpers import REPO, Shell, slow_on_pure
from tests.support.sweeps import sweeping

SEVERAL = "puzzles/multiple_solutions.txt"  # its quiz 1, the one load-quiz takes
QUIZ = (REPO / SEVERAL).read_text().split()[0]
SAID = (
    "Several solutions from here: no step that assumes one solution "
    "(a unique rectangle or loop, a BUG) is given."
)
UNIQUENESS_WORDS = ("Unique", "BUG")
#: the deepest nested chains: where the walk ends they search some twelve seconds of the C and
#: find nothing; the sample's walk stops its search before them (the sweep searches them too)
DEEPEST_NESTED = (
    "nested forcing chains (+ dynamic forcing chains, 2)",
    "nested forcing chains (+ dynamic forcing chains, 3)",
)


def solvable_with(cell: int, digit: int) -> bool:
    """Whether the quiz with ``digit`` in ``cell`` has a solution (the core's counter)."""
    givens = [0 if c == "." else int(c) for c in QUIZ]
    if givens[cell]:
        return givens[cell] == digit
    givens[cell] = digit
    try:
        return count_solutions(givens, 1) > 0
    except ValueError:  # (a digit its peers hold already)
        return False


@slow_on_pure  # (its end: every technique up to the nested chains finds nothing)
def test_a_walk_of_next_steps_never_removes_a_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the walk ends the techniques of uniqueness would find a step (a unique loop) and
    no other technique does: the sample searches every technique but the deepest nested chains
    there (``DEEPEST_NESTED``), the sweep all of them."""
    if not sweeping():
        every = plan.techniques

        def but_the_deepest(*args: Any, **kwargs: Any) -> Any:
            order = every(*args, **kwargs)
            kept = tuple(entry for entry in order if entry[0] not in DEEPEST_NESTED)
            assert len(kept) == len(order) - len(DEEPEST_NESTED)  # (the names are the order's)
            return kept

        monkeypatch.setattr(plan, "techniques", but_the_deepest)
    grid = Grid.from_puzzle(QUIZ)
    taken = []
    while (step := next_step(grid)) is not None:
        taken.append(step.technique)
        assert not any(word in step.technique for word in UNIQUENESS_WORDS), taken
        for label in step.removed:
            cell, digit = label_cell(label), label_digit(label)
            assert not solvable_with(cell, digit), (step.technique, label)
            grid.remove(cell, digit)
        for label in step.placed:
            cell, digit = label_cell(label), label_digit(label)
            others = [d for d in range(1, 10) if d != digit]
            assert not any(solvable_with(cell, d) for d in others), (step.technique, label)
            grid.place(cell, digit)
    assert len(taken) >= 3  # (the walk went some way before no sound step was left)
    assert not grid.is_solved()  # (several solutions: no sound step decides between them)


def test_the_shell_says_so_before_each_hint(tmp_path: Path) -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SEVERAL}")
    assert shell.ok("hint se") == [SAID, "Direct Hidden Pair: [9,3]=1 (ER 2.0)"]
    assert shell.ok("hint se 1") == [SAID, "Direct Hidden Pair (ER 2.0): look at block 7."]
    level3 = shell.ok("hint se 3")
    assert level3[0] == SAID and level3[4] == "So it places [9,3]=1."
    target = tmp_path / "step.svg"
    assert shell.ok(f"export svg {target}") == [
        f"Wrote {target}: Direct Hidden Pair (2.0), without uniqueness: several solutions "
        "from here."
    ]
    assert files_in(tmp_path) == ["step.svg"]


def test_the_api_says_so_and_a_quiz_with_one_solution_does_not() -> None:
    session = api.Session.from_quiz(SEVERAL)
    assert session.hint(2, se=True).splitlines()[0] == SAID
    one = api.Session.from_quiz("examples/seed.txt")
    assert SAID not in one.hint(3, se=True)


@slow_on_pure  # (every technique of the position is searched, the chains' included)
def test_every_step_listed_says_so_and_none_assumes_one_solution() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {SEVERAL}")
    listed = shell.ok("hint se all")
    assert listed[0] == SAID
    assert listed[1].startswith("Every step Sudoku Explainer offers here, easiest first (")
    assert len(listed) > 2
    assert not any(word in line for line in listed[2:] for word in UNIQUENESS_WORDS), listed

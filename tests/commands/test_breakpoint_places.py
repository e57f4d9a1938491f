"""A cell breakpoint means a place, row and column: loading a quiz of another shape moves it to
the same place, or disables it with one line when the new puzzle has no such cell
(a samurai breakpoint on [21,21] crashed the next step of a classic quiz with IndexError, and
one on [2,1] silently watched [3,1])."""

from __future__ import annotations

from sudoku_repl.core.breakpoints import CellGets
from sudoku_repl.core.geometry import CLASSIC
from tests.support.helpers import REPO, SAMURAI_FILE
from tests.support.soundness import new_repl, run_commands

SAMURAI = SAMURAI_FILE
SEED = REPO / "examples" / "seed.txt"


def test_a_cell_the_new_quiz_lacks_is_disabled_with_one_line_each_and_nothing_crashes() -> None:
    repl, out = new_repl()
    run_commands(
        repl,
        out,
        f"load-quiz {SAMURAI}",
        "break cell [21,21]",
        "break removed 5 [21,21]",
    )
    said = run_commands(repl, out, f"load-quiz {SEED}")
    assert said == [
        "Quiz loaded.",
        "Breakpoint 1 (cell [21,21]) is disabled: this quiz has no cell [21,21].",
        "Breakpoint 2 (removed 5 [21,21]) is disabled: this quiz has no cell [21,21].",
    ]
    assert "Steps:1" in run_commands(repl, out, "step")
    assert run_commands(repl, out, "info break") == [
        "Breakpoint 1: cell [21,21] (disabled, hit 0 times)",
        "Breakpoint 2: removed 5 [21,21] (disabled, hit 0 times)",
    ]
    assert "Fine [steps:131, solution sum:1]." in run_commands(repl, out, "run")


def test_a_cell_both_quizzes_have_keeps_its_place() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SAMURAI}", "break cell [2,1]")
    assert run_commands(repl, out, f"load-quiz {SEED}") == ["Quiz loaded."]
    (bp,) = repl.session.breakpoints.items.values()
    assert isinstance(bp, CellGets)
    assert bp.cell == CLASSIC.cell_at(2, 1) == 9  # row 2, column 1 of the classic grid
    assert run_commands(repl, out, "info break") == [
        "Breakpoint 1: cell [2,1] (enabled, hit 0 times)"
    ]


def test_back_to_a_puzzle_with_the_place_binds_it_again() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SAMURAI}", "break cell [21,21]", f"load-quiz {SEED}")
    assert run_commands(repl, out, f"load-quiz {SAMURAI}") == ["Quiz loaded."]
    (bp,) = repl.session.breakpoints.items.values()
    assert bp.describe(repl.session.geo) == "cell [21,21]"
    assert repl.session.geo.cell_name(bp.cell) == "[21,21]"  # type: ignore[attr-defined]


def test_enabling_a_breakpoint_on_a_missing_cell_is_refused_in_one_line() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SAMURAI}", "break cell [21,21]", f"load-quiz {SEED}")
    out.clear()
    assert not repl.execute("enable 1")
    assert (
        out.errors
        == out.lines
        == [
            "Breakpoint 1 watches [21,21], which this quiz does not have; load a quiz with a cell "
            "[21,21], or delete 1."
        ]
    )
    assert run_commands(repl, out, "info break") == [
        "Breakpoint 1: cell [21,21] (disabled, hit 0 times)"
    ]

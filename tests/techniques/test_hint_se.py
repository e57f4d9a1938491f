"""``hint se``: the next step in Sudoku Explainer's terms, with its rating,
from the present state. Expected lines worked out by hand (see each test)."""

from __future__ import annotations

from pathlib import Path

from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.techniques.explainer.plan_step import PlanStep
from sudoku_repl.views.step_words import notation, step_line
from tests.support.helpers import Shell

SOLUTION = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"


def test_hint_se_on_the_loaded_seed_quiz() -> None:
    """Blocks first, digits ascending: block 1 has no digit with one place (1: [1,1] [2,3];
    3: [2,2] [3,1]; 4: [1,2] [2,2]; ...); in block 2, 5 is kept out of rows 1 and 3 (5s at
    [1,3], [3,7]) and columns 4 and 6 (5s at [7,4], [4,6]): [2,5] alone, a hidden single in a
    block, 1.2."""
    shell = Shell.loaded()
    assert shell.ok("hint se") == ["Hidden Single in block 2: [2,5]=5 (ER 1.2)"]
    shell.ok("step")  # candidates computed: the same from the engine's candidates
    assert shell.ok("hint se") == ["Hidden Single in block 2: [2,5]=5 (ER 1.2)"]
    assert shell.steps == 1  # nothing changed


def test_the_last_empty_cell_is_a_full_house(tmp_path: Path) -> None:
    """The seed's solution less [5,5] (7): every unit of [5,5] has one empty cell; SE looks at
    blocks first: block 5, 1.0."""
    quiz = tmp_path / "one_empty.txt"
    quiz.write_text(SOLUTION[:40] + "0" + SOLUTION[41:] + "\n", encoding="utf-8")
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    assert shell.ok("hint se") == ["Hidden Single in block 5: [5,5]=7 (ER 1.0)"]
    shell.ok("run")
    assert shell.ok("hint se") == ["Next: nothing, the grid is full."]


def test_removals_read_by_value_then_cell() -> None:
    found = PlanStep("Pointing", 2.6, ("r3c1", "r3c2"), (), ("5r7c7", "4r3c4", "4r3c3"), ())
    said = step_line(found, notation(CLASSIC))
    assert said == "Pointing: removes 4 from [3,3] [3,4] and 5 from [7,7] (ER 2.6)"
    standard = step_line(found, notation(CLASSIC, "standard"))
    assert standard == "Pointing: removes 4 from r3c3 r3c4 and 5 from r7c7 (ER 2.6)"


def test_hint_foo_lists_the_words() -> None:
    shell = Shell.loaded()
    assert shell.fails("hint foo") == [
        "hint takes se, a hint's level (1, 2 or 3), or both; or se all: hint [se] [1|2|3|all]"
    ]
    assert shell.steps == 0


def test_ctrl_c_stops_hint_se() -> None:
    shell = Shell(interrupted=lambda: True)
    shell.ok("load-quiz examples/seed.txt")
    assert shell.ok("hint se") == ["Interrupted: no hint."]


def test_hint_se_on_an_empty_grid_answers_at_once(tmp_path: Path) -> None:
    """No technique has a step on an empty grid (every candidate is in some
    solution): that is known without a search, so even a Ctrl-C standing from the start (which
    stops any search before its first technique) does not keep the answer back."""
    quiz = tmp_path / "empty.txt"
    quiz.write_text("0" * 81 + "\n", encoding="utf-8")
    shell = Shell(interrupted=lambda: True)
    shell.ok(f"load-quiz {quiz}")
    assert shell.ok("hint se") == [
        "Several solutions from here: no step that assumes one solution (a unique rectangle or "
        "loop, a BUG) is given.",
        "Sudoku Explainer's techniques find nothing from here.",
    ]
    assert shell.steps == 0

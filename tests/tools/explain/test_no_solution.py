"""A position with no solution: ``hint se`` (every level), ``export svg``
and the API say so first, and since which step, and give no step of Sudoku Explainer's (the
Board's picture: ``tests/dap/test_board_picture.py``, ``tests/web/test_web_shell.py``).

What the seed's solution holds was worked out apart from the code under test: in block 2 a 5
can go only in [2,5] (``tests/commands/test_export_svg.py``), so the solution has 5 there; the
search's first guess, at [6,2], offers 5, and answered 9 instead it comes back to [6,2] with
an Upward guess at step 60 (docs/experiments.md): 9 is no solution's value there."""

from __future__ import annotations

import re
from pathlib import Path

from sudoku_repl import api
from tests.commands.test_export_html import files_in
from tests.support.helpers import SEED, Shell

#: examples/seed.txt's givens, row by row
SEED_GIVENS = (
    "005300000" "800000020" "070010500" "400005300" "010070006"
    "003200080" "060500009" "004000030" "000009700"
)  # fmt: skip
GUESSED = "No solution from here: the guess [6,2]=9 at step 7 left the puzzle without one"
LOADED = "No solution from here: the position has had none since it was loaded"
HINTS = ("hint se", "hint se 1", "hint se 2", "hint se 3")


def wrong_guess() -> Shell:
    """The seed, its first guess answered [6,2]=9 in guess mode, then 25 steps further."""
    shell = Shell.loaded("[6,2]=9")
    shell.ok("set trace off")
    shell.ok("guess-mode 1")
    shell.ok("runtil 7")
    shell.ok("guess-mode 0")
    shell.ok("runtil 32")
    return shell


def test_after_a_wrong_guess_no_step_is_given(tmp_path: Path) -> None:
    shell = wrong_guess()
    for line in HINTS:
        assert shell.ok(line) == [f"{GUESSED}; no step to give."], line
    target = tmp_path / "step.svg"
    assert shell.fails(f"export svg {target}") == [f"{GUESSED}; no picture."]
    assert files_in(tmp_path) == []
    assert shell.steps == 32  # (the session as it was)
    # the step before the guess has a solution: Sudoku Explainer's step is given there
    shell.ok("goto 6")
    (said,) = shell.ok("hint se")
    assert not said.startswith("No solution")


def test_a_loaded_position_that_excludes_a_true_value(tmp_path: Path) -> None:
    # the seed's candidates (each empty cell's digits that no given among its peers holds),
    # 5 deleted from [2,5]: the position has no solution from the start
    peers = {
        (r, c): {(r, k) for k in range(9)}
        | {(k, c) for k in range(9)}
        | {(r // 3 * 3 + i, c // 3 * 3 + j) for i in range(3) for j in range(3)}
        for r in range(9)
        for c in range(9)
    }
    marks = []
    for (r, c), around in peers.items():
        given = int(SEED_GIVENS[9 * r + c])
        held = {int(SEED_GIVENS[9 * i + j]) for i, j in around}
        digits = {given} if given else set(range(1, 10)) - held
        if (r, c) == (1, 4):
            digits.discard(5)
        marks.append("".join(str(d) if d in digits else "." for d in range(1, 10)))
    quiz = tmp_path / "position.txt"
    quiz.write_text("".join(marks) + "\n", encoding="utf-8")
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    for line in HINTS:
        assert shell.ok(line) == [f"{LOADED}; no step to give."], line
    assert shell.fails(f"export svg {tmp_path / 'step.svg'}") == [f"{LOADED}; no picture."]
    shell.ok("set trace off")
    shell.ok("runtil 20")
    assert shell.ok("hint se 2") == [f"{LOADED}; no step to give."]


def test_an_edit_by_hand_and_the_api() -> None:
    session = api.Session.from_quiz(SEED)
    session.step()
    assert session.hint(se=True) == "Hidden Single in block 2: [2,5]=5 (ER 1.2)"
    session.hand_edit(13, 5, remove=True)  # [2,5]: row 2, column 5
    said = (
        "No solution from here: removing 5 from [2,5] by hand at step 2 left the puzzle "
        "without one; no step to give."
    )
    assert session.hint(se=True) == said
    assert session.hint(3, se=True) == said


def test_a_search_run_past_its_one_solution() -> None:
    # the seed's search finds its one solution at step 131 (docs/explain.md) and goes on with
    # a guess at step 132: no guess level is left at its end to name, the record tells which
    # move left the solution behind
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("run")
    solution = bytes(shell.repl.session.state().values)
    assert shell.steps == 131 and 0 not in solution
    shell.ok("runrun 2")
    assert shell.steps > 132 and shell.repl.session.state().frames == ()
    (said,) = shell.ok("hint se")
    found = re.fullmatch(
        r"No solution from here: the guess \[1,5\]=(\d) at step 132 left the puzzle without "
        r"one; no step to give\.",
        said,
    )
    assert found is not None, said
    assert int(found.group(1)) != solution[4]  # (not the solution's value at [1,5])
    shell.ok("goto 132")
    assert shell.ok("hint se") == [said]

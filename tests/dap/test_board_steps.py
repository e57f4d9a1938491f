"""``sudokuBoard`` with ``steps: true``: the board comes with every step Sudoku Explainer offers
from that frame's state, easiest first, as ``hint se all`` lists them (held to serate's own list
in ``tests/tools/explain/test_all_steps.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.dap.test_board import Dap
from tests.tools.explain.test_all_steps import QUIZ, SERATE


def test_every_step_comes_when_asked(dap: Dap, tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.txt"
    quiz.write_text(QUIZ + "\n")
    client = dap()
    client.launch(program=str(quiz), trace=False)
    assert "steps" not in client.request("sudokuBoard")  # (not asked: not made)
    listed = client.request("sudokuBoard", steps=True)["steps"]["steps"]
    expected = sorted(SERATE[QUIZ], key=lambda row: float(row[0]))
    assert [(step["technique"], step["rating"]) for step in listed] == [
        (row[1], float(row[0])) for row in expected
    ]
    # the shell's line, in the session's notation (readalps: [8,3])
    assert listed[0]["line"] == "Hidden Single in block 7: [8,3]=9 (ER 1.2)"
    assert listed[0]["placed"] == ["9r8c3"] and listed[3]["removed"] == ["6r2c1"]
    client.request("evaluate", expression="run", context="repl")
    client.stopped()
    assert client.request("sudokuBoard", steps=True)["steps"] == {
        "none": "Next: nothing, the grid is full."
    }
    assert client.refused("sudokuBoard", steps="yes") == (
        "sudokuBoard's steps is true or false, not 'yes'."
    )
    client.close()

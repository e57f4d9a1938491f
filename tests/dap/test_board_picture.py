"""``sudokuBoard`` with ``picture: true``: the board comes with the picture
of Sudoku Explainer's next step from that frame's state, ``export svg``'s. The seed's first
step was worked out by hand (``tests/commands/test_export_svg.py``): 5 in block 2 can only go
in r2c5."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.dap.test_board import Dap
from tests.support.helpers import SEED, Shell


def placed(svg: str) -> set[str]:
    root = ET.fromstring(svg.encode())
    return {
        f"{e.get('data-digit')}{e.get('data-cell')}"
        for e in root.iter()
        if "placed" in e.get("class", "").split()
    }


def test_the_picture_of_the_next_step_comes_when_asked(dap: Dap, tmp_path: Path) -> None:
    client = dap()
    client.launch(program=SEED, trace=False)
    assert "picture" not in client.request("sudokuBoard")  # (not asked: not made)
    body = client.request("sudokuBoard", picture=True)
    assert body["picture"]["caption"] == "Hidden Single (1.2)"
    assert placed(body["picture"]["svg"]) == {"5r2c5"}
    # at step 14, the shell's export svg draws the same picture
    client.request("evaluate", expression="runtil 14", context="repl")
    client.stopped()
    body = client.request("sudokuBoard", picture=True)
    shell = Shell.loaded()
    shell.ok("runtil 14")
    shell.ok(f"export svg {tmp_path / 'step.svg'}")
    assert body["picture"]["svg"] == (tmp_path / "step.svg").read_text(encoding="utf-8")
    client.close()


#: where there is no picture: the seed's grid full at step 131; at step 20 the search below its
#: wrong guess [2,3]=1 of step 16 (the solution has 9 there: `check` says so in
#: docs/book-and-chains.md), a position with no solution
NONE = {
    131: "No picture: the grid is full.",
    20: "No solution from here: the guess [2,3]=1 at step 16 left the puzzle without one; "
    "no picture.",
}


@pytest.mark.parametrize("step", sorted(NONE))
def test_where_there_is_no_picture_the_line_says_why(dap: Dap, step: int) -> None:
    client = dap()
    client.launch(program=SEED, trace=False)
    client.request("evaluate", expression=f"runtil {step}", context="repl")
    client.stopped()
    body = client.request("sudokuBoard", picture=True)
    assert body["picture"] == {"none": NONE[step]}
    client.close()


#: the cell of the wrong guess of step 16 in each notation (``set names``)
GUESSED = {"readalps": "[2,3]", "standard": "r2c3"}


@pytest.mark.parametrize("names", sorted(GUESSED))
def test_the_no_solution_line_names_its_cell_in_the_session_s_notation(
    dap: Dap, names: str
) -> None:
    # the picture's line and the list's line alike, as `set names` says
    client = dap()
    client.launch(program=SEED, trace=False)
    for line in (f"set names {names}", "runtil 20"):
        client.request("evaluate", expression=line, context="repl")
    client.stopped()
    body = client.request("sudokuBoard", picture=True, steps=True)
    since = f"No solution from here: the guess {GUESSED[names]}=1 at step 16 left the puzzle"
    assert body["picture"] == {"none": f"{since} without one; no picture."}
    assert body["steps"] == {"none": f"{since} without one; no step to give."}
    client.close()


def test_a_picture_that_is_not_a_boolean_is_one_line(dap: Dap) -> None:
    client = dap()
    client.launch(program=SEED, trace=False)
    assert client.refused("sudokuBoard", picture="yes") == (
        "sudokuBoard's picture is true or false, not 'yes'."
    )
    assert client.request("sudokuBoard")["step"] == 0  # the adapter goes on
    client.close()

"""docs/explain.md's pictures of steps are the program's: each SVG under
docs/explain/ is ``views/step_svg``'s picture of a step of a bank puzzle's plan, drawn again
here and compared byte for byte. When the drawing changes on purpose, write them again and
review them like code:

    python -m tests.docs.test_explain_pictures
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from sudoku_repl import plan
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import label_cell, label_digit
from sudoku_repl.views.step_svg import board_of_grid, step_svg
from tests.support.helpers import REPO

FOLDER = REPO / "docs" / "explain"
#: the first puzzle of tests/data/se_rated_slice.txt (serate: 7.3/1.2/1.2)
PUZZLE = "300600005029700060000093040007000054006030700280000600060310000090005120500009006"
#: each picture: its file, and the technique of the puzzle's first step it draws
PICTURES = (
    ("hidden_single.svg", "Hidden Single"),
    ("skyscraper.svg", "Skyscraper"),
    ("xy_wing.svg", "XY-Wing"),
    ("forcing_chain.svg", "Forcing Chain"),
)


@cache
def pictures() -> dict[str, str]:
    """Each picture's file name and its SVG: the first step of each technique in the plan,
    drawn on the board it was found on."""
    grid = Grid.from_puzzle(PUZZLE)
    givens = [int(ch) for ch in PUZZLE]
    wanted = dict((technique, name) for name, technique in PICTURES)
    drawn = {}
    for step in plan(PUZZLE):
        name = wanted.pop(step.technique, None)
        if name is not None:
            drawn[name] = step_svg(step, board_of_grid(grid, givens))
        for label in step.removed:
            grid.remove(label_cell(label), label_digit(label))
        for label in step.placed:
            grid.place(label_cell(label), label_digit(label))
    assert not wanted, f"no step of {sorted(wanted)} in the plan"
    return drawn


@pytest.mark.parametrize("name", [name for name, _ in PICTURES])
def test_the_picture_is_current(name: str) -> None:
    path = FOLDER / name
    assert path.exists(), f"{path} is missing: python -m tests.docs.test_explain_pictures"
    assert path.read_text(encoding="utf-8") == pictures()[name], (
        f"{path} is not the program's picture: python -m tests.docs.test_explain_pictures"
    )


def test_the_page_shows_every_picture() -> None:
    page = (REPO / "docs" / "explain.md").read_text(encoding="utf-8")
    for name, _ in PICTURES:
        assert f"](explain/{name})" in page


def write(folder: Path = FOLDER) -> None:
    folder.mkdir(exist_ok=True)
    for name, svg in pictures().items():
        (folder / name).write_text(svg, encoding="utf-8")
        print(f"wrote {folder / name}")


if __name__ == "__main__":
    write()

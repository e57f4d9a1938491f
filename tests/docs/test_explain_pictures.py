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
#: lines 2 and 4 of puzzles/se_rated_diabolical2000.txt (serate: 7.1 and 7.0)
BANK_2 = "604003089800600100010020006500000010008000600070000002900040030001005008750800201"
BANK_4 = "950700030007804002000000700820000006000102000600000057004000000700603400030007029"
#: each picture: its file, the technique of the puzzle's first step it draws, the puzzle
PICTURES = (
    ("hidden_single.svg", "Hidden Single", PUZZLE),
    ("skyscraper.svg", "Skyscraper", PUZZLE),
    ("xy_wing.svg", "XY-Wing", PUZZLE),
    ("forcing_chain.svg", "Forcing Chain", PUZZLE),
    ("wxyz_wing.svg", "WXYZ-Wing 137", PUZZLE),
    ("x_wing.svg", "X-Wing", BANK_4),
    ("unique_rectangle.svg", "Unique Rectangle type 4", BANK_2),
)


@cache
def pictures() -> dict[str, str]:
    """Each picture's file name and its SVG: the first step of each technique in its
    puzzle's plan, drawn on the board it was found on."""
    drawn = {}
    for puzzle in dict.fromkeys(puzzle for _, _, puzzle in PICTURES):
        grid = Grid.from_puzzle(puzzle)
        givens = [int(ch) for ch in puzzle]
        wanted = {technique: name for name, technique, of in PICTURES if of == puzzle}
        for step in plan(puzzle):
            name = wanted.pop(step.technique, None)
            if name is not None:
                drawn[name] = step_svg(step, board_of_grid(grid, givens))
            for label in step.removed:
                grid.remove(label_cell(label), label_digit(label))
            for label in step.placed:
                grid.place(label_cell(label), label_digit(label))
        assert not wanted, f"no step of {sorted(wanted)} in the plan of {puzzle}"
    return drawn


@pytest.mark.parametrize("name", [name for name, _, _ in PICTURES])
def test_the_picture_is_current(name: str) -> None:
    path = FOLDER / name
    assert path.exists(), f"{path} is missing: python -m tests.docs.test_explain_pictures"
    assert path.read_text(encoding="utf-8") == pictures()[name], (
        f"{path} is not the program's picture: python -m tests.docs.test_explain_pictures"
    )


def test_the_page_shows_every_picture() -> None:
    page = (REPO / "docs" / "explain.md").read_text(encoding="utf-8")
    for name, _, _ in PICTURES:
        assert f"](explain/{name})" in page


def write(folder: Path = FOLDER) -> None:
    folder.mkdir(exist_ok=True)
    for name, svg in pictures().items():
        (folder / name).write_text(svg, encoding="utf-8")
        print(f"wrote {folder / name}")


if __name__ == "__main__":
    write()

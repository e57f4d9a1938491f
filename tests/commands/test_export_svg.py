"""``export svg FILE``: a picture of Sudoku Explainer's next step from the
state looked at, and its refusals, one line each with nothing written and the session as it
was. The seed's first step was worked out by hand: in block 2 (r1c4..r3c6) a 5 cannot go in
rows 1 and 3 (r1c3 and r3c7 hold 5) nor in columns 4 and 6 (r7c4, r4c6), so it goes in r2c5:
``hint se`` says the same, ``Hidden Single in block 2: [2,5]=5 (ER 1.2)``."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.commands.test_export_html import files_in
from tests.support.helpers import REPO, SEED_FILE, VARIANTS, Shell, but_the_pure_build_line


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def labels(elements: list[ET.Element]) -> set[str]:
    return {f"{e.get('data-digit')}{e.get('data-cell')}" for e in elements}


def test_the_next_step_of_the_seed_is_drawn(tmp_path: Path) -> None:
    shell = Shell.loaded()
    target = tmp_path / "step.svg"
    assert shell.ok(f"export svg {target}") == [f"Wrote {target}: Hidden Single (1.2)."]
    root = ET.parse(target).getroot()
    assert labels(classed(root, "placed")) == {"5r2c5"}
    assert classed(root, "removed") == []
    pattern = {e.get("data-cell") for e in classed(root, "pattern")}
    assert pattern == {f"r{r}c{c}" for r in (1, 2, 3) for c in (4, 5, 6)}
    assert files_in(tmp_path) == ["step.svg"]


def test_the_session_is_left_as_it_was(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("runtil 5")
    before = shell.ok("show")
    shell.ok(f"export svg {tmp_path / 'a.svg'}")
    assert shell.ok("show") == before
    assert shell.repl.session.state().steps == 5


def test_a_selected_frame_s_state_is_drawn_and_said_first(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("runtil 20")
    shell.ok("frame 2")  # (level 2, [4,3]=6 at step 11: a right guess)
    lines = shell.ok(f"export svg {tmp_path / 'f.svg'}")
    assert len(lines) == 2 and lines[1].startswith(f"Wrote {tmp_path / 'f.svg'}: ")
    # level 3's guess [2,3]=1 of step 16 is wrong (the solution has 9 there: `check` says so
    # in docs/book-and-chains.md): from its frame there is no solution
    shell.ok("frame 1")
    assert shell.fails(f"export svg {tmp_path / 'g.svg'}")[1:] == [
        "No solution from here: the guess [2,3]=1 at step 16 left the puzzle without one; "
        "no picture."
    ]


def test_refusals_are_one_line_and_write_nothing(tmp_path: Path) -> None:
    shell = Shell.loaded()
    assert shell.fails("export svg") == ["export svg needs a file: export svg <file> [--step N]"]
    (line,) = shell.fails("export svg a.svg 3")
    assert line.startswith("export svg a.svg takes options, not '3': ")
    assert "export svg <file> [--step N]" in line
    assert shell.fails(f"export svg {tmp_path}") == [f"Cannot write {tmp_path}: it is a directory."]
    shell.ok("run")  # the seed solved: the grid is full
    assert shell.fails(f"export svg {tmp_path / 'a.svg'}") == ["No picture: the grid is full."]
    assert files_in(tmp_path) == []
    assert shell.repl.session.state().steps == 131


def test_the_quiz_file_is_not_written_over(tmp_path: Path) -> None:
    quiz = tmp_path / "seed.txt"
    quiz.write_bytes(SEED_FILE.read_bytes())
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    (line,) = shell.fails(f"export svg {quiz}")
    assert line.startswith(f"Cannot write {quiz}: it is the quiz file")
    assert quiz.read_bytes() == SEED_FILE.read_bytes()


def test_no_step_keeps_sudoku_explainers_name(tmp_path: Path) -> None:
    """The proper name is not lowercased after ``No picture:``."""
    quiz = tmp_path / "empty.txt"
    quiz.write_text("0" * 81 + "\n", encoding="utf-8")
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    assert shell.fails(f"export svg {tmp_path / 'a.svg'}") == [
        "No picture: Sudoku Explainer's techniques find nothing from here, without "
        "uniqueness: several solutions from here."
    ]


def test_a_samurai_is_refused() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {VARIANTS / 'samurai_seed001.json'}")
    assert shell.fails("export svg x.svg") == [
        "No picture: Sudoku Explainer's steps are of a quiz of one 9x9 grid only."
    ]


def test_a_variant_quiz_s_picture_is_serates_next_step_on_its_rules(tmp_path: Path) -> None:
    # serate's first step of examples/x.txt's quiz with --isX=1: "1.2 Hidden Single: D2: 9 in
    # block" (tests/data/rules/serate/x.out)
    shell = Shell()
    shell.ok(f"load-quiz {REPO / 'examples' / 'x.txt'}")
    picture = tmp_path / "x.svg"
    said = but_the_pure_build_line(shell.ok(f"export svg {picture}"))
    assert said == [f"Wrote {picture}: Hidden Single (1.2)."]
    assert "<svg" in picture.read_text()


@pytest.mark.parametrize("names", ["readalps", "standard"])
def test_rows_and_columns_are_labelled_as_the_session_names_cells(
    names: str, tmp_path: Path
) -> None:
    """Rows numbered 1 to 9 down the left, columns 1 to 9 along the top, as the
    session's cells are numbered (``[row,column]`` or ``r<row>c<column>``), whatever ``set names`` is: the labels
    nearest the value placed are those of the cell ``hint se`` names."""
    shell = Shell.loaded()
    shell.ok(f"set names {names}")
    (said,) = shell.ok("hint se")
    # (the hint speaks the session's notation: [row,column], or r<row>c<column> under standard)
    found = re.search(r"\[(\d),(\d)\]=5" if names == "readalps" else r"r(\d)c(\d)=5", said)
    assert found is not None, said
    row, column = found.groups()
    target = tmp_path / "step.svg"
    shell.ok(f"export svg {target}")
    root = ET.parse(target).getroot()
    marks = classed(root, "label")
    rows = {str(e.text): float(str(e.get("y"))) for e in marks if e.get("data-row")}
    columns = {str(e.text): float(str(e.get("x"))) for e in marks if e.get("data-column")}
    assert sorted(rows) == sorted(columns) == [str(k) for k in range(1, 10)]
    assert [e.get("data-row") or e.get("data-column") for e in marks] == [e.text for e in marks]
    # the labels outside the board: the rows' left of every digit, the columns' above
    digits = [t for g in classed(root, "cell") for t in g.iter() if t.tag.endswith("text")]
    assert max(float(str(e.get("x"))) for e in marks if e.get("data-row")) < min(
        float(str(t.get("x"))) for t in digits
    )
    assert max(float(str(e.get("y"))) for e in marks if e.get("data-column")) < min(
        float(str(t.get("y"))) for t in digits
    )
    (placed,) = classed(root, "placed")
    text = next(t for t in placed.iter() if t.tag.endswith("text"))
    x, y = float(str(text.get("x"))), float(str(text.get("y")))
    assert min(columns, key=lambda k: abs(columns[k] - x)) == column
    assert min(rows, key=lambda k: abs(rows[k] - y)) == row

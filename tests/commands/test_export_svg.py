"""``export svg FILE`` (issue 68, part 2): a picture of Sudoku Explainer's next step from the
state looked at, and its refusals, one line each with nothing written and the session as it
was. The seed's first step was worked out by hand: in block 2 (r1c4..r3c6) a 5 cannot go in
rows 1 and 3 (r1c3 and r3c7 hold 5) nor in columns 4 and 6 (r7c4, r4c6), so it goes in r2c5:
``hint se`` says the same, ``Hidden Single in block 2: [2,5]=5 (ER 1.2)``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tests.commands.test_export_html import files_in
from tests.support.helpers import SEED_FILE, VARIANTS, Shell


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
    shell.ok("frame 1")
    lines = shell.ok(f"export svg {tmp_path / 'f.svg'}")
    assert len(lines) == 2 and lines[1].startswith(f"Wrote {tmp_path / 'f.svg'}: ")


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
    """Issue 73, item 24: the proper name is not lowercased after ``No picture:``."""
    quiz = tmp_path / "empty.txt"
    quiz.write_text("0" * 81 + "\n", encoding="utf-8")
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    assert shell.fails(f"export svg {tmp_path / 'a.svg'}") == [
        "No picture: Sudoku Explainer's techniques find nothing from here."
    ]


def test_a_samurai_is_refused() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {VARIANTS / 'samurai_seed001.json'}")
    assert shell.fails("export svg x.svg") == [
        "No picture: Sudoku Explainer's steps are of a classic 9x9 quiz only."
    ]

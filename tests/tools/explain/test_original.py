"""The original's step N as a ``PlanStep`` (``tools/explain/original``) and its
picture, ``export svg FILE --step N``, held to the reference trace of the seed's first ``run``
(tests/data/reference/seed_run_run.trace, the spec's).

What the trace says of a step is the expectation where it says it: a 2GW step's lines name
every candidate it removes (``2GW: 2 shrunken out of [4,3]``) and its CelSet the cells it looks
at. Where the trace is silent, the expectations were worked out by hand and reviewed:

- step 2, ``row 2 complete shrunken by group``: [2,5]'s candidates from the givens are 4 5 6 9
  (row 2 holds 8 2, column 5 holds 1 7, block 2 holds 3 1); 5 goes nowhere else in row 2, so
  the cell keeps 5 alone (docs/engine.md, grp's complete shrink): 4, 6 and 9 are removed.
- step 3, the fill pass: it places that 5 (the solution's [2,5] is 5).
- step 7, ``Guess [6,2] level 1 at 1 out of 2``: level 1 is never tried again in the run (no
  Forward or Upward guess at level 1), and the solution's [6,2] is 5: the guess places 5.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
import zlib
from functools import cache
from pathlib import Path

import pytest

from sudoku_repl.core.session import Session
from sudoku_repl.techniques.explainer.plan_step import label_cell
from sudoku_repl.tools.explain.original import PAGE_PICTURES, original_step, page_pictures
from tests.commands.test_export_html import files_in
from tests.commands.test_export_svg import classed, labels
from tests.support.helpers import REPO, Shell, reference_lines

NUMBERED = re.compile(r"(\d+)\) (.*)")
REMOVED = re.compile(r"[123]GW: (\d) shrunken out of \[(\d),(\d)\]")
CELL = re.compile(r"\[(\d),(\d)\]")


@cache
def trace_steps() -> dict[int, list[str]]:
    """The first ``run``'s lines by step: a numbered line's step, and the unnumbered lines
    just before it belong to it (a set's removals print before its unit's line)."""
    steps: dict[int, list[str]] = {}
    pending: list[str] = []
    for line in reference_lines("seed_run_run.trace")[0]:
        m = NUMBERED.match(line)
        if m is None:
            pending.append(line)
            continue
        steps.setdefault(int(m.group(1)), []).extend([*pending, m.group(2)])
        pending = []
    return steps


@cache
def seed_run() -> Session:
    shell = Shell.loaded()
    shell.ok("run")
    return shell.repl.session


def trace_removals(step: int) -> set[str]:
    found = (REMOVED.fullmatch(line) for line in trace_steps()[step])
    return {f"{m.group(1)}r{m.group(2)}c{m.group(3)}" for m in found if m is not None}


def trace_celset(step: int) -> set[str]:
    (celset,) = [line for line in trace_steps()[step] if line.startswith("CelSet:")]
    cells = celset.split("ValSet:")[0]
    return {f"r{r}c{c}" for r, c in CELL.findall(cells)}


#: the trace's 2GW steps of the first run: (step, technique, house)
SUBSET_STEPS = [(6, "blk 4"), (37, "col 8"), (110, "row 8"), (126, "col 4")]


@pytest.mark.parametrize(("number", "house"), SUBSET_STEPS)
def test_a_hidden_set_step_removes_what_its_trace_lines_say(number: int, house: str) -> None:
    assert f"{house} incomplete shrunken by group" in trace_steps()[number]
    drawn = original_step(seed_run(), number)
    assert (drawn.step.technique, drawn.step.house) == ("2GW", house)
    assert set(drawn.step.removed) == trace_removals(number) != set()
    assert set(drawn.step.cells) == trace_celset(number)
    assert drawn.step.placed == ()


def test_a_complete_shrink_keeps_the_hidden_single_alone() -> None:
    assert trace_steps()[2] == ["row 2 complete shrunken by group"]
    drawn = original_step(seed_run(), 2)
    assert (drawn.step.technique, drawn.step.house) == ("complete shrunken by group", "row 2")
    assert set(drawn.step.cells) == {f"r2c{c}" for c in range(1, 10)}
    assert drawn.step.removed == ("4r2c5", "6r2c5", "9r2c5")
    assert drawn.step.placed == ()
    assert drawn.title == "Step 2: complete shrunken by group, row 2"


def test_the_fill_pass_places_the_single_and_takes_it_from_its_peers() -> None:
    assert 3 not in trace_steps()  # (the fill pass prints nothing)
    drawn = original_step(seed_run(), 3)
    assert (drawn.step.technique, drawn.step.placed, drawn.step.cells) == (
        "fill pass",
        ("5r2c5",),
        ("r2c5",),
    )
    assert all(
        label.startswith("5") and _peers(label_cell(label), 10) for label in drawn.step.removed
    )


def _peers(cell: int, other: int) -> bool:
    """Whether two cells (0..80) share a row, a column or a block."""
    (r1, c1), (r2, c2) = divmod(cell, 9), divmod(other, 9)
    return r1 == r2 or c1 == c2 or (r1 // 3, c1 // 3) == (r2 // 3, c2 // 3)


def test_a_guess_places_its_value_and_a_later_try_is_drawn_on_its_level_s_board() -> None:
    assert trace_steps()[7] == ["Guess [6,2] level 1 at 1 out of 2"]
    guess = original_step(seed_run(), 7)
    assert (guess.step.technique, guess.step.cells, guess.step.placed) == (
        "Guess",
        ("r6c2",),
        ("5r6c2",),
    )
    r6c2 = label_cell("r6c2")
    assert all(
        label.startswith("5") and _peers(label_cell(label), r6c2) for label in guess.step.removed
    )
    assert trace_steps()[36][-1] == "Forward guess [3,3] level 4 at 2 out of 2"
    forward = original_step(seed_run(), 36)
    r3c3 = label_cell("r3c3")
    # the step before it ended in a dead end holding [3,3]'s first try: the board is the one
    # level 4 started from, [3,3] empty with its two candidates, the second placed
    assert forward.board.values[r3c3] == 0 and len(forward.board.candidates[r3c3]) == 2
    assert forward.step.placed == (f"{forward.board.candidates[r3c3][1]}r3c3",)
    assert forward.title == "Step 36: Forward guess, [3,3] level 4 at 2 out of 2"


def test_export_svg_step_draws_what_the_step_removed_and_placed(tmp_path: Path) -> None:
    shell = Shell.loaded()
    shell.ok("run")
    target = tmp_path / "step6.svg"
    assert shell.ok(f"export svg {target} --step 6") == [f"Wrote {target}: Step 6: 2GW, blk 4."]
    root = ET.parse(target).getroot()
    assert labels(classed(root, "removed")) == trace_removals(6)
    assert classed(root, "placed") == []
    assert {e.get("data-cell") for e in classed(root, "pattern")} == trace_celset(6)
    shell.ok(f"export svg {target} --step 3")
    root = ET.parse(target).getroot()
    assert labels(classed(root, "placed")) == {"5r2c5"}


def test_a_step_the_record_does_not_hold_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    shell = Shell.loaded()
    target = tmp_path / "a.svg"
    assert shell.fails(f"export svg {target} --step 1") == [
        "No steps recorded yet: the record fills as you step or run."
    ]
    shell.ok("runtil 20")
    before = shell.ok("show")
    for n in (0, 21, 999):
        assert shell.fails(f"export svg {target} --step {n}") == [
            f"No step {n} in the record: it holds steps 1..20."
        ]
    (line,) = shell.fails(f"export svg {target} --step x")
    assert line.startswith(f"export svg {target} --step needs a step number: ")
    assert shell.ok("show") == before and shell.repl.session.state().steps == 20
    assert files_in(tmp_path) == []


def test_a_page_carries_the_pictures_of_the_steps_around_its_open_step_within_the_bound() -> None:
    session = seed_run()
    whole = page_pictures(session, 1, 131, 131)["pictures"]
    assert (whole["first"], whole["last"]) == (1, 131)
    assert whole["titles"][5] == "Step 6: 2GW, blk 4" and len(whole["ends"]) == 131
    svgs = zlib.decompress(base64.b64decode(whole["blob"]))
    step6 = svgs[whole["ends"][4] : whole["ends"][5]].decode("utf-8")
    assert step6 == original_step(session, 6).svg()  # export svg --step 6's very text
    shell = Shell.loaded()
    shell.ok("run")
    shell.ok("run")  # to step 284: more steps than the bound
    assert PAGE_PICTURES == 150
    bounded = page_pictures(shell.repl.session, 1, 284, 250)["pictures"]
    assert (bounded["first"], bounded["last"]) == (135, 284)  # the last 150, 250 among them
    bounded = page_pictures(shell.repl.session, 1, 284, 100)["pictures"]
    assert (bounded["first"], bounded["last"]) == (25, 174)  # 75 before 100, 74 after


def test_the_api_s_replay_page_carries_the_pictures_the_shell_s_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Session.replay_html`` (the API, the notebook) is ``export html``'s page, its step
    pictures included (they were left out of the API's page)."""
    import sudoku_repl

    monkeypatch.chdir(REPO)  # (the page's title names the quiz's path as it was given)
    shell = Shell.loaded()
    shell.ok("runtil 20")
    target = tmp_path / "page.html"
    shell.ok(f"export html {target}")
    session = sudoku_repl.Session.from_quiz("examples/seed.txt")
    session.goto(20)
    page = session.replay_html()
    assert page == target.read_text(encoding="utf-8")
    assert "pictures" in page

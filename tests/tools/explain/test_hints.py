"""Graded hints: level 1 names no cell, level 2 no candidate removed or value
placed, level 3 all of them, for a spread of Sudoku Explainer's techniques (singles, subsets,
fish, wings, uniqueness, chains, forcing and nested forcing chains) and for the original's next
step (its filters, a guess); in the shell and the API alike (DAP's console:
``tests/dap/test_hint_console.py``); a bad level is one line and changes nothing."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from sudoku_repl import api
from sudoku_repl.core import native
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.techniques.explainer.grid import Grid
from sudoku_repl.techniques.explainer.plan_step import PlanStep, label_cell, label_digit
from sudoku_repl.techniques.explainer.rating import rate_grid
from sudoku_repl.tools.explain.plan import next_step, plan_step
from sudoku_repl.views.step_words import hint_words
from tests.support.helpers import SEED, Shell, completions, slow_on_pure

DATA = Path(__file__).parents[2] / "data"
CELL = re.compile(r"\[\d,\d\]")
#: each family of the spread: a word its steps' serate names hold
FAMILIES = (
    "Single", "Pair", "Triplet", "Pointing", "Claiming", "X-Wing", "Swordfish", "XY-Wing",
    "WXYZ-Wing", "Unique Rectangle", "BUG", "Skyscraper", "Kite", "3 Strong links", "Cycle",
    "Forcing Chain", "Region Forcing", "Cell Forcing", "Dynamic",
)  # fmt: skip


@functools.cache
def spread() -> dict[str, tuple[Grid, PlanStep]]:
    """For each family, the first step of it on the paths of every 80th puzzle of the bank and
    two of the forum's hardest (9.0 and 9.5, nested chains on the native build): the grid it is
    taken from, and the step. Made when a test first asks (a path of each puzzle: seconds
    natively, some twenty on the pure explainer, whose tests of it are the main job's:
    ``slow_on_pure``)."""
    rows = (DATA / "se_bank_serate.txt").read_text().split("\n")[::80]
    puzzles = [row.split()[0] for row in rows if row]
    if native.active():
        puzzles += (DATA / "serate" / "hard_low.txt").read_text().split()
    found: dict[str, tuple[Grid, PlanStep]] = {}
    for puzzle in puzzles:
        grid = Grid.from_puzzle(puzzle)
        for step in rate_grid(grid.copy(), None).steps:
            made = plan_step(step, grid)
            for family in FAMILIES:
                if family in made.technique and family not in found:
                    found[family] = (grid.copy(), made)
            step.hint.apply(grid)
    return found


def name(label: str) -> str:
    return CLASSIC.cell_name(label_cell(label))


def removals_said(text: str) -> set[str]:
    """The candidates a level 3's ``removes 4 from [3,3] [3,4] and 5 from [7,7]`` names."""
    said = set()
    for part in re.findall(r"removes (.*?)\.$", text, re.M):
        for digit, cells in re.findall(r"(\d) from ((?:\[\d,\d\] ?)+)", part):
            said |= {f"{digit}r{r}c{c}" for r, c in re.findall(r"\[(\d),(\d)\]", cells)}
    return said


@slow_on_pure
def test_the_spread_has_every_family() -> None:
    wanted = set(FAMILIES) - ({"Dynamic"} if not native.active() else set())
    assert wanted <= set(spread())


@slow_on_pure
@pytest.mark.parametrize("family", FAMILIES)
def test_each_level_tells_what_it_should(family: str) -> None:
    if family not in spread():
        pytest.skip("nested chains of the forum's hardest: the native build's")
    grid, step = spread()[family]
    assert next_step(grid) == step  # the shell's next step is the path's
    one, two, three = (
        "\n".join(hint_words(step, level, CLASSIC, "readalps", grid.cands)) for level in (1, 2, 3)
    )
    # level 1: the technique and where to look, and no cell at all
    assert one.startswith(f"{step.technique} (ER {step.rating:.1f}): ")
    assert step.house in one
    assert not CELL.search(one), one
    # level 2: the digit (a hidden single's) or the pattern's cells, no candidate removed or
    # value placed
    assert two.startswith(one)
    if step.technique == "Hidden Single":
        assert f"digit {label_digit(step.placed[0])}:" in two and not CELL.search(two)
    else:
        assert all(name(cell) in two for cell in step.cells)
    assert "removes" not in two and "places" not in two
    assert not any(f"{name(p)}={label_digit(p)}" in two for p in step.placed)
    # level 3: why, all it does, then serate's own line, byte for byte, marked as serate's
    assert three.startswith(two)
    assert removals_said(three) == set(step.removed)
    assert all(f"places {name(p)}={label_digit(p)}" in three for p in step.placed)
    assert f"\nSudoku Explainer's own line: {step.description}\n(In serate's line" in three
    assert "some cell of the pattern would have no value" not in three  # no generic why
    if step.links:  # a chain's links, each candidate named
        assert all(
            f"{label_digit(link.target)} at {name(link.target)}" in three for link in step.links
        )


def test_hint_se_levels_in_the_shell_and_the_api() -> None:
    """The seed's first SE step: 5 at [2,5], a hidden single in block 2 (``test_hint_se``;
    the levels' words: ``test_hint_words``)."""
    shell = Shell.loaded()
    assert shell.ok("hint se 1") == ["Hidden Single (ER 1.2): look at block 2."]
    assert shell.ok("hint se 2")[1] == "Look at digit 5: it has one place left in block 2."
    assert shell.ok("hint se 3")[3] == "So it places [2,5]=5."
    assert shell.ok("hint se") == ["Hidden Single in block 2: [2,5]=5 (ER 1.2)"]  # as it was
    session = api.Session.from_quiz(SEED)
    assert session.hint(3, se=True).splitlines() == shell.ok("hint se 3")
    assert shell.steps == 0


def test_the_originals_levels_a_filter_and_a_guess() -> None:
    """The seed at step 1: grp completes row 2 (hidden single); at step 6, after blk 4's
    hidden pair, no filter applies and a guess at [6,2] follows (the reference trace)."""
    shell = Shell.loaded()
    shell.ok("step")
    assert shell.ok("hint 1") == ["Next: hidden single, row 2."]
    assert shell.ok("hint 2") == [
        "Next: hidden single, row 2.",
        "It looks at " + " ".join(f"[2,{c}]" for c in range(1, 10)) + ".",
    ]
    # the whole step in level 1's words, not the trace's
    assert shell.ok("hint 3")[2:] == [
        "In row 2, 5 can go only in [2,5].",
        "So the next fill pass places it there.",
    ]
    shell.ok("goto 5")
    assert shell.ok("hint 3") == [
        "Next: hidden pair, box 4.",
        "It looks at [4,3] [6,1].",
        "In box 4, 6 and 7 can go only in [4,3] [6,1]: those cells hold them and nothing else.",
        "So it removes 2, 8 and 9 from [4,3], and 5 and 9 from [6,1].",
        # (the same move goes on with the guess at step 7, as plain hint's trace says)
        "Then a guess follows. It tries candidate 1 of the 2 of [6,2] (a guess, level 1); "
        "where that leads nowhere, the search comes back for the next.",
    ]
    assert "CelSet: [4,3] [6,1] ValSet: 6 7" in shell.ok("hint")  # the trace: plain hint
    shell.ok("goto 6")
    assert shell.ok("hint 1") == ["Next: no technique of run-mode 0 applies: a guess follows."]
    assert shell.ok("hint 2")[1] == "It looks at [6,2]."
    assert shell.ok("hint 3")[2] == (
        "It tries candidate 1 of the 2 of [6,2] (a guess, level 1); where that leads nowhere, "
        "the search comes back for the next."
    )
    session = api.Session.from_quiz(SEED)
    session.goto(6)
    assert session.hint(2).splitlines() == shell.ok("hint 2")
    assert shell.steps == 6


@pytest.mark.parametrize("line", ["hint 4", "hint se 0", "hint se x", "hint 2 se", "hint se 1 2"])
def test_a_bad_level_is_one_line(line: str) -> None:
    shell = Shell.loaded()
    shell.ok("step")
    said = shell.fails(line)
    assert len(said) == 1 and said[0].endswith(": hint [se] [1|2|3|all]")
    assert "level" in said[0] or "nothing more" in said[0]
    assert shell.steps == 1
    with pytest.raises(api.UserError, match="A hint's level is 1, 2 or 3, not 4"):
        api.Session.from_quiz(SEED).hint(4)


def test_hint_completes_se_and_the_levels() -> None:
    """Completion follows the declaration: se or a level first, a level or all after se."""
    assert completions("hint ") == ["hint 1", "hint 2", "hint 3", "hint se"]
    assert completions("hint se ") == ["hint se 1", "hint se 2", "hint se 3", "hint se all"]
    assert completions("hint 2 ") == []

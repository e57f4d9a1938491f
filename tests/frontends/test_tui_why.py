"""The full screen's board cursor and its ``w`` key: h j k l move the cursor, drawn in
reverse video on the board, and ``w`` runs ``why [r,c]`` of its cell through the command line's
own path, its lines in the trace as the line shell prints them."""

from __future__ import annotations

import pytest
from prompt_toolkit.formatted_text import StyleAndTextTuples

from sudoku_repl.frontends.tui.keys import HELP_LINES
from sudoku_repl.frontends.tui.layout import SGR
from tests.support.full_screen import Driver, fixed_output, screen, wait_for
from tests.support.helpers import SEED, Shell

pytestmark = pytest.mark.usefixtures("at_repo_root")

CTRL_D = "\x04"
#: the answer at step 92 (docs/why.md's worked example names the same guess)
GUESS_92 = "92) [4,2]=2: Guess [4,2] level 11 at 1 out of 2, the solver's choice"
#: how why's answer for an empty cell begins (its candidates; then why each other value went)
EMPTY_44 = "[4,4] is empty at step 92: candidates 1 8; the others are gone:"


def after(lines: list[str], echo: str) -> list[str]:
    """The lines written after the last ``echo`` up to the next command's empty line."""
    start = len(lines) - lines[::-1].index(echo)
    rest = lines[start:]
    return rest[: rest.index("")] if "" in rest else rest


def test_w_shows_the_why_of_the_cell_under_the_cursor() -> None:
    with screen([f"load-quiz {SEED}", "runtil 92"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(92)
            d.send("k" + "h")  # at the top left corner already: the cursor stays there
            wait_for(lambda: tui.runner.idle.is_set(), "idle")
            d.send("jjj" + "l")  # to [4,2]
            wait_for(lambda: tui.state.cell == (3, 1), "the cursor at [4,2]")
            d.send("w")
            d.seen("Order please: why [4,2]")
            d.idle(92)
            d.send("ll")  # to [4,4], empty at step 92
            wait_for(lambda: tui.state.cell == (3, 3), "the cursor at [4,4]")
            d.send("w")
            d.seen("Order please: why [4,4]")
            d.idle(92)
            d.send("q")

        play(script)
    trace = tui.record.text().split("\n")
    shell = Shell()
    shell.ok(f"load-quiz {SEED}")
    shell.ok("runtil 92")
    answer = after(trace, "Order please: why [4,2]")
    assert answer[0] == GUESS_92
    assert answer == shell.ok("why [4,2]")  # the lines the command prints
    empty = after(trace, "Order please: why [4,4]")
    assert empty[0] == EMPTY_44 and empty == shell.ok("why [4,4]")
    assert tui.repl.session.state().steps == 92  # why changes nothing
    # the screen (80 columns) is too narrow for the board: the grid, [4,4]'s 0 reversed
    grid = tui.layout.board_lines()
    assert grid[0] == "Step 92, guess level 11:" and grid[5] == "426 095 370"
    assert reversed_runs(tui.layout.board_text()) == {5: [(4, "0")]}


def reversed_runs(text: StyleAndTextTuples) -> dict[int, list[tuple[int, str]]]:
    """The board's lines: for each, the (column, text) runs drawn in reverse video."""
    runs: dict[int, list[tuple[int, str]]] = {}
    line, column, run_at, run = 0, 0, -1, ""
    for style, part, *_ in [*text, ("", "\n")]:
        for ch in part:
            lit = "reverse" in style.split() and "noreverse" not in style.split()
            if lit and ch != "\n":
                run_at = column if run_at < 0 else run_at
                run += ch
            elif run_at >= 0:
                runs.setdefault(line, []).append((run_at, run))
                run_at, run = -1, ""
            line, column = (line + 1, 0) if ch == "\n" else (line, column + 1)
    return runs


def test_the_cursor_is_drawn_reversed_on_the_board() -> None:
    output, _ = fixed_output(45, 120)  # room for the board beside the trace
    with screen([f"load-quiz {SEED}"], output) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.send("jjjl")
            wait_for(lambda: tui.state.cell == (3, 1), "the cursor at [4,2]")
            d.send("q")

        play(script)
    lines = "".join(part for _, part, *_ in tui.layout.board_text()).split("\n")
    assert [line.rstrip() for line in lines] == [SGR.sub("", x) for x in tui.layout.board_lines()]
    runs = reversed_runs(tui.layout.board_text())
    # the middle one of row 4's three lines starts with its label; column 2's number is above
    middle = next(k for k, line in enumerate(lines) if line.startswith("4 "))
    assert sorted(runs) == [middle - 1, middle, middle + 1]
    (column, text), *more = runs[middle]
    assert not more and text == " " * 5  # [4,2] is empty, no candidates before step 1
    two = lines[1].index("2")
    assert column <= two < column + len(text)
    assert runs[middle - 1] == runs[middle + 1] == [(column, text)]  # the cell's three lines


def test_the_help_names_the_cursor_keys() -> None:
    assert "  h j k l   move the board's cursor left, down, up, right (w asks why of its cell)" in (
        HELP_LINES
    )
    assert "  w         why [r,c] of the cell under the board's cursor" in HELP_LINES

"""The full screen's layout at the sizes a person uses: the help wrapped at 80
columns keeps its indentation, the toolbar ends at a word, and a deep search leaves the trace
its share of the column, so that a stop's line is seen. Drawn into pyte (``Page``)."""

from __future__ import annotations

import re

import pytest

from tests.support.full_screen import Driver, Page, fixed_output, screen, wait_for
from tests.support.helpers import SEED

pytestmark = pytest.mark.usefixtures("at_repo_root")

CTRL_C = "\x03"
EMPTY_GRID = "." * 81


def right_pane(rows: list[str]) -> list[str]:
    """The column right of the board, above the toolbar, the help line and the command line."""
    return [row.partition("│")[2].rstrip() for row in rows[:-3]]


def test_the_help_wrapped_at_80_columns_keeps_its_indentation() -> None:
    output, sink = fixed_output(24, 80)
    page = Page(sink, 24, 80)
    with screen([f"load-quiz {SEED}"], output=output) as (tui, play):
        pane: list[str] = []

        def shown() -> bool:
            pane[:] = right_pane(page.rows())
            return any(row.startswith("  q, Ctrl-D quit") for row in pane)

        def script(d: Driver) -> None:
            d.idle(0)
            d.send("?")
            wait_for(shown, "the help drawn")
            d.send("q")

        play(script)
    first = next(k for k, row in enumerate(pane) if row.strip() == "Trace")  # the pane's rows
    last = next(k for k, row in enumerate(pane) if row.startswith("  q, Ctrl-D quit"))
    block = pane[first + 1 : last + 1]
    assert len(block) > 6, "\n".join(pane)
    assert all(row.startswith("  ") for row in block), block  # no row at the margin
    stop = next(k for k, row in enumerate(block) if row.startswith("  Ctrl-C    stops a run"))
    assert (
        block[stop]
        != "  Ctrl-C    stops a run (and drops the commands queued), aborts the guess question"
    )
    # the rest of a key's text starts under its text, not under the key
    assert re.match(r" {12}\S", block[stop + 1]), block[stop : stop + 2]


def test_the_toolbar_at_80_columns_ends_at_a_word() -> None:
    output, sink = fixed_output(24, 80)
    page = Page(sink, 24, 80)
    first = [f"load-quiz {SEED}", "runtil 65", "goto 6", "guess-mode 1"]
    with screen(first, output=output) as (tui, play):
        toolbar: list[str] = []
        asked: list[str] = []

        def question() -> bool:
            rows = page.rows()
            toolbar[:] = [rows[-3].rstrip()]
            if not rows[-1].startswith("Take a guess please") or "exp 2" not in rows[-3]:
                return False
            asked.append(rows[-1])
            return True

        def script(d: Driver) -> None:
            d.idle(6)
            d.send("s")
            wait_for(lambda: tui.runner.question is not None, "the question at step 6")
            d.send("[6,2]=9\r")  # not the guess the run took: a second experiment
            d.idle(7)
            d.send("r")
            wait_for(question, "the next question drawn, in the second experiment")
            d.send(CTRL_C)
            d.idle()
            d.send("q")

        play(script)
    fields = toolbar[0].split(" | ")
    # each field whole: a name and its value, or the status phrase (whole, or its short form)
    assert all(
        re.fullmatch(r"[a-z-]+ \S+", field) or field in ("waiting for the guess", "guess?")
        for field in fields
    ), toolbar
    assert fields[0].startswith("st "), toolbar


def test_a_deep_search_leaves_the_trace_a_third_of_the_column_and_shows_the_stop() -> None:
    rows_, columns = 40, 100
    output, sink = fixed_output(rows_, columns)
    page = Page(sink, rows_, columns)
    with screen([f"load-quiz {EMPTY_GRID}"], output=output) as (tui, play):
        pane: list[str] = []
        screen_rows: list[str] = []

        def deep() -> bool:
            return len(tui.state.view.levels) > 30  # with its heading, more than the column

        def stopped(steps: int) -> bool:
            rows = page.rows()
            pane[:] = right_pane(rows)
            screen_rows[:] = [*pane, *rows[-3:]]
            # the toolbar's stop and the stop's own line (the help line's flash, set once the
            # runner is idle) come in two frames: wait for both, the state checked below
            shown = f"Interrupted at step {steps}." in [row.strip() for row in screen_rows]
            return rows[-3].startswith(f"step {steps} |") and "running" not in rows[-3] and shown

        def script(d: Driver) -> None:
            d.idle(0)
            d.send(":runrun 0\r")
            wait_for(deep, "a search deeper than the screen")
            d.send(CTRL_C)
            d.idle()
            steps = tui.repl.session.state().steps
            wait_for(lambda: stopped(steps), "the stop drawn")
            d.send("q")

        play(script)
    steps = tui.repl.session.state().steps
    title = next(k for k, row in enumerate(pane) if row.strip().startswith("Trace"))
    trace = pane[title + 1 :]
    assert len(trace) >= (rows_ - 3) // 3, "\n".join(pane)  # a third of the column at least
    # why it stopped, on the screen though the show block after it fills the trace
    assert f"Interrupted at step {steps}." in [row.strip() for row in screen_rows], screen_rows
    # the levels left out are counted (or the list is whole: the search went back up)
    last_level = pane[title - 1]
    assert last_level.startswith(("... ", "Level 1 [")), "\n".join(pane)


def test_fitted_shortens_then_drops_the_status_phrases_never_cutting_a_word() -> None:
    from sudoku_repl.frontends.toolbar import fitted

    text = "st 21 | lv 1 | bp 0"  # 19 characters
    phrases = [("waiting for the guess", "guess?"), ("queued 2", "q 2")]
    assert fitted(text, phrases, 80) == "st 21 | lv 1 | bp 0 | waiting for the guess | queued 2"
    assert fitted(text, phrases, 40) == "st 21 | lv 1 | bp 0 | guess? | queued 2"
    assert fitted(text, phrases, 30) == "st 21 | lv 1 | bp 0 | guess?"
    assert fitted(text, phrases, 20) == "st 21 | lv 1 | bp 0"
    assert fitted(text, phrases, 15) == "st 21 | lv 1"  # whole fields only

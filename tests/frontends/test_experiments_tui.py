"""The full screen and the experiments: the toolbar names the present
experiment, and the key e switches to the next one (prompt_toolkit pipe input, in process)."""

from __future__ import annotations

from sudoku_repl.frontends.tui.keys import HELP_LINES
from tests.support.full_screen import Driver, screen, wait_for
from tests.support.helpers import SEED


def test_the_toolbar_names_the_experiment_and_e_switches() -> None:
    first = [f"load-quiz {SEED}", "runtil 10", "set cell [4,2]=2"]
    with screen(first) as (tui, play):

        def toolbar() -> str:
            """The toolbar's experiment field, long (the view's) and as drawn (80 columns: the
            short names)."""
            return f"{tui.state.view.experiment} / {tui.layout.toolbar_text()}"

        def script(d: Driver) -> None:
            d.idle(12)
            wait_for(lambda: toolbar().startswith("experiment 2 11:[4,2]=2 by hand"), "exp 2")
            assert toolbar().endswith("| exp 2")
            d.send("e")  # after the last: the first
            d.idle(11)
            wait_for(lambda: toolbar().startswith("experiment 1 main /"), "experiment 1")
            assert toolbar().endswith("| exp 1")
            d.send("e")
            d.idle(12)
            wait_for(lambda: toolbar().startswith("experiment 2 "), "experiment 2 again")
            d.send("q")

        play(script)
    echoes = [line for line in tui.record.lines if line.startswith("Order please:")]
    assert echoes[-2:] == ["Order please: experiment 1", "Order please: experiment 2"]
    assert any(line.startswith("  e ") for line in HELP_LINES)


def test_e_with_one_experiment_says_so() -> None:
    with screen([f"load-quiz {SEED}"]) as (tui, play):

        def script(d: Driver) -> None:
            d.idle(0)
            d.send("e")
            wait_for(lambda: tui.state.flash is not None, "the hint")
            assert tui.state.flash is not None and tui.state.flash.startswith("One experiment")
            d.send("q")

        play(script)

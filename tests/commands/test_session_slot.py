"""The session's holder (``commands/session_slot.py``), handed at construction to the ``Repl``,
its hooks and the shell's progress line: one session for all three, made on first use, and
what the progress line reads from it."""

from __future__ import annotations

from collections.abc import Callable

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.session_slot import SessionSlot
from sudoku_repl.frontends.pager import Pager
from sudoku_repl.frontends.shell_start import ShellStart
from tests.support.helpers import SEED, ListOutput


def test_the_repl_and_its_hooks_share_the_slot_they_were_handed() -> None:
    slot = SessionSlot()
    repl = Repl(ListOutput(), lambda question: "", slot=slot)
    assert repl.slot is slot and repl.hooks.slot is slot
    assert slot.held is None and slot.progress() is None  # nothing made by asking
    assert repl.execute(f"load-quiz {SEED}")
    assert slot.held is repl.session
    assert repl.execute("runtil 7")
    assert slot.progress() == 7
    repl.hooks.doing = "whatif guesses: row 1 of 3"  # what a command beside the search is at
    assert slot.progress() == "whatif guesses: row 1 of 3"


def test_the_shell_start_hands_the_repl_its_parts_and_sets_nothing_after() -> None:
    asked: list[Pager | None] = []

    def answers(pager: Pager | None) -> Callable[[str], str]:
        asked.append(pager)
        return lambda question: "[1,1]=1"

    start = ShellStart(None, history_file=False, answers=answers)
    assert asked == [None]  # no terminal: no pager
    assert start.repl.read_answer("question?") == "[1,1]=1"
    assert start.repl.can_switch is False  # no terminal: no full screen
    assert start.repl.hooks.flag is start.flag

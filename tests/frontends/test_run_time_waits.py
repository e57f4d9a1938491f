"""``Run time`` is the search's time, not the time spent waiting
for the person, at the pager's MORE line or at the guess question. The clock is a fake that
moves only while the person "waits" (5 s each time), so the run's own time is 0 ms and any
wait counted shows as 5000 ms or more."""

from __future__ import annotations

import re
from typing import Any

import pytest

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.frontends import shell_start
from sudoku_repl.frontends.shell_start import ShellStart
from tests.support.helpers import SEED, ListOutput
from tests.support.kept_mode import KeptMode

WAIT = 5.0  # seconds the person takes to answer


class PersonClock:
    """A clock that stands still except while the person answers (``answer``)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def answer(self, reply: str) -> str:
        self.now += WAIT
        return reply


def run_times(lines: list[str]) -> list[int]:
    """The milliseconds of each ``Run time`` line printed."""
    found = (re.match(r"Run time: (\d+) milliseconds; steps: \d+", line) for line in lines)
    return [int(m[1]) for m in found if m]


def test_the_wait_at_the_guess_question_is_not_in_the_run_time() -> None:
    clock = PersonClock()
    questions: list[str] = []

    def answer(question: str) -> str:
        questions.append(question)
        return clock.answer("")  # Enter: the default guess, after 5 s

    out = ListOutput()
    repl = Repl(out, answer, clock=clock)
    for line in (f"load-quiz {SEED}", "guess-mode 1", "runtil 6"):
        assert repl.execute(line), out.lines
    assert questions  # the question was asked, and waited for
    assert run_times(out.lines) == [0]  # before the fix: 5000 per question


def test_the_wait_at_the_pagers_more_line_is_not_in_the_run_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shell's own pager and run timer, as ``ShellStart`` wires them (stdout taken for a
    terminal); the MORE line's key is ``c`` after 5 s."""
    monkeypatch.setattr(shell_start, "is_terminal", lambda stream: True)
    mode: Any = KeptMode()
    start = ShellStart(mode, history_file=False)
    pager = start.out.pager
    assert pager is not None
    clock = PersonClock()
    start.repl.timer.clock = clock
    keys: list[str] = []

    def key() -> str:
        keys.append("c")
        return clock.answer("c")

    pager.ask = key
    for line in (f"load-quiz {SEED}", "set pagination on", "set height 20"):
        assert start.repl.execute(line)
    capsys.readouterr()
    pager.begin()
    try:
        assert start.repl.execute("runtil 65")
    finally:
        pager.end()
    printed = capsys.readouterr().out.splitlines()
    assert keys == ["c"]  # the MORE line came up once, and was waited at
    assert run_times(printed) == [0]  # before the fix: 5000
    assert re.search(r"Interrupted|Quit", "\n".join(printed)) is None

"""The pager never swallows the end of a run. ``q`` or Ctrl-C at the
MORE line during ``runtil 83`` or ``runrun 0`` stops the run, and the stop's own lines are printed
whatever the pager had held back: ``Interrupted at step N.``, the show block, the timing lines.
The step printed is the session's (the toolbar's). In-process: the shell's own wiring
(``ShellStart``'s pager on the interrupt flag), the prompt on a pipe input, the MORE line's key
read from a list. The pseudo-terminal's ten rounds are in ``tests/terminal/test_pager_stops.py``."""

from __future__ import annotations

import re

import pytest
from prompt_toolkit.input import PipeInput

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.frontends import shell_start
from sudoku_repl.frontends.pager import Pager
from sudoku_repl.frontends.toolbar import toolbar_text
from tests.support.helpers import typed
from tests.support.kept_mode import KeptMode

pytestmark = pytest.mark.usefixtures("at_repo_root")

#: more than 100,000 solutions (tests/data/edge_cases_expected.tsv): runrun 0 runs for minutes
INSUFFICIENT = "...........5....9...4....1.2....3.5....7.....438...2......9.....1.4...6.........."
TRACE_STEP = re.compile(r"(\d+)\) ")


class MoreKeys:
    """The keys typed at the MORE line, in turn (``read_key``'s stand-in)."""

    def __init__(self, *keys: str) -> None:
        self.keys = list(keys)
        self.asked = 0

    def __call__(self, mode: object, stopping: object = None) -> str:
        self.asked += 1
        return self.keys.pop(0)


def paged_shell(
    monkeypatch: pytest.MonkeyPatch, pipe: PipeInput, keys: MoreKeys, *lines: str
) -> Repl:
    """The interactive shell as on a terminal (its pager made), ``lines`` typed, to ``bye``."""
    monkeypatch.setattr(shell_start, "is_terminal", lambda stream: True)
    monkeypatch.setattr(shell_start, "read_key", keys)
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.output import DummyOutput

    from sudoku_repl.frontends.shell import run_interactive

    pipe.send_text(typed(*lines, "bye"))
    repl = run_interactive(
        mode=KeptMode(),  # type: ignore[arg-type]
        input=pipe,
        output=DummyOutput(),
        history=InMemoryHistory(),
    )
    return repl


def stop_block(printed: list[str]) -> tuple[int, int, int]:
    """(N of ``Interrupted at step N.``, the Steps of the show block after it, the steps of the
    timing line after that), read from what the run printed."""
    at = next(i for i, line in enumerate(printed) if line.startswith("Interrupted at step "))
    said = int(re.fullmatch(r"Interrupted at step (\d+)\.", printed[at])[1])  # type: ignore[index]
    shown = next(int(line[6:]) for line in printed[at:] if line.startswith("Steps:"))
    timed = next(
        int(m[1])
        for line in printed[at:]
        if (m := re.match(r"Run time: \d+ milliseconds; steps: (\d+),", line))
    )
    return said, shown, timed


@pytest.mark.parametrize("key", ["q", "\x03"])
def test_q_or_ctrl_c_at_more_during_runtil_83_prints_where_the_run_stopped(
    monkeypatch: pytest.MonkeyPatch,
    pipe: PipeInput,
    capsys: pytest.CaptureFixture[str],
    key: str,
) -> None:
    keys = MoreKeys(key)
    lines = ["load-quiz examples/seed.txt", "set pagination on", "set height 20"]
    repl = paged_shell(monkeypatch, pipe, keys, *lines, "runtil 83")
    printed = capsys.readouterr().out.split("\n")
    assert keys.asked == 1  # the MORE line came up once; the stop's lines were never asked for
    said, shown, timed = stop_block(printed)
    before = printed[: printed.index(f"Interrupted at step {said}.")]
    traced = [int(m[1]) for line in before if (m := TRACE_STEP.match(line))]
    assert traced and traced[-1] <= said < 83  # stopped where the pager quit, not at 83
    assert shown == said == timed
    # the session is there, and the toolbar says so
    assert repl.session.state().steps == said
    assert f"step {said}" in toolbar_text(repl, 200)


def test_ctrl_c_at_more_during_runrun_0_prints_the_stop(
    monkeypatch: pytest.MonkeyPatch, pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = MoreKeys("\r", "\x03")  # one more screen, then Ctrl-C
    repl = paged_shell(
        monkeypatch, pipe, keys, f"load-quiz {INSUFFICIENT}", "set pagination on", "runrun 0"
    )
    printed = capsys.readouterr().out.split("\n")
    assert keys.asked == 2
    said, shown, timed = stop_block(printed)
    assert shown == said == timed == repl.session.state().steps > 0


# -- the pager's own rule ----------------------------------------------------------------------


def test_a_stop_line_and_what_follows_pass_a_quitted_pager() -> None:
    asked: list[str] = []

    def ask() -> str:
        asked.append("q")
        return "q"

    p = Pager(lambda: 5, lambda: 80, ask)
    p.begin()
    trace = [f"{k}) step" for k in range(1, 10)]
    assert [line for line in trace if p.admit(line)] == trace[:4]
    after = ["Interrupted at step 9.", *(f"row {k}" for k in range(12)), "Run time: 1 ms"]
    assert all(p.admit(line) for line in after)  # unpaged: the stop's lines are all seen
    assert asked == ["q"]


def test_a_ctrl_c_before_the_screen_fills_means_no_more_line() -> None:
    """A Ctrl-C came as a signal while the trace was printed (the flag is up): when the screen
    fills, the pager does not ask (a key would be needed for nothing); the stop's lines follow."""
    asked: list[str] = []
    p = Pager(lambda: 5, lambda: 80, lambda: asked.append("?") or "", stopping=lambda: True)
    p.begin()
    trace = [f"{k}) step" for k in range(1, 10)]
    assert [line for line in trace if p.admit(line)] == trace[:4]
    assert p.admit("Interrupted at step 9.") and p.admit("Steps:9")
    assert asked == []

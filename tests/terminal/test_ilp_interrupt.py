"""Ctrl-C in a real terminal stops ``solve ilp`` while HiGHS works, and the session is
as it was. Under way means: the progress line (``solve ilp: HiGHS at work, ... (Ctrl-C
stops)``) has been drawn twice while the solutions of an empty grid are counted to a billion,
which never ends alone. How soon it stops is a figure of ``benchmarks/bench_ilp.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect

from tests.support.helpers import NEEDS_HIGHS, PROMPT, plain, spawn_shell

DRAWN = re.compile(r"solve ilp: HiGHS at work, \d+\.\d s \(Ctrl-C stops\)")
#: what the count would print, had it ended by itself
ENDED = "Not unique: 1000000000 solutions found"


@NEEDS_HIGHS
def test_ctrl_c_stops_solve_ilp_and_the_session_goes_on(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("." * 81 + "\n")
    child = spawn_shell(tmp_path, str(empty))
    try:
        child.expect_exact(PROMPT)
        child.sendline("solve ilp --count 1000000000")
        for _ in range(2):
            child.expect(DRAWN, timeout=60)
        child.sendintr()
        said = child.expect([r"Interrupted after \d+ solutions? found; nothing changed\.", ENDED])
        assert said == 0
        child.expect(r"HiGHS [\d.]+: \d+ runs? \(")
        child.expect_exact(PROMPT)
        assert "Traceback" not in plain(child.before)
        still_at_step_0_then_bye(child)
    finally:
        child.close(force=True)


@NEEDS_HIGHS
def test_ctrl_c_right_after_enter_stops_solve_ilp(tmp_path: Path) -> None:
    """A Ctrl-C typed 0-20 ms after Enter was lost (the terminal still raw, it
    was a byte, read by the next prompt): no ``Interrupted`` line. Here it comes in the same
    write as Enter (prompt_toolkit reads both, or the byte waits in the terminal's queue) and
    in the next write, a few rounds each: every one stops the count, which alone would run for
    minutes, and the session goes on."""
    empty = tmp_path / "empty.txt"
    empty.write_text("." * 81 + "\n")
    child = spawn_shell(tmp_path, str(empty), timeout=60)
    try:
        child.expect_exact(PROMPT)
        for together in [True, False] * 3:
            if together:
                child.send("solve ilp --count 100000\r\x03")
            else:
                child.sendline("solve ilp --count 100000")
                child.sendintr()
            said = child.expect(
                [r"Interrupted after \d+ solutions? found; nothing changed\.", DRAWN]
            )
            assert said == 0, plain(child.before)  # (the progress line: a count under way)
            child.expect(r"HiGHS [\d.]+: \d+ runs? \(")
            child.expect_exact(PROMPT)
        still_at_step_0_then_bye(child)  # (no Ctrl-C left over for this prompt: show runs)
    finally:
        child.close(force=True)


def still_at_step_0_then_bye(child: pexpect.spawn) -> None:
    """The session after the stopped solve: nothing changed (``show`` at step 0), then ``bye``."""
    child.sendline("show")
    child.expect(r"Steps:(\d+)")
    assert child.match.group(1) == "0"
    child.expect_exact(PROMPT)
    child.sendline("bye")
    child.expect_exact("bye")

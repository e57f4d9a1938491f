"""Ctrl-Z in the full screen's command line suspends the screen, as at the shell's prompt
(it typed a ``^Z`` into the command): the process
stops, SIGCONT brings the screen back with the command line as it was, and the command run is
the one typed. The screen runs as a job (``helpers.AS_JOB``); the test waits on the process's
state and the screen's text, never on a clock."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pexpect
import pytest

from tests.support.full_screen import wait_for
from tests.support.helpers import spawn_shell
from tests.terminal.test_suspend import state

pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="no job control here"),
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc to read a state in"),
]


def test_ctrl_z_in_the_full_screens_command_line_stops_it_and_sigcont_brings_it_back(
    tmp_path: Path,
) -> None:
    child = spawn_shell(tmp_path, "--tui", "examples/seed.txt", timeout=60, as_job=True)
    try:
        child.expect(r"job (\d+)")
        screen = int(child.match.group(1))
        child.expect_exact("Quiz loaded.")
        child.send(":lev\x1a")  # the command line, half a command, then Ctrl-Z
        wait_for(lambda: state(screen) == "T", "the screen stopped", timeout=60)
        os.kill(screen, signal.SIGCONT)
        wait_for(lambda: state(screen) != "T", "the screen going on", timeout=60)
        child.send("els\r")  # the line goes on as it was: levels, no ^Z in it
        child.expect_exact("At guess level 0:")
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0

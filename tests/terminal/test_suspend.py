"""Ctrl-Z at the prompt suspends the shell, as a shell's job is (it typed a ``^Z`` into
the next command): the process stops, SIGCONT brings it back to the prompt with the line as it
was, and the command is the one typed. (In-process: ``frontends/test_interactive.py``.)

The shell runs as a job shell runs one (``helpers.AS_JOB``: a pseudo-terminal's first process
is in an orphaned group, where a stop signal is discarded). The test waits on the process's
state, never on a clock."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pexpect
import pytest

from tests.support.full_screen import wait_for
from tests.support.helpers import spawn_shell

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="no job control here")


def state(pid: int) -> str:
    """The process's state letter (``/proc/PID/stat``): ``T`` stopped."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc to read a state in")
def test_ctrl_z_at_the_prompt_stops_the_shell_and_sigcont_brings_the_prompt_back(
    tmp_path: Path,
) -> None:
    child = spawn_shell(tmp_path, "examples/seed.txt", timeout=60, as_job=True)
    try:
        child.expect(r"job (\d+)")
        shell = int(child.match.group(1))
        child.expect_exact("Order please:")
        child.send("lev\x1a")  # half a command, then Ctrl-Z
        wait_for(lambda: state(shell) == "T", "the shell stopped", timeout=60)
        os.kill(shell, signal.SIGCONT)
        wait_for(lambda: state(shell) != "T", "the shell going on", timeout=60)
        child.send("els\r")  # the line goes on as it was: levels
        child.expect_exact("At guess level 0:")
        child.sendline("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    history = (tmp_path / "data" / "sudoku-repl" / "history").read_text(encoding="utf-8")
    assert [line for line in history.splitlines() if line.startswith("+")] == ["+levels", "+bye"]

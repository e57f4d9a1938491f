"""Ctrl-Z at the prompt suspends the shell, as a shell's job is (issue 42: it typed a ``^Z`` into
the next command): the process stops, SIGCONT brings it back to the prompt with the line as it
was, and the command is the one typed. (In-process: ``frontends/test_interactive.py``.)

A stop signal sent to a process group with no parent in its session but outside the group is
discarded (POSIX: an orphaned group), which a pseudo-terminal's first process is: so the shell
runs here as a job shell runs one, in a group of its own in the terminal's foreground, under a
parent that waits for it (``LAUNCHER``). The test waits on the process's state, never a clock."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pexpect
import pytest

from tests.support.helpers import REPO, terminal_env

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="no job control here")

#: ``python -c LAUNCHER ARGS``: ``python -m sudoku_repl ARGS`` as a job in the foreground of
#: this terminal; says its pid (``job N``) and ends with its exit status
LAUNCHER = """
import os, signal, sys
pid = os.fork()
if pid == 0:
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)  # (taking the foreground from the background)
    os.setpgid(0, 0)
    os.tcsetpgrp(0, os.getpid())
    signal.signal(signal.SIGTTOU, signal.SIG_DFL)
    os.execv(sys.executable, [sys.executable, "-m", "sudoku_repl", *sys.argv[1:]])
print(f"job {pid}", flush=True)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
"""


def state(pid: int) -> str:
    """The process's state letter (``/proc/PID/stat``): ``T`` stopped."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0]


def wait_for_state(pid: int, stopped: bool) -> None:
    deadline = time.monotonic() + 60
    while (state(pid) == "T") != stopped:
        assert time.monotonic() < deadline, f"the shell never {'stopped' if stopped else 'went on'}"
        time.sleep(0.01)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc to read a state in")
def test_ctrl_z_at_the_prompt_stops_the_shell_and_sigcont_brings_the_prompt_back(
    tmp_path: Path,
) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-c", LAUNCHER, "examples/seed.txt"],
        cwd=str(REPO),
        env=terminal_env(tmp_path),
        encoding="utf-8",
        codec_errors="replace",
        timeout=60,
        dimensions=(40, 120),
    )
    try:
        child.expect(r"job (\d+)")
        shell = int(child.match.group(1))
        child.expect_exact("Order please:")
        child.send("lev\x1a")  # half a command, then Ctrl-Z
        wait_for_state(shell, stopped=True)
        os.kill(shell, signal.SIGCONT)
        wait_for_state(shell, stopped=False)
        child.send("els\r")  # the line goes on as it was: levels
        child.expect_exact("At guess level 0:")
        child.sendline("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    history = (tmp_path / "data" / "sudoku-repl" / "history").read_text(encoding="utf-8")
    assert [line for line in history.splitlines() if line.startswith("+")] == ["+levels", "+bye"]

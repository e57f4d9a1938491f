"""Ctrl-C while ``sudoku-repl serate`` waits for its input: ``--input=FIFO`` with no
writer (``open`` waits for one) and ``--input=-`` at a terminal (nobody types). Both ignored
Ctrl-C (only ``kill -9`` ended them): the handler set a flag and the wait was taken up again.
Now each ends at Ctrl-C, with one line and status 130, in a real pseudo-terminal.

The Ctrl-C is sent once the child waits in the kernel (``/proc/PID/wchan``: the FIFO's open
waiting for a writer, the terminal's read); where that cannot be seen it is sent at once, and
the answer is the same (a Ctrl-C while the modules load is kept, and nothing is read)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pytest

from tests.support.helpers import REPO, terminal_env

#: the kernel's waits of a FIFO's open (no writer yet) and of a terminal's read
WAITS = {"wait_for_partner", "fifo_open", "pipe_wait", "wait_woken", "n_tty_read"}


def _waiting(pid: int) -> None:
    """Until the process waits in one of ``WAITS`` (at most two minutes; at once where
    ``/proc`` does not say)."""
    deadline = time.monotonic() + 120
    wchan = Path(f"/proc/{pid}/wchan")
    while time.monotonic() < deadline:
        try:
            if wchan.read_text().strip() in WAITS:
                return
        except OSError:
            return
        time.sleep(0.01)  # (a poll of the child's state, not a wait for it to happen)


@pytest.mark.parametrize("fifo", [True, False], ids=["fifo-without-writer", "terminal"])
def test_ctrl_c_ends_a_wait_for_the_input(fifo: bool, tmp_path: Path) -> None:
    if fifo:
        name = tmp_path / "puzzles"
        os.mkfifo(name)
        given, said = f"--input={name}", f"--input {name}"
    else:
        given, said = "--input=-", "standard input"
    child = pexpect.spawn(
        sys.executable, ["-m", "sudoku_repl", "serate", given],
        cwd=str(REPO), env=terminal_env(tmp_path), encoding="utf-8", timeout=120,
    )  # fmt: skip
    try:
        _waiting(child.pid)
        child.sendintr()
        child.expect(f"sudoku-repl serate: interrupted while reading {said}: nothing rated\r\n")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 130
    finally:
        if child.isalive():
            child.kill(9)

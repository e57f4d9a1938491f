"""Ctrl-C in terminals that never answer prompt_toolkit's cursor-position request (a bare pty,
``script``, some IDE and web terminals): commands run in the terminal's own mode, so Ctrl-C stops
a run in every terminal."""

from __future__ import annotations

import os
import pty
import random
import sys
import termios
import tty
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.frontends.terminal_mode import TerminalMode
from tests.support.helpers import REPO, run_to_step

#: the edge case labelled insufficient_givens (16 givens, more than 100,000 solutions): runrun 0
#: runs for minutes, so every Ctrl-C meets it running
INSUFFICIENT = "...........5....9...4....1.2....3.5....7.....438...2......9.....1.4...6.........."


def _flags(fd: int) -> tuple[bool, bool]:
    lflag = termios.tcgetattr(fd)[3]
    return bool(lflag & termios.ISIG), bool(lflag & termios.ICANON)


def test_restore_puts_back_the_mode_the_terminal_had() -> None:
    leader, follower = pty.openpty()
    try:
        assert _flags(follower) == (True, True)  # a new pty: canonical, Ctrl-C a signal
        mode = TerminalMode(follower)
        tty.setraw(follower)  # what a prompt left behind when no CPR answer came
        assert _flags(follower) == (False, False)
        mode.restore()
        assert _flags(follower) == (True, True)
    finally:
        os.close(leader)
        os.close(follower)


def test_commands_run_where_ctrl_c_throws_no_output_away_and_the_exit_puts_it_back() -> None:
    """A Ctrl-C (the terminal's INTR) flushes the output the terminal has not shown yet unless
    NOFLSH is set: commands run with it (``running``), so that a Ctrl-C held down as a run stops
    cannot throw ``Interrupted at step N.`` away; the exit gives the terminal its own mode."""
    leader, follower = pty.openpty()
    try:
        assert not termios.tcgetattr(follower)[3] & termios.NOFLSH  # a new pty flushes
        mode = TerminalMode(follower)
        mode.running()
        assert termios.tcgetattr(follower)[3] & termios.NOFLSH
        assert _flags(follower) == (True, True)  # otherwise the terminal's own mode
        mode.restore()
        assert not termios.tcgetattr(follower)[3] & termios.NOFLSH
    finally:
        os.close(leader)
        os.close(follower)


def test_hold_keeps_keys_unechoed_byte_for_byte_and_restore_undoes_it() -> None:
    """The mode from the shell's start to its first prompt: what is typed waits, unechoed, each
    byte as typed: Ctrl-C, Ctrl-D and Tab are keys for the prompt (not a signal, an end of file
    and a character of a line being edited), Enter is not translated."""
    leader, follower = pty.openpty()
    try:
        mode = TerminalMode(follower)
        mode.hold()
        lflag = termios.tcgetattr(follower)[3]
        assert not lflag & (termios.ICANON | termios.ECHO | termios.ISIG)
        os.write(leader, b"x\x03\x04\t\r")
        assert os.read(follower, 10) == b"x\x03\x04\t\r"  # no line end needed, no signal
        os.write(follower, b"!")
        assert os.read(leader, 10) == b"!"  # the program's output only: nothing was echoed
        mode.restore()
        lflag = termios.tcgetattr(follower)[3]
        assert lflag & termios.ICANON and lflag & termios.ECHO and lflag & termios.ISIG
    finally:
        os.close(leader)
        os.close(follower)


def test_restore_is_harmless_without_a_terminal() -> None:
    read, write = os.pipe()
    try:
        mode = TerminalMode(read)  # not a terminal: nothing kept, nothing done
        assert not mode.kept
        mode.hold()
        mode.restore()
    finally:
        os.close(read)
        os.close(write)


@pytest.mark.slow
def test_ctrl_c_stops_runrun_0_in_a_pty_that_never_answers_cpr(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PROMPT_TOOLKIT_NO_CPR"}
    env.update(
        TERM="xterm",
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    )
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sudoku_repl", INSUFFICIENT],
        cwd=str(REPO),
        env=env,
        encoding="utf-8",
        codec_errors="replace",
        timeout=30,
        dimensions=(40, 120),
    )
    rng = random.Random(13)
    steps = 0
    try:
        child.expect_exact("Order please:")
        child.sendline("set pagination off")  # Ctrl-C meets the run, not the pager's question
        child.expect_exact("pagination off")
        child.expect_exact("Order please:")
        for _ in range(10):
            child.sendline("runrun 0")
            # a moment of the run: a step it reaches (it never ends alone)
            seen = run_to_step(child, steps + rng.randint(1, 3000), ended="no more solution")
            child.sendintr()
            child.expect(r"Interrupted at step (\d+)\.", timeout=10)
            steps = int(child.match.group(1))
            assert steps >= seen
            child.expect_exact("Order please:")
            child.sendline("step")  # the next step goes on from there (it may be a solution)
            child.expect(r"Steps:(\d+)|Fine \[steps:(\d+),")
            assert int(child.match.group(1) or child.match.group(2)) > steps
            child.expect_exact("Order please:")
    finally:
        child.close(force=True)

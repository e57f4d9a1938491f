"""Ctrl-C held while the program ends. Once ``rate``'s summary is printed, or
the shell's ``bye`` done, nothing a user types prints a traceback or ``Exception ignored``, in
the front end's last lines or in any of the interpreter's exit handlers (logging's,
concurrent.futures', multiprocessing's, asyncio's): ``rate`` exits 130, the shell as ``bye``
says (0).

A held Ctrl-C lands at a moment no terminal can aim at, so the program is run by ``HELD``,
which aims at every moment: from the return of the front end's work (``rate_cli.main_rate``,
``shell.run_interactive``, ``tui.app.run_tui``) it sends the process a SIGINT at each line
Python runs (a trace function), and once more in an exit handler that runs after all the
others. A SIGINT that raised is written down in ``sent``, which also counts them all (the test
fails if none was sent: the harness did not aim)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.support.helpers import PROMPT, PUZZLES, REPO, SLOW, terminal_env

#: python -c HELD SENT MODULE FUNCTION ARGS...: ``sudoku-repl ARGS`` with Ctrl-C held from the
#: return of MODULE.FUNCTION to the process's end
HELD = """
import atexit, importlib, os, signal, sys

sent = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND)


def ctrl_c(*_):
    os.write(sent, b".")
    try:
        os.kill(os.getpid(), signal.SIGINT)  # (handled here, at once, if Python handles it)
    except KeyboardInterrupt:
        os.write(sent, b" KeyboardInterrupt raised ")
        raise


def held(frame, event, arg):
    ctrl_c()
    return held


owner = importlib.import_module(sys.argv[2])
inner = getattr(owner, sys.argv[3])


def aimed(*args, **kwargs):
    try:
        return inner(*args, **kwargs)
    finally:  # every line from here on, the callers' too
        frame = sys._getframe(1)
        while frame is not None:
            frame.f_trace = held
            frame = frame.f_back
        sys.settrace(held)


setattr(owner, sys.argv[3], aimed)
atexit.register(ctrl_c)  # registered first: run last, after every exit handler of the program
sys.argv = ["sudoku-repl", *sys.argv[4:]]
from sudoku_repl.__main__ import run

sys.exit(run())
"""

#: what a Ctrl-C must never print
BROKEN = ("Traceback", "Exception ignored", "KeyboardInterrupt", "Error")


def held_command(sent: Path, target: str, *args: str) -> list[str]:
    module, _, function = target.rpartition(".")
    return ["-c", HELD, str(sent), module, function, *args]


def checked(sent: Path, output: str) -> None:
    said = sent.read_text()
    assert "KeyboardInterrupt raised" not in said
    assert said.count(".") >= 10, said  # aimed: Ctrl-C sent through the whole end
    for broken in BROKEN:
        assert broken not in output, output[-3000:]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_held_after_rate_s_summary_is_130_and_quiet(tmp_path: Path, jobs: str) -> None:
    """With ``--jobs 2`` the worker pool (concurrent.futures, multiprocessing, logging) has
    exit handlers of its own."""
    sent = tmp_path / "sent"
    sent.touch()
    args = ["rate", str(PUZZLES / "norvig_top95.txt"), "--limit", "4", "--jobs", jobs]
    run = subprocess.run(
        [sys.executable, *held_command(sent, "sudoku_repl.frontends.rate_cli.main_rate", *args)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    checked(sent, run.stderr)
    assert run.stderr.startswith("sudoku-repl rate: 4 quizzes rated;"), run.stderr
    assert len(run.stdout.splitlines()) == 6  # the settings line, the header and the rows
    assert run.returncode == 130


@SLOW
@pytest.mark.parametrize(
    ("target", "shell_args"),
    [
        ("sudoku_repl.frontends.shell.run_interactive", []),
        ("sudoku_repl.frontends.tui.app.run_tui", ["--tui"]),
    ],
)
def test_ctrl_c_held_after_bye_is_quiet_and_bye_s_status(
    tmp_path: Path, target: str, shell_args: list[str]
) -> None:
    """The interactive shell (and the full screen) in a pseudo-terminal: ``bye``, then Ctrl-C
    at every moment of the exit."""
    sent = tmp_path / "sent"
    sent.touch()
    child = pexpect.spawn(
        sys.executable,
        held_command(sent, target, *shell_args),
        cwd=str(REPO),
        env=terminal_env(tmp_path),
        encoding="utf-8",
        codec_errors="replace",
        timeout=120,
        dimensions=(40, 120),
    )
    try:
        if shell_args:  # the full screen: its keys line drawn, q quits
            child.expect_exact("q quit")
            child.send("q")
        else:
            child.expect_exact(PROMPT)
            child.sendline("bye")
        child.expect(pexpect.EOF)
        output = child.before
        child.wait()
    finally:
        child.close(force=True)
    checked(sent, output)
    assert (child.exitstatus, child.signalstatus) == (0, None), output[-3000:]


@pytest.mark.parametrize(("came", "flag"), [(True, "True"), (False, "False")])
def test_the_last_handler_hands_on_a_waiting_ctrl_c_and_leaves_it_ignored(
    came: bool, flag: str
) -> None:
    """``catching(last=True)``: a Ctrl-C caught but not handled when the block ends sets the
    flag (``rate`` then exits 130), and Ctrl-C is ignored after the block (the process lives
    on through one). In a child: it changes the process's handler."""
    code = (
        "import os, signal\n"
        "from sudoku_repl.frontends.interrupts import InterruptFlag\n"
        "flag = InterruptFlag()\n"
        "with flag.catching(last=True):\n"
        "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})\n"
        f"    if {came}:\n"
        "        os.kill(os.getpid(), signal.SIGINT)  # waiting, not handled yet\n"
        "print(flag(), signal.getsignal(signal.SIGINT) is signal.SIG_IGN)\n"
        "os.kill(os.getpid(), signal.SIGINT)\n"
        "print('alive')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines() == [f"{flag} True", "alive"]

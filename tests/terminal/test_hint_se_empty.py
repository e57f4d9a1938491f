"""``hint se`` on an empty grid in a real terminal answers (it was silent for more than
a minute, with no progress line, while every technique was tried and found nothing): the answer
is known without trying them, and the session goes on."""

from __future__ import annotations

from pathlib import Path

import pexpect

from tests.support.helpers import PROMPT, plain, spawn_shell

ANSWER = "Sudoku Explainer's techniques find nothing from here."


def test_hint_se_on_an_empty_grid_answers(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("." * 81 + "\n")
    child = spawn_shell(tmp_path, str(empty), timeout=60)  # (a safety net: the wait is on lines)
    try:
        child.expect_exact(PROMPT)
        child.sendline("hint se")
        child.expect_exact(ANSWER)
        child.expect_exact(PROMPT)
        assert "Traceback" not in plain(child.before)
        child.sendline("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)

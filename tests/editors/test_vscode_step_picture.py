"""The Board's picture of Sudoku Explainer's next step (code-server, as
tests/editors/test_vscode_board.py): opened under the board, it shows the adapter's SVG of the
step (``sudokuBoard`` with ``picture: true``) and follows the step shown, or says why there is
none (a position with no solution). Expected values come from the shell's ``export
svg`` and from the seed's first step worked out by hand (``tests/commands/test_export_svg.py``:
5 in block 2 goes in r2c5)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.editors.test_vscode_board import caption_step, goto, tab
from tests.support.vscode import NEEDS, Page, Server, end_session, expect, open_quiz, quiet_shell

pytestmark = NEEDS


def test_the_next_step_s_picture_follows_the_board(
    page: Page, server: Server, tmp_path: Path
) -> None:
    shell = quiet_shell()
    shell.ok("goto 14")
    (wrote,) = shell.ok(f"export svg {tmp_path / 'step.svg'}")
    at_14 = re.sub(r"^Wrote .*?: ", "", wrote).rstrip(".")
    shell.ok("goto 20")  # (below the wrong guess of step 16: no solution)
    (none_20,) = shell.fails(f"export svg {tmp_path / 'none.svg'}")
    open_quiz(page, server.url, server.folder)
    page.keyboard.press("F5")
    view = tab(page)
    caption_step(view, 0)
    summary = view.locator("#sestep summary")
    expect(summary).to_have_text("Sudoku Explainer's next step (open to draw)")
    summary.click()
    expect(summary).to_have_text("Sudoku Explainer's next step from step 0: Hidden Single (1.2)")
    placed = view.locator("#sestep svg .placed")
    expect(placed).to_have_count(1)
    assert (placed.get_attribute("data-cell"), placed.get_attribute("data-digit")) == ("r2c5", "5")
    goto(view, 14)
    expect(summary).to_have_text(f"Sudoku Explainer's next step from step 14: {at_14}")
    expect(view.locator("#sestep svg .cell")).to_have_count(81)
    goto(view, 20)
    expect(summary).to_have_text(f"Sudoku Explainer's next step from step 20: {none_20}")
    expect(view.locator("#sestep svg")).to_have_count(0)
    end_session(page)

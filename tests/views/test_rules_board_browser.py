"""The Board of the page and of VS Code (``editors/vscode/media/board.js``, its page made as
web/build makes it: ``web/board_page.cjs``) draws a quiz's rules, in the system's headless
Chromium (``tests/support/browser.py``): the diagonals' cells carry their line, the windows'
cells their shade, the legend names the rules. The cells expected are written here from the
rules' definitions (the main diagonal r1c1 ... r9c9, the windows rows and columns 2-4 and
6-8). Skipped, with one line, where Chromium or Node is missing."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from sudoku_repl.views.board_data import board_json
from tests.support.browser import Browser, find_chromium
from tests.support.helpers import REPO, Shell
from tests.web.built import served

CHROMIUM = find_chromium()
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or NODE is None,
    reason="no Chromium or Node (apt-get install chromium nodejs): the Board's browser test skips",
)

WINDOKU_QUIZ = "4..3.8........16...5...............5.7......2.1....49............584.2...2......6"


def board_page(folder: Path) -> Path:
    """The Board's page, as web/build makes it, with its script and style beside it."""
    page = subprocess.run(
        [str(NODE), str(REPO / "web" / "board_page.cjs"), str(REPO / "editors/vscode/lib/board.js")],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    (folder / "index.html").write_text(page, encoding="utf-8")
    for source in ("editors/vscode/media/board.js", "editors/vscode/media/board.css"):
        shutil.copy(REPO / source, folder)
    shutil.copy(REPO / "web" / "board_host.js", folder)
    return folder


def test_the_board_draws_the_diagonals_the_windows_and_names_the_rules(tmp_path: Path) -> None:
    shell = Shell()
    shell.ok(f"load-quiz {WINDOKU_QUIZ} --rules=x,windoku,antiknight")
    shell.ok("step")
    session = shell.repl.session
    assert session.quiz is not None
    body = board_json(
        session.geo, session.quiz.givens, session.state(), session.history, session.cursor, "1)"
    )
    assert CHROMIUM is not None
    with served(board_page(tmp_path)) as origin, Browser(CHROMIUM) as browser:
        browser.open(f"{origin}/index.html", "document.getElementById('board') !== null")
        browser.evaluate(f"window.postMessage({{type: 'board', board: {json.dumps(body)}}}, '*')")
        browser.wait_for("document.querySelectorAll('#board .cell').length === 81")
        classes = browser.evaluate(
            "JSON.stringify([...document.querySelectorAll('#board .cell')]"
            ".map((c) => [...c.classList].filter((n) => /^(diag|shade)/.test(n)).sort()))"
        )
        drawn = browser.evaluate(
            "getComputedStyle(document.querySelector('#board .cell.diag-both'), '::after')"
            ".backgroundImage"
        )
        legend = browser.evaluate("document.getElementById('legend').textContent")
    window = {1, 2, 3, 5, 6, 7}
    expected = []
    for r in range(9):
        for c in range(9):
            marks = []
            if r == c and r + c == 8:
                marks.append("diag-both")
            elif r == c:
                marks.append("diag-down")
            elif r + c == 8:
                marks.append("diag-up")
            if r in window and c in window:
                marks.append("shade1")
            expected.append(sorted(marks))
    assert json.loads(classes) == expected
    assert drawn.count("linear-gradient") == 2  # (both lines cross at r5c5)
    assert "X: both main diagonals (diag 1-2)" in legend
    assert "windoku: four windows and the five they force (window 1-4)" in legend
    assert "anti-knight: no digit a knight's move from itself" in legend

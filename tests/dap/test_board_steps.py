"""``sudokuBoard`` with ``steps: true``: the board comes with every step Sudoku Explainer offers
from that frame's state, easiest first, as ``hint se all`` lists them (held to serate's own list
in ``tests/tools/explain/test_all_steps.py``); and the Board's page (VS Code's and the web
page's, ``editors/vscode/media/board.js``) lists them when its folded line is opened, in the
system's headless Chromium (skipped, with one line, where it or node is missing)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.dap.test_board import Dap
from tests.support.browser import Browser, find_chromium
from tests.support.helpers import REPO
from tests.tools.explain.test_all_steps import QUIZ, SERATE


def test_every_step_comes_when_asked(dap: Dap, tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.txt"
    quiz.write_text(QUIZ + "\n")
    client = dap()
    client.launch(program=str(quiz), trace=False)
    assert "steps" not in client.request("sudokuBoard")  # (not asked: not made)
    listed = client.request("sudokuBoard", steps=True)["steps"]["steps"]
    expected = sorted(SERATE[QUIZ], key=lambda row: float(row[0]))
    assert [(step["technique"], step["rating"]) for step in listed] == [
        (row[1], float(row[0])) for row in expected
    ]
    # the shell's line, in the session's notation (readalps: [8,3])
    assert listed[0]["line"] == "Hidden Single in block 7: [8,3]=9 (ER 1.2)"
    assert listed[0]["placed"] == ["9r8c3"] and listed[3]["removed"] == ["6r2c1"]
    client.request("evaluate", expression="run", context="repl")
    client.stopped()
    assert client.request("sudokuBoard", steps=True)["steps"] == {
        "none": "Next: nothing, the grid is full."
    }
    assert client.refused("sudokuBoard", steps="yes") == (
        "sudokuBoard's steps is true or false, not 'yes'."
    )
    client.close()


def test_a_variant_quiz_s_steps_and_picture_are_serates_on_its_rules(dap: Dap) -> None:
    # examples/x.txt's rules line: serate's first step with --isX=1 is "Hidden Single: D2: 9 in
    # block" (tests/data/rules/serate/x.out), r2c4
    client = dap()
    client.launch(program=str(REPO / "examples" / "x.txt"), trace=False)
    body = client.request("sudokuBoard", steps=True, picture=True)
    listed = body["steps"]["steps"]
    assert listed[0]["line"] == "Hidden Single in block 2: [2,4]=9 (ER 1.2)"
    assert "said" not in body["steps"]  # (x's order runs to serate's last technique)
    assert body["picture"]["caption"] == "Hidden Single (1.2)"
    client.close()


# -- the Board's list, in a real browser ---------------------------------------------------------

CHROMIUM = find_chromium()
NODE = shutil.which("node")
BOARD_JS = REPO / "editors" / "vscode" / "lib" / "board.js"
#: the Board's page as the web page makes it (web/board_page.cjs), its scripts a stand-in for
#: VS Code's (``harness.js``: what the page posts kept, a ``steps`` answered with STEPS) and the
#: Board's own; its Content-Security-Policy left out (a file:// page has no origin to allow)
PAGE_HTML = """
const path = require('node:path');
const file = process.argv[1];
const source = require('node:fs').readFileSync(file, 'utf8');
const vscode = { Uri: { joinPath: (uri, ...parts) => ({ path: [uri.path, ...parts].join('/') }) } };
const besideBoard = require('node:module').createRequire(path.resolve(file));
const stubbed = (name) => (name === 'vscode' ? vscode : besideBoard(name));
const pageHtml = new Function('require', 'module', 'exports', `${source}\\nreturn pageHtml;`)(
    stubbed, { exports: {} }, {});
const webview = { cspSource: "'self'", asWebviewUri: (uri) => path.basename(uri.path) };
process.stdout.write(pageHtml(webview, { path: '' }, { before: ['harness.js'] }));
"""
HARNESS = """
window.posted = [];
window.acquireVsCodeApi = () => ({
    postMessage: (message) => {
        window.posted.push(message);
        if (message.type === 'steps') {
            window.postMessage({ type: 'steps', step: message.step, steps: window.STEPS }, '*');
        }
    },
    getState: () => ({}),
    setState: () => {},
});
"""


@pytest.mark.skipif(CHROMIUM is None or NODE is None, reason="needs Chromium and node: skipped")
def test_the_board_lists_every_step_when_opened(dap: Dap, tmp_path: Path) -> None:
    assert CHROMIUM is not None and NODE is not None
    quiz = tmp_path / "quiz.txt"
    quiz.write_text(QUIZ + "\n")
    client = dap()
    client.launch(program=str(quiz), trace=False)
    body = client.request("sudokuBoard", steps=True)
    client.close()
    steps = body.pop("steps")
    made = subprocess.run(
        [NODE, "-e", PAGE_HTML, str(BOARD_JS)], capture_output=True, text=True, check=True
    )
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", made.stdout)
    (tmp_path / "index.html").write_text(page, encoding="utf-8")
    (tmp_path / "harness.js").write_text(f"{HARNESS}\nwindow.STEPS = {json.dumps(steps)};\n")
    shutil.copy(REPO / "editors" / "vscode" / "media" / "board.js", tmp_path / "board.js")
    shutil.copy(REPO / "editors" / "vscode" / "media" / "board.css", tmp_path / "board.css")
    with Browser(CHROMIUM) as browser:
        browser.open((tmp_path / "index.html").as_uri(), "window.posted.length > 0")
        board = json.dumps({"type": "board", "board": body, "present": 0, "hits": []})
        browser.evaluate(f"window.postMessage({board}, '*')")
        browser.wait_for("!document.getElementById('sesteps').hidden")
        summary = "document.querySelector('#sesteps summary').textContent"
        assert browser.evaluate(summary) == "Every step Sudoku Explainer offers (open to list)"
        browser.click("#sesteps summary")
        browser.wait_for("document.querySelectorAll('#sesteps li').length > 0")
        listed = browser.evaluate(
            "[...document.querySelectorAll('#sesteps li')].map((li) => li.textContent)"
        )
        said = browser.evaluate(summary)
        asked = browser.evaluate("window.posted.filter((m) => m.type === 'steps')")
    assert asked == [{"type": "steps", "step": 0}]
    assert said == "Every step Sudoku Explainer offers at step 0: 17 steps, easiest first"
    assert listed == [step["line"] for step in steps["steps"]]
    assert listed[0] == "Hidden Single in block 7: [8,3]=9 (ER 1.2)" and len(listed) == 17

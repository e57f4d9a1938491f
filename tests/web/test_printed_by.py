"""The page's line typed for the user at the shell's prompt and the lines it printed
(``printedBy`` of web/shell_client.mjs: the Board's ``why`` popover and its list of every step
Sudoku Explainer offers), in Node with the page's own line editor (``printed_by_node.mjs``):
the lines come once the line has run, whether or not the terminal has drawn the prompt it is
typed at (the shell says it waits there before the terminal draws it); none while a command
runs."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.support.helpers import REPO
from tests.web.built import NODE

pytestmark = pytest.mark.skipif(NODE is None, reason="no Node: skipped")


def test_the_lines_a_typed_line_printed_wait_for_it_to_run() -> None:
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(REPO / "tests" / "web" / "printed_by_node.mjs")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "drawn": ["hint se all's first line", "hint se all's second line"],
        "notYetDrawn": ["why [1,1]'s first line", "why [1,1]'s second line"],
        "running": None,
    }

"""The web page's WebMCP tools (``frontends/web_shell``) in CPython, with the
stand-in for the page of test_web_shell.py. A tool call the page sends at the prompt runs on the
page's own session, as the MCP server's session runs it: its lines go to the terminal under a
line naming the call, and its answer to the page; then the prompt again. At the guess question a
call is refused in one line. The list the page registers is the MCP server's, from its one
declaration. tests/web/test_page_browser.py drives the same in Chromium, through its own WebMCP
(``document.modelContext``) and stand-ins on ``document`` and ``navigator``."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

from sudoku_repl.frontends.batch import run_batch
from sudoku_repl.frontends.mcp.tools import TOOLS
from sudoku_repl.frontends.web_shell import run_page, tool_list
from tests.web.built import README_SESSION
from tests.web.test_web_shell import SEED, Page, after_welcome, columns_put_back, typed

pytestmark = pytest.mark.usefixtures("at_repo_root")
__all__ = ["columns_put_back"]  # (its autouse fixture, here too)


def call(number: int, name: str, **arguments: Any) -> str:
    """What the page sends for a tool call."""
    return "M" + json.dumps({"id": number, "name": name, "arguments": arguments})


def answers(page: Page) -> dict[int, Any]:
    return {body["id"]: body for kind, body in page.posts if kind == "tool"}


def test_a_tool_call_runs_on_the_page_s_session(capsys: pytest.CaptureFixture[str]) -> None:
    sent = [call(1, "check_move", move="r2c5=4"), call(2, "step", count=2)]
    sent += [call(3, "check_move", move="r10c1=5"), "Lstep", "Lbye"]
    page = Page(sent)
    repl = run_page(page)
    shown = after_welcome(capsys.readouterr().out)
    said = answers(page)
    # the judge's verdict (docs/agents.md's transcript), in the terminal too
    wrong = "r2c5=4: wrong: with r2c5=4, a digit has no place left in block 2."
    assert said[1]["text"] == wrong and said[1]["data"]["verdict"] == "wrong"
    assert not said[1]["error"]
    # step 2 ran on the page's session: its lines are batch mode's, and the typed step follows
    batch = io.StringIO()
    run_batch(iter(["step 2"]), batch, first=[SEED])
    stepped = batch.getvalue().split("Order please:\nstep 2\n", 1)[1].split("\n\nOrder please:")[0]
    assert said[2]["text"] == stepped and said[2]["data"]["step"] == 2
    assert said[3]["error"] and said[3]["text"].startswith("No cell r10c1")
    assert shown.startswith(
        "Quiz loaded.\n\nOrder please:\n"
        f'[tool call] check_move {{"move": "r2c5=4"}}\n{wrong}\n\nOrder please:\n'
        f'[tool call] step {{"count": 2}}\n{stepped}\n\nOrder please:\n'
        f'[tool call] check_move {{"move": "r10c1=5"}}\n'
    )
    assert repl.session.state().steps == 3  # (the calls' 2, then the step typed)
    # the board goes to the page after each call, and the shell waits at the prompt again
    kinds = [kind for kind, _ in page.posts]
    assert kinds.count("prompting") == shown.count("Order please:") == 5


def test_a_call_at_the_guess_question_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    asks = README_SESSION.index("[6,2]=9")  # (the step before it asks the guess question)
    sent = typed(README_SESSION[:asks]) + [call(1, "step")] + typed(README_SESSION[asks:])
    page = Page(sent)
    run_page(page)
    shown = capsys.readouterr().out
    (refused,) = answers(page).values()
    assert refused["error"] and "guess question" in refused["text"]
    assert "Take a guess please, by default it will be [6,2]=5: [6,2]=9\n" in shown
    assert "[tool call]" not in shown


def test_the_page_s_tools_are_the_mcp_server_s() -> None:
    listed = json.loads(tool_list())
    assert [t["name"] for t in listed] == [
        "load_quiz", "board", "step", "runtil", "run", "goto", "levels", "place", "eliminate",
        "check_move", "hint", "all_steps", "rate", "difficulty", "generate",
    ]  # fmt: skip
    assert all(t["inputSchema"] == tool.schema for t, tool in zip(listed, TOOLS))
    assert all(re.match(r"[A-Z]", t["description"]) for t in listed)


def test_a_long_call_shows_the_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    """r1c1=1 of the seed needs the nested chains, past a budget of 2 s: the progress line says
    the technique under way meanwhile (it comes after half a second of silence)."""
    page = Page([call(1, "check_move", move="r1c1=1", budget=2), "Lbye"])
    run_page(page)
    assert answers(page)[1]["data"] == {"move": "r1c1=1", "verdict": "unproven", "reason": "budget"}
    assert "check_move r1c1=1: trying " in capsys.readouterr().err

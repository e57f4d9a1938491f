"""``sudoku-repl mcp``'s session in process (``frontends/mcp/agent``, no SDK): the
interrupt of a call (the client's cancel, in the server) stops a long rate; arguments no
schema takes are refused; without the SDK, ``sudoku-repl mcp`` says what to install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.mcp import agent
from sudoku_repl.frontends.mcp.agent import AgentSession
from tests.support.helpers import REPO


def test_the_mcp_sessions_rate_stops_at_its_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    """In process: the call's interrupt, raised once the rate has said its progress, stops
    the rating (the server sets it at the client's cancel). Progress is said at every tick
    here (a quarter second apart in the server: the rating may be over sooner)."""
    monkeypatch.setattr(agent, "PROGRESS_EVERY", 0.0)
    hard = (REPO / "puzzles" / "forum_hardest_1905_11plus_sample1000.txt").read_text().split()[0]
    session = AgentSession()
    assert not session.call("load_quiz", {"quiz": hard}).error
    said: list[str] = []
    rated = session.call("rate", {}, lambda: bool(said), said.append)
    assert said and set(said) == {"difficulty of the state at step 1: measuring se"}
    assert rated.text.endswith("Interrupted while measuring se; not measured: se.")


def test_arguments_the_schema_does_not_take_are_refused_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client may send anything: a word of another type, a name not declared, a text with
    blanks where a command splits at blanks; each is one line, nothing runs (no ``--out``
    slipped into a command line writes a file), and the session is as it was."""
    monkeypatch.chdir(tmp_path)
    session = AgentSession()
    assert not session.call("load_quiz", {"quiz": str(REPO / "examples" / "seed.txt")}).error
    refusals = {
        (
            "generate",
            "count",
            "1 --out made.txt",
        ): "generate: count is integer, not '1 --out made.txt'",
        ("step", "bogus", 1): "step takes no argument 'bogus' (its arguments: count)",
        ("step", "count", True): "step: count is integer, not True",
        (
            "difficulty",
            "measures",
            "se --x",
        ): "measures is one word (a comma list: te,b), not 'se --x'",
        ("place", "cell", "[1,1]"): "Not a cell: '[1,1]'; a cell is r4c5 (row 4, column 5)",
    }
    for (name, key, value), line in refusals.items():
        arguments: dict[str, object] = {key: value}
        if name == "place":
            arguments["value"] = 1
        said = session.call(name, arguments)
        assert (said.error, said.text) == (True, line)
    said = session.call("runtil", {})
    assert (said.error, said.text) == (True, "runtil needs steps: a step count")
    assert session.call("board", {}).data["step"] == 1  # (the load works out the candidates)
    assert list(tmp_path.iterdir()) == []


def test_without_the_sdk_one_line_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sudoku_repl.frontends.mcp.main import main_mcp

    monkeypatch.setitem(sys.modules, "mcp", None)  # (an import of it fails, as where absent)
    monkeypatch.delitem(sys.modules, "sudoku_repl.frontends.mcp.server", raising=False)
    assert main_mcp([]) == 1
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1
    assert said[0].startswith(
        "sudoku-repl mcp: the MCP SDK (the mcp package, 2.x) is not installed: pip install "
    )
    assert said[0].endswith("[mcp]'") or said[0].endswith("install mcp")

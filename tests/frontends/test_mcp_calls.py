"""``sudoku-repl mcp``'s calls through the official SDK's client: a cancelled ``generate``
changes nothing (the client's quiz stays loaded, though puzzles were made before the cancel),
nor does a cancelled ``run`` (in process: the engine's run ends before a client's cancel
could come); a text too long to read is refused by its size, in one line, before anything
reads it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.helpers import REPO, extra_missing

pytest.importorskip("mcp", reason=extra_missing("mcp", "The MCP SDK"))

import anyio
from mcp.client import Client

from sudoku_repl.frontends.mcp import agent
from sudoku_repl.frontends.mcp.agent import AgentSession
from tests.frontends.test_mcp_files import SEED_GIVENS, rooted_client
from tests.frontends.test_mcp_server import GUARD, HARD, call, text

#: a progress report of generate's that says a puzzle is kept
KEPT = re.compile(r"generate: made [\d,]+, kept [1-9]")


def test_a_cancelled_generate_changes_nothing(tmp_path: Path) -> None:
    """Cancelled once a puzzle is kept (the shell would load it: Ctrl-C there is seen), the
    call loads nothing: the next call finds the client's quiz as it was."""
    (tmp_path / "seed.txt").write_text((REPO / "examples" / "seed.txt").read_text())

    async def session_run() -> None:
        async with rooted_client(tmp_path, [tmp_path]) as session:
            assert not (await call(session, "load_quiz", quiz="seed.txt")).is_error
            kept = anyio.Event()

            async def progressed(progress: float, total: float | None, message: str | None) -> None:
                if message is not None and KEPT.match(message):
                    kept.set()

            async with anyio.create_task_group() as group:

                async def generate() -> None:
                    await session.call_tool(
                        "generate",
                        {"er": "1.0-2.0", "count": 100_000, "seed": 1},
                        progress_callback=progressed,
                    )
                    raise AssertionError("the generate ended before it was cancelled")

                group.start_soon(generate)
                with anyio.fail_after(GUARD):
                    await kept.wait()
                group.cancel_scope.cancel()
            board = await call(session, "board")
            assert board.structured_content["givens"] == SEED_GIVENS
            assert board.structured_content["step"] == 1  # (the load's: its candidates)

    anyio.run(session_run)


def test_a_cancelled_run_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """In process: the call's interrupt (the server's, set at the client's cancel) raised once
    the run has said its progress, a few steps in; the session is back at the step the call
    began at, as the next call finds it."""
    monkeypatch.setattr(agent, "PROGRESS_EVERY", 0.0)
    session = AgentSession(sealed=False)  # (run is the open mode's)
    assert not session.call("load_quiz", {"quiz": HARD}).error
    before = session.call("step", {"count": 3}).data
    assert before is not None and before["step"] >= 3
    said: list[str] = []
    session.call("run", {}, lambda: len(said) >= 5, said.append)
    # (it had gone on: the fifth report's step is past the one it began at)
    assert len(said) == 5 and int(said[-1].removeprefix("at step ")) > before["step"]
    assert session.call("levels", {}).data == before


def test_a_text_too_long_to_read_is_refused_by_its_size() -> None:
    """A megabyte quiz: one line saying the bound, the session as it was (no quiz loaded)."""
    from sudoku_repl.frontends.mcp.server import make_server

    async def session_run() -> None:
        async with Client(make_server()) as session:
            for name, arguments, said in (
                ("load_quiz", {"quiz": "1" * 1_000_000}, "load_quiz: quiz has 1,000,000"),
                ("generate", {"technique": "x" * 8193}, "generate: technique has 8,193"),
            ):
                with anyio.fail_after(GUARD):
                    refused = await session.call_tool(name, arguments)
                assert refused.is_error
                assert text(refused) == (
                    f"{said} characters; at most 8,192 are read (a quiz is 81, a pencil-mark "
                    "line 729: a longer text goes in a file)."
                )
            board = await session.call_tool("board", {})
            assert board.is_error and text(board) == "No quiz loaded. Use load-quiz <file>."

    anyio.run(session_run)

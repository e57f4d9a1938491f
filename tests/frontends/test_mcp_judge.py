"""``check_move`` and ``hint`` through the official SDK's client, a real ``sudoku-repl mcp`` process: a long
judgement reports the technique it tries to a client that sent a progress token (the test
waits on the report, never on a clock) and stops at the cancel; a judgement past its time
budget answers ``unproven`` for the reason ``budget``; a long ``hint`` reports its search the
same way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import REPO, extra_missing

pytest.importorskip("mcp", reason=extra_missing("mcp", "The MCP SDK"))

import anyio
from mcp import ClientSession

from tests.frontends.test_mcp_server import GUARD, HARD, STOPPED, call, client

SEED = str(REPO / "examples" / "seed.txt")
#: a right move of the seed's givens that only the nested forcing chains make: its judgement
#: takes minutes on the pure build (the test server's)
DEEP = "r1c1=1"


async def first_report(session: ClientSession, name: str, arguments: dict[str, Any]) -> str:
    """The first progress report of a long call, which is then cancelled: the next call is
    answered once it stopped, the session at its step 0."""
    said: list[str] = []
    under_way = anyio.Event()

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        said.append(message or "")
        under_way.set()

    async with anyio.create_task_group() as group:

        async def long_call() -> None:
            await session.call_tool(name, arguments, progress_callback=progressed)
            raise AssertionError(f"{name} ended before it was cancelled")

        group.start_soon(long_call)
        with anyio.fail_after(GUARD):
            await under_way.wait()
        group.cancel_scope.cancel()
    # the next call waits for the cancelled one to stop: well before its end
    with anyio.fail_after(STOPPED):
        board = await session.call_tool("board", {})
    assert board.structured_content["step"] == 0
    return said[0]


def test_a_long_judgement_reports_its_technique_and_stops_at_the_cancel(tmp_path: Path) -> None:
    async def run() -> None:
        async with client(tmp_path) as session:
            assert not (await call(session, "load_quiz", quiz=SEED)).is_error
            said = await first_report(session, "check_move", {"move": DEEP, "budget": 3600})
            assert said.startswith(f"check_move {DEEP}: trying ")

    anyio.run(run)


def test_a_long_hint_reports_its_search(tmp_path: Path) -> None:
    """HARD's first step of Sudoku Explainer is rated 11.1: its search takes minutes on the pure
    build."""

    async def run() -> None:
        async with client(tmp_path) as session:
            assert not (await call(session, "load_quiz", quiz=HARD)).is_error
            said = await first_report(session, "hint", {})
            assert said == "hint se: searching Sudoku Explainer's next step"

    anyio.run(run)


def test_a_judgement_past_its_budget_is_unproven(tmp_path: Path) -> None:
    async def run() -> None:
        async with client(tmp_path) as session:
            assert not (await call(session, "load_quiz", quiz=SEED)).is_error
            out = await call(session, "check_move", move=DEEP, budget=0.001)
            assert not out.is_error
            assert out.structured_content == {
                "move": DEEP,
                "verdict": "unproven",
                "reason": "budget",
            }
            refused = await call(session, "check_move", move=DEEP, budget=0)
            assert refused.is_error

    anyio.run(run)

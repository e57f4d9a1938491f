"""``sudoku-repl mcp`` driven by the official SDK's own client over stdio, a
real subprocess (one, its start being most of the time), through a whole session: load, step,
check_move of a justified, a not yet justified and a wrong move, goto (undo), hint, rate;
malformed arguments refused with the shell's line and the session as it was; a long rate
cancelled once under way; nothing written in the folder it started in."""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import REPO, extra_missing, program_env

pytest.importorskip("mcp", reason=extra_missing("mcp", "The MCP SDK"))

import anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

SEED = REPO / "examples" / "seed.txt"
#: puzzles with their ER beside them (serate's)
DIABOLICAL = REPO / "puzzles" / "se_rated_diabolical2000.txt"
#: a puzzle of ER 11 and more: Sudoku Explainer's rating takes long (the cancelled rate's)
HARD = (REPO / "puzzles" / "forum_hardest_1905_11plus_sample1000.txt").read_text().split()[0]
#: the longest a call may take before the test is called failed (a guard on a hang: every
#: wait below is on what the server says)
GUARD = 120
#: the longest the call after a cancelled one may wait for it to stop (a rate goes on for 60 s)
STOPPED = 30


@asynccontextmanager
async def client(folder: Path) -> AsyncIterator[ClientSession]:
    """A session with ``python -m sudoku_repl mcp`` started in ``folder``."""
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "sudoku_repl", "mcp"],
        # the pure build: Sudoku Explainer's rating of HARD takes minutes there (a second at
        # most natively, which could end before the first progress report); every other
        # call of the session is quick on it too
        env=program_env(SUDOKU_REPL_ENGINE="pure"),
        cwd=folder,
    )
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def call(session: ClientSession, name: str, **arguments: Any) -> Any:
    with anyio.fail_after(GUARD):
        return await session.call_tool(name, arguments)


def text(result: Any) -> str:
    return "\n".join(part.text for part in result.content)


async def first_report(session: ClientSession, name: str, arguments: dict[str, Any]) -> str:
    """The first progress report of a long call, which is then cancelled: the next call is
    answered (it waits for the cancelled one to stop), in the same session, at its step 0."""
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
    # uncancelled, the call would go on to its end (a rate to difficulty's se-timeout, 60 s on
    # the pure build) before this call is taken: answered well before it, the call had stopped
    with anyio.fail_after(STOPPED):
        board = await session.call_tool("board", {})
    assert board.structured_content["step"] == 0
    return said[0]


async def cancelled_rate(session: ClientSession) -> None:
    """A long rate cancelled once it said its progress, its quiz as it was."""
    assert not (await call(session, "load_quiz", quiz=HARD)).is_error
    said = await first_report(session, "rate", {})
    assert said == "difficulty of the state at step 0: measuring se"
    board = await call(session, "board")
    assert board.structured_content["givens"] == HARD.replace(".", "0")


def test_a_whole_session_through_the_sdks_client(tmp_path: Path) -> None:
    quizzes = tmp_path / "quizzes"  # (the client's: under the server's working folder)
    quizzes.mkdir()
    seed, diabolical = (Path(shutil.copy(path, quizzes)) for path in (SEED, DIABOLICAL))

    async def session_run() -> None:
        async with client(tmp_path) as session:
            listed = {tool.name for tool in (await session.list_tools()).tools}
            assert {
                "load_quiz", "board", "step", "runtil", "run", "goto", "levels", "place",
                "eliminate", "check_move", "hint", "rate", "difficulty", "generate",
            } <= listed  # fmt: skip
            loaded = await call(session, "load_quiz", quiz=str(seed))
            assert not loaded.is_error and text(loaded) == "Quiz loaded."
            # r2c5 is 5's only place in block 2 (its other cells are given or see a 5)
            wrong = await call(session, "check_move", move="r2c5=4")
            assert wrong.structured_content["verdict"] == "wrong"
            said = wrong.structured_content["contradiction"]
            assert said == "with r2c5=4, a digit has no place left in block 2"
            # cells and houses are named, never the solution's digit, 5, at r2c5
            assert "5" not in re.sub(r"r\dc\d|(block|row|column) \d", "", said)
            stepped = await call(session, "step", count=2)
            assert stepped.structured_content["step"] == 2
            before = (await call(session, "board")).structured_content
            justified = await call(session, "check_move", move="r2c5=5")
            assert justified.structured_content == {
                "move": "r2c5=5",
                "verdict": "justified",
                "technique": "Hidden Single",
                "rating": 1.2,
            }
            # up to ER 2.0 the techniques place values only: no elimination is justified yet
            not_yet = await call(session, "check_move", move="r1c1<>2", max_er=2.0)
            assert not_yet.structured_content == {"move": "r1c1<>2", "verdict": "not_yet"}
            for name, arguments, line in (
                (
                    "check_move",
                    {"move": "r10c1=5"},
                    "No cell r10c1: rows and columns go from 1 to 9; a move is r4c5=7 (a "
                    "placement) or r4c5<>7 (an elimination)",
                ),
                ("step", {"count": 0}, "step takes a number of steps (1 or more): step [n]"),
                # (a file outside the server's working folder, the client listing no roots:
                # nothing read waits on the client's requests either)
                ("load_quiz", {"quiz": "/dev/stdin"},
                 f"Fail to open quiz file /dev/stdin: it is outside the server's working "
                 f"folder ({tmp_path}), where files are read."),
                ("place", {"cell": "r1c1", "value": 5},
                 "[1,1]=5 breaks a rule: [1,3] in its row holds 5 already"),
            ):  # fmt: skip
                refused = await call(session, name, **arguments)
                assert refused.is_error and text(refused) == line
            assert (await call(session, "board")).structured_content == before
            back = await call(session, "goto", step=1)
            assert back.structured_content["step"] == 1
            hint = await call(session, "hint", level=1)
            # (after the pure build's line, which the shell says once a process)
            assert text(hint).splitlines()[-1] == "Hidden Single (ER 1.2): look at block 2."
            # quiz 3 of the file, rated 7.1 there
            await call(session, "load_quiz", quiz=str(diabolical), number=3)
            rated = await call(session, "rate")
            assert "SE: ER 7.1," in text(rated)
            await cancelled_rate(session)

    anyio.run(session_run)
    assert sorted(tmp_path.rglob("*")) == [quizzes, diabolical, seed]

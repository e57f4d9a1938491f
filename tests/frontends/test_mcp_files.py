"""``sudoku-repl mcp``'s files, through the official SDK's client: a tool reads files under the
client's roots only (else under the server's working folder), whatever the name, ``..`` or
symbolic link; a file that holds no quiz is refused without a word of what it holds."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.helpers import REPO, extra_missing, program_env

pytest.importorskip("mcp", reason=extra_missing("mcp", "The MCP SDK"))

import anyio
import mcp.types as types
from mcp import ClientSession
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.frontends.test_mcp_server import call, text

SEED = (REPO / "examples" / "seed.txt").read_text()
#: its givens, as the board gives them
SEED_GIVENS = "".join(line.replace(" ", "") for line in SEED.splitlines()[1:] if line.strip())
#: what a credentials file holds: never in an answer
SECRET = "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"


@asynccontextmanager
async def rooted_client(folder: Path, roots: Sequence[Path]) -> AsyncIterator[ClientSession]:
    """A session with ``python -m sudoku_repl mcp`` started in ``folder``, over stdio with the
    handshake, the client listing ``roots`` as its roots."""

    async def listed(context: Any) -> types.ListRootsResult:
        return types.ListRootsResult(
            roots=[types.Root(uri=root.as_uri(), name=root.name) for root in roots]
        )

    server = StdioServerParameters(
        command=sys.executable, args=["-m", "sudoku_repl", "mcp"], env=program_env(), cwd=folder
    )
    async with (
        stdio_client(server) as (read, write),
        ClientSession(read, write, list_roots_callback=listed) as session,
    ):
        await session.initialize()
        yield session


def places(tmp_path: Path) -> tuple[Path, Path]:
    """A root holding a quiz, a credentials file and links out, beside a folder it does not
    hold with a credentials file: (the root, the folder outside)."""
    root, out = tmp_path / "root", tmp_path / "out"
    root.mkdir()
    out.mkdir()
    (root / "seed.txt").write_text(SEED)
    (root / "credentials").write_text(f"[default]\n{SECRET}\n")
    (out / "credentials").write_text(f"{SECRET}\n")
    (out / "seed.txt").write_text(SEED)
    (root / "out_link").symlink_to(out / "credentials")
    (root / "quiz_link").symlink_to(out / "seed.txt")
    return root, out


def assert_refused(result: Any, line: str) -> None:
    assert result.is_error, text(result)
    assert text(result) == line
    assert "wJalr" not in text(result)


def test_load_quiz_reads_under_the_clients_roots_only(tmp_path: Path) -> None:
    root, out = places(tmp_path)
    outside = f"it is outside the client's roots ({root}), where files are read."

    async def session_run() -> None:
        async with rooted_client(tmp_path, [root]) as session:
            assert text(await call(session, "load_quiz", quiz=str(root / "seed.txt"))) == (
                "Quiz loaded."
            )
            # a name relative to the server's working folder, inside the root
            assert not (await call(session, "load_quiz", quiz="root/seed.txt")).is_error
            for name in (
                str(out / "credentials"),
                "root/../out/credentials",
                "out/seed.txt",
                "root/out_link",
                "root/quiz_link",
                "/proc/self/environ",
                "/etc/passwd",
                str(out / "no_such_file"),
            ):
                refused = await call(session, "load_quiz", quiz=name)
                assert_refused(refused, f"Fail to open quiz file {name}: {outside}")
            refused = await call(session, "load_quiz", quiz="root/credentials")
            assert_refused(
                refused,
                "root/credentials is no quiz file: its line 1 holds no quiz (what it holds is "
                "not shown); a quiz file holds puzzles (81 characters of 0-9 or . a line, or "
                "729: a pencil-mark line), a grid of nine lines, or another of the formats "
                "load-quiz reads (docs/commands.md).",
            )
            board = await call(session, "board")
            assert board.structured_content["givens"] == SEED_GIVENS

    anyio.run(session_run)


def test_without_roots_the_server_reads_under_its_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The SDK's client in process, on the modern protocol (the server asks nothing of a
    client that lists no roots): the working folder is the one place files are read."""
    from sudoku_repl.frontends.mcp.server import make_server

    root, out = places(tmp_path)
    monkeypatch.chdir(root)
    outside = f"it is outside the server's working folder ({root}), where files are read."

    async def session_run() -> None:
        async with Client(make_server()) as session:
            assert not (await session.call_tool("load_quiz", {"quiz": "seed.txt"})).is_error
            for name in ("../out/credentials", "out_link", "/etc/passwd"):
                refused = await session.call_tool("load_quiz", {"quiz": name})
                assert_refused(refused, f"Fail to open quiz file {name}: {outside}")
            refused = await session.call_tool("load_quiz", {"quiz": "credentials", "number": 2})
            assert refused.is_error and "wJalr" not in text(refused)
            assert text(refused).startswith("credentials is no quiz file: its line 1 holds")
            # a quiz put first, a secret after it: the quiz asked for is read, nothing quoted
            (root / "mixed.txt").write_text(f"{SEED_GIVENS}\n{SECRET}\n")
            assert not (await session.call_tool("load_quiz", {"quiz": "mixed.txt"})).is_error
            refused = await session.call_tool("load_quiz", {"quiz": "mixed.txt", "number": 2})
            assert refused.is_error and "wJalr" not in text(refused)
            assert text(refused).startswith("mixed.txt is no quiz file: its line 2 holds no quiz")

    anyio.run(session_run)


def test_the_modern_protocol_asks_the_clients_roots_within_the_call(tmp_path: Path) -> None:
    """On the modern protocol the roots come in the call's second round (input_required)."""
    from sudoku_repl.frontends.mcp.server import make_server

    root, out = places(tmp_path)

    async def listed(context: Any) -> types.ListRootsResult:
        return types.ListRootsResult(roots=[types.Root(uri=root.as_uri(), name="root")])

    async def session_run() -> None:
        async with Client(make_server(), list_roots_callback=listed) as session:
            loaded = await session.call_tool("load_quiz", {"quiz": str(root / "seed.txt")})
            assert text(loaded) == "Quiz loaded."
            refused = await session.call_tool("load_quiz", {"quiz": str(out / "seed.txt")})
            assert_refused(
                refused,
                f"Fail to open quiz file {out / 'seed.txt'}: it is outside the client's roots "
                f"({root}), where files are read.",
            )

    anyio.run(session_run)

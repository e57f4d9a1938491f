"""The MCP SDK's side of ``sudoku-repl mcp``: the low-level ``Server`` of the official
SDK (``mcp`` 2.x) over stdio, its tools listed from ``tools.TOOLS`` and each call answered by the
connection's ``AgentSession`` in a worker thread. A client's progress token gets a report every
quarter second of a long call (the steps, the measure under way); a client's cancel sets the
call's interrupt, which the stepping loop and the ratings poll, and the next call waits for it
to stop. The only module that imports the SDK."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from sudoku_repl.core.version import installed
from sudoku_repl.frontends.mcp.agent import AgentSession
from sudoku_repl.frontends.mcp.tools import TOOLS
from sudoku_repl.text.files import reserve

NAME = "sudoku-repl"
INSTRUCTIONS = (
    "A stepping debugger for a Sudoku solver. load_quiz first; board shows the candidates; "
    "check_move judges a move (r4c5=7, r4c5<>7) without revealing the solution; place and "
    "eliminate make one; goto an earlier step undoes; hint names the next technique."
)


@asynccontextmanager
async def _one_session(server: Server[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
    """A connection's session (stdio: one a process, so one a client)."""
    yield {"agent": AgentSession()}


async def _list_tools(
    ctx: ServerRequestContext[dict[str, Any]], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[
            types.Tool(name=tool.name, description=tool.description, input_schema=tool.schema)
            for tool in TOOLS
        ]
    )


async def _call_tool(
    ctx: ServerRequestContext[dict[str, Any]], params: types.CallToolRequestParams
) -> types.CallToolResult:
    agent: AgentSession = ctx.lifespan_context["agent"]
    cancelled = threading.Event()
    done = 0

    def progress(message: str) -> None:
        """From the worker thread: a report to the client (none once cancelled)."""
        nonlocal done
        if not cancelled.is_set():
            done += 1
            anyio.from_thread.run(ctx.session.report_progress, done, None, message)

    work = partial(agent.call, params.name, params.arguments or {}, cancelled.is_set, progress)
    try:
        answer = await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
    except anyio.get_cancelled_exc_class():
        cancelled.set()  # the work stops at its next poll; the next call waits for it
        raise
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=answer.text)],
        structured_content=answer.data,
        is_error=answer.error,
    )


def make_server() -> Server[dict[str, Any]]:
    """The server, its tools declared."""
    return Server(
        NAME,
        version=installed(),
        instructions=INSTRUCTIONS,
        lifespan=_one_session,
        on_list_tools=_list_tools,
        on_call_tool=_call_tool,
    )


async def serve() -> None:
    """Serve one client on stdin and stdout until it closes them."""
    server = make_server()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run() -> None:
    """Serve on stdin and stdout, which no command reads or writes, by any name
    (``text/files.reserve``: a quiz read from ``/dev/stdin`` would eat the client's requests);
    and, as the debug adapter, a command reads regular files only (nothing sends Ctrl-C)."""
    streams = {
        0: "the MCP server's input (the client's requests)",
        1: "the MCP server's output (its answers to the client)",
    }
    with reserve(streams, files_only="the MCP server"):
        anyio.run(serve)

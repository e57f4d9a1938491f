"""The MCP SDK's side of ``sudoku-repl mcp`` (issue 75): the low-level ``Server`` of the official
SDK (``mcp`` 2.x) over stdio, its tools listed from ``tools.TOOLS`` and each call answered by the
connection's ``AgentSession`` in a worker thread. A client's progress token gets a report every
quarter second of a long call (the steps, the measure under way); a client's cancel sets the
call's interrupt, which the stepping loop and the ratings poll, and the next call waits for it
to stop. Sealed (the default) or open, as ``sudoku-repl mcp [--open]`` asks; its instructions
say what its answers reveal. The only module that imports the SDK."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
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
_TOOLS_SAID = (
    "A stepping debugger for a Sudoku solver. load_quiz first (its candidates are worked out "
    "at once); board shows them; place and eliminate make a move (r4c5); goto an earlier step "
    "undoes; hint names Sudoku Explainer's next step; check_move judges a move (r4c5=7, "
    "r4c5<>7) "
)
#: the server's instructions, by mode: what its answers reveal
INSTRUCTIONS = {
    True: _TOOLS_SAID
    + "by Sudoku Explainer's techniques alone: justified or wrong names the technique that "
    "makes it or rules it out, unproven says neither, whether the move is right or not. "
    "Sealed mode: no answer shows the solution (run, a walk past the solver's first guess, the "
    "measures naming its values, a measure of a state with moves by hand are refused), but "
    "hint and check_move say what the techniques deduce from the state.",
    False: _TOOLS_SAID
    + "against the solution: not_yet says a move is right, wrong that it is not. Open mode "
    "(for reinforcement learning and debugging): run, every step and every measure answer, "
    "so the solution is there to read.",
}


def _one_session(
    sealed: bool,
) -> Callable[[Server[dict[str, Any]]], AbstractAsyncContextManager[dict[str, Any]]]:
    """A connection's session (stdio: one a process, so one a client), sealed or open."""

    @asynccontextmanager
    async def session(server: Server[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
        yield {"agent": AgentSession(sealed=sealed)}

    return session


async def _list_tools(
    ctx: ServerRequestContext[dict[str, Any]], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[
            types.Tool(
                name=tool.name,
                description=tool.description,
                input_schema=tool.schema,
                output_schema=tool.output_schema,
            )
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


def make_server(sealed: bool = True) -> Server[dict[str, Any]]:
    """The server, its tools declared; ``sealed``: its sessions answer nothing that shows the
    solution (``frontends/mcp/sealed``)."""
    return Server(
        NAME,
        version=installed(),
        instructions=INSTRUCTIONS[sealed],
        lifespan=_one_session(sealed),
        on_list_tools=_list_tools,
        on_call_tool=_call_tool,
    )


async def serve(sealed: bool) -> None:
    """Serve one client on stdin and stdout until it closes them."""
    server = make_server(sealed)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run(sealed: bool = True) -> None:
    """Serve on stdin and stdout, which no command reads or writes, by any name
    (``text/files.reserve``: a quiz read from ``/dev/stdin`` would eat the client's requests);
    and, as the debug adapter, a command reads regular files only (nothing sends Ctrl-C)."""
    streams = {
        0: "the MCP server's input (the client's requests)",
        1: "the MCP server's output (its answers to the client)",
    }
    with reserve(streams, files_only="the MCP server"):
        anyio.run(serve, sealed)

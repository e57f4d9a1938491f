"""The MCP SDK's side of ``sudoku-repl mcp``: the low-level ``Server`` of the official
SDK (``mcp`` 2.x) over stdio, its tools listed from ``tools.TOOLS`` and each call answered by the
connection's ``AgentSession`` in a worker thread. A client's progress token gets a report every
quarter second of a long call (the steps, the measure under way); a client's cancel sets the
call's interrupt, which the stepping loop and the ratings poll, and the next call waits for it
to stop. A tool that reads a file the client names reads it under the client's roots (asked at
each such call: ``roots/list`` on a connection that took the handshake, an ``input_required``
round of the call on one of the modern protocol), else under the server's working folder.
Sealed (the default) or open, as ``sudoku-repl mcp [--open]`` asks; its instructions say what
its answers reveal. The only module that imports the SDK."""

from __future__ import annotations

import os
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import partial
from typing import Any
from urllib.parse import urlparse

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server

from sudoku_repl.core.version import installed
from sudoku_repl.frontends.mcp.agent import AgentSession, Folders
from sudoku_repl.frontends.mcp.tools import BY_NAME, TOOLS
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


#: the client's capability of listing its roots
_ROOTS = types.ClientCapabilities(roots=types.RootsCapability())


async def _folders(
    ctx: ServerRequestContext[dict[str, Any]], params: types.CallToolRequestParams
) -> Folders | types.InputRequiredResult:
    """The folders a call reads files under: the client's roots where it lists them (its
    ``file:`` ones; a client with none gets no file), else the server's working folder. On the
    modern protocol the call's first round asks for them (an ``InputRequiredResult``), its
    second has them."""
    if not ctx.session.check_client_capability(_ROOTS):
        return Folders((os.getcwd(),), "the server's working folder")
    if ctx.protocol_version in types.version.MODERN_PROTOCOL_VERSIONS:
        answered = (params.input_responses or {}).get("roots")
        if answered is None:
            return types.InputRequiredResult(input_requests={"roots": types.ListRootsRequest()})
        if not isinstance(answered, types.ListRootsResult):
            raise ValueError("the answer to roots/list is no list of roots")
        listed = answered
    else:
        listed = await ctx.session.send_request(types.ListRootsRequest(), types.ListRootsResult)
    from urllib.request import url2pathname  # (its import is slow: where roots are listed)

    places = [urlparse(str(root.uri)) for root in listed.roots]
    paths = tuple(url2pathname(place.path) for place in places if place.scheme == "file")
    return Folders(paths, "the client's roots")


async def _call_tool(
    ctx: ServerRequestContext[dict[str, Any]], params: types.CallToolRequestParams
) -> types.CallToolResult | types.InputRequiredResult:
    agent: AgentSession = ctx.lifespan_context["agent"]
    tool = BY_NAME.get(params.name)
    folders = None
    if tool is not None and tool.reads_files:
        try:
            asked = await _folders(ctx, params)
        except Exception as e:  # (the client's answer: whatever it is, one line)
            return _error(
                f"{tool.name}: the client's roots, where files are read, are not known: {e}"
            )
        if isinstance(asked, types.InputRequiredResult):
            return asked
        folders = asked
    cancelled = threading.Event()
    done = 0

    def progress(message: str) -> None:
        """From the worker thread: a report to the client (none once cancelled)."""
        nonlocal done
        if not cancelled.is_set():
            done += 1
            anyio.from_thread.run(ctx.session.report_progress, done, None, message)

    work = partial(
        agent.call, params.name, params.arguments or {}, cancelled.is_set, progress, folders
    )
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


def _error(line: str) -> types.CallToolResult:
    """A call refused in one line."""
    return types.CallToolResult(content=[types.TextContent(type="text", text=line)], is_error=True)


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

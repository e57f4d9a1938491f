"""``sudoku-repl mcp``: the Model Context Protocol server on stdin and stdout (docs/agents.md),
for an assistant's client (Claude Desktop, VS Code, any MCP client). Without the extra ``mcp``
it says in one line what to install. Exit status 0 when the client went away, 1 without the
SDK, 2 for a bad command line."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from sudoku_repl.core.errors import UserError
from sudoku_repl.frontends.mcp.sealed import OPEN

PROG = "sudoku-repl mcp"


def missing() -> str:
    """The line said where the SDK is wanted and absent, with what to type to have it."""
    from sudoku_repl.tools.extras import install_command

    return (
        f"{PROG}: the MCP SDK (the mcp package, 2.x) is not installed: "
        f"{install_command('mcp', 'mcp')}"
    )


def main_mcp(argv: Sequence[str]) -> int:
    from sudoku_repl.text.args import ArgumentParser

    parser = ArgumentParser(
        prog=PROG,
        description="Serve the debugger's tools (load_quiz, step, goto, check_move, hint, "
        "rate...) over the Model Context Protocol on stdin/stdout, one session a client "
        "(docs/agents.md). Nothing is written outside the folder it starts in. Sealed by "
        "default: no answer shows the solution.",
        after=f" (see {PROG} --help)",
    )
    parser.add_argument(
        OPEN,
        action="store_true",
        help="the open mode, for reinforcement learning and debugging: check_move judges "
        "against the solution (not_yet, wrong), run and every measure answer",
    )
    try:
        options = parser.parse_args(list(argv))
    except UserError as e:
        print(e.line if e.line.startswith(PROG) else f"{PROG}: {e.line}", file=sys.stderr)
        return 2
    try:
        from sudoku_repl.frontends.mcp.server import run
    except ModuleNotFoundError as e:
        if e.name is None or e.name.partition(".")[0] not in ("mcp", "mcp_types", "anyio"):
            raise
        print(missing(), file=sys.stderr)
        return 1
    try:
        run(sealed=not options.open)
    except KeyboardInterrupt:
        return 130
    return 0

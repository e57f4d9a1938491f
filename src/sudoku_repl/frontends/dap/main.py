"""``sudoku-repl dap``: the Debug Adapter Protocol server (docs/dap.md). On stdin and stdout by
default; ``--port N`` on 127.0.0.1 (0: a free port, said on stderr); ``--log FILE``: every
message both ways. Exit status 0 when the client went away, 2 for a bad command line.
``--check FILE`` serves nothing: it prints the quiz file's problems as JSON, for an editor's
diagnostics (``text/quiz_check.py``; ``--stdin``: the text read from stdin, as edited)."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Sequence
from typing import BinaryIO, TextIO

from sudoku_repl.core.errors import UserError, file_error

PROG = "sudoku-repl dap"


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The options; a bad command line is one ``UserError`` line (no usage block), as the other
    subcommands say it."""
    from sudoku_repl.text.args import ArgumentParser, count_type

    parser = ArgumentParser(
        prog=PROG,
        description="Serve the Debug Adapter Protocol on stdin/stdout (or a TCP port) for an "
        "editor: VS Code, nvim-dap, Emacs dape... (docs/dap.md).",
        after=f" (see {PROG} --help)",
    )
    parser.add_argument(
        "--port", type=count_type(0, 65535), metavar="N",
        help="listen on 127.0.0.1:N for one client instead (0: a free port, said on stderr)",
    )  # fmt: skip
    parser.add_argument(
        "--log", metavar="FILE",
        help="append every message both ways to FILE (a new file, or a log: never a symbolic "
        "link to a file, nor a file that is not a log)",
    )  # fmt: skip
    parser.add_argument(
        "--check", metavar="FILE",
        help="serve nothing: print what load-quiz would refuse in FILE, placed, as JSON "
        '{"problems": [{"line", "column", "endColumn", "message"}]} (none: an empty list)',
    )  # fmt: skip
    parser.add_argument(
        "--stdin", action="store_true", help="with --check: FILE's text is read from stdin"
    )
    args = parser.parse_args(list(argv))
    if args.stdin and args.check is None:
        parser.error("--stdin goes with --check FILE")
    return args


def main_dap(argv: Sequence[str]) -> int:
    try:
        args = parse(argv)
        if args.check is not None:
            return check(args.check, args.stdin)
        log: TextIO | None = None
        if args.log is not None:
            from sudoku_repl.frontends.dap.log import open_log
            from sudoku_repl.frontends.dap.server import INPUT, OUTPUT

            # on stdio, the protocol's streams are no log (on a port, they are not the
            # protocol's)
            protocol = () if args.port is not None else ((0, INPUT), (1, OUTPUT))
            log = open_log(args.log, protocol)
    except UserError as e:
        print(e.line if e.line.startswith(PROG) else f"{PROG}: {e.line}", file=sys.stderr)
        return 2
    from sudoku_repl.assembly import register_commands
    from sudoku_repl.frontends.dap.server import serve, serve_port

    register_commands()
    try:
        if args.port is not None:
            serve_port(args.port, log)
        else:
            serve(*protocol_streams(), log, guard=True)
    except KeyboardInterrupt:
        return 130
    except OSError as e:  # the port is taken, say
        print(f"{PROG}: {e.strerror or e}", file=sys.stderr)
        return 1
    finally:
        if log is not None:
            with contextlib.suppress(OSError, ValueError):  # (a log that failed was said)
                log.close()
    return 0


def check(name: str, stdin: bool) -> int:
    """``--check``: the problems of quiz file ``name`` (its text from stdin with ``stdin``) as
    one line of JSON; status 0, or 1 when the file cannot be read (said on stderr)."""
    import json

    from sudoku_repl.text.files import open_input
    from sudoku_repl.text.quiz_check import quiz_problems
    from sudoku_repl.text.quiz_files import bounded_lines

    try:
        if stdin:
            text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace",
                                    newline="")  # fmt: skip
            lines = list(bounded_lines(text))
        else:
            with open_input(name) as f:
                lines = list(bounded_lines(f))
    except (OSError, ValueError) as e:
        print(f"sudoku-repl dap: {file_error('cannot read the quiz', name, e)}", file=sys.stderr)
        return 1
    problems = [p.json() for p in quiz_problems(lines, name)]
    print(json.dumps({"problems": problems}, ensure_ascii=False))
    return 0


def protocol_streams() -> tuple[BinaryIO, BinaryIO]:
    """stdin and a copy of stdout as byte streams; from here what is written to file
    descriptor 1 (a C library, a child process) goes to stderr, never into the protocol. The
    input ends when the output breaks (``WatchedInput``)."""
    from sudoku_repl.frontends.dap.server import WatchedInput

    writer = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    reader = io.BufferedReader(WatchedInput(sys.stdin.fileno(), writer.fileno()))
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    return reader, writer

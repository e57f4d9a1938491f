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

from sudoku_repl.core.errors import file_error


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="sudoku-repl dap",
        description="Serve the Debug Adapter Protocol on stdin/stdout (or a TCP port) for an "
        "editor: VS Code, nvim-dap, Emacs dape... (docs/dap.md).",
    )
    parser.add_argument(
        "--port", type=int, metavar="N",
        help="listen on 127.0.0.1:N for one client instead (0: a free port, said on stderr)",
    )  # fmt: skip
    parser.add_argument("--log", metavar="FILE", help="write every message both ways to FILE")
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
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error(f"--port is 0..65535, not {args.port}")
    return args


def main_dap(argv: Sequence[str]) -> int:
    args = parse(argv)
    if args.check is not None:
        return check(args.check, args.stdin)
    log: TextIO | None = None
    if args.log is not None:
        try:
            log = open(args.log, "a", encoding="utf-8")  # noqa: SIM115 (open to the end)
        except (OSError, ValueError) as e:
            print(f"sudoku-repl dap: {file_error('cannot write the log', args.log, e)}",
                  file=sys.stderr)  # fmt: skip
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
        print(f"sudoku-repl dap: {e.strerror or e}", file=sys.stderr)
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

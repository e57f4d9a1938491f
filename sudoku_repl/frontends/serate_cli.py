"""``sudoku-repl serate [serate's options] [puzzle ...]``: serate v1.15.10's command line
(SukakuExplainer), for the scripts written around it: its options (``serate_options``), its
formats (``serate_format``), its output byte for byte but for times, the ratings this
project's (``serate_rate``), in ``--threads`` worker processes of ``rate``'s pool.

A puzzle's lines are written, and flushed, as soon as it and those before it are rated: Ctrl-C
stops with them written (exit status 130), and a kill loses none of them.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from functools import partial
from typing import BinaryIO

from sudoku_repl.core.errors import UserError, file_error, os_reason
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.tools.rate_pool import StopFlag, in_order
from sudoku_repl.tools.serate_format import check, time_text
from sudoku_repl.tools.serate_options import (
    VERSION,
    SerateArgs,
    TechsListed,
    parse,
    techs_list,
    usage,
)
from sudoku_repl.tools.serate_rate import rate_lines

PROG = "sudoku-repl serate"
# serate's lines end at \n, \r or \r\n (Java's readLine)
_LINE_END = re.compile(r"\r\n|\r|\n")


def main_serate(argv: Sequence[str], interrupted: Callable[[], bool] = lambda: False) -> int:
    """0 done, 1 output failed, 2 bad command line or unreadable input, 3 ``--techs=`` (its
    list, as serate), 130 interrupted (the puzzles rated before it are written)."""
    if list(argv[:1]) in (["--help"], ["-help"]):
        sys.stdout.write(usage())
        return 0
    try:
        args = parse(list(argv))
        if args.help:
            sys.stdout.write(usage())
            return 0
        if args.version:
            print(VERSION)
            return 0
        for section, fmt in (
            ("start", args.start), ("before", args.before), ("after", args.after),
            ("format", args.format),
        ):  # fmt: skip
            check(section, fmt)
        lines = _lines(args)
    except TechsListed:
        sys.stderr.write(techs_list())
        return 3
    except UserError as e:
        print(f"{PROG}: {e.line}", file=sys.stderr, flush=True)
        return 2
    sys.stdout.write(args.show_arguments)
    sys.stdout.flush()
    stop = StopFlag()
    with on_sigint(stop.set):
        if interrupted():
            stop.set()
        return _rate(args, lines, stop)


def _lines(args: SerateArgs) -> list[str]:
    """The puzzle lines: the input's (the operands are then not read, as in serate) or the
    operands; only the first 81 characters or more are rated (serate passes over the others)."""
    if args.input is None:
        return list(args.puzzles)
    try:
        if args.input == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.input, "rb") as f:
                data = f.read()
    except OSError as e:
        raise UserError(file_error("Cannot read", args.input, os_reason(e))) from None
    text = data.decode("utf-8", "surrogateescape")
    found = _LINE_END.split(text)
    if found and found[-1] == "":
        found.pop()
    return found


def _rate(args: SerateArgs, lines: list[str], stop: StopFlag) -> int:
    began = time.monotonic()
    puzzles = [line for line in lines if len(line) >= 81]
    try:
        out = _open(args.output)
    except UserError as e:
        print(f"{PROG}: {e.line}", file=sys.stderr, flush=True)
        return 2
    work = partial(rate_lines, args=args)
    payloads = [(line, ordinal) for ordinal, line in enumerate(puzzles, 1)]
    written = 0
    try:
        with closing(in_order(payloads, work, args.threads, stop)) as batches:
            for batch in batches:
                out.write("".join(text for _, text in batch).encode("utf-8", "surrogateescape"))
                out.flush()
                written += len(batch)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        return 1
    except OSError as e:
        print(f"{PROG}: {file_error('Cannot write', args.output, os_reason(e))}", file=sys.stderr)
        return 1
    finally:
        if out is not sys.stdout.buffer:
            out.close()
    if args.total_time:
        print("totalTime: " + time_text(int((time.monotonic() - began) * 1000)), flush=True)
    if written < len(puzzles):
        print(
            f"{PROG}: interrupted: {written} of {len(puzzles)} puzzles rated (their lines are "
            "written)",
            file=sys.stderr,
        )
        return 130
    return 130 if stop() else 0


def _open(path: str) -> BinaryIO:
    if path == "-":
        return sys.stdout.buffer
    try:
        return open(path, "wb")  # (closed by the caller)
    except OSError as e:
        raise UserError(file_error("Cannot write", path, os_reason(e))) from None

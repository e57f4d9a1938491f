"""``sudoku-repl``: the command line. Batch mode when stdin is not a terminal or with -x / -c."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Iterator, Sequence

from sudoku_repl import __version__
from sudoku_repl.assembly import register_all
from sudoku_repl.commands.dispatch import Repl, open_script
from sudoku_repl.core.errors import PATH, UserError, os_reason, shown
from sudoku_repl.frontends.batch import run_batch
from sudoku_repl.frontends.interrupts import InterruptFlag
from sudoku_repl.text.scripts import NotAScript


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sudoku-repl",
        description="An interactive stepping debugger for a Sudoku solver (SudokuSolver 2.6).",
        epilog="sudoku-repl rate FILE [options]: rate every quiz of a file (steps, biggest "
        "level, solutions); see sudoku-repl rate --help.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku-repl {__version__}")
    parser.add_argument("quiz", nargs="?", help="a quiz file (or 81-character quiz) to load first")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-x", metavar="FILE", dest="script", help="run the commands of FILE")
    group.add_argument("-c", metavar="COMMANDS", dest="commands", help='run "cmd; cmd; ..."')
    group.add_argument(
        "--tui",
        action="store_true",
        help="full-screen mode: the board, the trace, the guess levels and a command line",
    )
    return parser


def _stdin_lines() -> Iterator[str]:
    stream = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace", newline="")
    return iter(stream)


def _lenient_output() -> None:
    """Lines that quote what the user typed may hold bytes that are not text: never let them
    end the shell on a terminal with a strict encoding."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    _lenient_output()
    words = list(sys.argv[1:] if argv is None else argv)
    register_all()
    if words[:1] == ["rate"]:  # `sudoku-repl rate FILE ...`: rating a whole file (rate.py)
        from sudoku_repl.frontends.rate_cli import main_rate

        return main_rate(words[1:])
    args = _parser().parse_args(argv)
    first = [f"load-quiz {args.quiz}"] if args.quiz else []
    if args.tui:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            print("sudoku-repl: --tui needs a terminal", file=sys.stderr)
            return 2
        from sudoku_repl.frontends.tui import run_tui

        run_tui(first)
        return 0
    lines: Iterator[str] | None = None
    if args.commands is not None:
        lines = iter(part.strip() for part in args.commands.split(";"))
    elif args.script is not None:
        try:
            lines = open_script(args.script)
        except (OSError, ValueError) as e:
            print(
                f"sudoku-repl: cannot read {shown(args.script, PATH)}: {os_reason(e)}",
                file=sys.stderr,
            )
            return 2
        except NotAScript as e:  # a quiz, a binary file: a bad command line
            print(f"sudoku-repl: {e.line}", file=sys.stderr)
            return 2
    elif not sys.stdin.isatty():
        lines = _stdin_lines()
    try:
        if lines is None:
            from sudoku_repl.frontends.shell import run_interactive

            repl = run_interactive(first)
        else:
            flag = InterruptFlag()
            with flag.catching():
                repl = run_batch(lines, sys.stdout, first=first, interrupted=flag)
    except KeyboardInterrupt:
        return 130
    except UserError as e:  # the script could not be read to its end
        print(f"sudoku-repl: {e.line}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return _report(repl, batch=lines is not None)


NAMED = 10  # failed commands named in the summary; the rest are counted


def _report(repl: Repl, batch: bool) -> int:
    if not batch or not repl.failures:
        return 0
    named = [shown(line, 60) for line in repl.failures[:NAMED]]
    if len(repl.failures) > NAMED:
        named.append(f"and {len(repl.failures) - NAMED} more")
    failed = "; ".join(named)
    print(f"sudoku-repl: {len(repl.failures)} command(s) failed: {failed}", file=sys.stderr)
    return 1

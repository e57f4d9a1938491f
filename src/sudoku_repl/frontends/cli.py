"""``sudoku-repl``: the command line. Batch mode when stdin is not a terminal or with -x / -c."""

from __future__ import annotations

import io
import os
import sys

from sudoku_repl.assembly import register_commands
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.errors import PATH, UserError, os_reason, shown
from sudoku_repl.frontends.batch import run_batch
from sudoku_repl.frontends.interrupts import InterruptFlag, on_sigint
from sudoku_repl.frontends.options import parse

TYPE_CHECKING = False  # not typing's: start-up does not import typing (nor collections)
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from sudoku_repl.frontends.subcommands import Subcommand


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
    unknown_engine = _unknown_engine()
    if unknown_engine is not None:  # the default runs: said once, before anything else
        print(f"sudoku-repl: {unknown_engine}", file=sys.stderr)
    words = list(sys.argv[1:] if argv is None else argv)
    sub = _subcommand(words)
    if (
        sub is not None
    ):  # `sudoku-repl rate|serate|generate|difficulty|dap ...` (frontends/subcommands)
        return _run_subcommand(sub, words[1:])
    register_commands()  # the run modes come before the first command that needs the engine
    args = parse(words)
    first = [f"load-quiz {_quoted(args.quiz)}"] if args.quiz else []
    if args.number is not None:
        if not (args.number.isascii() and args.number.isdigit() and int(args.number) >= 1):
            print(
                f"sudoku-repl: the quiz number is a whole number from 1, not "
                f"{shown(args.number)!r}: sudoku-repl FILE N loads quiz N of FILE",
                file=sys.stderr,
            )
            return 2
        first = [f"{first[0]} {int(args.number)}"]
    if args.tui:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            print("sudoku-repl: --tui needs a terminal", file=sys.stderr)
            return 2
        from sudoku_repl.frontends.tui.app import run_tui

        with on_sigint(_ignored, last=True):  # (the screen's own handler within)
            run_tui(first)
        return 0
    lines: Iterator[str] | None = None
    if args.commands is not None:
        lines = iter(part.strip() for part in args.commands.split(";"))
    elif args.script is not None:
        from sudoku_repl.commands.script_files import open_script
        from sudoku_repl.text.scripts import NotAScript

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
            repl = _interactive(first)
        else:
            from sudoku_repl.frontends.standard_output import writing

            flag = InterruptFlag()
            with flag.catching(last=True), writing():
                repl = run_batch(
                    lines, sys.stdout, first=first, interrupted=flag, script=args.script
                )
    except KeyboardInterrupt:
        return 130
    except UserError as e:  # the script could not be read to its end
        print(f"sudoku-repl: {e.line}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        from sudoku_repl.frontends.standard_output import drop

        drop()
        return 1
    return _report(repl, batch=lines is not None)


def _subcommand(words: list[str]) -> Subcommand | None:
    """The subcommand the first word names, if any: their table is read only where the first
    word could name one, not an option (``-c bye`` does without it)."""
    if not words or words[0].startswith("-"):
        return None
    from sudoku_repl.frontends.subcommands import subcommand

    return subcommand(words)


def _unknown_engine() -> str | None:
    """The line for a ``SUDOKU_REPL_ENGINE`` that names no build (``engine_choice.unknown``),
    its module read only where the variable is set (``-c bye`` does without
    it)."""
    if "SUDOKU_REPL_ENGINE" not in os.environ:  # (engine_choice.ENV)
        return None
    from sudoku_repl.core import engine_choice

    return engine_choice.unknown()


def _run_subcommand(sub: Subcommand, argv: list[str]) -> int:
    """A subcommand's ``main`` on ``argv``: its status. Where it keeps an early Ctrl-C
    (``early``), one that comes while its modules load is kept for it, not a traceback, and one
    after its summary is status 130, nothing else (ignored to the end: ``last``)."""
    if not sub.early:
        return sub.load()(argv)
    early = InterruptFlag()
    with early.catching(last=True):
        status = sub.load()(argv, early)  # (which registers everything it needs)
    return 130 if early() else status


def _quoted(word: str) -> str:
    """``word`` quoted for a command line (``shlex``, and ``re`` with it, imported only when
    a quiz is named: ``sudoku-repl -c bye`` does without them)."""
    import shlex

    return shlex.quote(word)


def _interactive(first: list[str]) -> Repl:
    """The interactive shell. The terminal is held from here (``TerminalMode.hold``): keys
    typed while prompt_toolkit is imported and the quiz loaded, Ctrl-C and Ctrl-D included,
    wait for the first prompt, which reads them as typed there."""
    from sudoku_repl.frontends.terminal_mode import TerminalMode

    mode = TerminalMode()
    mode.hold()
    # to the exit, a Ctrl-C never raises: within the shell it is its interrupt flag's, and
    # one that comes after ``bye`` is not a reason to end otherwise than ``bye`` says (ignored
    # to the process's end, its exit handlers too: ``last``)
    with on_sigint(_ignored, last=True):
        try:
            from sudoku_repl.frontends.shell import run_interactive

            return run_interactive(first, mode=mode)
        finally:
            mode.restore()


def _ignored() -> None:
    """A Ctrl-C where nothing runs that it could stop."""


def _report(repl: Repl, batch: bool) -> int:
    if not batch or not repl.failed:
        return 0
    print(f"sudoku-repl: {repl.failures.summary()}", file=sys.stderr)
    return 1

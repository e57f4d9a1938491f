"""``sudoku-repl generate [options]``: the maker's command line (docs/generate.md).

A front end like ``rate_cli``: it owns stdout (a line a puzzle, without ``--out``), stderr (the
seed, the progress line on a terminal, the summary), Ctrl-C (the puzzles found are kept and
counted), and the exit status: 0 done (the count or the time reached), 1 the output failed, 2
a bad command line, 130 interrupted. The generation itself is ``tools/making/run``'s.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from sudoku_repl.core.errors import PATH, UserError, shown
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.frontends.progress_line import ProgressLine
from sudoku_repl.frontends.rate_cli import wanted
from sudoku_repl.frontends.standard_output import write_whole
from sudoku_repl.text.files import writable
from sudoku_repl.text.words import counted
from sudoku_repl.tools.making.continued import unbroken
from sudoku_repl.tools.making.loop import Progress
from sudoku_repl.tools.making.makers import GENERATE, refuse_the_others
from sudoku_repl.tools.making.options import PROG, parser
from sudoku_repl.tools.making.run import NothingYet, Request, Run
from sudoku_repl.tools.rating.pool import StopFlag
from sudoku_repl.tools.rating.se_build import pure_build_once


def main_generate(argv: Sequence[str], interrupted: Callable[[], bool] = lambda: False) -> int:
    """``sudoku-repl generate ...`` (``interrupted``: whether Ctrl-C came before this could
    take it, which then stops at once)."""
    try:
        refuse_the_others(argv, GENERATE, shell=False)  # (the shell's scramble's options)
        args = parser().parse_args(argv)
    except UserError as e:
        print(e.line, file=sys.stderr, flush=True)
        return 2
    stop = StopFlag()
    with on_sigint(stop.set):
        if interrupted():
            stop.set()
        return _generate(args, stop)


def _complain(line: str) -> None:
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


def _generate(args: argparse.Namespace, stop: StopFlag) -> int:
    reading = [""]  # what the reading of --near FILE is at
    loading = ProgressLine(lambda: reading[0]) if wanted(sys.stderr) else None

    def read_tick(at: str) -> None:
        reading[0] = at
        if loading is not None:
            loading.tick()

    try:
        request = Request.from_options(args, stop, read_tick)
        if request.out is not None:
            writable(request.out)
    except UserError as e:
        _complain(e.line)
        return 130 if stop() else 2
    finally:
        if loading is not None:
            loading.clear()
    if request.duplicates:
        _complain(
            f"--near {shown(args.near, PATH)}: {counted(request.duplicates, 'line')} dropped "
            "(the same puzzle as an earlier line)"
        )
    slow = pure_build_once(PROG)  # (said always: the maker's own lines are on stderr too)
    if slow:
        print(slow, file=sys.stderr, flush=True)
    try:
        run = Run(request, stop)
    except UserError as e:
        _complain(e.line)
        return 130 if stop() else 2
    said = f"seed {run.seed} ({PROG} --seed {run.seed} makes the same puzzles)"
    if run.kept:
        said += (
            f"; {counted(len(run.kept), 'puzzle')} kept in {shown(request.out or '', PATH)} "
            "from the run that stopped"
        )
    _complain(said)
    beyond = request.beyond_known()
    if beyond is not None:
        _complain(beyond)
    line = ProgressLine(run.progress.line) if wanted(sys.stderr) else None
    nothing = NothingYet(request.order)
    if request.out is None and request.header:
        write_whole(request.header)  # (the rules line: stdout is a quiz file of the rules)

    def tick(progress: Progress) -> None:
        said = nothing.line(progress)
        if said is not None:  # (on any stderr: a file, a pipe, a terminal)
            if line is not None:
                line.printed()
            _complain(said)
        if line is not None:
            line.tick()

    try:
        for made in run.puzzles(tick):
            if line is not None:
                line.printed()
            if request.out is None:
                write_whole(made.line + "\n")  # (whole, if unbuffered: standard_output)
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        unbroken(run.close)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except UserError as e:  # --out could not be written after all (a full disk)
        unbroken(run.close)
        _complain(e.line)
        return 1
    except BaseException:
        unbroken(run.close)
        raise
    finally:
        if line is not None:
            line.clear()
    interrupted = run.progress.interrupted
    try:
        run.close(finished=not interrupted)
    except UserError as e:
        _complain(e.line)
        return 1
    _complain(_summary(run, interrupted))
    return 130 if interrupted else 0


def _summary(run: Run, interrupted: bool) -> str:
    """The last line: the puzzles kept (where), the pace, the time."""
    progress, path = run.progress, run.request.out
    where = ""
    if path is not None:
        where = f" in {shown(path, PATH)}"
        if interrupted and run.after_stop():
            where += f" ({run.after_stop()})"
    head = "interrupted: " if interrupted else ""
    return (
        f"{head}{counted(progress.kept, 'puzzle')} kept{where}; {progress.line()}, "
        f"{progress.seconds:.1f} s"
    )

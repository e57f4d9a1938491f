"""``sudoku-repl rate FILE [options]``: the command line of rating (see ``rate`` for the figures).

A front end like ``cli``: it owns stdout/stderr, Ctrl-C and the progress bar (drawn by the shell
module, the one that uses prompt_toolkit, and imported only when a bar is shown).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import closing, nullcontext
from typing import TextIO

from sudoku_repl.assembly import register_all
from sudoku_repl.core import modes
from sudoku_repl.core.errors import PATH, UserError, file_error, shown
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.text.args import ArgumentParser, count_type
from sudoku_repl.text.files import write_atomic
from sudoku_repl.tools.rate import (
    FORMATS,
    PROG,
    SCALES,
    Rated,
    Rating,
    StopFlag,
    csv_header,
    rate_file,
    read_quizzes,
    summary,
)


def wanted(*streams: TextIO) -> bool:
    """A bar belongs on a terminal: only when every one of ``streams`` is one."""
    return all(_isatty(s) for s in streams)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


#: the most worker processes ``--jobs`` takes: four per core of this machine
MAX_JOBS = 4 * (os.cpu_count() or 1)


def _parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog=PROG,
        after=f" (see {PROG} --help)",
        description="Rate every quiz of a one-quiz-per-line file (a file in the nine-line "
        "format is one quiz): steps and biggest level to the first solution, total steps, "
        "solution sum, biggest level of the whole search, new guesses and time. Rows go to "
        "stdout in file order, the summary to stderr.",
    )
    parser.add_argument(
        "file",
        help="one 81-character quiz per line (0 or . for an empty cell), or one quiz in the "
        "nine-line format",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=count_type(1, MAX_JOBS),
        default=1,
        metavar="N",
        help=f"worker processes (default 1; at most {MAX_JOBS}, four per core, and never more "
        "than there are tasks); the figures do not depend on it",
    )
    parser.add_argument(
        "--format",
        choices=("csv", "json"),
        default="csv",
        help="CSV with a header (default) or JSON lines",
    )
    parser.add_argument(
        "--skip",
        type=count_type(0),
        default=0,
        metavar="K",
        help="pass over the first K entries (quiz or malformed lines)",
    )
    parser.add_argument(
        "--limit",
        type=count_type(0),
        default=None,
        metavar="K",
        help="rate at most K entries (after --skip)",
    )
    parser.add_argument(
        "--max-steps",
        type=count_type(1),
        default=None,
        metavar="N",
        help="stop a quiz's search at N steps (its row says complete=false)",
    )
    parser.add_argument(
        "--run-mode",
        type=count_type(0),
        default=0,
        metavar="N",
        help="search in run mode N (0, 1, 2; 3 the book's theorems; 4, 5 the chains)",
    )
    parser.add_argument(
        "--scale",
        choices=SCALES,
        default="steps",
        help="steps: the solver's own figures (default); se: also Sudoku Explainer's ratings, "
        "columns er, ep, ed (a quiz without exactly one solution: er says why, no rating)",
    )
    parser.add_argument(
        "--se-timeout",
        type=float,
        default=60.0,
        metavar="S",
        help="with --scale se: seconds for one quiz's rating (default 60); past them its ER "
        "and EP are lower bounds, written >=X",
    )
    parser.add_argument(
        "--out", metavar="FILE", help="write the rows to FILE (atomically, only if not interrupted)"
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.svg",
        help="with --scale se: an SVG scatter of steps and biggest level against ER, and "
        "their Spearman rank correlation with ER on stderr (only if not interrupted)",
    )
    return parser  # fmt: skip


def main_rate(argv: Sequence[str], interrupted: Callable[[], bool] = lambda: False) -> int:
    """``sudoku-repl rate ...``: 0 done, 1 output failed, 2 bad command line or unreadable file,
    130 interrupted (the rows rated so far are still printed). ``interrupted``: whether Ctrl-C
    came before this could take it (the program's start), which then stops the rating at once."""
    try:
        args = _parser().parse_args(argv)
    except UserError as e:  # one line, not the usage block (it names the program)
        print(e.line, file=sys.stderr, flush=True)
        return 2
    register_all()
    try:
        modes.check(args.run_mode)
    except UserError as e:
        _complain(e.line)
        return 2
    stop = StopFlag()
    with on_sigint(stop.set):
        if interrupted():
            stop.set()
        return _rate_command(args, stop)


def _complain(line: str) -> None:
    print(f"{PROG}: {line}", file=sys.stderr, flush=True)


def _rate_command(args: argparse.Namespace, stop: StopFlag) -> int:
    end = None if args.limit is None else args.skip + args.limit
    try:
        entries = _entries(args.file, args.skip, end)
        if args.out is not None:
            _check_writable(args.out)
        if args.plot is not None:
            _check_plot(args)
    except UserError as e:
        _complain(e.line)
        return 2
    quizzes: list[tuple[int, Quiz]] = []
    for line, item in entries:
        if isinstance(item, str):
            _complain(f"{args.file}:{line}: {item}")
        else:
            quizzes.append((line, item))
    header, row = FORMATS[args.format]
    se_timeout = args.se_timeout if args.scale == "se" else None
    if se_timeout is not None and args.format == "csv":
        header = csv_header(se=True)
    show_bar = wanted(sys.stdout, sys.stderr) and bool(quizzes)
    held = show_bar or args.out is not None  # rows wait for the bar to go, or for the file
    held_rows = io.StringIO()
    out: TextIO = held_rows if held else sys.stdout
    ratings: list[Rating] = []
    plotted: list[Rated] = []  # with --plot
    start = time.perf_counter()
    try:
        out.write(header)
        results = rate_file(  # workers start here
            quizzes, args.jobs, args.max_steps, stop, args.run_mode, register_all, se_timeout
        )
        drawn = (
            _bar(len(quizzes), os.path.basename(args.file), stop.set)
            if show_bar
            else nullcontext(_nothing)
        )
        with closing(results), drawn as advance:
            for line, quiz, rating in results:
                out.write(row(line, quiz, rating))
                out.flush()
                ratings.append(rating)
                if args.plot is not None:
                    plotted.append((line, quiz, rating))
                advance()
        interrupted = len(ratings) < len(quizzes)
        if held:
            text = held_rows.getvalue()
            if args.out is not None and not interrupted:
                write_atomic(args.out, text)
            else:
                sys.stdout.write(text)
                sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except UserError as e:  # --out could not be written after all
        _complain(e.line)
        return 1
    wall = time.perf_counter() - start
    note = f" ({args.out} not written)" if interrupted and args.out is not None else ""
    if interrupted and args.plot is not None:
        note += f" ({args.plot} not drawn)"
    print(summary(ratings, len(quizzes), len(entries) - len(quizzes), wall) + note,
          file=sys.stderr)  # fmt: skip
    if args.plot is not None and not interrupted:
        from sudoku_repl.tools.rate_plot import write_plot

        try:
            print(write_plot(args.plot, plotted, os.path.basename(args.file)), file=sys.stderr)
        except UserError as e:
            _complain(e.line)
            return 1
    return 130 if interrupted else 0


def _entries(path: str, skip: int, end: int | None) -> list[tuple[int, Quiz | str]]:
    """The entries ``skip`` to ``end`` of the file. A file with no quiz at all is refused in one
    line (``UserError``) rather than reported line by line: past the window, the file is read on
    only while no quiz has been seen."""
    entries: list[tuple[int, Quiz | str]] = []
    found = False
    malformed = 0
    first_fault: tuple[int, str] | None = None
    for k, (line, item) in enumerate(read_quizzes(path)):
        if isinstance(item, str):
            malformed += 1
            first_fault = first_fault or (line, item)
        else:
            found = True
        if k < skip:
            continue
        if end is None or k < end:
            entries.append((line, item))
        elif found:
            break
    if not found and first_fault is not None:
        line, fault = first_fault
        raise UserError(
            f"{shown(path, PATH)} has no quiz ({malformed} malformed lines; line {line}: "
            f"{fault.rstrip('.')})."
        )
    return entries


def _check_plot(args: argparse.Namespace) -> None:
    """``--plot`` draws against ER: it needs ``--scale se``, and a file it can write."""
    if args.scale != "se":
        raise UserError(
            f"--plot draws against Sudoku Explainer's ER: add --scale se (--plot {shown(args.plot, PATH)})"
        )
    _check_writable(args.plot)


def _nothing() -> None:
    pass


def _check_writable(path: str) -> None:
    """Refuse an ``--out`` that cannot be written before rating, not after."""
    directory = os.path.dirname(os.path.abspath(os.path.expanduser(path))) or "."
    if not os.path.isdir(directory):
        raise UserError(file_error("Cannot write", path, f"no directory {directory}"))
    if not os.access(directory, os.W_OK | os.X_OK):
        raise UserError(file_error("Cannot write", path, "the directory is not writable"))
    if os.path.isdir(path):
        raise UserError(file_error("Cannot write", path, "it is a directory"))


def _bar(total: int, label: str, on_cancel: Callable[[], None]):  # type: ignore[no-untyped-def]
    from sudoku_repl.frontends.progress import progress_bar

    return progress_bar(total, label, on_cancel)

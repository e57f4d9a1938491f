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

import attrs

from sudoku_repl.core.errors import PATH, UserError, shown
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.frontends.se_notice import say_pure_build
from sudoku_repl.frontends.standard_output import drop, write_whole, writing
from sudoku_repl.text.files import writable
from sudoku_repl.text.words import counted
from sudoku_repl.tools.rating.engines import check_mode
from sudoku_repl.tools.rating.kept import row_reader
from sudoku_repl.tools.rating.measures import OrderFreeMeasures
from sudoku_repl.tools.rating.options import SE_TIMEOUT, parser
from sudoku_repl.tools.rating.out import (
    Out,
    WriteFailed,
    check_apart,
    check_kept,
    job,
    open_out,
    restart_needs_out,
)
from sudoku_repl.tools.rating.pool import Pool, StopFlag, rate_batches
from sudoku_repl.tools.rating.rate import (
    EarlyExit,
    Planner,
    Rated,
    Rating,
    se_refused,
)
from sudoku_repl.tools.rating.reading import read_quizzes
from sudoku_repl.tools.rating.rows import FORMATS, PROG, csv_header, settings_header, summary
from sudoku_repl.tools.rating.scales import (
    ISOMORPHS,
    ORDER_FREE,
    SEED,
    has_se,
    row_measures,
    shown_scale,
)

#: the order-free measures a file of variant rules is rated by (the spread of ER over
#: isomorphs is classic sudoku's: an isomorph of a variant is not one of its rules)
UNDER_RULES = tuple(word for word in ORDER_FREE if word != "spread")


def wanted(*streams: TextIO) -> bool:
    """Whether every one of ``streams`` is a terminal."""
    return all(_isatty(s) for s in streams)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


def main_rate(argv: Sequence[str], interrupted: Callable[[], bool] = lambda: False) -> int:
    """``sudoku-repl rate ...``: 0 done, 1 output failed, 2 bad command line or unreadable file,
    130 interrupted (the rows rated so far are still printed). ``interrupted``: whether Ctrl-C
    came before this could take it (the program's start), which then stops the rating at once."""
    try:
        args = parser().parse_args(argv)
    except UserError as e:  # one line, not the usage block (it names the program)
        print(e.line, file=sys.stderr, flush=True)
        return 2
    try:
        check_mode(args.run_mode)  # (registered here, and by each worker for itself)
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
    try:
        restart_needs_out(args.restart, args.out)
    except UserError as e:
        _complain(e.line)
        return 2
    end = None if args.limit is None else args.skip + args.limit
    try:
        entries = _entries(args.file, args.skip, end)
        _check_apart(args)
        if args.out is not None:
            writable(args.out)
        if args.plot is not None:
            _check_plot(args)
        se_exit = _early_exit(args)
        _check_se_timeout(args)
        _check_ilp(args)
        _check_plan(args)
        rules = _rules(args, entries)
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
    se_timeout = (args.se_timeout or SE_TIMEOUT) if has_se(args.scale) else None
    measured = row_measures(args.scale, luck=_luck(args))
    measures = None
    if measured:
        measures = OrderFreeMeasures(
            measured,
            args.isomorphs or ISOMORPHS,
            SEED if args.seed is None else args.seed,
            se_timeout or SE_TIMEOUT,
            args.run_mode,
            rules,
        )
    if args.format == "csv":
        header = csv_header(se=se_timeout is not None, ilp=args.ilp, measured=measured)
    header = settings_header(args.format, _settings(args, se_timeout, rules)) + header
    sink: Out | None = None
    kept: list[Rated] = []
    pool: Pool | None = None
    try:  # the scheduler first: a wrong address must not empty --out
        if args.executor != "local":
            pool = _dask_pool(args.executor, args.jobs, stop)
        if args.out is not None:
            sink, kept = _open_out(args, quizzes, header, se_timeout, se_exit, rules)
    except UserError as e:
        if pool is not None:
            pool.end(True)
        _complain(e.line)
        if isinstance(e, WriteFailed):  # (its header: a full disk, not a bad command line)
            return 1
        return 130 if stop() else 2  # (Ctrl-C while the scheduler was reached)
    todo = quizzes[len(kept) :]
    if todo:
        say_pure_build(PROG)  # (once, before the workers start)
    # the bar wherever stderr is a terminal, as generate's progress line: with the
    # rows in a file (`rate FILE > out.csv`) too; rows for the same terminal wait for it to go
    show_bar = wanted(sys.stderr) and bool(todo)
    held = show_bar and sink is None and wanted(sys.stdout)
    held_rows = io.StringIO()
    # (each write whole, flushed: standard output may be unbuffered, write_whole)
    put: Callable[[str], object] = held_rows.write if held else write_whole
    ratings: list[Rating] = [rating for _, _, rating in kept]
    plotted: list[Rated] = list(kept) if args.plot is not None else []  # with --plot
    start = time.perf_counter()
    try:
        if sink is None:
            with writing():
                put(header)
        results = rate_batches(  # workers start here
            todo, args.jobs, args.max_steps, stop, args.run_mode, se_timeout, pool,
            se_exit=se_exit, ilp=args.ilp, order_free=measures, plan=_planner(args),
            rules=rules,
        )  # fmt: skip
        drawn = (
            _bar(len(quizzes), os.path.basename(args.file), stop.set, len(kept))
            if show_bar
            else nullcontext(_nothing)
        )
        with closing(results), drawn as advance:
            for batch in results:  # (a chunk's rows are written, and flushed, at once)
                rows = "".join([row(line, quiz, rating) for line, quiz, rating in batch])
                if sink is not None:
                    sink.append(rows)
                else:
                    with writing():
                        put(rows)
                ratings += [_summed(rating) for _, _, rating in batch]
                if args.plot is not None:
                    plotted += batch
                for _ in batch:
                    advance()
        interrupted = len(ratings) < len(quizzes)
        if held:
            with writing():
                write_whole(held_rows.getvalue())
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        _abandon(sink)
        drop()
        return 1
    except UserError as e:  # --out or standard output could not be written (a full disk)
        _abandon(sink)
        _complain(e.line)
        return 1
    except BaseException:
        _abandon(sink)
        raise
    if sink is not None:
        try:
            sink.close(finished=not interrupted)
        except UserError as e:
            _complain(e.line)
            return 1
    wall = time.perf_counter() - start
    note = ""
    if kept:
        note = f" ({counted(len(kept), 'row')} kept from the run that stopped)"
    if interrupted and sink is not None:
        if sink.continued:
            note += f" ({args.out} keeps the rows; the same command continues them)"
        else:  # a FIFO, a device: what was sent is the reader's
            note += f" ({args.out} had the rows so far; a stream is not continued)"
    if interrupted and args.plot is not None:
        note += f" ({args.plot} not drawn)"
    said = summary(
        ratings, len(quizzes), len(entries) - len(quizzes), wall, args.max_steps, stop.stopped_ms,
    )  # fmt: skip
    print(said + note, file=sys.stderr)
    if args.plot is not None and not interrupted:
        from sudoku_repl.tools.rating.plot import write_plot

        try:
            print(write_plot(args.plot, plotted, os.path.basename(args.file)), file=sys.stderr)
        except UserError as e:
            _complain(e.line)
            return 1
    return 130 if interrupted or stop() else 0  # (a Ctrl-C after the last row too)


def _summed(rating: Rating) -> Rating:
    """A row's rating as the summary keeps it, to the end of the run: without its plan (``rate
    --plan``, written with the row: kept, the plans of a big file filled the memory, and the
    garbage collector walked them over and over, ``benchmarks/bench_plan.py``)."""
    return rating if rating.plan is None else attrs.evolve(rating, plan=None)


def _abandon(sink: Out | None) -> None:
    """Close ``--out`` on the way out of a failure: the rows so far stay, the job unfinished."""
    if sink is not None:
        try:
            sink.close(finished=False)
        except UserError:
            pass


def _open_out(
    args: argparse.Namespace,
    quizzes: list[tuple[int, Quiz]],
    header: str,
    se: float | None,
    se_exit: EarlyExit | None,
    rules: str,
) -> tuple[Out, list[Rated]]:
    """``--out`` opened for appending, with the rows it holds of this job (rate_out). Its
    marker names the version too (another version's rows are another job's)."""
    from sudoku_repl.core.version import installed

    this_job = job(
        quizzes,
        sudoku_repl=installed(),
        format=args.format,
        scale=shown_scale(args.scale),
        run_mode=args.run_mode,
        max_steps=args.max_steps,
        se_timeout=se,
        above=args.above,
        below=args.below,
        ilp=args.ilp,
        plan=args.plan,
        **_spread_settings(args),
        **_rules_setting(rules),
    )
    read = row_reader(
        args.format, args.scale, args.max_steps, quizzes, se_exit, args.ilp, _luck(args)
    )
    sink, kept = open_out(args.out, this_job, header, read, restart=args.restart)
    try:
        check_kept(args.out, kept, quizzes, header.count("\n") + 1)
    except UserError:
        sink.close(finished=False)
        raise
    return sink, kept


def _dask_pool(where: str, jobs: int, stop: StopFlag) -> Pool:
    from sudoku_repl.tools.rating.on_dask import dask_pool  # Dask only when asked for

    return dask_pool(where, jobs, stop=stop)


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
            f"{shown(path, PATH)} has no quiz ({counted(malformed, 'malformed line')}; line {line}: "
            f"{fault.rstrip('.')})."
        )
    return entries


def _check_plot(args: argparse.Namespace) -> None:
    """``--plot`` draws against ER: it needs ``--scale se`` (or both), and a file it can write."""
    if not has_se(args.scale):
        raise UserError(
            f"--plot draws against Sudoku Explainer's ER: add --scale se or --scale both (--plot {shown(args.plot, PATH)})"
        )
    writable(args.plot)


def _check_plan(args: argparse.Namespace) -> None:
    """``--plan`` is Sudoku Explainer's path, as JSON: it needs ``--scale se`` (or both) and
    ``--format json``."""
    if not args.plan:
        return
    if not has_se(args.scale):
        raise UserError("--plan is Sudoku Explainer's path: add --scale se or --scale both")
    if args.format != "json":
        raise UserError("--plan gives each row a list of steps: add --format json")


def _planner(args: argparse.Namespace) -> Planner | None:
    """``--plan``'s maker of a rating's plan (``tools/explain``, above the rating's folder)."""
    if not args.plan:
        return None
    from sudoku_repl.tools.explain.plan import plan_rows

    return plan_rows


def _check_ilp(args: argparse.Namespace) -> None:
    """``--ilp`` needs HiGHS."""
    if not args.ilp:
        return
    from sudoku_repl.tools.ilp.highs import available, missing

    if not available():
        raise UserError(f"--ilp: {missing()}")


def _early_exit(args: argparse.Namespace) -> EarlyExit | None:
    """``--above X`` or ``--below X`` (never both: the parser refuses it); they stop Sudoku
    Explainer's rating, so they need ``--scale se`` (or both)."""
    early = None
    if args.above is not None:
        early = EarlyExit(True, args.above)
    elif args.below is not None:
        early = EarlyExit(False, args.below)
    if early is not None and not has_se(args.scale):
        raise UserError(
            f"{early.option} stops Sudoku Explainer's rating: add --scale se or --scale both"
        )
    return early


def _luck(args: argparse.Namespace) -> bool:
    """Whether the rows add order luck: ``--isomorphs`` or ``--seed`` asks for isomorphs (the
    original's steps over them, as a dossier's ``steps`` gives them)."""
    return args.isomorphs is not None or args.seed is not None


def _spread_settings(args: argparse.Namespace) -> dict[str, object]:
    """The isomorphs' count and seed, where order luck or ``--scale spread`` uses them (else
    nothing: a job without them is the job it was)."""
    if "spread" not in args.scale and not _luck(args):
        return {}
    return {
        "isomorphs": args.isomorphs or ISOMORPHS,
        "seed": SEED if args.seed is None else args.seed,
    }


def _rules(args: argparse.Namespace, entries: Sequence[tuple[int, Quiz | str]]) -> str:
    """The variant rules the file's quizzes are played by (its rules line, an f-puzzles
    file's constraints: ``core/rules``' words; "" classic sudoku), checked against what the
    command asks of them: the original's figures and Sudoku Explainer's (on rules serate
    rates) and the order-free measures (stated for any board) are rated under rules; the
    spread of ER over isomorphs, order luck, ``--ilp``, ``--above`` and ``--below`` are
    classic sudoku's here, refused in one line."""
    rules = next((item.rules for _, item in entries if not isinstance(item, str)), "")
    if not rules:
        return ""
    asked = [w for w in args.scale if w not in ("steps", "se", *UNDER_RULES)]
    asked += ["--ilp"] * args.ilp + ["--above"] * (args.above is not None)
    asked += ["--below"] * (args.below is not None) + ["--isomorphs/--seed"] * _luck(args)
    if asked:
        raise UserError(
            f"{shown(args.file, PATH)} states variant rules ({rules}): rate rates them on the "
            f"default scale, --scale se and the order-free measures "
            f"({', '.join(UNDER_RULES)}), not {asked[0]} (classic sudoku's here)"
        )
    if has_se(args.scale):
        refused = se_refused(rules)
        if refused is not None:
            raise UserError(f"--scale se: {refused}; the default scale rates these rules")
    return rules


def _rules_setting(rules: str) -> dict[str, object]:
    """The rules in a job's settings where there are some (a classic job's are as they were)."""
    return {"rules": rules} if rules else {}


def _settings(
    args: argparse.Namespace, se_timeout: float | None, rules: str = ""
) -> dict[str, object]:
    """What shapes the figures of a job's rows (said first in its output)."""
    settings: dict[str, object] = {
        "scale": shown_scale(args.scale),
        "run_mode": args.run_mode,
        "max_steps": args.max_steps,
        **_rules_setting(rules),
    }
    if se_timeout is not None:
        settings["se_timeout"] = se_timeout
        settings["above"], settings["below"] = args.above, args.below
    settings.update(_spread_settings(args))
    if args.ilp:
        settings["ilp"] = True
    if args.plan:
        settings["plan"] = True
    return settings


def _check_se_timeout(args: argparse.Namespace) -> None:
    """``--se-timeout`` bounds Sudoku Explainer's rating: it needs ``--scale se`` (or both)."""
    if args.se_timeout is not None and not has_se(args.scale):
        raise UserError(
            "--se-timeout bounds Sudoku Explainer's rating: add --scale se or --scale both"
        )


def _check_apart(args: argparse.Namespace) -> None:
    """Refuse an output that is the quiz file, or the other output (``check_apart``)."""
    check_apart(
        [("the quiz file being rated", args.file)], [("--out", args.out), ("--plot", args.plot)]
    )


def _nothing() -> None:
    pass


def _bar(total: int, label: str, on_cancel: Callable[[], None], done: int):  # type: ignore[no-untyped-def]
    from sudoku_repl.frontends.progress import progress_bar

    return progress_bar(total, label, on_cancel, done)

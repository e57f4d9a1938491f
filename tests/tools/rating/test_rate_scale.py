"""``rate`` at scale: ``--out`` appended and continued after Ctrl-C, kill -9
or a full disk; chunks handed to the workers and rows put back in file order; ``--executor
dask``; and their faults: a broken quiz line, a kill mid-file, a full disk, a scheduler that
cannot be reached.

The rows a continued run ends with are compared with those of an uninterrupted run (all columns
but ``ms``), and their line numbers with the file's, counted here.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
import re
import resource
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import attrs
import pytest

from sudoku_repl.core import native
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.rating import out as rate_out
from sudoku_repl.tools.rating.pool import Pool, StopFlag, chunks, rate_batches, unbatched
from sudoku_repl.tools.rating.rate import Rating
from sudoku_repl.tools.rating.rows import COLUMNS, ILP_COLUMNS
from tests.support.helpers import (
    NEEDS_HIGHS,
    NO_DASK,
    PUZZLES,
    REPO,
    SEED_QUIZ,
    program_env,
    run_program,
    wait_for_rows,
)
from tests.support.rate_output import without_settings

TOP95 = PUZZLES / "norvig_top95.txt"
FORUM = PUZZLES / "forum_hardest_1905_11plus_sample1000.txt"
MAGIC = PUZZLES / "magictour_top1465.txt"
#: the quizzes of a run a test stops midway (a kill, a Ctrl-C): enough that the rating goes on
#: well past the moment the test sees the rows it waits for and stops it. The native core rates
#: a forum quiz in about a millisecond, so 30 could all be done by then (a race seen in CI).
STOPPED_RUN = 1000 if native.active() else 30
#: the columns that differ from run to run: the search's time, HiGHS's (``--ilp``)
TIMES = ("ms", "ilp_ms")


def table(text: str, names: tuple[str, ...] = COLUMNS) -> list[list[str]]:
    """The rows of CSV text (the header checked: ``names``), without the times."""
    reader = csv.DictReader(io.StringIO(without_settings(text)))
    assert tuple(reader.fieldnames or ()) == names
    return [[row[c] for c in names if c not in TIMES] for row in reader]


def quiz_file(tmp_path: Path, count: int, broken_at: int | None = None) -> Path:
    """The first ``count`` quizzes of the forum sample, with a broken line after the
    ``broken_at``-th (line ``broken_at + 1`` of the file)."""
    lines = FORUM.read_text().splitlines()[:count]
    if broken_at is not None:
        lines.insert(broken_at, "12345 not a quiz")
    path = tmp_path / "quizzes.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines()


# -- chunks and the order of rows ------------------------------------------------------------


def test_chunks_shrink_to_single_quizzes_and_cover_each_quiz_once() -> None:
    plan = chunks(100, 2, most=16)
    # a quarter of an even share of what is left: 100 // 8, 88 // 8, 77 // 8, 68 // 8
    assert [len(c) for c in plan[:4]] == [12, 11, 9, 8]
    assert [i for c in plan for i in c] == list(range(100))
    assert [len(c) for c in plan[-15:]] == [1] * 15  # the last 15: fewer than 4 * 2 * 2 left
    assert max(len(c) for c in chunks(10_000, 2, most=16)) == 16
    assert chunks(0, 2) == []


class Backwards(Executor):
    """Runs nothing itself: each batch of chunks handed out is answered last chunk first, with
    ratings whose ``steps_total`` is the quiz's index in ``texts`` (the givens a chunk holds)."""

    def __init__(self, texts: list[bytes]) -> None:
        self.index = {text: k for k, text in enumerate(texts)}
        self.waiting: list[tuple[Future[list[Rating]], list[bytes]]] = []
        self.order: list[int] = []  # the first quiz of each chunk, in the order answered

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[list[Rating]] = Future()
        self.waiting.append((future, args[0]))
        self.handed = getattr(self, "handed", 0) + len(args[0])
        # all the chunks two slots keep under way, or the last ones
        if len(self.waiting) == 4 or self.handed == len(self.index):
            for waiting, texts in reversed(self.waiting):
                self.order.append(self.index[texts[0]])
                waiting.set_result([_fake(self.index[t]) for t in texts])
            self.waiting = []
        return future


def _fake(k: int) -> Rating:
    return Rating(None, None, k, 0, 0, 0, 0.0, True)


def test_rows_come_back_in_file_order_whatever_order_chunks_come_back_in() -> None:
    quizzes = _read(FORUM, 9)
    texts = [bytes(q.givens) for _, q in quizzes]
    assert len(set(texts)) == 9
    executor = Backwards(texts)
    ended: list[bool] = []
    pool = Pool(executor, 2, ended.append, most=1)
    rated = list(unbatched(rate_batches(quizzes, pool=pool)))
    assert [line for line, _, _ in rated] == list(range(1, 10))
    assert [r.steps_total for _, _, r in rated] == list(range(9))
    assert executor.order[:4] == [3, 2, 1, 0]  # they did come back backwards
    assert ended == [False]


# -- --out: appended, kept, continued ----------------------------------------------------------


def start_rating(args: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "rate", *args],
        cwd=REPO,
        env=program_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> list[list[str]]:
    """The rows of an uninterrupted run of the kills' file below (one run for all their
    tests)."""
    quizzes = quiz_file(tmp_path_factory.mktemp("uninterrupted"), STOPPED_RUN, broken_at=12)
    expected = table(run_program("rate", str(quizzes), text=True).stdout)
    assert [row[0] for row in expected] == [str(n) for n in range(1, 13)] + [
        str(n) for n in range(14, STOPPED_RUN + 2)
    ]
    return expected


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_kill_9_mid_file_then_the_same_command_ends_with_the_uninterrupted_rows(
    tmp_path: Path, jobs: str, uninterrupted: list[list[str]]
) -> None:
    quizzes = quiz_file(tmp_path, STOPPED_RUN, broken_at=12)  # line 13 is broken
    expected = uninterrupted
    out = tmp_path / "rows.csv"
    args = [str(quizzes), "--out", str(out), "--jobs", jobs]
    proc = start_rating(args)
    wait_for_rows(out, 8, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    kept = table(out.read_text())
    assert 8 <= len(kept) < STOPPED_RUN and kept == expected[: len(kept)]
    assert (tmp_path / "rows.csv.unfinished").exists()
    with out.open("a") as f:  # a row torn by the kill
        f.write("14,9......")
    again = run_program("rate", *args, text=True)
    assert again.returncode == 0, again.stderr
    assert table(out.read_text()) == expected  # none twice, none lost, in file order
    assert f"({len(kept)} rows kept from the run that stopped)" in again.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quizzes.txt", "rows.csv"]


#: the quizzes of an ``--ilp`` run a test kills midway: HiGHS takes some 10 ms on each of
#: magictour's, so the run (one job) goes on for a second and a half past the rows the test
#: waits for, as 300 on two jobs did, for half the CPU time of its runs
ILP_RUN = 150


@NEEDS_HIGHS
def test_kill_9_of_an_ilp_run_then_the_same_command_ends_with_the_uninterrupted_rows(
    tmp_path: Path,
) -> None:
    """``--ilp`` with ``--out``: HiGHS's columns in the header and the rows, kept after a kill
    (a torn row cut off) and continued; the rows all but the times an uninterrupted run's, on
    two jobs (HiGHS on one thread counts the same nodes from run to run)."""
    quizzes = tmp_path / "quizzes.txt"
    quizzes.write_text("".join(MAGIC.read_text().splitlines(keepends=True)[:ILP_RUN]))
    names = COLUMNS + ILP_COLUMNS
    whole = run_program("rate", str(quizzes), "--ilp", "--jobs", "2", text=True, timeout=300)
    expected = table(whole.stdout, names)
    assert len(expected) == ILP_RUN
    out = tmp_path / "rows.csv"
    args = [str(quizzes), "--ilp", "--out", str(out), "--jobs", "1"]
    proc = start_rating(args)
    wait_for_rows(out, 8, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    kept = table(out.read_text(), names)
    assert 8 <= len(kept) < ILP_RUN and kept == expected[: len(kept)]
    with out.open("a") as f:  # a row torn by the kill
        f.write(f"{len(kept) + 1},....")
    again = run_program("rate", *args, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert table(out.read_text(), names) == expected
    assert f"({len(kept)} rows kept from the run that stopped)" in again.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quizzes.txt", "rows.csv"]


def test_ctrl_c_keeps_the_rows_in_the_out_file_and_the_same_command_continues(
    tmp_path: Path,
) -> None:
    quizzes = quiz_file(tmp_path, STOPPED_RUN)
    out = tmp_path / "rows.csv"
    proc = start_rating([str(quizzes), "--out", str(out), "--jobs", "2"])
    wait_for_rows(out, 5, proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    kept = table(out.read_text())
    assert err.decode().startswith(
        f"sudoku-repl rate: interrupted: {len(kept)} of {STOPPED_RUN} quizzes"
    )
    assert f"{out} keeps the rows; the same command continues them" in err.decode()
    again = run_program("rate", str(quizzes), "--out", str(out), text=True)
    assert again.returncode == 0
    assert again.stderr.startswith(f"sudoku-repl rate: {STOPPED_RUN} quizzes rated")
    assert [row[0] for row in table(out.read_text())] == [str(n) for n in range(1, STOPPED_RUN + 1)]


def test_another_job_is_refused_in_one_line_and_restart_begins_anew(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.json"
    args = [str(TOP95), "--limit", "3", "--format", "json", "--out", str(out)]
    assert main_rate(args, lambda: True) == 130  # stopped at once: the header of a job, no row
    head = out.read_text()  # (the settings object, JSON lines' header)
    assert without_settings(head) == "" and (tmp_path / "rows.json.unfinished").exists()
    capsys.readouterr()
    assert main_rate([*args, "--run-mode", "3", "--max-steps", "50"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"sudoku-repl rate: {out} holds the unfinished rows of another job (--run-mode, "
        "--max-steps differ); give --restart to begin anew, or another --out.\n"
    )
    assert main_rate([args[0], "--limit", "4", *args[3:]]) == 2  # other quizzes
    assert "(the quizzes differ)" in capsys.readouterr().err
    assert out.read_text() == head  # nothing changed
    assert main_rate([*args, "--run-mode", "3", "--restart"]) == 0
    records = [json.loads(line) for line in lines_of(out)[1:]]  # (past the settings)
    assert [r["line"] for r in records] == [1, 2, 3]
    assert records[0]["steps_total"] != 339  # run mode 3's search, not mode 0's (docs/rating.md)
    assert not (tmp_path / "rows.json.unfinished").exists()


def test_a_kept_row_that_is_not_the_jobs_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.csv"
    args = [str(TOP95), "--limit", "3", "--out", str(out)]
    assert main_rate(args, lambda: True) == 130
    settings, header = lines_of(out)
    out.write_text(f"{settings}\n{header}\n2,{SEED_QUIZ},1,1,1,1,1,1,1.0,true\n")
    capsys.readouterr()
    assert main_rate(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"sudoku-repl rate: Cannot continue {out}: line 3 is not a row")
    assert err.count("\n") == 1 and "--restart begins anew" in err


def test_a_finished_out_file_is_replaced_by_a_new_run(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    out.write_text("what was there\n")  # no .unfinished beside it: not a stopped job
    assert main_rate([str(TOP95), "--limit", "2", "--out", str(out)]) == 0
    assert [row[0] for row in table(out.read_text())] == ["1", "2"]


# -- one run on an --out, rows as they are rated ------------------------


#: ``--max-steps`` past any search a test waits for: the empty grid's search goes on (the
#: default bound, a million steps, ends it in half a second)
UNBOUNDED = ["--max-steps", str(10**15)]


def held_file(tmp_path: Path, before: int, after: int = 0) -> Path:
    """``before`` quizzes of the forum sample, an empty grid, then ``after`` more: a run with
    ``UNBOUNDED`` rates ``before`` rows, then searches the empty grid for ever (its 10**21
    solutions), held there until the test stops it."""
    lines = FORUM.read_text().splitlines()[: before + after]
    lines.insert(before, "." * 81)
    path = tmp_path / "held.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("second", [[], ["--restart"], ["--run-mode", "3"], ["--jobs", "2"]])
def test_a_second_run_on_an_out_being_written_is_refused_and_writes_nothing(
    tmp_path: Path, second: list[str]
) -> None:
    """Two runs on one --out both exited 0, the rows of one lost and the rest
    glued together. The first is held on the empty grid, its three rows written; the second
    (the same command, ``--restart``, another job) is refused in one line before it writes
    anything."""
    quizzes = held_file(tmp_path, 3)
    out = tmp_path / "rows.csv"
    marker = tmp_path / "rows.csv.unfinished"
    args = [str(quizzes), "--out", str(out), *UNBOUNDED]
    first = start_rating(args)
    try:
        wait_for_rows(out, 3, first)
        before = (out.read_bytes(), marker.read_bytes())
        again = run_program("rate", *args, *second, text=True)
        after = (out.read_bytes(), marker.read_bytes())
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=60)
    assert (again.returncode, again.stdout) == (2, "")
    assert again.stderr == (
        f"sudoku-repl rate: Cannot write {out}: another rate is writing it; give another "
        "--out, or run this once it has ended.\n"
    )
    assert after == before
    assert first.returncode == 130
    assert [row[0] for row in table(out.read_text())] == ["1", "2", "3"]


def test_rows_of_two_workers_reach_out_as_they_are_rated(tmp_path: Path) -> None:
    """With ``--jobs 2`` a chunk's rows reached --out once the whole chunk came
    back, in order: on 40 quizzes the first chunk held five, the third of them the empty grid,
    and no row ever came (a kill lost every row rated). The two rows before it come."""
    quizzes = held_file(tmp_path, 2, after=37)
    out = tmp_path / "rows.csv"
    proc = start_rating([str(quizzes), "--out", str(out), "--jobs", "2", *UNBOUNDED])
    try:
        wait_for_rows(out, 2, proc)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    limited = run_program("rate", str(quizzes), "--limit", "2", *UNBOUNDED, text=True)
    expected = table(limited.stdout)
    assert table(out.read_text()) == expected  # (the empty grid's row never comes)


#: runs of ``--jobs 2 --out`` killed, each once the file has a row more than it began with
KILLS = 4


def test_kills_as_rows_come_make_progress_and_end_with_one_run_s_rows(
    tmp_path: Path, uninterrupted: list[list[str]]
) -> None:
    """32 kills of ``--jobs 2 --out`` made no progress. Each run here is killed
    (SIGKILL) as soon as the file holds a row more than when it began, and continued by the
    same command: the rows are a prefix of one uninterrupted run's, growing, and the last run
    ends with all of them, each once. (The kill's file above, its broken line and all: the
    uninterrupted run is the one both tests of kills compare with.)"""
    quizzes = quiz_file(tmp_path, STOPPED_RUN, broken_at=12)
    expected = uninterrupted
    out = tmp_path / "rows.csv"
    args = [str(quizzes), "--out", str(out), "--jobs", "2"]
    had = 0
    for _ in range(KILLS):
        proc = start_rating(args)
        wait_for_rows(out, had + 1, proc)
        proc.send_signal(signal.SIGKILL)
        if proc.wait() == 0:  # it ended before the kill came (a machine that stalled us)
            break
        kept = table(out.read_text())
        assert had < len(kept) < len(expected) and kept == expected[: len(kept)]
        had = len(kept)
    else:
        last = run_program("rate", *args, text=True, timeout=300)
        assert last.returncode == 0, last.stderr
        assert f"({had} rows kept from the run that stopped)" in last.stderr
    assert table(out.read_text()) == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quizzes.txt", "rows.csv"]


# -- a full disk -------------------------------------------------------------------------------


def test_a_full_disk_is_one_line_the_rows_so_far_kept_and_continued(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    quizzes = quiz_file(tmp_path, 12)
    whole = table(run_program("rate", str(quizzes), text=True).stdout)
    writes: list[bytes] = []

    def filling(fd: int, data: bytes) -> int:
        if len(writes) == 6:  # the header and five rows went in; half the sixth, then no room
            half = data[: len(data) // 2]
            writes.append(half)
            os.write(fd, half)
            raise OSError(errno.ENOSPC, "No space left on device")
        writes.append(data)
        return os.write(fd, data)

    monkeypatch.setattr(rate_out, "_write", filling)
    out = tmp_path / "rows.csv"
    assert main_rate([str(quizzes), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"sudoku-repl rate: Cannot write {out}: No space left on device; the rows before it "
        "are kept, and the same command continues them.\n"
    )
    assert table(out.read_text()) == whole[:5]  # the torn sixth row cut off
    monkeypatch.undo()
    assert main_rate([str(quizzes), "--out", str(out)]) == 0
    assert table(out.read_text()) == whole


def test_a_file_size_limit_is_met_like_a_full_disk(tmp_path: Path) -> None:
    """A real write error: RLIMIT_FSIZE makes the kernel refuse writes past 6,000 bytes
    (EFBIG, File too large), the path a full disk takes. (Not much less: the Ctrl-C flag shared
    with the workers lives in a page-sized temporary file.)"""
    out = tmp_path / "rows.csv"

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (6000, 6000))

    run = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "rate", str(TOP95), "--out", str(out)],
        cwd=REPO,
        env=program_env(PYTHONDONTWRITEBYTECODE="1"),
        capture_output=True,
        text=True,
        preexec_fn=limited,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    assert run.stderr.startswith(f"sudoku-repl rate: Cannot write {out}: File too large;")
    assert run.stderr.count("\n") == 1
    text = out.read_text()
    assert len(text) <= 6000 and text.endswith("\n")
    rows = table(text)
    assert 30 <= len(rows) < 95 and [r[0] for r in rows] == [
        str(n) for n in range(1, len(rows) + 1)
    ]


# -- --help and the docs -----------------------------------------------------------------------


def test_help_lists_the_options_and_the_docs_name_each() -> None:
    run = run_program("rate", "--help", text=True)
    options = set(re.findall(r"(--[a-z][a-z-]+)", run.stdout)) - {"--help"}
    assert {"--out", "--restart", "--executor", "--jobs"} <= options
    docs = (REPO / "docs" / "rating.md").read_text()
    assert [o for o in sorted(options) if f"`{o}" not in docs] == []
    assert "dask://HOST:PORT" in run.stdout


def test_a_bad_executor_is_one_line() -> None:
    run = run_program("rate", str(TOP95), "--executor", "spark", text=True)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert "want local, dask or dask://HOST:PORT, not 'spark'" in run.stderr


# -- Dask ------------------------------------------------------------------------------------


def test_the_docs_install_the_dask_extra_from_the_repository() -> None:
    """``pip install '.[dask]'`` in the clone, never ``'sudoku-repl[dask]'`` (no package index
    holds sudoku-repl), in the README, the docs and the program's own lines."""
    texts = [
        REPO / "README.md",
        *(REPO / "docs").glob("*.md"),
        *(REPO / "src" / "sudoku_repl").rglob("*.py"),
    ]
    said = [
        (path.name, line)
        for path in texts
        for line in path.read_text(encoding="utf-8").splitlines()
        if "pip install" in line and "[dask]" in line
    ]
    assert len(said) >= 4
    for name, line in said:
        assert "'.[dask]'" in line and "sudoku-repl[dask]" not in line, (name, line)


def test_without_dask_the_executor_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    assert main_rate([str(TOP95), "--executor", "dask"]) == 2
    said = capsys.readouterr().err  # (what to type: test_extras.py)
    assert said.startswith("sudoku-repl rate: --executor dask needs Dask: pip install ")
    assert said.count("\n") == 1


def test_executor_dask_gives_the_rows_of_one_job(tmp_path: Path) -> None:
    """Its stderr the summary alone, even where another program holds Dask's usual port 8787
    (held here: the scheduler's HTTP server said "Port 8787 is already in use" before it)."""
    pytest.importorskip("distributed", reason=NO_DASK)
    one = run_program("rate", str(TOP95), "--limit", "12", text=True)
    env = program_env(TMPDIR=str(tmp_path))  # the workers' scratch space
    with contextlib.ExitStack() as held:
        holder = held.enter_context(socket.socket())
        with contextlib.suppress(OSError):  # (taken already: taken all the same)
            holder.bind(("", 8787))
            holder.listen()
        dask = run_program(
            "rate", str(TOP95), "--limit", "12", "--executor", "dask", text=True, env=env
        )
    assert dask.returncode == 0, dask.stderr
    assert table(dask.stdout) == table(one.stdout)
    assert [r[0] for r in table(dask.stdout)] == [str(n) for n in range(1, 13)]
    assert dask.stderr.startswith("sudoku-repl rate: 12 quizzes rated;")
    assert dask.stderr.count("\n") == 1


@pytest.fixture
def scheduler(tmp_path: Path) -> Any:
    """A Dask scheduler and one worker, threads of this process, on a free local port."""
    distributed = pytest.importorskip("distributed", reason=NO_DASK)
    import logging

    import dask

    with dask.config.set({"temporary_directory": str(tmp_path)}):  # its scratch space
        cluster = distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=1,
            processes=False,
            protocol="tcp://",
            host="127.0.0.1",
            scheduler_port=0,
            local_directory=str(tmp_path),
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        try:
            yield cluster
        finally:
            cluster.close()


def test_a_running_scheduler_rates_with_its_workers(
    scheduler: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main_rate([str(TOP95), "--limit", "6"]) == 0
    one = table(capsys.readouterr().out)
    address = scheduler.scheduler_address.removeprefix("tcp://")
    assert main_rate([str(TOP95), "--limit", "6", "--executor", f"dask://{address}"]) == 0
    assert table(capsys.readouterr().out) == one


def test_ctrl_c_cancels_the_dask_futures(scheduler: Any) -> None:
    from sudoku_repl.tools.rating.on_dask import dask_pool

    address = scheduler.scheduler_address.removeprefix("tcp://")
    pool = dask_pool(f"dask://{address}", 1)
    ended: list[bool] = []
    end = pool.end
    pool = attrs.evolve(pool, end=lambda cancel: (ended.append(cancel), end(cancel)))
    quizzes = [(n, q) for n, q in _read(FORUM, 200)]
    stop = StopFlag()
    results = unbatched(rate_batches(quizzes, stop=stop, pool=pool))
    rated = [next(results)]
    stop.set()  # what Ctrl-C does
    rated += list(results)
    assert len(rated) < 200 and [r[0] for r in rated] == list(range(1, len(rated) + 1))
    assert ended == [True]
    assert scheduler.scheduler.tasks == {}  # nothing left on the scheduler


def _read(path: Path, count: int) -> list[tuple[int, Quiz]]:
    lines = path.read_text().splitlines()[:count]
    return [(n, Quiz.from_string(text)) for n, text in enumerate(lines, 1)]


def test_a_scheduler_that_cannot_be_reached_is_one_line_and_status_2(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason=NO_DASK)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = tmp_path / "rows.csv"
    run = run_program(
        "rate", str(TOP95), "--executor", f"dask://127.0.0.1:{port}", "--out", str(out), text=True
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(
        f"sudoku-repl rate: Cannot reach the Dask scheduler at dask://127.0.0.1:{port}: "
    )
    assert run.stderr.count("\n") == 1
    assert not out.exists()  # refused before --out was touched


def test_restart_without_out_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_rate([str(TOP95), "--restart"]) == 2
    assert capsys.readouterr() == (
        "",
        "sudoku-repl rate: --restart begins an --out FILE anew; give --out FILE.\n",
    )


def test_ctrl_c_at_a_terminal_stops_a_dask_run_in_one_line(tmp_path: Path) -> None:
    """A terminal sends SIGINT to the whole process group, the LocalCluster's workers too: they
    leave it to the command (they once died with tracebacks), which keeps the rows of --out."""
    pytest.importorskip("distributed", reason=NO_DASK)
    quizzes = quiz_file(tmp_path, STOPPED_RUN)  # (more than are rated before the signal)
    out = tmp_path / "rows.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "rate", str(quizzes), "--out", str(out),
         "--executor", "dask", "--jobs", "2"],
        cwd=REPO,
        env=program_env(TMPDIR=str(tmp_path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )  # fmt: skip
    wait_for_rows(out, 3, proc)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    kept = table(out.read_text())
    assert proc.returncode == 130, err
    assert err.decode().count("\n") == 1
    assert err.decode().startswith(
        f"sudoku-repl rate: interrupted: {len(kept)} of {STOPPED_RUN} quizzes"
    )
    assert [row[0] for row in kept] == [str(n) for n in range(1, len(kept) + 1)]


def test_the_stop_flag_counts_where_python_has_no_multiprocessing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (the web page's Pyodide has no _multiprocessing; `generate` made a StopFlag there
    # and ended the shell on ModuleNotFoundError)
    monkeypatch.setitem(sys.modules, "_multiprocessing", None)
    monkeypatch.delitem(sys.modules, "multiprocessing.synchronize", raising=False)
    stop = StopFlag()
    stop.stopped_in(2.5)
    stop.stopped_in(1.0)
    assert stop.stopped_ms == 3.5 and not stop()
    stop.set()
    assert stop()

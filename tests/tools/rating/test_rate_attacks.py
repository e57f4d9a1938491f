"""``rate`` against what an attack found: outputs that are the input,
a FIFO where ``--out`` keeps its job, kept rows no search could give, Dask peers that never
answer or answer garbage, and Ctrl-C while the program ends.

Expected lines are written out here; the rows a test corrupts come from a run of ``rate``
(what it writes is the thing the corruption is measured against, not an expected figure).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import select
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from sudoku_repl.frontends.rate_cli import main_rate
from tests.support.helpers import NO_DASK, PUZZLES, REPO, SLOW, run_program
from tests.support.rate_output import without_settings

TOP95 = PUZZLES / "norvig_top95.txt"
FORUM = PUZZLES / "forum_hardest_1905_11plus_sample1000.txt"
HEADER = (
    "line,quiz,steps_first,biggest_first,steps_total,solutions,biggest_total,guesses,ms,complete"
)


def one_line(err: str) -> str:
    assert err.count("\n") == 1, err
    return err.rstrip("\n")


# -- 5.3: an output that is the input, or the other output -----------------------------------


@pytest.fixture
def quizzes(tmp_path: Path) -> Path:
    path = tmp_path / "q.txt"
    path.write_text("".join(TOP95.read_text().splitlines(keepends=True)[:3]))
    return path


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["{q}", "--out", "{q}"], "Cannot write {q}: it is the quiz file being rated; give --out"),
        (["{q}", "--out", "{link}"], "Cannot write {link}: it is the quiz file being rated, {q};"),
        (["{link}", "--out", "{q}"], "Cannot write {q}: it is the quiz file being rated, {link};"),
        (["{q}", "--out", "{hard}"], "Cannot write {hard}: it is the quiz file being rated, {q};"),
        (["{q}", "--scale", "se", "--plot", "{q}"], "Cannot write {q}: it is the quiz file being "
         "rated; give --plot another file."),
        (["{q}", "--scale", "se", "--plot", "{link}"], "Cannot write {link}: it is the quiz file "
         "being rated, {q}; give --plot another file."),
        (["{q}", "--scale", "se", "--out", "{r}", "--plot", "{r}"], "Cannot write {r}: it is the "
         "--out file; give --plot another file."),
        (["{q}", "--scale", "se", "--out", "{r}", "--plot", "{r}.unfinished"], "Cannot write "
         "{r}.unfinished: it is the job file of --out; give --plot another file."),
        (["{q}.unfinished", "--out", "{q}"], "Cannot write {q}: its job file {q}.unfinished is "
         "the quiz file being rated; give --out another file."),
    ],
)  # fmt: skip
def test_an_output_that_is_the_input_or_the_other_output_is_refused(
    quizzes: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    says: str,
) -> None:
    """``rate q.txt --out q.txt`` (a link, a hard link) emptied the quiz file,
    ``--plot`` replaced it, ``--out r.csv --plot r.csv`` replaced the rows."""
    os.symlink(quizzes, tmp_path / "link.txt")
    os.link(quizzes, tmp_path / "hard.txt")
    (tmp_path / "q.txt.unfinished").write_text(quizzes.read_text())  # a quiz file of that name
    names = {"q": quizzes, "link": tmp_path / "link.txt", "hard": tmp_path / "hard.txt",
             "r": tmp_path / "r.csv"}  # fmt: skip
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    status = main_rate([a.format(**names) for a in args])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert one_line(err).startswith("sudoku-repl rate: " + says.format(**names))
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # nothing written


def test_the_same_run_with_outputs_apart_writes_them(
    quizzes: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The refusal is of one file under two roles, not of a folder or a name's form."""
    out = tmp_path / "r.csv"
    assert main_rate([str(quizzes), "--out", f"{tmp_path}/./r.csv"]) == 0
    assert out.read_text().splitlines()[1] == HEADER  # (after the settings line)
    assert quizzes.read_text() == "".join(TOP95.read_text().splitlines(keepends=True)[:3])
    capsys.readouterr()


# -- 5.5: a FIFO where --out keeps its job ---------------------------------------------------


@pytest.mark.parametrize("restart", [False, True])
def test_a_fifo_named_like_the_job_file_is_refused_at_once(tmp_path: Path, restart: bool) -> None:
    """A FIFO named ``out.csv.unfinished`` blocked ``rate --out out.csv`` in
    ``open()`` for ever (Ctrl-C, which the rating takes, did not end it)."""
    out = tmp_path / "out.csv"
    os.mkfifo(tmp_path / "out.csv.unfinished")
    args = ["rate", str(TOP95), "--limit", "2", "--out", str(out)]
    done = run_program(*args, *(["--restart"] if restart else []), text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert one_line(done.stderr) == (
        f"sudoku-repl rate: Cannot continue {out}: {out}.unfinished is a FIFO, where rate keeps "
        "a file of its own; remove it, or give another --out."
    )
    assert not out.exists()


# -- 5.6: a continued --out keeps only rows rate could have written --------------------------


def stopped_job(
    tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]
) -> tuple[list[str], Path, list[str], str]:
    """The command of a three-quiz job stopped before its first row, its --out file, the
    three rows a whole run writes, and what comes before them (the settings line, and the
    header in CSV)."""
    args = [str(TOP95), "--limit", "3", "--format", fmt]
    assert main_rate(args) == 0
    rows = capsys.readouterr().out.splitlines(keepends=True)
    heading = 2 if fmt == "csv" else 1
    head, rows = "".join(rows[:heading]), rows[heading:]
    without_settings(head)  # (checks it)
    out = tmp_path / f"rows.{fmt}"
    args += ["--out", str(out)]
    assert main_rate(args, lambda: True) == 130  # the job's marker and header, no row
    capsys.readouterr()
    return args, out, rows, head


CSV_CORRUPTIONS: dict[str, Callable[[dict[str, str]], None]] = {
    "steps_total -5": lambda r: r.update(steps_total="-5"),
    "biggest_total 10**23": lambda r: r.update(biggest_total=str(10**23)),
    "complete yes": lambda r: r.update(complete="yes"),
    "line +2": lambda r: r.update(line="+2"),
    "line 02": lambda r: r.update(line="02"),
    "quiz with 0 for .": lambda r: r.update(quiz=r["quiz"].replace(".", "0")),
    "ms nan": lambda r: r.update(ms="nan"),
    "ms 1.25": lambda r: r.update(ms="1.25"),
    "steps_first past steps_total": lambda r: r.update(steps_first=str(int(r["steps_total"]) + 1)),
    "no steps_first with a solution": lambda r: r.update(steps_first="", biggest_first=""),
    "complete false without --max-steps": lambda r: r.update(complete="false"),
    "Sudoku Explainer's columns": lambda r: r.update(ms=r["ms"] + ",2.6,1.2,1.2"),
    "a blank in a figure": lambda r: r.update(guesses=" " + r["guesses"]),
}


@pytest.mark.parametrize("corruption", CSV_CORRUPTIONS)
def test_a_kept_csv_row_no_search_could_give_is_refused_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corruption: str
) -> None:
    """Such rows were kept word for word and counted in the medians."""
    args, out, rows, head = stopped_job(tmp_path, "csv", capsys)
    cells = dict(zip(HEADER.split(","), rows[1].rstrip("\n").split(",")))
    CSV_CORRUPTIONS[corruption](cells)
    kept = f"{head}{rows[0]}{','.join(cells.values())}\n"
    out.write_text(kept)
    assert main_rate(args) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith(f"sudoku-repl rate: Cannot continue {out}: line 4 is not a row of rate (")
    assert err.endswith("); --restart begins anew.")
    assert out.read_text() == kept  # nothing changed


JSON_CORRUPTIONS: dict[str, Callable[[dict[str, object]], None]] = {
    "complete 'yes'": lambda r: r.update(complete="yes"),
    "complete 'true'": lambda r: r.update(complete="true"),
    "line as text": lambda r: r.update(line=str(r["line"])),
    "steps_total -5": lambda r: r.update(steps_total=-5),
    "biggest_total 10**23": lambda r: r.update(biggest_total=10**23),
    "guesses 7.0": lambda r: r.update(guesses=7.0),
}


@pytest.mark.parametrize("corruption", JSON_CORRUPTIONS)
def test_a_kept_json_row_no_search_could_give_is_refused_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], corruption: str
) -> None:
    args, out, rows, head = stopped_job(tmp_path, "json", capsys)
    record = json.loads(rows[0])
    JSON_CORRUPTIONS[corruption](record)
    kept = head + json.dumps(record) + "\n"
    out.write_text(kept)
    assert main_rate(args) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith(f"sudoku-repl rate: Cannot continue {out}: line 2 is not a row of rate (")
    assert out.read_text() == kept


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_kept_rows_as_rate_wrote_them_are_continued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    """The checks refuse no row ``rate`` writes: two kept, the third rated."""
    args, out, rows, head = stopped_job(tmp_path, fmt, capsys)
    out.write_text(head + "".join(rows[:2]))
    assert main_rate(args) == 0
    assert "(2 rows kept from the run that stopped)" in capsys.readouterr().err
    written = out.read_text().splitlines(keepends=True)
    assert written[-3:-1] == rows[:2] and len(written) == 4 + (fmt == "csv")
    assert without_ms(written[-1], fmt) == without_ms(rows[2], fmt)


def without_ms(row: str, fmt: str) -> object:
    if fmt == "json":
        return {k: v for k, v in json.loads(row).items() if k != "ms"}
    return row.split(",")[:8] + row.split(",")[9:]


def test_kept_rows_of_a_max_steps_and_se_job_are_continued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rows with complete false (--max-steps) and Sudoku Explainer's columns, no rating among
    them (a search not finished says why), are rows rate writes."""
    args = [str(TOP95), "--limit", "3", "--scale", "se", "--max-steps", "200"]
    assert main_rate(args) == 0
    rows = capsys.readouterr().out.splitlines(keepends=True)
    assert any(",false,search not finished,," in row for row in rows)
    assert any(",true," in row for row in rows)
    out = tmp_path / "rows.csv"
    assert main_rate([*args, "--out", str(out)], lambda: True) == 130
    out.write_text("".join(rows[:4]))  # (the settings line, the header, two rows)
    assert main_rate([*args, "--out", str(out)]) == 0
    written = out.read_text().splitlines(keepends=True)
    assert written[:4] == rows[:4] and len(written) == 5
    assert without_ms(written[4], "csv") == without_ms(rows[4], "csv")
    capsys.readouterr()


# -- a quiz with very many solutions under --scale se -------------------------

#: an empty grid (10**21 solutions) and line 18 of multiple_solutions.txt: searches to the end
#: that never end
ENDLESS = ["." * 81, (PUZZLES / "multiple_solutions.txt").read_text().splitlines()[17]]


@pytest.mark.parametrize("scale", ["se", "both"])
def test_se_rows_of_quizzes_with_endless_searches_stop_at_the_second_solution(
    tmp_path: Path, scale: str
) -> None:
    """``--scale se`` searched such a quiz to its end before the rating could
    say it has several solutions: the file never ended, whatever --se-timeout. The search stops
    at the second solution (the subprocess's time limit is only what fails the old code); the
    first solution's figures are those of the steps scale."""
    quizzes = tmp_path / "endless.txt"
    quizzes.write_text("".join(q + "\n" for q in ENDLESS))
    done = run_program("rate", str(quizzes), "--scale", scale, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(without_settings(done.stdout))))
    assert [(r["solutions"], r["complete"], r["er"], r["ep"], r["ed"]) for r in rows] == [
        ("2", "false", "several solutions", "", "")
    ] * 2
    # (the steps scale's first solutions come at steps 118 and 78: 10,000 steps bound the
    # endless rest, which 100,000 took seconds of the pure engine to reach)
    steps = run_program("rate", str(quizzes), "--max-steps", "10000", text=True, timeout=120)
    first = [
        (r["steps_first"], r["biggest_first"])
        for r in csv.DictReader(io.StringIO(without_settings(steps.stdout)))
    ]
    assert [(r["steps_first"], r["biggest_first"]) for r in rows] == first
    assert all(int(r["steps_first"]) < int(r["steps_total"]) for r in rows)
    assert "; 2 stopped at a second solution;" in one_line(done.stderr)
    assert "--max-steps" not in done.stderr


def test_a_kept_se_row_stopped_at_the_second_solution_is_continued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Such a row is one rate writes (complete false without --max-steps); one with more
    solutions than two is not, with --scale se."""
    quizzes = tmp_path / "endless.txt"
    quizzes.write_text("".join(q + "\n" for q in ENDLESS))
    out = tmp_path / "rows.csv"
    args = [str(quizzes), "--scale", "se", "--out", str(out)]
    assert main_rate(args, lambda: True) == 130  # the job's marker and header, no row
    assert main_rate([str(quizzes), "--scale", "se"]) == 0
    settings, header, *rows = capsys.readouterr().out.splitlines(keepends=True)
    header = settings + header
    out.write_text(header + rows[0])
    assert main_rate(args) == 0
    assert "(1 row kept from the run that stopped)" in capsys.readouterr().err
    assert out.read_text().splitlines()[2] == rows[0].rstrip("\n")
    assert main_rate(args, lambda: True) == 130  # anew: the job is finished
    capsys.readouterr()
    out.write_text(header + rows[0].replace(",2,", ",3,", 1))
    assert main_rate(args) == 2
    assert one_line(capsys.readouterr().err).startswith(
        f"sudoku-repl rate: Cannot continue {out}: line 3 is not a row of rate (solutions 3 "
        "with --scale se, whose search stops at the second); --restart begins anew."
    )


# -- the minor lines ---------------------------------------------------------------------------


def test_a_marker_of_another_program_is_not_another_job_of_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The "another job" line listed ``--program`` (no such option) when the job file was not
    rate's: such a file is not rate's, said as an unreadable one is."""
    out = tmp_path / "rows.csv"
    args = [str(TOP95), "--limit", "2", "--out", str(out)]
    assert main_rate(args, lambda: True) == 130
    marker = tmp_path / "rows.csv.unfinished"
    job = json.loads(marker.read_text())
    for other in ({**job, "program": "another"}, {**job, "extra": 1}, {}, []):
        marker.write_text(json.dumps(other))
        capsys.readouterr()
        assert main_rate(args) == 2
        assert one_line(capsys.readouterr().err) == (
            f"sudoku-repl rate: Cannot continue {out}: {marker}: not what rate writes there; "
            "--restart begins anew."
        )


def test_a_broken_pipe_out_fifo_does_not_promise_a_continuation(tmp_path: Path) -> None:
    """The line said "the same command continues them", which a stream cannot be. The reader
    takes the first bytes, then goes away."""
    fifo = tmp_path / "rows.fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # there before the writer comes
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "sudoku_repl", "rate", str(FORUM), "--out", str(fifo)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert select.select([reader], [], [], 120)[0], "nothing came"
        first = os.read(reader, 10)
    finally:
        os.close(reader)
    out, err = proc.communicate(timeout=120)
    assert first == b"# sudoku-r"  # (the settings line, first)
    assert (proc.returncode, out) == (1, "")
    assert one_line(err) == (
        f"sudoku-repl rate: Cannot write {fifo}: Broken pipe; the rows before it were "
        "written; a stream is not continued (the same command rates every quiz again)."
    )


# -- 5.7: Ctrl-C while the program ends ------------------------------------------------------


@SLOW
def test_ctrl_c_held_while_rate_ends_is_status_130() -> None:
    """Ctrl-C typed again and again with the bar up, ``--jobs 2``: the summary
    printed, then death by SIGINT (-2) or a traceback from the interpreter's exit handlers.
    The first Ctrl-C reaches the bar (raw mode) while the rating is under way; each next one
    is sent when the last is seen (its echo, once the terminal is cooked again) or the
    summary is, to the process's end."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sudoku_repl", "rate", str(FORUM), "--jobs", "2"],
        cwd=str(REPO),
        encoding="utf-8",
        timeout=120,
        dimensions=(24, 100),
    )
    child.expect_exact("\x1b[6n")  # the cursor position request, answered as a terminal would
    child.send("\x1b[1;1R")
    child.expect(r"forum_hardest_1905_11plus_sample1000\.txt +\d+\.\d%")  # under way
    child.sendcontrol("c")
    seen = ""
    while True:
        got = child.expect([pexpect.EOF, r"\^C", r"sudoku-repl rate: [^\r\n]*\r\n"])
        seen += child.before + (child.after if got else "")
        if got == 0:
            break
        child.sendcontrol("c")
    # waited for, not closed: close() of a child still alive (its terminal's end closed while
    # it exits) sends it SIGHUP and SIGINT, and the status would be pexpect's, not the program's
    child.wait()
    child.close()
    assert "sudoku-repl rate: interrupted: " in seen  # (not ended before the first Ctrl-C)
    assert "Traceback" not in seen and "Exception" not in seen, seen[-2000:]
    assert (child.exitstatus, child.signalstatus) == (130, None)


# -- 5.5: Dask peers that never answer, or answer garbage ------------------------------------


class Peer:
    """A TCP server on 127.0.0.1 (a free port) that accepts connections, sends ``answer``
    on each (nothing: a peer that never answers) and keeps them open; ``accepted`` is set at
    the first connection."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.accepted = threading.Event()
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.kept: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:  # closed: the test is over
                return
            self.kept.append(conn)
            self.accepted.set()
            with contextlib.suppress(OSError):
                conn.sendall(self.answer)

    def close(self) -> None:
        self.server.shutdown(socket.SHUT_RDWR)  # (wakes the accept: close alone would not)
        self.server.close()
        for conn in self.kept:
            conn.close()
        self.thread.join()


@contextlib.contextmanager
def peer(answer: bytes) -> Iterator[Peer]:
    server = Peer(answer)
    try:
        yield server
    finally:
        server.close()


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (b"", "no answer within 3 s."),
        # (in brackets: distributed's exception, which its releases change: OverflowError,
        # ValueError)
        (b"\xff" * 64, "the answer is not a Dask scheduler's ("),
        (b"HTTP/1.1 400 Bad Request\r\n\r\n", "the answer is not a Dask scheduler's ("),
    ],
)
def test_a_dask_peer_that_never_answers_or_answers_garbage_is_one_line(
    tmp_path: Path, answer: bytes, says: str
) -> None:
    """A peer that accepts and never answers was waited on 100 s and more past
    the 3 s connect limit; one that sends garbage gave distributed's OverflowError traceback.
    (The subprocess's own time limit is what fails the test that waits.)"""
    pytest.importorskip("distributed", reason=NO_DASK)
    out = tmp_path / "rows.csv"
    with peer(answer) as server:
        where = f"dask://127.0.0.1:{server.port}"
        done = run_program(
            "rate", str(TOP95), "--executor", where, "--out", str(out), text=True, timeout=30
        )
        assert server.accepted.is_set()
    assert (done.returncode, done.stdout) == (2, "")
    assert one_line(done.stderr).startswith(
        f"sudoku-repl rate: Cannot reach the Dask scheduler at {where}: {says}"
    )
    assert not out.exists()  # refused before --out was touched


def test_ctrl_c_while_a_silent_peer_is_waited_on_ends_the_wait() -> None:
    """Ctrl-C (the stop flag) while the scheduler's answer is awaited ends the wait at once,
    in one line (the time limit is far off here: only the flag can end it)."""
    pytest.importorskip("distributed", reason=NO_DASK)
    from sudoku_repl.core.errors import UserError
    from sudoku_repl.tools.rating.on_dask import dask_pool

    with peer(b"") as server:
        where = f"dask://127.0.0.1:{server.port}"
        with pytest.raises(UserError) as raised:
            dask_pool(where, 1, timeout=600, stop=server.accepted.is_set)
    assert raised.value.line == f"Interrupted while reaching the Dask scheduler at {where}."


UNREAD = (
    "import asyncio, gc, sys\n"
    "from sudoku_repl.tools.rating import on_dask\n"
    "if sys.argv[1] == 'dropped':\n"
    "    on_dask._drop_unread_timeouts()\n"
    "loop = asyncio.new_event_loop()\n"
    "for error in (TimeoutError('Timeout'), ValueError('kept')):\n"
    "    future = loop.create_future()\n"
    "    future.set_exception(error)\n"
    "    del future\n"
    "    gc.collect()\n"
    "loop.close()\n"
)


def test_an_unread_timeout_of_a_clusters_close_is_not_logged_and_other_errors_are() -> None:
    """A local cluster's close on a busy machine leaves a timeout nobody reads; asyncio logs it
    when it is collected, at any time up to the interpreter's exit. The filter drops that one
    line and nothing else: an unread ValueError is still said."""
    pytest.importorskip("distributed", reason=NO_DASK)
    said = {
        how: subprocess.run(
            [sys.executable, "-c", UNREAD, how], cwd=REPO, capture_output=True, text=True
        ).stderr
        for how in ("dropped", "kept")
    }
    assert said["kept"].count("Future exception was never retrieved") == 2
    assert "TimeoutError: Timeout" in said["kept"]
    assert said["dropped"].count("Future exception was never retrieved") == 1
    assert "ValueError: kept" in said["dropped"]
    assert "TimeoutError" not in said["dropped"]


def test_a_local_clusters_workers_keep_their_shutdown_errors_to_themselves(
    tmp_path: Path,
) -> None:
    """After a Ctrl-C a worker logged "Failed to communicate with scheduler during heartbeat"
    and a tornado CommClosedError traceback; a worker's logs at ERROR are not printed (its
    real failures reach the command as its futures' exceptions). In a child process (pytest
    takes the logs of its own), with the workers as threads of it."""
    pytest.importorskip("distributed", reason=NO_DASK)
    code = (
        "import logging, sys, dask\n"
        "from sudoku_repl.tools.rating.on_dask import dask_pool\n"
        "with dask.config.set({'temporary_directory': sys.argv[1]}):\n"
        "    pool = dask_pool('dask', 1, processes=False)\n"
        "logging.getLogger('distributed.worker').error('Failed to communicate with scheduler')\n"
        "pool.end(True)\n"
        "print('ended')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], cwd=REPO, capture_output=True, text=True
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, "ended\n", "")

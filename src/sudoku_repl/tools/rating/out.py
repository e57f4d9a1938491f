"""``rate --out FILE``: rows appended as they are rated, made durable in batches, and a run that
stopped (Ctrl-C, kill -9, a crash, a full disk) continued by the same command.

While a job is unfinished, ``FILE.unfinished`` lies beside FILE: what the rows depend on (the
quizzes of the window rated, by a digest; the format, scale, run mode, ``--max-steps``,
``--se-timeout``), in JSON. The same command finds it and goes on after the rows FILE holds;
another job (other quizzes or options) is refused in one line unless ``restart`` is asked for.
It is removed once the last row is durable, so a FILE without it is a finished one (or not
ours), and a new run replaces it. A torn last line (a kill in the middle of a write) is cut
off; every row kept is checked against the quiz it belongs to. The output stays plain CSV or
JSON lines: what says whose it is lies in the other file.

A FIFO, a device or a terminal given as FILE is written as a stream: no resume, no fsync.

``generate --out`` writes its puzzles the same way: its job names its program, and
its marker also holds how far the work went (``Out.note``: the tasks whose puzzles are durable
in FILE), rewritten as the rows are made durable, so that the same command goes on from there.
"""

from __future__ import annotations

import csv
import errno
import fcntl
import hashlib
import json
import os
import stat
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

import attrs

from sudoku_repl.core.errors import PATH, QuizError, UserError, file_error, os_reason, shown
from sudoku_repl.core.quiz import SUKAKU, Quiz
from sudoku_repl.text.files import Named, named, same_file, write_atomic
from sudoku_repl.text.quiz_files import pencil_mark_quiz
from sudoku_repl.tools.rating.rate import Rated, Rating, se_ratings
from sudoku_repl.tools.rating.rows import COLUMNS, PROG, SE_COLUMNS, text_figures
from sudoku_repl.tools.rating.scales import COLUMNS as MEASURE_COLUMNS
from sudoku_repl.tools.rating.scales import ROW_MEASURES

SUFFIX = ".unfinished"
#: the marker's key of how far a job went (``Out.note``), beside the job's own
PROGRESS = "progress"
Row = TypeVar("Row")  # a row read back: ``Rated`` (rate), a puzzle made (generate)
#: characters of what is wrong with a kept line, quoted back
WHY = 80
#: a batch of rows made durable (fsync) together: after this many rows or this many seconds
SYNC_ROWS = 64
SYNC_SECONDS = 2.0


def job(quizzes: Sequence[tuple[int, Quiz]], **options: object) -> dict[str, object]:
    """What a job's rows depend on: its quizzes (count and digest of their line numbers and
    texts) and the ``options`` that shape the rows."""
    digest = hashlib.sha256()
    for line, quiz in quizzes:
        digest.update(f"{line} {quiz}\n".encode())
    return {"program": PROG, "quizzes": len(quizzes), "sha256": digest.hexdigest(), **options}


class WriteFailed(UserError):
    """FILE could not be written (a full disk): not a refusal of the command line, the rows
    before it kept (``line`` says what became of them)."""


def _write(fd: int, data: bytes) -> int:
    """``os.write``: the seam where the tests fill the disk."""
    return os.write(fd, data)


class Out:
    """FILE open for appending rows."""

    def __init__(
        self,
        path: str,
        fd: int,
        size: int,
        marker: str | None,
        write: Callable[[int, bytes], int] | None = None,
        clock: Callable[[], float] = time.monotonic,
        job: dict[str, object] | None = None,
        resumed: object = None,
        fresh: str | None = None,
    ) -> None:
        self.path = path
        #: a new job's FILE not begun yet: the header (or "") it begins with at the first row,
        #: which empties FILE first (``_begin``); None: begun (or continued, or a stream)
        self._fresh = fresh
        self.job = job or {}  # the job the rows are of (with what an earlier run adopted)
        #: how far the run that stopped had gone (its last ``note``), None: a new job
        self.resumed = resumed
        self._noted: object = resumed  # what the marker says; ``_noting``: to say at a sync
        self._noting: object = resumed
        self._fd = fd
        self._size = size  # bytes of whole rows (and header) in the file
        self._marker = marker  # the .unfinished file; None: a stream (FIFO, device)
        self._write = write or _write
        self._clock = clock
        self._unsynced = 0
        self._synced_at = clock()

    def note(self, progress: object) -> None:
        """How far the job has gone once the rows appended so far are durable (JSON data): the
        marker says it from the next sync on (one within ``SYNC_SECONDS``), never before those
        rows are durable."""
        self._noting = progress
        if self._clock() - self._synced_at >= SYNC_SECONDS:
            self.sync()

    def append(self, text: str) -> None:
        """Write ``text`` (whole lines) at the end; durable in batches. On an error (a full
        disk), the part of it written is cut off again and ``UserError`` says what happened."""
        if self._fresh is not None:
            self._begin(self._fresh)
        data = text.encode()
        try:
            done = 0
            while done < len(data):
                done += self._write(self._fd, data[done:])
        except OSError as e:
            self._cut()
            raise WriteFailed(
                file_error("Cannot write", self.path, e).rstrip(".") + "; " + self.after_stop()
            ) from None
        self._size += len(data)
        self._unsynced += text.count("\n")  # (rows)
        if self._unsynced >= SYNC_ROWS or self._clock() - self._synced_at >= SYNC_SECONDS:
            self.sync()

    def _begin(self, header: str) -> None:
        """A new job's first row is coming: FILE emptied (its header written), then the
        marker saying whose it is (a kill between the two leaves an empty FILE, no rows to
        trust); until now FILE and any marker were as they were."""
        assert self._marker is not None
        try:
            os.ftruncate(self._fd, 0)
            os.lseek(self._fd, 0, os.SEEK_SET)
            _sync_folder(self._marker)
            write_atomic(self._marker, json.dumps(self.job, indent=1) + "\n")
        except OSError as e:
            raise WriteFailed(file_error("Cannot write", self.path, e)) from None
        self._fresh = None
        self._size = 0
        if header:
            self.append(header)

    @property
    def begun(self) -> bool:
        """Whether FILE holds this job's rows (a new job's, once the first is written)."""
        return self._fresh is None

    @property
    def continued(self) -> bool:
        """Whether the same command continues a job stopped midway: a file, not a stream."""
        return self._marker is not None

    def after_stop(self) -> str:
        """What became of the rows when the job stopped midway (a sentence)."""
        if self.continued:
            return "the rows before it are kept, and the same command continues them."
        return "the rows before it were written; a stream is not continued (the same command rates every quiz again)."

    def _cut(self) -> None:
        if self._marker is None:
            return
        try:
            os.ftruncate(self._fd, self._size)
        except OSError:  # the next run cuts the torn line
            pass

    def sync(self) -> None:
        if self._marker is not None and self._fresh is None:
            try:
                os.fsync(self._fd)
                if self._noting != self._noted:  # (after the rows it counts are durable)
                    marked = {**self.job, PROGRESS: self._noting}
                    write_atomic(self._marker, json.dumps(marked, indent=1) + "\n")
                    self._noted = self._noting
            except OSError as e:
                raise WriteFailed(file_error("Cannot write", self.path, e)) from None
        self._unsynced = 0
        self._synced_at = self._clock()

    def close(self, finished: bool) -> None:
        """Make every row durable; a ``finished`` job's marker goes (before the file is
        closed, which ends its lock: another run finds the job finished or unfinished, never
        half way)."""
        try:
            if self._fresh is not None:  # no row: FILE and any marker left as they were
                return
            if finished or self._unsynced or self._noting != self._noted:
                self.sync()
            if finished and self._marker is not None:
                try:
                    os.unlink(self._marker)
                    _sync_folder(self._marker)
                except FileNotFoundError:
                    pass
                except OSError as e:
                    raise UserError(file_error("Cannot remove", self._marker, e)) from None
        finally:
            os.close(self._fd)


def restart_needs_out(restart: bool, out: str | None) -> None:
    """``UserError`` for ``--restart`` without ``--out`` (it begins FILE anew: without one it
    would do nothing, silently)."""
    if restart and out is None:
        raise UserError("--restart begins an --out FILE anew; give --out FILE.")


def open_out(
    path: str,
    this_job: dict[str, object],
    header: str,
    parse: Callable[[str], Row],
    restart: bool = False,
    adopted: Sequence[str] = (),
    check: Callable[[dict[str, object]], str | None] | None = None,
    keep: bool = False,
) -> tuple[Out, list[Row]]:
    """FILE ready for the rows of ``this_job``, and the rows it already holds of it (from an
    earlier run that stopped). ``parse`` reads one row back. Raises ``UserError`` when FILE
    cannot be written, or is the unfinished output of another job (unless ``restart``).
    ``adopted``: the keys of ``this_job`` that, None there, take the earlier run's value (the
    seed ``generate`` drew: ``Out.job`` has it). ``check``: what is wrong with the marker of
    a run that stopped (its job with ``PROGRESS``; None: nothing), said in one line naming
    ``--restart``. ``keep``: a new job leaves FILE as it was until its first row
    (``generate``: a run stopped before its first puzzle loses nothing)."""
    who = _who(this_job)
    name = named(path)  # (a link to a file is refused: the rows go where the name says)
    if name.stream:
        return _stream(name, header), []
    target = name.path
    marker = target + SUFFIX
    try:
        _check_marker_kind(os.stat(marker).st_mode, marker, path, who)
    except OSError:  # none (or unreadable: said below)
        pass
    fd, made = _locked(target, path, who)
    resumed: object = None
    rows: list[Row] = []
    size = 0
    try:
        earlier = None if restart else _read_marker(marker, path, who)
        why = None if earlier is None or check is None else check(earlier)
        if why:
            raise UserError(_bad_marker(path, marker, why))
        if earlier is not None:
            resumed = earlier.pop(PROGRESS, None)
            this_job = {
                key: earlier.get(key) if key in adopted and value is None else value
                for key, value in this_job.items()
            }
        if earlier is not None and earlier != this_job:
            if earlier.keys() != this_job.keys() or earlier["program"] != this_job["program"]:
                raise UserError(_bad_marker(path, marker, f"not what {who} writes there"))
            raise UserError(_other_job(path, earlier, this_job))
        if earlier is None and not keep:  # emptied first: a kill before the marker leaves
            os.ftruncate(fd, 0)  # no rows to trust (``keep``: at the first row, ``Out._begin``)
            _sync_folder(target)
            write_atomic(marker, json.dumps(this_job, indent=1) + "\n")
        elif earlier is not None:
            size, rows = _kept(fd, path, header, parse, who)
    except BaseException as e:
        if made and os.fstat(fd).st_size == 0:  # refused: nothing left behind
            os.unlink(target)
        os.close(fd)
        if isinstance(e, OSError):
            raise UserError(file_error("Cannot write", path, e)) from None
        raise
    fresh = header if earlier is None and keep else None
    out = Out(path, fd, size, marker, job=this_job, resumed=resumed, fresh=fresh)
    if size == 0 and header and fresh is None:
        out.append(header)
    return out, rows


def check_apart(read: Sequence[tuple[str, str]], written: Sequence[tuple[str, str | None]]) -> None:
    """Refuse an output that is a file read (``read``: what it is, its name), or another
    output (``written``: the option, its name, None: not given), under any name (a link, a
    hard link, ``./``), before anything is written: ``--out`` empties its file and writes its
    job file beside it (FILE.unfinished), ``--plot`` replaces its file (``rate``, ``generate``:
    one check)."""
    taken = [(what, path) for what, path in read]
    for option, path in written:
        if path is None:
            continue
        outputs = [(path, "it", path)]
        job_file = path + SUFFIX
        if option == "--out":  # (beside the file a link leads to)
            target = os.path.realpath(os.path.expanduser(path))
            linked = target != os.path.abspath(os.path.expanduser(path))
            job_file = (target if linked else path) + SUFFIX
            outputs.append((job_file, f"its job file {shown(job_file, PATH)}", job_file))
        for name, subject, shown_as in outputs:
            for what, other in taken:
                if same_file(name, other):
                    said = what if other == shown_as else f"{what}, {shown(other, PATH)}"
                    raise UserError(
                        file_error("Cannot write", path, f"{subject} is {said}").rstrip(".")
                        + f"; give {option} another file."
                    )
        taken += [(f"the {option} file", path)]
        if option == "--out":
            taken += [("the job file of --out", job_file)]


def _who(job: dict[str, object]) -> str:
    """The program a job is of, in the lines: ``rate``, ``generate``."""
    return str(job.get("program", PROG)).removeprefix("sudoku-repl ")


def _locked(target: str, path: str, who: str = "rate") -> tuple[int, bool]:
    """FILE opened for reading and writing (made if missing: the second of the pair says so;
    else left as it is), locked for this
    run: two runs on one ``--out`` would glue their rows together, so the second is refused
    before it writes anything. A POSIX record lock (``lockf``): the process's own, not shared
    with the worker processes it forks, and gone with it (a kill -9 leaves no lock behind).
    It also goes when this process closes any descriptor of FILE, so FILE is read here
    through this one alone (``_kept``)."""
    made = True
    try:
        try:
            fd = os.open(
                target, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW, 0o666
            )
        except FileExistsError:
            made = False
            fd = os.open(target, os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW)
    except (OSError, ValueError) as e:
        raise UserError(file_error("Cannot write", path, e)) from None
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        os.close(fd)
        if e.errno not in (errno.EACCES, errno.EAGAIN):
            raise UserError(file_error("Cannot write", path, e)) from None
        raise UserError(
            file_error("Cannot write", path, f"another {who} is writing it").rstrip(".")
            + "; give another --out, or run this once it has ended."
        ) from None
    return fd, made


def _read_marker(marker: str, path: str, who: str = "rate") -> dict[str, object] | None:
    """What the job that left ``marker`` was (``job``), None when there is none. Opened
    without waiting: a FIFO of that name would wait for a writer for ever (and Ctrl-C, which
    the rating takes, would not end the wait), so it is refused as any other FIFO is."""
    try:
        fd = os.open(marker, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        raise UserError(_bad_marker(path, marker, os_reason(e))) from None
    try:
        with os.fdopen(fd, "rb") as f:
            _check_marker_kind(os.fstat(f.fileno()).st_mode, marker, path, who)
            earlier = json.loads(f.read().decode("utf-8"))
    except OSError as e:
        raise UserError(_bad_marker(path, marker, os_reason(e))) from None
    except ValueError:
        earlier = None
    if not isinstance(earlier, dict):
        raise UserError(_bad_marker(path, marker, f"not what {who} writes there"))
    return earlier


def _check_marker_kind(mode: int, marker: str, path: str, who: str = "rate") -> None:
    """Refuse a marker that is not a regular file (``stat`` mode ``mode``): ``who`` (rate,
    generate) never makes one, and reading or replacing it could wait for ever or take another
    program's file."""
    kind = _special_kinds(mode)
    if kind is not None:
        raise UserError(
            file_error("Cannot continue", path, f"{shown(marker, PATH)} is {kind}").rstrip(".")
            + f", where {who} keeps a file of its own; remove it, or give another --out."
        )


def _special_kinds(mode: int) -> str | None:
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return None


_KINDS = (
    (stat.S_ISFIFO, "a FIFO"), (stat.S_ISDIR, "a directory"), (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
)  # fmt: skip


def _bad_marker(path: str, marker: str, why: str) -> str:
    return (
        file_error("Cannot continue", path, f"{shown(marker, PATH)}: {why}").rstrip(".")
        + "; --restart begins anew."
    )


#: a job's keys that name no option, in words (rate's quizzes; generate's targets, its --near
#: puzzles by their digest)
_NOT_OPTIONS = {
    "quizzes": "the quizzes",
    "sha256": "the quizzes",
    "targets": "the targets",
    "near": "the puzzles of --near",
}


def _other_job(path: str, earlier: dict[str, object], this_job: dict[str, object]) -> str:
    """The line refusing another job's rows: what differs, in the options' own names (the
    program and the keys are the same: a marker of another program is refused before)."""
    differ = [
        _NOT_OPTIONS.get(key, f"--{key.replace('_', '-')}")
        for key in this_job
        if key != "program" and earlier.get(key) != this_job[key]
    ]
    return (
        f"{shown(path, PATH)} holds the unfinished rows of another job "
        f"({', '.join(dict.fromkeys(differ))} differ); give --restart to begin anew, or "
        "another --out."
    )


def _kept(
    fd: int, path: str, header: str, parse: Callable[[str], Row], who: str = "rate"
) -> tuple[int, list[Row]]:
    """The whole rows at the start of FILE (read from ``fd``): (their size in bytes, the rows);
    a torn last line is cut off. Raises ``UserError`` for a line that is not a row of ours."""
    data = _read_all(fd)
    whole = data[: data.rfind(b"\n") + 1]
    if len(whole) < len(data):
        os.ftruncate(fd, len(whole))
    os.lseek(fd, 0, os.SEEK_END)
    lines = whole.decode("utf-8", errors="replace").splitlines(keepends=True)
    if not lines:
        return 0, []
    rows: list[Row] = []
    first = 0
    if header:  # (a line or two: rate's settings line, then its columns' line)
        heading = header.splitlines(keepends=True)
        for n, (line, want) in enumerate(zip(lines, heading), 1):
            if line != want:
                return _header_fault(path, n, line, who)
        if len(lines) < len(heading):  # (a kill between the two: no row yet)
            raise UserError(_not_ours(path, len(lines), "not the header", who))
        first = len(heading)
    for n, text in enumerate(lines[first:], first + 1):
        try:
            rows.append(parse(text))
        except (ValueError, KeyError, TypeError, IndexError, QuizError, StopIteration) as e:
            raise UserError(_not_ours(path, n, str(e) or type(e).__name__, who)) from None
    return len(whole), rows


def _header_fault(path: str, n: int, line: str, who: str) -> NoReturn:
    """Refuse FILE whose line ``n`` is not the header's: another version's or settings' line
    (rate's first line, ``#``) is said as such."""
    if n == 1 and line.startswith("# "):
        raise UserError(
            f"Cannot continue {shown(path, PATH)}: its rows were made by another version or "
            f"with other settings ({shown(line.strip(), WHY)}); --restart begins anew."
        )
    raise UserError(_not_ours(path, n, "not the header", who))


def _read_all(fd: int) -> bytes:
    """The whole file ``fd`` is open on, read through it (no second descriptor: closing one
    would drop the lock, ``_locked``)."""
    parts = []
    offset = 0
    while part := os.pread(fd, 1 << 24, offset):
        parts.append(part)
        offset += len(part)
    return b"".join(parts)


def _not_ours(path: str, n: int, why: str, who: str = "rate") -> str:
    return (
        f"Cannot continue {shown(path, PATH)}: line {n} is not a row of {who} "
        f"({shown(why, WHY)}); "
        "--restart begins anew."
    )


def check_kept(
    path: str, rows: Sequence[Rated], quizzes: Sequence[tuple[int, Quiz]], first: int = 2
) -> None:
    """Each row kept belongs to the quiz at its place (line number and quiz); ``first``: the
    file's line of the first row (1 without a header)."""
    if len(rows) > len(quizzes):
        raise UserError(
            f"Cannot continue {shown(path, PATH)}: it holds {len(rows)} rows, more than the "
            f"{len(quizzes)} quizzes of this job; --restart begins anew."
        )
    for k, ((line, quiz, _), (want_line, want)) in enumerate(zip(rows, quizzes)):
        if line != want_line or str(quiz) != str(want):
            why = f"line {line} is not quiz {k + 1} of the job"
            raise UserError(_not_ours(path, k + first, why))


def _stream(name: Named, header: str) -> Out:
    """A FIFO, a device, a socket's name: opened and written, never replaced."""
    out = Out(name.given, name.open_stream(), 0, None)
    if header:
        out.append(header)
    return out


def _sync_folder(path: str) -> None:
    """Make a file's creation or removal durable (its folder's entry)."""
    try:
        fd = os.open(os.path.dirname(path) or ".", os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- reading rows back -----------------------------------------------------------------------


def _number(text: object) -> int | None:
    return None if text in ("", None) else int(str(text))


def parse_csv(text: str, names: Sequence[str] = COLUMNS) -> Rated:
    """One CSV row back: (line, quiz, rating), its cells the job's columns ``names``
    (``rate_rows.columns``). A row with no quote is its cells joined by commas (what ``csv_row``
    writes for a classic quiz): split as it is, the ``csv`` module only for the others (a run
    that was stopped may keep many thousands of rows)."""
    if '"' in text:
        cells = next(csv.reader([text]))
    else:
        cells = text.rstrip("\r\n").split(",")
    if len(cells) != len(names):
        raise ValueError(f"{len(cells)} columns, want {len(names)}")
    return _rated(dict(zip(names, cells)))


def parse_json(text: str) -> Rated:
    """One JSON line back (its figures as the CSV writes them: ``rows.text_figures``)."""
    record = json.loads(text)
    if not isinstance(record, dict):
        raise ValueError("not a JSON object")
    text_figures(record, _why_unrated)
    return _rated(record)


def _why_unrated(solutions: int, complete: bool) -> str | None:
    """What ER says of a quiz without one solution (``se_ratings``' words), None for one with
    one (rated: its ER is a figure)."""
    if solutions == 1 and complete:
        return None
    why = se_ratings("", solutions, complete, 0.0)["er"]  # (rates nothing: says why)
    return None if why is None else str(why)


def _plan(kept: object) -> tuple[dict[str, object], ...] | None:
    """A kept row's plan (``rate --plan``), as it was written."""
    if kept is None:
        return None
    if not isinstance(kept, list) or not all(isinstance(step, dict) for step in kept):
        raise ValueError("its plan is not a list of steps")
    return tuple(kept)


def _rated(record: dict[str, object]) -> Rated:
    complete = record["complete"]
    se = {
        name: (None if record.get(name) in ("", None) else str(record[name])) for name in SE_COLUMNS
    }
    ilp_ms = record.get("ilp_ms")
    rating = Rating(
        steps_first=_number(record["steps_first"]),
        biggest_first=_number(record["biggest_first"]),
        steps_total=int(str(record["steps_total"])),
        solutions=int(str(record["solutions"])),
        biggest_total=int(str(record["biggest_total"])),
        guesses=int(str(record["guesses"])),
        ms=float(str(record["ms"])),
        complete=complete is True or complete == "true",
        er=se["er"],
        ep=se["ep"],
        ed=se["ed"],
        ilp_solutions=_number(record.get("ilp_solutions")),
        ilp_ms=None if ilp_ms in ("", None) else float(str(ilp_ms)),
        ilp_nodes=_number(record.get("ilp_nodes")),
        plan=_plan(record.get("plan")),
    )
    rating = attrs.evolve(rating, **_order_free(record))
    text = str(record["quiz"])
    quiz = pencil_mark_quiz(text) if len(text) == SUKAKU else Quiz.from_string(text)
    return int(str(record["line"])), quiz, rating


def _order_free(record: dict[str, object]) -> dict[str, Any]:
    """The figures of a row read back beside the search's and Sudoku Explainer's (order luck,
    the order-free measures: those whose columns it has)."""
    figures: dict[str, Any] = {}
    measured = []
    for measure in ROW_MEASURES:
        names = MEASURE_COLUMNS[measure]
        if not all(name in record for name in names):
            continue
        measured.append(measure)
        for name in names:
            value = record[name]
            text = None if value in ("", None) else str(value)
            figures[name] = text if name in _TEXT_FIGURES or text is None else int(text)
    figures["measured"] = tuple(measured)
    return figures


#: the order-free figures written as text (``>7``, ``>=9.0``), not as whole numbers
_TEXT_FIGURES = frozenset(
    {"te", "b", "bxb", "bxbb", "guess_depth", "fewest_guesses", "er_min", "er_median", "er_max",
     "er_canonical"}
)  # fmt: skip

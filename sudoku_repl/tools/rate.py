"""``sudoku-repl rate``: the figures of every quiz of a one-per-line file, as CSV or JSON lines.

A *rating* is computed by ONE search from the loaded quiz: ``run`` to the first solution (its
steps and biggest level), then ``runrun 0`` to the end (total steps, solution sum); the biggest
level of the whole search is the larger of the two runs' (docs/engine.md 9). A *guess* is a new
guess (``events.GUESS``; Forward and Upward guesses are not counted). The figures depend on the
quiz alone, so they are the same with 1 or N worker processes, on any machine; only ``ms`` (the
wall time of that quiz's search) varies.

An *entry* is a meaningful line of the file (neither blank nor a ``#`` comment): a quiz, or a
malformed line, reported with its line number and skipped. ``--skip``/``--limit`` count entries.
A file that is not one quiz per line (``quiz_files.one_per_line``: no line of 27 cells or more
among its first nine) is read as ``load-quiz`` reads it, one quiz and one entry: the nine-line
format, say. A file with no quiz is refused in one line.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import signal
import statistics
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import closing
from functools import partial
from operator import attrgetter

import attrs

from sudoku_repl.core import modes, native
from sudoku_repl.core.engine import Engine
from sudoku_repl.core.errors import PATH, QuizError, UserError, file_error, shown
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.state import FINISHED
from sudoku_repl.text import quiz_files
from sudoku_repl.text.files import open_input
from sudoku_repl.text.quiz_files import is_quiz_string

PROG = "sudoku-repl rate"
COLUMNS = (
    "line", "quiz", "steps_first", "biggest_first", "steps_total", "solutions",
    "biggest_total", "guesses", "ms", "complete",
)  # fmt: skip
#: the columns ``--scale se`` adds: Sudoku Explainer's ratings (``techniques/explainer``)
SE_COLUMNS = ("er", "ep", "ed")
#: the scales ``rate`` knows: the solver's own figures, and those with Sudoku Explainer's
SCALES = ("steps", "se")


@attrs.frozen
class Rating:
    """One quiz's figures. ``steps_first``/``biggest_first`` are None when no solution was found
    (none exists, or ``max_steps`` came first); ``complete`` is False when ``max_steps`` stopped
    the search, and then ``steps_total``/``solutions`` are what had been reached."""

    steps_first: int | None
    biggest_first: int | None
    steps_total: int
    solutions: int
    biggest_total: int
    guesses: int
    ms: float
    complete: bool
    #: Sudoku Explainer's ER, EP, ED (``--scale se``): ``"7.2"``, ``">=8.5"`` (the time limit
    #: came first), or for ER what stood in the way (``no solution``); None: not asked for
    er: str | None = None
    ep: str | None = None
    ed: str | None = None

    def __reduce__(self) -> tuple[type[Rating], tuple[object, ...]]:
        """Pickled as its fields (a worker's ratings cross to the parent: half the cost of
        attrs' state dictionaries)."""
        return Rating, _rating_fields(self)


#: a Rating's fields in their order, as a tuple (``Rating.__reduce__``, ``fields``)
_RATING_NAMES = tuple(field.name for field in attrs.fields(Rating))
_rating_fields = attrgetter(*_RATING_NAMES)


Rated = tuple[int, Quiz, Rating]  # (line number, quiz, rating)


class Interrupted(Exception):
    """The stop flag was raised during a quiz's search: it has no rating."""


def _never() -> bool:
    return False


class _Engines(threading.local):
    """Per thread (a Dask worker rates in several), an engine of each class that rates quiz
    after quiz (``Engine.reload``: making one costs a third of a 17-clue quiz's rating)."""

    def __init__(self) -> None:
        self.kept: dict[type[Engine], Engine] = {}


_engines = _Engines()
#: steps searched between two looks at the stop flag (a few milliseconds)
POLL_STEPS = 512


def _engine(givens: Sequence[int]) -> Engine:
    """This thread's engine of the build's class, with these givens loaded."""
    engine_type = native.engine_type()
    engine = _engines.kept.get(engine_type)
    if engine is None:
        engine = _engines.kept[engine_type] = engine_type.from_givens(givens)
    else:
        engine.reload(givens)
    return engine


def rate_quiz(
    quiz81: str,
    max_steps: int | None = None,
    interrupted: Callable[[], bool] = _never,
    run_mode: int = 0,
    to_end: bool = True,
    se_timeout: float | None = None,
) -> Rating:
    """The figures of one 81-character quiz. Raises ``QuizError`` for a bad quiz and
    ``Interrupted`` when ``interrupted()`` turns true (it is polled every ``POLL_STEPS``
    steps). ``to_end=False`` stops at the first solution (what ``generate`` shows): the totals
    are then the figures reached there. ``se_timeout``: also Sudoku Explainer's ratings, each
    quiz's within that many seconds (a quiz without exactly one solution gets none, and says
    why). The search is the one ``run`` then ``runrun 0`` make in a session, without the
    record a session keeps (``Engine.search``)."""
    if not is_quiz_string(quiz81):
        raise QuizError(f"Invalid quiz: {len(quiz81)} characters, want 81 of 0-9 or '.'.")
    quiz = Quiz.from_string(quiz81)
    modes.check(run_mode)
    start = time.perf_counter()
    engine = _engine(quiz.givens)
    biggest_first, guesses = _search(engine, run_mode, 1, max_steps, interrupted)
    found = engine.solutions > 0
    steps_first = engine.steps if found else None
    biggest = biggest_first
    if to_end:  # no step at all if finished or at max_steps
        biggest_rest, more = _search(engine, run_mode, 0, max_steps, interrupted)
        biggest, guesses = max(biggest, biggest_rest), guesses + more
    ms = (time.perf_counter() - start) * 1000
    complete = engine.status is FINISHED
    se: dict[str, str | None] = {}
    if se_timeout is not None:
        se = se_ratings(quiz81, engine.solutions, complete, se_timeout, interrupted)
    return Rating(
        steps_first=steps_first,
        biggest_first=biggest_first if found else None,
        steps_total=engine.steps,
        solutions=engine.solutions,
        biggest_total=biggest,
        guesses=guesses,
        ms=ms,
        complete=complete,
        **se,
    )


def _search(
    engine: Engine,
    run_mode: int,
    solutions: int,
    max_steps: int | None,
    interrupted: Callable[[], bool],
) -> tuple[int, int]:
    """``run`` (``solutions`` 1) or ``runrun 0`` (0) on the engine, ``POLL_STEPS`` steps at
    a time, ``interrupted`` polled before each batch: (the biggest new guess level, how many
    new guesses)."""
    first = engine.solutions
    biggest = guesses = 0
    while True:
        if interrupted():
            raise Interrupted
        done, most, new = engine.search(run_mode, POLL_STEPS, solutions, first, max_steps)
        biggest, guesses = max(biggest, most), guesses + new
        if done < POLL_STEPS:
            return biggest, guesses


def se_ratings(
    quiz81: str,
    solutions: int,
    complete: bool,
    timeout: float,
    interrupted: Callable[[], bool] = _never,
) -> dict[str, str | None]:
    """ER, EP and ED of a quiz with one solution (``">=X"`` when the time limit came first);
    for any other quiz, ER says why there is no rating. ``Interrupted`` once ``interrupted()``
    turns true (polled where the rating looks at its time limit: before each technique)."""
    if solutions != 1 or not complete:
        why = "no solution" if solutions == 0 else "several solutions" if solutions > 1 else ""
        return {"er": why or "search not finished", "ep": None, "ed": None}
    from sudoku_repl.techniques.explainer import rate as se_rate
    from sudoku_repl.techniques.explainer.rating import Interrupted as RatingInterrupted

    try:
        rated = se_rate(quiz81.replace(".", "0"), timeout, interrupted)
    except RatingInterrupted:
        raise Interrupted from None
    bound = ">=" if rated.er_is_lower_bound else ""
    return {"er": f"{bound}{rated.er:.1f}", "ep": f"{bound}{rated.ep:.1f}", "ed": f"{rated.ed:.1f}"}


def read_quizzes(path: str) -> Iterator[tuple[int, Quiz | str]]:
    """(line number, quiz) for each quiz line of a one-per-line file, (line number, what is wrong)
    for each malformed one (not 81 characters of 0-9 or ``.``, or clashing givens); blank and
    ``#`` lines are passed over. A file in another format (the nine-line format, JSON) is one
    quiz, numbered by its first meaningful line. Raises ``UserError`` when the file cannot be
    read, is not one quiz per line and holds no 9x9 quiz (empty, binary, too few rows, a puzzle
    of several grids)."""
    try:
        if path.lower().endswith(".json") and os.path.isfile(path):
            yield 1, _classic(quiz_files.load_json(path), path)
            return
        with open_input(path) as f:
            lines = quiz_files.QuizLines(quiz_files.bounded_lines(f))
            if not quiz_files.one_per_line(lines):
                first = lines.ahead(0)
                quiz = quiz_files.parse(lines, path)
                yield (first[0] if first else 1), _classic(quiz, path)
                return
            for n, line in lines:
                text = quiz_files.quiz_part(line.strip())
                if not is_quiz_string(text):
                    fault = quiz_files.cells_fault(text)
                    yield n, (
                        f"{fault}." if fault
                        else f"not a quiz (81 characters of 0-9 or .): {shown(text)!r}"
                    )  # fmt: skip
                    continue
                try:
                    yield n, Quiz.from_string(text)
                except QuizError as e:
                    yield n, e.line
    except OSError as e:
        raise UserError(file_error("Cannot read", path, e)) from None
    except QuizError as e:  # the whole file is refused
        where = shown(path, PATH)
        raise UserError(e.line if where in e.line else f"{where}: {e.line}") from None


def _classic(quiz: Quiz, path: str) -> Quiz:
    if not quiz.geometry.classic:
        grids = len(quiz.geometry.grids)
        raise QuizError(
            f"{shown(path, PATH)} is a puzzle of {grids} grids; rate takes 9x9 quizzes."
        )
    return quiz


# -- many quizzes, in one process or several -------------------------------------------------


class StopFlag:
    """Raised by Ctrl-C (or by a caller that stops reading); shared with the worker processes,
    which poll it before each step. Setting it is a plain store, safe in a signal handler."""

    def __init__(self) -> None:
        self._value = multiprocessing.RawValue("b", 0)

    def __call__(self) -> bool:
        return bool(self._value.value)

    def set(self) -> None:
        self._value.value = 1


_worker_stop: Callable[[], bool] = _never


def _start_worker(stop: StopFlag, setup: Callable[[], None] | None = None) -> None:
    """In each worker: Ctrl-C is the parent's to handle; it tells the workers through ``stop``."""
    global _worker_stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_stop = stop
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()
    if setup is not None:  # the run modes, registered as in the parent (spawned workers too)
        setup()


def _end_with_parent(parent: int) -> None:
    """A worker whose parent died (kill -9) ends too, rather than rating on for nobody (and
    slowing the run that continues the job)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def rate_chunk(
    quizzes81: Sequence[str],
    max_steps: int | None,
    run_mode: int = 0,
    se_timeout: float | None = None,
    setup: Callable[[], None] | None = None,
) -> list[Rating]:
    """The ratings of a chunk of quizzes, in a worker: shorter than the chunk when the stop flag
    came (the interrupted quiz and those after it have none). ``setup``: what a worker that was
    not started by ``_start_worker`` (a Dask worker) calls first; calling it again is harmless."""
    if setup is not None:
        setup()
    ratings = []
    for quiz81 in quizzes81:
        try:
            ratings.append(
                rate_quiz(quiz81, max_steps, _worker_stop, run_mode=run_mode, se_timeout=se_timeout)
            )
        except Interrupted:
            break
    return ratings


#: the most quizzes in one chunk sent to a worker process: enough to make the cost of a task
#: nothing beside the easiest quizzes' (the pool's threads take the parent about a millisecond
#: of CPU a task: with 16 a chunk, the parent took a sixth of the cores on 17-clue quizzes),
#: few enough that rows keep coming (a chunk's rows come back together: 128 of the easiest
#: quizzes take 25 ms) and that a kill loses little
MOST_PER_CHUNK = 128


def chunks(count: int, slots: int, most: int = MOST_PER_CHUNK) -> list[range]:
    """The chunks ``count`` quizzes are handed out in to ``slots`` workers: each a quarter of an
    even share of the quizzes not yet handed out (guided self-scheduling), between 1 and
    ``most``. Search times vary a hundredfold from quiz to quiz; chunks that shrink to single
    quizzes at the end keep every worker busy to the end."""
    plan = []
    start = 0
    while start < count:
        size = max(1, min(most, (count - start) // (4 * slots)))
        plan.append(range(start, start + size))
        start += size
    return plan


@attrs.frozen
class Pool:
    """Where chunks are rated, when not in this process: an executor, how many chunks it rates
    at once (``slots``), the biggest chunk to send it, and how to end it (``end(cancel)``).
    ``sees_stop``: its workers poll the ``StopFlag`` (worker processes of this machine) and
    return short chunks after a Ctrl-C; other workers (Dask's) are not waited for: their
    futures are cancelled."""

    executor: Executor
    slots: int
    end: Callable[[bool], None]
    most: int = MOST_PER_CHUNK
    sees_stop: bool = True
    setup: Callable[[], None] | None = None  # sent with each chunk (workers this did not start)
    #: the slots now, when workers come and go (a Dask cluster growing): asked once a second
    count_slots: Callable[[], int] | None = None


def rate_batches(
    quizzes: Sequence[tuple[int, Quiz]],
    jobs: int = 1,
    max_steps: int | None = None,
    stop: StopFlag | None = None,
    run_mode: int = 0,
    setup: Callable[[], None] | None = None,
    se_timeout: float | None = None,
    pool: Pool | None = None,
) -> Generator[list[Rated], None, None]:
    """Rate ``quizzes`` (from ``read_quizzes``), in their order, in this process (``jobs`` 1),
    in ``jobs`` worker processes, or in ``pool`` (Dask's, ``rate_dask``), in ``run_mode``
    (``setup`` registers the run modes in each worker process). The rows come in batches as
    they are ready: a quiz's in this process, a chunk's from the workers (whose rows come back
    together: a caller writes and flushes them at once). Ends early, without the interrupted
    quiz, once ``stop`` is set.

    Workers are handed chunks of quizzes (``chunks``) and the rows are put back in file order
    as chunks come back. The worker processes are started, and the first chunks handed out,
    before this returns, not at the first ``next()``: a thread the caller starts afterwards
    (the progress bar) is never forked into them. Iterate the result to its end or
    ``close()`` it: closing stops the workers."""
    stop = stop or StopFlag()
    if pool is None:
        plan = chunks(len(quizzes), jobs)
        jobs = min(jobs, len(plan))  # never a worker with no chunk to take
        if jobs <= 1:
            return _rate_here(quizzes, max_steps, stop, run_mode, se_timeout)
        executor = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(stop, setup))
        pool = Pool(executor, jobs, partial(_shut, executor))
    work = partial(
        rate_chunk,
        max_steps=max_steps,
        run_mode=run_mode,
        se_timeout=se_timeout,
        setup=pool.setup,
    )
    plan = chunks(len(quizzes), pool.slots, pool.most)
    batches = _Gathering(quizzes, plan, work, pool, stop).batches()
    next(batches)  # into its try: closed before its first batch, it still ends the pool
    return batches


def unbatched(batches: Generator[list[Rated], None, None]) -> Generator[Rated, None, None]:
    """``rate_batches``' rows one at a time (closing them closes the batches: the workers
    stop)."""
    with closing(batches):
        for batch in batches:
            yield from batch


def _shut(executor: Executor, cancel: bool) -> None:
    executor.shutdown(wait=True, cancel_futures=cancel)


def _rate_here(
    quizzes: Sequence[tuple[int, Quiz]],
    max_steps: int | None,
    stop: StopFlag,
    run_mode: int = 0,
    se_timeout: float | None = None,
) -> Generator[list[Rated], None, None]:
    for line, quiz in quizzes:
        try:
            rating = rate_quiz(str(quiz), max_steps, stop, run_mode=run_mode, se_timeout=se_timeout)
        except Interrupted:
            return
        yield [(line, quiz, rating)]


#: how often the gathering looks at the stop flag while no chunk comes back, with workers that
#: do not see it (seconds)
_POLL = 0.1


class _Gathering:
    """The chunks of ``plan`` handed out to ``pool``, two per slot kept under way, and their
    rows given back in file order: chunks that come back early wait in ``back`` (the reorder
    buffer) for those before them. The first chunks are handed out when it is made."""

    def __init__(
        self,
        quizzes: Sequence[tuple[int, Quiz]],
        plan: Sequence[range],
        work: Callable[[list[str]], list[Rating]],
        pool: Pool,
        stop: StopFlag,
    ) -> None:
        self.quizzes, self.plan, self.work, self.pool, self.stop = quizzes, plan, work, pool, stop
        self.under_way: dict[Future[list[Rating]], int] = {}
        self.handed = 0  # chunks handed out
        self.slots = pool.slots
        try:
            self._hand_out()
        except BaseException:
            pool.end(True)
            raise

    def _hand_out(self) -> None:
        plan, quizzes = self.plan, self.quizzes
        while self.handed < len(plan) and len(self.under_way) < 2 * self.slots:
            texts = [str(quizzes[i][1]) for i in plan[self.handed]]
            self.under_way[self.pool.executor.submit(self.work, texts)] = self.handed
            self.handed += 1

    def batches(self) -> Generator[list[Rated], None, None]:
        plan, quizzes, pool, stop, under_way = (
            self.plan, self.quizzes, self.pool, self.stop, self.under_way
        )  # fmt: skip
        back: dict[int, list[Rating]] = {}
        given = 0  # chunks whose rows were given
        counted_at = time.monotonic()
        done = False
        try:
            yield []  # (taken by rate_batches)
            while given < len(plan):
                if pool.count_slots is not None and time.monotonic() - counted_at >= 1:
                    self.slots, counted_at = max(1, pool.count_slots()), time.monotonic()
                self._hand_out()
                if given in back:
                    ratings = back.pop(given)
                    yield [
                        (quizzes[i][0], quizzes[i][1], rating)
                        for i, rating in zip(plan[given], ratings)
                    ]
                    if len(ratings) < len(plan[given]):  # interrupted in a worker
                        return
                    given += 1
                    continue
                if stop() and not pool.sees_stop:
                    return
                ready, _ = wait(
                    under_way, None if pool.sees_stop else _POLL, return_when=FIRST_COMPLETED
                )
                for future in ready:
                    back[under_way.pop(future)] = future.result()
            done = True
        finally:
            if not done:
                stop.set()  # the workers give up their current quiz and skip the queued ones
            pool.end(not done)


# -- output ----------------------------------------------------------------------------------


def fields(line: int, quiz: Quiz, rating: Rating) -> dict[str, object]:
    """One output record, keyed by ``COLUMNS`` (and ``SE_COLUMNS`` when the ratings were asked
    for: ER is then never None)."""
    record = {"line": line, "quiz": str(quiz)}
    record.update(zip(_RATING_NAMES, _rating_fields(rating)))
    record["ms"] = round(rating.ms, 1)
    if rating.er is None:
        for name in SE_COLUMNS:
            del record[name]
    return record


def csv_header(se: bool = False) -> str:
    return ",".join(COLUMNS + (SE_COLUMNS if se else ())) + "\n"


#: where ``ms`` and ``complete`` are among a rating's fields, and how many of them a row has
#: without Sudoku Explainer's columns (``csv_row`` writes the fields in ``COLUMNS`` order)
_MS, _COMPLETE = _RATING_NAMES.index("ms"), _RATING_NAMES.index("complete")
_PLAIN_FIGURES = len(COLUMNS) - 2


def csv_row(line: int, quiz: Quiz, rating: Rating) -> str:
    figures: list[object] = list(_rating_fields(rating))
    figures[_MS] = f"{rating.ms:.1f}"
    figures[_COMPLETE] = "true" if rating.complete else "false"
    if rating.er is None:
        del figures[_PLAIN_FIGURES:]
    values = [str(line), str(quiz), *["" if v is None else str(v) for v in figures]]
    if rating.er is None and quiz.geometry.classic:  # numbers and 81 characters: no quoting
        return ",".join(values) + "\n"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(values)
    return out.getvalue()


def json_line(line: int, quiz: Quiz, rating: Rating) -> str:
    return json.dumps(fields(line, quiz, rating)) + "\n"


FORMATS: dict[str, tuple[str, Callable[[int, Quiz, Rating], str]]] = {
    "csv": (csv_header(), csv_row),
    "json": ("", json_line),
}


def summary(ratings: Sequence[Rating], quizzes: int, malformed: int, wall: float) -> str:
    """The one line for stderr: counts, medians, times; says when the run was interrupted."""
    found = [r for r in ratings if r.steps_first is not None]
    parts = [
        f"{counted(len(ratings), 'quiz', 'quizzes')} rated" if len(ratings) == quizzes
        else f"interrupted: {len(ratings)} of {counted(quizzes, 'quiz', 'quizzes')} rated",
        f"{counted(malformed, 'malformed line')} skipped",
    ]  # fmt: skip
    cut = sum(not r.complete for r in ratings)
    if cut:
        parts.append(f"{cut} stopped by --max-steps")
    if ratings:
        parts.append(
            f"median steps to the first solution {_median(r.steps_first for r in found)}, "
            f"to the end {_median(r.steps_total for r in ratings)}"
        )
        biggest_first = _median(r.biggest_first for r in found)
        parts.append(
            f"median biggest level to the first solution {biggest_first}, "
            f"of the whole search {_median(r.biggest_total for r in ratings)}"
        )
    engine_ms = sum(r.ms for r in ratings)
    parts.append(f"engine time {engine_ms / 1000:.2f} s, wall time {wall:.2f} s")
    return f"{PROG}: " + "; ".join(parts) + "."


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 quiz``, ``2 quizzes``: ``n`` and the word in its number."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def _median(values: Iterable[int | None]) -> str:
    numbers = [v for v in values if v is not None]
    return f"{statistics.median(numbers):g}" if numbers else "-"


# -- the command -----------------------------------------------------------------------------

"""``rate``'s scheduling: many quizzes rated in this process, in worker processes of this
machine or in a ``Pool`` (Dask's: ``rate_dask``), handed out in chunks (``chunks``) and given
back in file order (``rate_batches``); ``in_order`` does the same for any work (``serate``'s
puzzle lines). Ctrl-C reaches the workers through a ``StopFlag``."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from contextlib import AbstractContextManager, closing
from functools import partial
from typing import Generic, TypeVar

import attrs

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.tools.rating.rate import (
    EarlyExit,
    Interrupted,
    OrderFree,
    Planner,
    Rated,
    Rating,
    never,
    rate_givens,
)


class StopFlag:
    """Raised by Ctrl-C (or by a caller that stops reading); shared with the worker processes,
    which poll it before each step. Setting it is a plain store, safe in a signal handler. It
    also adds up the time of the quizzes it stopped (``stopped_ms``: each worker's, and this
    process's), which have no row but took time (an interrupted run said ``engine
    time 0.00 s`` after 29 s inside a search)."""

    def __init__(self) -> None:
        self._value = multiprocessing.RawValue("b", 0)
        self._stopped_ms = multiprocessing.RawValue("d", 0.0)
        self._lock = _shared_lock()

    def __call__(self) -> bool:
        return bool(self._value.value)

    def set(self) -> None:
        self._value.value = 1

    def stopped_in(self, ms: float) -> None:
        """Count the milliseconds a quiz it stopped had taken."""
        with self._lock:
            self._stopped_ms.value += ms

    @property
    def stopped_ms(self) -> float:
        """The milliseconds the quizzes it stopped had taken, together."""
        return float(self._stopped_ms.value)


def _shared_lock() -> AbstractContextManager[object]:
    """A lock the worker processes share; this process's own where there can be none (the web
    page's Python, Pyodide, has no ``_multiprocessing``: ``generate`` failed there)."""
    try:
        return multiprocessing.Lock()
    except ImportError:
        return threading.Lock()


_worker_stop: Callable[[], bool] = never
#: the stop flag of this worker process (None in a process ``_start_worker`` did not start: a
#: Dask worker's)
_worker_flag: StopFlag | None = None

P = TypeVar("P")  # what a worker is sent for one item (a quiz's givens, ...)
R = TypeVar("R")  # what it gives back for it
T = TypeVar("T")  # what the caller is given back for it


def _start_worker(stop: StopFlag) -> None:
    """In each worker: Ctrl-C is the parent's to handle; it tells the workers through ``stop``."""
    global _worker_stop, _worker_flag
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_stop = _worker_flag = stop
    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()


def _end_with_parent(parent: int) -> None:
    """A worker whose parent died (kill -9) ends too, rather than rating on for nobody (and
    slowing the run that continues the job)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def payload(quiz: Quiz) -> bytes:
    """What a worker is sent for a quiz: its givens (81 bytes), then a pencil-mark puzzle's
    marks (two bytes a cell, low byte first)."""
    if quiz.marks is None:
        return bytes(quiz.givens)
    return bytes(quiz.givens) + b"".join(m.to_bytes(2, "little") for m in quiz.marks)


def _unpacked(sent: bytes) -> tuple[bytes, tuple[int, ...] | None]:
    if len(sent) == 81:
        return sent, None
    marks = tuple(int.from_bytes(sent[k : k + 2], "little") for k in range(81, len(sent), 2))
    return sent[:81], marks


def rate_chunk(
    givens: Sequence[bytes],
    max_steps: int | None,
    run_mode: int = 0,
    se_timeout: float | None = None,
    se_exit: EarlyExit | None = None,
    ilp: bool = False,
    order_free: OrderFree | None = None,
    plan: Planner | None = None,
    rules: str = "",
) -> list[Rating]:
    """The ratings of a chunk of quizzes (the givens of each, as bytes: read and checked in the
    parent), in a worker: shorter than the chunk when the stop flag came (the interrupted quiz
    and those after it have none). The run mode is registered by ``rate_givens`` where it is
    not yet (a spawned worker, a Dask worker): nothing to set up."""
    ratings = []
    for sent in givens:
        quiz, marks = _unpacked(sent)
        try:
            ratings.append(
                rate_givens(
                    quiz,
                    max_steps,
                    _worker_stop,
                    run_mode,
                    True,
                    se_timeout,
                    se_exit,
                    ilp=ilp,
                    marks=marks,
                    order_free=order_free,
                    plan=plan,
                    rules=rules,
                )
            )
        except Interrupted as stopped:
            if _worker_flag is not None:
                _worker_flag.stopped_in(stopped.ms)
            break
    return ratings


#: the most quizzes in one chunk sent to a worker process: enough to make the cost of a task
#: nothing beside the easiest quizzes' (the pool's threads take the parent about a millisecond
#: of CPU a task: with 16 a chunk, the parent took a sixth of the cores on 17-clue quizzes),
#: few enough that rows keep coming (a chunk's rows come back together: 128 of the easiest
#: quizzes take 25 ms) and that a kill loses little
MOST_PER_CHUNK = 128


#: the work a chunk holds at most, in seconds of a worker (by the pace of the run so far): a
#: chunk's rows come back together, so this is how long a rated row may wait to be written,
#: and about what a kill loses a worker (``_Gathering._size``)
CHUNK_SECONDS = 0.25


def chunk_size(left: int, slots: int, most: int = MOST_PER_CHUNK) -> int:
    """The guided share (guided self-scheduling): a quarter of an even share of the ``left``
    quizzes not yet handed out to ``slots`` workers, between 1 and ``most``. Search times vary
    a hundredfold from quiz to quiz; chunks that shrink to single quizzes at the end keep every
    worker busy to the end."""
    return max(1, min(most, left // (4 * slots)))


def _chunk_count(count: int, slots: int) -> int:
    """How many chunks ``chunks`` makes of ``count`` items, counted up to ``slots`` (the
    payloads may be endless: a generation's tasks)."""
    made = start = 0
    while start < count and made < slots:
        start += chunk_size(count - start, slots)
        made += 1
    return made


def chunks(count: int, slots: int, most: int = MOST_PER_CHUNK) -> list[range]:
    """``count`` quizzes in chunks of their guided share (``chunk_size``): the most quizzes
    each chunk could hold (how many chunks there are at least, which bounds the workers)."""
    plan = []
    start = 0
    while start < count:
        size = chunk_size(count - start, slots, most)
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
    #: the slots now, when workers come and go (a Dask cluster growing): asked once a second
    count_slots: Callable[[], int] | None = None


def rate_batches(
    quizzes: Sequence[tuple[int, Quiz]],
    jobs: int = 1,
    max_steps: int | None = None,
    stop: StopFlag | None = None,
    run_mode: int = 0,
    se_timeout: float | None = None,
    pool: Pool | None = None,
    *,
    se_exit: EarlyExit | None = None,
    ilp: bool = False,
    order_free: OrderFree | None = None,
    plan: Planner | None = None,
    rules: str = "",
) -> Generator[list[Rated], None, None]:
    """Rate ``quizzes`` (from ``read_quizzes``), in their order, in this process (``jobs`` 1),
    in ``jobs`` worker processes, or in ``pool`` (Dask's, ``rate_dask``), in ``run_mode``
    (registered where it is searched: ``engines.check_mode``). The rows come in batches as
    they are ready: a quiz's in this process, a chunk's from the workers (whose rows come back
    together: a caller writes and flushes them at once). Ends early, without the interrupted
    quiz, once ``stop`` is set. ``se_timeout``, ``se_exit``: Sudoku Explainer's ratings too
    (``rate_givens``); ``ilp``: HiGHS's figures too; ``order_free``: the order-free measures;
    ``plan``: the SE path as data too (``rate --plan``); ``rules``: the variant rules every
    quiz is played by (a file's rules line: ``core/rules``' words, "" classic sudoku).

    Workers are handed chunks of quizzes (``chunks``) and the rows are put back in file order
    as chunks come back. The worker processes are started, and the first chunks handed out,
    before this returns, not at the first ``next()``: a thread the caller starts afterwards
    (the progress bar) is never forked into them. Iterate the result to its end or
    ``close()`` it: closing stops the workers."""
    stop = stop or StopFlag()
    if pool is None:
        chunked = chunks(len(quizzes), jobs)
        jobs = min(jobs, len(chunked))  # never a worker with no chunk to take
        if jobs <= 1:
            return _rate_here(
                quizzes, max_steps, stop, run_mode, se_timeout, se_exit, ilp, order_free, plan,
                rules,
            )  # fmt: skip
        executor = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(stop,))
        pool = Pool(executor, jobs, partial(_shut, executor))
    work = partial(
        rate_chunk,
        max_steps=max_steps,
        run_mode=run_mode,
        se_timeout=se_timeout,
        se_exit=se_exit,
        ilp=ilp,
        order_free=order_free,
        plan=plan,
        rules=rules,
    )
    givens = [payload(quiz) for _, quiz in quizzes]

    def row(i: int, rating: Rating) -> Rated:
        return (quizzes[i][0], quizzes[i][1], rating)

    return _gathered(givens, work, pool, stop, row)


def _gathered(
    payloads: Sequence[P],
    work: Callable[[list[P]], list[R]],
    pool: Pool,
    stop: StopFlag,
    shape: Callable[[int, R], T],
) -> Generator[list[T], None, None]:
    """``_Gathering``'s batches, its first chunks handed out."""
    batches = _Gathering(payloads, work, pool, stop, shape).batches()
    next(batches)  # into its try: closed before its first batch, it still ends the pool
    return batches


def in_order(
    payloads: Sequence[P],
    work: Callable[[list[P], Callable[[], bool]], list[R]],
    jobs: int,
    stop: StopFlag,
    pool: Pool | None = None,
) -> Generator[list[tuple[int, R]], None, None]:
    """``work`` done on every payload, in ``jobs`` worker processes of this machine (or here,
    for 1) or in ``pool`` (Dask's, ``rate_dask``), handed out in chunks as ``rate_batches``
    hands quizzes out, and given back in batches of (index, result) in the payloads' order, as
    they are ready. ``work(chunk, stopped)`` (a function the workers can import) gives fewer
    results than the chunk once ``stopped()``; then the batches end there, as they do once
    ``stop`` is set. ``payloads`` is read as the chunks are handed out, each once, and may grow as
    the batches are taken (``generate --near``'s frontier: its length is the tasks decided
    from the results taken in so far). Iterate the result to its end or ``close()`` it: closing
    stops the workers."""
    if pool is None:
        jobs = min(jobs, _chunk_count(len(payloads), jobs))
        if jobs <= 1:
            return _here(payloads, work, stop)
        executor = ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(stop,))
        pool = Pool(executor, jobs, partial(_shut, executor))
    return _gathered(payloads, partial(_in_worker, work), pool, stop, _indexed)


def _indexed(i: int, result: R) -> tuple[int, R]:
    return (i, result)


def _in_worker(work: Callable[[list[P], Callable[[], bool]], list[R]], chunk: list[P]) -> list[R]:
    return work(chunk, _worker_stop)


def _here(
    payloads: Sequence[P],
    work: Callable[[list[P], Callable[[], bool]], list[R]],
    stop: StopFlag,
) -> Generator[list[tuple[int, R]], None, None]:
    i = 0
    while i < len(payloads):  # (each read once the one before it is given back: it may grow)
        done = work([payloads[i]], stop)
        if not done:
            return
        yield [(i, done[0])]
        i += 1


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
    se_exit: EarlyExit | None = None,
    ilp: bool = False,
    order_free: OrderFree | None = None,
    plan: Planner | None = None,
    rules: str = "",
) -> Generator[list[Rated], None, None]:
    for line, quiz in quizzes:
        try:
            rating = rate_givens(
                quiz.givens,
                max_steps,
                stop,
                run_mode,
                True,
                se_timeout,
                se_exit,
                ilp=ilp,
                marks=quiz.marks,
                order_free=order_free,
                plan=plan,
                rules=rules,
            )
        except Interrupted as stopped:
            stop.stopped_in(stopped.ms)
            return
        yield [(line, quiz, rating)]


#: how often the gathering looks at the stop flag while no chunk comes back, with workers that
#: do not see it (seconds)
_POLL = 0.1


class _Gathering(Generic[P, R, T]):
    """The payloads (a quiz's givens, ...) handed out to ``pool`` in chunks (``plan``, made as they are handed out:
    ``_size``), two per slot kept under way, and their rows given back in file order: chunks
    that come back early wait in ``back`` (the reorder buffer) for those before them. The
    first chunks are handed out when it is made."""

    def __init__(
        self,
        payloads: Sequence[P],
        work: Callable[[list[P]], list[R]],
        pool: Pool,
        stop: StopFlag,
        shape: Callable[[int, R], T],
    ) -> None:
        self.payloads, self.work, self.pool, self.stop = payloads, work, pool, stop
        self.shape = shape  # a payload's index and result as what is given back
        self.plan: list[range] = []  # the chunks handed out
        self.under_way: dict[Future[list[R]], int] = {}
        self.slots = pool.slots
        self.began = time.monotonic()
        self.rated = 0  # quizzes whose chunk came back
        self.biggest_back = 0  # the biggest chunk that came back
        try:
            self._hand_out()
        except BaseException:
            pool.end(True)
            raise

    def _hand_out(self) -> None:
        payloads, plan = self.payloads, self.plan
        start = plan[-1].stop if plan else 0
        while start < len(payloads) and len(self.under_way) < 2 * self.slots:
            chunk = range(start, start + self._size(len(payloads) - start))
            sent = [payloads[i] for i in chunk]
            self.under_way[self.pool.executor.submit(self.work, sent)] = len(plan)
            plan.append(chunk)
            start = chunk.stop

    def _size(self, left: int) -> int:
        """The next chunk's quizzes: the guided share (``chunk_size``), but no more work than
        a worker does in ``CHUNK_SECONDS`` at this run's pace, and at most twice the biggest
        chunk back (one quiz before any: the pace is not known). Rows are written as chunks
        come back: a file of slow quizzes (seconds each, Sudoku Explainer's ratings) in the
        guided share (a hundred and more) kept its rows in the workers for minutes, and a kill
        lost them all; one of quick quizzes keeps its big chunks (the cost of a task is nothing
        beside theirs)."""
        size = min(chunk_size(left, self.slots, self.pool.most), 2 * self.biggest_back)
        if self.rated:
            seconds_a_quiz = (time.monotonic() - self.began) * self.slots / self.rated
            size = min(size, int(CHUNK_SECONDS / seconds_a_quiz))
        return max(1, size)

    def batches(self) -> Generator[list[T], None, None]:
        plan, pool, stop, under_way = self.plan, self.pool, self.stop, self.under_way
        back: dict[int, list[R]] = {}
        given = 0  # chunks whose rows were given
        counted_at = time.monotonic()
        done = False
        try:
            yield []  # (taken by rate_batches)
            while True:
                if pool.count_slots is not None and time.monotonic() - counted_at >= 1:
                    self.slots, counted_at = max(1, pool.count_slots()), time.monotonic()
                self._hand_out()
                if given == len(plan):  # (every quiz handed out, every chunk given)
                    break
                if given in back:
                    ratings = back.pop(given)
                    yield [self.shape(i, rating) for i, rating in zip(plan[given], ratings)]
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
                    k = under_way.pop(future)
                    back[k] = future.result()
                    self.rated += len(back[k])
                    self.biggest_back = max(self.biggest_back, len(plan[k]))
            done = True
        finally:
            if not done:
                stop.set()  # the workers give up their current quiz and skip the queued ones
            pool.end(not done)

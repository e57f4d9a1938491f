"""Rating on Dask: ``rate --executor dask`` (a ``LocalCluster`` of ``--jobs`` worker processes on
this machine) or ``--executor dask://HOST:PORT`` (the workers of a scheduler already running,
on any machines). The one module that imports Dask (an import-linter contract), and only when
one of those is asked for; Dask comes with the optional extra ``dask`` (without it, one line
says what to type: ``tools/extras.py``).

The workers rate chunks of quizzes with ``rate_pool.rate_chunk``, so they need sudoku-repl
installed (the same version); each registers the run mode it rates in the first time
(``engines.check_mode``): nothing is sent with the chunks to set a worker up. The rows are those of ``--jobs 1``: the figures depend on the quiz alone.
Dask's workers do not see the Ctrl-C flag of this machine: after a Ctrl-C the chunks under way
are cancelled (a chunk already running on a worker of a scheduler that outlives us ends there,
and its rows are dropped).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Iterator
from typing import Any

from sudoku_repl.core.errors import UserError, os_reason
from sudoku_repl.tools.extras import install_command
from sudoku_repl.tools.rating.pool import Pool

#: seconds to reach a scheduler before giving up (one line, exit status 2)
CONNECT_TIMEOUT = 3.0
#: the biggest chunk sent to a Dask worker: a task costs Dask about a millisecond, several
#: times a local process's, so chunks may be bigger
MOST_PER_CHUNK = 32
SCHEME = "dask://"
#: Dask alone, beside sudoku-repl, where the extra cannot be named (``extras.install_command``)
DASK_ALONE = "'dask[distributed]'"


def dask_pool(
    where: str,
    jobs: int,
    processes: bool = True,
    timeout: float = CONNECT_TIMEOUT,
    stop: Callable[[], bool] = lambda: False,
) -> Pool:
    """A ``Pool`` on Dask: ``where`` is ``dask`` (a new ``LocalCluster`` of ``jobs`` workers,
    processes or, with ``processes=False``, threads of this one) or ``dask://HOST:PORT``. Raises
    ``UserError`` when Dask is not installed or the scheduler cannot be reached within
    ``timeout`` seconds, or ``stop()`` (Ctrl-C) turns true while it is reached."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        adding = install_command("dask", DASK_ALONE)
        raise UserError(f"--executor {where} needs Dask: {adding}.") from None
    if where == "dask":
        # Ctrl-C at a terminal goes to the whole process group: the workers' is ours to handle
        # (they would die with tracebacks). A signal ignored when a process starts stays
        # ignored in it (and Python leaves it so), so it is ignored while the cluster starts
        # its worker processes, a second or two in which a Ctrl-C is lost.
        _drop_unread_timeouts()
        previous = _ignore_sigint()
        try:
            cluster = LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=processes,
                dashboard_address=None,
                # no dashboard, but the scheduler's HTTP server starts all the same, by default
                # on port 8787, and says "Port 8787 is already in use" on stderr when another
                # Dask has it: a free port instead
                scheduler_kwargs={"dashboard_address": ":0"},
                # CRITICAL, not ERROR: after a Ctrl-C the workers log the scheduler's going
                # ("Failed to communicate with scheduler during heartbeat") with a tornado
                # CommClosedError traceback; a worker's real failure reaches us as its
                # future's exception
                silence_logs=logging.CRITICAL,
            )
            client = Client(cluster)
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
    else:
        cluster = None
        address = "tcp://" + where.removeprefix(SCHEME)
        _reach(address, where, timeout, stop)
        try:
            client = Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as e:
            why = os_reason(e) if isinstance(e, OSError) and e.strerror else _first_line(e)
            raise UserError(f"Cannot reach the Dask scheduler at {where}: {why}.") from None

    def count_slots() -> int:  # the workers' threads: workers may come later (dask-jobqueue)
        return max(1, int(sum(client.nthreads().values())))

    executor = client.get_executor()

    def end(cancel: bool) -> None:
        try:
            executor.shutdown(wait=not cancel)  # not waiting: the futures are cancelled
        finally:
            client.close()
            if cluster is not None:
                cluster.close()

    return Pool(
        executor, count_slots(), end, MOST_PER_CHUNK, sees_stop=False,
        count_slots=count_slots,
    )  # fmt: skip


def _reach(address: str, where: str, timeout: float, stop: Callable[[], bool]) -> None:
    """Make sure a Dask scheduler answers at ``address`` (its handshake) within ``timeout``
    seconds, before ``Client`` connects. Distributed's own connect retries only the opening
    of the connection: a peer that accepts it and says nothing was waited on for 100 s and
    more (Ctrl-C, which the rating takes, did not end the wait), and a peer that answers
    garbage made its decoding raise anything (an OverflowError traceback). Here the wait is
    bounded and watches ``stop``; whatever the peer's bytes raise is one line."""
    from distributed.comm.core import connect

    async def handshake() -> None:
        comm = await connect(address, timeout=timeout)
        await comm.close()

    async def bounded() -> str | None:  # the line saying what went wrong, or None
        task = asyncio.ensure_future(handshake())
        deadline = asyncio.get_running_loop().time() + timeout
        while not task.done():
            left = deadline - asyncio.get_running_loop().time()
            if stop() or left <= 0:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):  # (or done)
                    await task
                if stop():
                    return f"Interrupted while reaching the Dask scheduler at {where}."
                return f"{cannot}: no answer within {timeout:g} s."
            await asyncio.wait({task}, timeout=min(_POLL, left))
        error = task.exception()
        if error is None:
            return None
        if isinstance(error, OSError | asyncio.TimeoutError):  # no one there, or unreachable
            why = os_reason(error) if isinstance(error, OSError) and error.strerror else None
            return f"{cannot}: {why or _first_line(error)}."
        # anything else is the decoding of what the peer sent (not a Dask scheduler's
        # handshake): a fault of the peer, said in one line, not a traceback of ours
        return f"{cannot}: the answer is not a Dask scheduler's ({type(error).__name__})."

    cannot = f"Cannot reach the Dask scheduler at {where}"
    with _quiet_logs():
        line = asyncio.run(bounded())
    if line is not None:
        raise UserError(line)


#: how often the wait for a scheduler's answer looks at the stop flag (seconds)
_POLL = 0.05


class _UnreadTimeouts(logging.Filter):
    """Drops asyncio's "Future exception was never retrieved" for a timeout: a local cluster's
    close on a busy machine gives up on a step (tornado's ``with_timeout``), and the future
    holding that timeout is read by no one; asyncio logs it when the future is collected, which
    may be at the interpreter's exit, after the cluster and our quiet logs are gone."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        unread = str(record.msg).startswith("Future exception was never retrieved")
        return not (unread and isinstance(error, TimeoutError))


def _drop_unread_timeouts() -> None:
    """``_UnreadTimeouts`` on asyncio's logger, once a process."""
    logger = logging.getLogger("asyncio")
    if not any(isinstance(kept, _UnreadTimeouts) for kept in logger.filters):
        logger.addFilter(_UnreadTimeouts())


@contextlib.contextmanager
def _quiet_logs() -> Iterator[None]:
    """Distributed's and asyncio's loggers silenced: a connection given up on (Ctrl-C, a time
    limit, a peer gone) is said in our one line, not in their tracebacks."""
    loggers = [logging.getLogger(name) for name in ("distributed", "tornado", "asyncio")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _ignore_sigint() -> Any:
    """Ignore SIGINT; the handler it had, or None when this thread cannot set one."""
    try:
        return signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        return None


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__).rstrip(".")

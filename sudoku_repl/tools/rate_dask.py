"""Rating on Dask: ``rate --executor dask`` (a ``LocalCluster`` of ``--jobs`` worker processes on
this machine) or ``--executor dask://HOST:PORT`` (the workers of a scheduler already running,
on any machines). The one module that imports Dask (an import-linter contract), and only when
one of those is asked for; Dask comes with the extra: ``pip install 'sudoku-repl[dask]'``.

The workers rate chunks of quizzes with ``rate_pool.rate_chunk``, so they need sudoku-repl
installed (the same version); each registers the run mode it rates in the first time
(``engines.check_mode``): nothing is sent with the chunks to set a worker up. The rows are those of ``--jobs 1``: the figures depend on the quiz alone.
Dask's workers do not see the Ctrl-C flag of this machine: after a Ctrl-C the chunks under way
are cancelled (a chunk already running on a worker of a scheduler that outlives us ends there,
and its rows are dropped).
"""

from __future__ import annotations

import logging
import signal
from typing import Any

from sudoku_repl.core.errors import UserError, os_reason
from sudoku_repl.tools.rate_pool import Pool

#: seconds to reach a scheduler before giving up (one line, exit status 2)
CONNECT_TIMEOUT = 3.0
#: the biggest chunk sent to a Dask worker: a task costs Dask about a millisecond, several
#: times a local process's, so chunks may be bigger
MOST_PER_CHUNK = 32
SCHEME = "dask://"


def dask_pool(
    where: str,
    jobs: int,
    processes: bool = True,
    timeout: float = CONNECT_TIMEOUT,
) -> Pool:
    """A ``Pool`` on Dask: ``where`` is ``dask`` (a new ``LocalCluster`` of ``jobs`` workers,
    processes or, with ``processes=False``, threads of this one) or ``dask://HOST:PORT``. Raises
    ``UserError`` when Dask is not installed or the scheduler cannot be reached."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError(
            f"--executor {where} needs Dask: pip install 'sudoku-repl[dask]'."
        ) from None
    if where == "dask":
        # Ctrl-C at a terminal goes to the whole process group: the workers' is ours to handle
        # (they would die with tracebacks). A signal ignored when a process starts stays
        # ignored in it (and Python leaves it so), so it is ignored while the cluster starts
        # its worker processes, a second or two in which a Ctrl-C is lost.
        previous = _ignore_sigint()
        try:
            cluster = LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=processes,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
    else:
        cluster = None
        address = "tcp://" + where.removeprefix(SCHEME)
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


def _ignore_sigint() -> Any:
    """Ignore SIGINT; the handler it had, or None when this thread cannot set one."""
    try:
        return signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        return None


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return (text[0] if text else type(error).__name__).rstrip(".")

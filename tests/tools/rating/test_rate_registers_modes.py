"""Rating registers the run mode it searches in where it searches (``tools/rating/engines.py``): no
setup callback is handed down to the workers. A worker that starts with nothing
registered (a spawned process, as Dask's are) rates the techniques' modes as this process does,
and a program that never calls ``assembly.register_all`` rates them too."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.tools.rating.pool import Pool, rate_batches, unbatched
from tests.support.helpers import REPO, SEED_QUIZ

#: steps to the seed's first solution in run mode 3 (test_rate_run_mode)
SEED_MODE_3_FIRST = 269


def test_spawned_workers_register_the_run_mode_they_rate_in() -> None:
    """Spawned workers begin with empty registries (nothing forked from this process): the
    first quiz a worker rates in mode 3 registers the techniques' modes there."""
    executor = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))
    ended: list[bool] = []

    def end(cancel: bool) -> None:
        ended.append(cancel)
        executor.shutdown(wait=True, cancel_futures=cancel)

    quizzes = [(n, Quiz.from_string(SEED_QUIZ)) for n in range(1, 5)]
    rated = list(unbatched(rate_batches(quizzes, run_mode=3, pool=Pool(executor, 2, end, most=1))))
    assert [r.steps_first for _, _, r in rated] == [SEED_MODE_3_FIRST] * 4
    assert ended == [False]


def test_rate_quiz_registers_the_techniques_modes_in_a_fresh_process() -> None:
    """No entry point's ``register_all``: ``rate_quiz`` in mode 3 rates, an unknown mode is the
    one line that names every mode, the techniques' among them."""
    code = (
        "from sudoku_repl.core import modes\n"
        "from sudoku_repl.core.errors import UserError\n"
        "from sudoku_repl.tools.rating.rate import rate_quiz\n"
        "assert not modes.known(3)\n"
        f"print(rate_quiz({SEED_QUIZ!r}, run_mode=3).steps_first)\n"
        "try:\n"
        f"    rate_quiz({SEED_QUIZ!r}, run_mode=7)\n"
        "except UserError as e:\n"
        "    print(e.line)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        str(SEED_MODE_3_FIRST),
        "There is no run mode 7. The run modes: 0 grp and ply; 1 grp only; 2 ply only; 3 the "
        "book's theorems 1-4 (Jin Jianming), one conversion per step, a guess when stuck; 4 grp, "
        "ply, then X-Chain and Forcing-Chain; 5 X-Chain and Forcing-Chain only.",
    ]

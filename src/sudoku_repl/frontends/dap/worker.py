"""The work behind the adapter, as the full screen's ``tui/runner.CommandRunner`` does it: jobs
run one at a time, in the order given, in a worker thread, while the reader thread goes on
reading requests. ``pause`` lands in ``interrupt``: it sets the interrupt flag the stepping loop
polls between steps (the shell's Ctrl-C), and calls off a guess question waiting for its
answer. A job lowers the flag when it starts only if no pause came since it was handed over:
a pause read while it waited its turn stops it at its first poll, and a pause is never lost to
a job handed over after it.

The guess question (guess mode 1) is the ``Repl``'s ``read_answer``: the worker says it
(``on_question``) and, while it waits, takes the requests handed over next itself, in the order
they came: each job's ``at_question`` serves it there (a request that only looks), refuses it
(a step), or is the answer (the debug console's line), which the worker takes only when it asks.
A job without one waits its turn, after the job that asked. So two answers sent back to back are
the answers to two questions asked one after the other, by construction: the first is taken,
found wrong and the question asked again before the second is read. ``pause`` calls the question
off by a mark handed over in that same order."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import NamedTuple

from sudoku_repl.core.errors import GuessAborted
from sudoku_repl.frontends.interrupts import InterruptFlag

#: the name of the worker thread
WORKER = "sudoku-dap-worker"

Job = Callable[[], None]
#: what a job is while the guess question waits: its answer, or None (served there, or refused)
AtQuestion = Callable[[str], "str | None"]


class _Handed(NamedTuple):
    """A job (None: the mark of a pause) and the pauses counted when it was handed over;
    ``dropped``: what answers it where the worker ends before its turn (None: nothing)."""

    job: Job | None
    at_question: AtQuestion | None
    pauses: int
    dropped: Job | None = None


class Worker:
    """Runs jobs in a thread of its own; ``on_question(question)`` (worker thread) is called
    when the guess question waits for its answer."""

    def __init__(self) -> None:
        self.flag = InterruptFlag()
        #: the guess question waiting for its answer (set and cleared in the worker)
        self.question: str | None = None
        self.on_question: Callable[[str], None] = lambda question: None
        #: set while no job runs or waits (tests and the end wait on it)
        self.idle = threading.Event()
        self.idle.set()
        self._jobs: queue.Queue[_Handed | None] = queue.Queue()
        self._later: list[_Handed] = []  # jobs met while the question waited: after its job
        self._waiting = 0  # jobs handed over and not finished
        self._pauses = 0  # interrupts so far
        self._lock = threading.Lock()
        self._ending = False
        self._thread = threading.Thread(target=self._loop, name=WORKER, daemon=True)
        self._thread.start()

    # -- the reader's side ------------------------------------------------------------------

    def submit(
        self, job: Job, at_question: AtQuestion | None = None, dropped: Job | None = None
    ) -> None:
        """Hand ``job`` over: it runs after those handed over before it. ``at_question``: what
        it is if the guess question waits when its turn comes (None: it waits its turn after
        the job that asked); ``dropped``: what runs in its place, in its turn, once the worker
        is closing (a request's refusal: every request is answered, in order)."""
        with self._lock:
            self._waiting += 1
            self.idle.clear()
            self._jobs.put(_Handed(job, at_question, self._pauses, dropped))

    @property
    def busy(self) -> bool:
        """A job runs or waits its turn."""
        return not self.idle.is_set()

    def interrupt(self) -> None:
        """``pause``: the job that runs stops after its present step; a guess question waiting
        (or asked before the jobs handed over before this are done) is called off."""
        with self._lock:
            self._pauses += 1
            self.flag.set()
            self._jobs.put(_Handed(None, None, self._pauses))

    def close(self, wait: float = 10.0) -> None:
        """Nothing more starts; the job that runs is stopped, and waited for (``wait`` seconds
        at most: the thread is a daemon, it never holds the process)."""
        self._ending = True
        self.flag.set()
        self._jobs.put(None)
        self._thread.join(wait)

    # -- the worker's side ------------------------------------------------------------------

    def _loop(self) -> None:
        while True:
            handed = self._later.pop(0) if self._later else self._jobs.get()
            if handed is None:
                return
            if handed.job is None:
                continue  # a pause with no question to call off
            with self._lock:
                if handed.pauses == self._pauses and not self._ending:
                    self.flag.clear()  # no pause since it was handed over
            try:
                if not self._ending:
                    handed.job()
                elif handed.dropped is not None:
                    handed.dropped()
            finally:
                self._done()

    def _done(self) -> None:
        with self._lock:
            self._waiting -= 1
            if not self._waiting:
                self.idle.set()

    def read_answer(self, question: str) -> str:
        """The ``Repl``'s guess question: said, and the requests handed over meanwhile taken in
        order until one answers it (a pause, or the end, calls it off)."""
        if self._ending:
            raise GuessAborted
        self.question = question
        try:
            self.on_question(question)
            while True:
                handed = self._jobs.get()
                if handed is None:
                    self._jobs.put(None)  # (the loop ends too)
                    raise GuessAborted
                if handed.job is None:
                    raise GuessAborted
                if handed.at_question is None:
                    self._later.append(handed)
                    continue
                try:
                    answer = handed.at_question(question)
                finally:
                    self._done()
                if answer is not None:
                    return answer
        finally:
            self.question = None

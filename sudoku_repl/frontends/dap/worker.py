"""The work behind the adapter, as the full screen's ``tui/runner.CommandRunner`` does it: jobs
run one at a time, in the order given, in a worker thread, while the reader thread goes on
reading requests. ``pause`` lands in ``interrupt``: it sets the interrupt flag the stepping loop
polls between steps (the shell's Ctrl-C), and calls off a guess question waiting for its
answer. A job lowers the flag when it starts only if no pause came since it was handed over:
a pause read while it waited its turn stops it at its first poll, and a pause is never lost to
a job handed over after it.

The guess question (guess mode 1) is the ``Repl``'s ``read_answer``: the worker says it
(``on_question``) and waits for ``answer`` from the reader thread."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from sudoku_repl.core.errors import GuessAborted
from sudoku_repl.frontends.interrupts import InterruptFlag

#: the name of the worker thread
WORKER = "sudoku-dap-worker"

Job = Callable[[], None]
#: a job and the pauses counted when it was handed over
_Handed = tuple[Job, int]


class Worker:
    """Runs jobs in a thread of its own; ``on_question(question)`` (worker thread) is called
    when the guess question waits for its answer."""

    def __init__(self) -> None:
        self.flag = InterruptFlag()
        #: the guess question waiting for its answer (set in the worker, cleared by ``answer``)
        self.question: str | None = None
        self.on_question: Callable[[str], None] = lambda question: None
        #: set while no job runs or waits (tests and the end wait on it)
        self.idle = threading.Event()
        self.idle.set()
        self._jobs: queue.Queue[_Handed | None] = queue.Queue()
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._waiting = 0  # jobs handed over and not finished
        self._pauses = 0  # interrupts so far
        self._lock = threading.Lock()
        self._ending = False
        self._thread = threading.Thread(target=self._loop, name=WORKER, daemon=True)
        self._thread.start()

    # -- the reader's side ------------------------------------------------------------------

    def submit(self, job: Job) -> None:
        """Hand ``job`` over: it runs after those handed over before it."""
        with self._lock:
            self._waiting += 1
            self.idle.clear()
            self._jobs.put((job, self._pauses))

    @property
    def busy(self) -> bool:
        """A job runs or waits its turn."""
        return not self.idle.is_set()

    def interrupt(self) -> None:
        """``pause``: the job that runs stops after its present step; a guess question waiting
        is called off."""
        with self._lock:
            self._pauses += 1
            self.flag.set()
        if self.question is not None:
            self._put_answer(None)

    def answer(self, text: str) -> None:
        """The answer typed to the guess question."""
        if self.question is not None:
            self._put_answer(text)

    def _put_answer(self, answer: str | None) -> None:
        self.question = None
        self._answers.put(answer)

    def close(self, wait: float = 10.0) -> None:
        """Nothing more starts; the job that runs is stopped, and waited for (``wait`` seconds
        at most: the thread is a daemon, it never holds the process)."""
        self._ending = True
        self.flag.set()
        self._answers.put(None)
        self._jobs.put(None)
        self._thread.join(wait)

    # -- the worker's side ------------------------------------------------------------------

    def _loop(self) -> None:
        while True:
            handed = self._jobs.get()
            if handed is None:
                return
            job, pauses = handed
            with self._lock:
                if pauses == self._pauses and not self._ending:
                    self.flag.clear()  # no pause since it was handed over
            try:
                if not self._ending:
                    job()
            finally:
                with self._lock:
                    self._waiting -= 1
                    if not self._waiting:
                        self.idle.set()

    def read_answer(self, question: str) -> str:
        """The ``Repl``'s guess question: said, and its answer waited for."""
        if self._ending:
            raise GuessAborted
        self.question = question
        self.on_question(question)
        answer = self._answers.get()
        if answer is None:
            raise GuessAborted
        return answer

"""The work behind the full screen: the ``Repl``'s command lines run one at a time, in the order
given, in a worker thread, while the event loop goes on drawing and reading keys. Nothing here
knows prompt_toolkit: the screen calls ``submit``, ``interrupt``, ``answer`` and ``end`` from its
event loop and is told back through three callbacks.

Ctrl-C is delivered in one place, ``interrupt``: it sets the interrupt flag that the run loop
polls between steps (through ``poll``), whether the worker has started the command or not. The
flag is lowered when a command is taken from the queue, in the event loop, never in the worker:
a Ctrl-C pressed before the worker starts stops the command at its first poll.
"""

from __future__ import annotations

import queue
import threading
import time
import traceback
from asyncio import AbstractEventLoop, Task, get_running_loop
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ThreadPoolExecutor

from sudoku_repl.commands.dispatch import PROMPT, Repl
from sudoku_repl.core.errors import ECHOED_CHARS, GuessAborted, shown
from sudoku_repl.frontends.interrupts import InterruptFlag

TYPE_CHECKING = False
if TYPE_CHECKING:
    from sudoku_repl.commands.session_hooks import Output

#: the name of the worker thread
WORKER = "sudoku-tui-command"
#: while a command runs, the screen's view of the board is taken at most this often (seconds)
VIEW_EVERY = 0.2


class CommandRunner:
    """Runs ``repl``'s command lines in a worker thread, echoing each to ``out`` first.

    The callbacks: ``on_start(line)`` (event loop) before a command's echo; ``on_change()`` (event
    loop) when what runs, what is queued or the guess question changed; ``at_rest()`` (worker
    thread) at points where the search is at rest (the moment to look at the session); and
    ``on_end()`` (event loop) once nothing runs after ``end`` or ``bye``."""

    def __init__(
        self,
        repl: Repl,
        out: Output,
        first: Iterable[str] = (),
        executor: Executor | None = None,
    ) -> None:
        self.repl = repl
        self.out = out
        self.flag = InterruptFlag()
        self.pending: deque[str] = deque(first)  # command lines waiting their turn
        self.busy = False  # a command was taken from the queue and has not ended
        self.question: str | None = None  # the guess question waiting for its answer
        self.ending = False  # nothing more is started (``end``)
        #: set while nothing runs and nothing waits (tests wait on it)
        self.idle = threading.Event()
        self.on_start: Callable[[str], None] = lambda line: None
        self.on_change: Callable[[], None] = lambda: None
        self.on_end: Callable[[], None] = lambda: None
        self.at_rest: Callable[[], None] = lambda: None
        self._answers: queue.Queue[str | None] = queue.Queue()  # None: the question aborted
        self._executor = executor or ThreadPoolExecutor(1, thread_name_prefix=WORKER)
        self._loop: AbstractEventLoop | None = None
        self._task: Task[None] | None = None
        self._rested = time.monotonic()

    # -- the event loop's side ---------------------------------------------------------------

    def start(self) -> None:
        """In the running event loop: the commands queued so far start."""
        self._loop = get_running_loop()
        self._pump()

    def submit(self, line: str) -> None:
        self.pending.append(line)
        self._pump()

    def interrupt(self) -> bool:
        """Ctrl-C: the command taken from the queue (running or not yet started) stops after its
        present step, the guess question is aborted, the commands queued are dropped. False
        when no command runs."""
        if not self.busy:
            return False
        self.pending.clear()
        self.flag.set()
        if self.question is not None:
            self.out.message(f"{self.question} ^C")
            self._put_answer(None)
        self.on_change()
        return True

    def answer(self, text: str) -> None:
        """The answer typed to the guess question."""
        if self.question is not None:
            self.out.message(f"{self.question} {shown(text, ECHOED_CHARS)}".rstrip())
            self._put_answer(text)
            self.on_change()

    def end(self) -> None:
        """Nothing more starts: the queue is dropped, the command that runs is stopped, and
        ``on_end`` is called once nothing runs."""
        self.ending = True
        self.pending.clear()
        if not self.interrupt():
            self.on_end()

    def _pump(self) -> None:
        if self.busy or self._loop is None:
            return
        if self.ending or self.repl.done:
            self.on_end()
            return
        if not self.pending:
            self.idle.set()
            self.on_change()
            return
        line = self.pending.popleft()
        self.busy = True
        self.idle.clear()
        self.flag.clear()  # from here a Ctrl-C stops this command
        self.on_start(line)
        self.out.message("")
        self.out.message(f"{PROMPT} {shown(line, ECHOED_CHARS)}")
        self.on_change()
        self._task = self._loop.create_task(self._run(line))

    async def _run(self, line: str) -> None:
        assert self._loop is not None
        # cancelled when the event loop ends: then ``close`` waits for the worker
        await self._loop.run_in_executor(self._executor, self._execute, line)
        self.busy = False
        self.on_change()
        self._pump()

    def _put_answer(self, answer: str | None) -> None:
        self.question = None
        self._answers.put(answer)

    def _ask(self, question: str) -> None:
        if self.ending:
            self._answers.put(None)
            return
        self.question = question
        self.on_change()

    # -- the worker's side -------------------------------------------------------------------

    def _execute(self, line: str) -> None:
        try:
            self.repl.execute(line)
        except Exception as e:  # a bug: show it in the trace, keep the screen
            self.repl.failures.add(line)
            self.out.error(f"Internal error: {type(e).__name__}: {e}")
            for text in traceback.format_exc().splitlines():
                self.out.error(text)
        finally:
            self._rest()

    def _rest(self) -> None:
        self._rested = time.monotonic()
        self.at_rest()

    def tick(self) -> None:
        """Between steps: at most every ``VIEW_EVERY``, a point at rest."""
        if time.monotonic() - self._rested >= VIEW_EVERY:
            self._rest()

    def poll(self) -> bool:
        """Whether Ctrl-C was pressed (between steps)."""
        return self.flag()

    def read_answer(self, question: str) -> str:
        """The ``Repl``'s guess question: asked on the screen, the answer waited for."""
        self._rest()
        loop = self._loop
        if loop is None or self.ending:
            raise GuessAborted
        try:
            loop.call_soon_threadsafe(self._ask, question)
        except RuntimeError:  # the event loop is closed: the screen is gone
            raise GuessAborted from None
        answer = self._answers.get()
        if answer is None:
            raise GuessAborted
        return answer

    # -- the end -------------------------------------------------------------------------------

    def close(self) -> None:
        """After the event loop: the command still running is stopped, and waited for."""
        self.ending = True
        self.pending.clear()
        self.flag.set()
        self._answers.put(None)  # a worker waiting for an answer gives up
        self._executor.shutdown(wait=True)
        self.busy = False
        self.question = None
        self.idle.set()

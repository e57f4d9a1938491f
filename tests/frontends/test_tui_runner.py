"""The work behind the full screen (``frontends/tui/runner.py``) on its own, without
prompt_toolkit: an asyncio loop in the test, a ``Shell``'s repl, and an executor that starts its
jobs only when the test says so (``Gate``)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from sudoku_repl.frontends.tui.runner import CommandRunner
from tests.support.helpers import QUESTION, SEED, Shell

pytestmark = pytest.mark.usefixtures("at_repo_root")

EMPTY_GRID = "." * 81  # a search that goes on for ever: something to interrupt


class Gate(Executor):
    """One worker thread whose jobs wait for ``opened`` before they begin."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.pool = ThreadPoolExecutor(1)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def gated() -> Any:
            self.opened.wait()
            return fn(*args, **kwargs)

        return self.pool.submit(gated)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.opened.set()
        self.pool.shutdown(wait)


async def until(condition: Callable[[], bool], what: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def runner_of(shell: Shell, executor: Executor | None = None) -> CommandRunner:
    """A runner of ``shell``'s repl, which polls it and asks it the guess question."""
    runner = CommandRunner(shell.repl, shell.out, executor=executor)
    shell.repl.hooks.flag, shell.repl.hooks.tick = runner.poll, runner.tick
    shell.repl.read_answer = runner.read_answer
    return runner


def test_commands_run_in_order_each_echoed_and_bye_ends() -> None:
    shell = Shell()
    runner = runner_of(shell)
    ended: list[bool] = []
    runner.on_end = lambda: ended.append(runner.busy)

    async def scenario() -> None:
        runner.start()
        for line in (f"load-quiz {SEED}", "step", "step", "bye"):
            runner.submit(line)
        assert runner.busy and list(runner.pending) == ["step", "step", "bye"]
        await until(lambda: bool(ended), "the end")

    asyncio.run(scenario())
    runner.close()
    assert ended == [False]  # called once nothing ran
    assert [line for line in shell.out.lines if line.startswith("Order please:")] == [
        f"Order please: load-quiz {SEED}",
        "Order please: step",
        "Order please: step",
        "Order please: bye",
    ]
    assert shell.steps == 2
    assert shell.repl.done


def test_ctrl_c_before_the_worker_has_begun_the_command_stops_it() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {EMPTY_GRID}")
    gate = Gate()
    runner = runner_of(shell, gate)

    async def scenario() -> None:
        runner.start()
        runner.submit("runrun 0")
        assert runner.busy  # taken from the queue; the worker has not begun it
        assert runner.interrupt()
        gate.opened.set()
        await until(lambda: runner.idle.is_set(), "the command stopped")

    asyncio.run(scenario())
    runner.close()
    assert shell.steps == 0
    assert "Interrupted at step 0." in shell.out.lines


def test_ctrl_c_with_nothing_running_does_nothing_and_the_next_command_runs() -> None:
    shell = Shell()
    runner = runner_of(shell)

    async def scenario() -> None:
        runner.start()
        assert not runner.interrupt()  # nothing runs: the flag stays down
        runner.submit(f"load-quiz {SEED}")
        runner.submit("runtil 12")
        await until(lambda: runner.idle.is_set() and not runner.busy, "idle")

    asyncio.run(scenario())
    runner.close()
    assert shell.steps == 12
    assert not any(line.startswith("Interrupted") for line in shell.out.lines)


def test_ctrl_c_drops_the_queue_and_aborts_the_guess_question() -> None:
    shell = Shell()
    runner = runner_of(shell)
    questions: list[str] = []

    def changed() -> None:
        if runner.question is not None:
            questions.append(runner.question)

    runner.on_change = changed

    async def scenario() -> None:
        runner.start()
        for line in (f"load-quiz {SEED}", "guess-mode 1", "run", "step", "step"):
            runner.submit(line)
        await until(lambda: runner.question is not None, "the question")
        runner.answer("")  # Enter: the default
        await until(lambda: len(questions) == 2, "the second question")
        assert runner.interrupt()
        await until(lambda: runner.idle.is_set() and not runner.busy, "idle")

    asyncio.run(scenario())
    runner.close()
    first, second = (f"{QUESTION}[6,2]=5:", f"{QUESTION}[4,3]=6:")
    assert questions == [first, second]
    assert first in shell.out.lines  # the answer echoed (Enter: nothing after the question)
    assert f"{second} ^C" in shell.out.lines
    assert f"Guess question aborted: back at step {shell.steps}." in shell.out.lines
    assert "Order please: step" not in shell.out.lines  # dropped
    assert shell.repl.session.state().level == 1  # the first guess stands


def test_close_stops_the_command_that_runs_and_waits_for_it() -> None:
    shell = Shell()
    shell.ok(f"load-quiz {EMPTY_GRID}")
    runner = runner_of(shell)

    async def scenario() -> None:
        runner.start()
        runner.submit("runrun 0")
        await until(lambda: shell.steps > 100, "a long run")
        # the event loop ends with the command running, as when the screen is left at once

    asyncio.run(scenario())
    runner.close()
    steps = shell.steps
    assert f"Interrupted at step {steps}." in shell.out.lines
    assert not runner.busy
    assert all(not t.name.startswith("sudoku-tui-command") for t in threading.enumerate())

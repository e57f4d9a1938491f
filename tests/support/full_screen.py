"""The full screen driven in-process, for the tests of it (``frontends/test_tui.py``,
``frontends/test_experiments_tui.py``): the screen runs in the test's thread on a prompt_toolkit
pipe input, a driver thread types keys into it and waits on the screen's state (``wait_for``:
the condition the assertion reads, never a clock)."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from sudoku_repl.frontends.tui.app import Tui


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Wait until ``condition`` holds; ``timeout`` is only the safety net of a test gone wrong
    (long: a busy 2-core machine running the pure engine took more than 20 s to draw a stop)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


class Driver:
    """The keys side of an in-process screen: ``send`` types into the pipe, ``idle`` waits
    until nothing runs or waits."""

    def __init__(self, tui: Tui, pipe: PipeInput) -> None:
        self.tui = tui
        self.pipe = pipe

    def send(self, keys: str) -> None:
        self.pipe.send_text(keys)

    def idle(self, steps: int | None = None) -> None:
        """Wait until the screen is idle with nothing queued (and at ``steps``)."""

        def settled() -> bool:
            runner = self.tui.runner
            if not runner.idle.is_set() or runner.pending or runner.busy:
                return False
            return steps is None or self.tui.repl.session.state().steps == steps

        wait_for(settled, f"idle at step {steps}")

    def trace(self) -> list[str]:
        return self.tui.record.text().split("\n")

    def long_run(self, then: str = "", lines: int = 200) -> None:
        """``runrun 0`` (on the empty grid it never ends alone) and the keys ``then``; back
        when it runs with more than ``lines`` lines written."""
        self.send(":runrun 0\r" + then)
        record, runner = self.tui.record, self.tui.runner
        wait_for(lambda: len(record.lines) > lines and runner.busy, "a long run")

    def seen(self, line: str) -> None:
        wait_for(lambda: line in self.trace(), repr(line))


@contextmanager
def screen(
    first: list[str] | None = None, output: object = None
) -> Iterator[tuple[Tui, Callable[[Callable[[Driver], None]], None]]]:
    """A screen in this thread; ``play(script)`` runs ``script(driver)`` in a driver thread
    while the screen runs, and returns when the screen is left (the script's failure is
    raised; the screen is closed if the script fails)."""
    with create_pipe_input() as pipe:
        tui = Tui(first or [], input=pipe, output=output or DummyOutput())  # type: ignore[arg-type]

        def play(script: Callable[[Driver], None]) -> None:
            failure: list[BaseException] = []

            def drive() -> None:
                try:
                    script(Driver(tui, pipe))
                except BaseException as e:
                    failure.append(e)
                    loop = tui.app.loop
                    if loop is not None:
                        loop.call_soon_threadsafe(tui.exit)

            thread = threading.Thread(target=drive, daemon=True)
            thread.start()
            tui.run()
            thread.join(5)
            if failure:
                raise failure[0]

        yield tui, play


def fixed_output(rows: int, columns: int) -> tuple[Vt100_Output, io.StringIO]:
    """An output of ``rows`` x ``columns`` that writes into the string it returns."""
    sink = io.StringIO()
    size = Size(rows=rows, columns=columns)
    output = Vt100_Output(sink, lambda: size, term="xterm", enable_cpr=False)
    return output, sink


def drawn(text: str, rows: int, columns: int) -> list[str]:
    """The rows a terminal shows after ``text``."""
    page = pyte.Screen(columns, rows)
    pyte.Stream(page).feed(text)
    return list(page.display)


class Page:
    """What a ``fixed_output`` shows, read as it is written (each read feeds pyte only what
    came since the last)."""

    def __init__(self, sink: io.StringIO, rows: int, columns: int) -> None:
        self.sink = sink
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.read = 0

    def rows(self) -> list[str]:
        text = self.sink.getvalue()
        self.stream.feed(text[self.read :])
        self.read = len(text)
        return list(self.screen.display)

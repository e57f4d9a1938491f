"""Ctrl-C during a long command: a flag the run loop polls between steps."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def on_sigint(handler: Callable[[], None]) -> Iterator[None]:
    """Within: Ctrl-C calls ``handler`` instead of raising KeyboardInterrupt. Only the main
    thread can take signals; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handle(signum: int, frame: FrameType | None) -> None:
        handler()

    previous = signal.signal(signal.SIGINT, handle)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class InterruptFlag:
    """Set by SIGINT while ``catching()`` is active; the command stops after its current step."""

    def __init__(self) -> None:
        self.raised = False

    def __call__(self) -> bool:
        return self.raised

    def set(self) -> None:
        self.raised = True

    @contextmanager
    def catching(self) -> Iterator[None]:
        """Within: Ctrl-C sets the flag instead of raising KeyboardInterrupt."""
        self.raised = False
        with on_sigint(self.set):
            yield

"""Ctrl-C during a long command: a flag the run loop polls between steps."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class InterruptFlag:
    """Set by SIGINT while ``catching()`` is active; the command stops after its current step."""

    def __init__(self) -> None:
        self.raised = False

    def __call__(self) -> bool:
        return self.raised

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.raised = True

    @contextmanager
    def catching(self) -> Iterator[None]:
        """Within: Ctrl-C sets the flag instead of raising KeyboardInterrupt."""
        self.raised = False
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, self._handle)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

"""Ctrl-C during a long command: a flag the run loop polls between steps.

The context managers are plain classes: batch mode's start-up does without ``contextlib``.
"""

from __future__ import annotations

import signal

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType
    from typing import Any


class on_sigint:  # lower case: used as a function, ``with on_sigint(handler):``
    """Within: Ctrl-C calls ``handler`` instead of raising KeyboardInterrupt. Only the main
    thread can take signals; elsewhere nothing changes."""

    def __init__(self, handler: Callable[[], None]) -> None:
        self._handler = handler
        self._previous: Any = None
        self._installed = False

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self._handler()

    def __enter__(self) -> None:
        try:
            self._previous = signal.signal(signal.SIGINT, self._handle)
        except ValueError:  # not the main thread (which alone takes signals): nothing changes
            return
        self._installed = True

    def __exit__(self, *exc_info: object) -> None:
        if self._installed:
            self._installed = False
            signal.signal(signal.SIGINT, self._previous)


class InterruptFlag:
    """Set by SIGINT while ``catching()`` is active; the command stops after its current step."""

    def __init__(self) -> None:
        self.raised = False

    def __call__(self) -> bool:
        return self.raised

    def set(self) -> None:
        self.raised = True

    def clear(self) -> None:
        self.raised = False

    def catching(self) -> _Catching:
        """Within: Ctrl-C sets the flag instead of raising KeyboardInterrupt (the flag is
        cleared on entering)."""
        return _Catching(self)


class _Catching(on_sigint):
    def __init__(self, flag: InterruptFlag) -> None:
        super().__init__(flag.set)
        self._flag = flag

    def __enter__(self) -> None:
        self._flag.clear()
        super().__enter__()

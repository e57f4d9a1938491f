"""Ctrl-C during a long command: a flag the run loop polls between steps.

The context managers are plain classes: batch mode's start-up does without ``contextlib``. The
signals are ``_signal``'s, the C module under ``signal``: ``signal`` makes enums of them, and
importing ``enum`` (with ``functools`` and ``collections``) was a tenth of ``sudoku-repl -c
bye``'s time; the type checker reads ``signal``'s types.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    import signal
    from collections.abc import Callable
    from types import FrameType
    from typing import Any
else:
    import _signal as signal


class on_sigint:  # lower case: used as a function, ``with on_sigint(handler):``
    """Within: Ctrl-C calls ``handler`` instead of raising KeyboardInterrupt. Only the main
    thread can take signals; elsewhere nothing changes.

    ``last``: the program's last words are said when the block ends (``rate``'s summary, the
    shell's ``bye``): on leaving it, Ctrl-C is ignored to the process's end
    (``ignore_for_good``) instead of the handler before coming back, a Ctrl-C that came but
    was not handled yet handed to ``handler`` first. Never Python's own handler again: the
    moment between putting it back and ignoring Ctrl-C was a KeyboardInterrupt in the
    interpreter's exit handlers."""

    def __init__(self, handler: Callable[[], None], *, last: bool = False) -> None:
        self._handler = handler
        self._last = last
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
        if not self._installed:
            return
        self._installed = False
        if not self._last:
            signal.signal(signal.SIGINT, self._previous)
        elif ignore_for_good():
            self._handler()


def ignore_for_good() -> bool:
    """Ctrl-C ignored from here to the process's end; whether one came that was not handled
    yet (which is then dropped). An ignored signal stays ignored while the interpreter shuts
    down (its exit handlers: logging's, concurrent.futures', multiprocessing's; then
    ``_PySignal_Fini``, which puts SIGINT's default action, death, back only where Python's
    own handler was): no Python code runs for a Ctrl-C from now, nothing can be raised, and
    the process ends with the status it gives. Only the main thread sets handlers: elsewhere
    nothing changes (False)."""
    waiting = False
    try:
        # blocked first: a Ctrl-C caught but not yet handled is handled now (by the handler
        # that is there), one that comes now waits, and is seen, rather than being ignored in
        # the middle of being handled ("Signal 2 ignored due to race condition")
        try:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        except KeyboardInterrupt:  # handled by Python's own handler (blocked all the same)
            waiting = True
        waiting = waiting or signal.SIGINT in signal.sigpending()
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # (which drops the one waiting)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    except ValueError:  # not the main thread
        return False
    return waiting


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

    def catching(self, *, last: bool = False) -> _Catching:
        """Within: Ctrl-C sets the flag instead of raising KeyboardInterrupt (the flag is
        cleared on entering). ``last``: Ctrl-C ignored after it (``on_sigint``), one that was
        waiting setting the flag."""
        return _Catching(self, last)


class _Catching(on_sigint):
    def __init__(self, flag: InterruptFlag, last: bool) -> None:
        super().__init__(flag.set, last=last)
        self._flag = flag

    def __enter__(self) -> None:
        self._flag.clear()
        super().__enter__()

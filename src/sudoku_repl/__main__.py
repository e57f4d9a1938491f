"""``python -m sudoku_repl`` and the ``sudoku-repl`` command: the command line, with a Ctrl-C
that comes while its modules load ending it quietly (status 130), as one at the prompt would.

While the command line's modules load, Ctrl-C only sets a flag (``_Early``): raised as
KeyboardInterrupt there, it could come inside the import machinery's own callbacks, where Python
prints ``Exception ignored ... KeyboardInterrupt`` and goes on as if nothing had been typed.
Once they are loaded, a Ctrl-C that came ends the program, status 130. The signals
are ``_signal``'s, as in ``frontends/interrupts`` (``signal`` would import ``enum``). Then what
the start made is left out of the cyclic collector's passes (``_settled``)."""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal
else:
    import _signal as signal


class _Early:
    """Ctrl-C while the modules load: noted, nothing raised."""

    def __init__(self) -> None:
        self.came = False

    def __call__(self, signum: int, frame: object) -> None:
        self.came = True


def run() -> int:
    early = _Early()
    try:
        previous = signal.signal(signal.SIGINT, early) or signal.default_int_handler
        installed = True
    except ValueError:  # not the main thread (which alone takes signals): nothing to catch
        installed = False
    try:
        from sudoku_repl.frontends.import_path import keep_working_folder_off

        keep_working_folder_off()  # (before the rest is imported)
        from sudoku_repl.frontends.cli import main
    finally:
        if installed and not early.came:
            signal.signal(signal.SIGINT, previous)
    if early.came:  # (ignored to the end: the exit's handlers are not interrupted either)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        return 130
    _settled()
    try:
        return main()
    except KeyboardInterrupt:  # before the command line could take Ctrl-C itself
        return 130


def _settled() -> None:
    """What the interpreter's start and the command line's modules made lives to the exit (the
    modules, their functions and classes): the cyclic collector leaves it alone from here
    (``gc.freeze``; what the session makes is collected as ever). Its passes at the exit walked
    every one of those objects, twice: a tenth of ``sudoku-repl -c bye``."""
    import gc

    gc.freeze()


if __name__ == "__main__":
    sys.exit(run())

"""What the interactive shell starts from: the output, the history file's check (its warning
printed first), the interrupt flag, the terminal's mode and the repl with its first commands
(``shell.run_interactive`` makes it; nothing here needs prompt_toolkit)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import sudoku_repl
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.run_timer import RunTimer
from sudoku_repl.commands.session_hooks import ViewSettings, nothing
from sudoku_repl.commands.session_slot import SessionSlot
from sudoku_repl.core.engine_choice import pure_asked
from sudoku_repl.frontends.history_file import history_lines, history_path, history_problem
from sudoku_repl.frontends.interrupts import InterruptFlag
from sudoku_repl.frontends.pager import Pager, page_rows, read_key
from sudoku_repl.frontends.progress_line import ProgressLine
from sudoku_repl.frontends.terminal_mode import TerminalMode
from sudoku_repl.frontends.terminal_output import (
    TerminalOutput,
    is_terminal,
    terminal_height,
    terminal_width,
)


class ShellStart:
    """The shell up to its first prompt. ``mode``: the real terminal's own mode (None in tests,
    with pipe input), and with the real terminal come the progress line and ``tui``.
    ``history_file``: the history goes to the user's file, checked here (else the caller gives
    one). ``answers``: makes the guess question's reader, given the pager it begins again
    after an answer (None: no pager).

    The parts are made first and the ``Repl`` is handed them (its session's holder, which the
    progress line reads, its view settings, which the pager reads, its run timer, which the
    pager tells of its waits, the interrupt flag, the progress line's ``tick``, the guess
    question's reader, the terminal's width): nothing is set on it afterwards."""

    def __init__(
        self,
        mode: TerminalMode | None,
        history_file: bool,
        answers: Callable[[Pager | None], Callable[[str], str]] = lambda pager: _no_answer,
    ) -> None:
        self.out = TerminalOutput()
        self.mode = mode
        #: the history file to use; None: none asked for, or it cannot be written (said here)
        self.history: Path | None = None
        said: list[str] = []  # info settings' lines about it (none: a test's history)
        if history_file:
            path = history_path()
            warning = history_problem(path) if path is not None else None
            if warning:
                self.out.error(warning)
            else:
                self.history = path
            said = history_lines(path, kept=not warning)
        if maybe_pure():  # (pip hid it at install; said before the first prompt)
            from sudoku_repl.tools.rating.se_build import pure_build_once

            pure = pure_build_once()
            if pure is not None:
                self.out.error(pure)
        self.flag = InterruptFlag()
        slot, view, timer = SessionSlot(), ViewSettings(), RunTimer()
        tick = nothing
        if mode is not None:  # a real terminal: a progress line while a command works silently
            progress = ProgressLine(slot.progress)
            self.out.progress, tick = progress, progress.tick
        if mode is not None and mode.kept and is_terminal(sys.stdout):
            # both ends a terminal: long output is paged (never in a pipe or batch mode)
            self.out.pager = Pager(
                lambda: page_rows(view.pagination, view.height, terminal_height),
                terminal_width,
                lambda: read_key(mode, self.flag),
                quit=self.flag.set,  # a run stops after its step, as with Ctrl-C
                waiting=timer.waiting,  # the wait at MORE is not in the run's time
                stopping=self.flag,  # a Ctrl-C before MORE: no question, the stop is shown
            )
        self.repl = Repl(
            self.out,
            answers(self.out.pager),
            interrupted=self.flag,
            tick=tick,
            slot=slot,
            view=view,
            width=terminal_width,
            can_switch=mode is not None,  # `tui` needs the real terminal
            history=said,
            wrap=is_terminal(sys.stdout),  # the show block's candidates between entries
            asks=True,  # (delete alone asks first, as gdb's confirm)
            timer=timer,
        )

    def run_first(self, commands: list[str]) -> None:
        """The commands of the command line (``load-quiz`` of the quiz named there)."""
        for command in commands:
            self.repl.execute(command)


#: the folders of the two C extensions (``_native``), under the package's
EXTENSIONS = (("core",), ("techniques", "explainer"))


def maybe_pure() -> bool:
    """Whether the pure build may run, known without loading the engine, which the shell's start
    does not (tests/frontends/test_startup_imports.py): ``SUDOKU_REPL_ENGINE=pure``, or an
    extension's file missing (no C compiler at install). One there that does not load is found
    when a quiz is loaded (``--version`` says it), and the line said then by ``hint se``."""
    if pure_asked():
        return True
    package = os.path.dirname(sudoku_repl.__file__)
    return not all(
        any(
            os.path.isfile(os.path.join(package, *folder, "_native" + suffix))
            for suffix in EXTENSION_SUFFIXES
        )
        for folder in EXTENSIONS
    )


def _no_answer(question: str) -> str:
    """No guess question's reader given: the default answer."""
    return ""

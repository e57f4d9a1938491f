"""What the interactive shell starts from: the output, the history file's check (its warning
printed first), the interrupt flag, the terminal's mode and the repl with its first commands
(``shell.run_interactive`` makes it; nothing here needs prompt_toolkit)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.frontends.history_file import history_path, history_problem
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
    one)."""

    def __init__(self, mode: TerminalMode | None, history_file: bool) -> None:
        self.out = TerminalOutput()
        self.mode = mode
        #: the history file to use; None: none asked for, or it cannot be written (said here)
        self.history: Path | None = None
        if history_file:
            path = history_path()
            warning = history_problem(path)
            if warning:
                self.out.error(warning)
            else:
                self.history = path
        self.flag = InterruptFlag()
        repl = Repl(self.out, lambda question: "", interrupted=self.flag)
        repl.can_switch = mode is not None  # `tui` needs the real terminal
        if mode is not None:  # a real terminal: a progress line while a command works silently
            progress = ProgressLine(
                lambda: repl.hooks.doing or (repl.session.engine.steps if repl.loaded else None)
            )
            self.out.progress = progress
            repl.hooks.tick = progress.tick
        if mode is not None and mode.kept and is_terminal(sys.stdout):
            # both ends a terminal: long output is paged (never in a pipe or batch mode)
            view = repl.view
            self.out.pager = Pager(
                lambda: page_rows(view.pagination, view.height, terminal_height),
                terminal_width,
                lambda: read_key(mode),
                quit=self.flag.set,  # a run stops after its step, as with Ctrl-C
            )
        repl.width = terminal_width
        self.repl = repl

    def run_first(self, commands: list[str], read_answer: Callable[[str], str]) -> None:
        """The commands of the command line (``load-quiz`` of the quiz named there), with
        ``read_answer`` to ask the guess question."""
        self.repl.read_answer = read_answer
        for command in commands:
            self.repl.execute(command)

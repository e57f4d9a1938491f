"""The interactive shell's output on the terminal: lines printed as they come, the progress line
taken away first, long output paged (``pager``), colour when stdout is a terminal."""

from __future__ import annotations

import os
import shutil
import sys
from typing import TextIO

from sudoku_repl.frontends.pager import Pager
from sudoku_repl.frontends.progress_line import ProgressLine


class TerminalOutput:
    def __init__(self) -> None:
        #: whether ``board`` may draw in colour (NO_COLOR is looked at when it draws)
        self.colour = takes_colour(sys.stdout)
        #: the progress line of silent work, taken away before each line printed
        self.progress: ProgressLine | None = None
        #: pages a command's long output (on a terminal only: ``ShellStart``)
        self.pager: Pager | None = None

    def message(self, line: str) -> None:
        if self.progress is not None:
            self.progress.printed()
        if self.pager is not None and not self.pager.admit(line):
            return
        print(line, flush=True)

    def error(self, line: str) -> None:
        self.message(line)


def takes_colour(stream: TextIO) -> bool:
    """Whether SGR codes written to ``stream`` colour a terminal."""
    return is_terminal(stream) and os.environ.get("TERM") != "dumb"


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


def terminal_width() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def terminal_height() -> int:
    return shutil.get_terminal_size((80, 24)).lines

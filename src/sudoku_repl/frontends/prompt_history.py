"""The prompt's history file, for the shell and the full screen: one that never stops the
shell (``SafeFileHistory``), or one in memory with the reason when the file cannot be written."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from sudoku_repl.core.errors import os_reason
from sudoku_repl.frontends.history_file import history_problem


class SafeFileHistory(FileHistory):
    """A history file that never stops the shell: a line that cannot be stored (the file went
    away, the disk is full, bytes that are not text) is kept in memory, with one line saying so."""

    def __init__(self, filename: str, warn: Callable[[str], None]) -> None:
        super().__init__(filename)
        self.warn = warn
        self.broken = False

    def load_history_strings(self) -> Iterable[str]:
        try:
            yield from super().load_history_strings()
        except (OSError, UnicodeError) as e:
            self.broken = True
            self.warn(f"History is not read or saved ({os.fsdecode(self.filename)}: {e}).")

    def store_string(self, string: str) -> None:
        if self.broken:
            return
        text = string.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates
        try:
            super().store_string(text)
        except OSError as e:
            self.broken = True
            self.warn(
                f"History is not saved any more ({os.fsdecode(self.filename)}: {os_reason(e)})."
            )


def open_history(path: Path, warn: Callable[[str], None] = print) -> tuple[History, str | None]:
    """A file history, or one in memory with the reason when the file cannot be written."""
    warning = history_problem(path)
    if warning:
        return InMemoryHistory(), warning
    return SafeFileHistory(str(path), warn), None

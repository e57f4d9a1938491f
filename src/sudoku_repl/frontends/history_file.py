"""Where the interactive shell keeps its history, and whether it can: checked before the first
prompt (its warning is printed before it), without prompt_toolkit, whose ``FileHistory`` reads and
writes the file afterwards (``shell.open_history``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from sudoku_repl.core.errors import os_reason

#: the variable that names another history file, or, set empty, none
VARIABLE = "SUDOKU_REPL_HISTORY"
#: how to keep it elsewhere or turn it off, as ``--help`` and ``info settings`` say it
HOW = f"{VARIABLE}=FILE keeps it in FILE; {VARIABLE}= (empty) keeps none"


def history_path() -> Path | None:
    """The history file: ``$SUDOKU_REPL_HISTORY`` (set empty: None, no file), else the one
    under the user's data directory (``$XDG_DATA_HOME``, by default ``~/.local/share``;
    ``%APPDATA%`` on Windows)."""
    chosen = os.environ.get(VARIABLE)
    if chosen is not None:
        return Path(chosen).expanduser() if chosen else None
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home()))
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "sudoku-repl" / "history"


def history_lines(path: Path | None, kept: bool = True) -> list[str]:
    """``info settings``'s lines about the history file of the interactive shell: where it is
    (``kept``: False, it cannot be written) and how to change that."""
    if path is None:
        return [f"history none ({VARIABLE} is empty; unset it for the usual file)"]
    where = f"{path}" if kept else f"in memory ({path} cannot be written)"
    return [f"history {where}", f"  ({HOW})"]


def history_problem(path: Path) -> str | None:
    """Why the history cannot be saved in ``path`` (the line the shell prints), or None when the
    file is there (made, with its folder, when it was not) and can be appended to. A new file
    is readable by its owner only (0600, as shells keep their history), a new folder 0700."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600))
    except OSError as e:
        return f"History is not saved ({path}: {os_reason(e)})."
    return None

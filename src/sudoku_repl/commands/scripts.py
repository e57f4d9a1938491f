"""Scripts: ``save-session`` writes the commands and guess answers that reproduce the session,
``source`` runs a script's commands. Declared in ``declared/debugger.py``."""

from __future__ import annotations

from contextlib import closing

from sudoku_repl.commands.file_writes import write_file
from sudoku_repl.commands.script_files import open_script
from sudoku_repl.core.errors import PATH, UserError, file_error, shown

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def save_session(repl: Repl, path: str) -> None:
    header = ["# sudoku-repl session; replay with: sudoku-repl -x <this file>"]
    if write_file(repl, path, "\n".join(header + repl.script.lines) + "\n"):
        repl.out.message(f"Wrote {shown(path, PATH)}.")


def source(repl: Repl, path: str) -> None:
    try:
        lines = open_script(path)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise UserError(file_error("Cannot read", path, e)) from None
    with closing(lines):
        repl.run_script(lines, script=path)

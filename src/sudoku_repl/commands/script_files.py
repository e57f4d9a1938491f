"""Opening a script for ``source`` and ``-x``: refused with one line unless its first command
line names a command of the table (a shell script or a quiz file given by mistake)."""

from __future__ import annotations

from sudoku_repl.commands.listing import suggestion
from sudoku_repl.commands.table import lookup

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Generator


def open_script(path: str) -> Generator[str, None, None]:
    """The lines of script ``path`` for ``run_script`` (``text.scripts.open_script``): refused
    with one line (``NotAScript``) unless it is text whose first command line is a command."""
    from sudoku_repl.text import scripts

    return scripts.open_script(path, _not_a_command)


def _not_a_command(line: str) -> str | None:
    name = line.split(None, 1)[0]
    if lookup(name) is not None:
        return None
    near = suggestion(name)
    return f" (did you mean {near}?)" if near else ""

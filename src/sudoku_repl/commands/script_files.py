"""Opening a script for ``source`` and ``-x``: refused with one line unless its first command
line names a command of the table (a shell script or a quiz file given by mistake); and the
line that says, where a command of a script run from another folder failed on a relative path,
that such paths are read from the current folder (``relative_note``)."""

from __future__ import annotations

import os

from sudoku_repl.commands.listing import suggestion
from sudoku_repl.commands.table import lookup
from sudoku_repl.core.errors import PATH, shown

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


def relative_note(line: str, script: str) -> str | None:
    """Why command ``line`` of ``script`` may have failed, where the script lies in another
    folder than the current one and a word of the line is a relative path (with a ``/`` or a
    file name's extension) that names nothing from here: its relative paths are read from the
    current folder, as every command's are, not from the script's. None otherwise."""
    here = os.getcwd()
    folder = os.path.dirname(os.path.abspath(script))
    if folder == here:
        return None
    for word in line.split()[1:]:
        _, dot, extension = word.rpartition(".")
        path_like = "/" in word or (dot and extension[:1].isalpha() and extension.isalnum())
        if not path_like or word.startswith(("-", "~")) or os.path.isabs(word):
            continue
        if not os.path.lexists(word):
            return (
                f"(A script's relative paths are read from the current folder, {shown(here, PATH)}, "
                f"not from the script's, {shown(folder, PATH)}: {shown(word, PATH)} is not there.)"
            )
    return None

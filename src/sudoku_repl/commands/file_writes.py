"""A file a command writes (``save-session``, ``tree --dot``, ``timeline --svg``, ``scramble --family
--out``...): through ``text/files.Named.write``, the interrupt flag polled as it goes, so that
Ctrl-C (the debug adapter's ``pause`` and ``disconnect``) stops a write that would not end: a
FIFO whose reader never reads, a terminal held by Ctrl-S. ``export`` does the same in its own
words, as its page is made before it is written."""

from __future__ import annotations

from sudoku_repl.core.hooks import Stopped, between
from sudoku_repl.text.files import named

TYPE_CHECKING = False  # not typing's: a handler imports nothing of dispatch at run time
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


def write_file(repl: Repl, path: str, text: str) -> bool:
    """``text`` written to ``path`` (a name that cannot be written: ``UserError``, one line):
    True; False when it was interrupted, said in one line (``Named.interrupted``: the old file
    as it was), and the command is left out of the session's script."""
    target = named(path)
    try:
        target.write(text, lambda: between(repl.hooks))
    except Stopped:
        repl.script.failed()
        repl.out.message(target.interrupted())
        return False
    return True

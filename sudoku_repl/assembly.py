"""What is plugged in: the one place that registers run modes, their lines and the commands.

``register_all()`` is called by every entry point (``cli``, ``rate``'s command line, the public
API); importing a module never registers anything, so a session behaves the same whatever was
imported. Calling it again changes nothing.
"""

from __future__ import annotations

_done = False


def register_all() -> None:
    """Run modes 3, 4 and 5 with their trace lines, then the commands in Order List order: the
    original ten (and ``help``), the debugger's, the stepping verbs, ``board``, the book's, the
    chains'."""
    global _done
    if _done:
        return
    from sudoku_repl.commands import board, book, chains, debugger, original, stepping
    from sudoku_repl.commands.table import install
    from sudoku_repl.techniques import chains as chain_technique
    from sudoku_repl.techniques import theorems

    theorems.register()
    chain_technique.register()
    install(
        original.command,
        debugger.command,
        stepping.command,
        board.command,
        book.command,
        chains.command,
    )
    _done = True

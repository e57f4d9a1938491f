"""What is plugged in: the one place that registers run modes, their lines and the commands.

``register_all()`` is called by every entry point that needs the commands or the trace lines at
once (the public API, the full screen, the test suite); the command line calls
``register_commands()``, which registers the run modes only before the first command that needs
the engine, so that ``bye``, ``help`` and a mistyped command import none of it. Rating needs
neither: the engine it searches with registers the run mode it is asked for
(``tools/rating/engines.py``, which ``register_modes`` calls too), in whatever process rates, so no
setup is handed down to workers. Importing a module never registers anything, so a session
behaves the same whatever was imported. Calling them again changes nothing.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable

    from sudoku_repl.commands.spec import Command

_commands = False
_modes = False


def register_all() -> None:
    """The commands, then run modes 3, 4 and 5 with their trace lines, now."""
    register_commands()
    register_modes()


def register_commands() -> None:
    """The declared commands (``commands/declared/``), in Order List order (the original ten
    and ``help``, the debugger's, the stepping verbs, ``board``, the book's, the chains'), their
    handler modules imported on first use; ``register_modes`` is called before the first
    handler that needs the engine (``commands.table.ready``)."""
    global _commands
    if _commands:
        return
    from sudoku_repl.commands.declared import GROUPS, group
    from sudoku_repl.commands.table import install

    def loader(name: str) -> Callable[[], list[Command]]:  # (not functools: start-up needs none)
        return lambda: group(name)

    install([loader(name) for name in GROUPS], prepare=register_modes)
    _commands = True


def register_modes() -> None:
    """Run modes 3, 4 and 5 (``engines.register_run_modes``: the list of the techniques' modes,
    which an engine for rating registers itself) with their trace lines."""
    global _modes
    if _modes:
        return
    from sudoku_repl.tools.rating.engines import register_run_modes
    from sudoku_repl.views import technique_lines

    register_run_modes()
    technique_lines.register()
    _modes = True

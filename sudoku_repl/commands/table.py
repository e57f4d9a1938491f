"""The command table: the declared commands (``commands/declared/``), in Order List order, feed
dispatch, the Order List, ``help``, unknown-command suggestions and completion.

A declaration names its handler by dotted path; the handler's module is imported on first use
(``Command.handler``). ``assembly.register_commands`` (part of ``register_all``) installs the
declarations; nothing is installed by importing a module.

Before the first handler of a module that needs the engine is imported, ``ready()`` does what
``install`` was given to do first (the run modes' registration), so that ``bye``, ``help`` and a
mistyped command import nothing of the engine.
"""

from __future__ import annotations

from sudoku_repl.core.errors import shown

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.commands.spec import Command

BANNER = "Sudoku Solver 2.6 2021/10/30 by readalps"

#: the handler modules whose commands need nothing of the engine (``bye``, ``help``): their use
#: does not call ``ready()``
BARE = frozenset({"sudoku_repl.commands.bare"})

COMMANDS: dict[str, Command] = {}
#: what must be done before the first handler that needs the engine (``install``'s ``prepare``)
_PREPARE: list[Callable[[], None]] = []


def run(cmd: Command, repl: Repl, text: str) -> None:
    """Run ``cmd`` with its argument text: parsed as declared, its handler imported on first use
    (the engine made ready first, unless the handler needs none of it)."""
    if cmd.module not in BARE:
        ready()
    cmd.call(repl, text)


def install(*groups: Iterable[Command], prepare: Callable[[], None] | None = None) -> None:
    """Put the commands in the table, in order (again: a later install of a name replaces it).
    ``prepare``: what ``ready()`` must do before the first handler that needs the engine."""
    for group in groups:
        for cmd in group:
            COMMANDS[cmd.name] = cmd
    if prepare is not None:
        _PREPARE.append(prepare)


def ready() -> None:
    """Do what ``install`` was given to do before the engine is used (once)."""
    while _PREPARE:
        _PREPARE.pop(0)()


def lookup(word: str) -> Command | None:
    if word in COMMANDS:
        return COMMANDS[word]
    for cmd in COMMANDS.values():
        if word in cmd.aliases:
            return cmd
    return None


def suggestion(word: str) -> str | None:
    """The command name or alias nearest to ``word`` (a typo of it), or None when none is close."""
    import difflib

    names = [name for cmd in COMMANDS.values() for name in (cmd.name, *cmd.aliases)]
    near = difflib.get_close_matches(word.lower(), names, n=1, cutoff=0.6)
    return near[0] if near else None


def unknown(word: str) -> str:
    """The line before the Order List when ``word`` is no command: ``Unknown command 'stpe';
    did you mean step?``, or ``Unknown command 'xyz'.`` when no command is close."""
    near = suggestion(word)
    said = f"Unknown command {shown(word)!r}"
    return f"{said}; did you mean {near}?" if near else f"{said}."


def order_list() -> list[str]:
    """The banner and the Order List (docs/commands.md 2), the original ten first."""
    return [BANNER, "", "Order List:", *(cmd.entry() for cmd in COMMANDS.values())]

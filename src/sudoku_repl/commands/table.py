"""The command table: the declared commands (``commands/declared/``), in Order List order, feed
dispatch, the Order List, ``help``, unknown-command suggestions (``commands/listing.py``) and
completion.

A declaration names its handler by dotted path; the handler's module is imported on first use
(``Command.handler``). ``assembly.register_commands`` (part of ``register_all``) installs the
declarations; nothing is installed by importing a module.

Before the first handler of a module that needs the engine is imported, ``ready()`` does what
``install`` was given to do first (the run modes' registration), so that ``bye``, ``help`` and a
mistyped command import nothing of the engine.
"""

from __future__ import annotations

from sudoku_repl.commands import preparation
from sudoku_repl.commands.preparation import ready as ready  # (the shell's and help's)

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from sudoku_repl.commands.spec import Caller, Command

#: the handler modules whose commands need nothing of the engine (``bye``, ``help``): their use
#: does not call ``ready()``
BARE = frozenset({"sudoku_repl.commands.bare"})

_TABLE: dict[str, Command] = {}
#: the groups of declarations installed but not loaded yet, in order (``install``)
_PENDING: list[Callable[[], Iterable[Command]]] = []


def run(cmd: Command, repl: Caller, text: str) -> None:
    """Run ``cmd`` with its argument text: parsed as declared, its handler imported on first use
    (the engine made ready first, unless the handler needs none of it)."""
    if cmd.module not in BARE:
        ready()
    cmd.call(repl, text)


def install(
    groups: Iterable[Callable[[], Iterable[Command]]], prepare: Callable[[], None] | None = None
) -> None:
    """Put the groups of commands in the table, in order (again: a later install of a name
    replaces it), each loaded when a lookup has not found its word in the ones before
    (``sudoku-repl -c bye`` imports two of the fourteen declaration modules). ``prepare``: what
    ``ready()`` must do before the first handler that needs the engine."""
    _PENDING.extend(groups)
    if prepare is not None:
        preparation.prepare(prepare)


def installed() -> bool:
    """Whether any command was installed (``assembly.register_commands`` was called)."""
    return bool(_TABLE or _PENDING)


def _load_next() -> bool:
    """The next pending group in the table; False when none was left."""
    if not _PENDING:
        return False
    for cmd in _PENDING.pop(0)():
        _TABLE[cmd.name] = cmd
    return True


def commands() -> dict[str, Command]:
    """Every installed command by name, in Order List order."""
    while _load_next():
        pass
    return _TABLE


def _found(word: str) -> Command | None:
    if word in _TABLE:
        return _TABLE[word]
    for cmd in _TABLE.values():
        if word in cmd.aliases:
            return cmd
    return None


def lookup(word: str) -> Command | None:
    """The command named ``word`` (or an alias of it); None when no command is."""
    found = _found(word)
    while found is None and _load_next():
        found = _found(word)
    return found

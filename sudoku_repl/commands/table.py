"""The command table: one record per command feeds dispatch, the Order List, help and completion.

Each command module declares its commands in a ``CommandSet`` (``command = CommandSet()``, then
``@command(...)`` on each handler); ``assembly.register_all`` installs the sets, in the order of
the Order List. Nothing is installed by importing a module.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from sudoku_repl.core import modes
from sudoku_repl.core.errors import shown

if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl

Handler = Callable[["Repl", str], None]

BANNER = "Sudoku Solver 2.6 2021/10/30 by readalps"


@attrs.frozen
class Command:
    name: str
    usage: str  # the Order List form, e.g. "runtil <steps>"
    summary: str
    handler: Handler
    help: str = ""  # the longer explanation of ``help <command>``
    argument: str | None = None  # what completion offers after the name: see GRAMMAR
    aliases: tuple[str, ...] = ()

    def entry(self) -> str:
        """The command's line in the Order List."""
        return f"{self.usage}: {self.summary}"


COMMANDS: dict[str, Command] = {}

#: What may follow a command name, by the command's ``argument`` kind: the forms, each a list
#: of words. A <...> word takes anything; completion offers, for <file> the paths (a directory
#: with its ``/``), <command> the command names, <cell> the empty cells of the present state,
#: <filled> the cells with a value (givens included), and for the words of ``PLACEHOLDERS``
#: (<v>, <mode>) their values; other <...> words (numbers) offer nothing.
GRAMMAR: dict[str, tuple[tuple[str, ...], ...]] = {
    "file": (("<file>",),),
    "command": (("<command>",),),
    "run-mode": (("<mode>",),),
    "guess-mode": (("0",), ("1",)),
    "bisect": (
        ("level", "<n>", "<n>"),
        ("level", "max"),
        ("when", "cell", "<cell>"),
        ("when", "removed", "<v>", "<cell>"),
        ("when", "solutions", ">=", "<n>"),
    ),
    "break": (
        ("level", ">=", "<n>"),
        ("step", "<n>"),
        ("cell", "<cell>"),
        ("removed", "<v>", "<cell>"),
        ("wrong",),
        ("solution",),
    ),
    "info": (("break",),),
    "cell": (("<cell>",), ("removed", "<v>", "<cell>")),
    "timeline": (("--svg", "<file>"),),
    "tree": (("--dot", "<file>"),),
    "matrix": (("na",), ("kh",), ("mmk",), ("nak", "<v>")),
    "why": (("<filled>",), ("removed", "<v>", "<cell>")),
    "transform": (
        ("digits",),
        ("rows",),
        ("cols",),
        ("bands",),
        ("stacks",),
        ("transpose",),
        ("rotate",),
    ),
    "generate": (
        ("--clues",),
        ("--seed",),
        ("--from",),
        ("--count",),
        ("--out",),
        ("--family",),
    ),
}


#: The placeholders of GRAMMAR whose values do not depend on the session: what each offers.
PLACEHOLDERS: dict[str, Callable[[], list[str]]] = {
    "<v>": lambda: [str(v) for v in range(1, 10)],
    "<mode>": lambda: [str(m) for m in modes.names()],  # every registered run mode
}


def next_words(argument: str, words: list[str]) -> set[str]:
    """What may come after ``words`` (the complete words typed after the command name)."""
    found = set()
    forms = GRAMMAR.get(argument, ())
    for form in forms:
        if len(form) <= len(words):
            continue
        if all(want == got or want.startswith("<") for want, got in zip(form, words)):
            found.add(form[len(words)])
    return found


class CommandSet:
    """The commands one module declares, in order: used as the ``@command(...)`` decorator."""

    def __init__(self) -> None:
        self.commands: list[Command] = []

    def __call__(
        self,
        usage: str,
        summary: str,
        *,
        help: str = "",
        argument: str | None = None,
        aliases: tuple[str, ...] = (),
    ) -> Callable[[Handler], Handler]:
        """Declare a handler under the first word of ``usage``."""

        def declare(handler: Handler) -> Handler:
            name = usage.split()[0]
            self.commands.append(Command(name, usage, summary, handler, help, argument, aliases))
            return handler

        return declare


def install(*sets: CommandSet) -> None:
    """Put the sets' commands in the table (again: a later install of a name replaces it)."""
    for declared in sets:
        for cmd in declared.commands:
            COMMANDS[cmd.name] = cmd


def lookup(word: str) -> Command | None:
    if word in COMMANDS:
        return COMMANDS[word]
    for cmd in COMMANDS.values():
        if word in cmd.aliases:
            return cmd
    return None


def suggestion(word: str) -> str | None:
    """The command name or alias nearest to ``word`` (a typo of it), or None when none is close."""
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

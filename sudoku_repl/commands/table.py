"""The command table: one record per command feeds dispatch, the Order List, help and completion.

Each command module declares its commands in a ``CommandSet`` (``command = CommandSet()``, then
``@command(...)`` on each handler); ``assembly.register_all`` installs the sets, in the order of
the Order List. Nothing is installed by importing a module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

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
#: of words, where <cell>, <file>, <command> are what completion offers and other <...> words
#: (numbers, values) take anything and offer nothing.
GRAMMAR: dict[str, tuple[tuple[str, ...], ...]] = {
    "file": (("<file>",),),
    "command": (("<command>",),),
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
    "why": (("<cell>",), ("removed", "<v>", "<cell>")),
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


def order_list() -> list[str]:
    """The banner and the Order List (docs/commands.md 2), the original ten first."""
    return [BANNER, "", "Order List:", *(cmd.entry() for cmd in COMMANDS.values())]

"""The command table: one record per command feeds dispatch, the Order List, help and completion.

The handlers live in ``repl``; this module only knows names, usage and help text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from .repl import Repl

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
        ("digits",), ("rows",), ("cols",), ("bands",), ("stacks",), ("transpose",), ("rotate",),
    ),
    "generate": (
        ("--clues",), ("--seed",), ("--from",), ("--count",), ("--out",), ("--family",),
    ),
}


#: single words that may follow a command name, for kinds without a GRAMMAR entry
SUBWORDS: dict[str, tuple[str, ...]] = {}


def next_words(argument: str, words: list[str]) -> set[str]:
    """What may come after ``words`` (the complete words typed after the command name)."""
    found = set()
    forms = GRAMMAR.get(argument) or tuple((w,) for w in SUBWORDS.get(argument, ()))
    for form in forms:
        if len(form) <= len(words):
            continue
        if all(want == got or want.startswith("<") for want, got in zip(form, words)):
            found.add(form[len(words)])
    return found


def command(
    usage: str,
    summary: str,
    *,
    help: str = "",
    argument: str | None = None,
    aliases: tuple[str, ...] = (),
) -> Callable[[Handler], Handler]:
    """Register a handler under the first word of ``usage``."""

    def register(handler: Handler) -> Handler:
        name = usage.split()[0]
        COMMANDS[name] = Command(name, usage, summary, handler, help, argument, aliases)
        return handler

    return register


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

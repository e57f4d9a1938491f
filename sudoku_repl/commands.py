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
    argument: str | None = None  # what completion offers after the name: see SUBWORDS
    aliases: tuple[str, ...] = ()

    def entry(self) -> str:
        """The command's line in the Order List."""
        return f"{self.usage}: {self.summary}"


COMMANDS: dict[str, Command] = {}

#: the words completion offers after a command name, by its ``argument`` kind
SUBWORDS: dict[str, tuple[str, ...]] = {
    "bisect": ("level", "when"),
    "break": ("level", "step", "cell", "removed", "wrong", "solution"),
    "info": ("break",),
    "timeline": ("--svg",),
    "tree": ("--dot",),
    "cell": ("removed",),
}


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
    """The banner and the Order List (COMMANDS.md 2), the original ten first."""
    return [BANNER, "", "Order List:", *(cmd.entry() for cmd in COMMANDS.values())]

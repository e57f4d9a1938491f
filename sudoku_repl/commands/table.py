"""The command table: one record per command feeds dispatch, the Order List, help and completion.

The records come from the static manifest (``commands/manifest.py``): what the Order List,
``help``, unknown-command suggestions and completion need, without importing a handler. A
command's handler is imported from its module (``Command.module``, in this package) on first
use: each command module declares its commands in a ``CommandSet`` (``command =
CommandSet(__name__)``, then ``@command(...)`` on each handler), and
``tests/test_command_manifest.py`` keeps the manifest and the declarations in step.
``assembly.register_commands`` (part of ``register_all``) installs the manifest; nothing is
installed by importing a module.

Before the first handler of a module that needs the engine is imported, ``ready()`` does what
``install`` was given to do first (the run modes' registration), so that ``bye``, ``help`` and a
mistyped command import nothing of the engine.
"""

from __future__ import annotations

from sudoku_repl.core.errors import shown

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from sudoku_repl.commands.dispatch import Repl

    Handler = Callable[[Repl, str], None]

BANNER = "Sudoku Solver 2.6 2021/10/30 by readalps"

#: the handler modules whose commands need nothing of the engine (``bye``, ``help``): their use
#: does not call ``ready()``
BARE = frozenset({"bare"})


class Command:
    """One command: its name (the first word of ``usage``), the Order List form (``usage``, e.g.
    ``runtil <steps>``), the ``summary``, the longer explanation of ``help <command>``, what
    completion offers after the name (``argument``: see GRAMMAR), its aliases, and the module of
    this package that declares its handler. ``handler`` is given by a ``CommandSet``, or imported
    from ``module`` on first use (a manifest record)."""

    __slots__ = ("_handler", "aliases", "argument", "help", "module", "name", "summary", "usage")

    def __init__(
        self,
        module: str,
        usage: str,
        summary: str,
        *,
        help: str = "",
        argument: str | None = None,
        aliases: tuple[str, ...] = (),
        handler: Handler | None = None,
    ) -> None:
        self.name = usage.split()[0]
        self.module = module
        self.usage = usage
        self.summary = summary
        self.help = help
        self.argument = argument
        self.aliases = aliases
        self._handler = handler

    def __repr__(self) -> str:
        return f"Command({self.module!r}, {self.usage!r}, {self.summary!r})"

    def entry(self) -> str:
        """The command's line in the Order List."""
        return f"{self.usage}: {self.summary}"

    def described(self) -> tuple[str, str, str, str, str | None, tuple[str, ...]]:
        """Everything but the handler: what the manifest must say as the module declares it."""
        return (self.name, self.usage, self.summary, self.help, self.argument, self.aliases)

    @property
    def handler(self) -> Handler:
        if self._handler is None:
            if self.module not in BARE:
                ready()
            module = __import__(f"{__package__}.{self.module}", fromlist=["command"])
            declared: CommandSet = module.command
            self._handler = declared.find(self.name).handler
        return self._handler


COMMANDS: dict[str, Command] = {}
#: what must be done before the first handler that needs the engine (``install``'s ``prepare``)
_PREPARE: list[Callable[[], None]] = []


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
    "<mode>": lambda: [str(m) for m in _run_modes()],  # every registered run mode
}


def _run_modes() -> list[int]:
    ready()
    from sudoku_repl.core import modes

    return modes.names()


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

    def __init__(self, module: str) -> None:
        self.module = module.rpartition(".")[2]  # the module's name in this package
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
            self.commands.append(
                Command(
                    self.module,
                    usage,
                    summary,
                    help=help,
                    argument=argument,
                    aliases=aliases,
                    handler=handler,
                )
            )
            return handler

        return declare

    def __iter__(self) -> Iterator[Command]:
        return iter(self.commands)

    def find(self, name: str) -> Command:
        """The command declared under ``name``."""
        for cmd in self.commands:
            if cmd.name == name:
                return cmd
        raise LookupError(f"{self.module} declares no command {name!r} (see the manifest)")


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

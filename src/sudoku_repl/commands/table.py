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

from sudoku_repl.commands import preparation
from sudoku_repl.commands.preparation import ready as ready  # (the shell's and help's)
from sudoku_repl.core.errors import shown

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from sudoku_repl.commands.spec import Caller, Command

BANNER = "Sudoku Solver 2.6 2021/10/30 by readalps"

#: the handler modules whose commands need nothing of the engine (``bye``, ``help``): their use
#: does not call ``ready()``
BARE = frozenset({"sudoku_repl.commands.bare"})

COMMANDS: dict[str, Command] = {}


def run(cmd: Command, repl: Caller, text: str) -> None:
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
        preparation.prepare(prepare)


def lookup(word: str) -> Command | None:
    if word in COMMANDS:
        return COMMANDS[word]
    for cmd in COMMANDS.values():
        if word in cmd.aliases:
            return cmd
    return None


#: how alike a typo and a name must be (difflib's ratio), and how much less alike than the
#: nearest name another may be and still be named (``runtl``: runtil, until or run; ``runtill``:
#: runtil or until, not run)
CLOSE, NEARLY_AS_CLOSE = 0.6, 0.2


def suggestions(word: str, most: int = 3) -> list[str]:
    """The commands nearest to ``word`` (a typo of one of their names or aliases), nearest
    first, each named once, by the word it is nearest to (``exti``: exit, an alias of bye):
    those it begins first (``load`` is ``load-quiz``), then the close ones; none when none is
    close."""
    import difflib

    owner = {name: cmd.name for cmd in COMMANDS.values() for name in (cmd.name, *cmd.aliases)}
    typed = word.lower()
    begun = [name for name in owner if len(typed) > 1 and name.startswith(typed)]
    close = difflib.get_close_matches(typed, owner, n=len(owner), cutoff=CLOSE)
    if close:

        def nearness(name: str) -> tuple[float, bool]:  # a swap of letters first (exti: exit)
            return difflib.SequenceMatcher(None, typed, name).ratio(), sorted(name) == sorted(typed)

        close.sort(key=nearness, reverse=True)
        best = nearness(close[0])[0] - NEARLY_AS_CLOSE
        close = [n for n in close if nearness(n)[0] >= best]
    named: dict[str, str] = {}  # a command's name: the word it is named by
    for name in (*begun, *close):
        named.setdefault(owner[name], name)
    return list(named.values())[:most]


def suggestion(word: str) -> str | None:
    """The command nearest to ``word``, or None when none is close."""
    near = suggestions(word, 1)
    return near[0] if near else None


def elsewhere(word: str) -> str | None:
    """What ``unknown`` says after ``Unknown command 'word'`` when ``word`` means something
    elsewhere: a word of gdb's (``GDB_ELSEWHERE``) or ``sudoku-repl rate``, with what to type
    instead; None for any other word. ``help`` of such a word says the same."""
    from sudoku_repl.commands.declared.bare import RATE, RATE_ELSEWHERE
    from sudoku_repl.commands.declared.debugger import GDB_ELSEWHERE

    if word in GDB_ELSEWHERE:
        return f" (gdb's {word}): {GDB_ELSEWHERE[word]}."
    if word == RATE:
        return f": {RATE_ELSEWHERE}; help {RATE} lists its options."
    return None


def unknown(word: str) -> str:
    """The line before the original's Order List when ``word`` is no command: ``Unknown command
    'stpe'; did you mean step?`` (up to three: ``runtil or run?``), or ``Unknown command
    'xyz'.`` when no command is close; for a word that means something elsewhere, what to type
    instead (``elsewhere``)."""
    said = f"Unknown command {shown(word)!r}"
    instead = elsewhere(word)
    if instead is not None:
        return said + instead
    near = suggestions(word)
    if not near:
        return f"{said}."
    listed = near[0] if len(near) == 1 else f"{', '.join(near[:-1])} or {near[-1]}"
    return f"{said}; did you mean {listed}?"


#: the last line after an unknown command: the Order List above names the original ten only
MORE = "help lists the other commands; help <command> explains one."


def unknown_listing(word: str = "") -> list[str]:
    """What follows ``unknown``'s line: the banner and the original's Order List as 2.6 prints
    them for an unknown command, in its words (docs/commands.md 2), then ``MORE``; nothing after
    a word whose line said what to type instead (``elsewhere``)."""
    from sudoku_repl.commands.declared import original_ten

    if elsewhere(word) is not None:
        return []
    entries = [cmd.entry(original=True) for cmd in original_ten()]
    return [BANNER, "", "Order List:", *entries, MORE]


def order_list() -> list[str]:
    """``help``'s list: the banner and the Order List (docs/commands.md 2), the original ten
    first, each as it is now (``run-mode`` takes the modes added since), a long entry broken
    between words to fit 80 columns, its lines after the first indented."""
    from sudoku_repl.commands.filling import filled

    entries = [line for cmd in COMMANDS.values() for line in filled(cmd.entry(), indent="  ")]
    return [BANNER, "", "Order List:", *entries]

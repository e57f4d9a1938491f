"""Every command, declared once (``commands/spec.py``), one module per handler module.

These modules import ``spec`` and nothing of the engine: the command table is filled from them,
a module at a time, as far as a lookup needs (``bye`` is in the second), and a handler module is
imported when one of its commands is first used.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from sudoku_repl.commands.spec import Command


#: the declaration modules in Order List order: the original ten first (``bye`` tenth, in
#: ``bare``), then ``help``, the debugger's, the experiments' and ``whatif``, the stepping verbs,
#: the guess levels as frames, ``board``, ``link``, the book's, the makers (``generate``,
#: ``scramble``), ``hint`` and ``check``, ``difficulty``, and ``solve``
GROUPS = (
    "original", "bare", "debugger", "export", "experiments", "whatif", "stepping", "frames",
    "board", "link", "book", "making", "hint_check", "difficulty", "solve",
)  # fmt: skip


def group(name: str) -> list[Command]:
    """The commands one declaration module of ``GROUPS`` declares, in its order (the module
    imported now: the command table loads the groups one by one, as far as a lookup needs)."""
    module = __import__(f"{__name__}.{name}", fromlist=["COMMANDS"])
    commands: list[Command] = module.COMMANDS
    return commands


def in_order() -> list[Command]:
    """Every command in Order List order (``GROUPS``)."""
    return [cmd for name in GROUPS for cmd in group(name)]


def original_ten() -> list[Command]:
    """The original's ten commands, in its Order List's order (``bye`` tenth): what 2.6 lists
    after an unknown command."""
    from sudoku_repl.commands.declared import bare, original

    return [*original.COMMANDS, bare.BYE]


def keyed() -> list[Command]:
    """The commands with a key in the full screen (``Command.key``), in the order the screen's
    help lists them: the stepping keys (step, next, finish), back, the runs, then goto and why,
    which open the command line."""
    from sudoku_repl.commands.declared import book, debugger, original, stepping

    return [
        original.STEP, stepping.NEXT, stepping.FINISH, debugger.BACK, original.RUN,
        stepping.CONTINUE, debugger.GOTO, book.WHY,
    ]  # fmt: skip

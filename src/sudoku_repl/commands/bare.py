"""The commands that need no quiz and nothing of the engine: ``bye`` (one of the original ten)
and ``help``. Importing this module imports no attrs and no engine (``table.BARE``). Declared
in ``declared/bare.py``."""

from __future__ import annotations

from sudoku_repl.commands.declared.bare import RATE, RATE_ELSEWHERE
from sudoku_repl.commands.spec import MODE
from sudoku_repl.commands.table import commands, lookup, ready
from sudoku_repl.core.errors import UserError, shown

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.commands.spec import Command


def bye(repl: Repl) -> None:
    repl.done = True


#: ``help glossary``: each word of the original, its standard name, and an example
GLOSSARY = (
    "The original's words and the community's (HoDoKu, SudokuWiki):",
    "grp: the group filter, unit by unit: singles and subsets. "
    "Example: '2) row 2 complete shrunken by group'.",
    "complete shrink: hidden single (a value with one place left in a unit). "
    "Example: row 5 lacks a 7 that only [5,2] can take: [5,2] keeps 7.",
    "1GW: naked subset of identical sets (naked pair, triple, quad). "
    "Example: [2,5] and [2,6] both hold 3 7: '1GW: 3 shrunken out of [2,1]'.",
    "2GW: hidden subset (hidden pair, triple, quad), named by its CelSet/ValSet line. "
    "Example: 'CelSet: [4,3] [6,1] ValSet: 6 7' is a hidden pair.",
    "3GW: naked subset of any shape (naked pair, triple, quad). "
    "Example: cells holding 1 2, 2 3 and 1 3 take 1, 2, 3 out of their unit's others.",
    "ply: a row/column-against-block check; no standard name: it never finds a candidate the "
    "placement has not already removed. Example: run-mode 2 leaves the work to guesses.",
    "guess: trial and error (bifurcation); Forward/Upward guess: backtracking to the next "
    "candidate. Example: '7) Guess [6,2] level 1 at 1 out of 2'.",
    "guess level: the depth of nested guesses (backtracking depth). "
    "Example: 'Biggest level on this run(til): 11' went eleven guesses deep.",
    "step: one numbered solver step (a filter pass, or a guess). "
    "Example: 'runtil 65' stops once the count reaches 65.",
    "run modes: 0 grp then ply (default), 1 grp only, 2 ply only, 3 Jin Jianming's theorems, "
    "4 grp and ply then X-Chain and Forcing Chain, 5 the chains only. Example: run-mode 4.",
    "Order please: the original's prompt, where gdb says (gdb). Example: type step after it.",
)


def help_(repl: Repl, command: str | None) -> None:
    from sudoku_repl.commands.listing import elsewhere, order_list, unknown  # (not bye's)

    if command is None:
        repl.lines(order_list())
        return
    if command == "glossary":
        repl.lines(GLOSSARY)
        return
    if command == RATE:
        repl.lines(rate_lines())
        return
    cmd = lookup(command)
    if cmd is None:
        if elsewhere(command) is not None:  # what typing it says: what to type instead
            raise UserError(unknown(command))
        known = ", ".join(commands())
        raise UserError(f"No command {shown(command)!r}; help knows: glossary, {RATE}, {known}")
    repl.lines(help_lines(cmd))


def rate_lines() -> list[str]:
    """``help rate``: where ``sudoku-repl rate`` runs, then its options as its ``--help`` says
    them (the one parser, ``tools/rating/options``)."""
    from sudoku_repl.commands.filling import HELP_WIDTH, filled  # (help's: not bye's)
    from sudoku_repl.tools.rating.options import summary

    said = f"{RATE}: not a command of the shell; {RATE_ELSEWHERE} (docs/rating.md):"
    return [*filled(said), *summary(HELP_WIDTH)]


def help_lines(cmd: Command) -> list[str]:
    """``help <command>``: its Order List entry, its aliases, its help (filled to fit 80
    columns: ``filling.help_paragraphs``), and for ``run-mode`` each mode registered."""
    from sudoku_repl.commands.filling import filled, help_paragraphs

    lines = filled(cmd.entry(), indent="  ")
    if cmd.aliases:
        lines.append("Aliases: " + ", ".join(cmd.aliases))
    if cmd.help:
        lines += help_paragraphs(cmd.help)
    if cmd.takes(MODE):  # the modes the techniques added
        ready()
        from sudoku_repl.core import modes

        for mode in modes.names():
            lines += filled(f"{mode}: {modes.description(mode)}.", indent="  ")
    return lines

"""The two makers and their names: one command name means one thing on every
surface. ``generate`` is the maker of minimal puzzles to order (the shell, the system's prompt,
the DAP console, ``sudoku_repl.generate``); ``scramble`` is seed 003's quizzes from one grid (the
shell and the DAP console). An option only the other one takes is refused in one line that
names the command taking it, with the words typed (the old spelling ``generate --clues 24``
was the scramble)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.making import options, scramble_options

GENERATE = "generate"
SCRAMBLE = "scramble"
#: what each makes, in a few words
MAKES = {
    GENERATE: "minimal puzzles to order",
    SCRAMBLE: "seed 003's quizzes from one grid",
}


def _long_options(command: str) -> frozenset[str]:
    """The options ``command`` takes, by their long names (``--help`` aside: the system prompt's
    alone)."""
    made = options.parser() if command == GENERATE else scramble_options.parser()
    return frozenset(o for o in made._option_string_actions if o.startswith("--")) - {"--help"}


def refuse_the_others(words: Sequence[str], command: str, shell: bool = True) -> None:
    """``UserError`` when ``words`` (the arguments of ``command``) give an option only the
    other maker takes: its name, what each makes, and the line that makes it (``shell``: the
    shell's words; else the system prompt's, where ``scramble`` is the shell's)."""
    other = SCRAMBLE if command == GENERATE else GENERATE
    mine, theirs = _long_options(command), _long_options(other)
    typed = [word.split("=", 1)[0] for word in words if word.startswith("--")]
    foreign = [word for word in typed if word in theirs and word not in mine]
    if not foreign:
        return
    head = f"{command}: " if shell else f"sudoku-repl {command}: "
    where = other if shell or other == GENERATE else f"the shell's {other}"
    said = (
        f"{head}{foreign[0]} is an option of {where} ({MAKES[other]}), not of {command} "
        f"({MAKES[command]})"
    )
    own = [word for word in typed if word in mine and word not in theirs]
    if own:
        raise UserError(f"{said}, and {own[0]} is {command}'s: give each its own options")
    line = shlex.join([other, *words])
    if not shell and other == SCRAMBLE:
        line = shlex.join(["sudoku-repl", "-c", line])
    raise UserError(f"{said}: {line}")


def words_of(arg: str, command: str, form: str) -> list[str]:
    """The shell's argument text of ``command`` (generate, scramble) as words, quotes read as a
    shell reads them (``UserError`` naming ``form`` for an unclosed one), the other maker's
    options refused (``refuse_the_others``)."""
    try:
        words = shlex.split(arg)
    except ValueError as e:
        raise UserError(f"{command}: {e}; {form}") from None
    refuse_the_others(words, command)
    return words

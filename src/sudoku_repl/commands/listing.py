"""What is said of command names, from the command table: ``help``'s Order List, and the line
and listing for a word that is no command, with the commands nearest to it (a module of its own:
``bye`` and every command that is found need none of it).
"""

from __future__ import annotations

from sudoku_repl.commands.table import commands
from sudoku_repl.core.errors import shown

BANNER = "Sudoku Solver 2.6 2021/10/30 by readalps"

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

    owner = {name: cmd.name for cmd in commands().values() for name in (cmd.name, *cmd.aliases)}
    if not owner:  # (no command installed: difflib wants n > 0)
        return []
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

    entries = [line for cmd in commands().values() for line in filled(cmd.entry(), indent="  ")]
    return [BANNER, "", "Order List:", *entries]

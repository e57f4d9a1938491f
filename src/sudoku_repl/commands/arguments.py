"""The words of a command's forms (``commands/spec.py``): an ``Arg`` of a kind (a whole
number, a value 1-9, a cell ``[r,c]``, ``[r,c]=v``, a file, a command name, a run mode, one of
some words, a text or the rest of the line) or an ``Opt`` (an ``--option``, in any order at a
form's end), with how each reads a typed word and says what it is. ``spec`` gives them to the
declarations.

This module imports nothing at import time (the declarations load at start-up).
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterator, Sequence
    from types import ModuleType
    from typing import Any, TypeAlias

    from sudoku_repl.core.geometry import Geometry

    Word: TypeAlias = "str | Arg"
    Form: TypeAlias = "tuple[Word, ...]"

#: the kinds of ``Arg``: what completion offers for each (the shell's ``CommandCompleter``)
INT = "int"  # a whole number >= 0: nothing offered (unless ``offers``)
VALUE = "value"  # a value 1-9
CELL = "cell"  # an empty cell [r,c] of the present state
FILLED = "filled"  # a cell [r,c] with a value (givens included)
CELL_VALUE = "cell=value"  # [r,c]=v: the empty cells offered
FILE = "file"  # a path
COMMAND = "command"  # a command name
MODE = "mode"  # a registered run mode
CHOICE = "choice"  # one of ``offers``
SECONDS = "seconds"  # a number of seconds > 0, a fraction allowed: nothing offered
TEXT = "text"  # the rest of the line: nothing offered
OPTION = "option"  # an --option (``Opt``): its name offered, then its value's offers


class Arg:
    """One argument word of a form: its ``kind``, how usage shows it (``<steps>``, ``[n]``: in
    brackets it may be left out, at the end of a form only), what it is, for error lines (``a
    step count``: ``runtil needs a step count``, then the forms), and ``key``, the name of the
    handler's parameter that gets its value (by default the shown word: ``steps``, ``n``).
    ``rest``: a text that takes the rest of the line (blanks and all), at the end of a form.
    ``least``: the smallest whole number it takes (a count of steps: 1); a smaller one is
    refused as a word of another shape is. ``exact``: a whole number taken as typed, never cut
    at ``text.args.HUGE`` (a seed; a count whose range is checked after, and said as typed)."""

    __slots__ = ("exact", "key", "kind", "least", "offers", "optional", "rest", "shown", "what")

    def __init__(
        self,
        kind: str,
        shown: str,
        what: str = "",
        offers: tuple[str, ...] = (),
        key: str = "",
        rest: bool = False,
        least: int = 0,
        exact: bool = False,
    ) -> None:
        self.kind = kind
        self.exact = exact
        self.least = least
        self.shown = shown
        self.what = what
        # a cell's [r,c] is no optional word
        self.optional = shown.startswith("[") and shown.endswith("]") and kind not in (CELL, FILLED)
        self.offers = offers
        self.rest = rest
        self.key = key or shown.strip("<>[]")
        if not self.key.isidentifier():
            raise ValueError(f"{shown!r} names no parameter: give Arg a key")

    def __repr__(self) -> str:
        return f"Arg({self.kind!r}, {self.shown!r})"

    def parse(self, text: str, problem: str, geo: Callable[[], Geometry]) -> Any:
        """The value of ``text``: a ``ValueError`` when it does not have this kind's shape, a
        ``UserError`` ending in ``problem`` when it has but is out of range (``[10,1]``)."""
        from sudoku_repl.text import args

        if self.kind in (INT, MODE, VALUE):
            n = args.whole_of(text) if self.exact else args.count_of(text)
            if n is None or n < self.least or (self.kind == MODE and not _modes().known(n)):
                raise ValueError(text)
            return args.parse_value(text, problem) if self.kind == VALUE else n
        if self.kind in (CELL, FILLED):
            if not args.CELL.fullmatch(text):
                raise ValueError(text)
            return args.parse_cell(text, problem, geo())
        if self.kind == CELL_VALUE:
            if not args.CELL_VALUE.fullmatch(text):
                raise ValueError(text)
            return args.parse_cell_value(text, problem, geo())
        if self.kind == SECONDS:
            seconds = args.seconds_of(text)
            if seconds is None:
                raise ValueError(text)
            return seconds
        if self.kind == CHOICE and text not in self.offers:
            raise ValueError(text)
        return text

    def needed(self) -> str:
        """What the argument is, for the line that says it is wrong."""
        if self.kind == MODE:
            return f"a run mode ({_modes().listing()})"
        return self.what


class Opt(Arg):
    """An ``--option`` at the end of a form, among the others in any order, each at most once:
    a flag (its key True when given, else False) or followed by its ``value`` (an argument of a
    kind; None when the option is not given). Usage shows it in brackets: ``[--keep]``,
    ``[--format text|csv|json]``; its key is its name's (``max_steps``) unless given."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Arg | None = None, key: str = "") -> None:
        shown = f"[{name} {value.shown}]" if value is not None else f"[{name}]"
        key = key or name.lstrip("-").replace("-", "_")
        super().__init__(OPTION, shown, f"an option ({name})", (name,), key)
        self.name = name
        self.value = value


def Int(
    shown: str,
    what: str = "",
    offers: tuple[str, ...] = (),
    key: str = "",
    least: int = 0,
    exact: bool = False,
) -> Arg:
    return Arg(INT, shown, what, offers, key, least=least, exact=exact)


def Seconds(shown: str, key: str = "") -> Arg:
    return Arg(SECONDS, shown, "a number of seconds above 0 (0.5, 10)", key=key)


def Value(shown: str = "v", key: str = "value") -> Arg:
    return Arg(VALUE, shown, "a value 1..9", key=key)


def Cell(shown: str = "[r,c]", key: str = "cell") -> Arg:
    return Arg(CELL, shown, "a cell", key=key)


def Filled(shown: str = "[r,c]", key: str = "cell") -> Arg:
    return Arg(FILLED, shown, "a cell", key=key)


def CellValue(shown: str = "[r,c]=v", key: str = "cell_value") -> Arg:
    return Arg(CELL_VALUE, shown, "a cell and a value", key=key)


def File(shown: str = "<file>", key: str = "path") -> Arg:
    return Arg(FILE, shown, "a file", key=key)


def Text(shown: str, what: str = "", key: str = "", rest: bool = False) -> Arg:
    """A word, or with ``rest`` the rest of the line (a form's last word: ``condition <n>
    [expr]``); a form of this one word alone takes the whole line."""
    return Arg(TEXT, shown, what, key=key, rest=rest)


def CommandName(shown: str = "[command]", key: str = "command") -> Arg:
    return Arg(COMMAND, shown, "a command", key=key)


def Mode(shown: str, key: str = "mode") -> Arg:
    return Arg(MODE, shown, key=key)


def Choice(*words: str, key: str = "word") -> Arg:
    return Arg(CHOICE, "|".join(words), "one of " + ", ".join(words), words, key)


#: a word of an argument: a cell ``[r, c]`` (blanks inside), with ``=v`` after it, or no blanks
WORD = r"\[[^\]]*\](?:[ \t]*=[ \t]*[0-9]+)?|\S+"


def words(text: str) -> list[str]:
    """The words of an argument text (a cell with blanks in it is one)."""
    import re

    return re.findall(WORD, text)


def word_matches(text: str) -> Iterator[re.Match[str]]:
    """The words of ``text`` (``words``) with where each begins."""
    import re

    return re.finditer(WORD, text)


def split_options(form: Form) -> tuple[Form, list[Opt]]:
    """A form's words before its options, and its options (``Opt``: at its end)."""
    options = [w for w in form if isinstance(w, Opt)]
    return form[: len(form) - len(options)], options


def hoisted(options: Sequence[Opt], typed: Sequence[str]) -> tuple[list[str], list[str]]:
    """The ``typed`` words without the ``options`` written among them, and those (each with its
    value's word), in their order: an option is read in any position, as argparse and gdb
    read them (``why --depth 3 [1,3]``), not only after the form's other words. Only a known
    option's name is taken out: another ``--`` word stays, for ``options_start``."""
    names = {opt.name: opt for opt in options}
    rest: list[str] = []
    moved: list[str] = []
    i = 0
    while i < len(typed):
        opt = names.get(typed[i])
        if opt is None:
            rest.append(typed[i])
            i += 1
            continue
        moved += typed[i : i + width(opt)]
        i += width(opt)
    return rest, moved


def options_start(fixed: Form, typed: Sequence[str]) -> int:
    """Where the options begin among the ``typed`` words: the first ``--`` word past the words
    the form's others need, or the first past them all."""
    required = sum(1 for w in fixed if isinstance(w, str) or not w.optional)
    starts = (
        i >= len(fixed) or (i >= required and w.startswith("--")) for i, w in enumerate(typed)
    )
    return next((i for i, start in enumerate(starts) if start), len(typed))


def width(word: Word) -> int:
    """How many typed words a form's word takes (an option with a value: two)."""
    return 2 if isinstance(word, Opt) and word.value is not None else 1


def typed_word(word: str) -> str:
    """A typed word as a line names it: in quotes when it has blanks (a file name)."""
    from sudoku_repl.core.errors import shown

    said = shown(word)
    return f'"{said}"' if " " in said and not said.startswith("[") else said


def next_options(options: Sequence[Opt], typed: Sequence[str]) -> list[str | Arg]:
    """What may follow the ``typed`` options: the value of the last one, else the names of those
    not given yet."""
    by_name = {opt.name: opt for opt in options}
    given: set[str] = set()
    i = 0
    while i < len(typed):
        opt = by_name.get(typed[i])
        if opt is None:
            return []
        given.add(opt.name)
        if opt.value is not None:
            if i + 1 == len(typed):
                return [opt.value]
            i += 1
        i += 1
    return [opt.name for opt in options if opt.name not in given]


def ends_in_rest(form: Form) -> bool:
    """Whether the form's last word takes the rest of the line."""
    return bool(form) and isinstance(form[-1], Arg) and form[-1].rest


def could_be(want: Word, got: str) -> bool:
    if isinstance(want, str):
        return want == got
    if want.kind == CHOICE:
        return got in want.offers
    if want.kind in (CELL, FILLED):  # a cell is typed in brackets: ``removed`` is no cell
        return got.startswith("[")
    return True


def _classic() -> Geometry:
    from sudoku_repl.core.geometry import CLASSIC

    return CLASSIC


def _modes() -> ModuleType:
    from sudoku_repl.commands.preparation import ready

    ready()
    from sudoku_repl.core import modes

    return modes

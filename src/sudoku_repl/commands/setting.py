"""How a setting is declared, once: ``Setting(name, words, default, help)``, as cmd2's
``Settable`` and ptpython's ``Option`` do it.

A declaration (``commands/declared/settings.py``) says what words a setting takes and the value
each stands for (``on`` True, ``auto`` None), or that it takes a number, its default, its help,
where its value lives (the ``Repl``'s ``ViewSettings``, or the session's ``Settings`` for the
modes, which have commands of their own) and its short name on the toolbar. From the
declarations come ``set``'s forms (parsing, completion and its error lines, ``set_forms``),
``help set`` (``help_text``), ``info settings`` (``Setting.line``), ``ViewSettings``' defaults
and the toolbar's fields.

This module imports nothing of the engine: the settings are declared at start-up.
"""

from __future__ import annotations

from sudoku_repl.commands.spec import Arg, Choice

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Protocol

    from sudoku_repl.commands.spec import Form
    from sudoku_repl.core.session import Session

    class Holder(Protocol):
        """Where settings live (the ``Repl``, which imports the declarations): its view
        settings, and the session's for the modes."""

        @property
        def view(self) -> object: ...

        @property
        def session(self) -> Session: ...


#: the words of a setting that is on or off
ON_OFF: dict[str, object] = {"on": True, "off": False}

#: where a setting's value lives: the ``Repl``'s ``view`` (``set``) or the session's settings
VIEW, SESSION = "view", "session"


class Setting:
    """One setting. ``words``: the words it takes and the value each stands for; ``number``: the
    argument it takes as a number (``set height <N>``) beside them; ``default``: its value before
    any ``set``; ``help``: its sentence in ``help set`` (``paragraph``: it begins a line there);
    ``where``: ``VIEW`` (``set`` changes it; the attribute ``attr`` of ``Repl.view``) or
    ``SESSION`` (its own command changes it: ``run-mode``); ``zero``: how ``info settings``
    shows the number 0 (``0 (unlimited)``); ``short``: its name on a narrow toolbar (none: the
    toolbar does not show it)."""

    __slots__ = (
        "attr",
        "default",
        "help",
        "name",
        "number",
        "paragraph",
        "short",
        "where",
        "words",
        "zero",
    )

    def __init__(
        self,
        name: str,
        words: Mapping[str, object],
        default: object,
        help: str = "",
        *,
        number: Arg | None = None,
        where: str = VIEW,
        attr: str = "",
        zero: str = "",
        short: str = "",
        paragraph: bool = False,
    ) -> None:
        self.name = name
        self.words = dict(words)
        self.default = default
        self.help = help
        self.number = number
        self.where = where
        self.attr = attr or name.replace("-", "_")
        self.zero = zero
        self.short = short
        self.paragraph = paragraph

    def __repr__(self) -> str:
        return f"Setting({self.name!r})"

    @property
    def settable(self) -> bool:
        """Whether ``set`` changes it (the modes have commands of their own)."""
        return self.where == VIEW

    def forms(self) -> list[Form]:
        """``set``'s forms for it: ``<name> <N>`` (a number), then ``<name> word|word``."""
        name = Choice(self.name, key="setting")
        found: list[Form] = []
        if self.number is not None:
            found.append((name, self.number))
        if self.words:
            found.append((name, Choice(*self.words, key="value")))
        return found

    def value_of(self, parsed: object) -> object:
        """The value of what ``set`` parsed (a word of ``words``, or the number)."""
        if isinstance(parsed, str):
            return self.words[parsed]
        return parsed

    def shown(self, value: object) -> str:
        """How ``info settings`` shows ``value``: its word, else the number (``zero`` for 0)."""
        for word, meant in self.words.items():
            if meant is value or (type(meant) is type(value) and meant == value):
                return word
        if value == 0 and self.zero:
            return self.zero
        return str(value)

    def value(self, repl: Holder) -> object:
        """Its value in ``repl`` (a ``SESSION`` setting makes the session)."""
        owner = repl.view if self.where == VIEW else repl.session.settings
        return getattr(owner, self.attr)

    def put(self, repl: Holder, parsed: object) -> None:
        """Set it in ``repl`` to the value of what ``set`` parsed."""
        setattr(repl.view, self.attr, self.value_of(parsed))

    def line(self, repl: Holder) -> str:
        """Its line in ``info settings``: ``trace on``."""
        return f"{self.name} {self.shown(self.value(repl))}"


def set_forms(settings: Iterable[Setting]) -> list[Form]:
    """``set``'s forms for the settings it changes, in their order."""
    return [form for setting in settings if setting.settable for form in setting.forms()]


def help_text(settings: Iterable[Setting], after: str = "") -> Callable[[], str]:
    """``help set``'s text, made when asked: the sentences of the settings ``set`` changes,
    joined by ``;`` in paragraphs (each ``paragraph`` begins one); then ``after``'s. ``help``
    fills them (``filling.help_paragraphs``)."""

    def text() -> str:
        paragraphs: list[list[str]] = []
        for setting in settings:
            if setting.settable and setting.help:
                if setting.paragraph or not paragraphs:
                    paragraphs.append([])
                paragraphs[-1].append(setting.help)
        filled = ["; ".join(paragraph) + "." for paragraph in paragraphs]
        return "\n\n".join([*filled, after] if after else filled)

    return text

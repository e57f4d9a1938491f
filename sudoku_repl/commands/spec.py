"""How a command is declared, once: ``Command(name, summary, handler, forms=..., help=...)``.

A declaration names its handler by dotted path (``"sudoku_repl.commands.debugger:goto"``), so
that nothing imports a handler module before its command is used, and says what may follow the
name as *forms*: each a tuple of words, a word being a literal (``"level"``) or an ``Arg`` of a
kind (a whole number, a value 1-9, a cell ``[r,c]``, ``[r,c]=v``, a file, a command name, a run
mode, one of some words, the rest of the line). From the forms come the form text that error
lines name (``Command.form``), what completion offers after the name (``next_words``) and, for a
command that is not ``raw``, the parsed values its handler is called with (``parse``).

This module imports nothing at import time: the declaration modules (``commands/declared/``)
and the command table load at start-up, before the engine.
"""

from __future__ import annotations

from sudoku_repl.core.errors import UserError

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterator, Sequence
    from types import ModuleType
    from typing import Any, TypeAlias

    from sudoku_repl.commands.dispatch import Repl
    from sudoku_repl.core.geometry import Geometry

    Handler = Callable[..., None]
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
TEXT = "text"  # the rest of the line: nothing offered


class Arg:
    """One argument word of a form: its ``kind``, how usage shows it (``<steps>``, ``[n]``: in
    brackets it may be left out, at the end of a form only), what it is, for error lines (``a
    step count``: ``runtil needs a step count``, then the forms), and ``key``, the name of the
    handler's parameter that gets its value (by default the shown word: ``steps``, ``n``).
    ``rest``: a text that takes the rest of the line (blanks and all), at the end of a form."""

    __slots__ = ("key", "kind", "offers", "optional", "rest", "shown", "what")

    def __init__(
        self,
        kind: str,
        shown: str,
        what: str = "",
        offers: tuple[str, ...] = (),
        key: str = "",
        rest: bool = False,
    ) -> None:
        self.kind = kind
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
            n = args.count_of(text)
            if n is None or (self.kind == MODE and not _modes().known(n)):
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
        if self.kind == CHOICE and text not in self.offers:
            raise ValueError(text)
        return text

    def needed(self) -> str:
        """What the argument is, for the line that says it is wrong."""
        if self.kind == MODE:
            return f"a run mode ({_modes().listing()})"
        return self.what


def Int(shown: str, what: str = "", offers: tuple[str, ...] = (), key: str = "") -> Arg:
    return Arg(INT, shown, what, offers, key)


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


class Key:
    """A command's key in the full screen (``frontends/tui/keys.py``): the ``letter`` that runs
    it, the ``text`` the screen's help gives it (by default ``name: summary``), ``opens``: the
    key types the command into the command line instead of running it (``g``: ``goto`` typed),
    and ``brief``: the help line at the screen's foot names it too."""

    __slots__ = ("brief", "letter", "opens", "text")

    def __init__(self, letter: str, text: str = "", *, opens: bool = False, brief: bool = False):
        self.letter = letter
        self.text = text
        self.opens = opens
        self.brief = brief

    def __repr__(self) -> str:
        return f"Key({self.letter!r})"


def form_text(name: str, forms: Sequence[Form], repeat: bool = True) -> str:
    """The forms as error lines and help name them: ``when [r,c] | when removed v [r,c]`` (the
    name once unless ``repeat``: ``break level >= <L> | step <N>``)."""
    if not forms:
        return name
    shown = [" ".join(w if isinstance(w, str) else w.shown for w in form) for form in forms]
    if not repeat:
        return f"{name} " + " | ".join(shown)
    return " | ".join(f"{name} {text}" for text in shown)


class Command:
    """One command, declared once. ``usage`` is its Order List form (by default the form text;
    given where the Order List says it shorter), ``summary`` its line there, ``help`` the
    explanation ``help <command>`` adds, ``handler`` the dotted path of its handler
    (``"module:function"``), ``forms`` what may follow the name (none: nothing), ``form`` the
    text error lines name (by default the forms'), ``aliases`` its other names.

    The handler is called as ``handler(repl, **values)``: the values of the arguments of the
    form that matched, by their keys (None for an optional one left out). A ``raw`` command's
    handler is called as ``handler(repl, text)`` with the argument text, which it parses itself
    (with ``text/args.py``), naming ``form`` in its error lines. ``wrong``: what the error line
    says when no form matches (``needs a condition``; by default what the one argument is);
    ``synonyms``: words read as others (``color`` as ``colour``); ``repeat``: whether the form
    text repeats the name before each form (``form_text``).

    What the front ends and the dispatcher ask of a command is said here too: ``runs``: it runs
    the search (a run stopped half way is scripted as the path it took); ``stops``: it leaves the
    session at a new stop (``runs`` implies it): the displays run after it, and the level
    ``frame`` selected goes back to the present; ``repeats``: Enter on an empty line repeats it,
    as gdb does; ``key``: its key in the full screen; ``scripted``: ``save-session`` writes it
    (not a command that only looks or writes a file); ``displayable``: ``display`` may run it
    at every stop (never one that stops); ``fold``: its words are read in any case
    (``matrix NAK``)."""

    __slots__ = (
        "_handler",
        "_help",
        "_named_form",
        "_repeat",
        "aliases",
        "displayable",
        "fold",
        "form",
        "forms",
        "handler_path",
        "key",
        "name",
        "raw",
        "repeats",
        "runs",
        "scripted",
        "stops",
        "summary",
        "synonyms",
        "usage",
        "wrong",
    )

    def __init__(
        self,
        name: str,
        summary: str,
        handler: str,
        *,
        forms: Sequence[Form] = (),
        usage: str = "",
        form: str = "",
        help: str | Callable[[], str] = "",
        aliases: tuple[str, ...] = (),
        raw: bool = False,
        wrong: str = "",
        synonyms: dict[str, str] | None = None,
        repeat: bool = True,
        runs: bool = False,
        stops: bool = False,
        repeats: bool = False,
        key: Key | None = None,
        scripted: bool = True,
        displayable: bool = True,
        fold: bool = False,
    ) -> None:
        self.name = name
        self.summary = summary
        self.handler_path = handler
        self.forms = tuple(forms)
        self.form = form or form_text(name, self.forms, repeat)
        self._named_form, self._repeat = bool(form), repeat
        self.usage = usage or self.form
        self._help = help
        self.aliases = aliases
        self.raw = raw
        self.wrong = wrong
        self.synonyms = synonyms or {}
        self.runs = runs
        self.stops = stops or runs
        self.repeats = repeats
        self.key = key
        if key is not None and not key.text:
            key.text = f"{name}: {summary}"
        self.scripted = scripted
        self.displayable = displayable and not self.stops
        self.fold = fold
        self._handler: Handler | None = None

    def __repr__(self) -> str:
        return f"Command({self.name!r}, {self.summary!r}, {self.handler_path!r})"

    @property
    def help(self) -> str:
        """The explanation ``help <command>`` adds (made when first asked, where the
        declaration gives a function: ``set``'s, from the settings)."""
        if not isinstance(self._help, str):
            self._help = self._help()
        return self._help

    def entry(self) -> str:
        """The command's line in the Order List."""
        return f"{self.usage}: {self.summary}"

    @property
    def module(self) -> str:
        """The module of its handler."""
        return self.handler_path.partition(":")[0]

    @property
    def handler(self) -> Handler:
        """The handler, imported on first use."""
        if self._handler is None:
            module, _, function = self.handler_path.partition(":")
            found = getattr(__import__(module, fromlist=[function]), function, None)
            if found is None:
                raise LookupError(f"{self.name}: {module} has no handler {function!r}")
            self._handler = found
        return self._handler

    def problem(self, what: str) -> str:
        """An error line about the argument: ``what`` and the forms."""
        return f"{what}: {self.form}"

    def needs(self, what: str) -> str:
        """``{name} {what}: {form}`` (``runtil needs a step count``, then the forms)."""
        return self.problem(f"{self.name} {what}")

    def complaint(self) -> str:
        """The error line when the argument matches no form."""
        if not self.forms:
            return f"{self.name} takes no argument: {self.name}"
        if self.wrong:
            return self.needs(self.wrong)
        arg = next(w for w in self.forms[0] if not isinstance(w, str))
        return self.needs(f"{'takes' if arg.optional else 'needs'} {arg.needed()}")

    def refusal(self, typed: Sequence[str], geo: Callable[[], Geometry] | None = None) -> str:
        """The error line when the ``typed`` words fit no form: a first word that begins no form
        of a command whose forms all begin with a word (``info foo``, ``set foo``, ``break
        foo``) is named, with the nearest known word and the forms, in one line; words that
        begin a form with its own words (a keyword, an option, one of some words) and go wrong
        after them are named with what the form takes next (``shortfall``); else
        ``complaint()``."""
        known = self.first_words()
        typed = self._read(typed)
        word = typed[0] if typed else ""
        if word.startswith("--") and len(word) > 2:  # an option: those the forms begin with
            known = [w for form in self.forms for w in form[:1] if isinstance(w, str)]
        if word and known and word not in known:
            import difflib

            from sudoku_repl.core.errors import shown

            what = "option" if word.startswith("--") else "word"
            said = f"Unknown {self.name} {what} {shown(word)!r}"
            near = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
            if near:
                said += f" (did you mean {near[0]}?)"
            return f"{said}; {self.form}"
        geo = geo or _classic
        short = self.shortfall(typed, geo)
        if short is not None:
            return short
        most = max(len(form) for form in self.forms)
        if len(typed) > most and not any(_ends_in_rest(form) for form in self.forms):
            return f"{self.name} takes {most} word{'s' if most > 1 else ''} at most, not {len(typed)}: {self.form}"
        return self.complaint()

    def shortfall(self, typed: Sequence[str], geo: Callable[[], Geometry]) -> str | None:
        """``tree --dot needs a file``, ``set trace needs on|off``, ``info break takes nothing
        more``: the line for ``typed`` words that begin a form with a word of its own and then
        stop short, go wrong or go on too long; None when no form begins so."""

        depth = 0
        forms: list[Form] = []
        for form in self.forms:
            fits = self._prefix(form, typed, geo)
            if not fits:
                continue
            if fits > depth:
                depth, forms = fits, []
            if fits == depth:
                forms.append(form)
        if not depth:
            return None
        head = " ".join([self.name, *(_typed_word(w) for w in typed[:depth])])
        nexts = [form[depth] if depth < len(form) else None for form in forms]
        wanted = [w for w in dict.fromkeys(nexts) if w is not None]
        if not wanted or (len(typed) > depth and None in nexts):
            return f"{head} takes nothing more: {self.forms_text(forms)}"
        what = " or ".join(
            dict.fromkeys(w if isinstance(w, str) else w.needed() or w.shown for w in wanted)
        )
        verb = "takes" if all(isinstance(w, Arg) and w.optional for w in wanted) else "needs"
        return f"{head} {verb} {what}: {self.forms_text(forms)}"

    def forms_text(self, forms: Sequence[Form]) -> str:
        """The text of some of the forms, for a line about them (all of them, ``form``, where
        the declaration gives the form text)."""
        return self.form if self._named_form else form_text(self.name, forms, self._repeat)

    @staticmethod
    def _own_word(word: Word | None) -> bool:
        """Whether a form's word is a word of its own: a keyword, an option, one of some."""
        return isinstance(word, str) or (isinstance(word, Arg) and word.kind == CHOICE)

    @staticmethod
    def _prefix(form: Form, typed: Sequence[str], geo: Callable[[], Geometry]) -> int:
        """How many of the ``typed`` words fit ``form`` from its start, when its first word is
        a word of its own (a keyword, one of some words); else 0."""
        if not Command._own_word(form[0] if form else None):
            return 0
        fits = 0
        for want, got in zip(form, typed):
            if isinstance(want, str):
                if want != got:
                    break
            else:
                try:
                    want.parse(got, "", geo)
                except (ValueError, UserError):
                    break
            fits += 1
        return fits

    def takes(self, kind: str) -> bool:
        """Whether a form takes an argument of ``kind`` (``run-mode`` a run mode: its help
        lists the modes registered)."""
        return any(isinstance(w, Arg) and w.kind == kind for form in self.forms for w in form)

    def first_words(self) -> list[str]:
        """The words the forms begin with (``break``, ``settings`` for ``info``); none when a
        form begins with an argument that is not one of some words."""
        found: list[str] = []
        for form in self.forms:
            first = form[0] if form else None
            if isinstance(first, str):
                found.append(first)
            elif first is not None and first.kind == CHOICE:
                found += first.offers
            else:
                return []
        return list(dict.fromkeys(found))

    def match(
        self,
        typed: Sequence[str],
        geo: Callable[[], Geometry] | None = None,
        rest: Callable[[int], str] | None = None,
    ) -> dict[str, Any] | None:
        """The values of the arguments of the first form the ``typed`` words fit, by key, or
        None (``geo``: the puzzle's, for cells; by default the classic grid; ``rest``: the text
        from the k-th word on, for a ``rest`` text, by default the words joined)."""
        typed = self._read(typed)
        for form in self.forms:
            values = self._fit(form, typed, geo or _classic, rest)
            if values is not None:
                return values
        return None

    def _read(self, typed: Sequence[str]) -> list[str]:
        """The typed words as the forms spell them: synonyms replaced, and lower case where
        the command ``fold``s."""
        if self.fold:
            typed = [w.lower() for w in typed]
        return [self.synonyms.get(w, w) for w in typed]

    def _fit(
        self,
        form: Form,
        typed: Sequence[str],
        geo: Callable[[], Geometry],
        rest: Callable[[int], str] | None = None,
    ) -> dict[str, Any] | None:
        """The values of ``typed`` by ``form``; None when they do not have its shape (a number
        out of range raises the ``UserError`` that says so)."""
        last = form[-1] if form else None
        if isinstance(last, Arg) and last.rest and len(typed) >= len(form):
            k = len(form) - 1  # the rest of the line is its last word
            typed = [*typed[:k], rest(k) if rest is not None else " ".join(typed[k:])]
        required = sum(1 for w in form if isinstance(w, str) or not w.optional)
        if not required <= len(typed) <= len(form):
            return None
        if any(isinstance(want, str) and want != got for want, got in zip(form, typed)):
            return None
        values: dict[str, Any] = {}
        for i, want in enumerate(form):
            if isinstance(want, Arg):
                got = typed[i] if i < len(typed) else None
                try:
                    values[want.key] = (
                        None if got is None else want.parse(got, self._problem(form, typed, i), geo)
                    )
                except ValueError:
                    return None
        return values

    def _problem(self, form: Form, typed: Sequence[str], i: int) -> str:
        """What the line about a bad ``i``-th word of ``form`` ends with: after words of the
        form's own, those words and what it needs (``set cell needs a cell and a value: set
        cell [r,c]=v``); else ``complaint()``."""
        want = form[i]
        if i == 0 or not self._own_word(form[0]) or not isinstance(want, Arg):
            return self.complaint()
        from sudoku_repl.core.errors import shown

        head = " ".join([self.name, *(shown(w) for w in typed[:i])])
        return f"{head} needs {want.needed() or want.shown}: {self.forms_text([form])}"

    def call(self, repl: Repl, text: str) -> None:
        """Parse the argument text (unless ``raw``) and call the handler."""
        if self.raw:
            self.handler(repl, text)
            return
        self.handler(repl, **self.parse(text, lambda: repl.session.geo))

    def parse(self, text: str, geo: Callable[[], Geometry] | None = None) -> dict[str, Any]:
        """The values of ``text`` for the handler, by key (``geo``: the puzzle's, for cells);
        else ``UserError`` with ``refusal()``. A command that takes a file among other words
        reads its words as file names are read (quotes around a name with blanks)."""
        if not self.forms:
            if text:
                raise UserError(self.complaint())
            return {}
        only = self.forms[0][0] if len(self.forms) == 1 and len(self.forms[0]) == 1 else None
        if isinstance(only, Arg) and only.kind == FILE:
            from sudoku_repl.text.args import one_file

            return {only.key: one_file(text, self.name)}  # quoting, and its own lines
        if isinstance(only, Arg) and only.kind in (TEXT, COMMAND):
            if not text and not only.optional:
                raise UserError(self.complaint())
            return {only.key: text or None}
        if self.takes(FILE):
            from sudoku_repl.text.args import file_words

            hint = f'{self.form} (quote a name with blanks: "my file.txt")'
            typed = file_words(text, hint)
            values = self.match(typed, geo)
            if values is None:
                raise UserError(self.refusal(typed, geo).replace(self.form, hint))
        else:
            found = [(m.group(), m.start()) for m in _word_matches(text)]
            typed = [word for word, _ in found]
            values = self.match(typed, geo, lambda k: text[found[k][1] :].strip())
        if values is None:
            raise UserError(self.refusal(typed, geo))
        return values


#: a word of an argument: a cell ``[r, c]`` (blanks inside), with ``=v`` after it, or no blanks
WORD = r"\[[^\]]*\](?:[ \t]*=[ \t]*[0-9]+)?|\S+"


def words(text: str) -> list[str]:
    """The words of an argument text (a cell with blanks in it is one)."""
    import re

    return re.findall(WORD, text)


def _word_matches(text: str) -> Iterator[re.Match[str]]:
    """The words of ``text`` (``words``) with where each begins."""
    import re

    return re.finditer(WORD, text)


def next_words(cmd: Command, typed: Sequence[str]) -> list[str | Arg]:
    """What may come after the ``typed`` words (the complete words after the command name): the
    literal words and the arguments of each form that fits them so far."""
    typed = [cmd.synonyms.get(w, w) for w in typed]
    found: list[str | Arg] = []
    for form in cmd.forms:
        if len(form) <= len(typed):
            continue
        if all(_could_be(want, got) for want, got in zip(form, typed)):
            want = form[len(typed)]
            if want not in found:
                found.append(want)
    return found


def _typed_word(word: str) -> str:
    """A typed word as a line names it: in quotes when it has blanks (a file name)."""
    from sudoku_repl.core.errors import shown

    said = shown(word)
    return f'"{said}"' if " " in said and not said.startswith("[") else said


def _ends_in_rest(form: Form) -> bool:
    """Whether the form's last word takes the rest of the line."""
    return bool(form) and isinstance(form[-1], Arg) and form[-1].rest


def _could_be(want: Word, got: str) -> bool:
    if isinstance(want, str):
        return want == got
    if want.kind == CHOICE:
        return got in want.offers
    return True


def _classic() -> Geometry:
    from sudoku_repl.core.geometry import CLASSIC

    return CLASSIC


def _modes() -> ModuleType:
    from sudoku_repl.commands.table import ready

    ready()
    from sudoku_repl.core import modes

    return modes

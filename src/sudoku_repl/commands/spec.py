"""How a command is declared, once: ``Command(name, summary, handler, forms=..., help=...)``.

A declaration names its handler by dotted path (``"sudoku_repl.commands.time_travel:goto"``), so
that nothing imports a handler module before its command is used, and says what may follow the
name as *forms*: each a tuple of words, a word being a literal (``"level"``) or an ``Arg`` of a
kind (a whole number, a value 1-9, a cell ``[r,c]``, ``[r,c]=v``, a file, a command name, a run
mode, one of some words, the rest of the line). From the forms come the form text that error
lines name (``Command.form``), what completion offers after the name (``next_words``) and, for a
command that is not ``raw``, the parsed values its handler is called with (``parse``).

The words themselves (``Arg``, ``Opt`` and their kinds) are ``commands/arguments.py``'s, given
here to the declarations. This module imports nothing at import time: the declaration modules (``commands/declared/``)
and the command table load at start-up, before the engine.
"""

from __future__ import annotations

from sudoku_repl.commands.arguments import (
    CELL as CELL,
)
from sudoku_repl.commands.arguments import (
    CELL_VALUE as CELL_VALUE,
)
from sudoku_repl.commands.arguments import (
    CHOICE as CHOICE,
)
from sudoku_repl.commands.arguments import (
    COMMAND as COMMAND,
)
from sudoku_repl.commands.arguments import (
    FILE as FILE,
)
from sudoku_repl.commands.arguments import (
    FILLED as FILLED,
)
from sudoku_repl.commands.arguments import (
    INT as INT,
)
from sudoku_repl.commands.arguments import (
    MODE as MODE,
)
from sudoku_repl.commands.arguments import (
    OPTION as OPTION,
)
from sudoku_repl.commands.arguments import (
    SECONDS as SECONDS,
)
from sudoku_repl.commands.arguments import (
    TEXT as TEXT,
)
from sudoku_repl.commands.arguments import (
    VALUE as VALUE,
)
from sudoku_repl.commands.arguments import (
    WORD as WORD,
)
from sudoku_repl.commands.arguments import (
    Arg as Arg,
)
from sudoku_repl.commands.arguments import (
    Cell as Cell,
)
from sudoku_repl.commands.arguments import (
    CellValue as CellValue,
)
from sudoku_repl.commands.arguments import (
    Choice as Choice,
)
from sudoku_repl.commands.arguments import (
    CommandName as CommandName,
)
from sudoku_repl.commands.arguments import (
    File as File,
)
from sudoku_repl.commands.arguments import (
    Filled as Filled,
)
from sudoku_repl.commands.arguments import (
    Int as Int,
)
from sudoku_repl.commands.arguments import (
    Mode as Mode,
)
from sudoku_repl.commands.arguments import (
    Opt as Opt,
)
from sudoku_repl.commands.arguments import (
    Seconds as Seconds,
)
from sudoku_repl.commands.arguments import (
    Text as Text,
)
from sudoku_repl.commands.arguments import (
    Value as Value,
)
from sudoku_repl.commands.arguments import (
    _classic,
    could_be,
    ends_in_rest,
    hoisted,
    next_options,
    options_start,
    split_options,
    typed_word,
    width,
    word_matches,
)
from sudoku_repl.commands.arguments import (
    words as words,
)
from sudoku_repl.core.errors import UserError

TYPE_CHECKING = False  # not typing's: start-up does not import typing
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, Protocol, TypeAlias

    from sudoku_repl.core.geometry import Geometry
    from sudoku_repl.core.session import Session

    Handler = Callable[..., None]

    class Caller(Protocol):
        """What a command is called with (the ``Repl``, which imports this module): its
        session, whose geometry reads the cells typed."""

        @property
        def session(self) -> Session: ...

    Word: TypeAlias = "str | Arg"
    Form: TypeAlias = "tuple[Word, ...]"


class Key:
    """A command's key in the full screen (``frontends/tui/keys.py``): the ``letter`` that runs
    it, the ``text`` the screen's help gives it (by default ``name: summary``), ``opens``: the
    key types the command into the command line instead of running it (``g``: ``goto`` typed),
    ``at_cell``: the key runs the command on the cell under the board's cursor (``w``:
    ``why [r,c]``), and ``brief``: the help line at the screen's foot names it too."""

    __slots__ = ("at_cell", "brief", "letter", "opens", "text")

    def __init__(
        self,
        letter: str,
        text: str = "",
        *,
        opens: bool = False,
        brief: bool = False,
        at_cell: bool = False,
    ):
        self.letter = letter
        self.text = text
        self.opens = opens
        self.brief = brief
        self.at_cell = at_cell

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
    text error lines name (by default the forms'), ``aliases`` its other names, ``original``
    its form in the original's Order List where 2.6 said less (``run-mode [1|2|0]``: 2.6 had
    three modes; ``help`` gives the present form). ``help`` is paragraphs, blank lines between
    them: ``help <command>`` fills each to 79 columns (``filling.help_paragraphs``), so the line
    breaks written in it are not the ones shown.

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
        "original",
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
        original: str = "",
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
        self.original = original or self.usage
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

    def entry(self, original: bool = False) -> str:
        """The command's line in the Order List (``original``: in 2.6's words)."""
        return f"{self.original if original else self.usage}: {self.summary}"

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
        if word.startswith("--") and len(word) > 2:  # an option: those the forms begin with,
            known = [w for form in self.forms for w in form[:1] if isinstance(w, str)]
            known += [o.name for form in self.forms for o in split_options(form)[1]]  # or take
        if word and known and word not in known and not self._numbered(word):
            import difflib

            from sudoku_repl.core.errors import shown

            what = "option" if word.startswith("--") else "word"
            said = f"Unknown {self.name} {what} {shown(word)!r}"
            near = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
            if near:
                said += f" (did you mean {near[0]}?)"
            return f"{said}; {self.form}"
        geo = geo or _classic
        for form in self.forms:
            fixed, options = split_options(form)
            words, moved = hoisted(options, typed)
            k = options_start(fixed, words)
            if options and self._fit(fixed, words[:k], geo) is not None:
                head = " ".join([self.name, *words[:k]])
                trouble = self._read_options(options, [*moved, *words[k:]], geo, head)[1]
                if trouble:
                    return trouble
        short = self.shortfall(typed, geo)
        if short is not None:
            return short
        most = max(sum(width(w) for w in form) for form in self.forms)
        if len(typed) > most and not any(ends_in_rest(form) for form in self.forms):
            from sudoku_repl.text.words import counted  # (start-up imports no text module)

            return (
                f"{self.name} takes {counted(most, 'word')} at most, not {len(typed)}: {self.form}"
            )
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
        head = " ".join([self.name, *(typed_word(w) for w in typed[:depth])])
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
            if isinstance(want, Opt):
                break
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
        form begins with an argument that is not one of some words, nor a whole number
        (``break 92``: a number is no word)."""
        found: list[str] = []
        for form in self.forms:
            first = form[0] if form else None
            if isinstance(first, str):
                found.append(first)
            elif first is not None and first.kind == CHOICE:
                found += first.offers
            elif first is None or first.kind != INT:
                return []
        return list(dict.fromkeys(found))

    def _numbered(self, word: str) -> bool:
        """Whether ``word`` is a number and a form begins with one (``break 92``)."""
        return word.isdigit() and any(
            form and isinstance(form[0], Arg) and form[0].kind == INT for form in self.forms
        )

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
        fixed, options = split_options(form)
        if options:
            words, moved = hoisted(options, typed)
            k = options_start(fixed, words)
            before = self._fit(fixed, words[:k], geo, rest)
            if before is None:
                return None
            read = self._read_options(options, [*moved, *words[k:]], geo, self.name)[0]
            return None if read is None else {**before, **read}
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

    def _read_options(
        self, options: Sequence[Opt], typed: Sequence[str], geo: Callable[[], Geometry], head: str
    ) -> tuple[dict[str, Any] | None, str]:
        """The values of the ``typed`` words read as ``options``, by key; else None and the line
        that says what is wrong (``head``: the words before them, to name)."""
        from sudoku_repl.core.errors import shown

        by_name = {opt.name: opt for opt in options}
        values: dict[str, Any] = {
            opt.key: (False if opt.value is None else None) for opt in options
        }
        seen: set[str] = set()
        i = 0
        while i < len(typed):
            word = typed[i]
            opt = by_name.get(word)
            if opt is None:
                if not word.startswith("--"):
                    return None, f"{head} takes options, not {shown(word)!r}: {self.form}"
                import difflib

                near = difflib.get_close_matches(word, list(by_name), n=1, cutoff=0.6)
                said = f" (did you mean {near[0]}?)" if near else ""
                return None, f"Unknown {self.name} option {shown(word)!r}{said}; {self.form}"
            if opt.key in seen:
                return None, f"{head} {word} is given twice: {self.form}"
            seen.add(opt.key)
            if opt.value is None:
                values[opt.key] = True
                i += 1
                continue
            said = f"{head} {word} needs {opt.value.needed() or opt.value.shown}: {self.form}"
            if i + 1 >= len(typed):
                return None, said
            try:
                values[opt.key] = opt.value.parse(typed[i + 1], said, geo)
            except ValueError:
                return None, said
            i += 2
        return values, ""

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

    def call(self, repl: Caller, text: str) -> None:
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
            found = [(m.group(), m.start()) for m in word_matches(text)]
            typed = [word for word, _ in found]
            values = self.match(typed, geo, lambda k: text[found[k][1] :].strip())
        if values is None:
            raise UserError(self.refusal(typed, geo))
        return values


def next_words(cmd: Command, typed: Sequence[str]) -> list[str | Arg]:
    """What may come after the ``typed`` words (the complete words after the command name): the
    literal words and the arguments of each form that fits them so far."""
    typed = [cmd.synonyms.get(w, w) for w in typed]
    found: list[str | Arg] = []
    for form in cmd.forms:
        fixed, options = split_options(form)
        if options and len(typed) >= len(fixed):
            if all(could_be(want, got) for want, got in zip(fixed, typed)):
                found += [w for w in next_options(options, typed[len(fixed) :]) if w not in found]
            continue
        if len(form) <= len(typed):
            continue
        if all(could_be(want, got) for want, got in zip(form, typed)):
            want = form[len(typed)]
            if want not in found:
                found.append(want)
    return found

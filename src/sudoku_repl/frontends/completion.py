"""Tab completion of command lines, for the shell's prompt and the full screen's command line:
what may come next as the command's declaration says (``commands/spec.py``), with the cells of
the present state read when Tab is pressed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from sudoku_repl.commands import spec
from sudoku_repl.commands.spec import next_words
from sudoku_repl.commands.table import commands, lookup, ready

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from sudoku_repl.commands.dispatch import Repl


class CommandCompleter(Completer):
    """Command names first; then what the command's declared forms take next
    (``commands/spec.py``): a file path (a directory with its ``/``, so that Tab goes on into
    it), a command name, its sub-words (``break level``, ``set trace on``...), values
    (``run-mode``'s modes, ``guess-mode``'s 0 and 1, a value 1-9) and cells ``[r,c]``: ``cells``
    gives the empty cells, ``filled`` the cells with a value (``why``'s), both of the present
    state, none without a quiz."""

    def __init__(
        self,
        cells: Callable[[], list[str]] = lambda: [],
        filled: Callable[[], list[str]] = lambda: [],
    ) -> None:
        self.paths = PathCompleter(expanduser=True)
        self.cells = cells
        self.filled = filled

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor.lstrip()
        if " " not in text:
            names = [*commands(), *(a for c in commands().values() for a in c.aliases)]
            yield from _matching(names, text)
            return
        name, _, rest = text.partition(" ")
        cmd = lookup(name)
        if cmd is None:
            return
        words = rest.lstrip().split(" ")
        word = words[-1]
        offered: list[str] = []
        for want in next_words(cmd, words[:-1]):
            if isinstance(want, str):
                offered.append(want)
            elif want.kind == spec.FILE:
                yield from self._paths(word, complete_event)
            else:
                offered += self._offers(want)
        yield from _matching(dict.fromkeys(offered), word)

    def _offers(self, arg: spec.Arg) -> list[str]:
        """What an argument of ``arg``'s kind may be, as completion offers it."""
        if arg.offers:
            return list(arg.offers)
        if arg.kind == spec.COMMAND:
            return list(commands())
        if arg.kind in (spec.CELL, spec.CELL_VALUE):
            return self.cells()
        if arg.kind == spec.FILLED:
            return self.filled()
        if arg.kind == spec.VALUE:
            return [str(v) for v in range(1, 10)]
        if arg.kind == spec.MODE:
            ready()
            from sudoku_repl.core import modes

            return [str(m) for m in modes.names()]  # every registered run mode
        return []  # a number, a text: anything

    def _paths(self, word: str, complete_event: CompleteEvent) -> Iterator[Completion]:
        """The paths that complete ``word`` (the last word of the line), a directory ending with
        ``/``: prompt_toolkit's ``PathCompleter`` shows the ``/`` but leaves it out of the
        text it puts in, so that Tab would stop at the directory's name."""
        for found in self.paths.get_completions(Document(word, len(word)), complete_event):
            if found.display_text.endswith("/") and not found.text.endswith("/"):
                found = Completion(found.text + "/", found.start_position, found.display)
            yield found


def _matching(options: Iterable[str], word: str) -> Iterator[Completion]:
    for option in options:
        if option.startswith(word):
            yield Completion(option, start_position=-len(word))


def empty_cells(repl: Repl) -> list[str]:
    if not repl.loaded:
        return []
    state = repl.session.state()
    name = repl.session.geo.cell_name
    return [name(i) for i, v in enumerate(state.values) if not v]


def filled_cells(repl: Repl) -> list[str]:
    """The cells with a value at the present state, givens included (``why [r,c]`` says how
    each got it)."""
    if not repl.loaded:
        return []
    state = repl.session.state()
    name = repl.session.geo.cell_name
    return [name(i) for i, v in enumerate(state.values) if v]

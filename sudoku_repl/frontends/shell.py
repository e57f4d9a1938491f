"""The interactive shell on a terminal: prompt_toolkit lives here and nowhere else."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from sudoku_repl.commands.dispatch import PROMPT, Repl
from sudoku_repl.commands.table import COMMANDS, PLACEHOLDERS, lookup, next_words
from sudoku_repl.core.errors import GuessAborted, os_reason
from sudoku_repl.frontends.interrupts import InterruptFlag
from sudoku_repl.frontends.progress_line import ProgressLine
from sudoku_repl.frontends.terminal_mode import TerminalMode, answers_cpr


class TerminalOutput:
    def __init__(self) -> None:
        #: whether ``board`` may draw in colour (NO_COLOR is looked at when it draws)
        self.colour = takes_colour(sys.stdout)
        #: the progress line of silent work, taken away before each line printed
        self.progress: ProgressLine | None = None

    def message(self, line: str) -> None:
        if self.progress is not None:
            self.progress.printed()
        print(line, flush=True)

    def error(self, line: str) -> None:
        self.message(line)


def takes_colour(stream: TextIO) -> bool:
    """Whether SGR codes written to ``stream`` colour a terminal."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False
    return tty and os.environ.get("TERM") != "dumb"


class CommandCompleter(Completer):
    """Command names first; then what the command takes (``GRAMMAR``): a file path (a directory
    with its ``/``, so that Tab goes on into it), a command name, its sub-words (``break
    level``...), values (``run-mode``'s modes, ``guess-mode``'s 0 and 1, a value 1-9) and cells
    ``[r,c]``: ``cells`` gives the empty cells, ``filled`` the cells with a value (``why``'s),
    both of the present state, none without a quiz."""

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
            names = [*COMMANDS, *(a for c in COMMANDS.values() for a in c.aliases)]
            yield from _matching(names, text)
            return
        name, _, rest = text.partition(" ")
        cmd = lookup(name)
        if cmd is None or cmd.argument is None:
            return
        words = rest.lstrip().split(" ")
        word = words[-1]
        for want in sorted(next_words(cmd.argument, words[:-1])):
            if want == "<file>":
                yield from self._paths(word, complete_event)
            elif want == "<command>":
                yield from _matching(list(COMMANDS), word)
            elif want == "<cell>":
                yield from _matching(self.cells(), word)
            elif want == "<filled>":
                yield from _matching(self.filled(), word)
            elif want in PLACEHOLDERS:
                yield from _matching(PLACEHOLDERS[want](), word)
            elif not want.startswith("<"):
                yield from _matching([want], word)

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


#: each toolbar field's name, and the short name used when the line would not fit
_FIELDS = {
    "step": "st",
    "level": "lv",
    "biggest": "max",
    "solutions": "sol",
    "run-mode": "rm",
    "guess-mode": "gm",
    "breakpoints": "bp",
}


#: what Enter on an empty line repeats (with its argument, e.g. ``back 5``)
REPEATED = frozenset({"step", "next", "back", "continue"})


#: the toolbar's fields before the session is made (``Repl.session``): the default settings of
#: ``core.session.Settings`` and no breakpoint, without importing the engine for them
FRESH: tuple[tuple[str, object], ...] = (("run-mode", 0), ("guess-mode", 0), ("breakpoints", 0))


def terminal_width() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def toolbar_text(repl: Repl, width: int | None = None) -> str:
    """The bottom toolbar: where the search is. Past ``width`` columns (the terminal's, when
    not given) the field names are shortened, so that it is never cut."""
    fields: list[tuple[str, object]] = []
    if repl.loaded:
        session = repl.session
        state = session.state()
        biggest = session.history.biggest_level(1, state.steps)
        fields += [
            ("step", state.steps),
            ("level", state.level),
            ("biggest", biggest),
            ("solutions", state.solutions),
        ]
    if repl.made_session:
        settings = repl.session.settings
        fields += [
            ("run-mode", settings.run_mode),
            ("guess-mode", settings.guess_mode),
            ("breakpoints", len(repl.session.breakpoints.enabled())),
        ]
    else:
        fields += FRESH
    head = [] if repl.loaded else ["no quiz"]
    text = " | ".join([*head, *(f"{name} {value}" for name, value in fields)])
    if len(text) < (terminal_width() if width is None else width):
        return text
    return " | ".join([*head, *(f"{_FIELDS[name]} {value}" for name, value in fields)])


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


def history_path() -> Path:
    """The history file under the user's data directory."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home()))
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "sudoku-repl" / "history"


class SafeFileHistory(FileHistory):
    """A history file that never stops the shell: a line that cannot be stored (the file went
    away, the disk is full, bytes that are not text) is kept in memory, with one line saying so."""

    def __init__(self, filename: str, warn: Callable[[str], None]) -> None:
        super().__init__(filename)
        self.warn = warn
        self.broken = False

    def load_history_strings(self) -> Iterable[str]:
        try:
            yield from super().load_history_strings()
        except (OSError, UnicodeError) as e:
            self.broken = True
            self.warn(f"History is not read or saved ({os.fsdecode(self.filename)}: {e}).")

    def store_string(self, string: str) -> None:
        if self.broken:
            return
        text = string.encode("utf-8", "replace").decode("utf-8")  # no lone surrogates
        try:
            super().store_string(text)
        except OSError as e:
            self.broken = True
            self.warn(
                f"History is not saved any more ({os.fsdecode(self.filename)}: {os_reason(e)})."
            )


def open_history(path: Path, warn: Callable[[str], None] = print) -> tuple[History, str | None]:
    """A file history, or one in memory with the reason when the file cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):
            pass
    except OSError as e:
        return InMemoryHistory(), f"History is not saved ({path}: {os_reason(e)})."
    return SafeFileHistory(str(path), warn), None


def run_interactive(
    first: list[str] | None = None,
    *,
    input: Input | None = None,
    output: PtOutput | None = None,
    history: History | None = None,
) -> Repl:
    """The prompt loop. ``input``/``output``/``history`` are for tests (pipe input, dummy
    output, in-memory history)."""
    out = TerminalOutput()
    if history is None:
        history, warning = open_history(history_path(), out.error)
        if warning:
            out.error(warning)
    flag = InterruptFlag()
    mode = TerminalMode() if input is None else None  # the real terminal's own mode
    if (
        input is None
        and "PROMPT_TOOLKIT_NO_CPR" not in os.environ
        and not answers_cpr(sys.stdin.fileno(), sys.stdout.fileno())
    ):
        os.environ["PROMPT_TOOLKIT_NO_CPR"] = "1"  # else it waits and warns at each prompt
    repl = Repl(out, lambda question: "", interrupted=flag)
    repl.can_switch = input is None  # `tui` needs the real terminal
    if input is None:  # a real terminal: a progress line while a command works silently
        progress = ProgressLine(flag, lambda: repl.session.engine.steps if repl.loaded else None)
        out.progress = progress
        repl.interrupted = progress
    repl.width = terminal_width
    session: PromptSession[str] = PromptSession(
        history=history,
        completer=CommandCompleter(lambda: empty_cells(repl), lambda: filled_cells(repl)),
        auto_suggest=AutoSuggestFromHistory(),
        complete_while_typing=False,
        bottom_toolbar=lambda: toolbar_text(repl),
        input=input,
        output=output,
    )
    answers: list[PromptSession[str]] = []  # made at the first guess question: not at start

    def read_answer(question: str) -> str:
        if not answers:
            answers.append(PromptSession(input=input, output=output))
        try:
            return answers[0].prompt(question + " ")
        except (KeyboardInterrupt, EOFError):
            raise GuessAborted from None
        finally:
            if mode is not None:  # the run goes on after the answer: Ctrl-C must stop it
                mode.restore()

    repl.read_answer = read_answer
    for command in first or []:
        repl.execute(command)
    previous = ""
    while not repl.done:
        try:  # Ctrl-C anywhere between commands (at the prompt or not) just prompts again
            out.message("")
            line = session.prompt(PROMPT + "\n")
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if not line.strip():
            # Enter on an empty line repeats the last stepping command, as gdb and pdb do
            last = lookup(previous.partition(" ")[0])
            if last is None or last.name not in REPEATED:
                continue
            line = previous
        previous = line.strip()
        if mode is not None:
            mode.restore()
        try:
            if out.progress is not None:
                out.progress.begin()
            with flag.catching():
                repl.execute(line)
        except KeyboardInterrupt:  # between the handler's end and the flag's
            continue
        finally:
            if out.progress is not None:
                out.progress.clear()
        if repl.switch_to_tui:
            repl.switch_to_tui = False
            from sudoku_repl.frontends.tui import run_tui

            run_tui(session=repl.session, history=history)
            out.message("Back in the line shell.")
    return repl

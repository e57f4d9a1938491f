"""The interactive shell's prompt_toolkit part: the start (``run_interactive``), the prompt loop,
completion, the bottom toolbar and the history file. One ``PromptSession`` serves every prompt
of the shell; keys typed while the shell starts wait in the terminal (held since the command
line's start, ``terminal_mode``) and its first prompt reads them as typed there."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from sudoku_repl.commands import spec
from sudoku_repl.commands.declared.settings import SETTINGS
from sudoku_repl.commands.dispatch import PROMPT, Repl
from sudoku_repl.commands.spec import next_words
from sudoku_repl.commands.table import COMMANDS, lookup, ready
from sudoku_repl.core.errors import GuessAborted, os_reason
from sudoku_repl.frontends.completion_keys import completion_keys
from sudoku_repl.frontends.cursor_requests import answer_in_time
from sudoku_repl.frontends.history_file import history_problem
from sudoku_repl.frontends.pager import Pager
from sudoku_repl.frontends.shell_start import ShellStart
from sudoku_repl.frontends.terminal_mode import TerminalMode
from sudoku_repl.frontends.terminal_output import TerminalOutput, terminal_width


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
            names = [*COMMANDS, *(a for c in COMMANDS.values() for a in c.aliases)]
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
            return list(COMMANDS)
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


#: each toolbar field's name, and the short name used when the line would not fit (the
#: settings' come from their declarations: ``Setting.short``)
_FIELDS = {
    "step": "st",
    "level": "lv",
    "biggest": "max",
    "solutions": "sol",
    **{setting.name: setting.short for setting in SETTINGS if setting.short},
    "breakpoints": "bp",
}


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
    # the settings the toolbar shows (``Setting.short``), their declared defaults before the
    # session is made (``Repl.session``): the engine is not imported for them; no breakpoint
    made = repl.made_session
    fields += [
        (setting.name, setting.value(repl) if made else setting.default)
        for setting in SETTINGS
        if setting.short
    ]
    fields.append(("breakpoints", len(repl.session.breakpoints.enabled()) if made else 0))
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
    warning = history_problem(path)
    if warning:
        return InMemoryHistory(), warning
    return SafeFileHistory(str(path), warn), None


def make_session(
    start: ShellStart,
    history: History | None = None,
    input: Input | None = None,
    output: PtOutput | None = None,
) -> PromptSession[str]:
    """The prompt of ``start``'s repl; without ``history``, the history file ``start`` checked
    (in memory when it cannot be written). The completer and the toolbar read the repl only
    when asked (Tab, a drawing of the toolbar)."""
    if history is None:
        if start.history is None:
            history = InMemoryHistory()
        else:
            history = SafeFileHistory(str(start.history), start.out.error)
    repl = start.repl
    session: PromptSession[str] = PromptSession(
        history=history,
        completer=CommandCompleter(lambda: empty_cells(repl), lambda: filled_cells(repl)),
        auto_suggest=AutoSuggestFromHistory(),
        complete_while_typing=False,
        key_bindings=completion_keys(),
        bottom_toolbar=lambda: toolbar_text(repl),
        input=input,
        output=output,
    )
    answer_in_time(session.app.renderer)
    return session


def answer_reader(
    mode: TerminalMode | None,
    input: Input | None = None,
    output: PtOutput | None = None,
    pager: Pager | None = None,
) -> Callable[[str], str]:
    """The guess question's prompt, made when first asked (not at start); after the answer
    the ``pager``'s screen begins again."""
    answers: list[PromptSession[str]] = []

    def read_answer(question: str) -> str:
        if not answers:
            answers.append(PromptSession(input=input, output=output))
            answer_in_time(answers[0].app.renderer)
        try:
            return answers[0].prompt(question + " ")
        except (KeyboardInterrupt, EOFError):
            raise GuessAborted from None
        finally:
            if pager is not None:
                pager.answered()
            if mode is not None:  # the run goes on after the answer: Ctrl-C must stop it
                mode.restore()

    return read_answer


def run_interactive(
    first: list[str] | None = None,
    *,
    mode: TerminalMode | None = None,
    input: Input | None = None,
    output: PtOutput | None = None,
    history: History | None = None,
) -> Repl:
    """The shell: the history file's check (its warning), the commands of the command line
    (``first``: ``load-quiz`` of the quiz named there), then the prompt loop. ``mode``: the real
    terminal's own mode, held by the caller since the start (``cli``), put back before each
    command; made here when not given on the real terminal. ``input``/``output``/``history``
    are for tests (pipe input, dummy output, in-memory history)."""
    if mode is None and input is None:
        mode = TerminalMode()
    start = ShellStart(mode, history_file=history is None)
    start.run_first(first or [], answer_reader(mode, input, output, start.out.pager))
    return prompt_loop(start, make_session(start, history, input, output))


def prompt_loop(start: ShellStart, session: PromptSession[str]) -> Repl:
    """The prompt loop, to ``bye`` or Ctrl-D. The terminal is put back in its own mode before
    each command (the caller puts it back at the end)."""
    out, repl, flag, mode = start.out, start.repl, start.flag, start.mode
    history = session.history
    previous = ""
    while not repl.done:
        # Ctrl-C anywhere between commands (at the prompt, or after it returned and before the
        # flag catches it) just prompts again: never a KeyboardInterrupt out of the loop
        try:
            out.message("")
            line = session.prompt(PROMPT + "\n")
            if not line.strip():
                # Enter on an empty line repeats the last stepping command (with its argument,
                # ``back 5``), as gdb and pdb do: those declared ``repeats``
                last = lookup(previous.partition(" ")[0])
                if last is None or not last.repeats:
                    continue
                line = previous
            previous = line.strip()
            if mode is not None:
                mode.restore()
            with flag.catching():  # the command's start and end too: Ctrl-C only sets the flag
                _run_command(out, repl, line)
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if repl.switch_to_tui:
            repl.switch_to_tui = False
            from sudoku_repl.frontends.tui.app import run_tui

            run_tui(repl=repl, history=history)  # the same repl: nothing copied at the hand-over
            if not repl.done:  # (bye there ends the shell too)
                out.message("Back in the line shell.")
    return repl


def _run_command(out: TerminalOutput, repl: Repl, line: str) -> None:
    """One command, with its progress line and its pager."""
    if out.progress is not None:
        out.progress.begin()
    if out.pager is not None:
        out.pager.begin()
    try:
        repl.execute(line)
    finally:
        if out.pager is not None:
            out.pager.end()
        if out.progress is not None:
            out.progress.clear()

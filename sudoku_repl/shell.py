"""The interactive shell on a terminal: prompt_toolkit lives here and nowhere else."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output as PtOutput

from .batch import PROMPT
from .commands import COMMANDS, lookup
from .errors import GuessAborted
from .interrupts import InterruptFlag
from .repl import Repl


class TerminalOutput:
    def message(self, line: str) -> None:
        print(line, flush=True)

    def error(self, line: str) -> None:
        print(line, flush=True)


class CommandCompleter(Completer):
    """Command names first; then what the command takes (a file path, a command name)."""

    def __init__(self) -> None:
        self.paths = PathCompleter(expanduser=True)

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        if " " not in text.lstrip():
            word = text.lstrip()
            names = [*COMMANDS, *(a for c in COMMANDS.values() for a in c.aliases)]
            for name in names:
                if name.startswith(word):
                    yield Completion(name, start_position=-len(word))
            return
        name, _, rest = text.lstrip().partition(" ")
        cmd = lookup(name)
        if cmd is None:
            return
        rest = rest.lstrip()
        if cmd.argument == "file":
            yield from self.paths.get_completions(Document(rest, len(rest)), complete_event)
        elif cmd.argument == "command":
            for other in COMMANDS:
                if other.startswith(rest):
                    yield Completion(other, start_position=-len(rest))


def history_path() -> Path:
    """The history file under the user's data directory."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home()))
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "sudoku-repl" / "history"


def open_history(path: Path) -> tuple[History, str | None]:
    """A file history, or one in memory with the reason when the file cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):
            pass
    except OSError as e:
        return InMemoryHistory(), f"History is not saved ({path}: {e.strerror or e})."
    return FileHistory(str(path)), None


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
        history, warning = open_history(history_path())
        if warning:
            out.error(warning)
    session: PromptSession[str] = PromptSession(
        history=history,
        completer=CommandCompleter(),
        auto_suggest=AutoSuggestFromHistory(),
        complete_while_typing=False,
        input=input,
        output=output,
    )
    answers: PromptSession[str] = PromptSession(input=input, output=output)
    flag = InterruptFlag()

    def read_answer(question: str) -> str:
        try:
            return answers.prompt(question + " ")
        except (KeyboardInterrupt, EOFError):
            raise GuessAborted from None

    repl = Repl(out, read_answer, interrupted=flag)
    for command in first or []:
        repl.execute(command)
    while not repl.done:
        out.message("")
        try:
            line = session.prompt(PROMPT + "\n")
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if not line.strip():
            continue
        with flag.catching():
            repl.execute(line)
    return repl

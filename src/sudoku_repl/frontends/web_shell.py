"""The shell in a web page (web/, docs/web.md): the interactive shell's start and its one prompt
loop (``shell_start.ShellStart``, ``shell.prompt_loop``), run by Pyodide in the page's Web
Worker, with the page's terminal (xterm.js) in place of prompt_toolkit's. The page edits the
line, keeps its history and sends the line at Enter; here it is read where the shell reads its
prompt's (``PagePrompt.prompt``) and the guess question's answer. What the shell prints goes to
``sys.stdout`` as on a terminal (the worker hands it to the page), the progress line to
``sys.stderr``; the board at each prompt and the Tab completions go to the page as JSON.

Ctrl-C while a command runs is Pyodide's interrupt buffer: a SIGINT, which the prompt loop's own
handler turns into the interrupt flag the command polls, as on a terminal; at a prompt the page
sends it as a key (the line is dropped, the guess question called off)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput

from sudoku_repl.assembly import register_commands
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.errors import GuessAborted
from sudoku_repl.frontends.completion import CommandCompleter, empty_cells, filled_cells
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.frontends.progress_line import ProgressLine
from sudoku_repl.frontends.shell import prompt_loop
from sudoku_repl.frontends.shell_start import ShellStart
from sudoku_repl.views.board_data import board_json

#: what the page sends at a prompt, its first letter: a line (the rest), Ctrl-C, Ctrl-D, or Tab
#: with the text before the cursor (the rest)
LINE, CTRL_C, CTRL_D, TAB = "L", "C", "D", "T"


class Page(Protocol):
    """The page, as the worker hands it over."""

    def line(self) -> str:
        """What the page's terminal sends next (a kind letter, then its text): waits for it."""

    def columns(self) -> int:
        """The terminal's width when it sent it."""

    def post(self, kind: str, body: str) -> None:
        """A message to the page: ``board`` or ``completions``, its body JSON."""


class PageReader:
    """Reads what the page sends at a prompt: a line, Ctrl-C (``KeyboardInterrupt``, as the
    prompt raises it) or Ctrl-D (``EOFError``); Tab is answered with the completions and the
    prompt goes on. Each prompt first shows the page the board of the present step."""

    def __init__(self, page: Page) -> None:
        self.page = page
        #: the repl whose board and completions are shown (``run_page`` hands it in once made)
        self.repl: Repl | None = None

    def read(self, message: str) -> str:
        sys.stdout.write(message)
        sys.stdout.flush()
        self._board()
        while True:
            sent = str(self.page.line())
            # (the width the shell's lines fit: shutil.get_terminal_size reads COLUMNS first)
            os.environ["COLUMNS"] = str(self.page.columns())
            kind, text = sent[:1], sent[1:]
            if kind == CTRL_C:
                raise KeyboardInterrupt
            if kind == CTRL_D:
                raise EOFError
            if kind == TAB:
                self.page.post("completions", json.dumps(list(self.completions(text))))
                continue
            return text

    def completions(self, text: str) -> Iterator[dict[str, Any]]:
        """The shell's own completions of ``text`` (the line before the cursor)."""
        repl = self.repl
        if repl is None:
            return
        completer = CommandCompleter(lambda: empty_cells(repl), lambda: filled_cells(repl))
        event = CompleteEvent(completion_requested=True)
        for found in completer.get_completions(Document(text, len(text)), event):
            yield {"text": found.text, "start": found.start_position}

    def _board(self) -> None:
        if self.repl is not None and self.repl.loaded:
            self.page.post("board", json.dumps(present_board(self.repl)))


def present_board(repl: Repl) -> dict[str, Any]:
    """The board of the present step, as the VS Code Board draws it (``views/board_data``), with
    the record's last step (as far as ``goto`` reaches)."""
    session = repl.session
    state = session.state()
    givens = session.quiz.givens if session.quiz is not None else state.values
    body = board_json(session.geo, givens, state, session.history, session.cursor, "")
    return {**body, "solutions": state.solutions, "last": session.history.last_steps}


class PagePrompt(PromptSession[str]):
    """The prompt loop's prompt, read from the page: ``prompt`` writes its message and returns
    the line typed there (prompt_toolkit draws nothing: its input and output are dummies)."""

    def __init__(self, reader: PageReader) -> None:
        super().__init__(input=DummyInput(), output=DummyOutput())
        self.reader = reader

    def prompt(self, *args: Any, **kwargs: Any) -> str:
        message = args[0] if args else kwargs.get("message", "")
        return self.reader.read(str(message))


def answer_reader(reader: PageReader) -> Callable[[str], str]:
    """The guess question, asked in the page's terminal: Ctrl-C or Ctrl-D call it off."""

    def read_answer(question: str) -> str:
        try:
            return reader.read(question + " ")
        except (KeyboardInterrupt, EOFError):
            raise GuessAborted from None

    return read_answer


def run_page(page: Page, first: list[str]) -> Repl:
    """The shell on ``page``: the commands of its address (``first``: ``load-quiz`` of the seed
    or of the quiz there), then the prompt loop, to ``bye`` or Ctrl-D."""
    register_commands()  # (the entry point's, as the command line's)
    reader = PageReader(page)
    start = ShellStart(None, history_file=False, answers=lambda pager: answer_reader(reader))
    reader.repl = start.repl
    # the progress line of silent work, as a terminal's shell has (ShellStart makes it for a
    # real terminal only)
    progress = ProgressLine(start.repl.slot.progress)
    start.out.progress, start.repl.hooks.tick = progress, progress.tick
    with on_sigint(start.flag.set):
        start.run_first(first)
    return prompt_loop(start, PagePrompt(reader))

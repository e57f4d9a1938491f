"""The full screen put together: the record, the runner, the state, the layout and the keys, and
what the keys do.

Threads. The screen is a prompt_toolkit ``Application`` whose event loop runs in the calling
thread and owns everything on the screen; the commands run in the runner's worker thread. The
trace pane reads the record the worker writes; the board, the levels and the toolbar draw a
``View`` taken in the worker where the search is at rest (``CommandRunner.at_rest``) and handed
to the event loop, so the event loop never reads the session while a command may be changing it,
and a frame draws one view.

The ``Repl`` is the line shell's when the screen is opened from it (``tui``): the same session,
``save-session`` record, settings and displays; only where its lines go, how the guess question
is asked, how Ctrl-C reaches it and the width it writes for are the screen's, and put back when
the screen is left.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import merge_key_bindings
from prompt_toolkit.output import Output as PtOutput

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.stop_lines import STOPS
from sudoku_repl.frontends.completion import CommandCompleter
from sudoku_repl.frontends.history_file import history_path
from sudoku_repl.frontends.prompt_history import open_history
from sudoku_repl.frontends.suspend_key import suspend_key
from sudoku_repl.frontends.tui.keys import key_bindings
from sudoku_repl.frontends.tui.layout import STYLE, ScreenLayout
from sudoku_repl.frontends.tui.record import TraceRecord
from sudoku_repl.frontends.tui.runner import CommandRunner
from sudoku_repl.frontends.tui.state import (
    ScreenState,
    TracePosition,
    View,
    screen_paint,
    take_view,
)

#: the lines that say why a run stopped at a Ctrl-C (commands/running.py, time_travel.py; the
#: guess question's commands/dispatch.py): shown in place of the help line once it stopped


class Tui:
    """The screen; ``run()`` shows it until the user quits. ``repl``: the line shell's (else one
    is made, writing to the screen)."""

    def __init__(
        self,
        first: Sequence[str] = (),
        *,
        input: Input | None = None,
        output: PtOutput | None = None,
        history: History | None = None,
        repl: Repl | None = None,
    ) -> None:
        self.record = TraceRecord()
        self.repl = repl if repl is not None else Repl(self.record, lambda question: "")
        self.runner = CommandRunner(self.repl, self.record, first)
        paint = screen_paint(dict(os.environ))
        self.state = ScreenState(take_view(self.repl, paint), TracePosition(self.record), paint)
        if history is None:
            path = history_path() if input is None else None
            if path is not None:
                history, warning = open_history(path, self.record.error)
                if warning:
                    self.record.error(warning)
            else:
                history = InMemoryHistory()
        self.command_buffer = Buffer(
            name="command",
            history=history,
            completer=CommandCompleter(lambda: self.state.view.empty),
            complete_while_typing=False,
            accept_handler=self._accept_command,
            multiline=False,
        )
        self.answer_buffer = Buffer(
            name="answer", accept_handler=self._accept_answer, multiline=False
        )
        self._asked: str | None = None  # the question the answer line was made for
        #: the record's end when a Ctrl-C stopped a run, until it has stopped (``_changed``)
        self._stopped_from: int | None = None
        self.layout = ScreenLayout(self)
        self.app: Application[None] = Application(
            layout=self.layout.layout,
            # Ctrl-Z suspends the screen as it does the shell, the command line's too (it typed
            # a ^Z there: prompt_toolkit's own key)
            key_bindings=merge_key_bindings([key_bindings(self), suspend_key()]),
            style=STYLE,
            full_screen=True,
            input=input,
            output=output,
            min_redraw_interval=0.03,
        )
        self.app.ttimeoutlen = 0.1  # Esc closes the command line without a long wait
        self.app.key_processor.before_key_press += self._clear_flash
        self.record.changed = self.app.invalidate  # thread-safe
        self.runner.on_start = lambda line: self.state.trace.follow()  # the trace shows it
        self.runner.on_change = self._changed
        self.runner.on_end = self.exit
        self.runner.at_rest = self._take_view

    # -- what the keys do (event loop) -----------------------------------------------------

    def open_command_line(self, text: str = "") -> None:
        self.state.mode = "command"
        self.command_buffer.reset(Document(text, len(text)))
        self._focus()

    def close_command_line(self) -> None:
        self.state.mode = "keys"
        self.command_buffer.reset()
        self._focus()

    def stop(self) -> None:
        """Ctrl-C: stop what runs (``CommandRunner.interrupt``); idle, close the command
        line."""
        # (where the record ends before the interrupt: once the flag is up, the worker may
        # write the stop's line before this thread runs again)
        first = self.record.span()[1]
        if self.runner.interrupt():
            if self._stopped_from is None:
                self._stopped_from = first
            return
        if self.state.mode == "command":
            self.close_command_line()
        else:
            self.state.flash = "Nothing runs. q quits."

    def quit(self) -> None:
        """Leave, asking nothing: a running command is stopped first; asked again while it
        stops, leave now (``run`` still waits for the worker to stop)."""
        runner = self.runner
        if runner.ending and runner.busy:
            self.exit()
            return
        runner.end()
        if runner.busy:
            self.state.flash = "Stopping the command to quit (q again: quit now)."

    def page(self) -> int:
        return self.layout.page()

    def exit(self) -> None:
        if not self.app.is_done:
            self.app.exit()

    def _accept_command(self, buffer: Buffer) -> bool:
        line = buffer.text
        self.state.mode = "keys"
        self._focus()
        if line.strip():
            self.runner.submit(line)
        return False  # the line is cleared (and kept in the history)

    def _accept_answer(self, buffer: Buffer) -> bool:
        self.runner.answer(buffer.text)
        return False

    def _changed(self) -> None:
        if self._stopped_from is not None and not self.runner.busy:
            self._say_why_it_stopped(self._stopped_from)
            self._stopped_from = None
        if self.runner.question != self._asked:  # a new question: its line starts empty
            self._asked = self.runner.question
            self.answer_buffer.reset()
        self._focus()
        self.app.invalidate()

    def _say_why_it_stopped(self, first: int) -> None:
        """After a Ctrl-C, the stop's own line (written since line ``first``) in place of the
        help line until the next key: the show block after it can push it out of the trace."""
        end = self.record.span()[1]
        stops = [
            line for line in map(self.record.line, range(first, end)) if line.startswith(STOPS)
        ]
        if stops:
            self.state.flash = stops[-1]

    def _focus(self) -> None:
        if self.runner.question is not None:
            self.app.layout.focus(self.layout.answer_window)
        elif self.state.mode == "command":
            self.app.layout.focus(self.layout.command_window)
        else:
            self.app.layout.focus(self.layout.trace_window)

    def _clear_flash(self, _: object) -> None:
        self.state.flash = None

    # -- the worker thread ---------------------------------------------------------------------

    def _take_view(self) -> None:
        """The view is taken here and shown from the event loop: it never changes while a
        frame is drawn (a frame once drew the board of one view and the toolbar of the next)."""
        view = take_view(self.repl, self.state.paint)
        loop = self.app.loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(self._show, view)
        except RuntimeError:  # the event loop is closed: the screen is gone
            pass

    def _show(self, view: View) -> None:
        self.state.view = view
        self.app.invalidate()

    # -- running ---------------------------------------------------------------------------

    def run(self) -> Repl:
        """Show the screen until the user quits; the worker is stopped and waited for before
        this returns."""
        with (
            lent(
                self.repl,
                out=self.record,
                read_answer=self.runner.read_answer,
                width=self.layout.trace_width,
                can_switch=False,  # `tui` here: it says so
                asks=True,  # (delete alone asks first, in the command line, as the guess)
            ),
            lent(self.repl.hooks, flag=self.runner.poll, tick=self.runner.tick),
        ):
            try:
                self.app.run(pre_run=self.runner.start)
            finally:
                self.runner.close()
        return self.repl


@contextmanager
def lent(repl: object, **front: object) -> Iterator[None]:
    """``repl`` with the front end's attributes ``front`` (where its lines go, ...) for the
    block; its own put back after it."""
    own = {name: getattr(repl, name) for name in front}
    for name, value in front.items():
        setattr(repl, name, value)
    try:
        yield
    finally:
        for name, value in own.items():
            setattr(repl, name, value)


def run_tui(
    first: list[str] | None = None,
    *,
    input: Input | None = None,
    output: PtOutput | None = None,
    history: History | None = None,
    repl: Repl | None = None,
) -> Repl:
    """The full-screen mode until the user quits (``q``, Ctrl-D or ``bye``). ``first``: command
    lines run first (``load-quiz``); ``repl``: the line shell's, when it switches here
    (the same session, record, settings and displays go on); ``input``/``output``/``history``
    are for tests."""
    return Tui(first or [], input=input, output=output, history=history, repl=repl).run()

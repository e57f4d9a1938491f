"""The full-screen mode (``sudoku-repl --tui``): the board, the guess levels, the trace and a
command line on one prompt_toolkit screen.

Threads. The screen is a prompt_toolkit ``Application`` whose event loop runs in the calling
thread and owns everything on the screen. Each command line runs in a worker thread (one at a
time, in the order given: keys pressed while a command runs queue their commands), so the screen
keeps drawing and reading keys meanwhile:

- the ``Repl`` writes through ``PaneOutput``: lines are collected under a lock and the trace
  pane is brought up to date from the event loop (``call_soon_threadsafe``, at most ~30 times a
  second);
- the board, the levels and the toolbar are *snapshots* (``View``) taken in the worker thread at
  points where the search is at rest: at each poll of the interrupt flag (between steps; at most
  five times a second), when the guess question is asked, and when a command ends. The event
  loop draws the last snapshot and never reads the session while a command may be changing it;
- the guess question (guess-mode 1): ``read_answer`` (worker thread) shows the question in the
  command line and waits on a ``queue.Queue``; Enter in that line puts the answer there, Ctrl-C
  puts ``ABORT`` (the worker raises ``GuessAborted``, as the line shell does);
- Ctrl-C is a key here (the terminal is in raw mode), bound to set the ``InterruptFlag`` the run
  loop polls (and a SIGINT from elsewhere goes to the same binding); it also drops the commands
  queued. ``q`` or Ctrl-D quits at once, asking nothing: a running command is stopped the same
  way first (a second ``q`` leaves without waiting for it: the worker is a daemon thread).

Keys. The screen has two modes: *keys* (the default; the trace has the focus, the common moves
are single keys) and *command* (``:`` opens the command line, which takes every command of the
line shell; Enter runs it and goes back to keys, Esc closes it). Single keys cannot work while a
command is being typed (``s``, ``r``, ``b``, ``g``, ``c`` begin commands), hence the two modes.
"""

from __future__ import annotations

import os
import queue
import re
import sys
import threading
import time
import traceback
from asyncio import AbstractEventLoop, get_running_loop
from collections import deque
from collections.abc import Callable, Sequence
from typing import NamedTuple

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import (
    ConditionalContainer,
    Dimension,
    DynamicContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import Output as PtOutput
from prompt_toolkit.styles import Style

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.commands.dispatch import PROMPT, Repl
from sudoku_repl.commands.table import lookup
from sudoku_repl.core.errors import GuessAborted, shown
from sudoku_repl.core.session import Session
from sudoku_repl.frontends.history_file import history_path
from sudoku_repl.frontends.interrupts import InterruptFlag
from sudoku_repl.frontends.shell import (
    CommandCompleter,
    empty_cells,
    open_history,
    toolbar_text,
)
from sudoku_repl.text.render import grid_lines, levels_lines
from sudoku_repl.views.board import board_lines, last_step_changes

#: the trace keeps this many lines (the oldest go first)
TRACE_LIMIT = 20_000
#: a snapshot of the board at most this often during a run (seconds)
SNAPSHOT_EVERY = 0.2
#: the trace pane brought up to date at most this often (seconds)
FLUSH_EVERY = 1 / 30
#: the width the trace pane keeps beside the full board; below it the board is the plain grid
TRACE_MIN_WIDTH = 30
#: the rows under the panes: the toolbar, the help line, the command line
BOTTOM_ROWS = 3

#: the help line (at most 80 columns) in each mode
HELP_KEYS = "s/n step  b back  r run  c continue  g goto  : command  ^C stop  ? help  q quit"
HELP_COMMAND = "Enter runs it  Tab completes  Up/Down history  Esc closes  PgUp/PgDn scroll"
HELP_ANSWER = "Enter takes the default  [r,c]=v picks another  ^C aborts the question"
HELP_LINES = [
    "Keys (the command line closed):",
    "  s, n      step",
    "  b         back one step",
    "  r         run (till the end or a new solution)",
    "  c         continue: the continue command if there is one, else run",
    "  g         goto: opens the command line with goto typed",
    "  :, Enter  opens the command line: any command of the shell (help lists them)",
    "  Up/Down, PgUp/PgDn, Home/End  scroll the trace",
    "  Ctrl-C    stops a run (and drops the commands queued), aborts the guess question",
    "  q, Ctrl-D quit",
    "The command line: Enter runs the command, Tab completes, Up/Down go through the",
    "history, Esc or Ctrl-C closes it. Keys pressed while a command runs queue their",
    "commands. The board shows the present state (the board command explains it).",
]

ECHO = 1000  # characters of a typed line echoed in the trace (as the batch reader's echo)
ABORT = object()  # put in the answer queue: the guess question is aborted
SGR = re.compile(r"\x1b\[[0-9;]*m")


class View(NamedTuple):
    """What the panes show of the session, taken where the search is at rest."""

    board: list[str]  # the pencil-mark board (views/board.py), legend left out
    grid: list[str]  # the plain grid, when the board does not fit
    levels: list[str]
    toolbar: str  # the toolbar's fields
    short: str  # the same, the names shortened
    empty: list[str]  # the empty cells, for completion


def take_view(repl: Repl, colour: bool) -> View:
    """The view of the present state."""
    session = repl.session
    toolbar, short = toolbar_text(repl, sys.maxsize), toolbar_text(repl, 0)
    if not session.loaded:
        lines = ["No quiz loaded.", f"Type : then {LOAD_QUIZ.usage}."]
        return View(lines, lines, [], toolbar, short, [])
    state = session.state()
    geo = session.geo
    before = last_step_changes(session.history, session.cursor, state)
    givens = session.quiz.givens if session.quiz is not None else state.values
    board = board_lines(state, geo, givens, before, colour)
    legend = next((k for k, line in enumerate(board) if line.startswith("Legend:")), len(board))
    heading = f"Step {state.steps}" + (f", guess level {state.level}" if state.level else "")
    grid = [heading + ":", *grid_lines(state.values, geo)]
    levels = levels_lines(state, geo)
    return View(board[:legend], grid, levels, toolbar, short, empty_cells(repl))


def visible_width(lines: Sequence[str]) -> int:
    return max((len(SGR.sub("", line)) for line in lines), default=0)


class PaneOutput:
    """The ``Repl``'s output: every line goes to the trace pane. Thread-safe: lines come from
    the worker thread; the pane's buffer is changed in the event loop only."""

    colour = False  # the board command's lines in the trace: plain characters

    def __init__(self, buffer: Buffer, limit: int = TRACE_LIMIT) -> None:
        self.buffer = buffer
        self.limit = limit
        self.lines: list[str] = []
        self._lock = threading.Lock()
        self._dropped = 0  # lines dropped from the front since the last flush
        self._dirty = False
        self._scheduled = False
        self._last_flush = 0.0
        self.loop: AbstractEventLoop | None = None

    def message(self, line: str) -> None:
        with self._lock:
            self.lines.extend(line.split("\n"))
            excess = len(self.lines) - self.limit
            if excess > 0:
                drop = max(excess, self.limit // 10)  # seldom: a tenth at a time
                del self.lines[:drop]
                self._dropped += drop
            self._dirty = True
            if self._scheduled or self.loop is None:
                return
            self._scheduled = True
        try:
            self.loop.call_soon_threadsafe(self.flush)
        except RuntimeError:  # the loop is closed: the screen is gone
            pass

    error = message

    def text(self) -> str:
        with self._lock:
            return "\n".join(self.lines)

    def flush(self) -> None:
        """In the event loop: the buffer gets the lines (throttled to ``FLUSH_EVERY``)."""
        assert self.loop is not None
        wait = self._last_flush + FLUSH_EVERY - time.monotonic()
        if wait > 0:
            self.loop.call_later(wait, self.flush)
            return
        self._last_flush = time.monotonic()
        with self._lock:
            self._scheduled = False
            if not self._dirty:
                return
            self._dirty = False
            text = "\n".join(self.lines)
            dropped, self._dropped = self._dropped, 0
        doc = self.buffer.document
        if doc.cursor_position_row >= doc.line_count - 1:  # at the end: follow the new lines
            position = len(text)
        else:  # scrolled back: stay on the line
            new = Document(text)
            row = max(doc.cursor_position_row - dropped, 0)
            position = new.translate_row_col_to_index(row, 0)
        self.buffer.set_document(Document(text, position), bypass_readonly=True)


class Tui:
    """The screen and its state; ``run()`` shows it until the user quits."""

    def __init__(
        self,
        first: Sequence[str] = (),
        *,
        input: Input | None = None,
        output: PtOutput | None = None,
        history: History | None = None,
        session: Session | None = None,
    ) -> None:
        self.trace_buffer = Buffer(read_only=True, name="trace")
        self.out = PaneOutput(self.trace_buffer)
        self.flag = InterruptFlag()
        self.repl = Repl(self.out, self._read_answer, interrupted=self._interrupted)
        if session is not None:  # switched to from the line shell: the same search goes on
            self.repl.session = session
        self.repl.width = self._trace_width
        self.colour = not os.environ.get("NO_COLOR")
        self.view = take_view(self.repl, self.colour)
        self._viewed = time.monotonic()

        if history is None:
            if input is None:
                history, warning = open_history(history_path(), self.out.error)
                if warning:
                    self.out.error(warning)
            else:
                history = InMemoryHistory()
        self.mode = "keys"  # or "command": the command line open
        self.question: str | None = None  # the guess question waiting for its answer
        self.busy = False  # a command runs in the worker thread
        self.quitting = False
        self.flash: str | None = None  # a one-key message in place of the help line
        self.pending: deque[str] = deque(first)  # command lines waiting their turn
        self.answers: queue.Queue[object] = queue.Queue()
        #: set while nothing runs and nothing waits (tests wait on it)
        self.idle = threading.Event()

        self.command_buffer = Buffer(
            name="command",
            history=history,
            completer=CommandCompleter(lambda: self.view.empty),
            complete_while_typing=False,
            accept_handler=self._accept_command,
            multiline=False,
        )
        self.answer_buffer = Buffer(
            name="answer", accept_handler=self._accept_answer, multiline=False
        )
        self.app: Application[None] = Application(
            layout=self._layout(),
            key_bindings=self._bindings(),
            style=STYLE,
            full_screen=True,
            input=input,
            output=output,
            min_redraw_interval=0.03,
        )
        self.app.ttimeoutlen = 0.1  # Esc closes the command line without a long wait
        self.app.key_processor.before_key_press += self._clear_flash

    # -- the layout ------------------------------------------------------------------------

    def _layout(self) -> Layout:
        self.board_window = Window(
            FormattedTextControl(self._board_text),
            width=self._board_width,
            dont_extend_width=True,
        )
        self.levels_window = Window(
            FormattedTextControl(lambda: "\n".join(self.view.levels)),
            height=lambda: Dimension(min=1, preferred=max(len(self.view.levels), 1)),
            wrap_lines=True,
        )
        self.trace_window = Window(
            BufferControl(self.trace_buffer),
            height=Dimension(min=3, weight=3),
            wrap_lines=True,
        )
        self.command_window = Window(
            BufferControl(
                self.command_buffer,
                input_processors=[BeforeInput(self._command_prompt)],
            ),
            height=1,
        )
        self.answer_window = Window(
            BufferControl(
                self.answer_buffer,
                input_processors=[BeforeInput(lambda: f"{self.question or ''} ", "class:question")],
            ),
            height=1,
        )
        panes = VSplit(
            [
                self.board_window,
                Window(width=1, char="│", style="class:line"),
                HSplit(
                    [
                        self.levels_window,
                        Window(
                            FormattedTextControl(self._trace_title),
                            height=1,
                            style="class:title",
                        ),
                        self.trace_window,
                    ]
                ),
            ]
        )
        root = HSplit(
            [
                panes,
                Window(
                    FormattedTextControl(self._toolbar_text),
                    height=1,
                    style="class:toolbar",
                ),
                Window(FormattedTextControl(self._help_text), height=1, style="class:help"),
                DynamicContainer(
                    lambda: self.answer_window if self.question is not None else self.command_window
                ),
            ]
        )
        body = FloatContainer(
            root,
            floats=[
                Float(
                    xcursor=True,
                    ycursor=True,
                    content=ConditionalContainer(
                        CompletionsMenu(max_height=12, scroll_offset=1),
                        filter=Condition(lambda: self.mode == "command"),
                    ),
                )
            ],
        )
        return Layout(body, focused_element=self.trace_window)

    def _fits_board(self) -> bool:
        size = self.app.output.get_size()
        board = self.view.board
        return (
            len(board) <= size.rows - BOTTOM_ROWS
            and visible_width(board) + 1 + TRACE_MIN_WIDTH <= size.columns
        )

    def _board_lines(self) -> list[str]:
        return self.view.board if self._fits_board() else self.view.grid

    def _board_text(self) -> ANSI:
        return ANSI("\n".join(self._board_lines()))

    def _board_width(self) -> Dimension:
        return Dimension.exact(max(visible_width(self._board_lines()), 1))

    def _trace_width(self) -> int:
        info = self.trace_window.render_info
        if info is not None:
            return info.window_width
        return self.app.output.get_size().columns

    def _trace_title(self) -> str:
        doc = self.trace_buffer.document
        if doc.cursor_position_row >= doc.line_count - 1:
            return "Trace"
        return f"Trace (line {doc.cursor_position_row + 1} of {doc.line_count}; End follows)"

    def _toolbar_text(self) -> str:
        """The toolbar of the line shell, and what the screen is doing; the field names
        shortened when the line would not fit."""
        more = ""
        if self.question is not None:
            more += " | waiting for the guess"
        elif self.busy:
            more += " | running, ^C stops"
        if self.pending:
            more += f" | queued {len(self.pending)}"
        text = self.view.toolbar + more
        if len(text) < self.app.output.get_size().columns:
            return text
        return self.view.short + more

    def _help_text(self) -> str:
        if self.flash is not None:
            return self.flash
        if self.question is not None:
            return HELP_ANSWER
        return HELP_COMMAND if self.mode == "command" else HELP_KEYS

    def _command_prompt(self) -> StyleAndTextTuples:
        if self.mode == "command":
            return [("class:prompt", PROMPT + " ")]
        return [("class:prompt", PROMPT + " "), ("class:hint", "(: types a command, ? the keys)")]

    def _clear_flash(self, _: object) -> None:
        self.flash = None

    # -- modes and focus (event loop) ------------------------------------------------------

    def _focus(self) -> None:
        if self.question is not None:
            self.app.layout.focus(self.answer_window)
        elif self.mode == "command":
            self.app.layout.focus(self.command_window)
        else:
            self.app.layout.focus(self.trace_window)

    def open_command_line(self, text: str = "") -> None:
        self.mode = "command"
        self.command_buffer.reset(Document(text, len(text)))
        self._focus()

    def close_command_line(self) -> None:
        self.mode = "keys"
        self.command_buffer.reset()
        self._focus()

    def _accept_command(self, buffer: Buffer) -> bool:
        line = buffer.text
        self.mode = "keys"
        self._focus()
        if line.strip():
            self.submit(line)
        return False  # the line is cleared (and kept in the history)

    def _accept_answer(self, buffer: Buffer) -> bool:
        question, self.question = self.question, None
        self.out.message(f"{question} {shown(buffer.text, ECHO)}".rstrip())
        self.answers.put(buffer.text)
        self._focus()
        return False

    def abort_question(self) -> None:
        if self.question is None:
            return
        self.out.message(f"{self.question} ^C")
        self.question = None
        self.answers.put(ABORT)
        self._focus()

    def stop(self) -> None:
        """Ctrl-C: abort the question or stop the running command; queued commands are
        dropped. Idle: close the command line."""
        if self.question is not None or self.busy:
            self.pending.clear()
            self.flag.set()
            self.abort_question()
        elif self.mode == "command":
            self.close_command_line()
        else:
            self.flash = "Nothing runs. q quits."

    def quit(self) -> None:
        """Leave at once, asking nothing: a running command is stopped first."""
        if self.quitting and self.busy:  # asked twice: do not wait for the command
            self._exit()
            return
        self.quitting = True
        self.pending.clear()
        if self.busy:
            self.flag.set()
            self.abort_question()
            self.flash = "Stopping the command to quit (q again: quit now)."
        else:
            self._exit()

    def scroll(self, rows: int) -> None:
        """Move the trace's view by ``rows`` (the trace buffer's cursor)."""
        doc = self.trace_buffer.document
        row = min(max(doc.cursor_position_row + rows, 0), doc.line_count - 1)
        if row == doc.line_count - 1:
            position = len(doc.text)
        else:
            position = doc.translate_row_col_to_index(row, 0)
        self.trace_buffer.cursor_position = position

    def _page(self) -> int:
        info = self.trace_window.render_info
        return max((info.window_height if info is not None else 10) - 1, 1)

    # -- commands (the event loop starts them, a worker thread runs them) --------------------

    def submit(self, line: str) -> None:
        self.pending.append(line)
        self._pump()

    def _pump(self) -> None:
        if self.busy:
            return
        if self.quitting or self.repl.done:
            self._exit()
            return
        if not self.pending:
            self.idle.set()
            return
        line = self.pending.popleft()
        self.busy = True
        self.idle.clear()
        self.scroll(self.trace_buffer.document.line_count)  # the trace follows the command
        self.out.message("")
        self.out.message(f"{PROMPT} {shown(line, ECHO)}")
        self.app.create_background_task(self._work(line))

    async def _work(self, line: str) -> None:
        loop = get_running_loop()
        done = loop.create_future()

        def finished() -> None:
            if not done.done():
                done.set_result(None)

        def target() -> None:
            try:
                self._execute(line)
            finally:
                try:
                    loop.call_soon_threadsafe(finished)
                except RuntimeError:  # the loop is closed: the screen was left
                    pass

        # a daemon thread: a command that never polls the flag cannot keep the program alive
        # once the user has quit twice
        threading.Thread(target=target, name="sudoku-tui-command", daemon=True).start()
        await done
        self.busy = False
        self.app.invalidate()
        self._pump()

    def _execute(self, line: str) -> None:
        """In the worker thread."""
        try:
            with self.flag.catching():  # clears the flag (no signal handler off the main thread)
                self.repl.execute(line)
        except Exception as e:  # a bug: show it in the trace, keep the screen
            self.repl.failures.append(line.strip())
            self.out.error(f"Internal error: {type(e).__name__}: {e}")
            for text in traceback.format_exc().splitlines():
                self.out.error(text)
        finally:
            self._snapshot()

    def _snapshot(self) -> None:
        """In the worker thread (the search at rest) or in the event loop while idle."""
        self.view = take_view(self.repl, self.colour)
        self._viewed = time.monotonic()
        self.app.invalidate()

    def _interrupted(self) -> bool:
        """The Repl's interrupt poll, between steps (worker thread): also the moment to take a
        snapshot of the board."""
        if time.monotonic() - self._viewed >= SNAPSHOT_EVERY:
            self._snapshot()
        return self.flag()

    def _read_answer(self, question: str) -> str:
        """The guess question (worker thread): asked in the command line, answered through
        the queue."""
        self._snapshot()
        loop = self.out.loop
        if loop is None or self.quitting:
            raise GuessAborted
        loop.call_soon_threadsafe(self._ask, question)
        answer = self.answers.get()
        if answer is ABORT:
            raise GuessAborted
        assert isinstance(answer, str)
        return answer

    def _ask(self, question: str) -> None:
        if self.quitting:
            self.answers.put(ABORT)
            return
        self.question = question
        self.answer_buffer.reset()
        self._focus()

    # -- keys ------------------------------------------------------------------------------

    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()
        keys = Condition(lambda: self.mode == "keys" and self.question is None)
        command = Condition(lambda: self.mode == "command" and self.question is None)
        answering = Condition(lambda: self.question is not None)
        empty_command = Condition(lambda: not self.command_buffer.text)
        empty_answer = Condition(lambda: not self.answer_buffer.text)

        for key, line in (("s", "step"), ("n", "step"), ("b", "back"), ("r", "run")):
            kb.add(key, filter=keys)(self._submitter(line))

        @kb.add("c", filter=keys)
        def _continue(event: KeyPressEvent) -> None:
            self.submit("continue" if lookup("continue") is not None else "run")

        @kb.add("g", filter=keys)
        def _goto(event: KeyPressEvent) -> None:
            self.open_command_line("goto ")

        @kb.add(":", filter=keys)
        @kb.add("enter", filter=keys)
        def _open(event: KeyPressEvent) -> None:
            self.open_command_line()

        @kb.add("?", filter=keys)
        def _help(event: KeyPressEvent) -> None:
            for line in ["", *HELP_LINES]:
                self.out.message(line)

        @kb.add("q", filter=keys)
        @kb.add("c-d", filter=keys | (answering & empty_answer) | (command & empty_command))
        def _quit(event: KeyPressEvent) -> None:
            self.quit()

        @kb.add("c-c", eager=True)
        @kb.add(Keys.SIGINT)
        def _stop(event: KeyPressEvent) -> None:
            self.stop()

        @kb.add("escape", filter=command)
        def _close(event: KeyPressEvent) -> None:
            self.close_command_line()

        @kb.add("pageup")
        def _page_up(event: KeyPressEvent) -> None:
            self.scroll(-self._page())

        @kb.add("pagedown")
        def _page_down(event: KeyPressEvent) -> None:
            self.scroll(self._page())

        @kb.add("up", filter=keys)
        def _up(event: KeyPressEvent) -> None:
            self.scroll(-1)

        @kb.add("down", filter=keys)
        def _down(event: KeyPressEvent) -> None:
            self.scroll(1)

        @kb.add("home", filter=keys)
        def _home(event: KeyPressEvent) -> None:
            self.scroll(-self.trace_buffer.document.line_count)

        @kb.add("end", filter=keys)
        def _end(event: KeyPressEvent) -> None:
            self.scroll(self.trace_buffer.document.line_count)

        @kb.add(Keys.Any, filter=keys)
        def _other(event: KeyPressEvent) -> None:
            if event.data.isprintable():
                self.flash = f"{event.data!r} is no key here: : types a command, ? lists the keys."

        return kb

    def _submitter(self, line: str) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            self.submit(line)

        return handler

    def _exit(self) -> None:
        if not self.app.is_done:
            self.app.exit()

    # -- running ---------------------------------------------------------------------------

    def _started(self) -> None:
        self.out.loop = get_running_loop()
        self.out.flush()
        self._pump()

    def run(self) -> Repl:
        try:
            self.app.run(pre_run=self._started)
        finally:
            self.quitting = True
            self.flag.set()
            self.answers.put(ABORT)  # a worker still waiting for an answer gives up
        return self.repl


STYLE = Style.from_dict(
    {
        "toolbar": "reverse",
        "title": "bold underline",
        "help": "italic",
        "hint": "#888888",
        "prompt": "bold",
        "question": "bold",
        "line": "#888888",
    }
)


def run_tui(
    first: list[str] | None = None,
    *,
    input: Input | None = None,
    output: PtOutput | None = None,
    history: History | None = None,
    session: Session | None = None,
) -> Repl:
    """The full-screen mode until the user quits (``q``, Ctrl-D or ``bye``). ``first``: command
    lines run first (``load-quiz``); ``session``: the line shell's, when it switches
    here; ``input``/``output``/``history`` are for tests."""
    return Tui(first or [], input=input, output=output, history=history, session=session).run()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sudoku_repl.frontends.tui [quiz]``."""
    from sudoku_repl.assembly import register_all

    words = list(sys.argv[1:] if argv is None else argv)
    if len(words) > 1 or words[:1] in (["-h"], ["--help"]):
        print("usage: python -m sudoku_repl.frontends.tui [quiz]", file=sys.stderr)
        return 2
    register_all()
    run_tui([f"load-quiz {words[0]}"] if words else [])
    return 0


if __name__ == "__main__":
    sys.exit(main())

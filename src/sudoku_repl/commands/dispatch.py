"""The command language, independent of any terminal: ``Repl.execute(line)``.

Output leaves through ``Output.message`` / ``Output.error`` (one line each), answers to the guess
question come from ``read_answer``, and the clock and the interrupt flag are injected, so the
same object serves the batch reader, the prompt_toolkit shell and the tests. What the session
hears and asks while it steps is the ``Repl``'s ``hooks`` (``session_hooks.SessionHooks``).
"""

from __future__ import annotations

import time

from sudoku_repl.commands.declared.original import LOAD_QUIZ
from sudoku_repl.commands.recorder import ScriptRecorder
from sudoku_repl.commands.run_timer import RunTimer
from sudoku_repl.commands.session_hooks import SessionHooks, ViewSettings, never, nothing
from sudoku_repl.commands.session_slot import SessionSlot
from sudoku_repl.commands.table import installed, lookup, run
from sudoku_repl.core.errors import (
    ECHOED_CHARS,
    GuessAborted,
    UserError,
    shown,
    too_long,
    unprintable,
)

TYPE_CHECKING = False  # not typing's: start-up imports neither typing nor the engine
if TYPE_CHECKING:  # the engine is imported on first use: ``bye``, ``help`` need none of it
    from collections.abc import Callable, Iterator, Sequence

    from sudoku_repl.commands.failures import Failures
    from sudoku_repl.commands.selected import Selected
    from sudoku_repl.commands.session_hooks import Output
    from sudoku_repl.core.session import Session
    from sudoku_repl.core.state import EngineState


def _eighty() -> int:
    """The width a Repl writes for when its front end gives none (batch mode, tests)."""
    return 80


NO_QUIZ = f"No quiz loaded. Use {LOAD_QUIZ.usage}."
PROMPT = "Order please:"
#: the end of a question that wants yes or no (``Repl.confirmed``), as gdb's confirm asks
YES_OR_NO = "(y or n)"
MAX_DEPTH = 8
#: a Repl made before the commands were put in the table: every word would be unknown
UNREGISTERED = (
    "No commands are registered: call sudoku_repl.assembly.register_commands() (or "
    "register_all()) once before making a Repl; importing registers nothing."
)


class Repl:
    """One user's session: executes command lines, writes their output. ``interrupted``: the
    interrupt flag (only read); ``tick``: called between steps of long work (see ``hooks``).
    What a front end gives, it gives here: ``slot``, the session's holder, and ``view``, what
    ``set`` says to print, when the front end reads them too (the shell's progress line and
    pager); ``width``, its terminal's width; ``wrap``: a line of the show block wider than that
    is broken between its entries (a terminal's front end: batch mode and transcripts keep the
    original's lines whole); ``can_switch``, whether ``tui`` may switch to full screen (the
    interactive shell on a real terminal); ``history``: ``info settings``' lines about the
    shell's history file (where it is, how to turn it off; none in batch mode). Made after the
    commands are registered (``assembly.register_commands``, which every entry point calls):
    before, it is refused with ``RuntimeError`` naming that call."""

    def __init__(
        self,
        out: Output,
        read_answer: Callable[[str], str],
        clock: Callable[[], float] = time.perf_counter,
        interrupted: Callable[[], bool] = never,
        tick: Callable[[], None] = nothing,
        *,
        slot: SessionSlot | None = None,
        view: ViewSettings | None = None,
        width: Callable[[], int] = _eighty,
        wrap: bool = False,
        can_switch: bool = False,
        history: Sequence[str] = (),
        asks: bool = False,
        timer: RunTimer | None = None,
    ) -> None:
        if not installed():  # (the commands are the assembly's to register: a layer above)
            raise RuntimeError(UNREGISTERED)
        #: the run's time: the clock less the time spent waiting for the person (``timer``:
        #: the front end's, which its pager also tells of its waits; else one on ``clock``)
        self.timer = RunTimer(clock) if timer is None else timer
        #: the session, made on first use (``session``), and what work on it is at
        self.slot = SessionSlot() if slot is None else slot
        self.done = False
        self._failures: Failures | None = None  # (``failures``: made at the first)
        self.width = width
        self.wrap = wrap
        self.history_lines = list(history)
        #: the commands and guess answers that reproduce the session (``save-session``)
        self.script = ScriptRecorder(lambda line: lookup(line.partition(" ")[0]) is not None)
        self._depth = 0  # nested ``source``
        self.view = ViewSettings() if view is None else view
        #: what the session's stepping hears from and asks of the user
        self.hooks = SessionHooks(
            out, read_answer, self.slot, self.script, self.view, interrupted, tick, self.timer
        )
        #: whether ``tui`` may switch to full screen, and whether it was asked to
        self.can_switch = can_switch
        self.switch_to_tui = False
        #: whether a command may ask before it does what cannot be undone (``delete`` and
        #: ``undisplay`` alone, as gdb's confirm): the interactive shell and the full screen
        self.asks = asks
        #: the breakpoints the last stop was at, and those the stop before this command's was
        #: at (``continue n`` passes over the latter n-1 more times)
        self.at_breakpoints: tuple[int, ...] = ()
        self.stopped_by: tuple[int, ...] = ()
        #: the outer guess level ``frame`` selected (None: the present state)
        self.frame: Selected | None = None
        #: commands run at every stop (``display``), by number
        self.displays: dict[int, str] = {}
        self.display_number = 0

    @property
    def session(self) -> Session:
        """The session, made on first use: before it, the run modes are registered (``ready``)."""
        return self.slot.session

    @session.setter
    def session(self, session: Session) -> None:
        self.slot.session = session

    @property
    def _session(self) -> Session | None:
        """The session if it was made (None: no command used it yet)."""
        return self.slot.held

    @property
    def out(self) -> Output:
        """Where the lines go, the session's trace lines too (``hooks.out``: one place, so a
        front end that lends the Repl its own output gets every line)."""
        return self.hooks.out

    @out.setter
    def out(self, out: Output) -> None:
        self.hooks.out = out

    @property
    def read_answer(self) -> Callable[[str], str]:
        """Where the guess question's answers come from (``hooks.read_answer``)."""
        return self.hooks.read_answer

    @read_answer.setter
    def read_answer(self, read_answer: Callable[[str], str]) -> None:
        self.hooks.read_answer = read_answer

    @property
    def failures(self) -> Failures:
        """The command lines that failed (their count, and the first few: batch mode's
        summary), made when first asked (its module is not imported by a start that fails
        nothing: ``sudoku-repl -c bye``)."""
        if self._failures is None:
            from sudoku_repl.commands.failures import Failures

            self._failures = Failures()
        return self._failures

    @property
    def failed(self) -> bool:
        """Whether a command line failed (``failures`` is not made to say no)."""
        return self._failures is not None and self._failures.count > 0

    @property
    def made_session(self) -> bool:
        """Whether the session was made (a command used it)."""
        return self.slot.held is not None

    @property
    def loaded(self) -> bool:
        """Whether a quiz is loaded (asking makes no session)."""
        return self.slot.loaded

    # -- dispatch ------------------------------------------------------------------------

    def execute(self, line: str) -> bool:
        """Run one command line; False when it failed (its error line has been written)."""
        longer = too_long("A command line", len(line.rstrip("\r\n")))
        if longer is not None:  # (before any reading of it: every door's lines come here)
            self.out.error(longer)
            self.failures.add(line)
            return False
        parts = line.split(None, 1)  # a tab after the name is a blank too
        name = parts[0] if parts else ""
        arg = parts[1] if len(parts) > 1 else ""
        cmd = lookup(name)
        if cmd is None:
            from sudoku_repl.commands.listing import unknown, unknown_listing

            self.out.error(unknown(name))
            self.lines(unknown_listing(name))
            self.failures.add(line)
            return False
        # what a command keeps of its line (a name, a display, the session script) is printed
        # and saved as typed: a line that could carry an escape sequence is refused here, once
        why = unprintable(line.rstrip("\r\n"))
        if why is not None:
            self.out.error(f"{why}: a command line is printable text (a tab counts as a blank).")
            self.failures.add(line)
            return False
        steps = self.session.state().steps if self.loaded else 0
        if cmd.stops or cmd is LOAD_QUIZ:
            self.frame = None  # back to the present (``frame``)
            self.stopped_by, self.at_breakpoints = self.at_breakpoints, ()
        self.script.begin(cmd.scripted, line, self._solutions_now())
        try:
            run(cmd, self, arg.strip())
            self._notices()
        except UserError as e:
            from sudoku_repl.commands.refused import said  # (a refusal: not at start-up)

            self._notices()
            self.script.failed()
            self.out.error(shown(said(e), ECHOED_CHARS))  # a line may quote input: never raw
            self.failures.add(line)
            return False
        except GuessAborted:
            now = self.session.state().steps
            from sudoku_repl.commands.stop_lines import aborted_line  # (not at start-up)

            self.out.message(aborted_line(now))
            if now == steps:
                self.script.failed()
            else:  # earlier steps of the command stand: the script goes as far
                self.script.stopped(now, self._solutions_now(), run=cmd.runs)
            self.failures.add(line)
            return False
        finally:
            self.script.end()
        if cmd.stops and self.displays:
            self._run_displays()
        return True

    def _run_displays(self) -> None:
        """Each display's command, as typed, after a command that stopped somewhere; a display
        that fails says so in its one line (it changes nothing and is not scripted)."""
        for shown_number, line in list(self.displays.items()):
            self.out.message(f"{shown_number}: {line}")
            name, _, arg = line.partition(" ")
            cmd = lookup(name)
            if cmd is None:
                continue
            try:
                run(cmd, self, arg.strip())
            except UserError as e:
                from sudoku_repl.commands.refused import said

                self.out.error(shown(said(e), ECHOED_CHARS))

    def settings_lines(self) -> list[str]:
        """What ``set`` changes, and the two modes (``set``, ``info settings``): a line each,
        as declared (``commands/declared/settings.py``)."""
        from sudoku_repl.commands.declared.settings import SETTINGS

        return [setting.line(self) for setting in SETTINGS]

    def _solutions_now(self) -> int:
        return self.hooks.solutions_now() if self.loaded else 0

    def _notices(self) -> None:
        if self._session is None:
            return
        for notice in self._session.notices:
            from sudoku_repl.commands.notices import notice_line  # (rare: not at start-up)

            self.out.message(notice_line(notice))
        self._session.notices.clear()

    def run_script(
        self, lines: Iterator[str], final_prompt: bool = False, script: str | None = None
    ) -> None:
        """Execute a script's commands as batch mode does: each echoed after the prompt, empty
        and ``#`` lines skipped, a guess question answered by the next line (an invalid answer
        calls the question off: the line after it is a command again). ``script``: its file,
        whose first command failed on a relative path that names nothing here is followed by
        the line that says where such paths are read from (``relative_note``), once."""
        if self._depth >= MAX_DEPTH:
            raise UserError(f"Scripts nest {MAX_DEPTH} deep at most.")
        saved, scripted = self.read_answer, self.hooks.scripted

        def read_answer(question: str) -> str:
            answer = next(lines, None)
            if answer is None:
                self.out.message(question)
                raise GuessAborted
            answer = answer.rstrip("\r\n")
            self.out.message(f"{question} {shown(answer, ECHOED_CHARS)}".rstrip())
            return answer

        self.read_answer = read_answer
        self.hooks.scripted = True
        self._depth += 1
        try:
            while not self.done:
                line = _next_command(lines)
                if line is None and not final_prompt:
                    break
                self.out.message("")
                self.out.message(PROMPT)
                if line is None:
                    break
                self.out.message(shown(line, ECHOED_CHARS))
                if not self.execute(line) and script is not None:
                    from sudoku_repl.commands.script_files import relative_note

                    note = relative_note(line, script)
                    if note is not None:
                        self.out.message(note)
                        script = None  # (said once)
        finally:
            self._depth -= 1
            self.read_answer, self.hooks.scripted = saved, scripted

    def lines(self, lines: Sequence[str]) -> None:
        message = self.out.message  # (looked up once: ``when`` may give 100,000 lines)
        for line in lines:
            message(line)

    # -- helpers for handlers ----------------------------------------------------------------

    def confirmed(self, question: str) -> bool:
        """Whether to do what cannot be undone: ``question`` asked (``(y or n)`` after it) where
        the front end may ask (``asks``), y or yes taken for yes, anything else, the end of
        input or Ctrl-C for no; yes unasked in batch mode and scripts, which cannot answer."""
        if not self.asks or self.hooks.scripted:
            return True
        try:
            answer = self.read_answer(f"{question} {YES_OR_NO}")
        except GuessAborted:
            return False
        return answer.strip().lower() in ("y", "yes")

    def require_quiz(self) -> Session:
        if not self.loaded:
            raise UserError(NO_QUIZ)
        return self.session

    def looked_at(self) -> tuple[EngineState, int]:
        """The state ``show``, ``levels`` and ``board`` show, and the record's moves to it: the
        level ``frame`` selected (its line said first), else the present."""
        session = self.require_quiz()
        if self.frame is None:
            return session.state(), session.cursor
        self.out.message(self.frame.note)
        return self.frame.state, self.frame.moves

    def show(self) -> None:
        from sudoku_repl.text.render import show_lines, wrapped

        lines = show_lines(self.looked_at()[0], self.session.geo)
        self.lines(wrapped(lines, self.width()) if self.wrap else lines)


def _next_command(lines: Iterator[str]) -> str | None:
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line.strip() and not line.lstrip().startswith("#"):
            return line
    return None

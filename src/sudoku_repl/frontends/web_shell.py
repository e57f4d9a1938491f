"""The shell in a web page (web/, docs/web.md): the interactive shell's start and its one prompt
loop (``shell_start.ShellStart``, ``shell.prompt_loop``), run by Pyodide in the page's Web
Worker, with the page's terminal (xterm.js) in place of prompt_toolkit's, on the C core where the
page has its modules (``use_native``: web/build compiles them for Pyodide) and the browser loads
them, else on the pure engine, its welcome saying which and why. The page edits the
line, keeps its history and sends the line at Enter; here it is read where the shell reads its
prompt's (``PagePrompt.prompt``) and the guess question's answer. What the shell prints goes to
``sys.stdout`` as on a terminal (the worker hands it to the page), the progress line to
``sys.stderr``; the board at each prompt and the Tab completions go to the page as JSON.

The Board's folded line of Sudoku Explainer's next step, open, asks for the picture of that step
(``export svg``'s SVG): the shell draws it at the prompt, after telling the page it waits there,
and gives up as soon as the page sends anything (a line, Tab, Ctrl-C: the search polls
``Page.pending``), so the picture never holds the shell up; it draws it again at the next prompt.

While it waits at a prompt and the page has sent nothing, the shell warms the interpreter up
on a session of its own, printing nothing (``warm_up``): the person's first commands run faster.

Ctrl-C while a command runs is Pyodide's interrupt buffer: a SIGINT, which the prompt loop's own
handler turns into the interrupt flag the command polls, as on a terminal; at a prompt the page
sends it as a key (the line is dropped, the guess question called off).

Where the browser offers WebMCP, the page registers the MCP server's tools (``tool_list``: the
same declarations, ``frontends.mcp.tools``) and sends each call here at the command prompt: it
runs on this session (``frontends.mcp.agent``, on the shell's own ``Repl``), its lines in the
terminal under a line that names the call (``TOOL_MARK``), and its answer goes to the page;
then the prompt again. At the guess question a call is refused in one line (docs/agents.md)."""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import DummyInput
from prompt_toolkit.output import DummyOutput

from sudoku_repl.assembly import register_commands
from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.core.errors import GuessAborted
from sudoku_repl.core.state import EngineState
from sudoku_repl.frontends.completion import CommandCompleter, empty_cells, filled_cells
from sudoku_repl.frontends.import_path import keep_working_folder_off
from sudoku_repl.frontends.interrupts import on_sigint
from sudoku_repl.frontends.own_frame import in_own_frame
from sudoku_repl.frontends.page_output import DrainedFirst, PageOutput
from sudoku_repl.frontends.progress_line import ProgressLine
from sudoku_repl.frontends.shell import prompt_loop
from sudoku_repl.frontends.shell_start import ShellStart
from sudoku_repl.frontends.warm_up import RUNS, WarmUp
from sudoku_repl.frontends.web_welcome import (
    ADDRESS_QUIZ,
    JSON_QUIZ,
    SEED_QUIZ,
    Module,
    engine,
    welcome,
)
from sudoku_repl.views.board_data import board_json

if TYPE_CHECKING:
    from sudoku_repl.frontends.interrupts import InterruptFlag
    from sudoku_repl.frontends.mcp.agent import AgentSession

#: what the page sends at a prompt, its first letter: a line (the rest), Ctrl-C, Ctrl-D, Tab
#: with the text before the cursor (the rest), or the Board's folded line of Sudoku Explainer's
#: next step (the rest: ``1`` open, the picture wanted; ``0`` closed), or a WebMCP tool call (the
#: rest: JSON, its ``id``, ``name`` and ``arguments``)
LINE, CTRL_C, CTRL_D, TAB, PICTURE, TOOL = "L", "C", "D", "T", "P", "M"
#: what the terminal shows before a tool call's lines: the call, as an assistant made it
TOOL_MARK = "[tool call]"
#: a tool call's answer at the guess question
AT_QUESTION = (
    "The shell is asking its guess question: answer it in the page (a tool call runs at the "
    "command prompt)."
)
#: seconds between two looks at whether the page sent something, while a picture is drawn
POLL_EVERY = 0.02


class Page(Protocol):
    """The page, as the worker hands it over."""

    def line(self) -> str:
        """What the page's terminal sends next (a kind letter, then its text): waits for it."""

    def pending(self) -> bool:
        """Whether the page has sent something not read yet (``line`` would not wait)."""

    def prompting(self) -> None:
        """Tells the page the shell waits at a prompt (once a prompt): it lets the user type."""

    def columns(self) -> int:
        """The terminal's width when it sent it."""

    def post(self, kind: str, body: str) -> None:
        """A message to the page: ``build`` (whether the C core runs), ``board``,
        ``completions``, ``picture``, ``tool`` (a tool call's answer) or ``warm`` (the idle
        warm-up's runs done), its body JSON."""


class PageReader:
    """Reads what the page sends at a prompt: a line, Ctrl-C (``KeyboardInterrupt``, as the
    prompt raises it) or Ctrl-D (``EOFError``); Tab is answered with the completions and the
    prompt goes on, the Board's folded line with the next step's picture while it is open. Each
    prompt first shows the page the board of the present step."""

    def __init__(self, page: Page, output: PageOutput, warm_runs: int = RUNS) -> None:
        self.page = page
        #: the shell's output gathered (``page_output``): handed on before each message
        self.output = output
        #: the idle warm-up's runs, made at prompts while the page sends nothing
        self.warm_up = WarmUp(page.pending, warm_runs, lambda: self.post("warm", "{}"))
        #: the repl whose board and completions are shown (``run_page`` hands it in once made)
        self.repl: Repl | None = None
        #: the Board's folded line is open and its picture of the present step not yet drawn
        self.picture_wanted = False
        self._next_poll = 0.0
        #: the shell's interrupt flag (``run_page`` hands it in): cleared before a tool call
        self.flag: InterruptFlag | None = None
        self._agent: AgentSession | None = None  # (made at the first tool call)

    def read(self, message: str, tools: bool = True) -> str:
        """The line typed at a prompt (``message``); ``tools``: a tool call runs here (a
        command's prompt), else it is refused (the guess question)."""
        self._prompt(message)
        while True:
            if self.picture_wanted:
                self._picture()
            self.warm_up.at_prompt()
            sent = str(self.page.line())
            # (the width the shell's lines fit: shutil.get_terminal_size reads COLUMNS first)
            os.environ["COLUMNS"] = str(self.page.columns())
            kind, text = sent[:1], sent[1:]
            if kind == CTRL_C:
                raise KeyboardInterrupt
            if kind == CTRL_D:
                raise EOFError
            if kind == TAB:
                self.post("completions", json.dumps(list(self.completions(text))))
                continue
            if kind == PICTURE:
                self.picture_wanted = text == "1"
                continue
            if kind == TOOL:
                if tools:
                    self._tool(json.loads(text))
                    sys.stdout.write("\n")  # (as after a command: a blank line, the prompt)
                    self._prompt(message)
                else:
                    self._answer(json.loads(text)["id"], AT_QUESTION, None, True)
                    self.page.prompting()
                continue
            # (a line: the picture, still wanted, is drawn of the state at the next prompt)
            return text

    def post(self, kind: str, body: str) -> None:
        """A message to the page, after the output printed before it."""
        self.output.drain()
        self.page.post(kind, body)

    def _prompt(self, message: str) -> None:
        """The prompt, then the board of the present step (the page lets the user type
        first: the board follows a moment later)."""
        sys.stdout.write(message)
        self.output.drain()
        self.page.prompting()
        self._board()

    def _tool(self, call: dict[str, Any]) -> None:
        """A WebMCP tool call, run on this session as the MCP server's session runs it: the
        call named in the terminal, its lines there, its answer to the page."""
        from sudoku_repl.frontends.mcp.agent import AgentSession

        if self.repl is None:
            return
        name, arguments = str(call["name"]), call.get("arguments") or {}
        print(f"{TOOL_MARK} {name} {json.dumps(arguments)}", flush=True)
        if self._agent is None:
            # (open: the person at the page steps and runs the same session by hand)
            self._agent = AgentSession(self.repl, sealed=False)
        flag = self.flag
        if flag is not None:
            flag.clear()  # (a Ctrl-C from now on stops the call, as a command)
        # (the progress line of a long call, a command's: check_move, hint)
        progress = getattr(self.repl.out, "progress", None)
        if isinstance(progress, ProgressLine):
            progress.begin()
        try:
            answer = self._agent.call(name, arguments, flag or _never)
        finally:
            if isinstance(progress, ProgressLine):
                progress.clear()
        self._answer(call["id"], *answer)

    def _answer(self, call_id: object, text: str, data: object, error: bool) -> None:
        """A tool call's answer to the page (the terminal's lines sent first)."""
        body = {"id": call_id, "text": text, "data": data, "error": error}
        self.post("tool", json.dumps(body))

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
            self.post("board", json.dumps(present_board(self.repl)))

    def _picture(self) -> None:
        """The picture of Sudoku Explainer's next step from the present step, to the page; none
        once the page sent something meanwhile (its message is read first: the picture stays
        wanted)."""
        from sudoku_repl.techniques.explainer.rating import Interrupted

        if self.repl is None or not self.repl.loaded:
            return
        self._next_poll = 0.0
        try:
            answer = in_own_frame(present_picture, self.repl, self._sent)  # (its best code)
        except Interrupted:
            return
        self.picture_wanted = False
        self.post("picture", json.dumps(answer))

    def _sent(self) -> bool:
        """Whether the page sent something, looked at every ``POLL_EVERY`` seconds at most (the
        page's message may take a task of the worker to come in)."""
        now = time.monotonic()
        if now < self._next_poll:
            return False
        self._next_poll = now + POLL_EVERY
        return bool(self.page.pending())


def _present(repl: Repl) -> tuple[EngineState, Sequence[int]]:
    """The present step's state, and the quiz's givens (the state's values without a quiz)."""
    session = repl.session
    state = session.state()
    return state, session.quiz.givens if session.quiz is not None else state.values


def present_board(repl: Repl) -> dict[str, Any]:
    """The board of the present step, as the VS Code Board draws it (``views/board_data``), with
    the record's last step (as far as ``goto`` reaches)."""
    session = repl.session
    state, givens = _present(repl)
    body = board_json(session.geo, givens, state, session.history, session.cursor, "")
    return {**body, "solutions": state.solutions, "last": session.history.last_steps}


def present_picture(repl: Repl, interrupted: Callable[[], bool]) -> dict[str, Any]:
    """The picture of Sudoku Explainer's next step from the present step (``export svg``'s, as
    the DAP ``sudokuBoard`` request gives it to the Board), with that step's number;
    ``Interrupted`` once ``interrupted()``."""
    # (Sudoku Explainer's engine imported when a picture is first asked for, not at the start)
    from sudoku_repl.tools.explain.picture import next_step_picture, picture_json

    state, givens = _present(repl)
    session = repl.session
    drawn = next_step_picture(session, session.cursor, state, givens, interrupted, repl.view.names)
    return {"step": state.steps, "picture": picture_json(drawn)}


class PagePrompt(PromptSession[str]):
    """The prompt loop's prompt, read from the page: ``prompt`` writes its message and returns
    the line typed there (prompt_toolkit draws nothing: its input and output are dummies)."""

    def __init__(self, reader: PageReader) -> None:
        super().__init__(input=DummyInput(), output=DummyOutput())
        self.reader = reader

    def prompt(self, *args: Any, **kwargs: Any) -> str:
        message = args[0] if args else kwargs.get("message", "")
        return self.reader.read(str(message))


def tool_list() -> str:
    """The MCP server's tools as WebMCP registers them (JSON: each one's ``name``,
    ``description`` and ``inputSchema``), from their one declaration (``frontends.mcp.tools``)."""
    from sudoku_repl.frontends.mcp.tools import TOOLS

    return json.dumps(
        [{"name": t.name, "description": t.description, "inputSchema": t.schema} for t in TOOLS]
    )


def _never() -> bool:
    return False


def answer_reader(reader: PageReader) -> Callable[[str], str]:
    """The guess question, asked in the page's terminal: Ctrl-C or Ctrl-D call it off."""

    def read_answer(question: str) -> str:
        try:
            return reader.read(question + " ", tools=False)
        except (KeyboardInterrupt, EOFError):
            raise GuessAborted from None

    return read_answer


#: the page's C modules, as its welcome and status line name each, and their packages (where
#: web/build puts each one's module: the manifest's ``package``)
MODULES = (
    ("the core", "sudoku_repl.core"),
    ("Sudoku Explainer", "sudoku_repl.techniques.explainer"),
    ("the measures", "sudoku_repl.techniques.difficulty"),
)
#: the first command, as ``sudoku-repl FILE`` has: the seed, or the quiz of the page's address
SEED_FILE, ADDRESS_FILE, ADDRESS_JSON = "examples/seed.txt", "quiz.txt", "quiz.json"


def use_native(native: Mapping[str, Any] | None) -> str:
    """The page's C modules (web/build's, docs/web.md) made importable: ``native["folders"]``,
    each package's folder of its ``_native`` module in the page's file system, put on that
    package's ``__path__`` (its modules come from ``site.zip``, which cannot hold one), so that
    the doors (``core/native.py``, the explainer's and difficulty's) import them as in CPython.
    Which modules run their C then, each named (``web_welcome.engine``): one that does not load
    in this browser named with the import's error; or, ``native["skipped"]``, why web/build made
    none. None: no page (a test), the build as it is."""
    from sudoku_repl.core.engine_choice import ENV, PURE

    given = native or {}
    folders: Mapping[str, str] = given.get("folders", {})
    for package, folder in folders.items():
        importlib.import_module(package).__path__.append(folder)
    doors = [importlib.import_module(f"{package}.native") for _, package in MODULES]
    skipped = given.get("skipped")
    if skipped and not any(door.available() for door in doors):
        return engine([], str(skipped))
    modules = []
    for (name, package), door in zip(MODULES, doors, strict=True):
        why = door._extension()[1]
        if door.active():
            why_not = ""
        elif door.available():
            why_not = f"is off ({ENV}={PURE})"
        elif native is not None and package not in folders:
            why_not = "is not in this page"
        elif " was not built in " in why:  # (its reason's advice is pip's: none in a page)
            why_not = "is not in this build"
        elif "does not load: " in why:
            why_not = f"failed to load ({why.split('does not load: ', 1)[1]})"
        else:
            why_not = f"does not run ({why})"
        modules.append(Module(name, why_not))
    return engine(modules, None)


def put_note(name: str) -> str:
    """What the page says of a file put in its folder (the working folder) as ``name``: the
    command that reads it, as the shell takes it typed (``shlex``'s quoting, as ``file_words``
    reads it): ``source`` for a script (a file whose first command line is a command), else
    ``load-quiz`` where the file holds a quiz, else that it is neither (each command says why)."""
    import shlex
    from contextlib import closing

    from sudoku_repl.commands.script_files import open_script
    from sudoku_repl.core.errors import UserError
    from sudoku_repl.text.quiz_files import load_position

    typed = shlex.quote(name)
    here = f"{name} is in the page's folder"
    try:
        with closing(open_script(name)):
            return f"{here}: source {typed} runs its commands."
    except (UserError, OSError, ValueError):
        pass  # (not a script: a quiz?)
    try:
        load_position(name)  # (read as far as its first quiz only)
    except (UserError, OSError, ValueError):
        return f"{here}: it is neither a quiz nor a script (load-quiz {typed} says why)."
    return f"{here}: load-quiz {typed} loads it."


def page_builds(engine: str) -> dict[str, Any]:
    """What the page is told of the builds: which modules run their C (``engine``: its status
    line), whether the core runs its C (``native``), and each door's build in its words
    (``builds``: the core's, the explainer's, the measures of difficulty's, as ``python -m
    ...native`` says them)."""
    from sudoku_repl.core import native as core
    from sudoku_repl.techniques.difficulty import native as difficulty
    from sudoku_repl.techniques.explainer import native as explainer

    return {
        "engine": engine,
        "native": core.active(),
        "builds": [core.build(), explainer.build(), difficulty.build()],
    }


def address_file(quiz: str) -> tuple[str, str]:
    """The quiz of the page's address written to a file of the page's folder, and its words in
    the welcome: f-puzzles' JSON or link (its rules with it) as ``ADDRESS_JSON``'s JSON, any
    other text (a quiz, a ``# rules:`` line before it: ``?rules=``) as ``ADDRESS_FILE``."""
    from sudoku_repl.core.errors import QuizError
    from sudoku_repl.text import fpuzzles

    try:
        data = quiz if quiz.lstrip().startswith("{") else fpuzzles.link_json(quiz.strip())
    except QuizError:
        data = None  # (load-quiz of the text says why)
    name, which, text = (
        (ADDRESS_FILE, ADDRESS_QUIZ, quiz) if data is None else (ADDRESS_JSON, JSON_QUIZ, data)
    )
    with open(name, "w", encoding="utf-8") as file:
        file.write(text + "\n")
    return name, which


def run_page(
    page: Page,
    quiz: str | None = None,
    native: Mapping[str, Any] | None = None,
    warm_runs: int = RUNS,
) -> Repl:
    """The shell on ``page``: its C modules (``native``, ``use_native``), ``load-quiz`` of the
    seed, or of the quiz of its address (``quiz``, written to ``ADDRESS_FILE``), then the prompt
    loop, to ``bye`` or Ctrl-D; ``warm_runs``: the idle warm-up's runs (``warm_up``)."""
    keep_working_folder_off()  # (a file put in the page's folder is never imported)
    register_commands()  # (the entry point's, as the command line's)
    said = use_native(native)
    page.post("build", json.dumps(page_builds(said)))  # (the page's status line; the tests)
    if quiz is None:
        first, which = SEED_FILE, SEED_QUIZ
    else:
        first, which = address_file(quiz)
    # the pure build's line asked once here, whatever the build: none after (its advice is
    # pip's; the welcome says why the C does not run, a module that does not load included,
    # which maybe_pure cannot see)
    from sudoku_repl.tools.rating.se_build import pure_build_once

    pure_build_once()
    # the output gathered in Python, handed to the worker's streams a write at a time
    # (page_output), the progress line's after it
    kept = sys.stdout, sys.stderr
    output = PageOutput(sys.stdout)
    sys.stdout, sys.stderr = output, DrainedFirst(sys.stderr, output)
    try:
        # (in its place: what this is, its C modules, the quiz, what to type, help, the docs)
        sys.stdout.write(welcome(page.columns(), said, which))
        reader = PageReader(page, output, warm_runs)
        start = ShellStart(None, history_file=False, answers=lambda pager: answer_reader(reader))
        reader.repl, reader.flag = start.repl, start.flag
        # the progress line of silent work, as a terminal's shell has (ShellStart makes it for
        # a real terminal only), cut to the page's terminal's width
        progress = ProgressLine(start.repl.slot.progress, columns=page.columns)
        start.out.progress, start.repl.hooks.tick = progress, progress.tick
        with on_sigint(start.flag.set):
            start.run_first([f"load-quiz {first}"])
        return prompt_loop(start, PagePrompt(reader))
    finally:
        output.drain()
        sys.stdout, sys.stderr = kept

"""Keys typed while the interactive shell starts act as typed at its first prompt:
Tab completion included, in a terminal that answers cursor-position requests (tmux)
and in one that never does (a bare pexpect pty, the screen behind it pyte's); Ctrl-C and Ctrl-D
typed during the start act as at the prompt. In-process first: Tab in keys read together
(``completion_keys``) and the terminal that never answers (``cursor_requests``).

The keys of the scenarios are paced as a fast typist types them (``PACE`` apart), or sent all at
once; everything else waits on the screen or the terminal's state, never on a clock."""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pyte
import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import PipeInput
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.renderer import CPR_Support, Renderer
from prompt_toolkit.styles import Style

from sudoku_repl.frontends.cursor_requests import answer_in_time
from tests.support.helpers import (
    PROMPT,
    REPO,
    SEED,
    SLOW,
    interact,
    plain,
    spawn_shell,
    terminal_env,
)
from tests.support.sweeps import sweep

# -- in-process ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "line"),
    [
        (f"load-q\t {SEED}", f"load-quiz {SEED}"),  # one completion, then more typed
        ("ru\t", "run"),  # the common part of several (run, run-mode, runrun, runtil)
        ("help load-q\t", "help load-quiz"),
        ("load-quiz exa\t", "load-quiz examples/"),  # a folder, with its slash
        ("load-quiz examples/sa\t", "load-quiz examples/samurai.txt"),
        ("load-quiz examples/see\t", "load-quiz examples/seed"),  # seed.txt, seed_bisect...
        ("zzz\t", "zzz"),  # nothing to complete
    ],
)
def test_tab_in_keys_read_together_completes_before_the_keys_after_it(
    pipe: PipeInput, monkeypatch: pytest.MonkeyPatch, keys: str, line: str
) -> None:
    """All the keys are in the pipe before the prompt starts: it reads them together, as keys
    typed ahead of it (prompt_toolkit's own Tab completed after the Enter)."""
    monkeypatch.chdir(REPO)
    history = InMemoryHistory()
    repl = interact(pipe, keys + "\rbye\r", history)
    assert repl.done
    assert list(history.get_strings()) == [line, "bye"]


class Asking(DummyOutput):
    """An output whose terminal may answer cursor-position requests (it never does)."""

    @property
    def responds_to_cpr(self) -> bool:
        return True

    def get_rows_below_cursor_position(self) -> int:
        raise NotImplementedError  # a vt100 terminal: only a request tells


def asking_renderer() -> Renderer:
    return Renderer(Style([]), Asking(), full_screen=False)


def test_a_terminal_that_never_answers_is_asked_no_more_after_the_timeout() -> None:
    """The prompt ends after the timeout: no wait for the answer, prompt_toolkit stops asking
    (without a word: nothing is written)."""
    renderer = asking_renderer()
    now = [0.0]
    answer_in_time(renderer, timeout=0.2, clock=lambda: now[0])

    async def prompt() -> None:
        renderer.request_absolute_cursor_position()  # as the prompt is drawn
        assert renderer.waiting_for_cpr
        now[0] = 0.5
        await renderer.wait_for_cpr_responses()  # as the prompt ends

    asyncio.run(prompt())
    assert renderer.cpr_support is CPR_Support.NOT_SUPPORTED
    assert not renderer.waiting_for_cpr


def test_before_the_timeout_the_terminal_may_still_answer() -> None:
    renderer = asking_renderer()
    now = [0.0]
    answer_in_time(renderer, timeout=0.2, clock=lambda: now[0])

    async def prompt() -> None:
        renderer.request_absolute_cursor_position()
        waiting = asyncio.ensure_future(renderer.wait_for_cpr_responses())
        await asyncio.sleep(0)
        renderer.report_absolute_cursor_row(5)  # the answer, while the prompt ends
        await waiting

    asyncio.run(prompt())
    assert renderer.cpr_support is CPR_Support.SUPPORTED


def test_the_timer_of_a_long_first_prompt_stops_the_asking_without_a_warning() -> None:
    """prompt_toolkit's own timer (the prompt still open) calls what would print its warning."""
    renderer = asking_renderer()
    answer_in_time(renderer, timeout=0.1)
    assert renderer.CPR_TIMEOUT == 0.1
    assert renderer.cpr_not_supported_callback is not None
    renderer.cpr_not_supported_callback()
    assert renderer.cpr_support is CPR_Support.NOT_SUPPORTED
    renderer.report_absolute_cursor_row(3)  # an answer after all (a slow remote terminal)
    assert renderer.cpr_support is CPR_Support.SUPPORTED  # asked again from then on


def test_a_terminal_known_not_to_answer_is_left_alone() -> None:
    """Not a terminal, or ``PROMPT_TOOLKIT_NO_CPR`` set: prompt_toolkit never asks."""
    renderer = Renderer(Style([]), DummyOutput(), full_screen=False)
    waits = renderer.wait_for_cpr_responses
    answer_in_time(renderer)
    assert renderer.cpr_support is CPR_Support.NOT_SUPPORTED
    assert renderer.wait_for_cpr_responses == waits


# -- in a terminal ----------------------------------------------------------------------------

TMUX = shutil.which("tmux")
#: the time between two keys of a fast typist: input pacing, not a wait for a state
PACE = 0.04
#: the keys of the scenario: ``load-q``, Tab, `` examples/seed.txt``, Enter
LOAD_QUIZ = ["load-q", "Tab", f" {SEED}", "Enter"]
#: the bytes of the named keys (tmux knows them by these names)
NAMED = {"Tab": "\t", "Enter": "\r", "C-c": "\x03", "C-d": "\x04"}
#: prompt_toolkit's words when a terminal does not answer its request in time
CPR_WARNING = "your terminal doesn't support cursor position requests"
#: the shell's bottom toolbar before a quiz (drawn only where the terminal answers)
TOOLBAR = "run-mode 0 | guess-mode 0 | breakpoints 0"
DEADLINE = 30.0


class Terminal:
    """``python -m sudoku_repl ARGS`` in a terminal of 120 x 40; ``keys`` are typed as given
    (``PACE`` apart, or all at once), named keys by their names in ``NAMED``."""

    answers_cpr: bool

    def screen(self) -> list[str]:
        raise NotImplementedError

    def send(self, keys: list[str]) -> None:
        raise NotImplementedError

    def held(self) -> bool:
        """Whether the terminal is out of its own mode (no echo): held by the starting shell,
        or read by prompt_toolkit."""
        raise NotImplementedError

    def text(self) -> str:
        """Everything the program showed, scrolled away or not."""
        raise NotImplementedError

    def ended(self) -> int | None:
        """The program's exit status once it has ended, else None."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def type(self, keys: list[str], paced: bool = True) -> None:
        if not paced:
            self.send(keys)
            return
        for word in keys:
            for key in [word] if word in NAMED else list(word):
                self.send([key])
                time.sleep(PACE)

    def wait(self, done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + DEADLINE
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"no {what}; the screen:\n" + "\n".join(self.screen()))

    def shows(self, text: str) -> bool:
        return any(text in row for row in self.screen())

    def after(self, text: str) -> list[str]:
        """The rows from the first that ends with ``text`` (keys sent before the shell held the
        terminal are echoed by it above, in its own mode)."""
        rows = self.screen()
        found = [i for i, row in enumerate(rows) if row.endswith(text)]
        assert found, rows
        return [text, *rows[found[0] + 1 :]]

    def prompted_after(self, text: str) -> bool:
        rows = self.screen()
        found = [i for i, row in enumerate(rows) if row.endswith(text)]
        return bool(found) and PROMPT in rows[found[0] :]

    def bye(self) -> None:
        """``bye`` at the prompt: the program ends with status 0, without a traceback."""
        self.type(["bye", "Enter"], paced=False)
        self.wait(lambda: self.ended() is not None, "end")
        assert self.ended() == 0
        assert "Traceback" not in self.text()


class PexpectTerminal(Terminal):
    """A bare pty (pexpect): nothing answers cursor-position requests."""

    answers_cpr = False

    def __init__(self, tmp: Path, *args: str) -> None:
        env = terminal_env(tmp)
        del env["PROMPT_TOOLKIT_NO_CPR"]  # the shell meets the silent terminal itself
        self.child = spawn_shell(tmp, *args, env=env)
        self.child.delaybeforesend = None
        self._screen = pyte.Screen(120, 40)
        self._stream = pyte.Stream(self._screen)
        self.output = ""
        self._status: int | None = None

    def _read(self) -> None:
        if self._status is not None:
            return
        try:
            data = self.child.read_nonblocking(65536, timeout=0.01)
        except pexpect.TIMEOUT:
            return
        except pexpect.EOF:
            self.child.close()
            self._status = self.child.exitstatus
            return
        self.output += data
        self._stream.feed(data)

    def screen(self) -> list[str]:
        self._read()
        return [row.rstrip() for row in self._screen.display]

    def send(self, keys: list[str]) -> None:
        self.child.send("".join(NAMED.get(key, key) for key in keys))

    def held(self) -> bool:
        return not termios.tcgetattr(self.child.child_fd)[3] & termios.ECHO

    def text(self) -> str:
        self._read()
        return plain(self.output)

    def ended(self) -> int | None:
        self._read()
        return self._status

    def close(self) -> None:
        self.child.close(force=True)


class TmuxTerminal(Terminal):
    """A tmux window of its own server (its socket under the test's folder): tmux answers
    cursor-position requests, as terminal emulators do."""

    answers_cpr = True

    def __init__(self, tmp: Path, *args: str) -> None:
        assert TMUX is not None
        self.socket = str(tmp / "tmux.sock")
        env = terminal_env(tmp)
        keep = {name: env[name] for name in ("HOME", "XDG_DATA_HOME", "PYTHONPATH")}
        self.status = tmp / "status"  # the program's exit status, written when it ends
        program = shlex.join(
            [
                *("env", "-u", "PROMPT_TOOLKIT_NO_CPR"),
                *(f"{k}={v}" for k, v in keep.items()),
                *(sys.executable, "-m", "sudoku_repl", *args),
            ]
        )
        command = f"{program}; echo $? > {shlex.quote(str(self.status))}"
        self.tmux(
            *("-f", "/dev/null", "start-server", ";"),
            *("set-option", "-g", "remain-on-exit", "on", ";"),  # the screen kept at the end
            *("new-session", "-d", "-x", "120", "-y", "40", "-c", str(REPO), command),
        )
        self.pane_tty = self.tmux("display-message", "-p", "#{pane_tty}").strip()

    def tmux(self, *args: str) -> str:
        env = {k: v for k, v in os.environ.items() if k != "TMUX"}
        done = subprocess.run(
            [str(TMUX), "-S", self.socket, *args], capture_output=True, text=True, env=env
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> list[str]:
        return [row.rstrip() for row in self.tmux("capture-pane", "-p").split("\n")]

    def send(self, keys: list[str]) -> None:
        self.tmux("send-keys", *keys)  # words that are not key names are typed as they are

    def text(self) -> str:
        return self.tmux("capture-pane", "-p", "-S", "-")

    def held(self) -> bool:
        fd = os.open(self.pane_tty, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            return not termios.tcgetattr(fd)[3] & termios.ECHO
        finally:
            os.close(fd)

    def ended(self) -> int | None:
        written = self.status.read_text() if self.status.exists() else ""
        return int(written) if written.endswith("\n") else None

    def close(self) -> None:
        subprocess.run([str(TMUX), "-S", self.socket, "kill-server"], capture_output=True)


TERMINALS = [
    pytest.param(
        TmuxTerminal,
        id="tmux",
        marks=pytest.mark.skipif(TMUX is None, reason="tmux is not installed"),
    ),
    pytest.param(PexpectTerminal, id="pexpect"),
]


@pytest.fixture(params=TERMINALS)
def terminal(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    """A factory: ``terminal(*args)`` starts the shell in the terminal of the parameter."""
    made: list[Terminal] = []

    def start(*args: str) -> Terminal:
        folder = tmp_path / f"terminal{len(made)}"
        folder.mkdir()
        made.append(request.param(folder, *args))
        return made[-1]

    yield start
    for term in made:
        term.close()


def loads_the_quiz(term: Terminal) -> None:
    """The quiz loaded by the line typed ahead, completed, run once under one prompt; then
    ``bye``. No warning about cursor-position requests, anywhere."""
    term.wait(lambda: term.prompted_after("Quiz loaded."), "prompt after Quiz loaded.")
    rows = term.after(PROMPT)
    assert rows[:4] == [PROMPT, f"load-quiz {SEED}", "Quiz loaded.", ""], rows
    if term.answers_cpr:  # the toolbar is drawn once the terminal said where the cursor is
        term.wait(lambda: term.shows("step 0 | level 0"), "toolbar")
    term.bye()
    text = term.text()
    assert "Unknown command" not in text
    assert CPR_WARNING not in text


#: the keys typed before the prompt race the shell's start: three runs of each; a fast typist's
#: keys, paced (a second of pacing a run), once in the sample and three times when sweeping
TYPINGS = [
    *(pytest.param(False, run, id=f"40ms-apart-as-it-shows-{run}") for run in sweep([1, 2, 3], 1)),
    *(pytest.param(True, run, id=f"before-it-{run}") for run in (1, 2, 3)),
]


@SLOW
@pytest.mark.parametrize(("early", "run"), TYPINGS)
def test_load_quiz_typed_at_the_first_prompt_loads_it(
    terminal: Callable[..., Terminal], early: bool, run: int
) -> None:
    """``early``: all the keys at once, as the program is spawned (the first prompt reads them
    together); else a fast typist's keys, ``PACE`` apart, from when the prompt shows."""
    term = terminal()
    if not early:
        term.wait(lambda: term.shows(PROMPT), "prompt")
    term.type(LOAD_QUIZ, paced=not early)
    loads_the_quiz(term)


def ctrl_c_then_levels(term: Terminal, early: bool) -> list[str]:
    """Ctrl-C while the shell starts (``early``: as soon as it holds the terminal) or at its
    first prompt, then ``levels``: the rows from the prompt's to the prompt after ``levels``."""
    if early:
        term.wait(term.held, "terminal held")
    else:
        term.wait(lambda: term.shows(PROMPT), "prompt")
    term.type(["C-c", "levels", "Enter"], paced=False)
    term.wait(lambda: term.prompted_after("At guess level 0:"), "prompt after levels")
    rows = term.after("Quiz loaded.")
    term.bye()
    return rows[: rows.index("At guess level 0:") + 3]


@SLOW
def test_ctrl_c_while_the_shell_starts_is_ctrl_c_at_the_prompt(
    terminal: Callable[..., Terminal],
) -> None:
    early = ctrl_c_then_levels(terminal(SEED), early=True)
    at_the_prompt = ctrl_c_then_levels(terminal(SEED), early=False)
    assert early == at_the_prompt
    # the prompt, its empty line, a blank line, the prompt again, the command's output
    assert early == [
        "Quiz loaded.",
        "",
        PROMPT,
        "",
        "",
        PROMPT,
        "levels",
        "At guess level 0:",
        "",
        PROMPT,
    ]


@SLOW
@pytest.mark.parametrize("early", [True, False], ids=["starting", "at-the-prompt"])
def test_ctrl_d_while_the_shell_starts_ends_it_as_at_the_prompt(
    terminal: Callable[..., Terminal], early: bool
) -> None:
    term = terminal(SEED)
    term.wait(term.held if early else lambda: term.shows(PROMPT), "start")
    term.type(["C-d"], paced=False)
    term.wait(lambda: term.ended() is not None, "end")
    assert term.ended() == 0
    text = term.text()
    assert "Traceback" not in text
    assert "Quiz loaded." in text

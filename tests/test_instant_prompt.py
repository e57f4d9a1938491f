"""The interactive shell's instant prompt: on a real terminal the first prompt is printed before
prompt_toolkit is imported, and what the user types meanwhile reaches the first prompt as typed
there (``frontends/instant_prompt.py``, ``cpr_probe.py``, ``first_prompt.py``).

The pseudo-terminal runs have a screen behind them (pyte), which answers the shell's
cursor-position requests with its cursor, as a terminal emulator does, or, for the terminals of
issue 13, never answers."""

from __future__ import annotations

import os
import pty
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pyte
import pytest
from helpers import PROMPT, REPO, SEED, SEED_FILE, SEED_GRID, plain, spawn_shell, terminal_env
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import PipeInput
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import DummyOutput

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.frontends.cpr_probe import CprProbe, split_answer
from sudoku_repl.frontends.first_prompt import FirstPrompt, typed_keys
from sudoku_repl.frontends.shell import make_session, prompt_loop
from sudoku_repl.frontends.shell_start import ShellStart
from sudoku_repl.frontends.terminal_mode import TerminalMode

CPR_REQUEST = "\x1b[6n"
#: prompt_toolkit's words when a terminal does not answer its request in time
CPR_WARNING = "your terminal doesn't support cursor position requests"


class Screen(pyte.Screen):  # type: ignore[misc]
    """pyte's screen, its answers (the cursor position) sent to the program, or dropped."""

    def __init__(self, columns: int, lines: int, send: Callable[[str], object] | None) -> None:
        super().__init__(columns, lines)
        self.send = send

    def write_process_input(self, data: str) -> None:
        if self.send is not None:
            self.send(data)


class Terminal:
    """``python -m sudoku_repl ARGS`` in a pseudo-terminal of 40 x 120 with a screen behind it.
    Nothing is read before ``wait``: keys sent at once are typed before the shell is ready."""

    def __init__(self, tmp: Path, *args: str, answers_cpr: bool, program: list[str] | None = None):
        env = terminal_env(tmp)
        del env["PROMPT_TOOLKIT_NO_CPR"]  # the shell probes the terminal itself
        if program is None:
            self.child = spawn_shell(tmp, *args, env=env)
        else:
            self.child = pexpect.spawn(
                program[0],
                program[1:],
                cwd=str(REPO),
                env=env,
                encoding="utf-8",
                codec_errors="replace",
                timeout=20,
                dimensions=(40, 120),
            )
        self.child.delaybeforesend = None
        self.screen = Screen(120, 40, self.child.send if answers_cpr else None)
        self.stream = pyte.Stream(self.screen)
        #: everything the program wrote
        self.output = ""

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def wait(self, done: Callable[[], bool], timeout: float = 20) -> None:
        """Read the program's output until ``done()`` holds."""
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError("timed out; the screen:\n" + "\n".join(self.rows()))
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                continue
            self.output += data
            self.stream.feed(data)

    def rows(self) -> list[str]:
        return [row.rstrip() for row in self.screen.display]

    def toolbar(self) -> bool:
        """Whether prompt_toolkit's bottom toolbar is on the screen: its prompt is running."""
        return "run-mode 0 | guess-mode 0" in self.rows()[-1]

    def prompts_after(self, text: str) -> bool:
        """Whether the prompt has come after the first row that is ``text``."""
        rows = self.rows()
        return text in rows and PROMPT in rows[rows.index(text) :]

    def end(self) -> None:
        """``bye``: the program ends, with status 0 and no traceback."""
        self.send("bye\r")
        self.child.expect(pexpect.EOF)
        self.output += self.child.before or ""
        self.child.close()
        assert self.child.exitstatus == 0, plain(self.output)[-2000:]
        assert "Traceback" not in self.output

    def close(self) -> None:
        self.child.close(force=True)


def after(rows: list[str], text: str) -> list[str]:
    """The rows from the first that is ``text``."""
    assert text in rows, rows
    return rows[rows.index(text) :]


def after_loaded(rows: list[str]) -> list[str]:
    """The rows from ``Quiz loaded.``, the first line the shell prints. Keys sent at once reach
    the terminal before the program has started: the terminal echoes them, in its own mode,
    before that line (the shell's cbreak mode stops the echo only from its start)."""
    found = [i for i, row in enumerate(rows) if row.endswith("Quiz loaded.")]
    assert found, rows
    return ["Quiz loaded.", *rows[found[0] + 1 :]]


# -- the probe's bytes: the answer and the keys typed ------------------------------------------


@pytest.mark.parametrize(
    ("data", "answered", "typed"),
    [
        (b"\x1b[12;40R", True, b""),
        (b"ab\x1b[3;1Rcd\n", True, b"abcd\n"),
        (b"\x1b[A\x1b[5;17R\x1b[B", True, b"\x1b[A\x1b[B"),  # arrow keys around it
        (b"\x1b[1;1R\x1b[2;2R", True, b"\x1b[2;2R"),  # one answer was asked for
        (b"show\n", False, b"show\n"),
        (b"\x1b[A\x1b[1;5H", False, b"\x1b[A\x1b[1;5H"),  # keys, no answer
        (b"", False, b""),
        (b"x\x1b", None, b"x\x1b"),  # an Escape at the end may begin the answer
        (b"x\x1b[", None, b"x\x1b["),
        (b"x\x1b[12", None, b"x\x1b[12"),
        (b"x\x1b[12;", None, b"x\x1b[12;"),
        (b"x\x1b[12;4", None, b"x\x1b[12;4"),
    ],
)
def test_split_answer(data: bytes, answered: bool | None, typed: bytes) -> None:
    assert split_answer(data) == (answered, typed)


@pytest.fixture
def pty_pair() -> Iterator[tuple[int, int]]:
    """A pseudo-terminal in cbreak mode: (the terminal's side, the program's side)."""
    leader, follower = pty.openpty()
    TerminalMode(follower).cbreak()
    yield leader, follower
    os.close(leader)
    os.close(follower)


def test_the_probe_sends_the_request_and_returns_the_keys_typed_around_the_answer(
    pty_pair: tuple[int, int],
) -> None:
    leader, follower = pty_pair
    probe = CprProbe(follower, follower)
    assert os.read(leader, 100) == b"\x1b[6n"
    os.write(leader, b"st\x1b[7;1Rep\n")
    assert probe.collect() == (True, b"step\n")


def test_the_probe_reads_no_further_than_the_answer(pty_pair: tuple[int, int]) -> None:
    leader, follower = pty_pair
    probe = CprProbe(follower, follower)
    os.read(leader, 100)
    os.write(leader, b"a\x1b[7;1R")
    assert probe.collect() == (True, b"a")
    os.write(leader, b"bc")
    assert os.read(follower, 100) == b"bc"  # left in the terminal's queue


def test_the_probe_without_an_answer_keeps_what_was_typed(pty_pair: tuple[int, int]) -> None:
    leader, follower = pty_pair
    probe = CprProbe(follower, follower, timeout=0.05)
    os.read(leader, 100)
    os.write(leader, b"show\nlev")
    start = time.monotonic()
    assert probe.collect() == (False, b"show\nlev")
    assert time.monotonic() - start >= 0.04  # it waited for the answer


def test_the_probe_waits_only_for_what_is_left_of_its_time(pty_pair: tuple[int, int]) -> None:
    """Collected after its time (prompt_toolkit was imported meanwhile): what is there is read
    at once, the answer found in it."""
    leader, follower = pty_pair
    now = [0.0]
    probe = CprProbe(follower, follower, timeout=0.2, clock=lambda: now[0])
    os.read(leader, 100)
    os.write(leader, b"x\x1b[2;1Ry")
    now[0] = 10.0
    start = time.monotonic()
    assert probe.collect() == (True, b"xy")
    os.write(leader, b"z")
    probe = CprProbe(follower, follower, timeout=0.2, clock=lambda: now[0])
    os.read(leader, 100)
    now[0] = 20.0
    assert probe.collect() == (False, b"z")
    assert time.monotonic() - start < 0.15


def test_typed_bytes_are_the_keys_prompt_toolkit_reads() -> None:
    keys = typed_keys(b"s\xc3\xa9\n\x1b[A\x03\x04\t\x1b")
    assert [k.key for k in keys] == [
        "s",
        "é",
        Keys.ControlJ,  # Enter, as the terminal's cbreak mode passes it
        Keys.Up,
        Keys.ControlC,
        Keys.ControlD,
        Keys.ControlI,  # Tab
        Keys.Escape,
    ]


# -- the first prompt in-process: the keys typed before it -----------------------------------


def first_prompt_session(
    pipe: PipeInput, first: FirstPrompt, then: str, capsys: pytest.CaptureFixture[str]
) -> tuple[Repl, list[str]]:
    """The seed loaded, the first prompt given ``first``, ``then`` typed at the prompts after
    it: the repl and the lines printed."""
    start = ShellStart(None, history_file=False)
    start.run_first([f"load-quiz {SEED_FILE}"], lambda question: "")
    pipe.send_text(then)
    session = make_session(start, InMemoryHistory(), pipe, DummyOutput())
    repl = prompt_loop(start, session, first)
    return repl, capsys.readouterr().out.split("\n")


def test_keys_typed_before_the_first_prompt_are_typed_at_it_the_rest_at_the_next(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    """Enter as the terminal's cbreak mode passes it (a line feed); what follows the first
    Enter goes to the next prompt, before what is typed there."""
    first = FirstPrompt(b"show\nlevels\n")
    repl, out = first_prompt_session(pipe, first, "bye\r", capsys)
    assert repl.done and repl.failures == []
    assert out[:4] == ["Quiz loaded.", "", *SEED_GRID[:2]]
    assert out[-4:] == ["", "At guess level 0:", "", ""]
    assert out.count("Steps:0") == 1


@pytest.mark.parametrize("interrupted", [False, True])
def test_ctrl_c_before_the_first_prompt_is_ctrl_c_at_it(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str], interrupted: bool
) -> None:
    """Keys read after a Ctrl-C go to the prompt after it."""
    first = FirstPrompt(b"levels\n", interrupted=lambda: interrupted)
    repl, out = first_prompt_session(pipe, first, "bye\r", capsys)
    assert repl.done and repl.failures == []
    at_prompt = [""] if interrupted else []  # the prompt Ctrl-C left: its blank line before it
    assert out == ["Quiz loaded.", *at_prompt, "", "At guess level 0:", "", ""]


def test_a_first_prompt_already_shown_is_drawn_in_its_place(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    """No blank line printed before it: the instant prompt printed it."""
    repl, out = first_prompt_session(pipe, FirstPrompt(shown=True), "levels\rbye\r", capsys)
    assert repl.done
    assert out == ["Quiz loaded.", "At guess level 0:", "", ""]


# -- in a pseudo-terminal --------------------------------------------------------------------


def test_the_prompt_is_printed_before_prompt_toolkit_is_imported(tmp_path: Path) -> None:
    watch = (
        "import sys\n"
        "class Watch:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'prompt_toolkit':\n"
        "            print('<prompt_toolkit imported>', flush=True)\n"
        "sys.meta_path.insert(0, Watch())\n"
        "from sudoku_repl.frontends.cli import main\n"
        f"sys.exit(main([{SEED!r}]))\n"
    )
    term = Terminal(tmp_path, answers_cpr=True, program=[sys.executable, "-c", watch])
    try:
        term.wait(term.toolbar)
        text = plain(term.output)
        assert text.index("Quiz loaded.") < text.index(PROMPT)
        assert text.index(PROMPT) < text.index("<prompt_toolkit imported>")
        term.end()
    finally:
        term.close()


@pytest.mark.parametrize("answers_cpr", [True, False], ids=["terminal", "never-answers-cpr"])
def test_a_command_typed_before_the_prompt_is_ready_runs_once_under_one_prompt(
    tmp_path: Path, answers_cpr: bool
) -> None:
    """``show`` typed at once, before the program has even started; in the terminal that never
    answers, ``levels`` typed while the shell waits for the answer."""
    term = Terminal(tmp_path, SEED, answers_cpr=answers_cpr)
    try:
        term.send("show\r")
        if not answers_cpr:
            term.wait(lambda: CPR_REQUEST in term.output)  # the shell's probe
            term.send("levels\r")
            term.wait(lambda: term.prompts_after("At guess level 0:"))
        else:
            term.wait(lambda: term.prompts_after("Steps:0") and term.toolbar())
        rows = term.rows()
        assert after_loaded(rows)[:5] == ["Quiz loaded.", "", PROMPT, "show", SEED_GRID[0]]
        text = plain(term.output)
        assert text.count("Steps:0") == 1  # run once
        assert text.count("Quiz loaded.") == 1
        assert text.index("Quiz loaded.") < text.index(PROMPT)
        if answers_cpr:
            assert rows.count(PROMPT) == 2  # the first prompt once, then the one after show
        else:
            assert text.count("At guess level 0:") == 1
            assert text.index("Steps:0") < text.index("At guess level 0:")
            assert after(rows, "At guess level 0:")[:3] == ["At guess level 0:", "", PROMPT]
            assert rows.count(PROMPT) == 3
            # the shell asked once; prompt_toolkit was told not to ask, and does not warn
            assert term.output.count(CPR_REQUEST) == 1
            assert CPR_WARNING not in term.output
        term.end()
    finally:
        term.close()


def test_a_word_typed_ahead_is_completed_at_the_ready_prompt(tmp_path: Path) -> None:
    term = Terminal(tmp_path, SEED, answers_cpr=True)
    try:
        term.send("lev")
        term.wait(lambda: term.toolbar() and after(term.rows(), PROMPT)[1] == "lev")
        term.send("\t")
        term.wait(lambda: after(term.rows(), PROMPT)[1] == "levels")
        term.send("\r")
        term.wait(lambda: term.prompts_after("At guess level 0:"))
        assert after_loaded(term.rows())[:5] == [
            "Quiz loaded.",
            "",
            PROMPT,
            "levels",
            "At guess level 0:",
        ]
        assert "Unknown command" not in term.output
        term.end()
    finally:
        term.close()


def ctrl_c_then_levels(tmp: Path, ready: bool) -> list[str]:
    """Ctrl-C at the first prompt (once prompt_toolkit's is running, or at once when the
    printed one appears), then ``levels``: the screen from ``Quiz loaded.`` to the prompt after
    the command."""
    tmp.mkdir()
    term = Terminal(tmp, SEED, answers_cpr=True)
    try:
        term.wait(term.toolbar if ready else lambda: PROMPT in term.output)
        assert term.toolbar() is ready
        term.send("\x03")
        term.send("levels\r")
        term.wait(lambda: term.prompts_after("At guess level 0:") and term.toolbar())
        rows = after_loaded(term.rows())
        term.end()
    finally:
        term.close()
    return rows[: rows.index("At guess level 0:") + 3]


def test_ctrl_c_while_the_shell_starts_is_ctrl_c_at_the_prompt(tmp_path: Path) -> None:
    early = ctrl_c_then_levels(tmp_path / "early", ready=False)
    at_the_prompt = ctrl_c_then_levels(tmp_path / "ready", ready=True)
    assert early == at_the_prompt
    # the prompt, its empty line, a blank line, the prompt again
    assert early[2:7] == [PROMPT, "", "", PROMPT, "levels"]


def test_ctrl_d_typed_ahead_ends_the_shell(tmp_path: Path) -> None:
    term = Terminal(tmp_path, SEED, answers_cpr=False)
    try:
        term.wait(lambda: PROMPT in term.output)
        term.send("\x04")
        term.child.expect(pexpect.EOF)
        term.child.close()
        assert term.child.exitstatus == 0
        assert "Traceback" not in (term.child.before or "")
    finally:
        term.close()

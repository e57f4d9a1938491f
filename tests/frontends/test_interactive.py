"""The interactive shell: the prompt loop driven in-process through a prompt_toolkit pipe input,
the completer, and one real pseudo-terminal session (pexpect)."""

from __future__ import annotations

import signal
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import PipeInput

from tests.support.helpers import (
    MORE,
    NO_QUIZ,
    ORIGINAL_TEN,
    STEP6_TRACE,
    Shell,
    completions,
    interact,
    spawn_shell,
    typed,
)
from tests.support.kept_mode import KeptMode

pytestmark = pytest.mark.usefixtures("at_repo_root")

CTRL_C = "\x03"
CTRL_D = "\x04"
CTRL_Z = "\x1a"

LEVELS_3 = [
    "At guess level 3:",
    "Level 3 [2,3]=9 (1 out of 2)",
    "Level 2 [4,3]=6 (1 out of 2)",
    "Level 1 [6,2]=5 (1 out of 2)",
]


def stdout_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().out.split("\n")


def test_guessing_session_with_enter_and_a_cell_answer(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    history = InMemoryHistory()
    keys = typed(
        "load-quiz examples/seed.txt",
        "guess-mode 1",
        *["step"] * 5,
        "step",  # step 6 asks: [6,2]=5 by default
        "",  # Enter takes it
        "step",
        "step",
        "step",  # step 9 asks: [4,3]=6 by default
        "",
        "step",
        "step",
        "step",
        "step",  # step 13 asks: [2,3]=1 by default
        "[2,3]=9",
        "levels",
        "bye",
    )
    repl = interact(pipe, keys, history)
    out = stdout_lines(capsys)
    assert repl.done
    assert repl.failures.lines == []
    assert out[:4] == ["", "Quiz loaded.", "", "In interactive guessing mode:1 (0:no; other:yes)"]
    at = out.index(STEP6_TRACE[0])
    assert out[at : at + len(STEP6_TRACE) + 1] == [
        *STEP6_TRACE,
        "7) Guess [6,2] level 1 at 1 out of 2",
    ]
    assert "11) Guess [4,3] level 2 at 1 out of 2" in out
    assert "16) Guess [2,3] level 3 at 1 out of 2" in out
    assert "At guess level 3 [2,3] 1" in out
    at = out.index("At guess level 3:")
    assert out[at : at + 4] == LEVELS_3
    # the guess questions are not part of the output, and the answers are no commands
    assert not any(line.startswith("Take a guess") for line in out)
    assert "[2,3]=9" not in history.get_strings()
    assert history.get_strings()[:2] == ["load-quiz examples/seed.txt", "guess-mode 1"]
    assert history.get_strings()[-2:] == ["levels", "bye"]


def test_ctrl_c_at_the_prompt_discards_the_line_and_prompts_again(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    history = InMemoryHistory()
    repl = interact(pipe, "frobnicate" + CTRL_C + typed("show", "bye"), history)
    out = stdout_lines(capsys)
    assert repl.done
    assert out == ["", "", NO_QUIZ, "", ""]
    assert repl.failures.lines == ["show"]
    assert "frobnicate" not in history.get_strings()


def test_ctrl_d_on_an_empty_line_ends_the_session(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    repl = interact(pipe, typed("load-quiz examples/seed.txt", "levels") + CTRL_D + typed("show"))
    out = stdout_lines(capsys)
    assert out == ["", "Quiz loaded.", "", "At guess level 0:", "", ""]
    assert repl.failures.lines == []


def test_empty_lines_at_the_prompt_are_ignored(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    repl = interact(pipe, typed("", "   ", "levels", "bye"))
    assert repl.done
    assert NO_QUIZ in stdout_lines(capsys)
    assert repl.failures.lines == ["levels"]


def test_ctrl_z_at_the_prompt_suspends_and_types_nothing(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-Z at the prompt (and at the guess question) asks prompt_toolkit to suspend the
    shell, as a shell's job is (it typed a ^Z into the line); what is typed after it
    is the command as typed. (Suspending for real: the pseudo-terminal test.)"""
    from prompt_toolkit.application import Application

    suspended: list[str] = []
    monkeypatch.setattr(
        Application, "suspend_to_background", lambda app, suspend_group=True: suspended.append("")
    )
    keys = "lev" + CTRL_Z + typed("els", "load-quiz examples/seed.txt", "guess-mode 1")
    keys += typed(*["step"] * 6) + CTRL_Z + typed("[6,2]=9", "print [6,2]", "bye")
    keys += CTRL_D * 2  # (where a ^Z spoilt the answer: the question, then the shell, ended)
    repl = interact(pipe, keys)
    assert len(suspended) == 2
    assert repl.failures.lines == ["levels"]  # no quiz yet: the command as typed, no ^Z in it
    assert "[6,2] = 9" in stdout_lines(capsys)


@pytest.mark.parametrize("key", [CTRL_C, CTRL_D])
def test_ctrl_c_or_ctrl_d_at_the_guess_question_leaves_the_engine_as_before_the_step(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    keys = typed("load-quiz examples/seed.txt", "guess-mode 1", *["step"] * 5, "show")
    keys += typed("step") + key + typed("show", "step", "", "bye")
    repl = interact(pipe, keys)
    out = stdout_lines(capsys)
    assert repl.done
    # step 5's own block, `show` after it, and `show` after the aborted step: all the same
    at = [i for i, line in enumerate(out) if line == "Steps:5"]
    assert len(at) == 3
    blocks = [show_block(out, i) for i in at]
    assert blocks[0] == blocks[1] == blocks[2]
    assert blocks[0][-1] == "The foremost cell with 2 candidate(s) at [6,2]"
    guess = "7) Guess [6,2] level 1 at 1 out of 2"
    assert out.count(guess) == 1
    assert out.index(guess) > at[2]
    assert repl.session.state().steps == 7


def show_block(out: list[str], steps_line: int) -> list[str]:
    """The show block around its ``Steps:N`` line: the grid before it, up to the next blank."""
    return out[steps_line - 12 : out.index("", steps_line)]


# -- completion ---------------------------------------------------------------------------------


def order_list_names() -> set[str]:
    """The command names of the Order List that ``help`` prints."""

    lines = Shell().run("help")
    at = lines.index("Order List:")
    # (a long entry's next lines are indented: 80 columns)
    return {entry.split()[0].rstrip(":") for entry in lines[at + 1 :] if entry[:1] != " "}


def test_completion_offers_the_commands_of_the_order_list() -> None:
    names = order_list_names()
    assert set(ORIGINAL_TEN) | {"help"} <= names
    assert names <= set(completions(""))  # (aliases may be offered too)


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        ("ru", ["run", "run-mode", "runrun", "runtil"]),
        ("runt", ["runtil"]),
        ("lo", ["load-quiz"]),
        ("le", ["levels"]),
        ("gu", ["guess-mode"]),
        ("b", ["bye"]),
        ("he", ["help"]),
    ],
)
def test_completion_of_command_names(prefix: str, expected: list[str]) -> None:
    found = completions(prefix)
    # commands added later may share a prefix; the listed ones must be offered, and only names
    # that start with what was typed
    assert set(expected) <= set(found)
    assert all(name.startswith(prefix) for name in found)


def test_no_completion_for_an_unknown_prefix() -> None:
    assert completions("xyz") == []


def test_completion_of_file_paths_after_load_quiz(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "quizzes").mkdir()
    (tmp_path / "quizzes" / "hard.txt").write_text("")
    (tmp_path / "quizzes" / "easy.txt").write_text("")
    (tmp_path / "quick.txt").write_text("")
    monkeypatch.chdir(tmp_path)
    assert completions("load-quiz qu") == ["load-quiz quick.txt", "load-quiz quizzes/"]
    assert completions("load-quiz quizzes/") == [
        "load-quiz quizzes/easy.txt",
        "load-quiz quizzes/hard.txt",
    ]
    assert completions("load-quiz quizzes/h") == ["load-quiz quizzes/hard.txt"]
    assert completions("load-quiz   qui") == ["load-quiz   quick.txt", "load-quiz   quizzes/"]
    # other commands take no file
    assert completions("show qu") == []
    assert completions("runtil qu") == []


def test_completion_of_command_names_after_help() -> None:
    found = completions("help ru")
    assert {"help run", "help run-mode", "help runrun", "help runtil"} <= set(found)
    assert all(line.startswith("help ru") for line in found)
    assert "help guess-mode" in completions("help gu")


# -- one real terminal --------------------------------------------------------------------------


def test_real_terminal_session(tmp_path: Path) -> None:
    data = tmp_path / "data"  # terminal_env's XDG_DATA_HOME
    # the pty has no terminal behind it to answer cursor position requests; without
    # PROMPT_TOOLKIT_NO_CPR prompt_toolkit waits for an answer that never comes before it draws
    child = spawn_shell(tmp_path, "examples/seed.txt")
    try:
        child.expect_exact("Quiz loaded.")
        child.expect_exact("Order please:")
        child.sendline("run")  # its trace is longer than the 40 lines: not paged by default
        child.expect_exact("Fine [steps:131, solution sum:1].")
        assert MORE not in child.before
        child.expect_exact(" Biggest level on this run(til): 11")
        child.expect_exact("Order please:")
        child.sendline("set pagination on")  # gdb's pager: c prints the rest
        child.expect_exact("pagination on")
        child.expect_exact("Order please:")
        child.sendline("run")
        child.expect_exact(MORE)
        child.send("c")
        child.expect_exact("Invalid quiz [steps:284] - no more solution (solution sum is 1)")
        child.expect_exact(" Biggest level on this run(til): 7")
        child.expect_exact("Order please:")
        child.sendline("bye")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    history = (data / "sudoku-repl" / "history").read_text(encoding="utf-8")
    entries = [line for line in history.splitlines() if line.startswith("+")]
    # (prompt_toolkit keeps one entry for a line repeated at once)
    assert entries[0] == "+run" and entries[-1] == "+bye"
    assert set(entries) == {"+run", "+set pagination on", "+bye"}


class _CtrlCWhenRestored(KeptMode):
    """The terminal's own mode, where Ctrl-C is a signal: one arrives the moment the mode is
    put back after the second prompt returned, before its command begins (a real SIGINT: the
    shell's handler, in place for the whole loop, takes it)."""

    def __init__(self) -> None:
        self.restored = 0

    def running(self) -> None:
        self.restored += 1
        if self.restored == 2:
            signal.raise_signal(signal.SIGINT)


def test_ctrl_c_between_the_prompt_and_the_command_stops_the_command(
    pipe: PipeInput, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Ctrl-C in that window once ended the shell with KeyboardInterrupt (the storm test's
    rare failure under load); then it cancelled the line just entered. It stops the command
    Enter began, as a Ctrl-C typed after Enter does however soon: the run stops
    at its first poll, and the shell goes on."""
    from prompt_toolkit.output import DummyOutput

    from sudoku_repl.frontends.shell import run_interactive

    mode = _CtrlCWhenRestored()
    pipe.send_text(typed("load-quiz examples/seed.txt", "runtil 50", "show", "bye"))
    repl = run_interactive(
        mode=mode,  # type: ignore[arg-type]
        input=pipe,
        output=DummyOutput(),
        history=InMemoryHistory(),
    )
    assert repl.done and mode.restored >= 3
    assert repl.failures.lines == []
    out = stdout_lines(capsys)
    assert "Interrupted at step 0." in out
    assert "Steps:0" in out  # (show: where the run stopped)

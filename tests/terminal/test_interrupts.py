"""Hardening: Ctrl-C and Ctrl-D in a real pseudo-terminal, at random moments of a run.

docs/commands.md 8: Ctrl-C during run/runtil/runrun stops after the current step and prints
``Interrupted at step N.``, the show block and the timing lines; the state is the state after
step N and every further command works. docs/commands.md 7: Ctrl-C or end of input at the guess
question aborts that command only, the engine as before that step.

The moments are states of the run, drawn from a seeded random generator (``HARDENING_SEED``): a
step the trace reaches, a progress line drawn so many times, rows rated. The test waits for that
state, presses Ctrl-C, and fails if the command had ended first, so every round interrupts
something. The number of rounds is ``HARDENING_INTERRUPT_ROUNDS`` (by default 6 in the sample,
15 when sweeping, ``tests/support/sweeps.py``; more by hand): the sample's rounds still meet each
kind of round a test has (run and runtil, the rate's three kinds, bisect then runrun).
The trace is read as it comes, so the run goes at full speed and the interrupt lands anywhere in
a step, not only while the program is blocked writing to a full terminal.
"""

from __future__ import annotations

import csv
import io
import os
import random
import re
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tests.support.helpers import (
    PROMPT,
    PUZZLES,
    RATE_HEAD,
    REPO,
    SEED_FILE,
    SLOW,
    WCHAN,
    edge_case,
    plain,
    progress_drawn,
    puzzle_lines,
    run_to_step,
    spawn_shell,
    terminal_env,
    wait_for_full_pipe,
    wait_for_rows,
)
from tests.support.rate_output import without_settings
from tests.support.sweeps import either

ROUNDS = int(os.environ.get("HARDENING_INTERRUPT_ROUNDS", "0")) or either(6, 15)
SEED = int(os.environ.get("HARDENING_SEED", "20261122"))
GRID_ROW = re.compile(r"\d{3} \d{3} \d{3}")
INTERRUPTED = re.compile(r"Interrupted at step (\d+)\.")
#: what bisect prints last when it does not say it was interrupted
BISECT_RESULT = re.compile(r"is first reached at step \d+|is not reached in steps|No guess is made")
#: the progress line a silent command draws after half a second (frontends/progress_line.py)
WORKING = "(Ctrl-C stops)"
#: what the insufficient_givens quiz's whole search never prints (it has more than 100,000
#: solutions): a run on it ends only when stopped
SEARCH_END = "no more solution"
TIMING = re.compile(r"Run time: \d+ milliseconds; steps: (\d+), solution sum: (\d+)\.")
#: how many interrupt timings were tried in this run
TRIED: dict[str, int] = {}


@pytest.fixture
def rnd(request: pytest.FixtureRequest) -> random.Random:
    return random.Random(f"{SEED}-{request.node.name}")


def quiz_file(tmp_path: Path, label: str) -> Path:
    path = tmp_path / f"{label}.txt"
    path.write_text(edge_case(label).puzzle + "\n", encoding="utf-8")
    return path


@pytest.fixture
def shell(tmp_path: Path) -> Iterator[pexpect.spawn]:
    children: list[pexpect.spawn] = []

    def start(*args: str, **kw: object) -> pexpect.spawn:
        child = spawn_shell(tmp_path, *args, **kw)  # type: ignore[arg-type]
        children.append(child)
        return child

    yield start  # type: ignore[misc]
    for child in children:
        child.close(force=True)


def until_prompt(child: pexpect.spawn, timeout: float = 20) -> str:
    child.expect_exact(PROMPT, timeout=timeout)
    return plain(child.before)


def no_paging(child: pexpect.spawn) -> None:
    """At the prompt: ``set pagination off``, so that Ctrl-C meets a long run's output, not
    the pager's question."""
    child.sendline("set pagination off")
    child.expect_exact("pagination off")
    until_prompt(child)


def block(child: pexpect.spawn, command: str) -> tuple[int, list[str]]:
    """Run a command that prints a show block: (its Steps, the block's lines)."""
    child.sendline(command)
    child.expect(r"Steps:(\d+)")
    steps = int(child.match.group(1))
    rows = [
        line.strip() for line in plain(child.before).split("\n") if GRID_ROW.fullmatch(line.strip())
    ][-9:]
    rest = [line.strip() for line in until_prompt(child).split("\n") if line.strip()]
    assert len(rows) == 9
    return steps, [*rows, f"Steps:{steps}", *rest]


def interrupt_run(child: pexpect.spawn, command: str, at: int, ended: str = SEARCH_END) -> int:
    """Send ``command``, wait until its trace reaches step ``at`` (reading its output all the
    while), press Ctrl-C: docs/commands.md 8's lines, and the step N it stopped at (``at`` or
    later). Fails if the command ended (printed ``ended``) before it was interrupted."""
    child.sendline(command)
    seen = run_to_step(child, at, ended)
    child.sendintr()
    said = child.expect_exact(["Interrupted at step ", ended], timeout=30)
    assert said == 0, f"{command} ended after step {seen}, before Ctrl-C"
    child.expect(r"(\d+)\.")
    steps = int(child.match.group(1))
    assert steps >= seen
    child.expect(r"Steps:(\d+)")
    assert int(child.match.group(1)) == steps  # the show block follows at once
    child.expect(TIMING)
    assert int(child.match.group(1)) == steps
    child.expect_exact(" Biggest level on this run(til): ")
    until_prompt(child)
    return steps


def check_recorded_step(child: pexpect.spawn, steps: int, compare_goto: bool) -> None:
    """``show`` gives step N; ``goto N`` (the record's state after step N) gives the same."""
    shown, lines = block(child, "show")
    assert shown == steps
    if compare_goto:
        gone, again = block(child, f"goto {steps}")
        assert (gone, again) == (shown, lines)


# -- runrun 0 on a quiz with more than 100,000 solutions --------------------------------------


@SLOW
def test_ctrl_c_during_runrun_at_random_moments(shell, tmp_path: Path, rnd: random.Random) -> None:
    child = shell(str(quiz_file(tmp_path, "insufficient_givens")))
    until_prompt(child)
    no_paging(child)
    last = 0
    for k in range(ROUNDS):
        steps = interrupt_run(child, "runrun 0", last + rnd.randint(1, 3000))
        assert steps > last  # the search goes on from where it stopped
        check_recorded_step(child, steps, compare_goto=k % 3 == 0)
        last = steps
    TRIED["runrun 0"] = TRIED.get("runrun 0", 0) + ROUNDS
    child.sendline("levels")
    child.expect(r"At guess level (\d+):")
    until_prompt(child)
    child.sendline("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


#: the 10th puzzle of invalid_no_solution.txt (tdoku): no solution; in run mode 2 (ply only,
#: so fills and guesses do all the work) the search takes 48,700 steps, several seconds
HARD_NO_SOLUTION = puzzle_lines("invalid_no_solution.txt")[9]
#: the steps of that search: Ctrl-C is sent in its first half, so it meets the run going on
HARD_STEPS = 48_700


@SLOW
def test_ctrl_c_during_run_and_runtil_on_a_hard_quiz(
    shell, tmp_path: Path, rnd: random.Random
) -> None:
    """Each round reloads the quiz, so `run` or `runtil 99999` is stopped somewhere in the
    first half of its search."""
    path = tmp_path / "hard.txt"
    path.write_text(HARD_NO_SOLUTION + "\n")
    child = shell(str(path))
    until_prompt(child)
    no_paging(child)
    child.sendline("run-mode 2")
    child.expect_exact("Working mode:2")
    until_prompt(child)
    rounds = max(4, ROUNDS // 3)
    for k in range(rounds):
        child.sendline(f"load-quiz {path}")
        child.expect_exact("Quiz loaded.")
        until_prompt(child)
        command = "run" if k % 2 == 0 else "runtil 99999"
        steps = interrupt_run(child, command, rnd.randint(1, HARD_STEPS // 2))
        check_recorded_step(child, steps, compare_goto=True)
        # the next command works from there: a step is step N + 1 or more
        after, _ = block(child, "step")
        assert after > steps
    TRIED["run/runtil"] = TRIED.get("run/runtil", 0) + rounds


@SLOW
def test_ctrl_c_during_bisect_level_max_stops_and_the_shell_goes_on(
    shell, tmp_path: Path, rnd: random.Random
) -> None:
    """`bisect level max` runs the whole search silently: on this quiz it never ends alone."""
    child = shell(str(quiz_file(tmp_path, "insufficient_givens")))
    until_prompt(child)
    no_paging(child)
    rounds = max(2, ROUNDS // 5)
    for _ in range(rounds):
        child.sendline("bisect level max")
        progress_drawn(child, rnd.randint(1, 4))  # the command runs (it never ends alone)
        child.sendintr()
        said = child.expect([INTERRUPTED, BISECT_RESULT], timeout=30)
        assert said == 0, child.after
        until_prompt(child)
        steps, _ = block(child, "show")
        check_recorded_step(child, steps, compare_goto=True)
        steps2 = interrupt_run(child, "runrun 0", steps + rnd.randint(1, 1000))
        assert steps2 > steps
    TRIED["bisect level max"] = TRIED.get("bisect level max", 0) + rounds


@SLOW
def test_ctrl_c_during_bisect_level_max_says_interrupted(shell, tmp_path: Path) -> None:
    """(Found by this suite: bisect went on with the partial record.)"""
    child = shell(str(quiz_file(tmp_path, "insufficient_givens")))
    until_prompt(child)
    child.sendline("bisect level max")
    child.expect_exact(WORKING, timeout=60)  # the progress line: the command runs
    child.sendintr()
    said = child.expect([INTERRUPTED, BISECT_RESULT], timeout=30)
    what = child.after
    until_prompt(child)
    assert said == 0, what


# -- the guess question ------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["ctrl-c", "ctrl-d"])
@SLOW
def test_ctrl_c_or_ctrl_d_at_the_guess_question_aborts_only_that_command(shell, key: str) -> None:
    child = shell(str(SEED_FILE))
    until_prompt(child)
    child.sendline("guess-mode 1")
    child.expect_exact("In interactive guessing mode:1")
    until_prompt(child)
    shown = [block(child, "step")[0] for _ in range(5)]
    before, lines_before = block(child, "show")
    assert before == shown[-1]
    # the seed quiz's sixth step asks (the published interactive session)
    child.sendline("step")
    child.expect_exact("Take a guess please, by default it will be [6,2]=5:")
    if key == "ctrl-c":
        child.sendintr()
    else:
        child.sendcontrol("d")
    child.expect(r"Guess question aborted: back at step (\d+)\.")
    assert int(child.match.group(1)) == before
    until_prompt(child)
    assert block(child, "show") == (before, lines_before)
    # and the next command works: the same question, answered this time
    child.sendline("step")
    child.expect_exact("Take a guess please, by default it will be [6,2]=5:")
    child.sendline("")
    child.expect_exact(") Guess [6,2] level 1 at 1 out of 2")
    until_prompt(child)
    child.sendline("levels")
    child.expect_exact("Level 1 [6,2]=5 (1 out of 2)")
    until_prompt(child)


@SLOW
def test_ctrl_c_at_the_prompt_discards_the_line(shell) -> None:
    child = shell(str(SEED_FILE))
    until_prompt(child)
    child.send("runtil 50")
    child.sendintr()  # after the line in the terminal's queue: read after it, at the prompt
    until_prompt(child)
    steps, _ = block(child, "show")
    assert steps == 0


@SLOW
def test_ctrl_c_storm_between_quick_commands_never_ends_the_shell(
    shell, rnd: random.Random
) -> None:
    """Ctrl-C pressed right after Enter (before the shell read the line), once the command
    shows it runs (its first line), or once it is over (its prompt): before, during or after
    the command, in a seeded order. (Found by this suite: a Ctrl-C between two commands killed
    the shell, about one run in six.)"""
    child = shell(str(SEED_FILE))
    until_prompt(child)
    no_paging(child)
    for k in range(40):
        child.sendline(f"runtil {k + 1}")
        moment = rnd.choice(["at once", "running", "over"])
        if moment == "running":  # a trace line, a show block or a refusal: output has begun
            child.expect([r"\n\d+\) ", "Steps:", "Interrupted", "Fine"])
        elif moment == "over":
            child.expect_exact(PROMPT)
        child.sendintr()
    # typed after the last Ctrl-C: its lines come after everything the storm's commands print
    # (a prompt or a show block of a command still queued is not taken for the next ones')
    child.sendline("info settings")
    child.expect_exact("guess-mode 0", timeout=60)
    until_prompt(child, timeout=60)
    assert child.isalive()
    steps, lines = block(child, "show")
    check_recorded_step(child, steps, compare_goto=True)
    TRIED["storm"] = TRIED.get("storm", 0) + 40


def test_ctrl_c_between_commands_does_not_end_the_shell(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from sudoku_repl.frontends import shell as shell_module
    from sudoku_repl.frontends.terminal_output import TerminalOutput

    empty_lines = 0
    real = TerminalOutput.message

    def message(self: object, line: str) -> None:
        nonlocal empty_lines
        if line == "":
            empty_lines += 1
            if empty_lines == 2:  # after the first command, before the second prompt
                signal.raise_signal(signal.SIGINT)  # the user's Ctrl-C, just then
        real(self, line)  # type: ignore[arg-type]

    monkeypatch.setattr(TerminalOutput, "message", message)
    monkeypatch.chdir(REPO)
    with create_pipe_input() as keys:
        keys.send_text("load-quiz examples/seed.txt\rshow\rbye\r")
        try:
            shell_module.run_interactive(
                input=keys, output=DummyOutput(), history=InMemoryHistory()
            )
        except KeyboardInterrupt as e:
            raise AssertionError("KeyboardInterrupt ended the prompt loop") from e
    assert "Steps:0" in capsys.readouterr().out.split("\n")


# -- the history file ------------------------------------------------------------------------


@SLOW
def test_the_history_file_is_made_readable_by_its_owner_only(shell, tmp_path: Path) -> None:
    """As shells keep theirs: 0600 (it was 0644), its new folder 0700."""
    child = shell()
    until_prompt(child)
    child.sendline("help bye")
    until_prompt(child)
    child.sendline("bye")
    child.expect(pexpect.EOF)
    child.close()
    history = tmp_path / "data" / "sudoku-repl" / "history"
    assert history.read_text().count("help bye") == 1
    assert stat.S_IMODE(history.stat().st_mode) == 0o600
    assert stat.S_IMODE(history.parent.stat().st_mode) == 0o700


@pytest.mark.parametrize("where", ["xdg-is-a-file", "history-is-a-directory"])
@SLOW
def test_unwritable_history_file_does_not_stop_the_shell(shell, tmp_path: Path, where: str) -> None:
    data = tmp_path / "data"
    if where == "xdg-is-a-file":
        data.write_text("not a directory")
    else:
        (data / "sudoku-repl" / "history").mkdir(parents=True)
    child = shell(str(SEED_FILE))
    child.expect(r"History is not saved \([^\n]*\)\.")
    until_prompt(child)
    steps, _ = block(child, "step")
    assert steps == 1
    child.sendline("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = plain(child.before or "")
    assert "Traceback" not in text


@SLOW
def test_history_file_lost_during_the_session(shell, tmp_path: Path) -> None:
    """The history file turns into a directory after the shell has read it: one line says
    the history is not saved any more, and the shell goes on. (Found by this suite: a
    prompt_toolkit traceback and 'Press ENTER to continue...'.)"""
    child = shell(str(SEED_FILE))
    until_prompt(child)
    assert block(child, "show")[0] == 0  # a command stored: the history file has been read
    history = tmp_path / "data" / "sudoku-repl" / "history"
    assert "+show" in history.read_text()
    history.unlink()
    history.mkdir()
    assert block(child, "step")[0] == 1
    assert block(child, "step")[0] == 2
    child.sendline("bye")
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    text = plain(child.before or "")
    assert "Unhandled exception" not in text and "Press ENTER" not in text, text[-500:]
    assert child.exitstatus == 0


def test_history_file_that_cannot_be_read_is_not_a_traceback(tmp_path: Path) -> None:
    from sudoku_repl.frontends.shell import open_history

    path = tmp_path / "sudoku-repl" / "history"
    said: list[str] = []
    history, warning = open_history(path, said.append)
    assert warning is None and path.is_file()
    path.unlink()
    path.mkdir()
    try:
        loaded = list(history.load_history_strings())
    except OSError as e:
        raise AssertionError(f"load_history_strings raised {e!r}") from e
    assert loaded == [] and len(said) <= 1


#: the line for bytes that are not UTF-8 typed at the prompt (the shell reads them as
#: surrogates, which are not printable: such a line is refused whole)
NOT_UTF8 = "Column 11 holds \\udcff, which is not printable"


@SLOW
def test_non_utf8_bytes_typed_at_the_prompt_keep_the_history_working(shell) -> None:
    """(Found by this suite: FileHistory failed on the surrogates, with a traceback.)"""
    child = shell(str(SEED_FILE))
    until_prompt(child)
    os.write(child.child_fd, b"load-quiz \xff\xfe.txt\r")  # past pexpect's encoder
    child.expect_exact(NOT_UTF8, timeout=60)
    text = plain(child.before + child.after)
    until_prompt(child, timeout=60)
    text += plain(child.before)
    child.sendline("bye")
    child.expect(pexpect.EOF, timeout=60)
    text += plain(child.before or "")
    assert NOT_UTF8 in text
    assert "Unhandled exception" not in text and "Press ENTER" not in text, text[-500:]


@SLOW
def test_non_utf8_bytes_typed_at_the_prompt_on_a_strict_terminal(shell, tmp_path: Path) -> None:
    """(Found by this suite: UnicodeEncodeError ended the shell.)"""
    data = tmp_path / "data"
    data.write_text("no history here: this test is about the output")
    env = terminal_env(tmp_path, PYTHONIOENCODING="utf-8:strict")
    child = shell(str(SEED_FILE), env=env)
    until_prompt(child)
    os.write(child.child_fd, b"load-quiz \xff\xfe.txt\r")  # past pexpect's encoder
    child.expect_exact(NOT_UTF8, timeout=5)
    until_prompt(child, timeout=5)
    child.sendline("bye")
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.exitstatus == 0


# -- sudoku-repl rate ---------------------------------------------------------------------------


@SLOW
def test_ctrl_c_during_rate_at_random_moments(tmp_path: Path, rnd: random.Random) -> None:
    """The rows printed are whole rows, the summary counts them; --out holds whole rows too, and
    says it is unfinished after a Ctrl-C (rate_out: the same command continues it). Three kinds
    of round in turn: --out after a random number of rows; standard output after a random number
    of rows; standard output, unbuffered, once the run waits in a write to its full pipe, which
    the Ctrl-C cuts short (Python's text layer dropped the rest of a chunk's rows,
    a row cut and the next glued to it; ``write_whole`` writes it to its end)."""
    rounds = max(3, ROUNDS // 4)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    # top95 forty times over: the native core rates top95 in a tenth of a second, so a file
    # that long is still being rated after the rows the test waits for
    quizzes = tmp_path / "top95x40.txt"
    quizzes.write_text((PUZZLES / "norvig_top95.txt").read_text() * 40)
    total = 95 * 40
    for k in range(rounds):
        out = tmp_path / f"rated{k}.csv"
        with_out = k % 3 == 0
        at_full_pipe = k % 3 == 2 and WCHAN  # (elsewhere: after rows, as the second kind)
        args = [sys.executable, "-m", "sudoku_repl", "rate", str(quizzes), "--jobs", str(1 + k % 2)]
        proc = subprocess.Popen(
            args + (["--out", str(out)] if with_out else []),
            cwd=str(REPO),
            env={**env, "PYTHONUNBUFFERED": "1"} if at_full_pipe else env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            bufsize=0,  # unbuffered: readline() must not take bytes communicate() should see
        )
        assert proc.stdout is not None
        rows = rnd.randint(1, 40)  # the moment: this many rows rated (header and rows written)
        early = b""
        if with_out:
            wait_for_rows(out, rows, proc)
        elif at_full_pipe:
            wait_for_full_pipe(proc)
        else:
            early = b"".join(proc.stdout.readline() for _ in range(rows + RATE_HEAD))
            assert early.count(b"\n") == rows + RATE_HEAD, "the rating ended before it was stopped"
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal sends it: to the whole group
        stdout, stderr = proc.communicate(timeout=60)
        stdout = early + stdout
        assert proc.returncode == 130, stderr  # interrupted, not over before the signal came
        text = out.read_text() if with_out else stdout.decode()
        assert not with_out or stdout == b""
        assert text.endswith("\n")
        table = list(csv.reader(io.StringIO(without_settings(text))))
        assert table[0][:2] == ["line", "quiz"]
        torn = [(n, row) for n, row in enumerate(table) if len(row) != len(table[0])]
        assert not torn, (k, torn[:2])
        assert [row[0] for row in table[1:]] == [str(n) for n in range(1, len(table))]
        assert len(table) - 1 >= rows
        err = stderr.decode().splitlines()
        assert len(err) == 1
        assert err[0].startswith(f"sudoku-repl rate: interrupted: {len(table) - 1} of {total}")
        unfinished = tmp_path / f"rated{k}.csv.unfinished"
        assert unfinished.exists() == with_out
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".sudoku-repl-")]
    TRIED["rate"] = TRIED.get("rate", 0) + rounds


@SLOW
def test_a_fifo_in_the_shell_is_one_line_and_ctrl_c_then_finds_the_prompt(
    shell, tmp_path: Path
) -> None:
    """Load-quiz and source of a FIFO with no writer waited for ever, and Ctrl-C did
    not end the wait (the shell catches it). Now it is refused at once; a Ctrl-C after it meets
    the prompt, and the session goes on."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    child = shell(str(SEED_FILE))
    until_prompt(child)
    child.sendline("runtil 5")
    until_prompt(child)
    child.sendline(f"load-quiz {fifo}")
    child.expect_exact("a FIFO, which would wait for a writer", timeout=20)
    until_prompt(child)
    child.sendline(f"source {fifo}")
    child.expect_exact("a FIFO, which would wait for a writer", timeout=20)
    until_prompt(child)
    child.sendcontrol("c")
    until_prompt(child)  # the prompt drawn again after the Ctrl-C
    steps, _ = block(child, "show")
    assert steps == 5  # the quiz and the state as they were
    child.sendline("bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

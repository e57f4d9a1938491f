"""Scripts: ``save-session <file>`` writes a batch script that ``sudoku-repl -x <file>``
replays to the same session, guess answers included; ``source <file>`` runs a script inside a
session, as batch mode would.

The property is "the same as the session that was saved", so two runs of the code are compared:
command by command (the replay's output of each command equals the live one), and the final
``show``, ``levels`` and ``info break``.
"""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest

from sudoku_repl.frontends.batch import run_batch
from tests.support.helpers import (
    NO_QUIZ,
    QUESTION,
    SEED,
    STEP6_TRACE,
    Answers,
    Shell,
    fake_clock,
    run_program,
    transcript_blocks,
    untimed,
)

pytestmark = pytest.mark.usefixtures("at_repo_root")


class Live(Shell):
    """A session in-process that keeps (command, output) of every command; guess questions get
    the answers in turn, then Enter (the default)."""

    def __init__(self, *answers: str) -> None:
        super().__init__(Answers(*answers, then=""))
        self.log: list[tuple[str, list[str]]] = []

    def run(self, line: str) -> list[str]:
        output = super().run(line)
        self.log.append((line, output))
        return output


def replay(script: Path, *, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_program("-x", str(script), cwd=cwd, text=True)


def saved_and_replayed(live: Live, tmp_path: Path) -> tuple[str, list[tuple[str, list[str]]]]:
    """Save the live session, replay the script with ``show``, ``levels`` and ``info break``
    added, from another directory (the script must stand on its own). Returns the script and
    the replay's blocks (commands after the load)."""
    script = tmp_path / "session.txt"
    assert live.run(f"save-session {script}") == [f"Wrote {script}."]
    text = script.read_text(encoding="utf-8")
    script.write_text(text + "show\nlevels\ninfo break\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = replay(script, cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return text, transcript_blocks(result.stdout)


def check_replay(live: Live, blocks: list[tuple[str, list[str]]], per_command: bool = True) -> None:
    """The replay's last three blocks are the live show, levels and info break; every block
    before them is the output of a live command of the same name, in the live order."""
    expected = [live.run(command) for command in ("show", "levels", "info break")]
    assert [out for _, out in blocks[-3:]] == expected
    assert expected[0][12].startswith("Steps:")
    if not per_command:
        return
    rest = iter(live.log)
    for command, output in blocks[:-3]:
        output = [line for line in output if not line.startswith(QUESTION)]
        name = command.split()[0]
        for live_command, live_output in rest:
            if live_command.split()[0] == name:
                assert [*map(untimed, output)] == [*map(untimed, live_output)], command
                break
        else:
            raise AssertionError(f"replayed {command!r} is not a live command in that order")


def test_saved_session_replays_to_the_same_state(tmp_path: Path) -> None:
    live = Live()
    for command in [
        f"load-quiz {SEED}",
        "runtil 98",
        "show",
        "runtil 65",  # below the present: replayed as a fresh session
        "goto 30",
        "back 2",
        "frobnicate",  # unknown: fails, and stays out of the script
        "goto x",  # fails too
        "break level >= 9",
        "break wrong",
        "disable 2",
        "run",  # stops at the breakpoint
        "when [4,2]",
        "step",
        "history 80 84",
        "run-mode 1",
        "runtil 120",
        "bisect level 10",
        "delete 1",
        "run-mode 0",
        "goto 200",  # past the record: run silently
        "levels",
    ]:
        live.run(command)
    assert live.repl.failures.lines == ["frobnicate", "goto x"]
    text, blocks = saved_and_replayed(live, tmp_path)
    assert "frobnicate" not in text and "goto x" not in text
    check_replay(live, blocks)
    bisect = dict(live.log)["bisect level 10"]
    assert bisect[-1].endswith(" at step 84: 84) Guess [2,6] level 10 at 1 out of 2")
    assert blocks[-3][1][12] == "Steps:200"


def test_saved_guess_session_replays_the_answers_given(tmp_path: Path) -> None:
    # the article's answers: Enter, Enter, [2,3]=9, [1,6]=7 -> a solution at step 40
    live = Live("", "", "[2,3]=9", "[1,6]=7", "[2,3]=1")
    for command in [
        f"load-quiz {SEED}",
        "guess-mode 1",
        "runrun 1",
        "goto 15",  # before the question at step 16: recorded answers are not asked again
        "step",  # asked again, now answered [2,3]=1: another path from here
        "run",  # Enter for every further question
        "guess-mode 0",
        "runtil 60",
        "back 5",
    ]:
        live.run(command)
    assert live.repl.failures.lines == []
    assert live.log[2][1][-3] == "Fine [steps:40, solution sum:1]."
    asked = live.answers.questions
    assert len(asked) > 5
    text, blocks = saved_and_replayed(live, tmp_path)
    assert re.search(r"\[2,3\]=9\n\[1,6\]=7\n(.*\n)*\[2,3\]=1\n", text), text
    check_replay(live, blocks)
    # the replay asks the same questions, each answered by the next line of the script
    replayed = [line for _, out in blocks for line in out if line.startswith(QUESTION)]
    assert [q.split(":")[0] + ":" for q in replayed] == asked
    assert replayed[2] == asked[2] + " [2,3]=9"
    assert replayed[3] == asked[3] + " [1,6]=7"
    assert replayed[4] == asked[4] + " [2,3]=1"


def test_save_session_to_a_bad_path_prints_one_line(tmp_path: Path) -> None:
    live = Live()
    live.run(f"load-quiz {SEED}")
    target = tmp_path / "no" / "such" / "s.txt"
    lines = live.run(f"save-session {target}")
    assert len(lines) == 1 and str(target) in lines[0]
    assert live.repl.failures.lines == [f"save-session {target}"]
    assert not (tmp_path / "no").exists()


# -- source ---------------------------------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_source_runs_a_script_inside_the_session_as_batch_mode_would(tmp_path: Path) -> None:
    body = "# the article's guessing session\n\nrunrun 1\n\n\n[2,3]=9\n[1,6]=7\n  \nlevels\n"
    script = write(tmp_path / "guess.txt", body)
    live = Live()  # its own answers are never used: the script answers
    live.run(f"load-quiz {SEED}")
    live.run("guess-mode 1")
    lines = live.run(f"source {script}")
    assert live.answers.questions == []
    assert live.repl.failures.lines == []
    assert lines[:3] == ["", "Order please:", "runrun 1"]
    assert lines[-9:-5] == [" Biggest level on this run(til): 4", "", "Order please:", "levels"]
    assert lines[-5:] == [
        "At guess level 4:",
        "Level 4 [1,6]=7 (1 out of 4)",
        "Level 3 [2,3]=9 (1 out of 2)",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]
    assert "Fine [steps:40, solution sum:1]." in lines
    assert [line for line in lines if line.startswith(QUESTION)] == [
        QUESTION + "[6,2]=5:",
        QUESTION + "[4,3]=6:",
        QUESTION + "[2,3]=1: [2,3]=9",
        QUESTION + "[1,9]=7: [1,6]=7",
    ]
    # exactly what batch mode prints for the same commands
    stream = io.StringIO()
    run_batch(
        iter([f"load-quiz {SEED}", "guess-mode 1", *body.splitlines()]), stream, clock=fake_clock()
    )
    batch = stream.getvalue().split("\n")
    at = batch.index("runrun 1") - 2
    assert batch[at:-3] == lines
    # after the script, questions go to the session's own answers again
    live.run("guess-mode 0")
    live.run("goto 5")
    live.run("guess-mode 1")
    live.run("step")
    assert live.answers.questions == [QUESTION + "[6,2]=5:"]


def test_sourced_commands_are_saved_and_replayed(tmp_path: Path) -> None:
    script = write(tmp_path / "part.txt", "runtil 90\nbreak cell [4,2]=8\nrun\n")
    live = Live()
    live.run(f"load-quiz {SEED}")
    live.run(f"source {script}")
    assert live.repl.session.state().steps == 93  # [4,2]=8 comes with the Forward guess of 93
    live.run("back")
    script.unlink()  # the saved script must not need it
    _, blocks = saved_and_replayed(live, tmp_path)
    assert blocks[-3][1][12] == "Steps:92"
    (entry,) = blocks[-1][1]
    assert entry.startswith("Breakpoint 1: cell [4,2]=8") and re.search(r"\bhit 1 time\b", entry)
    assert [command for command, _ in blocks[1:-3]] == [
        "runtil 90",
        "break cell [4,2]=8",
        "run",
        "back",
    ]
    check_replay(live, blocks, per_command=False)


def test_source_errors_are_one_line(tmp_path: Path) -> None:
    live = Live()
    missing = tmp_path / "missing.txt"
    lines = live.run(f"source {missing}")
    assert len(lines) == 1 and str(missing) in lines[0]
    assert len(live.run(f"source {tmp_path}")) == 1  # a directory
    assert live.repl.failures.lines == [f"source {missing}", f"source {tmp_path}"]


def test_a_script_sourcing_itself_stops_at_the_nesting_limit(tmp_path: Path) -> None:
    script = tmp_path / "loop.txt"
    write(script, f"show\nsource {script}\n")
    live = Live()
    lines = live.run(f"source {script}")
    assert lines.count(NO_QUIZ) >= 2  # it went some levels deep
    assert lines[-1] != NO_QUIZ and "source" not in lines[-1]  # then one line says why it stops
    assert live.repl.failures.lines[-1] == f"source {script}"
    assert not live.repl.done
    assert live.run(f"load-quiz {SEED}") == ["Quiz loaded."]


def test_a_script_ending_at_a_guess_question_aborts_that_step_only(tmp_path: Path) -> None:
    script = write(tmp_path / "short.txt", "guess-mode 1\nrunrun 1\n")
    live = Live()
    live.run(f"load-quiz {SEED}")
    lines = live.run(f"source {script}")
    assert QUESTION + "[6,2]=5:" in lines
    assert "7) Guess [6,2] level 1 at 1 out of 2" not in lines
    # docs/commands.md 7: the engine is left as before the asking step (6), after step 5
    assert live.repl.session.state().steps == 5
    lines = live.run("step")  # step 6 again, asking again (answered with Enter)
    assert lines[:8] == [*STEP6_TRACE, "7) Guess [6,2] level 1 at 1 out of 2"]
    assert live.answers.questions == [QUESTION + "[6,2]=5:"]


def test_a_script_from_another_folder_says_where_relative_paths_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-x`` and ``source`` of a script in another folder read its relative
    paths from the current one, and the first command that fails on one says so, once; the
    error line itself stays load-quiz's."""
    from sudoku_repl.commands.script_files import open_script

    folder, here = tmp_path / "scripts", tmp_path / "here"
    folder.mkdir()
    here.mkdir()
    script = write(folder / "s.txt", "load-quiz examples/seed.txt\nload-quiz other.txt\n")
    monkeypatch.chdir(here)
    note = (
        f"(A script's relative paths are read from the current folder, {here}, not from the "
        f"script's, {folder}: examples/seed.txt is not there.)"
    )
    out = io.StringIO()
    repl = run_batch(open_script(str(script)), out, script=str(script))
    said = out.getvalue().splitlines()
    error = "Fail to open quiz file examples/seed.txt: No such file or directory."
    assert said[said.index(error) + 1] == note
    assert sum(line.startswith("(A script's relative paths") for line in said) == 1
    assert len(repl.failures) == 2
    live = Live()
    lines = live.run(f"source {script}")
    assert lines[lines.index(error) + 1] == note
    monkeypatch.chdir(folder)  # a script in the current folder: nothing more than the error
    lines = Live().run("source s.txt")
    assert error in lines and not any(line.startswith("(A script's") for line in lines)

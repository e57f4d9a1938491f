"""``generate --out FILE``: the puzzles appended as they are found, and a run that
stopped (Ctrl-C, kill -9) continued by the same command: the seed it drew, the puzzles it kept,
the tasks it had done; the file then holds what one run without a stop writes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.text.words import counted
from sudoku_repl.tools.making.options import parser
from sudoku_repl.tools.making.run import Request, Run
from sudoku_repl.tools.rating.out import SUFFIX
from sudoku_repl.tools.rating.pool import StopFlag
from tests.support.helpers import NEEDS_NATIVE_EXPLAINER

#: a target most puzzles meet, each from its own start (a task makes one puzzle at most)
TARGET = ["--er", "3.0-"]


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def drawn_seed(err: str) -> int:
    """The seed a run says it drew (``seed N (...)``)."""
    said = next(line for line in err.splitlines() if " seed " in line)
    return int(said.split(" seed ")[1].split()[0])


def test_a_run_stopped_midway_is_continued_by_the_same_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "made.txt"
    argv = [*TARGET, "--count", "5", "--out", str(out)]  # no --seed: one is drawn
    stop = StopFlag()
    run = Run(Request.from_options(parser().parse_args(argv)), stop)
    for _ in run.puzzles():
        stop.set()  # as Ctrl-C does (the puzzles its task found come all the same)
    assert run.progress.interrupted
    run.close(finished=False)
    kept = len(lines(out))
    assert 1 <= kept < 5 and os.path.exists(str(out) + SUFFIX)
    assert main_generate(argv) == 0  # the same command
    err = capsys.readouterr().err
    assert f"{counted(kept, 'puzzle')} kept in" in err and "from the run that stopped" in err
    assert drawn_seed(err) == run.seed  # the seed the stopped run drew, taken again
    assert not os.path.exists(str(out) + SUFFIX)
    # what one run with that seed writes
    whole = tmp_path / "whole.txt"
    seed = str(run.seed)
    assert main_generate([*TARGET, "--count", "5", "--seed", seed, "--out", str(whole)]) == 0
    assert lines(out) == lines(whole) and len(lines(whole)) == 5


@NEEDS_NATIVE_EXPLAINER
def test_a_run_left_within_a_climbs_puzzles_goes_on_from_there(tmp_path: Path) -> None:
    """A climb's task gives many puzzles at once; a run left after some of them (the caller
    stopped reading) has not said that task done: the same command does it again, and the
    puzzles it finds again are not written twice."""
    out, whole = tmp_path / "made.txt", tmp_path / "whole.txt"
    argv = ["--er", "3.0-", "--climb", "--count", "12", "--seed", "3"]
    run = Run(Request.from_options(parser().parse_args([*argv, "--out", str(out)])), StopFlag())
    made = run.puzzles()
    for _ in range(3):
        next(made)
    made.close()
    run.close(finished=False)
    assert len(lines(out)) == 3
    assert main_generate([*argv, "--out", str(out)]) == 0
    assert main_generate([*argv, "--out", str(whole)]) == 0
    assert lines(out) == lines(whole) and len(lines(whole)) == 12


def test_another_job_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "made.txt"
    stop = StopFlag()
    request = Request.from_options(parser().parse_args([*TARGET, "--out", str(out)]))
    run = Run(request, stop)
    for _ in run.puzzles():
        stop.set()  # (once a puzzle is written: the job is in FILE)
    run.close(finished=False)
    assert lines(out)
    assert main_generate(["--er", "4.0-", "--climb", "--out", str(out)]) == 2
    # (the pure build's line is said once a process: in the suite's, not at all, tests/conftest.py)
    (line,) = capsys.readouterr().err.splitlines()
    assert "holds the unfinished rows of another job (the targets, --climb differ)" in line


@NEEDS_NATIVE_EXPLAINER
def test_kill_9_keeps_the_puzzles_and_the_same_command_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "made.txt"
    argv = [*TARGET, "--count", "30", "--seed", "4", "--out", str(out)]
    command = [sys.executable, "-m", "sudoku_repl", "generate", *argv]
    child = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        while not (out.exists() and len(lines(out)) >= 2):  # the state the kill needs
            assert child.poll() is None, "it ended before the kill"
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert len(lines(out)) < 30
    subprocess.run(command, check=True, capture_output=True)
    whole = tmp_path / "whole.txt"
    subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "generate", *argv[:-1], str(whole)],
        check=True,
        capture_output=True,
    )
    assert lines(out) == lines(whole) and len(lines(whole)) == 30


def test_ctrl_c_keeps_every_puzzle_found_and_says_how_many(tmp_path: Path) -> None:
    out = tmp_path / "made.txt"
    command = [sys.executable, "-m", "sudoku_repl", "generate", *TARGET, "--time", "600"]
    command += ["--out", str(out)]
    child = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    while not (out.exists() and len(lines(out)) >= 3):
        assert child.poll() is None, "it ended before Ctrl-C"
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate()
    assert child.returncode == 130
    kept = len(lines(out))
    assert f"interrupted: {kept} puzzles kept in" in err.splitlines()[-1]
    assert "(the same command continues the job)" in err


def test_on_a_terminal_a_progress_line_says_made_kept_pace_and_time() -> None:
    """A target no puzzle reaches runs with its progress line (never silently), until Ctrl-C,
    which says how many were kept."""
    import pexpect

    from tests.support.helpers import REPO

    child = pexpect.spawn(
        sys.executable,
        # (a target past every puzzle known: only with --time)
        ["-m", "sudoku_repl", "generate", "--er", "19.9-", "--time", "3600", "--seed", "1"],
        cwd=str(REPO),
        encoding="utf-8",
        timeout=120,
        dimensions=(24, 100),
    )
    try:
        child.expect(
            r"made [0-9,]+, kept 0 \(0\.0 a wall-clock minute\), [0-9.]+ s \(Ctrl-C stops\)"
        )
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
        child.wait()
    finally:
        child.close(force=True)
    assert "interrupted: 0 puzzles kept; made " in (child.before or "")
    assert child.exitstatus == 130

"""``sudoku-repl dap``'s command line: a bad one is one line and status 2, as the other
subcommands say it; ``--log`` follows the rules of every file the program writes (docs/errors.md):
never through a symbolic link to a file or to nothing, never a file that is not a log (a quiz
named by mistake), never the protocol's own streams; and while the adapter serves, no command
reads or writes the log."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.dap_client import DapClient
from tests.support.helpers import REPO, SEED_FILE, program_env

HELP = " (see sudoku-repl dap --help)"


def _dap(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "dap", *args],
        cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
        env=program_env(),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--port", "-1"], "argument --port: want a whole number from 0 to 65535, not '-1'"),
        (["--port", "abc"], "argument --port: want a whole number from 0 to 65535, not 'abc'"),
        (["--port", "65536"], "argument --port: want a whole number from 0 to 65535, not '65536'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--stdin"], "--stdin goes with --check FILE"),
    ],
)
def test_a_bad_command_line_is_one_line_and_status_2(args: list[str], said: str) -> None:
    done = _dap(*args)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"sudoku-repl dap: {said}{HELP}\n"


def test_a_log_is_never_written_through_a_link_nor_over_a_quiz(tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.txt"
    text = SEED_FILE.read_bytes()
    quiz.write_bytes(text)
    (tmp_path / "link").symlink_to("quiz.txt")
    (tmp_path / "dangling").symlink_to("nowhere.txt")
    for name, why in [
        ("link", "it is a symbolic link to quiz.txt; give the name of the file itself, or "
         "remove the link"),
        ("dangling", "it is a symbolic link to nowhere.txt; give the name of the file itself, "
         "or remove the link"),
        ("quiz.txt", "it is not a log of sudoku-repl dap (its first line is no logged message), "
         "and the log is appended; give a new file, or a log"),
        (".", "it is a directory"),
    ]:  # fmt: skip
        done = _dap("--log", name, cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == f"sudoku-repl dap: Cannot write {name}: {why}.\n"
    assert quiz.read_bytes() == text
    assert not (tmp_path / "nowhere.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling", "link", "quiz.txt"]


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="needs /dev/stdout")
def test_the_log_is_not_the_protocols_output(tmp_path: Path) -> None:
    """On stdio, ``--log /dev/stdout`` (stdout a pipe, as an editor starts the adapter) would
    put the log among the answers."""
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "dap", "--log", "/dev/stdout"],
        cwd=tmp_path, stdin=subprocess.DEVNULL, capture_output=True, timeout=120,
        env=program_env(),
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == (
        b"sudoku-repl dap: Cannot write /dev/stdout: it is the debug adapter's output (its "
        b"answers to the editor), which the log may not be written to.\n"
    )


def test_a_log_is_appended_to_and_no_command_reads_or_writes_it(tmp_path: Path) -> None:
    log = tmp_path / "dap.log"
    client = DapClient.spawn("--log", str(log))
    try:
        client.request("initialize", adapterID="test")
        said = "it is the debug adapter's log (--log), which no command reads or writes"
        assert (
            client.refused("launch", program=str(log)) == f"Fail to open quiz file {log}: {said}."
        )
        client.request("launch", program=str(SEED_FILE))
        for line in [f"save-session {log}", f"export html {log}"]:
            refused = client.refused("evaluate", expression=line, context="repl")
            assert refused == f"Cannot write {log}: {said}."
        assert client.close() == 0
    finally:
        if client.proc is not None and client.proc.poll() is None:
            client.proc.kill()
            client.proc.wait()
    first = log.read_text(encoding="utf-8").splitlines()
    assert first[0].endswith('<- {"seq": 1, "type": "request", "command": "initialize", '
                             '"arguments": {"adapterID": "test"}}')  # fmt: skip
    # a second session appends to the log it wrote
    again = DapClient.spawn("--log", str(log))
    assert again.close() == 0
    assert log.read_text(encoding="utf-8").splitlines()[: len(first)] == first
    assert len(log.read_text(encoding="utf-8").splitlines()) > len(first)
    assert os.path.isfile(log)

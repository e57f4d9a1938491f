"""``sudoku-repl serate``'s output: ``--output`` as every writer here takes it (a
link to a file refused, the input file under any name refused, a file not emptied before there
is something to write), a full disk one line and exit status 1, ``--threads`` bounded as
``rate --jobs`` is. The rows expected are serate's (``tests/data/serate/output_file.file``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.frontends.serate_cli import main_serate
from sudoku_repl.tools.rating.options import MAX_JOBS
from sudoku_repl.tools.serate.options import parse
from tests.support.helpers import REPO, TEST_DATA, program_env
from tests.tools.serate.conftest import run_serate

GOLDEN = TEST_DATA / "serate"
EASY = "001000802090000030000604010970008460000000000015700098040907000080000050306000700"
ROWS = "5.5/1.2/1.2\n5.6/1.2/1.2\n"  # serate's default format on easy.txt (output_file.file)


def test_the_rows_expected(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert run_serate(capfd, "--output=out.txt", "--input=in.txt") == (0, "", "")
    assert (folder / "out.txt").read_text() == ROWS


def test_a_link_to_a_file_is_refused(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (folder / "kept.txt").write_text("kept\n")
    (folder / "link").symlink_to("kept.txt")
    status, out, err = run_serate(capfd, "--output=link", "--input=in.txt")
    assert (status, out) == (2, "")
    assert err == (
        "sudoku-repl serate: Cannot write link: it is a symbolic link to kept.txt; give the "
        "name of the file itself, or remove the link.\n"
    )
    assert (folder / "kept.txt").read_text() == "kept\n"


def test_a_dangling_link_makes_nothing(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (folder / "link").symlink_to("made.txt")
    status, _, err = run_serate(capfd, "--output=link", "--input=in.txt")
    assert status == 2
    assert err.count("\n") == 1 and "it is a symbolic link to made.txt" in err
    assert not (folder / "made.txt").exists()


@pytest.mark.parametrize(
    ("output", "said"),
    [
        ("in.txt", "it is the --input file"),
        ("./in.txt", "it is the --input file, in.txt"),
        ("hard", "it is the --input file, in.txt"),  # a hard link
        ("soft", "it is the --input file, in.txt"),  # a symbolic link to it
    ],
)
def test_the_input_under_any_name_is_refused(
    output: str, said: str, folder: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    os.link(folder / "in.txt", folder / "hard")
    (folder / "soft").symlink_to("in.txt")
    before = (folder / "in.txt").read_bytes()
    status, out, err = run_serate(capfd, f"--output={output}", "--input=in.txt")
    assert (status, out) == (2, "")
    assert err.startswith(f"sudoku-repl serate: Cannot write {output}: {said}")
    assert err.count("\n") == 1
    assert (folder / "in.txt").read_bytes() == before


def test_the_input_read_through_a_link_is_refused(
    folder: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (folder / "sub").mkdir()
    (folder / "sub" / "puzzles").symlink_to("../in.txt")
    before = (folder / "in.txt").read_bytes()
    status, _, err = run_serate(capfd, "--output=in.txt", "--input=sub/puzzles")
    assert status == 2
    assert err == (
        "sudoku-repl serate: Cannot write in.txt: it is the --input file, sub/puzzles; give "
        "--output another file.\n"
    )
    assert (folder / "in.txt").read_bytes() == before


def test_standard_inputs_file_is_refused(folder: Path) -> None:
    before = (folder / "in.txt").read_bytes()
    with open(folder / "in.txt", "rb") as given:
        done = subprocess.run(
            [sys.executable, "-m", "sudoku_repl", "serate", "--input=-", "--output=in.txt"],
            cwd=folder, stdin=given, capture_output=True, timeout=60,
            env=program_env(),
        )  # fmt: skip
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == (
        b"sudoku-repl serate: Cannot write in.txt: it is standard input's file; give --output "
        b"another file.\n"
    )
    assert (folder / "in.txt").read_bytes() == before


def test_nothing_to_write_leaves_the_output_as_it_was(
    folder: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (folder / "results.txt").write_text("kept\n")
    said = (
        "sudoku-repl serate: '1234' is not a puzzle, not rated (a puzzle is 81 characters or "
        "more)\n"
    )  # (too short: serate passes it over in silence; here: one line, status 2)
    assert run_serate(capfd, "--output=results.txt", "1234") == (2, "", said)
    assert (folder / "results.txt").read_text() == "kept\n"
    assert run_serate(capfd, "--output=new.txt", "1234") == (2, "", said)  # serate makes it, empty
    assert (folder / "new.txt").read_text() == ""


def test_interrupted_before_a_line_leaves_the_output_as_it_was(
    folder: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    (folder / "results.txt").write_text("kept\n")
    status = main_serate(["--output=results.txt", "--input=in.txt"], lambda: True)
    assert status == 130
    assert (folder / "results.txt").read_text() == "kept\n"


def test_a_full_disk_is_one_line(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_serate(capfd, "--output=/dev/full", "--input=in.txt")
    assert (status, out) == (1, "")
    assert err == "sudoku-repl serate: Cannot write /dev/full: No space left on device.\n"


@pytest.mark.parametrize(
    "args",
    [
        ["--input=tests/data/serate/easy.txt"],
        ["--showArguments", "--input=tests/data/serate/easy.txt"],
        ["--totalTime", "--format=", "--input=tests/data/serate/easy.txt"],
        ["--version"],
        ["--help"],
    ],
)
def test_standard_output_on_a_full_disk_is_one_line(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "sudoku_repl", "serate", *args],
            cwd=REPO, stdout=full, stderr=subprocess.PIPE, timeout=60,
            env=program_env(),
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == (
        b"sudoku-repl serate: Cannot write standard output: No space left on device.\n"
    )


@pytest.mark.parametrize(("given", "taken"), [("64", MAX_JOBS), ("2", 2), ("-3", 1)])
def test_threads_are_bounded_as_rates_jobs(given: str, taken: int) -> None:
    assert parse([f"--threads={given}"]).threads == min(taken, MAX_JOBS)
    assert parse(["--threads=0"]).threads <= MAX_JOBS

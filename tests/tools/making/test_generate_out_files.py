"""``generate --out`` under bad input: an ``--out`` that is the
file of ``--near`` or ``--pattern`` (under any name) is refused, a FIFO is written as a stream,
a file is left as it was until the first puzzle is written, and a continued job trusts neither
a marker nor a kept line it has not checked."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.tools.making.options import parser
from sudoku_repl.tools.making.run import Request, Run
from sudoku_repl.tools.rating.out import SUFFIX
from sudoku_repl.tools.rating.pool import StopFlag
from tests.support.helpers import REPO, Shell

#: a line the pure build says first (``tools/rating/se_build.slow_build``), not ours to count
SLOW = "slower than the native build"
#: a target most random puzzles meet, each from a start of its own
TARGET = ["--er", "3.0-"]  # (independent starts: the default)


def errors(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if SLOW not in line]


def near_file(folder: Path) -> Path:
    """Two puzzles with one solution (the first two of norvig_top95.txt)."""
    top = (REPO / "puzzles" / "norvig_top95.txt").read_text(encoding="utf-8").splitlines()
    path = folder / "near.txt"
    path.write_text("\n".join(top[:2]) + "\n", encoding="utf-8")
    return path


# -- --out is never a file read ----------------------------------------------------------


def test_an_out_that_is_the_near_file_under_any_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    near = near_file(tmp_path)
    before = near.read_bytes()
    (tmp_path / "x").mkdir()
    os.link(near, tmp_path / "x" / "hard.txt")
    (tmp_path / "x" / "soft.txt").symlink_to(near)
    monkeypatch.chdir(tmp_path / "x")
    for out in ("../near.txt", "./../near.txt", str(near), "hard.txt", "soft.txt"):
        assert main_generate(["--near", "../near.txt", "--out", out, "--count", "1"]) == 2
        (line,) = errors(capsys)
        assert f"Cannot write {out}: it is the --near file" in line, line
        assert line.endswith("give --out another file.")
        assert near.read_bytes() == before and not Path("../near.txt" + SUFFIX).exists()


def test_an_out_that_is_the_pattern_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pattern = tmp_path / "pat.txt"
    first = (REPO / "puzzles" / "norvig_top95.txt").read_text(encoding="utf-8").splitlines()[0]
    pattern.write_text("".join("." if ch == "." else "x" for ch in first) + "\n")
    before = pattern.read_bytes()
    assert main_generate(["--out", str(pattern), "--pattern", str(pattern)]) == 2
    (line,) = errors(capsys)
    assert f"Cannot write {pattern}: it is the --pattern file; give --out another file." in line
    assert pattern.read_bytes() == before


def test_the_shell_keeps_the_loaded_quizs_file(tmp_path: Path) -> None:
    quiz = near_file(tmp_path)
    before = quiz.read_bytes()
    shell = Shell()
    shell.ok(f"load-quiz {quiz}")
    loaded = shell.repl.session.quiz
    (line,) = shell.fails(f"generate --out {tmp_path}/./near.txt --near {quiz}")
    assert "it is the --near file" in line and line.endswith("give --out another file.")
    assert quiz.read_bytes() == before and shell.repl.session.quiz is loaded


# -- a FIFO is a stream ---------------------------------------------------------------


def test_a_fifo_is_written_as_a_stream(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "ff"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # (a reader there: no wait)
    try:
        assert main_generate(["--count", "3", "--seed", "1", "--out", str(fifo)]) == 0
        said = errors(capsys)
        got = os.read(reader, 1 << 16).decode()
    finally:
        os.close(reader)
    assert main_generate(["--count", "3", "--seed", "1"]) == 0
    assert got.splitlines() == capsys.readouterr().out.splitlines() and got.count("\n") == 3
    assert said[-1].startswith(f"sudoku-repl generate: 3 puzzles kept in {fifo}; made ")
    assert not (tmp_path / ("ff" + SUFFIX)).exists()


def test_a_stream_stopped_says_it_is_not_continued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "ff"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        argv = ["--count", "3", "--seed", "1", "--out", str(fifo)]
        assert main_generate(argv, interrupted=lambda: True) == 130  # (Ctrl-C at once)
    finally:
        os.close(reader)
    said = errors(capsys)[-1]
    assert said.startswith(f"sudoku-repl generate: interrupted: 0 puzzles kept in {fifo} (")
    assert "(a stream: the same command makes them again, not continued)" in said, said


# -- nothing saved is lost before the first puzzle ------------------------------------


def test_a_file_is_as_it_was_until_the_first_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"my notes\n")
    argv = [*TARGET, "--out", str(notes)]
    assert main_generate(argv, interrupted=lambda: True) == 130  # Ctrl-C before any puzzle
    assert notes.read_bytes() == b"my notes\n" and not Path(str(notes) + SUFFIX).exists()
    said = errors(capsys)
    assert "interrupted: 0 puzzles kept in" in said[-1] and "continues" not in said[-1]
    # a run that ends with nothing found (its time up) leaves it as well
    assert main_generate(["--er", "19.9-", "--time", "0.01", "--out", str(notes)]) == 0
    assert notes.read_bytes() == b"my notes\n" and not Path(str(notes) + SUFFIX).exists()
    # the first puzzle replaces it
    assert main_generate([*argv, "--count", "2", "--seed", "3"]) == 0
    made = notes.read_text().splitlines()
    assert len(made) == 2 and "my notes" not in made


def test_another_jobs_unfinished_file_stays_whole_under_restart_until_a_puzzle(
    tmp_path: Path,
) -> None:
    out = tmp_path / "made.txt"
    stop = StopFlag()
    run = Run(Request.from_options(parser().parse_args([*TARGET, "--out", str(out)])), stop)
    for _ in run.puzzles():
        stop.set()
    run.close(finished=False)
    kept, marker = out.read_bytes(), Path(str(out) + SUFFIX).read_bytes()
    assert kept
    other = StopFlag()
    other.set()  # (Ctrl-C at once)
    argv = ["--er", "4.0-", "--restart", "--out", str(out)]
    again = Run(Request.from_options(parser().parse_args(argv)), other)
    assert list(again.puzzles()) == []
    again.close(finished=False)
    assert out.read_bytes() == kept and Path(str(out) + SUFFIX).read_bytes() == marker


# -- a continued job checks what it takes --------------------------------------------


def stopped_job(tmp_path: Path) -> tuple[Path, list[str]]:
    """FILE with the puzzles of a job stopped after its first task's (and its marker)."""
    out = tmp_path / "made.txt"
    argv = [*TARGET, "--seed", "5", "--count", "5", "--out", str(out)]
    stop = StopFlag()
    run = Run(Request.from_options(parser().parse_args(argv)), stop)
    for _ in run.puzzles():
        stop.set()
    run.close(finished=False)
    assert out.read_text() and Path(str(out) + SUFFIX).exists()
    return out, argv


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"progress": {"tasks": "abc", "made": 3}}, "tasks 'abc', not a whole number"),
        ({"progress": {"tasks": 1e300, "made": 3}}, "tasks 1e+300, not a whole number"),
        ({"progress": {"tasks": -1, "made": 3}}, "tasks -1, not a whole number"),
        ({"progress": {"tasks": True, "made": 3}}, "tasks True, not a whole number"),
        ({"progress": "x"}, "progress 'x', not the tasks and puzzles made"),
        ({"seed": "hello"}, "seed 'hello', not a whole number from 0 to"),
        ({"seed": 2**64}, f"seed {2**64}, not a whole number from 0 to"),
    ],
)
def test_a_corrupt_marker_is_one_line_naming_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, object], said: str
) -> None:
    out, argv = stopped_job(tmp_path)
    marker = Path(str(out) + SUFFIX)
    job = json.loads(marker.read_text())
    job.update(change)
    marker.write_text(json.dumps(job))
    kept = out.read_bytes()
    at = argv.index("--seed")
    no_seed = argv[:at] + argv[at + 2 :]  # (the marker's seed adopted)
    assert main_generate(no_seed) == 2
    (line,) = errors(capsys)
    assert line.startswith(f"sudoku-repl generate: Cannot continue {out}: {marker}: {said}")
    assert line.endswith("; --restart begins anew."), line
    assert out.read_bytes() == kept


def test_each_kept_line_is_checked_naming_it_and_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, argv = stopped_job(tmp_path)
    whole = out.read_text()
    first = whole.splitlines()[0]
    puzzle, figures = first.split()
    columns = "".join(puzzle[9 * r + c] for c in range(9) for r in range(9))  # (transposed)
    n = whole.count("\n") + 1  # the appended line's number
    for line, why in (
        ("." * 81 + " 3.0/1.2/1.2", "several solutions"),
        ("1" * 81 + " 3.0/1.2/1.2", "no solution"),
        (f"{puzzle} nan/nan/nan", "ER/EP/ED 'nan/nan/nan', not three ratings to a tenth"),
        (f"{puzzle} 3.0/4.0/1.2", "ER/EP/ED 3.0/4.0/1.2: not ED <= EP <= ER, from 1.0 to 19.9"),
        (f"{puzzle} 2.5/1.2/1.2", "ER/EP/ED 2.5/1.2/1.2: not --er 3.0-"),
        (first, "line 1's puzzle again, up to isomorphism"),
        (f"{columns} {figures}", "line 1's puzzle again, up to isomorphism"),
        (puzzle, "want the puzzle and ER/EP/ED"),
    ):
        out.write_text(whole + line + "\n")
        assert main_generate(argv) == 2, line
        (said,) = errors(capsys)
        assert said == (
            f"sudoku-repl generate: Cannot continue {out}: line {n} is not a row of generate "
            f"({why}); --restart begins anew."
        ), said
        assert out.read_text() == whole + line + "\n"
    out.write_text(whole)  # (the lines the job wrote are taken)
    assert main_generate(argv) == 0

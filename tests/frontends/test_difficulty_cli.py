"""``sudoku-repl difficulty PUZZLE|FILE [N] [options]``: the shell's dossier
once at the system prompt, read as ``sudoku-repl FILE N`` reads a quiz; its ``--help`` is the
command's own, from its one declaration; bad input one line and a non-zero status. Ctrl-C in
a real terminal: ``tests/terminal/test_difficulty_interrupt.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.commands.bare import help_lines
from sudoku_repl.commands.declared.difficulty import DIFFICULTY
from sudoku_repl.commands.filling import help_paragraphs
from sudoku_repl.frontends.cli import main
from sudoku_repl.frontends.difficulty_cli import N_IS
from tests.support.helpers import SEED_FILE as SEED_PATH
from tests.support.helpers import Shell, run_program

BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
B4 = "..345..8.4.6.........1...65.1.5.8.7....3...919...........8.....6....7.3...1.3..57"
SEED_FILE = str(SEED_PATH)
WANTED = "want a puzzle (81 characters, or 729: a pencil-mark line) or a file of them"
USAGE = (
    "sudoku-repl difficulty PUZZLE|FILE [N] [--measures LIST] [--isomorphs K] [--seed S] "
    "[--se-timeout T]"
)


def _run(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    status = main(["difficulty", *args])
    out, err = capfd.readouterr()
    return status, out.splitlines(), err


def shell_lines(quiz: str, line: str) -> list[str]:
    shell = Shell()
    assert shell.ok(f"load-quiz {quiz}") == ["Quiz loaded."]
    return shell.ok(line)


def test_a_puzzle_gets_the_shells_dossier(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capfd, BACKDOOR_1, "--measures", "te,backdoors")
    assert (status, err) == (0, "")
    assert out == shell_lines(BACKDOOR_1, "difficulty quiz --measures te,backdoors")
    assert out[3].startswith("BRT backdoors: 2 (8r1c2, 9r1c5)")


def test_quiz_n_of_a_file_is_named(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    quizzes = tmp_path / "two.txt"
    quizzes.write_text(f"{BACKDOOR_1}\n{B4}\n")
    status, out, err = _run(capfd, str(quizzes), "2", "--measures", "b")
    assert (status, err) == (0, "")
    assert out[0].startswith(f"Difficulty of the quiz on line 2 of {quizzes} (sudoku-repl ")
    assert [line.split(" (")[0] for line in out[2:]] == ["T&E-depth: 1", "B: 4"]  # SHC's


def test_a_pencil_mark_line_is_a_state(capfd: pytest.CaptureFixture[str]) -> None:
    """Backdoor #1 as a 729-character line: its figures, as the API gives them."""
    line = "".join(
        "".join(str(d) if ch in (".", str(d)) else "." for d in range(1, 10)) for ch in BACKDOOR_1
    )
    status, out, _ = _run(capfd, line, "--measures", "te,backdoors")
    assert status == 0
    assert out[2].startswith("T&E-depth: 1 (")
    assert out[3].startswith("BRT backdoors: 2 (8r1c2, 9r1c5) (")


def test_its_help_is_the_commands_own(capfd: pytest.CaptureFixture[str]) -> None:
    """Not the top-level help: the usage at the system prompt, then what ``help difficulty``
    says (its declaration's help, filled the same way)."""
    for asked in (["--help"], ["-h"], [BACKDOOR_1, "--help"]):
        status, out, err = _run(capfd, *asked)
        assert (status, err) == (0, "")
        assert " ".join(" ".join(out[:2]).split()) == f"usage: {USAGE}"
        body = help_paragraphs(DIFFICULTY.help)  # (what help difficulty prints after its entry)
        assert out[-len(body) :] == body
        assert body == help_lines(DIFFICULTY)[-len(body) :]
        assert "positional arguments:" not in out
    said = " ".join(out)
    assert "--se-timeout T" in said and "all but backdoors2 and spread" in said


def test_the_top_level_help_names_it() -> None:
    said = " ".join(run_program("--help").stdout.decode().split())
    assert "sudoku-repl difficulty PUZZLE|FILE [N] [options] how hard one quiz is" in said


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        ((), 2, f"want a puzzle or a file first: {USAGE}"),
        ((SEED_FILE, "x"), 2, f"{N_IS}: a whole number from 1, not 'x': {USAGE}"),
        ((SEED_FILE, "0"), 2, f"{N_IS}: a whole number from 1, not '0': {USAGE}"),
        # A negative N is a wrong N, not an unknown option
        ((BACKDOOR_1, "-5"), 2, f"{N_IS}: a whole number from 1, not '-5': {USAGE}"),
        ((SEED_FILE, "-5", "--measures", "te"), 2, f"{N_IS}: a whole number from 1, not '-5'"),
        (
            (BACKDOOR_1, "2"),
            2,
            f"N is a line of a file, and a puzzle typed has none: {USAGE}",
        ),
        (
            (BACKDOOR_1, "--measures", "te,nope"),
            2,
            "'nope' is no measure: want a comma list of steps, se, te, b, backdoors, "
            f"backdoors2, guess, spread (both: steps,se), not 'te,nope': {USAGE}",
        ),
        ((BACKDOOR_1, "--isomorphs", "1001"), 2, f"--isomorphs takes 1 to 1000, not 1001: {USAGE}"),
        (
            (BACKDOOR_1, "--se-timeout", "0"),
            2,
            f"--se-timeout needs a number of seconds above 0 (0.5, 10): {USAGE}",
        ),
        (
            (BACKDOOR_1, "--sed", "1"),
            2,
            f"Unknown difficulty option '--sed' (did you mean --seed?); {USAGE}",
        ),
        # What is wanted, not load-quiz's "Fail to open quiz file"
        (("123",), 1, f"'123': no such file, and no puzzle: {WANTED}."),
        (("no/such/file.txt",), 1, f"'no/such/file.txt': no such file, and no puzzle: {WANTED}."),
        (("/",), 1, f"Cannot read /: it is a directory; {WANTED}."),
    ],
)
def test_bad_input_is_one_line(
    capfd: pytest.CaptureFixture[str], args: tuple[str, ...], status: int, said: str
) -> None:
    got, out, err = _run(capfd, *args)
    assert (got, out) == (status, [])
    assert len(err.splitlines()) == 1
    assert err.startswith(f"sudoku-repl difficulty: {said}")


def test_n_is_the_files_line_as_rate_numbers_it(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """With a blank line and a comment among the quizzes, N is the line
    ``rate`` gives the quiz, and a line that holds none is refused naming those that do."""
    mix = tmp_path / "mix.txt"
    mix.write_text(f"{BACKDOOR_1}\n\n# B4 next\n{B4}\n\n")
    assert main(["rate", str(mix)]) == 0
    rows = capfd.readouterr().out.splitlines()
    assert [row.split(",")[:2] for row in rows[2:]] == [["1", BACKDOOR_1], ["4", B4]]
    status, out, err = _run(capfd, str(mix), "4", "--measures", "b")
    assert (status, err) == (0, "")
    assert out[0].startswith(f"Difficulty of the quiz on line 4 of {mix} (")
    assert [line.split(" (")[0] for line in out[2:]] == ["T&E-depth: 1", "B: 4"]
    for line, why in (("2", "a blank line or a comment"), ("3", "a blank line or a comment"),
                      ("6", "it has 5 lines")):  # fmt: skip
        status, out, err = _run(capfd, str(mix), line)
        assert (status, out) == (1, [])
        assert err == (
            f"sudoku-repl difficulty: No quiz on line {line} of {mix} ({why}): its quiz lines "
            f"are lines 1 and 4; {N_IS}.\n"
        )


@pytest.mark.parametrize(
    ("lines", "line", "said"),
    [
        (
            ["garbage", "hello world", BACKDOOR_1, B4, "1" * 80, B4],
            "10",
            "(it has 6 lines): its quiz lines are lines 3-4 and 6 (3 other lines skipped, "
            "holding no quiz)",
        ),
        (
            ["garbage", B4],
            "5",
            "(it has 2 lines): its quiz is on line 2 (1 other line skipped, holding no quiz)",
        ),
        (
            ["1" * 80, "2" * 79],
            "3",
            "(it has 2 lines): none of its lines holds a quiz (2 lines skipped)",
        ),
    ],
)
def test_a_refusal_names_only_the_lines_that_hold_a_quiz(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], lines: list[str], line: str, said: str
) -> None:
    """Lines that hold no quiz (``rate`` says each) are counted apart, not among the quiz
    lines; a file of such lines alone says it holds none."""
    mix = tmp_path / "mix.txt"
    mix.write_text("".join(f"{text}\n" for text in lines))
    status, out, err = _run(capfd, str(mix), line)
    assert (status, out) == (1, [])
    assert err == f"sudoku-repl difficulty: No quiz on line {line} of {mix} {said}; {N_IS}.\n"


def test_a_nine_line_file_is_its_first_rows_line(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capfd, SEED_FILE, "2", "--measures", "te")
    assert status == 0
    assert out[0].startswith(f"Difficulty of the quiz on line 2 of {SEED_FILE} (")
    status, out, err = _run(capfd, SEED_FILE, "1")
    assert (status, out) == (1, [])
    assert err == (
        f"sudoku-repl difficulty: No quiz on line 1 of {SEED_FILE}: it holds one quiz, read "
        f"from line 2 (rate's line); {N_IS}, or none.\n"
    )


def test_a_file_short_of_quiz_n_is_one_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    quizzes = tmp_path / "one.txt"
    quizzes.write_text(BACKDOOR_1 + "\n")
    status, out, err = _run(capfd, str(quizzes), "3")
    assert (status, out) == (1, [])
    assert err.startswith("sudoku-repl difficulty: ") and len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_as_a_program_it_prints_the_dossier_and_nothing_else() -> None:
    done = run_program("difficulty", BACKDOOR_1, "--measures", "te")
    assert (done.returncode, done.stderr) == (0, b"")
    lines = done.stdout.decode().splitlines()
    assert lines[0].startswith("Difficulty of the quiz (sudoku-repl ")
    assert lines[2].startswith("T&E-depth: 1 (") and len(lines) == 3


@pytest.mark.parametrize("asked", [["--help"], [BACKDOOR_1, "--measures", "te"]])
def test_standard_output_that_cannot_be_written_is_one_line_and_a_reader_gone_none(
    asked: list[str],
) -> None:
    """As ``rate`` and ``serate``: a full disk is one line and status 1; a reader that went
    away (``| head -1``) ends it quietly, no traceback (it was a ``BrokenPipeError``'s)."""
    import subprocess
    import sys

    from tests.support.helpers import REPO, program_env

    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "sudoku_repl", "difficulty", *asked],
            cwd=REPO, stdout=full, stderr=subprocess.PIPE, timeout=120, env=program_env(),
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr == (
        b"sudoku-repl difficulty: Cannot write standard output: No space left on device.\n"
    )
    reader = subprocess.Popen(
        [sys.executable, "-m", "sudoku_repl", "difficulty", *asked],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=program_env(),
    )  # fmt: skip
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # the reader is gone before the first line
    err = reader.stderr.read()
    assert reader.wait(timeout=120) in (0, 1)
    assert b"Traceback" not in err and b"BrokenPipe" not in err

"""Hardening, second round: a quiz that cannot be used is refused with one
line saying what is wrong with what was given, in the user's words, and ``load-quiz`` and
``sudoku-repl rate`` use the same words for the same fault.

6. a line of 82 cells is refused (it was loaded, its last character dropped), by ``load-quiz``
   (in a file and typed inline) and by ``rate``, in the same words;
7. an 80-cell line or argument says "80 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed", an empty file says so, a
   nine-line file with fewer rows keeps the original's ``has only <k> rows``;
8. a JSON quiz file's faults name what is wrong, never a Python exception;
9. ``rate`` rates a nine-line file as one quiz, and a file with no quiz at all is one line and
   exit status 2.

Expected lines are written out by hand from docs/commands.md 4 and the README ("Rating puzzle
files"); the seed figures come from docs/engine.md 10.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.core.errors import QuizError
from sudoku_repl.text.quiz_files import load
from tests.support.helpers import REPO, SEED_QUIZ

CORPUS = REPO / "tests" / "corpus"
EIGHTY_TWO = "." * 81 + "5"
EIGHTY = SEED_QUIZ[:80]
DOTTED_SEED = SEED_QUIZ.replace("0", ".")
PYTHON_ERROR = re.compile(r"[A-Z][A-Za-z]*(Error|Exception)\b")


def refusal(argument: str, number: int = 1) -> str:
    """The one line ``load-quiz argument [number]`` is refused with (in process)."""
    with pytest.raises(QuizError) as caught:
        load(argument, number)
    line = caught.value.line
    assert "\n" not in line and not PYTHON_ERROR.search(line), line
    return line


def program(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m sudoku_repl ARGS`` from the repository root, output captured as text."""
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run(
        [sys.executable, "-m", "sudoku_repl", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def batch_says(command: str) -> str:
    """The line a batch run of one ``command`` prints after echoing it (the command fails)."""
    done = program("-c", command)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    return lines[lines.index(command) + 1]


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def rate_fails_in_one_line(path: str) -> str:
    """``rate path``: exit status 2, nothing on stdout, one line on stderr (returned)."""
    done = program("rate", path)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("sudoku-repl rate: ")
    assert not PYTHON_ERROR.search(done.stderr), done.stderr
    return done.stderr.rstrip("\n")


# -- 6. a line of 82 cells ------------------------------------------------------------------


def test_82_cells_in_a_file_are_refused_not_cut(tmp_path: Path) -> None:
    path = write(tmp_path, "q.txt", EIGHTY_TWO + "\n")
    assert (
        refusal(path)
        == "Invalid line 1: 82 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )
    assert refusal(str(CORPUS / "eighty_two_chars.txt")) == (
        "Invalid line 1: 82 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )


def test_82_cells_as_a_later_quiz_of_a_one_per_line_file(tmp_path: Path) -> None:
    path = write(tmp_path, "q.txt", f"{SEED_QUIZ}\n{EIGHTY_TWO}\n")
    assert str(load(path)) == DOTTED_SEED  # quiz 1 lies before it
    assert (
        refusal(path, 2)
        == "Invalid line 2: 82 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )


def test_82_cells_typed_inline_are_refused_in_the_same_words() -> None:
    assert (
        refusal(EIGHTY_TWO)
        == "Invalid quiz: 82 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )
    assert (
        batch_says(f"load-quiz {EIGHTY_TWO}")
        == "Invalid quiz: 82 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )


def test_rate_reports_an_82_cell_line_in_the_same_words(tmp_path: Path) -> None:
    path = write(tmp_path, "q.txt", f"{SEED_QUIZ}\n{EIGHTY_TWO}\n{SEED_QUIZ}\n")
    done = program("rate", path)
    assert done.returncode == 0, done.stderr
    assert [
        row.split(",")[0] for row in done.stdout.splitlines()[2:]
    ]  # (past the settings line, the header) == ["1", "3"]
    err = done.stderr.splitlines()
    assert (
        err[0]
        == f"sudoku-repl rate: {path}:2: 82 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )
    assert "2 quizzes rated; 1 malformed line skipped" in err[1] and len(err) == 2


# -- 7. messages that say what is wrong with what was given -----------------------------------


@pytest.mark.parametrize("extra", ["", f"{SEED_QUIZ}\n{SEED_QUIZ}\n"], ids=["alone", "then_more"])
def test_80_cells_on_a_line_are_80_cells_not_1_row(tmp_path: Path, extra: str) -> None:
    path = write(tmp_path, "q.txt", EIGHTY + "\n" + extra)
    assert (
        refusal(path)
        == "Invalid line 1: 80 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )


def test_the_corpus_80_character_file() -> None:
    assert refusal(str(CORPUS / "eighty_chars.txt")) == (
        "Invalid line 1: 80 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )


def test_80_cells_typed_inline_are_an_attempted_quiz_not_a_missing_file() -> None:
    assert (
        refusal(EIGHTY)
        == "Invalid quiz: 80 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )
    dotted = "." * 80
    assert (
        batch_says(f"load-quiz {dotted}")
        == "Invalid quiz: 80 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    )


def test_a_bad_character_in_an_inline_quiz_is_named_with_its_place() -> None:
    """Docs/commands.md 4 takes 27 cells or more typed in place of a file name as an
    attempted quiz; one letter or blank among 81 characters is named, not a missing file."""
    wrong = "Invalid quiz: character {} is {!r}, not a cell (1-9, or 0 or . when empty)."
    with_x = SEED_QUIZ[:9] + "X" + SEED_QUIZ[10:]
    assert refusal(with_x) == wrong.format(10, "X")
    assert batch_says(f"load-quiz {with_x}") == wrong.format(10, "X")
    assert refusal(SEED_QUIZ[:80] + " ") == wrong.format(81, " ")
    assert refusal("z" + EIGHTY[1:] + "yy") == wrong.format(1, "z")  # the first one is named
    nine_wrong = "abcdefghi" + SEED_QUIZ[9:]
    assert refusal(nine_wrong) == wrong.format(1, "a")


def test_a_binary_line_shows_every_byte_that_is_not_text_as_a_question_mark(
    tmp_path: Path,
) -> None:
    """A byte that is no UTF-8 (read as U+FFFD) is printed as a control byte is."""
    path = tmp_path / "q.bin"
    path.write_bytes(b"\x80\xff\x01ab\x1b\xc3c\n")
    assert refusal(str(path)) == "Invalid line 1: ???ab??c."


def test_a_missing_file_whose_name_holds_many_digits_is_still_a_missing_file(
    tmp_path: Path,
) -> None:
    for name in ("quiz-2024-" + "0" * 30 + ".txt", f"{tmp_path}/{with_slash()}"):
        assert refusal(name) == f"Fail to open quiz file {name}: No such file or directory."


def with_slash() -> str:
    """An 81-character quiz with a ``/``: a path, never an attempted quiz."""
    return SEED_QUIZ[:40] + "/" + SEED_QUIZ[41:]


def test_a_grid_of_80_cells_in_inline_grids_or_a_grid_list_file(tmp_path: Path) -> None:
    inline = f"0,0:{'.' * 81};0,6:{'.' * 80}"
    assert refusal(inline) == "Invalid quiz: grid 2 has 80 characters where 81 are needed."
    path = write(tmp_path, "grids.txt", f"0,0 {'.' * 81}\n0,6 {'.' * 80}\n")
    assert refusal(path) == "Invalid line 2: 80 characters where 81 are needed."


def test_a_short_missing_name_is_still_a_missing_file() -> None:
    assert refusal("2024.10") == "Fail to open quiz file 2024.10: No such file or directory."


@pytest.mark.parametrize(
    "name, says",
    [
        ("empty.txt", "is empty."),
        ("comments_only.txt", "has only comments and blank lines."),
        ("blank_lines_only.txt", "has only blank lines."),
    ],
)
def test_a_file_without_a_quiz_says_so(name: str, says: str) -> None:
    path = str(CORPUS / name)
    assert refusal(path) == f"Quiz file {path} {says}"


def test_a_nine_line_file_with_fewer_rows_keeps_the_original_line() -> None:
    path = str(CORPUS / "eight_rows.txt")
    assert refusal(path) == f"Quiz file {path} has only 8 rows."


def test_an_empty_file_in_batch_mode(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.txt", "")
    assert batch_says(f"load-quiz {path}") == f"Quiz file {path} is empty."


# -- 8. JSON quiz files ------------------------------------------------------------------------

GOOD = {"at": [0, 0], "quiz": "." * 81}


@pytest.mark.parametrize(
    "content, says",
    [
        ("this is not JSON\n", "not JSON at line 1 column 1 (Expecting value)."),
        ('{"grids": [\n  {"at": [0, 0]\n', "not JSON at line 3 column 1 (Expecting ',' delimiter)."),
        ("[1, 2]", 'no "grids" list (want {"grids": [{"at": [row, col], "quiz": "..."}, ...]}).'),
        ('{"quiz": "..."}', 'no "grids" list (want {"grids": [{"at": [row, col], "quiz": "..."}, ...]}).'),
        ('{"grids": 5}', '"grids" is not a list.'),
        ('{"grids": [5]}', 'grid 1 is not an object with "at" and "quiz".'),
        (json.dumps({"grids": [GOOD, {"quiz": "." * 81}]}), 'grid 2 has no "at".'),
        (json.dumps({"grids": [{"at": [0, 0]}]}), 'grid 1 has no "quiz".'),
        (json.dumps({"grids": [{"at": [0], "quiz": 5}]}), 'grid 1: "at" is not [row, col], two whole numbers from 0 to 9999.'),
        (json.dumps({"grids": [{"at": ["0", "0"], "quiz": "." * 81}]}), 'grid 1: "at" is not [row, col], two whole numbers from 0 to 9999.'),
        (json.dumps({"grids": [{"at": [0.5, 0], "quiz": "." * 81}]}), 'grid 1: "at" is not [row, col], two whole numbers from 0 to 9999.'),
        (json.dumps({"grids": [{"at": [True, 0], "quiz": "." * 81}]}), 'grid 1: "at" is not [row, col], two whole numbers from 0 to 9999.'),
        (json.dumps({"grids": [{"at": [-3, 0], "quiz": "." * 81}]}), 'grid 1: "at" is not [row, col], two whole numbers from 0 to 9999.'),
        (json.dumps({"grids": [{"at": [0, 0], "quiz": 5}]}), 'grid 1: "quiz" is not a string.'),
        (json.dumps({"grids": [{"at": [0, 0], "quiz": "." * 80}]}), 'grid 1: "quiz" has 80 characters where 81 are needed.'),
        (json.dumps({"grids": [{"at": [0, 0], "quiz": "x" * 81}]}), "grid 1: \"quiz\" is not 81 cells of 0-9 or '.'."),
    ],
)  # fmt: skip
def test_json_faults_are_named_in_the_users_words(tmp_path: Path, content: str, says: str) -> None:
    path = write(tmp_path, "q.json", content)
    assert refusal(path) == f"Invalid quiz file {path}: {says}"


def test_json_corpus_files() -> None:
    for name, says in [
        ("not_json.json", "not JSON at line 1 column 1 (Expecting value)."),
        ("bad_shape.json", 'grid 1: "at" is not [row, col], two whole numbers from 0 to 9999.'),
        ("binary.json", "not JSON: not UTF-8 text."),
    ]:
        path = str(CORPUS / name)
        assert refusal(path) == f"Invalid quiz file {path}: {says}"


def test_a_good_json_grid_still_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "q.json", json.dumps({"grids": [{"at": [0, 0], "quiz": SEED_QUIZ}]}))
    assert str(load(path)) == DOTTED_SEED


# -- 9. rate and files that are not one quiz per line ---------------------------------------


def test_rate_rates_a_nine_line_file_as_one_quiz() -> None:
    done = program("rate", "examples/seed.txt")
    assert done.returncode == 0, done.stderr
    settings, header, row = done.stdout.splitlines()
    assert settings.startswith("# sudoku-repl rate ") and header.startswith("line,quiz,")
    fields = row.split(",")
    # the quiz's first row is line 2 (line 1 is a comment); docs/engine.md 10 for the figures
    assert fields[:8] == ["2", DOTTED_SEED, "131", "11", "284", "1", "11", "27"]
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("sudoku-repl rate: 1 quiz rated; 0 malformed lines skipped")


def test_rate_of_a_binary_file_is_one_line_and_status_2() -> None:
    line = rate_fails_in_one_line(str(CORPUS / "binary.bin"))
    assert "binary.bin" in line and "Invalid line 1" in line


@pytest.mark.parametrize(
    "name, says",
    [
        ("empty.txt", "is empty."),
        ("comments_only.txt", "has only comments and blank lines."),
        ("eight_rows.txt", "has only 8 rows."),
    ],
)
def test_rate_of_a_file_without_a_quiz_is_one_line_and_status_2(name: str, says: str) -> None:
    path = str(CORPUS / name)
    assert rate_fails_in_one_line(path) == f"sudoku-repl rate: Quiz file {path} {says}"


def test_rate_of_a_file_of_bad_lines_only_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.txt", f"# two bad lines\n{EIGHTY}\n{EIGHTY_TWO}\n")
    assert rate_fails_in_one_line(path) == (
        f"sudoku-repl rate: {path} has no quiz (2 malformed lines; line 2: 80 characters where 81 "
        "(a puzzle) or 729 (a pencil-mark line) are needed)."
    )


def test_rate_of_a_puzzle_of_several_grids_is_one_line_and_status_2() -> None:
    line = rate_fails_in_one_line("examples/samurai.txt")
    assert line == (
        "sudoku-repl rate: examples/samurai.txt is a puzzle of 5 grids; rate takes 9x9 quizzes."
    )


def test_rate_keeps_a_bad_first_line_among_good_ones_a_reported_line(tmp_path: Path) -> None:
    path = write(tmp_path, "q.txt", f"oops\n{SEED_QUIZ}\n")
    done = program("rate", path)
    assert done.returncode == 0, done.stderr
    assert [
        row.split(",")[0] for row in done.stdout.splitlines()[2:]
    ]  # (past the settings line, the header) == ["2"]
    err = done.stderr.splitlines()
    assert (
        err[0]
        == f"sudoku-repl rate: {path}:1: not a puzzle line (81 characters of 0-9 or ., or 729: a pencil-mark line): 'oops'."
    )
    assert "1 quiz rated; 1 malformed line skipped" in err[1] and len(err) == 2


def test_rate_with_skip_past_the_quizzes_is_not_a_file_without_quizzes(tmp_path: Path) -> None:
    path = write(tmp_path, "q.txt", f"{SEED_QUIZ}\n")
    done = program("rate", path, "--skip", "1")
    assert done.returncode == 0, done.stderr
    assert "0 quizzes rated" in done.stderr

"""A puzzle line, read in one place for every surface: ``rate``, ``load-quiz``
(a file of one quiz a line, or a quiz typed in place of a file), ``sudoku-repl difficulty`` and
the API's ``difficulty``.

- The field's own files are read: a puzzle followed by ``;``, ``,``, ``#``, a tab or blanks and
  notes is that puzzle (SHC's published ``TE-input.txt``, 342 lines, 142 of them
  ``PUZZLE;1;3;MithTE3#1;Trid=3``; its ``BpB-input.txt``, ``PUZZLE  11.2 11.2 11.1  ;elev...``).
- A wrong length is said in one wording everywhere, with the real length (a 2.5 MB line's too),
  naming both lengths a puzzle line may have: 81 and 729.
- A file of one short line (``1.......2.3..2..4``) is a puzzle line too short, not one row.
- A character that is no cell is named escaped (``'\\x00'``), never printed raw.
- A UTF-16 file (with its byte order mark) is read by ``rate`` as by ``load-quiz``.

The expected lines are written out here by hand from the issue's words; SHC's files and figures
are SHC's own (``tests/data/README.md``).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

import sudoku_repl
from sudoku_repl.core.errors import QuizError, UserError
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.difficulty_cli import main_difficulty
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.text.quiz_files import load
from sudoku_repl.tools.rating.reading import read_quizzes
from tests.support.helpers import SEED_QUIZ, TEST_DATA, slow_on_pure
from tests.support.rate_output import without_settings

SHC_TE = TEST_DATA / "shc" / "TE-input.txt"
SHC_TE_DEPTHS = TEST_DATA / "shc" / "TE-output-expected.txt"
SHC_BPB = TEST_DATA / "shc" / "BpB-input-head.txt"
DOTTED_SEED = SEED_QUIZ.replace("0", ".")
#: the one wording of a wrong length, after its count
WANTED = "characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed"


def rated(
    path: Path, capsys: pytest.CaptureFixture[str], *options: str
) -> tuple[list[dict[str, str]], list[str]]:
    """``rate PATH OPTIONS`` in process: its rows, and its lines on stderr (the summary last)."""
    assert main_rate([str(path), *options]) == 0
    out, err = capsys.readouterr()
    return list(csv.DictReader(io.StringIO(without_settings(out)))), err.splitlines()


def refused_by_rate(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """``rate PATH`` of a file without a quiz: exit status 2 and its one line."""
    assert main_rate([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return err.rstrip("\n")


def refused_by_load_quiz(argument: str, number: int = 1) -> str:
    with pytest.raises(QuizError) as refused:
        load(argument, number)
    return refused.value.line


def refused_by_the_api(puzzle: str) -> str:
    with pytest.raises(UserError) as refused:
        sudoku_repl.difficulty(puzzle, "te")
    return refused.value.line


# -- the field's own files ---------------------------------------------------------------------


def test_every_line_of_shcs_te_input_is_its_puzzle_for_rate_and_load_quiz() -> None:
    lines = SHC_TE.read_text().splitlines()
    assert len(lines) == 342 and sum(line[81] == ";" for line in lines) == 142
    read = list(read_quizzes(str(SHC_TE)))
    assert [n for n, _ in read] == list(range(1, 343))
    assert all(isinstance(quiz, Quiz) for _, quiz in read)
    assert [str(quiz) for _, quiz in read] == [line[:81] for line in lines]
    for number in (1, 201, 342):  # a blank and a number after it; a ';' and notes
        assert str(load(str(SHC_TE), number)) == lines[number - 1][:81]


@slow_on_pure
def test_rate_gives_shcs_own_te_depths_on_its_te_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Lines 199-206 of the file (blanks, then ``;`` and notes, from line 201) rated with the
    T&E-depth SHC publishes for them."""
    depths = SHC_TE_DEPTHS.read_text().splitlines()[1:]  # (its first line is a title)
    rows, err = rated(SHC_TE, capsys, "--scale", "te", "--skip", "198", "--limit", "8")
    assert [row["line"] for row in rows] == [str(n) for n in range(199, 207)]
    assert [row["te"] for row in rows] == depths[198:206]
    assert len(err) == 1 and "0 malformed lines skipped" in err[0]


def test_rate_and_load_quiz_read_shcs_bpb_lines(capsys: pytest.CaptureFixture[str]) -> None:
    lines = SHC_BPB.read_text().splitlines()
    rows, _ = rated(SHC_BPB, capsys)
    assert [row["quiz"] for row in rows] == [line[:81] for line in lines]
    assert str(load(str(SHC_BPB), 4)) == lines[3][:81]


@pytest.mark.parametrize(
    "note",
    [";1;3;MithTE3#1;Trid=3", ",7.2,7.2,1.2", "#17 clues", "\tED=11.9", "  11.2 11.2 11.0", " "],
    ids=["semicolon", "comma", "hash", "tab", "blanks", "a blank alone"],
)
def test_a_note_after_a_puzzle_leaves_the_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], note: str
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(f"{SEED_QUIZ}{note}\n{DOTTED_SEED}{note}\n")
    rows, err = rated(path, capsys)
    assert [(row["line"], row["quiz"]) for row in rows] == [("1", DOTTED_SEED), ("2", DOTTED_SEED)]
    assert [row["steps_total"] for row in rows] == ["284", "284"]  # docs/engine.md 10
    assert "0 malformed lines skipped" in err[-1]
    assert str(load(str(path), 2)) == DOTTED_SEED
    assert sudoku_repl.difficulty(SEED_QUIZ + note, "te").unrated is None


# -- one wording for a wrong length ------------------------------------------------------------


@pytest.mark.parametrize("length", [17, 80, 82, 728, 730])
def test_a_wrong_length_says_its_length_and_both_lengths_wanted_on_every_surface(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], length: int
) -> None:
    puzzle = ("1.......2.3..2..4" + "." * 713)[:length]
    fault = f"{length:,} {WANTED}"
    path = tmp_path / "q.txt"
    path.write_text(f"{SEED_QUIZ}\n{puzzle}\n")
    rows, err = rated(path, capsys)
    assert [row["line"] for row in rows] == ["1"]
    assert err[0] == f"sudoku-repl rate: {path}:2: {fault}."
    assert refused_by_load_quiz(str(path), 2) == f"Invalid line 2: {fault}."
    assert refused_by_the_api(puzzle) == f"Invalid quiz: {fault}."
    if length >= 27:  # (typed in place of a file, a shorter word may name one: 2024.10)
        assert refused_by_load_quiz(puzzle) == f"Invalid quiz: {fault}."
        assert main_difficulty([puzzle]) == 1
        assert capsys.readouterr().err == f"sudoku-repl difficulty: Invalid quiz: {fault}.\n"


def test_a_file_of_one_short_line_is_a_short_puzzle_line_not_one_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.txt"
    path.write_text("1.......2.3..2..4\n")
    fault = f"17 {WANTED}"
    assert refused_by_rate(path, capsys) == (
        f"sudoku-repl rate: {path} has no quiz (1 malformed line; line 1: {fault})."
    )
    assert refused_by_load_quiz(str(path)) == f"Invalid line 1: {fault}."
    row = tmp_path / "row.txt"  # nine cells alone: a nine-line file's first row, as before
    row.write_text("005300000\n")
    assert refused_by_load_quiz(str(row)) == f"Quiz file {row} has only 1 row."


def test_an_overlong_line_says_its_real_length_to_load_quiz_too(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("." * 2_500_000 + "\n" + SEED_QUIZ + "\n")
    assert refused_by_load_quiz(str(path)) == f"Invalid line 1: 2,500,000 {WANTED}."
    assert [n for n, _ in read_quizzes(str(path))] == [1, 2]


# -- a character that is no cell ---------------------------------------------------------------


def test_a_control_character_is_named_escaped_never_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with_nul = SEED_QUIZ[:40] + "\x00" + SEED_QUIZ[41:]
    with_esc = SEED_QUIZ[:80] + "\x1b"
    path = tmp_path / "q.txt"
    path.write_text(f"{with_nul}\n{with_esc}\n{SEED_QUIZ}\n")
    _, err = rated(path, capsys)
    nul = r"character 41 is '\x00', not a cell (1-9, or 0 or . when empty)"
    esc = r"character 81 is '\x1b', not a cell (1-9, or 0 or . when empty)"
    assert err[:2] == [f"sudoku-repl rate: {path}:1: {nul}.", f"sudoku-repl rate: {path}:2: {esc}."]
    assert all(line.isprintable() for line in err)
    assert refused_by_load_quiz(str(path)) == f"Invalid line 1: {nul}."
    assert refused_by_the_api(with_nul) == f"Invalid quiz: {nul}."
    pencil_marks = "123456789" * 80 + "12345678\x07"
    assert refused_by_the_api(pencil_marks) == (
        r"Invalid candidate string: character 729 is '\x07', not 9 or . ([9,9]'s 9: nine "
        "characters a cell, the k-th k or .)"
    )


# -- UTF-16 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_rate_reads_a_utf16_file_as_load_quiz_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str
) -> None:
    path = tmp_path / "utf16.txt"
    bom = "" if encoding == "utf-16" else "\ufeff"  # (the codec without an order writes its own)
    path.write_bytes(f"{bom}# two quizzes\r\n{SEED_QUIZ}\r\n{DOTTED_SEED};2\r\n".encode(encoding))
    rows, err = rated(path, capsys)
    assert [(row["line"], row["quiz"]) for row in rows] == [("2", DOTTED_SEED), ("3", DOTTED_SEED)]
    assert "0 malformed lines skipped" in err[-1]
    assert str(load(str(path), 2)) == DOTTED_SEED

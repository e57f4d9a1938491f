"""Hardening: any quiz file is either loaded and solved correctly, or refused with one
line while the previous quiz stays loaded.

The nasty files live in ``tests/corpus/`` (see its README.md); huge and unreadable files are made
in ``tmp_path``. Expected lines come from docs/commands.md 4, expected solution counts from
``tests/data/edge_cases_expected.tsv`` or are derived by hand (the corpus README says how), and
every printed solution is checked by ``tests/oracles/brute.py``, not by the code under test.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import (
    NO_QUIZ,
    REPO,
    SEED_FILE,
    SEED_QUIZ,
    SLOW,
    edge_case,
    edge_cases,
    grid_of,
    puzzle_lines,
    run_program,
    slow_cases,
)
from tests.support.huge_files import MB, MEASURE, measure_load, write_huge, write_sparse
from tests.support.soundness import (
    CORPUS,
    SEED_END,
    error_line_is_clear,
    is_valid_solution,
    new_repl,
    run_commands,
    snapshot,
    steps_shown,
)

TEN = edge_case("ten_solutions").puzzle
FOUR = edge_case("four_solutions").puzzle
SOLVED1 = edge_case("solved1").puzzle
UNSOLVABLE_BOX = edge_case("unsolvable_box").puzzle
INSUFFICIENT = edge_case("insufficient_givens").puzzle
INVALID = re.compile(r"Invalid quiz \[steps:(\d+)\] - no more solution \(solution sum is (\d+)\)")
CLASH = re.compile(
    r"Invalid quiz: (\d) appears twice in (row|col|blk) (\d) \(\[(\d),(\d)\] and \[(\d),(\d)\]\)\."
)


def solutions_printed(lines: list[str]) -> list[str]:
    """The grids printed before each ``Fine [...]`` line, as 81-digit strings."""
    found = []
    for k, line in enumerate(lines):
        if line.startswith("Fine [steps:"):
            rows = [x for x in lines[max(0, k - 12) : k] if re.fullmatch(r"\d{3} \d{3} \d{3}", x)]
            assert len(rows) == 9, lines[max(0, k - 12) : k + 1]
            found.append("".join(rows).replace(" ", ""))
    return found


def load_line(path: Path | str, number: int | None = None) -> str:
    return f"load-quiz {path}" + ("" if number is None else f" {number}")


def check_whole_search(repl_lines: list[str], givens: str, solutions: int) -> None:
    """``runrun 0`` output: ``solutions`` distinct valid solutions, then the end of the search."""
    found = solutions_printed(repl_lines)
    assert len(found) == solutions
    assert len(set(found)) == solutions
    assert all(is_valid_solution(grid_of(s), grid_of(givens)) for s in found)
    ends = [m for line in repl_lines if (m := INVALID.fullmatch(line))]
    assert len(ends) == 1 and int(ends[0].group(2)) == solutions, ends


# -- corpus files that load ------------------------------------------------------------------

# (file, quiz number or None, the quiz it holds, its solution count)
LOADS = [
    ("crlf.txt", None, SEED_QUIZ, 1),
    ("cr_only.txt", None, SEED_QUIZ, 1),
    ("bom.txt", None, SEED_QUIZ, 1),
    ("bom_crlf_one_per_line.txt", None, SEED_QUIZ, 1),
    ("bom_crlf_one_per_line.txt", 2, TEN, 10),
    ("tabs.txt", None, SEED_QUIZ, 1),
    ("original_layout.txt", None, SEED_QUIZ, 1),
    ("dots_and_spaces.txt", None, SEED_QUIZ, 1),
    ("no_final_newline.txt", None, SEED_QUIZ, 1),
    ("letters_in_rows.txt", None, SEED_QUIZ, 1),
    ("comments_and_blanks.txt", None, SEED_QUIZ, 1),
    ("long_rows.txt", None, SEED_QUIZ, 1),
    ("ten_rows.txt", None, SEED_QUIZ, 1),
    ("nul_bytes.txt", None, SEED_QUIZ, 1),
    ("utf16.txt", None, SEED_QUIZ, 1),
    ("long_comment_line.txt", None, SEED_QUIZ, 1),
    ("one_per_line.txt", None, SEED_QUIZ, 1),
    ("one_per_line.txt", 2, TEN, 10),
    ("one_per_line.txt", 3, FOUR, 4),
    ("one_per_line_bad_line.txt", None, SEED_QUIZ, 1),
    ("one_per_line_bad_line.txt", 1, SEED_QUIZ, 1),
    ("clash_one_per_line.txt", None, SEED_QUIZ, 1),
    ("solved.txt", None, SOLVED1, 1),
    ("solved_minus_one.txt", None, SOLVED1[:40] + "0" + SOLVED1[41:], 1),
    ("no_solution.txt", None, UNSOLVABLE_BOX, 0),
    ("ten_solutions.txt", None, TEN, 10),
]


@pytest.mark.parametrize(
    "name, number, quiz, solutions",
    LOADS,
    ids=[f"{n}" + ("" if k is None else f"#{k}") for n, k, _, _ in LOADS],
)
def test_corpus_file_loads_and_solves(
    name: str, number: int | None, quiz: str, solutions: int
) -> None:
    repl, out = new_repl()
    assert run_commands(repl, out, load_line(CORPUS / name, number)) == ["Quiz loaded."]
    assert repl.session.quiz is not None
    assert list(repl.session.quiz.givens) == grid_of(quiz)
    lines = run_commands(repl, out, "runrun 0")
    check_whole_search(lines, quiz, solutions)
    if quiz == SEED_QUIZ:
        assert SEED_END in lines


def test_solved_grid_minus_one_cell_gives_back_the_grid() -> None:
    repl, out = new_repl()
    run_commands(repl, out, load_line(CORPUS / "solved_minus_one.txt"))
    lines = run_commands(repl, out, "run")
    assert solutions_printed(lines) == [SOLVED1]


def test_already_solved_grid_is_reported_at_once() -> None:
    repl, out = new_repl()
    run_commands(repl, out, load_line(CORPUS / "solved.txt"))
    lines = run_commands(repl, out, "step")
    # docs/engine.md 3: the first step computes candidates; no cell is empty: a solution
    assert lines[-1] == "Fine [steps:1, solution sum:1]."
    assert solutions_printed(lines) == [SOLVED1]


@pytest.mark.parametrize("name", ["zero_givens.txt", "zero_givens_dots.txt"])
def test_zero_givens_loads_and_run_finds_a_valid_grid(name: str) -> None:
    repl, out = new_repl()
    run_commands(repl, out, load_line(CORPUS / name))
    assert repl.session.quiz is not None and not any(repl.session.quiz.givens)
    lines = run_commands(repl, out, "run")
    found = solutions_printed(lines)
    assert len(found) == 1 and is_valid_solution(grid_of(found[0]), [0] * 81)
    assert not repl.session.finished


def test_very_many_solutions_file_gives_distinct_solutions_one_run_at_a_time() -> None:
    repl, out = new_repl()
    run_commands(repl, out, load_line(CORPUS / "very_many_solutions.txt"))
    lines = run_commands(repl, out, "runrun 5")
    found = solutions_printed(lines)
    assert len(found) == len(set(found)) == 5
    assert all(is_valid_solution(grid_of(s), grid_of(INSUFFICIENT)) for s in found)
    assert not repl.session.finished
    assert repl.session.state().solutions == 5


# -- corpus files and arguments that are refused -------------------------------------------------


def _p(name: str) -> str:
    return str(CORPUS / name)


# (id, the load-quiz argument, the one line expected); hand-derived, see tests/corpus/README.md
REFUSALS = [
    ("empty", _p("empty.txt"), f"Quiz file {_p('empty.txt')} is empty."),
    (
        "comments_only",
        _p("comments_only.txt"),
        f"Quiz file {_p('comments_only.txt')} has only comments and blank lines.",
    ),
    (
        "blank_lines_only",
        _p("blank_lines_only.txt"),
        f"Quiz file {_p('blank_lines_only.txt')} has only blank lines.",
    ),
    ("eight_rows", _p("eight_rows.txt"), f"Quiz file {_p('eight_rows.txt')} has only 8 rows."),
    (
        "eighty_chars",
        _p("eighty_chars.txt"),
        "Invalid line 1: 80 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed.",
    ),
    (
        "eighty_two_chars",
        _p("eighty_two_chars.txt"),
        "Invalid line 1: 82 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed.",
    ),
    ("short_row", _p("short_row.txt"), "Invalid line 4: 40000530."),
    ("letters_only_row", _p("letters_only_row.txt"), "Invalid line 6: abcdefghi."),
    (
        "unicode_digits",
        _p("unicode_digits.txt"),
        "Invalid line 1: \uff10\uff10\uff15\uff13\uff10\uff10\uff10\uff10\uff10.",
    ),
    ("binary", _p("binary.bin"), "Invalid line 1: ?PNG."),
    ("clash_row", _p("clash_row.txt"), "Invalid quiz: 5 appears twice in row 1 ([1,3] and [1,9])."),
    ("clash_col", _p("clash_col.txt"), "Invalid quiz: 8 appears twice in col 1 ([2,1] and [9,1])."),
    ("clash_blk", _p("clash_blk.txt"), "Invalid quiz: 5 appears twice in blk 1 ([1,3] and [2,2])."),
    (
        "clash_one_per_line#2",
        _p("clash_one_per_line.txt") + " 2",
        "Invalid quiz: 1 appears twice in row 1 ([1,1] and [1,2]).",
    ),
    (
        "one_per_line#4",
        _p("one_per_line.txt") + " 4",
        f"Quiz file {_p('one_per_line.txt')} has only 3 quizzes.",
    ),
    (
        "one_per_line_bad_line#2",
        _p("one_per_line_bad_line.txt") + " 2",
        "Invalid line 2: not a puzzle line (81 characters of 0-9 or ., or 729: a pencil-mark line): 'this line is not a quiz'.",
    ),
    (
        "nine_line_format#2",
        _p("solved.txt") + " 2",
        f"Quiz file {_p('solved.txt')} has only 1 quiz.",
    ),
    (
        "quiz_number_0",
        _p("one_per_line.txt") + " 0",
        "The quiz number counts from 1: load-quiz <file> [N]",
    ),
    (
        "missing",
        _p("no_such_file.txt"),
        f"Fail to open quiz file {_p('no_such_file.txt')}: No such file or directory.",
    ),
    ("directory", str(CORPUS), f"Fail to open quiz file {CORPUS}: it is a directory."),
    (
        "through_a_regular_file",
        _p("empty.txt") + "/quiz.txt",
        f"Fail to open quiz file {_p('empty.txt')}/quiz.txt: Not a directory.",
    ),
    ("inline_clash", "11" + "." * 79, "Invalid quiz: 1 appears twice in row 1 ([1,1] and [1,2])."),
    (  # A letter typed in place of a cell is an attempted quiz, not a missing file
        "inline_bad_character",
        SEED_QUIZ[:9] + "X" + SEED_QUIZ[10:],
        "Invalid quiz: character 10 is 'X', not a cell (1-9, or 0 or . when empty).",
    ),
    ("no_argument", "", "No quiz file specified."),
]


def assert_refused_keeping_the_quiz(argument: str, expected: str | None) -> str:
    """Load the seed quiz and step a little, then try ``argument``: one line, nothing changed,
    and the session goes on exactly as before (docs/engine.md 10: `run` reaches the first solution
    at step 131)."""
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 20")
    before = snapshot(repl)
    steps = repl.session.state().steps
    out.clear()
    assert not repl.execute(f"load-quiz {argument}".rstrip())
    assert len(out.lines) == 1 and out.errors == out.lines, out.lines
    line = out.lines[0]
    if expected is not None:
        assert line == expected
    assert error_line_is_clear(line), line
    assert snapshot(repl) == before
    assert steps_shown(run_commands(repl, out, "show")) == [steps]
    assert "Fine [steps:131, solution sum:1]." in run_commands(repl, out, "run")
    return line


@pytest.mark.parametrize(
    "argument, expected", [(a, e) for _, a, e in REFUSALS], ids=[i for i, _, _ in REFUSALS]
)
def test_bad_quiz_is_refused_with_one_line_and_the_previous_quiz_stays(
    argument: str, expected: str
) -> None:
    assert_refused_keeping_the_quiz(argument, expected)


@pytest.mark.parametrize(
    "argument, expected", [(a, e) for _, a, e in REFUSALS[:4]], ids=[i for i, _, _ in REFUSALS[:4]]
)
def test_bad_quiz_before_any_quiz_leaves_no_quiz(argument: str, expected: str) -> None:
    repl, out = new_repl()
    assert not repl.execute(f"load-quiz {argument}")
    assert out.lines == [expected]
    assert not repl.session.loaded
    out.clear()
    assert not repl.execute("show")
    assert out.lines == [NO_QUIZ]


@pytest.mark.parametrize(
    ("text", "number", "has"),
    [
        (SEED_QUIZ + "\n", 2, "1 quiz"),
        (SEED_QUIZ + "\n" + SEED_QUIZ + "\n", 3, "2 quizzes"),
        ("123456789\n", 1, "1 row"),
        ("123456789\n987654321\n", 1, "2 rows"),
    ],
)
def test_a_file_too_short_says_its_count_in_its_number(
    tmp_path: Path, text: str, number: int, has: str
) -> None:
    """``Quiz file examples/seed.txt has only 1 quizzes.``"""
    quiz = tmp_path / "short.txt"
    quiz.write_text(text)
    assert_refused_keeping_the_quiz(f"{quiz} {number}", f"Quiz file {quiz} has only {has}.")


def test_a_line_that_is_no_quiz_is_passed_over_and_named(tmp_path: Path) -> None:
    """Quiz N of a file of one a line loads though a line before it is no quiz (N
    counts quiz lines, that one included, as ``rate --skip`` counts them), and the line passed
    over is named; N on that line, or past the end, is one line and the quiz stays."""
    quiz = tmp_path / "mixed.txt"
    quiz.write_text(f"# two good, one bad, one good\n{SEED_QUIZ}\n{TEN}\ngarbage\n\n{FOUR}\n")
    repl, out = new_repl()
    assert run_commands(repl, out, f"load-quiz {quiz} 4") == [
        "Quiz loaded.",
        "Passed over line 4, which is not a quiz: garbage.",
    ]
    assert str(repl.session.quiz) == FOUR.replace("0", ".")
    assert_refused_keeping_the_quiz(
        f"{quiz} 3",
        "Invalid line 4: not a puzzle line (81 characters of 0-9 or ., or 729: a pencil-mark "
        "line): 'garbage'.",
    )
    assert_refused_keeping_the_quiz(
        f"{quiz} 5",
        f"Quiz file {quiz} has only 4 quiz lines; passed over line 4, which is not a quiz: "
        "garbage.",
    )
    out.clear()
    assert run_commands(repl, out, f"load-quiz {quiz} 2") == ["Quiz loaded."]  # (none before)


def test_several_lines_passed_over_are_named_on_one_line(tmp_path: Path) -> None:
    bad = ["x1", SEED_QUIZ[:80], "x3", "x4", "x5", "x6", "x7"]
    quiz = tmp_path / "bad.txt"
    quiz.write_text("".join(f"{line}\n" for line in [SEED_QUIZ, *bad[:2], TEN, *bad[2:], FOUR]))
    repl, out = new_repl()
    assert run_commands(repl, out, f"load-quiz {quiz} 1") == ["Quiz loaded."]
    assert run_commands(repl, out, f"load-quiz {quiz} 4") == [
        "Quiz loaded.",
        "Passed over lines 2 and 3, which are not quizzes (line 2: x1).",
    ]
    assert str(repl.session.quiz) == TEN.replace("0", ".")
    assert run_commands(repl, out, f"load-quiz {quiz} 10") == [
        "Quiz loaded.",
        "Passed over lines 2, 3, 5, 6, 7 and 2 more, which are not quizzes (line 2: x1).",
    ]
    assert str(repl.session.quiz) == FOUR.replace("0", ".")


def test_a_line_that_is_no_library_line_is_passed_over(tmp_path: Path) -> None:
    library = (REPO / "puzzles" / "formats" / "easy01_hodoku_library.txt").read_text()
    first, second = library.splitlines()
    quiz = tmp_path / "library.txt"
    quiz.write_text(f"{first}\nnot one\n{second}\n")
    repl, out = new_repl()
    assert run_commands(repl, out, f"load-quiz {quiz} 3") == [
        "Quiz loaded.",
        "Passed over line 2, which is not a quiz: not one (not a library line, as line 1 is).",
    ]
    assert_refused_keeping_the_quiz(
        f"{quiz} 2", "Invalid line 2: not one (not a library line, as line 1 is)."
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file; see the non-directory case")
def test_unreadable_file_is_refused(tmp_path: Path) -> None:
    quiz = tmp_path / "locked.txt"
    quiz.write_text(SEED_QUIZ + "\n")
    quiz.chmod(0)
    try:
        assert_refused_keeping_the_quiz(
            str(quiz), f"Fail to open quiz file {quiz}: Permission denied."
        )
    finally:
        quiz.chmod(0o644)


# -- puzzles/: the puzzles without a solution, the puzzles with many ------------------------------

NO_SOLUTION = puzzle_lines("invalid_no_solution.txt")
LABELS = {e.puzzle: e for e in edge_cases()}
UNIT_OF_LABEL = {"duplicate_row": "row", "duplicate_col": "col", "duplicate_box": "blk"}
UNITS = {
    "row": lambda r, c: r,
    "col": lambda r, c: c,
    "blk": lambda r, c: (r - 1) // 3 * 3 + (c - 1) // 3 + 1,
}


def test_the_puzzle_lists_are_as_the_tests_expect() -> None:
    assert len(NO_SOLUTION) == 17
    assert all(LABELS[p].expected == 0 for p in NO_SOLUTION)
    assert len(MULTIPLE) == 20


@pytest.mark.parametrize(
    "puzzle",
    # tdoku's ten take seconds each to search to the end: the quick run keeps the first
    slow_cases(NO_SOLUTION, lambda p: LABELS[p].label == "no_solution" and p != NO_SOLUTION[0]),
    ids=[LABELS[p].label + f"-{k}" for k, p in enumerate(NO_SOLUTION, 1)],
)
def test_no_solution_puzzle_is_refused_or_searched_to_solution_sum_0(puzzle: str) -> None:
    label = LABELS[puzzle].label
    repl, out = new_repl()
    if label in UNIT_OF_LABEL:
        line = assert_refused_keeping_the_quiz(puzzle, None)
        m = CLASH.fullmatch(line)
        assert m, line
        v, unit, u, r1, c1, r2, c2 = m.groups()
        assert unit == UNIT_OF_LABEL[label]
        cells = [(int(r1), int(c1)), (int(r2), int(c2))]
        assert cells[0] != cells[1]
        for r, c in cells:  # the line names a real clash of the puzzle
            assert puzzle[(r - 1) * 9 + c - 1] == v
            assert UNITS[unit](r, c) == int(u)
        return
    assert run_commands(repl, out, f"load-quiz {puzzle}") == ["Quiz loaded."]
    lines = run_commands(repl, out, "runrun 0")
    assert solutions_printed(lines) == []
    ends = [m for line in lines if (m := INVALID.fullmatch(line))]
    assert len(ends) == 1 and ends[0].group(2) == "0"
    assert repl.session.finished


MULTIPLE = [p for p in puzzle_lines("multiple_solutions.txt") if LABELS[p].expected is not None]


@pytest.mark.parametrize(
    "puzzle",
    slow_cases(MULTIPLE, lambda p: (LABELS[p].expected or 0) > 100),  # a long search each
    ids=[LABELS[p].label for p in MULTIPLE],
)
def test_multiple_solution_puzzle_runs_to_its_solution_sum(puzzle: str) -> None:
    expected = LABELS[puzzle].expected
    assert expected is not None and expected < 5000
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {puzzle}")
    lines = run_commands(repl, out, "runrun 0")
    check_whole_search(lines, puzzle, expected)


# -- huge files ---------------------------------------------------------------------------------

#: what loading the first quiz of a huge file may grow (peak RSS, Linux KiB): reading one whole
#: is 100 MB and more (the load's CPU seconds: benchmarks/bench_huge_files.py)
MAX_GROWTH_KB = 16 * 1024


@pytest.fixture(scope="module")
def huge_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("huge")
    rows = "".join(SEED_QUIZ[i : i + 9] + "\n" for i in range(0, 81, 9))
    return {
        "nine_lines": write_huge(d / "nine_lines.txt", rows),
        "one_per_line": write_huge(d / "one_per_line.txt", f"{SEED_QUIZ}\n{TEN}\n"),
        "bad_third_line": write_sparse(d / "bad_third_line.txt", rows[:20] + "oops\n", 100 * MB),
        "no_line_break": write_sparse(d / "no_line_break.txt", "", 100 * MB),
    }


@SLOW
@pytest.mark.parametrize(
    "which, number, quiz",
    [
        ("nine_lines", None, SEED_QUIZ),
        ("one_per_line", None, SEED_QUIZ),
        ("one_per_line", 2, TEN),
    ],
    ids=["nine_lines", "one_per_line", "one_per_line#2"],
)
def test_huge_file_loads_its_quiz_quickly_without_reading_it_whole(
    huge_files: dict[str, Path], which: str, number: int | None, quiz: str
) -> None:
    path = huge_files[which]
    assert path.stat().st_size >= 100 * MB
    result = measure_load(load_line(path, number))
    assert result["ok"] and result["lines"] == ["Quiz loaded."]
    assert result["quiz"] == quiz.replace("0", ".")
    assert result["grown_kb"] < MAX_GROWTH_KB, result


@SLOW
def test_huge_file_with_a_bad_line_is_refused_quickly(huge_files: dict[str, Path]) -> None:
    result = measure_load(load_line(huge_files["bad_third_line"]))
    assert not result["ok"] and result["lines"] == ["Invalid line 3: oops."]
    assert result["grown_kb"] < MAX_GROWTH_KB, result


@SLOW
def test_huge_file_without_line_breaks_is_not_held_in_memory(huge_files: dict[str, Path]) -> None:
    """(Found by this suite: one 100 MB line was read and decoded whole: +1 GB, 21 s.)"""
    path = huge_files["no_line_break"]
    result = measure_load(load_line(path))
    assert not result["ok"] and len(result["lines"]) == 1  # type: ignore[arg-type]
    assert str(result["lines"][0]).startswith("Invalid line 1: ")  # type: ignore[index]
    assert result["grown_kb"] < MAX_GROWTH_KB, result


# -- puzzles of several grids (README "Samurai and flower sudoku") ---------------------------------


@pytest.mark.parametrize(
    "name, says",
    [
        ("not_json.json", "not JSON at line 1 column 1 (Expecting value)."),
        ("bad_shape.json", 'grid 1: "at" is not [row, col], two whole numbers from 0 to 9999.'),
        ("binary.json", "not JSON: not UTF-8 text."),
    ],
)
def test_bad_json_quiz_file_is_one_line(name: str, says: str) -> None:
    assert_refused_keeping_the_quiz(_p(name), f"Invalid quiz file {_p(name)}: {says}")


def test_json_quiz_file_without_grids_is_one_line() -> None:
    """(Found by this suite: a ValueError from the geometry escaped.)"""
    line = assert_refused_keeping_the_quiz(_p("empty_grids.json"), None)
    assert line.startswith("Invalid quiz") and "no grid" in line


@SLOW
def test_huge_json_file_is_not_read_whole(tmp_path: Path) -> None:
    """(Found by this suite: json.load read 100 MB whole.)"""
    path = write_sparse(tmp_path / "huge.json", '{"grids": [', 100 * MB)
    result = measure_load(load_line(path))
    assert not result["ok"] and len(result["lines"]) == 1  # type: ignore[arg-type]
    assert result["grown_kb"] < MAX_GROWTH_KB, result


def _many_grids_frame(path: Path) -> str:
    """A frame layout of 99 rows of 39 cells, a gap of 3, 39 cells: 682 grids, 7.7 kB."""
    path.write_text("".join("." * 39 + "   " + "." * 39 + "\n" for _ in range(99)))
    return f"load-quiz {path}"


def _many_grids_inline(path: Path) -> str:
    """300 grids side by side typed inline: a 27 kB line."""
    return "load-quiz " + ";".join(f"0,{6 * k}:{'.' * 81}" for k in range(300))


@pytest.mark.parametrize(
    "make", [_many_grids_frame, _many_grids_inline], ids=["frame-file", "inline-line"]
)
def test_puzzle_of_very_many_grids_loads_or_is_refused_quickly(
    make: object, tmp_path: Path
) -> None:
    """(Found by this suite: a 7.7 kB frame of 682 grids took 11 s, Ctrl-C could not stop it.)"""
    command = make(tmp_path / "many.txt")  # type: ignore[operator]
    try:
        result = subprocess.run(
            [sys.executable, "-c", MEASURE, str(REPO), command],
            capture_output=True,
            text=True,
            timeout=60,  # a hang's guard (wall clock); the cost is the CPU bound below
        )
    except subprocess.TimeoutExpired as e:
        raise AssertionError("still loading after 60 s") from e
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert loaded["seconds"] < 1.0
    assert len(loaded["lines"]) == 1  # "Quiz loaded." or the one line refusing it


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_endless_file_is_refused() -> None:
    """(Found by this suite: the loader skipped the endless first line forever.)"""
    try:
        result = subprocess.run(
            [sys.executable, "-c", MEASURE, str(REPO), "load-quiz /dev/zero"],
            capture_output=True,
            text=True,
            timeout=60,  # a hang's guard (wall clock); the cost is the CPU bound below
        )
    except subprocess.TimeoutExpired as e:
        raise AssertionError("still reading after 60 s") from e
    loaded = json.loads(result.stdout)
    assert not loaded["ok"] and len(loaded["lines"]) == 1


# -- a named FIFO is refused at once (load-quiz, source, -x, rate and the quiz
# argument waited for ever on a FIFO with no writer, and Ctrl-C did not end the wait) --------

FIFO_REASON = (
    "a FIFO, which would wait for a writer; give a regular file, or send it to standard input "
    "(sudoku-repl < FIFO)"
)


@pytest.mark.parametrize(
    ("template", "prefix"),
    [("load-quiz {}", "Fail to open quiz file"), ("source {}", "Cannot read")],
)
def test_a_fifo_is_refused_in_one_line_and_the_session_stays(
    tmp_path: Path, template: str, prefix: str
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {SEED_FILE}", "runtil 20")
    before = snapshot(repl)
    out.clear()
    assert not repl.execute(template.format(fifo))
    assert out.lines == out.errors == [f"{prefix} {fifo}: {FIFO_REASON}."]
    assert snapshot(repl) == before


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("-x", "{}"), "sudoku-repl: cannot read {}: " + FIFO_REASON),
        (("{}", "-c", "bye"), "Fail to open quiz file {}: " + FIFO_REASON + "."),
        (("rate", "{}"), "sudoku-repl rate: Cannot read {}: " + FIFO_REASON + "."),
    ],
)
def test_a_fifo_on_the_command_line_ends_at_once(
    tmp_path: Path, args: tuple[str, ...], said: str
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = run_program(*(a.format(fifo) for a in args), text=True, timeout=60)
    assert done.returncode in (1, 2)
    assert said.format(fifo) in (done.stdout + done.stderr).splitlines()


def test_an_unnamed_pipe_is_still_read(tmp_path: Path) -> None:
    """``/dev/stdin`` given on purpose, from a pipe: read as a file."""
    done = run_program(
        "-c", "load-quiz /dev/stdin; show", input=(REPO / SEED_FILE).read_bytes(), timeout=60
    )
    assert done.returncode == 0 and b"Quiz loaded." in done.stdout

"""``sudoku-repl generate``, the maker: what it makes is checked by the tests' own
backtracker (``tests/oracles/brute.py``: one solution, minimal), its canonical forms are
distinct, its ratings are ``rate --scale se``'s, the same seed makes the same puzzles (with 1
or 2 workers), and bad input is one line."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.making import Symmetry
from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.tools.making import targets as targets
from sudoku_repl.tools.making.targets import Span
from tests.oracles import brute
from tests.support.helpers import NEEDS_NATIVE_EXPLAINER, NO_DASK, program_env, run_program
from tests.support.rate_output import without_settings


def generated(
    capsys: pytest.CaptureFixture[str], *argv: str, status: int = 0
) -> tuple[list[str], str]:
    """The lines ``sudoku-repl generate argv`` prints on stdout, and its stderr."""
    assert main_generate(list(argv)) == status
    done = capsys.readouterr()
    return done.out.splitlines(), done.err


def grid(puzzle: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in puzzle[:81])


def minimal(puzzle: tuple[int, ...], symmetry: Symmetry = Symmetry.NONE) -> bool:
    """No orbit of givens can go (the test's own count)."""
    for orbit in symmetry.orbits:
        given = [c for c in orbit if puzzle[c]]
        if given:
            lighter = [0 if k in given else v for k, v in enumerate(puzzle)]
            if brute.count_solutions(lighter, 2) == 1:
                return False
    return True


# -- the ranges ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("9.0-", Span(90, None)),
        ("-7.0", Span(None, 70)),
        ("8.3", Span(83, 83)),
        ("8.0-9.0", Span(80, 90)),
        (" 7 - 8.5 ", Span(70, 85)),
        ("10.6-", Span(106, None)),
    ],
)
def test_a_rating_range_reads_as_typed(text: str, span: Span) -> None:
    assert targets.rating_span("--er", text) == span


@pytest.mark.parametrize("text", ["9.05-", "a-b", "-", "", "9.0--", "9,0", "1e1"])
def test_a_rating_range_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(UserError, match=r"--er takes a range: A-B, A- \(A and above\)"):
        targets.rating_span("--er", text)


def test_a_count_range_is_of_whole_numbers() -> None:
    assert targets.count_span("--level", "2-3") == Span(2, 3)
    assert targets.count_span("--steps", "-40") == Span(None, 40)
    with pytest.raises(UserError, match="--level takes a range"):
        targets.count_span("--level", "2.5")


def test_spans_hold_their_ends() -> None:
    span = Span(80, 90)
    assert [span.holds(v) for v in (79, 80, 85, 90, 91)] == [False, True, True, True, False]
    assert Span(90, None).holds(200) and not Span(None, 70).holds(71)


# -- bad input: one line, exit status 2 --------------------------------------------------------

#: 16 givens: no puzzle on them has one solution
SIXTEEN = "x" * 16 + "." * 65
#: rows 1 and 2 (one band) empty, 30 givens elsewhere
TWO_EMPTY_ROWS = "." * 18 + "x" * 30 + "." * 33


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--er", "9.0-8.0"], "--er 9.0-8.0: an empty range (its start is above its end)"),
        (["--ep", "x"], "--ep takes a range"),
        (["--level", "5-2"], "--level 5-2: an empty range"),
        (["--pattern", "xx.."], "--pattern: a pattern is 81 characters"),
        (["--pattern", SIXTEEN], "it has 16 givens, fewer than 17"),
        (["--pattern", TWO_EMPTY_ROWS], "rows 1 and 2 of one band are empty"),
        (
            ["--technique", "xwing"],
            "--technique 'xwing': no technique of serate's has that name; the nearest: X-Wing",
        ),
        (["--symmetry", "spiral"], "argument --symmetry: invalid choice: 'spiral'"),
        (["--count", "0"], "argument --count: want a whole number >= 1"),
        (["--near", "/nonexistent/file"], "Cannot read /nonexistent/file"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    out, err = generated(capsys, *argv, status=2)
    assert out == []
    (line,) = err.splitlines()
    assert said in line


def test_a_pattern_a_symmetry_does_not_keep_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # row r holds columns r and r+3 (mod 9), and r1c2: no empty row or column, 19 givens
    cells = {9 * r + c for r in range(9) for c in (r, (r + 3) % 9)} | {1}
    pattern = "".join("x" if k in cells else "." for k in range(81))
    _, err = generated(capsys, "--pattern", pattern, "--symmetry", "rot180", status=2)
    assert "it is not rot180-symmetric" in err


# -- what it makes ------------------------------------------------------------------------------


@NEEDS_NATIVE_EXPLAINER
def test_what_it_makes_is_minimal_unique_distinct_and_rated_as_rate_rates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines, err = generated(capsys, "--er", "2.0-7.5", "--count", "6", "--seed", "11")
    assert len(lines) == 6, err
    puzzles = [line.split()[0] for line in lines]
    for puzzle in puzzles:
        givens = grid(puzzle)
        assert brute.count_solutions(givens, 2) == 1
        assert minimal(givens)
    assert len({canonical_form(grid(p)) for p in puzzles}) == 6
    # the ratings are rate --scale se's, and each is in the range asked for
    source = tmp_path / "made.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main_rate([str(source), "--scale", "se"]) == 0
    rows = list(csv.DictReader(io.StringIO(without_settings(capsys.readouterr().out))))
    assert [f"{r['er']}/{r['ep']}/{r['ed']}" for r in rows] == [line.split()[1] for line in lines]
    assert all(2.0 <= float(r["er"]) <= 7.5 for r in rows)


def test_lacking_digit_each_puzzle_lacks_a_digit_and_without_it_not_always(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--lacking-digit``: the givens are taken away a digit at a time (``by_digit``), the
    first digit's all; without it the plain random order, whose puzzles mostly have all nine."""
    lines, err = generated(
        capsys, "--er", "2.0-", "--lacking-digit", "--count", "5", "--seed", "12"
    )
    assert len(lines) == 5, err
    assert all(len(set(line[:81]) - {"."}) == 8 for line in lines)
    for line in lines:
        givens = grid(line)
        assert brute.count_solutions(givens, 2) == 1
        assert minimal(givens, Symmetry.NONE)
    lines, err = generated(capsys, "--er", "2.0-", "--count", "5", "--seed", "12")
    assert len(lines) == 5, err
    assert any(len(set(line[:81]) - {"."}) == 9 for line in lines)


@pytest.mark.parametrize("other", [["--symmetry", "rot180"], ["--pattern", "x" * 30 + "." * 51]])
def test_lacking_digit_is_refused_with_a_symmetry_or_a_pattern(
    capsys: pytest.CaptureFixture[str], other: list[str]
) -> None:
    lines, err = generated(capsys, "--lacking-digit", *other, status=2)
    assert lines == []
    said = err.strip().splitlines()
    assert said == [
        "sudoku-repl generate: --lacking-digit takes the givens away a digit at a time from a "
        "random grid: give it without --symmetry, --pattern and --near"
    ]


def test_with_a_symmetry_no_orbit_of_givens_can_go(capsys: pytest.CaptureFixture[str]) -> None:
    lines, _ = generated(capsys, "--symmetry", "rot90", "--count", "2", "--seed", "5")
    assert len(lines) == 2
    for line in lines:
        givens = grid(line)
        assert brute.count_solutions(givens, 2) == 1
        assert minimal(givens, Symmetry.ROT90)
        for orbit in Symmetry.ROT90.orbits:  # all of an orbit's cells given, or none
            assert len({bool(givens[c]) for c in orbit}) == 1


def test_the_original_figures_are_those_of_run(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.oracles.reference_engine import run_steps

    lines, _ = generated(capsys, "--level", "1-", "--count", "2", "--seed", "3")
    assert len(lines) == 2
    for line in lines:
        puzzle, said = line.split(" ", 1)
        steps, _, biggest = run_steps(puzzle.replace(".", "0"), 1)
        assert biggest >= 1, (line, steps)
        # The line says them, as the shell's does
        assert said == f"[steps:{steps}, biggest level:{biggest}]", line


@NEEDS_NATIVE_EXPLAINER
def test_the_same_seed_makes_the_same_puzzles_with_one_worker_or_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--er", "3.0-", "--count", "4", "--seed", "7"]
    one, _ = generated(capsys, *argv)
    again, _ = generated(capsys, *argv)
    two, _ = generated(capsys, *argv, "--jobs", "2")
    assert len(one) == 4
    assert one == again == two


@NEEDS_NATIVE_EXPLAINER
def test_a_technique_asked_for_is_on_the_path(capsys: pytest.CaptureFixture[str]) -> None:
    lines, _ = generated(capsys, "--technique", "x-wing", "--count", "1", "--seed", "2")
    (line,) = lines
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", "serate", "--after=%s", line.split()[0]],
        capture_output=True,
        text=True,
        check=True,
    )
    assert any(step.startswith("X-Wing:") for step in done.stdout.splitlines())


@pytest.mark.skipif(
    os.environ.get("SUDOKU_REPL_ENGINE") == "pure", reason="the pure build is the one here"
)
def test_the_pure_build_makes_the_same_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_repl.core import native
    from sudoku_repl.techniques.explainer import native as explainer

    if not (native.available() and explainer.available()):
        pytest.skip(f"no native build here: {native.build()}; {explainer.build()}")
    argv = ["generate", "--er", "2.5-", "--count", "2", "--seed", "19"]
    native_lines, _ = generated(capsys, *argv[1:])
    pure = subprocess.run(
        [sys.executable, "-m", "sudoku_repl", *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "SUDOKU_REPL_ENGINE": "pure"},
        check=True,
    )
    said = [line for line in pure.stderr.splitlines() if "the pure-Python build runs" in line]
    assert len(said) == 1, pure.stderr  # (said on stderr, one line: tools/rating/se_build)
    assert pure.stdout.splitlines() == native_lines


def test_the_shells_symmetry_words_are_the_makers() -> None:
    from sudoku_repl.commands.declared.making import SYMMETRIES

    assert tuple(s.value for s in Symmetry) == SYMMETRIES


@NEEDS_NATIVE_EXPLAINER
def test_the_shell_makes_and_loads_the_first_puzzle() -> None:
    from tests.support.helpers import Shell

    shell = Shell()
    said = shell.ok("generate --er 3.0- --seed 7 --count 2")
    puzzles = [line.split()[0] for line in said if len(line.split()[0]) == 81]
    assert said[0] == "Seed 7 (generate --seed 7 makes the same puzzles)."
    assert len(puzzles) == 2 and said[-1] == "Quiz loaded."
    quiz = shell.repl.session.quiz
    assert quiz is not None and tuple(quiz.givens) == grid(puzzles[0])


def test_the_shell_refuses_seed_003s_options_beside_the_makers() -> None:
    from tests.support.helpers import Shell

    (line,) = Shell().fails("generate --clues 24 --er 9.0-")
    assert line == (
        "generate: --clues is an option of scramble (seed 003's quizzes from one grid), not of "
        "generate (minimal puzzles to order), and --er is generate's: give each its own options"
    )


@NEEDS_NATIVE_EXPLAINER
def test_the_api_iterates_the_same_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    import sudoku_repl

    made = list(sudoku_repl.generate(er="3.0-", count=3, seed=7))
    lines, _ = generated(capsys, "--er", "3.0-", "--count", "3", "--seed", "7")
    assert [m.line for m in made] == lines
    assert all(m.er is not None and m.er >= 3.0 for m in made)


def test_a_target_no_puzzle_reaches_runs_until_its_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines, err = generated(capsys, "--er", "19.9-", "--time", "0.5", "--seed", "1")
    assert lines == []
    assert err.splitlines()[-1].startswith("sudoku-repl generate: 0 puzzles kept; made ")


def test_ctrl_c_in_the_shell_keeps_what_was_found_and_loads_nothing() -> None:
    from tests.support.helpers import Shell

    shell = Shell(interrupted=lambda: True)
    said = shell.ok("generate --er 3.0- --seed 7 --count 5")
    assert said[-1].startswith("Interrupted: 0 puzzles kept")
    assert shell.repl.session.quiz is None


#: the givens' cells of a minimal puzzle the maker made (seed 1), 25 of them
PATTERN = "x..x.....x.x.x..x....x.....x..x..x...x.....x...x..x..x....x.x...x.x..x..xx.x..x.x"


def test_on_a_pattern_the_givens_are_its_cells(capsys: pytest.CaptureFixture[str]) -> None:
    lines, _ = generated(capsys, "--pattern", PATTERN, "--count", "2", "--seed", "1")
    assert len(lines) == 2
    for line in lines:
        givens = grid(line)
        assert "".join("x" if v else "." for v in givens) == PATTERN
        assert brute.count_solutions(givens, 2) == 1
        assert minimal(givens)


def test_a_pattern_in_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "pattern.txt"
    source.write_text("# a pattern\n" + "\n".join(PATTERN[k : k + 9] for k in range(0, 81, 9)))
    lines, _ = generated(capsys, "--pattern", str(source), "--seed", "1")
    assert "".join("x" if v else "." for v in grid(lines[0])) == PATTERN


@NEEDS_NATIVE_EXPLAINER
def test_near_a_hard_puzzle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tests.support.helpers import TEST_DATA, read_lines

    hard = next(
        line.split()[0]
        for line in read_lines(TEST_DATA / "se_hard_rated.txt")
        if float(line.split()[1]) >= 10.6
    )
    source = tmp_path / "hard.txt"
    source.write_text(hard + " a note\n", encoding="utf-8")
    lines, _ = generated(
        capsys, "--near", str(source), "--er", "10.0-", "--count", "2", "--seed", "1"
    )
    assert len(lines) == 2
    forms = {canonical_form(grid(hard))} | {canonical_form(grid(line)) for line in lines}
    assert len(forms) == 3  # new, and not the same as each other
    for line in lines:
        assert float(line.split()[1].split("/")[0]) >= 10.0
        near = grid(line)
        assert sum(a != b for a, b in zip(near, grid(hard))) <= 8  # near it


def test_near_a_puzzle_without_one_solution_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = tmp_path / "two.txt"
    source.write_text("." * 81 + "\n", encoding="utf-8")
    _, err = generated(capsys, "--near", str(source), status=2)
    assert "the puzzle has several solutions; the search starts from puzzles with one" in err


def test_executor_dask_makes_the_puzzles_of_one_process(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason=NO_DASK)
    argv = ["generate", "--er", "3.0-", "--count", "5", "--seed", "7"]
    one = run_program(*argv, text=True)
    env = program_env(TMPDIR=str(tmp_path))  # the workers' scratch space
    dask = run_program(*argv, "--executor", "dask", "--jobs", "2", text=True, env=env)
    assert dask.returncode == 0, dask.stderr
    assert dask.stdout == one.stdout and one.stdout.count("\n") == 5

"""``sudoku-repl rate``: one quiz's figures, whole files in one or two processes, the output
formats, malformed lines, bad command lines, Ctrl-C and the terminal-only progress bar.

Expected figures come from sources the code did not write: docs/engine.md 10 for the seed quiz, the
reference trace of ``norvig_hardest11`` (steps, solution sum and biggest level of ``runrun 0``,
new guesses counted from its ``Guess`` lines), and the solution counts of
``edge_cases_expected.tsv``.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import re
import signal
import subprocess
import sys
import tracemalloc
from pathlib import Path

import attrs
import pexpect
import pytest

from sudoku_repl.core.quiz import Quiz
from sudoku_repl.frontends.rate_cli import main_rate
from sudoku_repl.text import quiz_files
from sudoku_repl.tools.rating.pool import rate_batches, unbatched
from sudoku_repl.tools.rating.rate import POLL_STEPS, Rating, rate_quiz
from sudoku_repl.tools.rating.reading import read_quizzes
from sudoku_repl.tools.rating.rows import COLUMNS
from tests.support.helpers import PUZZLES, REFERENCE, REPO, SEED_QUIZ, SLOW, edge_cases, run_program
from tests.support.rate_output import without_settings

TOP95 = PUZZLES / "norvig_top95.txt"
FORUM = PUZZLES / "forum_hardest_1905_11plus_sample1000.txt"
FIELDS_BUT_MS = [c for c in COLUMNS if c != "ms"]


def rate(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The command line as a subprocess, stdout and stderr being pipes (not terminals)."""
    return run_program("rate", *args, text=True, timeout=timeout)


def rows(csv_text: str) -> list[dict[str, str]]:
    reader = csv.DictReader(io.StringIO(without_settings(csv_text)))
    assert tuple(reader.fieldnames or ()) == COLUMNS
    return list(reader)


def expected_solutions() -> dict[str, int | None]:
    """quiz -> expected solution count (None: 100,000 or more) from the edge-case table."""
    return {e.puzzle: e.expected for e in edge_cases()}


# -- one quiz --------------------------------------------------------------------------------


def test_seed_quiz_figures() -> None:
    rating = rate_quiz(SEED_QUIZ)
    # docs/engine.md 10: run -> Fine at 131, biggest 11; run again -> end at 284, biggest 7
    assert (rating.steps_first, rating.biggest_first) == (131, 11)
    assert (rating.steps_total, rating.solutions, rating.biggest_total) == (284, 1, 11)
    assert rating.complete
    guess_lines = (REFERENCE / "seed_run_run.trace").read_text().count(") Guess [")
    assert rating.guesses == guess_lines == 27
    assert rating.ms > 0


def test_max_steps_stops_the_search_and_says_so() -> None:
    after_first = rate_quiz(SEED_QUIZ, max_steps=200)
    assert (after_first.steps_first, after_first.biggest_first) == (131, 11)
    assert after_first.steps_total in (200, 201)  # a filter-and-guess step may overshoot by one
    assert (after_first.solutions, after_first.complete) == (1, False)
    before_first = rate_quiz(SEED_QUIZ, max_steps=100)
    assert (before_first.steps_first, before_first.biggest_first) == (None, None)
    assert before_first.steps_total in (100, 101) and not before_first.complete
    assert before_first.solutions == 0


def test_the_record_cap_changes_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    uncapped = attrs.evolve(rate_quiz(SEED_QUIZ), ms=0.0)
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "128")  # the smallest cap: drops many times
    assert attrs.evolve(rate_quiz(SEED_QUIZ), ms=0.0) == uncapped


def test_whole_searches_agree_with_the_hardest11_reference_trace() -> None:
    trace = (REFERENCE / "norvig_hardest11.trace").read_text()
    expected = {}
    for block in trace.split("# quiz ")[1:]:
        text = block.split("\n", 1)[0].strip()
        m = re.search(r"# steps (\d+), solution sum (\d+), biggest level (\d+)", block)
        assert m is not None
        expected[text] = (*(int(g) for g in m.groups()), block.count(") Guess ["))
    entries = list(read_quizzes(str(PUZZLES / "norvig_hardest11.txt")))
    quizzes = [(n, q) for n, q in entries if isinstance(q, Quiz)]
    assert len(quizzes) == len(entries) == len(expected) == 11
    for _, quiz, r in unbatched(rate_batches(quizzes)):
        assert (r.steps_total, r.solutions, r.biggest_total, r.guesses) == expected[str(quiz)]
        assert r.complete and r.steps_first is not None and r.steps_first <= r.steps_total
        assert r.biggest_first is not None and r.biggest_first <= r.biggest_total


def test_solution_sums_of_multiple_solution_quizzes() -> None:
    counts = expected_solutions()
    small = [  # the ones with a count known and small enough to search quickly
        (n, q)
        for n, q in read_quizzes(str(PUZZLES / "multiple_solutions.txt"))
        if isinstance(q, Quiz) and (count := counts.get(str(q))) is not None and count <= 130
    ]
    assert len(small) >= 10
    for _, quiz, r in unbatched(rate_batches(small, jobs=1)):
        assert r.solutions == counts[str(quiz)] and r.complete


def test_no_solution_and_solved_grids() -> None:
    labels = ("unsolvable_box", "unsolvable_row", "solved1", "last_empty_square")
    by_label = {e.label: (e.puzzle, e.expected) for e in edge_cases() if e.label in labels}
    for label in labels:
        quiz, count = by_label[label]
        r = rate_quiz(quiz)
        assert r.solutions == count and r.complete, label
        if count == 0:
            assert (r.steps_first, r.biggest_first) == (None, None), label
        else:
            assert r.steps_first is not None and r.biggest_first == 0, label  # no guess needed


def test_read_quizzes_numbers_lines_and_names_the_fault(tmp_path: Path) -> None:
    clash = "11" + SEED_QUIZ[2:]
    path = tmp_path / "q.txt"
    dotted = SEED_QUIZ.replace("0", ".")
    path.write_text(f"# a comment\n\n{SEED_QUIZ}\n{SEED_QUIZ[:80]}\n  {clash}  \n{dotted}\n")
    got = list(read_quizzes(str(path)))
    assert [n for n, _ in got] == [3, 4, 5, 6]
    assert str(got[0][1]) == str(got[3][1]) == dotted
    # The words load-quiz uses, naming both lengths a puzzle line may have
    assert got[1][1] == "80 characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
    assert got[2][1] == "Invalid quiz: 1 appears twice in row 1 ([1,1] and [1,2])."


@pytest.mark.parametrize("length", [65_535, 65_536, 2_500_000, 5 * 1024 * 1024], ids=str)
def test_an_overlong_line_is_one_entry_and_the_numbering_stays_the_files(
    tmp_path: Path, length: int
) -> None:
    """(a line of more than a MiB was read as several lines, so a quiz after
    2.5 MiB of junk was called line 4.) The file's lines are numbered as an editor numbers
    them; a line cut for its length is one entry that says so; reading it holds a piece of
    it at a time, never the whole line."""
    path = tmp_path / "q.txt"
    dotted = SEED_QUIZ.replace("0", ".")
    with open(path, "w", newline="") as f:  # (an \r\n line among them: its end is one end)
        f.write(f"{SEED_QUIZ}\n{'x' * length}\n{'7' * length}\r\n\n{SEED_QUIZ}\n")
    tracemalloc.start()
    try:
        got = list(read_quizzes(str(path)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [n for n, _ in got] == [1, 2, 3, 5]
    assert str(got[0][1]) == str(got[3][1]) == dotted
    if length < quiz_files.MAX_LINE:  # read whole: a line that is no quiz, shown shortened
        assert str(got[1][1]).startswith(
            "not a puzzle line (81 characters of 0-9 or ., or 729: a pencil-mark line): 'xxx"
        )
        assert (
            got[2][1]
            == f"{length:,} characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
        )
    else:
        wanted = "characters where 81 (a puzzle) or 729 (a pencil-mark line) are needed."
        assert got[1][1] == got[2][1] == f"{length:,} {wanted}"  # (its real length)
    assert peak < 16 * quiz_files.MAX_LINE, peak  # a few pieces of the line, not the line


# -- whole files -----------------------------------------------------------------------------


def test_malformed_and_clashing_lines_are_reported_and_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    by_label = {e.label: e.puzzle for e in edge_cases()}
    path = tmp_path / "mixed.txt"
    lines = [SEED_QUIZ, "not a quiz", by_label["duplicate_row"], by_label["solved1"]]
    path.write_text("\n".join(lines) + "\n")
    assert main_rate([str(path)]) == 0
    out, err = capsys.readouterr()
    assert [r["line"] for r in rows(out)] == ["1", "4"]
    assert [r["solutions"] for r in rows(out)] == ["1", "1"]
    errors = err.splitlines()
    assert errors[0] == (
        f"sudoku-repl rate: {path}:2: not a puzzle line (81 characters of 0-9 or ., or 729: a pencil-mark line): 'not a quiz'."
    )
    assert errors[1] == (
        f"sudoku-repl rate: {path}:3: Invalid quiz: 2 appears twice in row 5 ([5,1] and [5,9])."
    )
    assert "2 quizzes rated; 2 malformed lines skipped" in errors[2] and len(errors) == 3


@SLOW
def test_one_and_two_jobs_give_the_same_figures_on_top95() -> None:
    one = rate(str(TOP95), "--limit", "30", "--jobs", "1")
    two = rate(str(TOP95), "--limit", "30", "--jobs", "2")
    assert one.returncode == two.returncode == 0
    first, second = rows(one.stdout), rows(two.stdout)
    assert [r["line"] for r in first] == [str(n) for n in range(1, 31)]  # file order
    assert [[r[c] for c in FIELDS_BUT_MS] for r in first] == [
        [r[c] for c in FIELDS_BUT_MS] for r in second
    ]
    assert all(r["solutions"] == "1" and r["complete"] == "true" for r in first)
    assert all(re.fullmatch(r"\d+\.\d", r["ms"]) for r in first + second)
    # pipes, not a terminal: no progress bar, stderr is the summary line alone
    for run in (one, two):
        assert run.stderr.startswith("sudoku-repl rate: 30 quizzes rated; 0 malformed")
        assert run.stderr.count("\n") == 1 and "\x1b" not in run.stderr


def test_json_lines_match_the_csv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_rate([str(TOP95), "--limit", "4", "--format", "json"]) == 0
    records = [json.loads(line) for line in without_settings(capsys.readouterr().out).splitlines()]
    assert [tuple(r) for r in records] == [COLUMNS] * 4
    assert main_rate([str(TOP95), "--limit", "4"]) == 0
    table = rows(capsys.readouterr().out)
    for record, row in zip(records, table, strict=True):
        for column in FIELDS_BUT_MS:
            value = record[column]
            text = str(value).lower() if isinstance(value, bool) else str(value)
            assert text == row[column]
        assert isinstance(record["ms"], float) and isinstance(record["complete"], bool)


def test_skip_and_limit_cut_the_file_into_shards(capsys: pytest.CaptureFixture[str]) -> None:
    easy = str(PUZZLES / "norvig_easy50.txt")
    shards = []
    for skip in ("0", "7", "14"):
        assert main_rate([easy, "--skip", skip, "--limit", "7"]) == 0
        shards += rows(capsys.readouterr().out)
    assert main_rate([easy, "--limit", "21"]) == 0
    whole = rows(capsys.readouterr().out)
    assert [[r[c] for c in FIELDS_BUT_MS] for r in shards] == [
        [r[c] for c in FIELDS_BUT_MS] for r in whole
    ]
    assert [r["line"] for r in whole] == [str(n) for n in range(1, 22)]


def test_out_file_holds_what_stdout_would(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "ratings.csv"
    assert main_rate([str(TOP95), "--limit", "3", "--out", str(target)]) == 0
    out, err = capsys.readouterr()
    assert out == "" and "3 quizzes rated" in err
    assert [r["line"] for r in rows(target.read_text())] == ["1", "2", "3"]
    assert [p.name for p in tmp_path.iterdir()] == ["ratings.csv"]  # no temporary left


def test_max_steps_column_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "seed.txt"
    path.write_text(SEED_QUIZ + "\n")
    assert main_rate([str(path), "--max-steps", "100"]) == 0
    out, err = capsys.readouterr()
    (row,) = rows(out)
    assert (row["steps_first"], row["biggest_first"], row["complete"]) == ("", "", "false")
    assert "1 stopped by --max-steps" in err


# -- bad command lines -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, says",
    [
        (["--jobs", "0", str(TOP95)], "argument --jobs/-j: want a whole number from 1 to "),
        (["--jobs", "99999999999999999999", str(TOP95)], "not '99999999999999999999'"),
        (["--jobs", "1000", str(TOP95)], "argument --jobs/-j: want a whole number from 1 to "),
        (["--jobs", "two", str(TOP95)], "not 'two'"),
        (["--limit", "-3", str(TOP95)], "not '-3'"),
        (["--format", "xml", str(TOP95)], "invalid choice: 'xml'"),
        ([], "the following arguments are required: file"),
        (["/no/such/quizzes.txt"], "Cannot read /no/such/quizzes.txt: No such file or directory."),
        ([str(TOP95), "--out", "/no/such/dir/r.csv"], "Cannot write /no/such/dir/r.csv"),
        # Nan was no limit at all, 0 and -1 a limit always past (every figure
        # a lower bound)
        *[
            (
                [str(TOP95), "--scale", "se", f"--se-timeout={seconds}"],
                "argument --se-timeout: want a number of seconds above 0 (60, 0.5), not "
                f"'{seconds}'",
            )
            for seconds in ("nan", "inf", "-inf", "0", "-1", "-0.0", "soon")
        ],
    ],
)
def test_bad_command_line_is_one_line_and_status_2(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # (in this process: the command's own answer; the same through a process of its own,
    # exit status and all, is test_jobs_are_bounded_by_four_per_core's)
    assert main_rate(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("sudoku-repl rate: ")
    assert says in err


def test_jobs_are_bounded_by_four_per_core() -> None:
    import os

    bound = 4 * (os.cpu_count() or 1)
    run = rate("--jobs", str(bound + 1), str(TOP95))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("sudoku-repl rate: ")
    assert f"want a whole number from 1 to {bound}, not '{bound + 1}'" in run.stderr


def test_never_more_workers_than_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs 8`` on two quizzes starts two workers (``--jobs 1000`` on 5 quizzes once forked
    1,000 processes)."""
    from concurrent.futures import ProcessPoolExecutor

    from sudoku_repl.tools.rating import pool as rate_module

    started: list[int] = []

    class Counted(ProcessPoolExecutor):
        def __init__(self, workers: int, **kw: object) -> None:
            started.append(workers)
            super().__init__(workers, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(rate_module, "ProcessPoolExecutor", Counted)
    two = [(1, Quiz.from_string(SEED_QUIZ)), (2, Quiz.from_string(SEED_QUIZ))]
    rated = list(unbatched(rate_batches(two, jobs=8)))
    assert started == [2]
    assert [r.steps_first for _, _, r in rated] == [131, 131]
    assert list(unbatched(rate_batches(two[:1], jobs=8))) and started == [
        2
    ]  # one task: no worker at all


def test_workers_start_before_the_first_row_and_closing_early_ends_them() -> None:
    """The pool forks when ``rate_batches`` returns (a thread started afterwards, the progress
    bar's, is never forked into a worker), and closing the rows before the first one still
    ends it."""
    before = set(multiprocessing.active_children())
    quizzes = [
        (n, Quiz.from_string(q)) for n, q in enumerate(FORUM.read_text().splitlines()[:40], 1)
    ]
    batches = rate_batches(quizzes, jobs=2)
    assert len(set(multiprocessing.active_children()) - before) == 2
    batches.close()
    assert set(multiprocessing.active_children()) - before == set()


def test_batch_start_up_does_not_import_prompt_toolkit() -> None:
    code = (
        "import sys\nfrom sudoku_repl.frontends.cli import main\n"
        f"status = main(['rate', {str(TOP95)!r}, '--limit', '1'])\n"
        "print('prompt_toolkit' in sys.modules, status)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert run.stdout.splitlines()[-1] == "False 0"


# -- Ctrl-C and the terminal -----------------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
@SLOW
def test_ctrl_c_prints_the_rows_so_far_and_exits_130(jobs: str) -> None:
    proc = subprocess.Popen(
        # 1,000 quizzes: the native core rates top95 in a tenth of a second, which a Ctrl-C
        # sent after three rows could miss under load
        [sys.executable, "-m", "sudoku_repl", "rate", str(FORUM), "--jobs", jobs],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,  # unbuffered: readline() must not take bytes communicate() should see
    )
    assert proc.stdout is not None
    # the settings line, the header and three rows
    early = [proc.stdout.readline() for _ in range(5)]
    proc.send_signal(signal.SIGINT)
    rest, err_bytes = proc.communicate(timeout=30)
    assert proc.returncode == 130
    table = rows((b"".join(early) + rest).decode())
    err = err_bytes.decode()
    assert 3 <= len(table) < 1000
    assert [r["line"] for r in table] == [str(n) for n in range(1, len(table) + 1)]
    assert all(r["complete"] == "true" for r in table)
    assert err.startswith(f"sudoku-repl rate: interrupted: {len(table)} of 1000 quizzes rated")
    assert err.count("\n") == 1


@SLOW
def test_progress_bar_on_a_terminal_and_ctrl_c_at_it() -> None:
    def spawn(path: Path, *args: str) -> pexpect.spawn[str]:
        child = pexpect.spawn(
            sys.executable,
            ["-m", "sudoku_repl", "rate", str(path), *args],
            cwd=str(REPO),
            encoding="utf-8",
            timeout=60,
            dimensions=(24, 100),
        )
        child.expect_exact("\x1b[6n")  # answer the cursor position request as a terminal would
        child.send("\x1b[1;1R")
        return child

    child = spawn(TOP95, "--limit", "3")
    child.expect(r"norvig_top95\.txt +\d+\.\d%")  # the bar, drawn on the terminal
    child.expect(r"\r\n3,6\.\.\.\.\.8\.3")  # the rows after it, in file order
    child.expect("3 quizzes rated")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    # a file that takes a while to rate in any build (the native core rates top95 with two
    # jobs in a fraction of a second, and could finish before the Ctrl-C)
    child = spawn(PUZZLES / "forum_hardest_1905_11plus_sample1000.txt", "--jobs", "2")
    child.expect(r"forum_hardest_1905_11plus_sample1000\.txt +\d+\.\d%")
    child.sendcontrol("c")  # read by the bar (drawn: in raw mode): stops the run like SIGINT
    child.expect("interrupted: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_rating_is_a_frozen_value() -> None:
    r = rate_quiz(SEED_QUIZ)
    with pytest.raises(AttributeError):
        r.steps_total = 0  # type: ignore[misc]
    assert isinstance(r, Rating)


def test_ctrl_c_before_the_rating_could_take_it_stops_it_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A Ctrl-C while the program starts (kept by the command line for the rating) ends it as
    a Ctrl-C during it does: the header, no rows, the summary, status 130 (under load the
    signal once came during the imports: a traceback)."""
    status = main_rate([str(TOP95)], lambda: True)
    out, err = capsys.readouterr()
    assert status == 130
    assert without_settings(out).splitlines() == [",".join(COLUMNS)]
    assert err.startswith("sudoku-repl rate: interrupted: 0 of 95 quizzes rated;")


# -- Sudoku Explainer's scale: expected ERs are the file's, SukakuExplainer's ---------

SE_FILE = PUZZLES / "se_rated_diabolical2000.txt"


#: lines of the SE-rated file (from 0) whose rating takes a fraction of a second (the first
#: four take 12 s together, one of them 7 s): ERs 7.1, 7.2, 7.2 and 5.5
QUICK_SE_LINES = (2, 4, 5, 9)


def se_sample(tmp_path: Path, count: int) -> tuple[Path, list[str]]:
    """``count`` quizzes of the SE-rated file (of ``QUICK_SE_LINES``), and the ER the file gives
    each."""
    lines = SE_FILE.read_text().splitlines()
    rows = [lines[n].split() for n in QUICK_SE_LINES[:count]]
    path = tmp_path / "se.txt"
    path.write_text("".join(quiz + "\n" for quiz, _ in rows))
    return path, [er for _, er in rows]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_scale_se_adds_er_ep_ed_columns_equal_to_sukakuexplainers(
    tmp_path: Path, jobs: str
) -> None:
    path, ers = se_sample(tmp_path, 4)
    run = rate(str(path), "--scale", "se", "--jobs", jobs)
    assert run.returncode == 0, run.stderr
    table = list(csv.DictReader(io.StringIO(without_settings(run.stdout))))
    assert list(table[0])[-3:] == ["er", "ep", "ed"]
    assert [row["er"] for row in table] == ers
    assert all(float(row["ed"]) <= float(row["ep"]) <= float(row["er"]) for row in table)


def test_scale_se_in_json_and_a_quiz_without_one_solution_says_so(tmp_path: Path) -> None:
    path, ers = se_sample(tmp_path, 1)
    many = (PUZZLES / "multiple_solutions.txt").read_text().splitlines()[0]
    none = (PUZZLES / "invalid_no_solution.txt").read_text().splitlines()[0]
    path.write_text(path.read_text() + many + "\n" + none + "\n")
    run = rate(str(path), "--scale", "se", "--format", "json")
    rows = [json.loads(line) for line in without_settings(run.stdout).splitlines()]
    # (no text among the numbers; solutions and complete say why there is no rating)
    assert [(r["er"], r["ep"], r["ed"], r["solutions"], r["complete"]) for r in rows[1:]] == [
        (None, None, None, 2, False),  # several solutions: the search stopped at the second
        (None, None, None, 0, True),  # no solution
    ]
    assert (rows[0]["er"], rows[0]["er_bound"]) == (float(ers[0]), None)


def test_scale_se_past_its_time_limit_is_a_lower_bound(tmp_path: Path) -> None:
    path, ers = se_sample(tmp_path, 1)
    run = rate(str(path), "--scale", "se", "--se-timeout", "1e-9")
    (row,) = csv.DictReader(io.StringIO(without_settings(run.stdout)))
    assert row["er"].startswith(">=") and float(row["er"][2:]) <= float(ers[0])


#: line 4 of the forum's hardest: one solution, a search of thousands of steps in run mode 0
FORUM_4 = FORUM.read_text().splitlines()[3][:81]
#: the same with its given [8,6] a 1 for a 2: no solution (the brute-force oracle says), found
#: by a search of thousands of steps too
NO_SOLUTION_4 = FORUM_4[:68] + "1" + FORUM_4[69:]


@pytest.mark.parametrize("quiz", [FORUM_4, NO_SOLUTION_4], ids=["one-solution", "none"])
def test_scale_se_bounds_the_search_itself_by_the_se_timeout(quiz: str) -> None:
    """(A quiz of 0 or 1 solution whose search is huge held up its
    file past --se-timeout; only the second solution stopped the search.) The search stops at
    the batch (``POLL_STEPS``) that ends past the time limit: here the first, the limit being
    a microsecond; the row says so, with the figures reached."""
    from tests.oracles.brute import count_solutions

    assert count_solutions(Quiz.from_string(quiz).givens, 2) == (1 if quiz == FORUM_4 else 0)
    whole = rate_quiz(quiz)
    assert whole.complete and whole.steps_total > 2 * POLL_STEPS  # (a search to bound)
    bounded = rate_quiz(quiz, se_timeout=1e-6)
    assert not bounded.complete
    assert POLL_STEPS <= bounded.steps_total < whole.steps_total
    assert (bounded.er, bounded.ep, bounded.ed) == ("search not finished", None, None)


def test_an_unknown_scale_lists_the_scales() -> None:
    run = rate(str(TOP95), "--scale", "foo")
    assert run.returncode == 2
    assert run.stderr == (
        "sudoku-repl rate: argument --scale: 'foo' is no measure: want a comma list of steps, "
        "se, te, b, backdoors, backdoors2, guess, spread (both: steps,se), not 'foo' (see sudoku-repl "
        "rate --help)\n"
    )


def test_a_note_after_a_quiz_is_passed_over(capsys: pytest.CaptureFixture[str]) -> None:
    """The bundled SE-rated file gives each quiz its ER after a blank (``... 7.3``): rate and
    load-quiz read the quiz and pass the note over; the ERs are the file's own (SukakuExplainer's),
    so the rows also show the quiz was read whole."""
    rated = PUZZLES / "se_rated_diabolical2000.txt"
    first = rated.read_text(encoding="utf-8").splitlines()[:2]
    assert main_rate([str(rated), "--limit", "2", "--scale", "se"]) == 0
    table = list(csv.DictReader(io.StringIO(without_settings(capsys.readouterr().out))))
    assert [(row["quiz"].replace(".", "0"), row["er"]) for row in table] == [
        tuple(line.split()) for line in first
    ]
    assert quiz_files.parse_lines(first, "rated").givens == Quiz.from_string(first[0][:81]).givens

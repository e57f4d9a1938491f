"""``generate --near``: the same seed makes the same puzzles with one
worker or two, a run continued after a stop (at a task's end or within one) writes what an
uninterrupted one does, none of the given puzzles is made again up to isomorphism, and a big
file is read with its repeats dropped, a progress line, and at once stopped by a stop request.

The first two are marked slow: on the pure build each takes most of a minute (25 puzzles made
twice, the pure counter in every task's search), on the native one a few seconds. What they
check is the loop's order and its continuation, the same Python on either build, so the main CI
job's native run checks them; the pure engine's search near a puzzle is held to the C's there
(tests/core/test_making.py, the same puzzles from a seed on both builds) and checked on the bare
machine by that module's neighbours tests on the pure build."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.core.canonical import canonical_form
from sudoku_repl.core.errors import UserError
from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.tools.making import frontier
from sudoku_repl.tools.making.near_file import TICK_LINES, read_near
from sudoku_repl.tools.making.options import parser
from sudoku_repl.tools.making.run import Request, Run
from sudoku_repl.tools.making.tasks import NEAR_TRIES, task_rng
from sudoku_repl.tools.making.vicinity import neighbours
from sudoku_repl.tools.rating.pool import StopFlag
from tests.support.helpers import TEST_DATA, read_lines, slow_on_pure

#: puzzles to search near (serate's hard set): any target is met by every neighbour (none is
#: asked), so the frontier's choices decide every line
HARD = [line.split()[0] for line in read_lines(TEST_DATA / "se_hard_rated.txt")[:2]]


def givens(puzzle: str) -> bytes:
    return bytes(0 if ch == "." else int(ch) for ch in puzzle[:81])


@pytest.fixture
def small_lag(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tasks decided 2 ahead of the results: a few tasks search near puzzles found."""
    monkeypatch.setattr(frontier, "LAG", 2)


def near_file(tmp_path: Path, *puzzles: str) -> str:
    path = tmp_path / "near.txt"
    path.write_text("".join(f"{p}\n" for p in puzzles), encoding="utf-8")
    return str(path)


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def generated(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main_generate(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.slow
def test_the_same_seed_makes_the_same_puzzles_with_one_worker_or_two(
    small_lag: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--near", near_file(tmp_path, *HARD), "--count", "25", "--seed", "4"]
    one = generated(capsys, *argv)
    two = generated(capsys, *argv, "--jobs", "2")
    assert len(one) == 25 and one == two
    families = [int(line.split()[-1]) for line in one]
    assert max(families) >= 6  # (past the given puzzles' series, 3 each: near puzzles found)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["at a task's end", "within a task"])
def test_a_continued_run_writes_what_an_uninterrupted_one_does(
    small_lag: None, tmp_path: Path, where: str
) -> None:
    whole, out = tmp_path / "whole.txt", tmp_path / "out.txt"
    argv = ["--near", near_file(tmp_path, *HARD), "--count", "25", "--seed", "5"]
    assert main_generate([*argv, "--out", str(whole)]) == 0
    stop = StopFlag()
    run = Run(Request.from_options(parser().parse_args([*argv, "--out", str(out)])), stop)
    if where == "at a task's end":
        # (the stop is seen after the batch: the tasks done are whole)
        list(run.puzzles(lambda now: stop.set() if now.tasks >= 4 else None))
    else:  # left after a puzzle of a task that found more: kill -9 there
        families = [line.split()[-1] for line in lines(whole)]
        within = next(k for k in range(10, 25) if families[k - 1] == families[k])
        made = run.puzzles()
        for _ in range(within):
            next(made)
        made.close()
    run.close(finished=False)
    assert 0 < len(lines(out)) < 25
    assert main_generate([*argv, "--out", str(out)]) == 0  # the same command goes on
    assert lines(out) == lines(whole)


def test_none_of_the_given_puzzles_is_made_up_to_isomorphism(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The second puzzle given is one the first task finds near the first, transposed and
    relabelled: it is not made, though every other find is."""
    source = givens(HARD[0])
    found = neighbours(source, task_rng(8, 0), 1, NEAR_TRIES, lambda: False)[1]
    assert len(found) == 3  # (seed 8: task 0 finds three near it)
    twin = found[0]
    turned = bytes((twin[9 * (k % 9) + k // 9] % 9) + 1 if twin[9 * (k % 9) + k // 9] else 0 for k in range(81))  # fmt: skip
    assert turned != twin and canonical_form(turned) == canonical_form(twin)
    text = "".join(str(v) if v else "." for v in turned)
    count = len(found) - 1
    made = generated(capsys, "--near", near_file(tmp_path, HARD[0], text), "--count", str(count), "--seed", "8")  # fmt: skip
    forms = {canonical_form(givens(line)) for line in made}
    assert len(forms) == count
    assert canonical_form(twin) not in forms and canonical_form(source) not in forms
    assert {canonical_form(p) for p in found[1:]} == forms  # (task 0's other finds)


def _variants(puzzle: bytes, count: int) -> list[str]:
    """``count`` different puzzles isomorphic to ``puzzle``: its digits relabelled."""
    from itertools import islice, permutations

    out = []
    for perm in islice(permutations(range(1, 10)), count):
        out.append("".join(str(perm[v - 1]) if v else "." for v in puzzle))
    return out


@slow_on_pure
def test_a_big_file_is_read_with_its_repeats_dropped_and_its_progress_said(
    tmp_path: Path,
) -> None:
    distinct = _variants(givens(HARD[0]), 500)
    path = near_file(tmp_path, *(distinct * 40))  # 20,000 lines
    said: list[str] = []
    read = read_near(path, tick=said.append)
    assert read.puzzles == tuple(givens(p) for p in distinct)
    assert read.duplicates == 19_500
    assert len(said) == 20_000 // TICK_LINES
    assert said[-1].endswith(f"{TICK_LINES * len(said):,} puzzles read")


def test_a_stop_request_ends_the_reading_at_once(tmp_path: Path) -> None:
    path = near_file(tmp_path, *_variants(givens(HARD[0]), 2_000))
    polls = 0

    def stop() -> bool:  # (up at the 11th line of 2,000: each line read is solved)
        nonlocal polls
        polls += 1
        return polls > 10

    with pytest.raises(UserError, match="stopped while reading it, at line 11; nothing made"):
        read_near(path, stop)
    assert polls == 11


def test_the_command_says_the_lines_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = near_file(tmp_path, HARD[0], HARD[1], HARD[0], HARD[0])
    assert main_generate(["--near", path, "--count", "1", "--seed", "1"]) == 0
    assert "2 lines dropped (the same puzzle as an earlier line)" in capsys.readouterr().err

"""``sudoku-repl serate``'s command line: what serate has and this command does not do is
refused in one line naming it (never ignored), a bad value is one line saying what is accepted,
serate's defaults given explicitly change nothing, and the times (``%e``, ``--totalTime``) are
in serate's form."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from sudoku_repl.frontends.serate_cli import java_text, main_serate
from sudoku_repl.tools.serate.formats import time_text
from tests.support.helpers import TEST_DATA

GOLDEN = TEST_DATA / "serate"
EASY = "001000802090000030000604010970008460000000000015700098040907000080000050306000700"


def _run(capfd: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main_serate(list(args))
    out, err = capfd.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--isNC=3"], "--isNC=3: --isNC=N takes 0 (off) or 1 (on), 2 (nc+)"),
        (["-X", "one"], "-X: 'one' is not a whole number; --isX=N takes 0 (off) or 1 (on)"),
        (
            ["--batch=1"],
            "--batch=1: not supported here (batch solving is not done here); --batch=0",
        ),
        (["--revisedRating=1"], "--revisedRating=1: not supported here"),
        (["--FCPlus=2"], "--FCPlus=2: not supported here"),
        (["--islkSudokuBUG=0"], "--islkSudokuBUG=0: not supported here"),
        (["--html"], "--html: not supported here"),
        (["--help=x"], "--help=x: unknown option"),
        (["--frmat=%r"], "--frmat=%r: unknown option"),
        (["-z"], "-z: unknown option"),
        (["--format"], "--format: option argument expected (--format=FORMAT)"),
        (["-f"], "-f: option argument expected (-f FORMAT)"),
        (["--threads=two"], "--threads=two: 'two' is not a whole number; --threads=N takes 0"),
        (["--batch=x"], "--batch=x: 'x' is not a whole number; --batch=0 is accepted"),
        (["--techs=101"], "--techs=101: a TECHSTRING is 41 characters 0 or 1"),
        (["--techs=" + "1" * 41], "--techs=" + "1" * 41 + ": Generalized Intersections, "),
        (
            ["--techs=01101111010111011111111011101101001111111"],
            "--techs=01101111010111011111111011101101001111111: Hidden Single and Naked Single "
            "both off are not rated here; keep one of them",
        ),
        (["--after=%h"], "--after: %h (a step's HTML explanation) is not given here"),
        (["--input=no/such/file"], "Cannot read no/such/file: No such file or directory."),
        (["--output=no/such/dir/f"], "Cannot write no/such/dir/f: no directory "),
        # an empty name is a bad command line (it was a failed write, status 1)
        (["--output=", "1" * 81], "--output=: no file named; --output=FILE names one (- for "),
        (["-o", "", "1" * 81], "-o: no file named; --output=FILE names one (- for standard "),
        (["--input="], "--input=: no file named; --input=FILE names one (- for standard input)"),
    ],
)
def test_refused_in_one_line_naming_it(
    args: list[str], named: str, capfd: pytest.CaptureFixture[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(capfd, *args)
    assert status == 2
    assert out == ""  # nothing rated, nothing written
    assert err.count("\n") == 1
    assert err.startswith(f"sudoku-repl serate: {named}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "defaults",
    [
        ["--batch=0", "--revisedRating=0", "--FCPlus=0", "--isNC=0"],
        ["--isX=0", "--isDG=0", "--isWindows=0", "-R0", "-K", "0", "--isCD=0", "--isToroidal=0"],
        ["--isAntiKnight=0", "--isAntiKing=0", "--isBlocks=1", "--islkSudokuBUG=1"],
        ["--islkSudokuURUL=1", "--techs=11111111010111011111111011101101001111111"],
        ["--threads=0"],
        ["--threads=-1"],
    ],
)
def test_serates_defaults_given_change_nothing(
    defaults: list[str], capfd: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _run(capfd, *defaults, "--format=%g %r/%p/%d", EASY)
    assert (status, err) == (0, "")
    assert out == f"{EASY} 5.5/1.2/1.2\n"  # serate's (easy.txt's golden, start_marks.out)


def test_the_time_conversions(
    capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(GOLDEN / "easy.txt", tmp_path)
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(
        capfd, "--format=%r %e", "--after=%e", "--totalTime", "--output=rated.txt",
        "--input=easy.txt",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert re.fullmatch(r"totalTime: \d+\.\d\ds\n", out)  # on standard output, as serate's
    rated = (tmp_path / "rated.txt").read_text().splitlines()
    assert [line for line in rated if not re.fullmatch(r"\d+\.\d\ds", line)] == [
        line for line in rated if " " in line
    ]
    finals = [line for line in rated if " " in line]
    assert [f.split()[0] for f in finals] == ["5.5", "5.6"]
    assert all(re.fullmatch(r"\d+\.\d\d\ds|\d+\.\d\ds", f.split()[1]) for f in finals)


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (0, "0.00s"),
        (9, "0.00s"),
        (3136, "3.13s"),
        (59_999, "59.99s"),
        (60_000, "1m00s"),
        (125_000, "2m05s"),
        (3_600_000, "1h00m"),
        (3_725_000, "1h02m"),
        (86_400_000, "1d00h"),
        (2 * 86_400_000 + 3 * 3_600_000 + 59_000, "2d03h"),
    ],
)
def test_time_text_is_serates_get_time_string(ms: int, text: str) -> None:
    # serate.java's getTimeString, worked by hand from its code
    assert time_text(ms) == text


def test_help_and_version(capfd: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capfd, "--help")
    assert (status, err) == (0, "")
    assert out.startswith("usage: sudoku-repl serate [serate's options] [puzzle ...]\n")
    for option in ("--input=FILE", "--techs=TECHSTRING", "--pearl", "--revisedRating=N"):
        assert option in out
    assert re.search(r"\n  -X, --isX=N +the rule x \(1 on, 0 off\)\n", out)
    assert "--html" not in out  # (refused whatever its value: not offered)
    status, out, err = _run(capfd, "--version", "--isX=1")  # serate ends at --version
    assert (status, out, err) == (0, "1.15.10\n", "")


@pytest.mark.parametrize(
    ("data", "text"),
    [
        # what serate.jar's %g wrote of each (Java 17's UTF-8 decoder), one U+FFFD a sequence
        (b"a\xe9b", "a\ufffdb"),  # a Latin-1 byte
        (b"\xc3\xa9", "\xe9"),  # UTF-8 kept
        (b"\xe2\x82 x", "\ufffd x"),  # cut short
        (b"\xc0\xaf", "\ufffd\ufffd"),  # overlong
        (b"\xed\xa0\x80 z", "\ufffd z"),  # a surrogate: one, where Python's decoder makes three
        (b"\xed\xbf", "\ufffd"),  # a surrogate cut short, at the end
        (b"\xf4\x90\x80\x80", "\ufffd" * 4),  # beyond U+10FFFF
        (b"\xf0\x9f\x98 u", "\ufffd u"),
        (b"\xe0\x80\xaf", "\ufffd" * 3),
    ],
)
def test_the_input_is_read_as_java_reads_it(data: bytes, text: str) -> None:
    assert java_text(data) == text

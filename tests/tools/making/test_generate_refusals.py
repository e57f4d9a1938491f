"""``generate`` under bad input: a floor below 1.0 holds every
puzzle, a target known to be empty is one line (exit 2) in the command line, the shell, the API
and the DAP console, a range is read exactly as typed (nothing misread as an exact value, an
option given twice refused), seeds are taken whole to 2**64 - 1, and a pattern's file that is
not there is said as such."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_repl.core.errors import UserError
from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.tools.making import run as making_run
from sudoku_repl.tools.making.loop import Progress
from sudoku_repl.tools.making.targets import Span, Targets, count_span, rating_span
from sudoku_repl.tools.making.tasks import Order
from tests.support.dap_client import InProcess
from tests.support.helpers import SEED_FILE, Shell

#: the line a pure build says first (``tools/rating/se_build.slow_build``), not ours to count
SLOW = "slower than the native build"


def generated(
    capsys: pytest.CaptureFixture[str], *argv: str, status: int = 0
) -> tuple[list[str], list[str]]:
    """``sudoku-repl generate argv``'s stdout lines and its stderr lines (but the pure build's)."""
    assert main_generate(list(argv)) == status
    done = capsys.readouterr()
    return done.out.splitlines(), [line for line in done.err.splitlines() if SLOW not in line]


def rating(line: str) -> tuple[float, float, float]:
    er, ep, ed = (float(part) for part in line.split()[1].split("/"))
    return er, ep, ed


# -- a floor below 1.0 holds every puzzle --------------------------------------------------


@pytest.mark.parametrize("option", ["--er", "--ep", "--ed"])
def test_a_floor_below_one_holds_every_puzzle(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    out, err = generated(capsys, option, "0.5-", "--count", "1", "--seed", "1")
    (line,) = out
    assert min(rating(line)) >= 1.0, line
    assert err[-1].startswith("sudoku-repl generate: 1 puzzle kept;"), err


def test_a_floor_below_one_in_the_shell_the_api_and_the_dap_console() -> None:
    from sudoku_repl import generate

    shell = Shell()
    said = shell.ok("generate --er 0.9- --seed 1")
    assert said[-1] == "Quiz loaded." and shell.repl.session.quiz is not None
    (made,) = list(generate(er="0.0-", count=1, seed=1))
    assert made.er is not None and made.er >= 1.0
    took, said = console("generate --ed 0.2- --seed 1")
    assert took and said[-1] == "Quiz loaded.", said


def console(line: str) -> tuple[bool, list[str]]:
    """Whether the DAP console took ``line`` (the adapter in this process, the seed quiz
    launched), and what it answered: the result's lines, or the refusal's one line."""
    dap = InProcess()
    dap.ask("initialize", adapterID="test")
    assert dap.ask("launch", program=str(SEED_FILE))["success"] is True
    answer = dap.ask("evaluate", expression=line, context="repl")
    if answer["success"]:
        return True, str(answer["body"]["result"]).splitlines()  # type: ignore[index]
    return False, str(answer["message"]).splitlines()


# -- a target known to be empty is one line ---------------------------------------------


def pattern_of(full: set[tuple[int, int]]) -> str:
    """A pattern of the cells ``full`` (row, column from 0) and two more a row, none of the
    other faults (17 givens or more, no two empty rows of a band nor columns of a stack)."""
    cells = full | {(r, (r + 4) % 9) for r in range(9)} | {(r, (2 * r + 7) % 9) for r in range(9)}
    return "".join("x" if (k // 9, k % 9) in cells else "." for k in range(81))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--er", "0.0"], "--er 0.0: every puzzle rates 1.0 or more"),
        (["--er", "-0.5"], "--er -0.5: every puzzle rates 1.0 or more"),
        (["--ed", "-0.9"], "--ed -0.9: every puzzle rates 1.0 or more"),
        (["--er", "20.1-"], "--er 20.1-: the puzzles made rate below 20.0"),
        (["--er", "99.9"], "--er 99.9: the puzzles made rate below 20.0"),
        (["--er", "20.0"], "--er 20.0: the puzzles made rate below 20.0"),
        (["--ep", "20.0-"], "--ep 20.0-: the puzzles made rate below 20.0"),
        (
            ["--ed", "5.0-", "--er", "-3.0"],
            "--ed 5.0- and --er -3.0: ED <= EP <= ER for every puzzle",
        ),
        (["--ep", "9.0", "--ed", "9.5"], "--ed 9.5 and --ep 9.0: ED <= EP <= ER"),
        (["--ep", "7.0-", "--er", "-6.9"], "--ep 7.0- and --er -6.9: ED <= EP <= ER"),
        (
            ["--technique", "X-Wing", "--er", "-1.5"],
            "--technique X-Wing and --er -1.5: a step of X-Wing rates 3.2 or more",
        ),
        (
            ["--technique", "Dynamic Cell Forcing Chains (+)", "--er", "2.0-8.9"],
            "a step of Dynamic Cell Forcing Chains (+) rates 9.0 or more",
        ),
        (["--pattern", "x" * 81], "row 1 is all givens, and any one of them follows"),
        (["--pattern", "x" * 9 + "x." * 36], "row 1 is all givens"),
        (["--pattern", pattern_of({(r, 0) for r in range(9)})], "column 1 is all givens"),
        (["--pattern", pattern_of({(r, c) for r in range(3) for c in range(3)})], "box 1 is all"),
        (["--level", "99-"], "--level 99-: no biggest level is above 64"),
        (["--level", "65"], "--level 65: no biggest level is above 64"),
        (["--steps", "-0"], "--steps -0: run takes 2 steps or more"),
        # One step is a full grid's count, never a minimal puzzle's
        (["--steps", "1-1"], "--steps 1: run takes 2 steps or more to the first solution"),
        (["--steps", "-1"], "--steps -1: run takes 2 steps or more"),
        # A first step below 2.6 places a value (EP = ED); ER below 1.2 is
        # every step a full house (54 givens at least: each empty cell a unit's last)
        (
            ["--ep", "9-", "--ed", "-1.5"],
            "--ep 9.0- and --ed -1.5: a step rated below 2.6 places a value, so a first step "
            "within --ed is the first placement too, EP = ED, and --ep asks more than --ed allows",
        ),
        (["--ep", "2.6", "--ed", "-2.5"], "--ep 2.6 and --ed -2.5: a step rated below 2.6"),
        (
            ["--er", "1.0"],
            "--er 1.0: ER below 1.2 means every step is a full house, which takes 54",
        ),
        (["--er", "-1.1"], "--er -1.1: ER below 1.2 means every step is a full house"),
    ],
)
def test_a_target_known_to_be_empty_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    out, err = generated(capsys, *argv, "--seed", "1", status=2)
    assert out == []
    (line,) = err
    assert line.startswith("sudoku-repl generate: ") and said in line, line


def test_an_empty_target_in_the_shell_the_api_and_the_dap_console() -> None:
    from sudoku_repl import OrderRefused, UserError, generate

    shell = Shell.loaded()
    before = shell.repl.session.quiz
    (line,) = shell.fails("generate --er 0.0")
    assert line.startswith("--er 0.0: every puzzle rates 1.0 or more")
    assert shell.repl.session.quiz is before  # (the loaded quiz kept)
    with pytest.raises(OrderRefused, match=r"^--ep 9\.0 and --er -8\.0: ED <= EP <= ER") as refused:
        generate(er="-8.0", ep="9.0")
    assert isinstance(refused.value, UserError) and isinstance(refused.value, ValueError)
    took, (said,) = console("generate --steps -0")
    assert not took and said.startswith("--steps -0: run takes 2 steps or more"), said


def test_what_is_not_known_empty_is_accepted() -> None:
    """The checks refuse only what no puzzle can meet: the edges of the scale are kept."""
    for er, ep, ed in (
        ("1.2", None, None), ("19.9-", None, None), ("5.0", "5.0", "5.0"),
        (None, "2.6-", "-2.6"), (None, "1.5", "-1.5"), (None, "3.0-", None),
    ):  # fmt: skip
        spans = {
            name: None if text is None else rating_span(f"--{name}", text)
            for name, text in (("er", er), ("ep", ep), ("ed", ed))
        }
        assert Targets(**spans).empty() is None, (er, ep, ed)  # type: ignore[arg-type]
    from sudoku_repl.tools.serate.names import least_rating

    assert least_rating("X-Wing") == 32  # floors' x-wing: 3.2
    assert least_rating("Forcing Chain") is None  # (not known which techniques: no refusal)


def test_a_floor_below_one_asks_nothing_of_the_rating() -> None:
    assert Targets(er=rating_span("--er", "0.5-")).least_er() is None
    assert Targets(er=rating_span("--er", "1.0-")).least_er() is None
    assert Targets(ed=rating_span("--ed", "1.1-")).least_er() == 11


# -- a target nothing has met yet is said, on any stderr ---------------------------------


def test_with_nothing_kept_a_line_says_so_each_period() -> None:
    from sudoku_repl.tools.making.run import NothingYet

    ticks = iter([0.0, 10.0, 29.0, 31.0, 45.0, 62.0])  # the clock, read once a call
    order = Order(Targets(er=rating_span("--er", "11.8-")))
    nothing = NothingYet(order, period=30.0, clock=lambda: next(ticks))
    said = [nothing.line(Progress(made=made, kept=0)) for made in (5, 9, 12, 20, 30)]
    assert said == [
        None,
        None,
        "made 12, kept 0: no puzzle yet meets --er 11.8-",
        None,
        "made 30, kept 0: no puzzle yet meets --er 11.8-",
    ]
    kept = NothingYet(order, period=0.0, clock=lambda: 0.0)
    assert kept.line(Progress(made=99, kept=1)) is None


def test_the_command_line_says_nothing_yet_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(making_run, "NOTHING_YET_SECONDS", 0.0)  # (each batch: no clock read)
    out, err = generated(capsys, "--er", "19.9-", "--time", "0.01", "--seed", "1")
    assert out == []
    nothing = [line for line in err if "kept 0: no puzzle yet meets --er 19.9-" in line]
    assert nothing and nothing[0].startswith("sudoku-repl generate: made "), err


def test_the_shell_says_nothing_yet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(making_run, "NOTHING_YET_SECONDS", 0.0)
    said = Shell().ok("generate --er 19.9- --time 0.01 --seed 1")
    # (the first such line adds that no known puzzle rates so high: on the pure build, slower,
    # it may be the only one)
    assert any("kept 0: no puzzle yet meets --er 19.9-" in line for line in said), said


BEYOND_KNOWN = "no puzzle known rates {} or more (the hardest known, the forum's, rate 11.9)"
AT_THE_TOP = (
    "11.9 is the top of the scale as known (4 of the forum's 375 hardest, "
    "puzzles/forum_hardest_1106.txt, rate it, none more)"
)
FEWEST_STEPS = (
    "no minimal puzzle known takes fewer than 6 steps of run to its first solution (none of "
    "136,000 random ones)"
)
NEVER_ENDS = ", and a search for one may never end: give --time SECONDS to search that long anyway"
BELOW_THE_TOP = NEVER_ENDS + ", or ask for a least ER below 11.9"


def test_a_target_beyond_any_known_puzzle_is_known_as_such() -> None:
    """A least ER, EP or ED above 11.9 (the forum's hardest lists' top) is beyond any puzzle
    known; a target known puzzles meet is not."""
    for option, text in (("--er", "12.0-"), ("--ed", "12.5-"), ("--ep", "13.0-19.0")):
        targets = Targets(**{option[2:]: rating_span(option, text)})  # type: ignore[arg-type]
        beyond = targets.beyond_known()
        assert beyond is not None and beyond.why == BEYOND_KNOWN.format(text[:4]), text
    assert Targets(er=rating_span("--er", "11.8-")).beyond_known() is None


@pytest.mark.parametrize(
    ("option", "text"),
    [("--er", "11.9-"), ("--er", "11.9"), ("--ep", "11.9-12.0"), ("--ed", "11.9-")],
)
def test_a_least_rating_at_the_top_of_the_scale_is_known_as_such(option: str, text: str) -> None:
    """11.9 is the hardest any puzzle known rates, reached by a handful collected by hand: a
    search asked for it may never end, as one above it."""
    targets = Targets(**{option[2:]: rating_span(option, text)})  # type: ignore[arg-type]
    beyond = targets.beyond_known()
    assert beyond is not None and beyond.why == AT_THE_TOP, text
    assert beyond.instead == "a least ER below 11.9"


@pytest.mark.parametrize("text", ["1-2", "2", "-5", "2-5"])
def test_fewer_steps_than_any_known_puzzle_takes_is_known_as_such(text: str) -> None:
    beyond = Targets(steps=count_span("--steps", text)).beyond_known()
    assert beyond is not None and beyond.why == FEWEST_STEPS, text
    assert beyond.instead == "a top of --steps of 6 or more"


@pytest.mark.parametrize("text", ["-6", "6", "2-6", "40-"])
def test_steps_a_known_puzzle_takes_are_searched_without_time(text: str) -> None:
    assert Targets(steps=count_span("--steps", text)).beyond_known() is None, text


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--er", "11.9-"], "--er 11.9-: " + AT_THE_TOP + BELOW_THE_TOP),
        (
            ["--steps", "1-2"],
            "--steps 1-2: "
            + FEWEST_STEPS
            + NEVER_ENDS
            + ", or ask for a top of --steps of 6 or more",
        ),
    ],
)
def test_a_target_at_the_known_edge_without_time_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    out, err = generated(capsys, *argv, "--seed", "1", status=2)
    assert out == []
    assert err == ["sudoku-repl generate: " + said]


def test_a_target_at_the_known_edge_in_the_shell_keeps_the_quiz() -> None:
    shell = Shell.loaded()
    before = shell.repl.session.quiz
    assert shell.fails("generate --steps -3") == [
        "--steps -3: " + FEWEST_STEPS + NEVER_ENDS + ", or ask for a top of --steps of 6 or more"
    ]
    assert shell.repl.session.quiz is before


def test_a_target_at_the_known_edge_runs_with_time(capsys: pytest.CaptureFixture[str]) -> None:
    out, err = generated(capsys, "--steps", "1-2", "--time", "0.01", "--seed", "1")
    assert out == []
    assert err[1] == (
        "sudoku-repl generate: " + FEWEST_STEPS + ": searching for 0.01 s, which may keep none"
    ), err


@pytest.mark.parametrize("argv", [["--er", "12-"], ["--ed", "12.5-", "--count", "3"]])
def test_a_target_beyond_any_known_puzzle_without_time_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """It would search until killed; only --time lets it run."""
    out, err = generated(capsys, *argv, "--seed", "1", status=2)
    assert out == []
    (line,) = err
    floor = argv[1].rstrip("-")
    assert line == (
        f"sudoku-repl generate: {argv[0]} {float(floor):.1f}-: "
        + BEYOND_KNOWN.format(f"{float(floor):.1f}")
        + BELOW_THE_TOP
    ), line


def test_a_target_beyond_any_known_puzzle_without_time_in_the_shell_and_the_api() -> None:
    from sudoku_repl import OrderRefused, generate

    shell = Shell.loaded()
    before = shell.repl.session.quiz
    (line,) = shell.fails("generate --er 12.0-")
    assert line.startswith("--er 12.0-: " + BEYOND_KNOWN.format("12.0")), line
    assert line.endswith(BELOW_THE_TOP), line
    assert shell.repl.session.quiz is before
    with pytest.raises(OrderRefused, match="give --time SECONDS"):
        generate(er="12.0-", count=1)


def test_the_command_line_says_a_target_beyond_any_known_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, err = generated(capsys, "--ed", "12.5-", "--time", "0.01", "--seed", "1")
    assert out == []
    assert err[:2] == [
        "sudoku-repl generate: seed 1 (sudoku-repl generate --seed 1 makes the same puzzles)",
        "sudoku-repl generate: "
        + BEYOND_KNOWN.format("12.5")
        + ": searching for 0.01 s, which may keep none",
    ], err


def test_the_shell_says_a_target_beyond_any_known_first() -> None:
    said = Shell().ok("generate --er 12- --time 0.01 --seed 1")
    assert said[:2] == [
        "Seed 1 (generate --seed 1 makes the same puzzles).",
        "N" + BEYOND_KNOWN.format("12.0")[1:] + ": searching for 0.01 s, which may keep none.",
    ], said


@pytest.mark.parametrize("command", ["generate --restart --count 1", "scramble --restart"])
def test_restart_without_out_is_one_line(command: str) -> None:
    """--restart begins an --out FILE anew, and does nothing without one."""
    shell = Shell.loaded()
    before = shell.repl.session.quiz
    assert shell.fails(command) == ["--restart begins an --out FILE anew; give --out FILE."]
    assert shell.repl.session.quiz is before


def test_restart_without_out_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    out, err = generated(capsys, "--restart", "--seed", "1", status=2)
    assert out == []
    assert err == ["sudoku-repl generate: --restart begins an --out FILE anew; give --out FILE."]


# -- a range is read as typed, an option once ---------------------------------------


@pytest.mark.parametrize(
    ("read", "option", "text"),
    [
        (rating_span, "--er", "9.05"),
        (rating_span, "--er", "8 9"),
        (rating_span, "--er", "1020"),
        (rating_span, "--er", "9.0 9.5"),
        (count_span, "--level", "10 20"),
        (count_span, "--steps", "30 40-"),
    ],
)
def test_what_is_not_a_range_is_not_read_as_an_exact_value(
    read: Callable[[str, str], Span], option: str, text: str
) -> None:
    with pytest.raises(
        UserError, match=f"^{option} takes a range: A-B, A- \\(A and above\\)"
    ) as refused:
        read(option, text)
    assert refused.value.line.endswith(f"not {text!r}")


def test_a_misread_range_is_one_line_at_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out, err = generated(capsys, "--er", "9.05", status=2)
    assert out == [] and err == [
        "sudoku-repl generate: --er takes a range: A-B, A- (A and above), -B (up to B) or A "
        "(exactly), such as 8.0-9.0, 9.0-, -7.0 or 8.3; not '9.05'"
    ]


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("9", 90, 90),
        ("9.0", 90, 90),
        (" 8.0 - 9.0 ", 80, 90),
        ("10-", 100, None),
        ("- 7", None, 70),
    ],
)
def test_the_forms_the_docs_give_are_read(text: str, low: int | None, high: int | None) -> None:
    span = rating_span("--er", text)
    assert (span.low, span.high) == (low, high)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--er", "9.0-", "--er", "-9.2"], "argument --er: given twice (9.0- and -9.2)"),
        (["--count", "2", "--count", "3"], "argument --count: given twice (2 and 3)"),
        (["--seed", "1", "--seed", "1"], "argument --seed: given twice (1 and 1)"),
        (["--technique", "X-Wing", "--technique", "XY-Wing"], "given twice (X-Wing and XY-Wing)"),
    ],
)
def test_an_option_given_twice_is_refused_naming_both(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    out, err = generated(capsys, *argv, status=2)
    (line,) = err
    assert out == [] and said in line and "give it once" in line, line


def test_an_option_given_twice_in_the_shell() -> None:
    shell = Shell()
    (line,) = shell.fails("generate --er 9.0- --er -9.2")
    assert line.startswith("generate: argument --er: given twice (9.0- and -9.2): give it once")
    (line,) = shell.fails("scramble --digit-swaps 3 --digit-swaps 4")
    assert "argument --digit-swaps: given twice (3 and 4)" in line


# -- seeds whole, a pattern's file said, blanks in a technique, the API's count -------


def test_seeds_are_taken_whole_up_to_two_to_the_64(capsys: pytest.CaptureFixture[str]) -> None:
    big, bigger = str(10**18), str(10**18 + 1)  # (both were taken as 10**18)
    first, _ = generated(capsys, "--count", "2", "--seed", big)
    second, _ = generated(capsys, "--count", "2", "--seed", bigger)
    assert first != second
    top, err = generated(capsys, "--count", "1", "--seed", str(2**64 - 1))
    assert len(top) == 1 and f"seed {2**64 - 1} " in err[0]
    out, err = generated(capsys, "--seed", str(2**64), status=2)
    (line,) = err
    assert (
        out == [] and "argument --seed: want a whole number from 0 to 18446744073709551615" in line
    )
    (line,) = Shell().fails(f"scramble --seed {2**64} --clues 30")
    assert "argument --seed: want a whole number from 0 to 18446744073709551615" in line


def test_a_pattern_file_that_is_not_there_or_not_a_file_is_said(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "nonexistent_file"
    _, err = generated(capsys, "--pattern", str(missing), status=2)
    (line,) = err
    assert f"--pattern: cannot read {missing}: no such file; a pattern is 81 characters" in line
    _, err = generated(capsys, "--pattern", str(tmp_path), status=2)
    (line,) = err
    assert f"--pattern: cannot read {tmp_path}: it is a directory" in line
    short = "x." * 20  # (not a name: the pattern's own fault, its length)
    _, err = generated(capsys, "--pattern", short, status=2)
    assert "--pattern: a pattern is 81 characters" in err[0] and "not 40 characters" in err[0]


def test_blanks_around_a_technique_are_dropped(capsys: pytest.CaptureFixture[str]) -> None:
    out, err = generated(capsys, "--technique", "  X-Wing  ", "--count", "1", "--seed", "1")
    assert len(out) == 1, err


@pytest.mark.parametrize("count", [0, -1])
def test_the_apis_count_below_one_is_the_command_lines_refusal(
    capsys: pytest.CaptureFixture[str], count: int
) -> None:
    from sudoku_repl import OrderRefused, generate

    with pytest.raises(OrderRefused) as refused:
        generate(count=count)
    _, err = generated(capsys, "--count", str(count), status=2)
    assert [refused.value.line] == err
    assert err[0].startswith(
        f"sudoku-repl generate: argument --count: want a whole number >= 1, not '{count}'"
    )

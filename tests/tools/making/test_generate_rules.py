"""``generate --rules``: puzzles unique and minimal under variant rules, held to the tests'
own counter (``tests/oracles/rules_count``, on ``rules_brute``'s constraints): one solution
by its exhaustive count; minimal by a second solution, for each given (each orbit of givens,
with a symmetry) taken away, that the oracle checks keeps every rule. The seeds are chosen so
that the oracle's count is quick."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from sudoku_repl import OrderRefused, generate
from sudoku_repl.core.making import Symmetry
from sudoku_repl.core.rule_counting import count_under, solutions_under
from sudoku_repl.core.rule_making import symmetry_breaks
from sudoku_repl.core.rules import geometry_of, parse
from sudoku_repl.frontends.generate_cli import main_generate
from sudoku_repl.text.quiz_files import load
from sudoku_repl.tools.making.options import parser
from sudoku_repl.tools.making.run import Request, Run
from sudoku_repl.tools.rating.pool import StopFlag
from tests.oracles.make_rules_puzzles import JIGSAW
from tests.oracles.rules_count import Counter
from tests.support.helpers import TEST_DATA, Shell, variant_modules_once

pytestmark = variant_modules_once()

#: (the rules, the symmetry, the seed): every family of rules, and combinations
CASES = [
    ("x", "none", 0),
    ("windoku", "none", 0),
    ("dg", "none", 0),
    ("asterisk", "none", 0),
    ("girandola", "none", 0),
    ("centerdot", "none", 0),
    ("antiknight", "none", 4),
    ("antiking", "none", 0),
    ("nc", "full", 3),  # (nc's puzzles hold 6 or 7 givens: a symmetry's more are counted fast)
    ("toroidal,antiking", "none", 3),
    ("latin", "none", 0),
    (f"jigsaw={JIGSAW}", "none", 1),
    ("x,windoku", "none", 1),
    (f"dg,jigsaw={JIGSAW}", "none", 0),
]


def unique_and_minimal(words: str, puzzle: Sequence[int], symmetry: Symmetry) -> bool:
    """Whether the oracle counts one solution of ``puzzle`` and, each orbit of givens taken
    away, two solutions the search under the rules finds both keep the rules and the givens
    left (the oracle's check of them: they are distinct, complete and lawful)."""
    rules = parse(words)
    oracle = Counter(rules.words, rules.jigsaw, rules.extra)
    if oracle.count(puzzle) != 1:
        return False
    for orbit in symmetry.orbits:
        less = [0 if c in orbit else v for c, v in enumerate(puzzle)]
        if less == list(puzzle):
            continue
        two = solutions_under(less, geometry_of(rules), 2)
        if len(two) != 2 or two[0] == two[1] or not all(oracle.solves(less, s) for s in two):
            return False
    return True


@pytest.mark.parametrize(("words", "symmetry", "seed"), CASES, ids=[c[0][:20] for c in CASES])
def test_each_puzzle_is_unique_and_minimal_under_its_rules(
    words: str, symmetry: str, seed: int
) -> None:
    (made,) = generate(rules=words, symmetry=symmetry, seed=seed, count=1)
    assert made.line == made.puzzle  # (no rating asked: the puzzle alone)
    shape = Symmetry(symmetry)
    assert unique_and_minimal(words, made.givens, shape)
    given = {c for c, v in enumerate(made.givens) if v}
    assert all(set(orbit) <= given or not set(orbit) & given for orbit in shape.orbits)


def test_the_check_fails_a_puzzle_with_a_given_too_many_or_two_solutions() -> None:
    (made,) = generate(rules="x", seed=0, count=1)
    solution = solutions_under(made.givens, geometry_of(parse("x")), 2)[0]
    more = list(made.givens)
    spare = more.index(0)
    more[spare] = solution[spare]
    assert not unique_and_minimal("x", more, Symmetry.NONE)
    fewer = list(made.givens)
    fewer[next(c for c, v in enumerate(fewer) if v)] = 0
    assert not unique_and_minimal("x", fewer, Symmetry.NONE)


def test_classic_puzzles_counted_under_x_as_the_oracle_counts_them() -> None:
    """The rules reach the count: a classic puzzle's one solution seldom keeps X's diagonals,
    and then it has none under X."""
    rules = parse("x")
    oracle = Counter(rules.words)
    counts = [count_under(m.givens, geometry_of(rules)) for m in generate(seed=5, count=3)]
    assert counts == [oracle.count(m.givens) for m in generate(seed=5, count=3)]
    assert 0 in counts


def test_the_same_seed_makes_the_same_puzzles_and_rules_make_others() -> None:
    first = [m.line for m in generate(rules="windoku", seed=9, count=3)]
    assert first == [m.line for m in generate(rules="windoku", seed=9, count=3)]
    assert first != [m.line for m in generate(rules="dg", seed=9, count=3)]
    assert len(set(first)) == 3


@pytest.mark.parametrize(
    ("words", "kept", "broken"),
    [
        # both diagonals, and the shapes of one house, are the same turned or mirrored any way
        ("x,asterisk,girandola,centerdot,windoku,dg,antiknight,nc", list(Symmetry), []),
        # one diagonal (r1c1 to r9c9): kept by a half turn and the two diagonal mirrors
        (
            "diagonal-",
            ["none", "rot180", "diagonal", "antidiagonal", "bidiagonal"],
            ["rot90", "horizontal", "vertical", "orthogonal", "full"],
        ),
        # the test's jigsaw has no symmetry at all
        (f"jigsaw={JIGSAW}", ["none"], [s.value for s in Symmetry if s.value != "none"]),
    ],
)
def test_a_symmetry_is_kept_only_where_it_maps_each_rule_onto_itself(
    words: str, kept: list[str], broken: list[str]
) -> None:
    rules = parse(words)
    for name in kept:
        assert symmetry_breaks(rules, Symmetry(name)) is None, name
    for name in broken:
        assert symmetry_breaks(rules, Symmetry(name)) == rules.words[0], name


def test_a_symmetry_that_breaks_a_rule_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_generate(["--rules", "diagonal-", "--symmetry", "horizontal"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "sudoku-repl generate: --symmetry horizontal does not map the rule diagonal- onto "
        "itself (the givens would be symmetric on a board that is not): give a symmetry that "
        "keeps every rule, or none\n"
    )


def test_a_symmetric_puzzle_under_x_keeps_its_symmetry_and_is_minimal_by_orbits() -> None:
    (made,) = generate(rules="x", symmetry="rot90", seed=1, count=1)
    given = {c for c, v in enumerate(made.givens) if v}
    assert given == {9 * c + 8 - r for r, c in (divmod(k, 9) for k in given)}  # a quarter turn
    assert unique_and_minimal("x", made.givens, Symmetry.ROT90)


@pytest.mark.parametrize(
    ("options", "line"),
    [
        (
            ["--technique", "X-Wing"],
            "sudoku-repl generate: --technique under --rules is not in this version (serate's "
            "techniques of variant rules have their own names): give --er, --ep or --ed\n",
        ),
        (
            ["--steps", "-60"],
            "sudoku-repl generate: --steps is of classic sudoku in this version: with --rules, "
            "give --symmetry, --count, --time, --seed, --jobs and --out\n",
        ),
        (
            ["--lacking-digit"],
            "sudoku-repl generate: --lacking-digit is of classic sudoku in this version: with "
            "--rules, give --symmetry, --count, --time, --seed, --jobs and --out\n",
        ),
    ],
)
def test_what_is_not_made_under_rules_is_one_line(
    options: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main_generate(["--rules", "x", *options]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", line)


@pytest.mark.parametrize("rules", ["x", "antiknight", "latin", "nc"])
def test_under_rules_no_er_is_out_of_reach(rules: str) -> None:
    """Every rules' order runs to the nested forcing chains, whose rating grows with their
    chains': a 9.5 target is not refused."""
    from sudoku_repl.tools.making.targets import Targets, rating_span
    from sudoku_repl.tools.making.variant_rating import se_refusal

    assert se_refusal(parse(rules), Targets(er=rating_span("--er", "9.5-"))) is None


def test_er_under_rules_serate_lacks_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_generate(["--rules", "jigsaw=" + JIGSAW, "--er", "2.0-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "sudoku-repl generate: Sudoku Explainer has no rating of the rule jigsaw (serate has "
        "no flag for it): give --rules jigsaw="
    ) and err.endswith(" without --er, --ep, --ed and --technique\n")


def test_a_puzzle_made_to_an_er_under_rules_is_rated_as_serate_rates_it() -> None:
    # serate.jar's ratings of made puzzles, with the rules' flags (tests/data/README.md)
    serates = {
        (rules, puzzle): rating
        for rules, puzzle, rating in (
            line.split() for line in (TEST_DATA / "rules" / "serate" / "made.txt").open()
        )
    }
    # (the first puzzle seed 7 makes is in the span: one puzzle made and rated)
    (made,) = generate(rules="windoku", er="1.0-4.0", seed=7, count=1)
    said = serates.get(("windoku", made.puzzle))
    assert said is not None, f"rate {made.puzzle} with serate --isWindows=1 into made.txt"
    assert f"{made.er}/{made.ep}/{made.ed}" == said


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("xx", "--rules: Unknown rule 'xx': the rules are latin, toroidal, x,"),
        ("latin,jigsaw=" + JIGSAW, "--rules: Invalid rules: latin (no blocks) and jigsaw"),
        (",", "--rules: name the rules, latin, toroidal, x,"),
    ],
)
def test_bad_rules_are_one_line(words: str, said: str) -> None:
    with pytest.raises(OrderRefused) as refused:
        generate(rules=words)
    assert refused.value.line.startswith(said) and "\n" not in refused.value.line


def test_stdout_is_a_quiz_file_of_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main_generate(["--rules", "x", "--count", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "# rules: x" and len(out) == 3
    assert out[1:] == [m.line for m in generate(rules="x", seed=3, count=2)]


def test_out_begins_with_the_rules_and_a_stopped_run_is_continued(tmp_path: Path) -> None:
    out, whole = tmp_path / "made.txt", tmp_path / "whole.txt"
    argv = ["--rules", "x,windoku", "--count", "4", "--seed", "6"]
    stop = StopFlag()
    run = Run(Request.from_options(parser().parse_args([*argv, "--out", str(out)])), stop)
    for _ in run.puzzles():
        stop.set()  # as Ctrl-C does
    assert run.progress.interrupted
    run.close(finished=False)
    kept = out.read_text(encoding="utf-8").splitlines()
    assert kept[0] == "# rules: x,windoku" and 2 <= len(kept) < 5
    assert main_generate([*argv, "--out", str(out)]) == 0  # the same command goes on
    assert main_generate([*argv, "--out", str(whole)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines == whole.read_text(encoding="utf-8").splitlines() and len(lines) == 5
    quiz = load(str(out), 4)  # the file plays its rules
    assert quiz.rules == "x,windoku" and str(quiz).replace("0", ".") == lines[4]


def test_another_jobs_rules_are_refused_on_a_continued_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "made.txt"
    stop = StopFlag()
    args = ["--rules", "x", "--count", "3", "--seed", "6", "--out", str(out)]
    run = Run(Request.from_options(parser().parse_args(args)), stop)
    for _ in run.puzzles():
        stop.set()
    run.close(finished=False)
    before = out.read_bytes()
    assert main_generate(["--rules", "dg", *args[2:]]) == 2
    assert "(--rules differ)" in capsys.readouterr().err
    assert out.read_bytes() == before


def test_the_shell_loads_the_first_puzzle_under_its_rules() -> None:
    shell = Shell()
    lines = shell.ok("generate --rules antiking --seed 2")
    (made,) = generate(rules="antiking", seed=2, count=1)
    assert lines[1:] == ["# rules: antiking", made.line, "Quiz loaded."]
    assert shell.repl.session.quiz is not None
    assert shell.repl.session.quiz.rules == "antiking"
    assert "Fine [steps:" in "\n".join(shell.ok("run"))


def test_rules_no_grid_fills_are_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rules that no grid fills (windoku with non-consecutive: their search takes a minute or
    two to run dry, so the search is made to come back empty here) end the run with one
    line, not a traceback."""
    import sudoku_repl.core.rule_making as rule_making

    monkeypatch.setattr(rule_making, "completion_under", lambda *_: None)
    assert main_generate(["--rules", "windoku,nc", "--jobs", "1", "--seed", "1"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (
        "sudoku-repl generate: no grid fills the rules windoku,nc together, so no puzzle can "
        "be made under them: leave a rule out"
    )
    assert not any("Traceback" in line for line in err)

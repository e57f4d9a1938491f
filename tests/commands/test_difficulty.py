"""``difficulty`` in the shell (issue 60): the dossier of the loaded quiz or of the state at
the present step, one line a measure, the version and settings first; bad input one line.

The expected figures are SHC 6.2's and the issue's (``tests/data/difficulty_shc_sample.txt``):
Backdoor #1 is T&E(1), B9, with exactly two BRT backdoors, 9 at r1c5 and 8 at r1c2.
"""

from __future__ import annotations

import pytest
from prompt_toolkit.input import PipeInput

from sudoku_repl import version
from tests.support.helpers import (
    NEEDS_NATIVE_EXPLAINER,
    PUZZLES,
    SLOW,
    Shell,
    completions,
    interact,
    typed,
)
from tests.techniques.difficulty import oracle

BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
BXB = "..34...8.......1.37.....5.42...9....5.71..4...6...7....7...2.....58....19...6...."
B4 = "..345..8.4.6.........1...65.1.5.8.7....3...919...........8.....6....7.3...1.3..57"


def loaded(quiz: str) -> Shell:
    shell = Shell()
    assert shell.ok(f"load-quiz {quiz}") == ["Quiz loaded."]
    return shell


def test_the_dossier_of_backdoor_1_names_shcs_figures_and_its_two_backdoors() -> None:
    lines = loaded(BACKDOOR_1).ok("difficulty quiz --measures te,backdoors")
    # (issue 66: the isomorphs, SE's time limit and the run mode shape none of these figures)
    assert lines[0] == f"Difficulty of the quiz (sudoku-repl {version()}; measures te,backdoors)"
    assert lines[1] == "State: 27 givens, nothing placed, no candidate removed."
    assert lines[2].startswith("T&E-depth: 1 (")
    assert lines[3].startswith("BRT backdoors: 2 (8r1c2, 9r1c5) (")
    assert lines[4].startswith("Candidate backdoors: ")
    assert len(lines) == 5


def test_size_2_candidate_backdoors_where_asked_are_counted_and_named() -> None:
    """The count is the brute force's (``oracle``: every pair of wrong candidates tried by the
    tests' own singles); the first five pairs are named, in candidate order."""
    _, pairs = oracle.candidate_backdoors(BACKDOOR_1)
    lines = loaded(BACKDOOR_1).ok("difficulty quiz --measures backdoors2")
    assert lines[0].endswith("; measures backdoors,backdoors2)")
    assert [line.split(":")[0] for line in lines[2:]] == [
        "BRT backdoors", "Candidate backdoors", "Candidate backdoors of size 2",
    ]  # fmt: skip
    first = sorted(pairs)[:5]
    named = ", ".join(
        f"{a[1]}r{a[0] // 9 + 1}c{a[0] % 9 + 1}+{b[1]}r{b[0] // 9 + 1}c{b[0] % 9 + 1}"
        for a, b in first
    )
    assert lines[4].startswith(
        f"Candidate backdoors of size 2: {len(pairs)} ({named}, and {len(pairs) - 5} more) (pairs "
    )


def test_help_says_the_size_2_backdoors_are_there_only_where_asked() -> None:
    shell = loaded(BACKDOOR_1)
    assert "by default all but backdoors2" in " ".join(shell.ok("help difficulty"))
    assert "backdoors2:" in " ".join(shell.ok("help difficulty"))


def test_b_of_a_t_e_1_puzzle_and_not_bxb() -> None:
    lines = loaded(B4).ok("difficulty --measures b")
    assert [line.split(" (")[0] for line in lines[2:]] == ["T&E-depth: 1", "B: 4"]


@SLOW
def test_b9_and_a_t_e_2_puzzle_says_bxb_and_not_b() -> None:
    """B9 and B2B take seconds natively, half a minute each in pure Python."""
    lines = loaded(BACKDOOR_1).ok("difficulty --measures b")
    assert [line.split(" (")[0] for line in lines[2:]] == ["T&E-depth: 1", "B: 9"]
    lines = loaded(BXB).ok("difficulty --measures b")
    assert [line.split(" (")[0] for line in lines[2:]] == ["T&E-depth: 2", "BxB: B2B"]


@NEEDS_NATIVE_EXPLAINER
def test_every_measure_has_its_line_and_says_what_it_is() -> None:
    shell = loaded(B4)
    lines = shell.ok("difficulty --isomorphs 2 --seed 1")
    starts = [
        "Difficulty of the state at step 0 (", "State: ", "T&E-depth: 1 (", "B: 4 (",
        "Guess depth: ", "Fewest guesses: ", "Order luck (2 random isomorphs, seed 1;",
        "  steps ", "  biggest level ", "BRT backdoors: ", "Candidate backdoors: ", "SE: ER ",
    ]  # fmt: skip
    for line, start in zip(lines, starts, strict=False):
        assert line.startswith(start), (line, start)
    assert any(line.startswith("  bottleneck: step ") for line in lines)
    assert any(line.startswith("  techniques of the path: ") for line in lines)
    assert lines[-1].startswith("SE spread: ER ") and "canonical (minlex)" in lines[-1]


def test_at_a_step_the_state_is_measured_and_nothing_changes() -> None:
    """The seed at step 7 (its first guess, [6,2]=5 at level 1): the state's values and
    candidates, said in the state line; the session as it was."""
    shell = Shell.loaded()
    shell.ok("goto 7")
    before = (shell.steps, shell.ok("show"))
    lines = shell.ok("difficulty --measures te")
    assert lines[0].startswith("Difficulty of the state at step 7, level 1 (")
    assert lines[1].startswith("State: 23 givens, ")  # (the seed's)
    assert (shell.steps, shell.ok("show")) == before


def test_a_state_without_one_solution_has_no_measure() -> None:
    none = (PUZZLES / "invalid_no_solution.txt").read_text().splitlines()[0]
    many = (PUZZLES / "multiple_solutions.txt").read_text().splitlines()[0]
    assert loaded(none).ok("difficulty quiz")[2:] == [
        "No measure: it has no solution (the measures are defined on one solution)."
    ]
    assert loaded(many).ok("difficulty quiz")[2:] == [
        "No measure: it has several solutions (the measures are defined on one solution)."
    ]


@pytest.mark.parametrize(
    "line, said",
    [
        (
            "difficulty --measures te,nope",
            "difficulty 'nope' is no measure: want a comma list of steps, se, te, b, backdoors, "
            "backdoors2, guess, spread (both: steps,se), not 'te,nope': difficulty [quiz] [--measures LIST] "
            "[--isomorphs K] [--seed S]",
        ),
        (
            "difficulty --isomorphs 1001",
            "difficulty --isomorphs takes 1 to 1000, not 1001: difficulty [quiz] "
            "[--measures LIST] [--isomorphs K] [--seed S]",
        ),
        (
            "difficulty --isomorphs 0",
            "difficulty --isomorphs needs a whole number >= 1: difficulty [quiz] "
            "[--measures LIST] [--isomorphs K] [--seed S]",
        ),
    ],
)
def test_bad_input_is_one_line_and_the_state_is_kept(line: str, said: str) -> None:
    shell = Shell.loaded()
    shell.ok("step 3")
    before = (shell.steps, shell.ok("show"))
    assert shell.fails(line) == [said]
    assert (shell.steps, shell.ok("show")) == before


def test_without_a_quiz_it_says_to_load_one() -> None:
    (line,) = Shell().fails("difficulty")
    assert line.startswith("No quiz loaded")


def test_ctrl_c_stops_it_with_no_dossier() -> None:
    flag = [False]
    shell = Shell(interrupted=lambda: flag[0])
    assert shell.ok(f"load-quiz {BACKDOOR_1}") == ["Quiz loaded."]
    flag[0] = True
    assert shell.run("difficulty quiz --measures steps") == [
        "Interrupted: no dossier; nothing changed."
    ]


def test_completion_offers_its_words() -> None:
    assert completions("diffi") == ["difficulty"]
    assert completions("difficulty ") == ["difficulty quiz"]
    assert completions("difficulty quiz ") == [
        "difficulty quiz --isomorphs",
        "difficulty quiz --measures",
        "difficulty quiz --seed",
    ]


def test_the_prompt_runs_it(pipe: PipeInput, capsys: pytest.CaptureFixture[str]) -> None:
    """At the prompt (prompt_toolkit's pipe input, in process): typed, its lines printed."""
    keys = typed(f"load-quiz {BACKDOOR_1}", "difficulty quiz --measures backdoors", "bye")
    repl = interact(pipe, keys)
    out = capsys.readouterr().out.split("\n")
    assert repl.done and repl.failures.lines == []
    assert any(line.startswith("BRT backdoors: 2 (8r1c2, 9r1c5) (") for line in out)

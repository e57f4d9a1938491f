"""``difficulty`` in the shell: the dossier of the loaded quiz or of the state at
the present step, one line a measure, the version and settings first; bad input one line.

The expected figures are SHC 6.2's and the issue's (``tests/data/difficulty_shc_sample.txt``):
Backdoor #1 is T&E(1), B9, with exactly two BRT backdoors, 9 at r1c5 and 8 at r1c2.
"""

from __future__ import annotations

import re

import pytest
from prompt_toolkit.input import PipeInput

from sudoku_repl import version
from sudoku_repl.commands.dispatch import Repl
from tests.support.helpers import (
    NEEDS_NATIVE_EXPLAINER,
    PUZZLES,
    SLOW,
    Answers,
    ListOutput,
    Shell,
    completions,
    fake_clock,
    interact,
    typed,
)

BACKDOOR_1 = "1.......2.3..2..4...25.63....76.58......7......92.86....59.37...7..5..9.9.......8"
BXB = "..34...8.......1.37.....5.42...9....5.71..4...6...7....7...2.....58....19...6...."
B4 = "..345..8.4.6.........1...65.1.5.8.7....3...919...........8.....6....7.3...1.3..57"


def loaded(quiz: str) -> Shell:
    shell = Shell()
    assert shell.ok(f"load-quiz {quiz}") == ["Quiz loaded."]
    return shell


def test_the_dossier_of_backdoor_1_names_shcs_figures_and_its_two_backdoors() -> None:
    lines = loaded(BACKDOOR_1).ok("difficulty quiz --measures te,backdoors")
    # (the isomorphs, SE's time limit and the run mode shape none of these figures)
    assert lines[0] == f"Difficulty of the quiz (sudoku-repl {version()}; measures te,backdoors)"
    assert lines[1] == "State: 27 givens, nothing placed, no candidate removed."
    assert lines[2].startswith("T&E-depth: 1 (")
    assert lines[3].startswith("BRT backdoors: 2 (8r1c2, 9r1c5) (")
    assert lines[4].startswith("Candidate backdoors: ")
    assert len(lines) == 5


def test_size_2_candidate_backdoors_where_asked_are_counted_and_named() -> None:
    """The count and the first five pairs, named in candidate order, are the brute force's
    (``oracle``: every pair of wrong candidates tried by the tests' own singles), written out:
    its 19 pairs of Backdoor #1, to which ``techniques/difficulty/test_backdoors.py`` holds the
    engine."""
    lines = loaded(BACKDOOR_1).ok("difficulty quiz --measures backdoors2")
    assert lines[0].endswith("; measures backdoors,backdoors2)")
    assert [line.split(":")[0] for line in lines[2:]] == [
        "BRT backdoors", "Candidate backdoors", "Candidate backdoors of size 2",
    ]  # fmt: skip
    named = "5r1c2+7r1c8, 5r1c2+8r2c3, 5r1c2+6r2c9, 5r1c2+7r6c9, 9r1c2+9r4c5"
    assert lines[4].startswith(f"Candidate backdoors of size 2: 19 ({named}, and 14 more) (pairs ")


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
    lines = shell.ok(
        "difficulty --measures steps,te,b,guess,backdoors,spread --isomorphs 2 --seed 1"
    )
    starts = [
        "Difficulty of the state at step 0 (", "State: ", "T&E-depth: 1 (", "B: 4 (",
        "Guess depth: ", "Fewest guesses: ", "Order luck (2 random isomorphs, seed 1;",
        "  steps ", "  biggest level ", "BRT backdoors: ", "Candidate backdoors: ", "SE: ER ",
    ]  # fmt: skip
    for line, start in zip(lines, starts, strict=False):
        assert line.startswith(start), (line, start)
    assert any(line.startswith("  bottleneck: step ") for line in lines)
    assert any(line.startswith("  techniques of the path, by rating: ") for line in lines)
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
            "[--isomorphs K] [--seed S] [--se-timeout T]",
        ),
        (
            "difficulty --isomorphs 1001",
            "difficulty --isomorphs takes 1 to 1000, not 1001: difficulty [quiz] "
            "[--measures LIST] [--isomorphs K] [--seed S] [--se-timeout T]",
        ),
        (
            "difficulty --isomorphs 0",
            "difficulty --isomorphs needs a whole number >= 1: difficulty [quiz] "
            "[--measures LIST] [--isomorphs K] [--seed S] [--se-timeout T]",
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


def test_completion_offers_its_words() -> None:
    assert completions("diffi") == ["difficulty"]
    assert completions("difficulty ") == ["difficulty quiz"]
    assert completions("difficulty quiz ") == [
        "difficulty quiz --isomorphs",
        "difficulty quiz --measures",
        "difficulty quiz --se-timeout",
        "difficulty quiz --seed",
    ]


def test_the_prompt_runs_it(pipe: PipeInput, capsys: pytest.CaptureFixture[str]) -> None:
    """At the prompt (prompt_toolkit's pipe input, in process): typed, its lines printed."""
    keys = typed(f"load-quiz {BACKDOOR_1}", "difficulty quiz --measures backdoors", "bye")
    repl = interact(pipe, keys)
    out = capsys.readouterr().out.split("\n")
    assert repl.done and repl.failures.lines == []
    assert any(line.startswith("BRT backdoors: 2 (8r1c2, 9r1c5) (") for line in out)


# -- a cheap default, --se-timeout, the progress, Ctrl-C, one notation -------------

#: Backdoor #1's SE path as serate.jar v1.15.10 gives it (``--after='%r|%s'``, its steps counted
#: by the name before the first colon; ``--before='%m'`` around its WXYZ-Wing for what the step
#: removes): the bottleneck and the histogram, in Sudoku Explainer's own order (by rating)
BACKDOOR_1_BOTTLENECK = (
    "  bottleneck: step 19 of 60 (5.6) removes 1r3c5, 1r5c4; "
    "serate: WXYZ-Wing 137: Cells E1,E4,E6,D2 on value 1"
)
BACKDOOR_1_TECHNIQUES = (
    "  techniques of the path, by rating: 50 x Hidden Single (1.0-1.5), 1 x Direct Hidden Pair "
    "(2.0), 3 x Naked Single (2.3), 2 x Pointing (2.6), 1 x Claiming (2.8), 2 x Jellyfish (5.2), "
    "1 x WXYZ-Wing 137 (5.6)"
)


def test_the_bare_command_leaves_the_spread_out() -> None:
    """The spread is K + 2 of Sudoku Explainer's ratings, 95% of a whole dossier's time: asked
    for by name only, as the size-2 backdoors are."""
    lines = loaded(B4).ok("difficulty quiz")
    assert "; measures steps,se,te,b,backdoors,guess; " in lines[0]
    assert not any(line.startswith("SE spread") for line in lines)
    assert lines[-1].startswith("  techniques of the path")


def test_se_timeout_is_taken_and_said_in_the_first_line() -> None:
    lines = loaded(BACKDOOR_1).ok("difficulty quiz --measures se --se-timeout 0.5")
    assert "; se-timeout 0.5 s)" in lines[0]
    assert lines[2].startswith("SE: ER 5.6, EP 5.2, ED 5.2 (")


@NEEDS_NATIVE_EXPLAINER
def test_the_se_path_names_cells_one_way_and_keeps_serates_lines() -> None:
    """``8r1c2`` in the dossier's own words; serate's cell names (``E1``, ``C2.2``) only in
    serate's step line, after ``serate:``, byte for byte; never the original's ``[r,c]``."""
    lines = loaded(BACKDOOR_1).ok(
        "difficulty quiz --measures steps,se,te,backdoors,guess,spread --isomorphs 2"
    )
    assert BACKDOOR_1_BOTTLENECK in lines
    assert BACKDOOR_1_TECHNIQUES in lines
    for line in lines:
        ours = line.partition("; serate: ")[0]
        assert not re.search(r"\b[A-I][1-9](\.[1-9])?\b", ours), line
        assert not re.search(r"\[\d,\d\]", line), line


def test_the_progress_names_each_measure_and_isomorph() -> None:
    """What the progress line says (``hooks.doing``, read at each tick, as the shell's line
    reads it), in order, while the dossier works."""
    said: list[str] = []
    holder: list[Repl] = []

    def tick() -> None:
        doing = holder[0].hooks.doing
        if doing is not None and (not said or said[-1] != doing):
            said.append(doing)

    repl = Repl(ListOutput(), Answers(), clock=fake_clock(), tick=tick)
    holder.append(repl)
    assert repl.execute(f"load-quiz {BACKDOOR_1}")
    assert repl.execute("difficulty quiz --measures te,steps,spread --isomorphs 2")
    at = "difficulty of the quiz: measuring "
    assert said == [
        at + "te", at + "steps", at + "steps (this orientation)",
        at + "steps (isomorph 1 of 2)", at + "steps (isomorph 2 of 2)", at + "se",
        at + "spread", at + "spread (this orientation)", at + "spread (isomorph 1 of 2)",
        at + "spread (isomorph 2 of 2)", at + "spread (the minlex form)",
    ]  # fmt: skip
    assert repl.hooks.doing is None  # (the line counts steps again after it)


def interrupted_at(shell_doing: str) -> Shell:
    """A shell whose Ctrl-C comes once the progress says ``shell_doing``: the state reached,
    not a time."""
    holder: list[Shell] = []

    def flag() -> bool:
        return shell_doing in (holder[0].repl.hooks.doing or "")

    holder.append(Shell(interrupted=flag))
    assert holder[0].ok(f"load-quiz {BACKDOOR_1}") == ["Quiz loaded."]
    return holder[0]


def test_ctrl_c_in_the_spread_prints_the_measures_finished() -> None:
    shell = interrupted_at("spread (isomorph 2 of")
    lines = shell.ok("difficulty quiz --measures te,backdoors,spread")
    assert lines[2].startswith("T&E-depth: 1 (")
    assert lines[3].startswith("BRT backdoors: 2 (8r1c2, 9r1c5) (")
    assert lines[5].startswith("SE: ER 5.6, EP 5.2, ED 5.2 (")
    assert not any(line.startswith("SE spread") for line in lines)
    assert lines[-1] == (
        "Interrupted while measuring spread (isomorph 2 of 8); not measured: spread."
    )


def test_ctrl_c_between_the_order_free_measures_keeps_those_before() -> None:
    shell = interrupted_at("measuring guess")
    before = (shell.steps, shell.ok("show"))
    lines = shell.ok("difficulty quiz --measures te,backdoors,guess")
    assert [line.split(" (")[0] for line in lines[2:]] == [
        "T&E-depth: 1", "BRT backdoors: 2", "Candidate backdoors: 0",
        "Interrupted while measuring guess; not measured: guess.",
    ]  # fmt: skip
    assert (shell.steps, shell.ok("show")) == before  # (nothing changed)


def test_ctrl_c_before_anything_says_so() -> None:
    shell = interrupted_at("measuring steps (this orientation)")
    assert shell.ok("difficulty quiz --measures steps")[2:] == [
        "Interrupted while measuring steps (this orientation); not measured: steps."
    ]


@pytest.mark.parametrize("stem", ["windoku", "x", "antiknight"])
def test_se_on_variant_rules_is_serates_rating_and_path(stem: str) -> None:
    """``difficulty --measures se`` under rules serate rates: ER/EP/ED, the step count and the
    bottlenecks' lines serate.jar's own (its goldens), on a quiz of each rule whose path the
    techniques ported to variant rules take whole."""
    from tests.techniques.test_se_variants import is_ported, quick_goldens

    puzzle, steps, figures = next(
        (p, s, f) for p, s, f in quick_goldens(stem) if all(is_ported(stem, line) for line in s)
    )
    er, ep, ed = figures.split("/")
    shell = Shell()
    shell.ok(f"load-quiz {puzzle} --rules={stem}")
    out = shell.ok("difficulty --measures se")
    at = next(i for i, line in enumerate(out) if line.startswith("SE: "))
    assert out[at].startswith(f"SE: ER {er}, EP {ep}, ED {ed} (")
    assert out[at].endswith(f"; {len(steps)} steps)")
    hardest = [line.split(" ", 1)[1] for line in steps if line.startswith(er + " ")]
    said = [line.split("; serate: ", 1)[1] for line in out if line.startswith("  bottleneck:")]
    assert said == hardest


def test_se_on_variant_rules_serate_has_no_flag_for_is_one_line() -> None:
    jigsaw = "".join(str(r // 27 * 3 + r % 9 // 3 + 1) for r in range(81))
    shell = Shell()
    shell.ok(f"load-quiz {'.' * 80}1 --rules=jigsaw={jigsaw}")
    (line,) = shell.fails("difficulty --measures se")
    assert line.startswith(
        f"difficulty on variant rules (jigsaw={jigsaw}) the measures are te,b,backdoors,"
        "backdoors2,guess, not se: Sudoku Explainer has no rating of the rule jigsaw (serate "
        "has no flag for it): difficulty [quiz] [--measures LIST]"
    )

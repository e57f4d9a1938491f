"""The debugger's commands in-process: time travel, bisection, breakpoints, questions to
the record, the pictures' wiring, and their errors.

Expected values come from the reference traces (``tests/data/reference/seed_*.trace``), from the
SudokuSolver 2.6 article (``tests/data/article_002_listings.txt``: its show blocks and ``levels``
listings at steps 90, 92, 93, 94, 97 and 98) or from facts read off those by hand; never from the
code under test. "The same as a fresh session" is checked by comparing two sessions: that is the
property itself.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import pytest

from tests.support import helpers
from tests.support.helpers import LEVELS_94, NO_QUIZ, SEED, reference_lines

pytestmark = pytest.mark.usefixtures("at_repo_root")


# -- a session in-process (tests/support/helpers.py) -----------------------------------------------------


class Shell(helpers.Shell):
    def snapshot(self) -> tuple[object, ...]:
        """Everything a failed command must leave alone."""
        session = self.repl.session
        state = session.state() if session.loaded else None
        marks = [attrs.evolve(bp) for bp in session.breakpoints.items.values()]
        return (state, session.cursor, session.settings.copy(), marks)


loaded = Shell.loaded


def timing(steps: int, total: int, biggest: int, questions: int = 0) -> list[str]:
    """The timing lines on the fake clock: 250 ms, and 250 more for each guess question asked
    (its wait reads the clock twice; the wait itself, one tick, is left out)."""
    return [
        f"Run time: {250 * (1 + questions)} milliseconds; steps: {steps}, solution sum: {total}.",
        f" Biggest level on this run(til): {biggest}",
    ]


def flat(lines: Sequence[str]) -> str:
    """Whitespace collapsed, the way the article's text reached us."""
    return " ".join(" ".join(lines).split())


# -- the reference traces ------------------------------------------------------------------------


RUN_RUN = reference_lines("seed_run_run.trace")  # run (to 131), run (to 284)
R65_98 = reference_lines("seed_runtil_65_98.trace")  # runtil 65, runtil 98, run, run
R82_90_98 = reference_lines("seed_runtil_82_90_98.trace")  # runtil 82, 90, 98, run, run
FROM_90 = reference_lines("seed_steps_from_90.trace")  # runtil 90, then seven steps
ALL_LINES = RUN_RUN[0] + RUN_RUN[1]  # the whole search, steps 1..284

NEW_GUESS = re.compile(r"(\d+)\) Guess \[\d,\d\] level (\d+) at \d+ out of \d+")


def guesses(lines: Sequence[str]) -> list[tuple[int, int]]:
    """(step, level) of every new guess of a trace (docs/engine.md 9: the biggest level counts
    these)."""
    return [(int(m[1]), int(m[2])) for line in lines if (m := NEW_GUESS.fullmatch(line))]


def biggest(found: Sequence[tuple[int, int]], first: int, last: int) -> int:
    return max((level for step, level in found if first <= step <= last), default=0)


def upto(lines: Sequence[str], last_line: str) -> list[str]:
    """The lines up to and including ``last_line``."""
    return list(lines[: lines.index(last_line) + 1])


def after(lines: Sequence[str], line: str) -> list[str]:
    return list(lines[lines.index(line) + 1 :])


GUESS_92 = "92) Guess [4,2] level 11 at 1 out of 2"


# -- the article's show blocks and levels listings ----------------------------------------------

ARTICLE_SHOW_90 = (
    "645 327 198 831 954 627 279 618 543 406 095 370 910 073 056 753 200 980 367 502 019 "
    "094 700 030 000 039 760 Steps:90 Candidates: [4,2]: 2 8 [4,4]: 1 8 [4,9]: 1 2 [5,3]: 2 8 "
    "[5,4]: 4 8 [5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 "
    "[8,5]: 6 8 [8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 2 8 [9,3]: 2 8 [9,4]: 1 4 "
    "[9,9]: 4 5 The foremost cell with 2 candidate(s) at [4,2] At guess level 10 [2,6] 1"
)
ARTICLE_SHOW_92 = (
    "645 327 198 831 954 627 279 618 543 426 095 370 910 073 056 753 200 980 367 502 019 "
    "094 700 030 000 039 760 Steps:92 Candidates: [4,4]: 1 8 [4,9]: 1 [5,3]: 8 [5,4]: 4 8 "
    "[5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 [8,5]: 6 8 "
    "[8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 8 [9,3]: 2 8 [9,4]: 1 4 [9,9]: 4 5 "
    "The foremost cell with 1 candidate(s) at [4,9] At guess level 11 [4,2] 1"
)
ARTICLE_SHOW_93 = (
    "645 327 198 831 954 627 279 618 543 486 095 370 910 073 056 753 200 980 367 502 019 "
    "094 700 030 000 039 760 Steps:93 Candidates: [4,4]: 1 [4,9]: 1 2 [5,3]: 2 [5,4]: 4 8 "
    "[5,7]: 2 4 [6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4 [7,5]: 4 8 [7,7]: 4 8 [8,1]: 1 5 [8,5]: 6 8 "
    "[8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5 [9,1]: 1 5 [9,2]: 2 [9,3]: 2 8 [9,4]: 1 4 [9,9]: 4 5 "
    "The foremost cell with 1 candidate(s) at [4,4] At guess level 11 [4,2] 2"
)
ARTICLE_SHOW_98 = (
    "005 300 000 809 050 020 070 010 500 406 005 300 010 073 056 753 200 080 067 500 009 "
    "004 000 030 000 009 700 Steps:98 Candidates: [1,1]: 1 2 6 [1,2]: 2 4 [1,5]: 2 4 6 8 9 "
    "[1,6]: 2 4 6 7 8 [1,7]: 1 4 6 8 9 [1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8 [2,2]: 3 4 [2,4]: 4 6 7 "
    "[2,6]: 4 6 7 [2,7]: 1 4 6 [2,9]: 1 3 4 7 [3,1]: 2 3 6 [3,3]: 2 [3,4]: 4 6 8 9 [3,6]: "
    "2 4 6 8 [3,8]: 4 6 9 [3,9]: 3 4 8 [4,2]: 2 8 9 [4,4]: 1 8 9 [4,5]: 8 9 [4,8]: 1 7 9 "
    "[4,9]: 1 2 7 [5,1]: 2 9 [5,3]: 2 8 [5,4]: 4 8 9 [5,7]: 2 4 9 [6,5]: 4 6 9 [6,6]: 1 4 6 "
    "[6,7]: 1 4 9 [6,9]: 1 4 [7,1]: 1 2 3 [7,5]: 2 3 4 8 [7,6]: 1 2 4 8 [7,7]: 1 2 4 8 "
    "[7,8]: 1 4 [8,1]: 1 2 5 9 [8,2]: 2 8 9 [8,4]: 1 6 7 8 [8,5]: 2 6 8 [8,6]: 1 2 6 7 8 "
    "[8,7]: 1 2 6 8 [8,9]: 1 2 5 8 [9,1]: 1 2 3 5 [9,2]: 2 3 8 [9,3]: 1 2 8 [9,4]: 1 4 6 8 "
    "[9,5]: 2 3 4 6 8 [9,8]: 1 4 6 [9,9]: 1 2 4 5 8 The foremost cell with 1 candidate(s) at "
    "[3,3] At guess level 3 [2,3] 2"
)
# The article prints only the end of these two blocks.
ARTICLE_END_94 = ["The foremost cell with 1 candidate(s) at [2,7]", "At guess level 10 [2,6] 2"]
ARTICLE_END_97 = ["The foremost cell with 1 candidate(s) at [1,7]", "At guess level 8 [1,5] 2"]
# runtil 65: "At guess level 7 [1,8] 2" ends its show block (article, docs/engine.md 10)
END_65 = "At guess level 7 [1,8] 2"

LEVELS_97 = [
    "At guess level 8:",
    "Level 8 [1,5]=8 (2 out of 2)",
    "Level 7 [1,8]=9 (2 out of 2)",
    "Level 6 [1,2]=4 (2 out of 2)",
    "Level 5 [1,1]=6 (2 out of 2)",
    "Level 4 [3,3]=9 (2 out of 2)",
    "Level 3 [2,3]=1 (1 out of 2)",
    "Level 2 [4,3]=6 (1 out of 2)",
    "Level 1 [6,2]=5 (1 out of 2)",
]
LEVELS_98 = [
    "At guess level 3:",
    "Level 3 [2,3]=9 (2 out of 2)",
    "Level 2 [4,3]=6 (1 out of 2)",
    "Level 1 [6,2]=5 (1 out of 2)",
]
# At step 90 levels 9..1 are those of step 94, and level 10 is still its first try: the show
# block at 90 says "At guess level 10 [2,6] 1", and [2,6]=4 is its first candidate (step 94
# tries 6 as "2 out of 2"; row 2 of the grid at 90 shows 4 in [2,6]).
LEVELS_90 = ["At guess level 10:", "Level 10 [2,6]=4 (1 out of 2)", *LEVELS_94[2:]]
# Step 92 guesses [4,2]=2, the first of its candidates 2 8 (show blocks at 90 and 92).
LEVELS_92 = ["At guess level 11:", "Level 11 [4,2]=2 (1 out of 2)", *LEVELS_90[1:]]
# Step 93 tries [4,2]=8 (Forward guess ... at 2 out of 2).
LEVELS_93 = ["At guess level 11:", "Level 11 [4,2]=8 (2 out of 2)", *LEVELS_90[1:]]


def test_the_article_listings_agree_with_each_other() -> None:
    """Guards the constants above: what the article prints at 90, 94 and 97 fits together."""
    assert "At guess level 10 [2,6] 1" in ARTICLE_SHOW_90
    assert "Steps:90 " in ARTICLE_SHOW_90 and " 831 954 627 " in ARTICLE_SHOW_90  # [2,6]=4
    assert LEVELS_97[1:] == ["Level 8 [1,5]=8 (2 out of 2)", *LEVELS_94[4:]]
    assert GUESS_92 in FROM_90[1]


# -- time travel ---------------------------------------------------------------------------------


def test_goto_90_prints_only_the_published_show_block_and_levels() -> None:
    shell = loaded()
    lines = shell.ok("goto 90")  # past the (empty) record: the steps are run silently
    assert flat(lines) == ARTICLE_SHOW_90
    assert lines[12] == "Steps:90"
    assert shell.ok("levels") == LEVELS_90
    assert shell.ok("show") == lines


@pytest.mark.parametrize(
    ("steps", "end", "levels"),
    [(94, ARTICLE_END_94, LEVELS_94), (97, ARTICLE_END_97, LEVELS_97)],
)
def test_goto_94_and_97_then_levels_match_the_article(
    steps: int, end: list[str], levels: list[str]
) -> None:
    shell = loaded()
    shell.ok("runtil 98")
    lines = shell.ok(f"goto {steps}")
    assert lines[12] == f"Steps:{steps}"
    assert lines[-2:] == end
    assert not any(re.match(r"\d+\) ", line) for line in lines), "no trace lines"
    assert shell.ok("levels") == levels


def test_goto_back_and_forth_within_the_record() -> None:
    shell = loaded()
    shell.ok("run")  # the record holds steps 1..131
    assert flat(shell.ok("goto 93")) == ARTICLE_SHOW_93
    assert shell.ok("levels") == LEVELS_93
    assert flat(shell.ok("goto 90")) == ARTICLE_SHOW_90
    assert shell.ok("levels") == LEVELS_90
    assert flat(shell.ok("goto 98")) == ARTICLE_SHOW_98
    assert shell.ok("levels") == LEVELS_98
    assert flat(shell.ok("goto 92")) == ARTICLE_SHOW_92
    assert shell.ok("levels") == LEVELS_92
    assert shell.ok("goto 0")[12:] == ["Steps:0", "Candidates:"]
    assert shell.ok("levels") == ["At guess level 0:"]


def test_back_from_98_shows_the_state_at_97() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    lines = shell.ok("back")
    assert lines[12] == "Steps:97"
    assert lines[-2:] == ARTICLE_END_97
    assert shell.ok("levels") == LEVELS_97
    lines = shell.ok("back 3")
    assert lines[12] == "Steps:94"
    assert lines[-2:] == ARTICLE_END_94
    assert shell.ok("levels") == LEVELS_94
    assert flat(shell.ok("back 4")) == ARTICLE_SHOW_90


def test_stepping_on_after_going_back_prints_the_reference_lines() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    shell.ok("goto 90")
    for expected in FROM_90[1:]:
        lines = shell.ok("step")
        assert lines[: len(expected)] == expected
    assert shell.steps == 98
    assert shell.ok("levels") == LEVELS_98


def test_original_commands_after_time_travel_print_what_they_always_did() -> None:
    shell = loaded()
    shell.ok("runtil 120")
    shell.ok("goto 65")
    lines = shell.ok("runtil 98")
    assert lines[: len(R65_98[1])] == R65_98[1]
    assert flat(lines[len(R65_98[1]) : -2]) == ARTICLE_SHOW_98
    assert lines[-2:] == timing(98, 0, 11)
    assert shell.ok("run") == [*R65_98[2], *timing(131, 1, 6)]
    assert shell.ok("run") == [*R65_98[3], *timing(284, 1, 7)]


def test_goto_past_the_record_goes_on_silently_and_records_the_steps() -> None:
    shell = loaded()
    shell.ok("runtil 20")
    assert flat(shell.ok("goto 90")) == ARTICLE_SHOW_90
    lines = shell.ok("runtil 98")
    assert lines[: len(R82_90_98[2])] == R82_90_98[2]
    assert lines[-2:] == timing(98, 0, 11)
    assert shell.ok("history 83 90") == R82_90_98[1]


def test_goto_past_the_end_of_the_search_stops_there() -> None:
    shell = loaded()
    lines = shell.ok("goto 1000")
    assert shell.steps == 284
    assert "Steps:284" in lines
    assert "284" in lines[-1]  # it says where the search ended
    assert shell.ok("run")[0] == "Invalid quiz [steps:284] - no more solution (solution sum is 1)"


def test_runtil_98_65_98_gives_the_lines_of_a_fresh_session_each_time() -> None:
    shell = loaded()
    first = shell.ok("runtil 98")
    n = len(R65_98[0]) + len(R65_98[1])
    assert first[:n] == R65_98[0] + R65_98[1]  # a fresh runtil 98 is runtil 65 + runtil 98
    assert flat(first[n:-2]) == ARTICLE_SHOW_98
    assert first[-2:] == timing(98, 0, 11)

    down = shell.ok("runtil 65")
    assert down[: len(R65_98[0])] == R65_98[0]
    assert down[-3:] == [END_65, *timing(65, 0, 7)]
    fresh = loaded()
    assert down == fresh.ok("runtil 65")

    up = shell.ok("runtil 98")
    assert up[: len(R65_98[1])] == R65_98[1]
    assert up[-2:] == timing(98, 0, 11)
    assert up == fresh.ok("runtil 98")
    assert flat(up[len(R65_98[1]) : -2]) == ARTICLE_SHOW_98


def test_runtil_below_the_present_in_guess_mode_replays_the_recorded_answers() -> None:
    shell = loaded("", "", "[2,3]=9", "[1,6]=7")
    shell.ok("guess-mode 1")
    assert shell.ok("runrun 1")[-3:] == ["Fine [steps:40, solution sum:1].", *timing(40, 1, 4, 4)]
    asked = list(shell.answers.questions)
    assert len(asked) == 4

    lines = shell.ok("runtil 20")
    assert shell.answers.questions == asked, "recorded answers are not asked again"
    fresh = loaded("", "", "[2,3]=9")
    fresh.ok("guess-mode 1")
    # the same lines, but the run time: the fresh run's three questions each read the fake clock
    # twice more (timing's ``questions``)
    assert lines[:-2] == fresh.ok("runtil 20")[:-2] and lines[-1] == fresh.out.lines[-1]
    assert lines[-2:] == timing(20, 0, 3) and fresh.out.lines[-2:] == timing(20, 0, 3, 3)
    assert "16) Guess [2,3] level 3 at 1 out of 2" in lines
    # the article's listing after answering [2,3]=9
    assert shell.ok("levels") == [
        "At guess level 3:",
        "Level 3 [2,3]=9 (1 out of 2)",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]


def test_goto_replays_the_answers_given_interactively_without_asking() -> None:
    shell = loaded("", "", "[2,3]=9", "[1,6]=7")
    shell.ok("guess-mode 1")
    shell.ok("runrun 1")
    asked = list(shell.answers.questions)
    shell.ok("goto 12")
    assert shell.ok("levels") == [
        "At guess level 2:",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]
    shell.ok("goto 39")
    shell.ok("back 30")
    shell.ok("goto 40")
    assert shell.answers.questions == asked
    assert shell.ok("levels") == [  # the article's listing at step 40
        "At guess level 4:",
        "Level 4 [1,6]=7 (1 out of 4)",
        "Level 3 [2,3]=9 (1 out of 2)",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]


# -- bisection -----------------------------------------------------------------------------------

#: a probe of bisect level L says whether a new guess of the range reaches L, and how deep the
#: new guesses went ("no new guess": the levels the search was at already count for nothing)
LEVEL_PROBE = re.compile(
    r"steps (\d+)\.\.(\d+): level (\d+) (reached|not reached) "
    r"\((?:new guesses up to level (\d+)|no new guess)\)"
)
WHEN_PROBE = re.compile(r"steps (\d+)\.\.(\d+): (seen|not seen)")
Judge = Callable[[int, int, str], bool]


def check_probes(probes: Sequence[str], last: int, found: int, judge: Judge) -> None:
    """The probes are a binary search over steps 1..last ending at ``found``: each halves the
    range still in question; ``judge(a, b, shown)`` checks what a probe shows and says whether
    the thing looked for happens in a..b."""
    lo, hi = 1, last
    for line in probes:
        m = LEVEL_PROBE.fullmatch(line)
        if m:
            shown = m[5] or "0"
            assert (m[4] == "reached") == (int(shown) >= int(m[3])), line
        else:
            m = WHEN_PROBE.fullmatch(line)
            assert m, line
            shown = m[3]
        a, b = int(m[1]), int(m[2])
        assert a == lo and lo <= b < hi, (line, lo, hi)
        assert b - lo <= (hi - lo) // 2 + 1, f"{line}: not a halving of {lo}..{hi}"
        if judge(a, b, shown):
            hi = b
        else:
            lo = b + 1
    assert lo == hi == found
    assert len(probes) <= math.ceil(math.log2(last))


def level_judge(level: int, found_guesses: list[tuple[int, int]]) -> Judge:
    def judge(a: int, b: int, shown: str) -> bool:
        assert int(shown) == biggest(found_guesses, a, b), (a, b, shown)
        return int(shown) >= level

    return judge


def when_judge(first: int) -> Judge:
    def judge(a: int, b: int, shown: str) -> bool:
        assert shown == ("seen" if first <= b else "not seen"), (a, b, shown)
        return first <= b

    return judge


def test_bisect_level_11_after_run_ends_at_step_92_in_few_probes() -> None:
    shell = loaded()
    shell.ok("run")
    lines = shell.ok("bisect level 11")
    assert lines[-1] == f"Level 11 is first reached at step 92: {GUESS_92}"
    check_probes(lines[:-1], 131, 92, level_judge(11, guesses(RUN_RUN[0])))
    # the session is left at that step
    assert shell.steps == 92
    assert flat(shell.ok("show")) == ARTICLE_SHOW_92
    assert shell.ok("levels") == LEVELS_92


def test_bisect_level_with_max_steps_runs_silently_first() -> None:
    shell = loaded()
    lines = shell.ok("bisect level 11 98")
    assert lines[-1] == f"Level 11 is first reached at step 92: {GUESS_92}"
    check_probes(lines[:-1], 98, 92, level_judge(11, guesses(R65_98[0] + R65_98[1])))
    assert shell.ok("history") == R65_98[0] + R65_98[1]


def test_bisect_searches_the_whole_record_also_after_going_back() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    shell.ok("goto 10")
    lines = shell.ok("bisect level 11")
    assert lines[-1] == f"Level 11 is first reached at step 92: {GUESS_92}"
    check_probes(lines[:-1], 98, 92, level_judge(11, guesses(R65_98[0] + R65_98[1])))
    assert shell.steps == 92


def test_bisect_level_not_reached_says_so_and_changes_nothing() -> None:
    shell = loaded()
    lines = shell.ok("bisect level 11 90")  # level 11 comes at 92
    assert len(lines) == 1
    assert "11" in lines[0] and "90" in lines[0] and "not" in lines[0]
    shell.ok("run")
    before = shell.snapshot()
    lines = shell.ok("bisect level 12")
    assert len(lines) == 1
    assert "12" in lines[0] and "131" in lines[0] and "not" in lines[0]
    assert shell.snapshot() == before


@pytest.mark.parametrize("level", [1, 4, 7, 10])
def test_bisect_level_finds_each_level_where_the_trace_first_has_it(level: int) -> None:
    shell = loaded()
    shell.ok("run")
    found = guesses(RUN_RUN[0])
    first = min(step for step, lv in found if lv >= level)
    line = next(line for line in RUN_RUN[0] if line.startswith(f"{first}) Guess "))
    lines = shell.ok(f"bisect level {level}")
    assert lines[-1] == f"Level {level} is first reached at step {first}: {line}"
    check_probes(lines[:-1], 131, first, level_judge(level, found))
    assert shell.steps == first


def test_bisect_level_max_runs_to_the_end_and_finds_level_11_at_92() -> None:
    shell = loaded()
    lines = shell.ok("bisect level max")
    # the biggest level of the whole search is 11, reached once (the article)
    assert lines[-1] == f"Level 11 is first reached at step 92: {GUESS_92}"
    check_probes(lines[:-1], 284, 92, level_judge(11, guesses(ALL_LINES)))
    assert shell.steps == 92
    assert shell.ok("history 283 284") == after(ALL_LINES, "282) col 7 complete shrunken by group")


def test_bisect_level_max_is_not_stopped_by_a_breakpoint() -> None:
    shell = loaded()
    shell.ok("break step 50")
    lines = shell.ok("bisect level max")
    assert lines[-1] == f"Level 11 is first reached at step 92: {GUESS_92}"
    assert "hit 0 times" in shell.ok("info break")[0]


def test_bisect_when_cell_gets_a_value() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    # [6,2] and [4,3] are first set by the guesses of steps 7 and 11: nothing goes wrong before
    # step 35, and the cells are still empty when they are guessed
    lines = shell.ok("bisect when cell [6,2]=5")
    assert lines[-1].endswith(" at step 7: 7) Guess [6,2] level 1 at 1 out of 2")
    check_probes(lines[:-1], 98, 7, when_judge(7))
    assert shell.steps == 7
    lines = shell.ok("bisect when cell [4,3]=6")
    assert lines[-1].endswith(" at step 11: 11) Guess [4,3] level 2 at 1 out of 2")
    check_probes(lines[:-1], 98, 11, when_judge(11))
    assert shell.ok("levels") == [
        "At guess level 2:",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]


def test_bisect_when_a_candidate_is_removed() -> None:
    shell = loaded()
    shell.ok("runtil 65")
    # step 1 computes [4,3]: 2 6 7 8 9 (the article's listing at step 5); step 6's 2GW removes 2
    lines = shell.ok("bisect when removed 2 [4,3]")
    assert lines[-1].endswith(" at step 6: 2GW: 2 shrunken out of [4,3]")
    check_probes(lines[:-1], 65, 6, when_judge(6))
    assert shell.steps == 6


def test_bisect_when_solutions() -> None:
    shell = loaded()
    shell.ok("runrun 0")
    lines = shell.ok("bisect when solutions >= 1")
    assert " at step 131: " in lines[-1]
    check_probes(lines[:-1], 284, 131, when_judge(131))
    assert shell.steps == 131
    assert shell.repl.session.state().solutions == 1
    lines = shell.ok("bisect when solutions >= 2")
    assert len(lines) == 1 and "284" in lines[0]  # never holds (one solution in all)
    assert shell.steps == 131


def test_bisect_when_a_cell_value_never_comes() -> None:
    shell = loaded()
    shell.ok("runtil 30")
    before = shell.snapshot()
    lines = shell.ok("bisect when cell [6,2]=9")  # [6,2]=5 from step 7 to 35 at least
    assert len(lines) == 1 and "30" in lines[0]
    assert shell.snapshot() == before


# -- breakpoints ---------------------------------------------------------------------------------


def test_break_level_11_then_run_stops_at_step_92() -> None:
    shell = loaded()
    assert shell.ok("break level >= 11") == ["Breakpoint 1: level >= 11"]
    lines = shell.ok("run")
    stop = upto(RUN_RUN[0], GUESS_92)
    assert lines[: len(stop)] == stop
    rest = lines[len(stop) :]
    assert rest[0] == "Breakpoint 1: level >= 11 at step 92."
    assert flat(rest[1:-2]) == ARTICLE_SHOW_92
    assert rest[-2:] == timing(92, 0, 11)
    (entry,) = shell.ok("info break")
    assert entry.startswith("Breakpoint 1: level >= 11")
    assert re.search(r"\bhit 1 time\b", entry), entry
    # going on prints the rest of the uninterrupted run; level 11 is not reached again
    assert shell.ok("run") == [*after(RUN_RUN[0], GUESS_92), *timing(131, 1, 6)]
    assert re.search(r"\bhit 1 time\b", shell.ok("info break")[0])


def test_break_step_stops_right_after_that_step() -> None:
    shell = loaded()
    shell.ok("break step 90")
    lines = shell.ok("run")
    assert lines[: len(FROM_90[0])] == FROM_90[0]
    assert lines[len(FROM_90[0])] == "Breakpoint 1: step 90 at step 90."
    assert flat(lines[len(FROM_90[0]) + 1 : -2]) == ARTICLE_SHOW_90
    assert lines[-2:] == timing(90, 0, 10)


def test_break_step_inside_a_two_step_move_stops_at_that_step() -> None:
    # 91 is the silent filter step of the `step` that prints 92): the state at step 91 is the
    # grid of step 90 (the filter found nothing), with the guess still to come
    shell = loaded()
    shell.ok("goto 90")
    shell.ok("break step 91")
    lines = shell.ok("step")
    assert lines[0] == "Breakpoint 1: step 91 at step 91."
    assert flat(lines[1:]) == ARTICLE_SHOW_90.replace("Steps:90 ", "Steps:91 ")
    lines = shell.ok("step")  # the rest of the step: the guess
    assert lines[0] == GUESS_92
    assert flat(lines[1:]) == ARTICLE_SHOW_92


def test_break_cell_stops_when_the_cell_gets_a_value() -> None:
    shell = loaded()
    shell.ok("goto 90")  # [4,2] is empty at 90 and guessed at 92
    assert shell.ok("break cell [4,2]") == ["Breakpoint 1: cell [4,2]"]
    lines = shell.ok("run")
    assert lines[:2] == [GUESS_92, "Breakpoint 1: cell [4,2] at step 92."]
    assert flat(lines[2:-2]) == ARTICLE_SHOW_92
    assert lines[-2:] == timing(92, 0, 11)


def test_break_cell_value_stops_when_the_cell_gets_that_value() -> None:
    shell = loaded()
    shell.ok("goto 90")
    assert shell.ok("break cell [4,2]=8") == ["Breakpoint 1: cell [4,2]=8"]
    lines = shell.ok("run")  # 92 tries [4,2]=2, 93 tries [4,2]=8
    assert lines[:4] == [*FROM_90[1], *FROM_90[2], "Breakpoint 1: cell [4,2]=8 at step 93."]
    assert flat(lines[4:-2]) == ARTICLE_SHOW_93
    assert lines[-2:] == timing(93, 0, 11)


def test_break_removed_stops_when_the_candidate_goes() -> None:
    shell = loaded()
    shell.ok("goto 90")  # [5,3]: 2 8 at 90, [5,3]: 8 at 92 (the article's show blocks)
    assert shell.ok("break removed 2 [5,3]") == ["Breakpoint 1: removed 2 [5,3]"]
    lines = shell.ok("run")
    assert lines[:2] == [GUESS_92, "Breakpoint 1: removed 2 [5,3] at step 92."]
    assert lines[-2:] == timing(92, 0, 11)


def test_break_removed_sees_a_removal_after_a_forward_guess() -> None:
    shell = loaded()
    shell.ok("goto 92")  # [5,3]: 8 at 92; [5,3]: 2 at 93 after `Forward guess [4,2]` placed 8
    shell.ok("break removed 8 [5,3]")
    lines = shell.ok("run")
    assert "Breakpoint 1: removed 8 [5,3] at step 93." in lines
    assert shell.steps == 93


def test_break_wrong_stops_after_the_first_went_wrong() -> None:
    shell = loaded()
    assert shell.ok("break wrong") == ["Breakpoint 1: wrong"]
    lines = shell.ok("run")
    # the step that goes wrong at 35 moves on with the Forward guess of 36
    stop = upto(RUN_RUN[0], "36) Forward guess [3,3] level 4 at 2 out of 2")
    assert stop[-2] == "35) shrinking 1 from [9,1] went wrong"
    assert lines[: len(stop)] == stop
    assert lines[len(stop)] == "Breakpoint 1: wrong at step 36."
    assert lines[len(stop) + 13] == "Steps:36"
    assert lines[-3:] == ["At guess level 4 [3,3] 2", *timing(36, 0, 4)]


def test_break_solution_stops_runrun_at_the_first_solution() -> None:
    shell = loaded()
    assert shell.ok("break solution") == ["Breakpoint 1: solution"]
    lines = shell.ok("runrun 0")
    assert lines[: len(RUN_RUN[0])] == RUN_RUN[0]  # ends with Fine [steps:131, solution sum:1].
    assert lines[len(RUN_RUN[0])] == "Breakpoint 1: solution at step 131."
    assert "Steps:131" in lines
    assert lines[-2:] == timing(131, 1, 11)
    assert shell.ok("runrun 0") == [*RUN_RUN[1], *timing(284, 1, 7)]


def test_breakpoints_stop_step_runtil_and_runrun() -> None:
    shell = loaded()
    shell.ok("goto 90")
    shell.ok("break level >= 11")
    # step: the trace, the breakpoint line and the show block; no timing lines
    lines = shell.ok("step")
    assert lines[:2] == [GUESS_92, "Breakpoint 1: level >= 11 at step 92."]
    assert flat(lines[2:]) == ARTICLE_SHOW_92
    shell.ok("goto 90")
    lines = shell.ok("runtil 98")
    assert lines[:2] == [GUESS_92, "Breakpoint 1: level >= 11 at step 92."]
    assert lines[-2:] == timing(92, 0, 11)
    shell.ok("goto 90")
    lines = shell.ok("runrun 0")
    assert lines[:2] == [GUESS_92, "Breakpoint 1: level >= 11 at step 92."]
    assert lines[-2:] == timing(92, 0, 11)
    assert re.search(r"\bhit 3 times\b", shell.ok("info break")[0])


def test_two_breakpoints_hitting_in_the_same_step_are_both_reported() -> None:
    shell = loaded()
    shell.ok("goto 90")
    shell.ok("break cell [4,2]")
    shell.ok("break level >= 11")
    lines = shell.ok("step")
    assert lines[:3] == [
        GUESS_92,
        "Breakpoint 1: cell [4,2] at step 92.",
        "Breakpoint 2: level >= 11 at step 92.",
    ]


def test_disable_enable_delete() -> None:
    shell = loaded()
    shell.ok("break level >= 11")
    assert len(shell.ok("disable 1")) == 1
    entry = shell.ok("info break")[0]
    assert "disabled" in entry and re.search(r"\bhit 0 times\b", entry)
    assert shell.ok("run") == [*RUN_RUN[0], *timing(131, 1, 11)]

    assert len(shell.ok("enable 1")) == 1
    assert "disabled" not in shell.ok("info break")[0]
    shell.ok("goto 0")
    assert "Breakpoint 1: level >= 11 at step 92." in shell.ok("run")

    assert len(shell.ok("delete 1")) == 1
    assert shell.ok("info break") == ["No breakpoints."]
    shell.ok("goto 0")
    assert shell.ok("run") == [*RUN_RUN[0], *timing(131, 1, 11)]


def test_breakpoint_numbers_go_up_and_are_not_reused() -> None:
    shell = loaded()
    assert shell.ok("break wrong") == ["Breakpoint 1: wrong"]
    assert shell.ok("break solution") == ["Breakpoint 2: solution"]
    shell.ok("delete 1")
    assert shell.ok("break step 5") == ["Breakpoint 3: step 5"]
    entries = shell.ok("info break")
    assert [e.split(":")[0] for e in entries] == ["Breakpoint 2", "Breakpoint 3"]


def test_breakpoints_stay_when_a_quiz_is_loaded_and_do_not_stop_goto() -> None:
    shell = Shell()
    shell.ok("break level >= 11")  # before any quiz
    shell.ok(f"load-quiz {SEED}")
    assert flat(shell.ok("goto 98")) == ARTICLE_SHOW_98  # time travel is not a run
    assert re.search(r"\bhit 0 times\b", shell.ok("info break")[0])


# -- questions to the record ---------------------------------------------------------------------


def test_when_a_cell_got_and_lost_values() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    assert shell.ok("when [6,2]")[0] == "7) [6,2] got 5"
    lines = shell.ok("when [4,2]")
    # empty at 90, 2 at 92, 8 at 93 (Forward guess), empty again at 94 (Upward guess restores
    # the frame of level 10, made at 84 with [4,2] empty): the article's grids
    seen = ["92) [4,2] got 2", "93) [4,2] lost 2", "93) [4,2] got 8", "94) [4,2] lost 8"]
    at = lines.index(seen[0])
    assert lines[at : at + 4] == seen


def test_when_reads_the_whole_record_and_moves_nothing() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    shell.ok("goto 50")
    before = shell.snapshot()
    lines = shell.ok("when [4,2]")
    assert "93) [4,2] got 8" in lines  # the record past the present
    assert shell.snapshot() == before
    assert shell.ok("show")[12] == "Steps:50"


def test_when_removed() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    assert shell.ok("when removed 2 [4,3]") == ["6) 2 removed from [4,3]"]
    # [5,3]: 2 8 at 90 and 8 at 92 (the article's show blocks)
    assert "92) 2 removed from [5,3]" in shell.ok("when removed 2 [5,3]")


def test_when_removed_sees_a_removal_after_a_forward_guess() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    assert "93) 8 removed from [5,3]" in shell.ok("when removed 8 [5,3]")


def test_when_never_and_given() -> None:
    shell = loaded()
    shell.ok("runtil 5")
    lines = shell.ok("when [1,3]")
    assert len(lines) == 1 and "[1,3]" in lines[0] and "5" in lines[0]
    lines = shell.ok("when [4,2]")
    assert len(lines) == 1 and "[4,2]" in lines[0]
    lines = shell.ok("when removed 9 [4,2]")  # [4,2]: 2 8 9 at step 5 (the article)
    assert len(lines) == 1 and "[4,2]" in lines[0]


def test_history_gives_the_recorded_lines_of_a_step_range() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    assert shell.ok("history") == R82_90_98[0] + R82_90_98[1] + R82_90_98[2]
    assert shell.ok("history 1 65") == R65_98[0]
    assert shell.ok("history 66 98") == R65_98[1]
    assert shell.ok("history 91 98") == R82_90_98[2]
    # step 93 is what `step` printed going from 92 to 93: the fill pass that went wrong (it
    # prints the number it began with) and the Forward guess that makes step 93
    assert shell.ok("history 93 93") == FROM_90[2]
    assert shell.ok("history 94") == FROM_90[3] + FROM_90[4] + FROM_90[5] + FROM_90[6] + FROM_90[7]
    # still the whole record after going back, and nothing moves
    shell.ok("goto 10")
    assert shell.ok("history 91 98") == R82_90_98[2]
    assert shell.steps == 10


# -- pictures: only the wiring ---------------------------------------------------------------------


def test_timeline_prints_a_plot_that_fits_the_width() -> None:
    shell = loaded()
    shell.ok("runtil 98")
    for command in ("timeline", "timeline 60 98"):
        lines = shell.ok(command)
        assert len(lines) > 3
        assert all(len(line) <= 80 for line in lines)


def test_timeline_svg_and_tree_dot_write_their_files(tmp_path: Path) -> None:
    shell = loaded()
    shell.ok("run")
    svg, dot = tmp_path / "levels.svg", tmp_path / "tree.dot"
    assert len(shell.ok(f"timeline --svg {svg}")) == 1
    assert ET.parse(svg).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    assert len(shell.ok(f"timeline --svg {tmp_path / 'part.svg'} 60 98")) == 1
    assert (tmp_path / "part.svg").read_text(encoding="utf-8").lstrip().startswith("<")
    assert len(shell.ok(f"tree --dot {dot}")) == 1
    assert dot.read_text(encoding="utf-8").lstrip().startswith("digraph")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["levels.svg", "part.svg", "tree.dot"]


@pytest.mark.parametrize(
    "command",
    [
        "timeline --svg {missing}/t.svg",
        "tree --dot {missing}/t.dot",
        "timeline --svg {tmp}",  # a directory
        "tree --dot {tmp}",
        "timeline --svg",
        "tree",
        "tree --dot",
        "tree --svg t.svg",
        "timeline 98 60",
        "timeline x",
    ],
)
def test_pictures_with_bad_paths_or_arguments_print_one_line(command: str, tmp_path: Path) -> None:
    shell = loaded()
    shell.ok("runtil 30")
    before = shell.snapshot()
    line = command.format(missing=tmp_path / "no" / "such", tmp=tmp_path)
    assert len(shell.fails(line)) == 1
    assert shell.snapshot() == before
    assert list(tmp_path.iterdir()) == []


# -- errors: one line, nothing changed -------------------------------------------------------------

BAD_COMMANDS = [
    ("goto", "goto <step>"),
    ("goto x", "goto <step>"),
    ("goto -3", "goto <step>"),
    ("goto 1.5", "goto <step>"),
    ("back x", "back [n]"),
    ("back 31", "back [n]"),  # the session is at step 30
    ("bisect", "bisect level <L>"),
    ("bisect level", "bisect level <L>"),
    ("bisect level x", "bisect level <L>"),
    ("bisect level 3 x", "bisect level <L>"),
    ("bisect level max 50", "bisect level max"),
    ("bisect sideways", "bisect level <L>"),
    ("bisect when", "bisect when"),
    ("bisect when cell [4,2]", "bisect when"),
    ("bisect when cell [4,2]=0", "bisect when"),
    ("bisect when removed [4,2]", "bisect when"),
    ("bisect when solutions > 1", "bisect when"),
    ("break", "break level >= <L>"),
    ("break level 11", "break level >= <L>"),
    ("break level > 11", "break level >= <L>"),
    ("break step", "break level >= <L>"),
    ("break cell", "break level >= <L>"),
    ("break cell [10,1]", "break level >= <L>"),
    ("break cell 4,2", "break level >= <L>"),
    ("break cell [4,2]=10", "break level >= <L>"),
    ("break removed [4,2]", "break level >= <L>"),
    ("break removed 0 [4,2]", "break level >= <L>"),
    ("break wrong now", "break level >= <L>"),
    ("break everything", "break level >= <L>"),
    ("info", "info break"),
    ("info frames", "info break"),
    ("delete x", "delete [n]"),
    ("delete 9", "info break"),
    ("disable", "disable <n>"),
    ("enable 9", "info break"),
    ("when", "when [r,c]"),
    ("when 4,2", "when [r,c]"),
    ("when [0,2]", "when [r,c]"),
    ("when removed [4,2]", "when removed v [r,c]"),
    ("when removed 10 [4,2]", "when removed v [r,c]"),
    ("history x", "history [from] [to]"),
    ("history 9 3", "history [from] [to]"),
    ("history 1 2 3", "history [from] [to]"),
    ("save-session", "save-session <file>"),
    ("source", "source <file>"),
]


@pytest.mark.parametrize(("command", "form"), BAD_COMMANDS)
def test_bad_arguments_print_one_line_with_the_form_and_change_nothing(
    command: str, form: str
) -> None:
    shell = loaded()
    shell.ok("runtil 30")
    shell.ok("break wrong")
    before = shell.snapshot()
    lines = shell.fails(command)
    assert len(lines) == 1
    assert form in lines[0], lines[0]
    assert shell.out.errors[-1] == lines[0]
    assert shell.snapshot() == before
    assert shell.repl.failures.lines[-1] == command


@pytest.mark.parametrize(
    "command",
    [
        "goto 5",
        "back",
        "bisect level 3",
        "bisect level max",
        "bisect when solutions >= 1",
        "when [4,2]",
        "when removed 2 [4,3]",
        "history",
        "timeline",
        "timeline --svg t.svg",
        "tree --dot t.dot",
    ],
)
def test_the_record_commands_need_a_quiz(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shell = Shell()
    assert shell.fails(command) == [NO_QUIZ]
    assert list(tmp_path.iterdir()) == []


def test_breakpoint_commands_work_before_a_quiz() -> None:
    shell = Shell()
    assert shell.ok("info break") == ["No breakpoints."]
    assert shell.ok("break cell [4,2]=8") == ["Breakpoint 1: cell [4,2]=8"]
    assert shell.ok("break removed 8 [5,3]") == ["Breakpoint 2: removed 8 [5,3]"]
    assert len(shell.ok("info break")) == 2

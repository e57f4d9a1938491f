"""gdb's watchpoints and reverse execution: ``watch [r,c]``, ``watch removed v
[r,c]``, ``info watch``; ``reverse-step`` (``rs``), ``reverse-next``, ``reverse-continue``
(``rc``), ``reverse-finish``.

Expected values are read off the seed's published trace by hand (``tests/golden/seed_run_run.out``):
guesses at 7 (level 1), 11 (2), 16 (3), 18 (4), 36 (Forward, 4), 39 (5), 42, 44 (6), 55, 62
(7), 65, 76 (8), 81 (9), 84 (10), 92 (11), 93 (Forward, 11), 94 (Upward, 10), 96, 97, 98
(Upward [2,3] level 3 at 2 out of 2); the candidates of [4,2] after step 1 (2 8 9) and at step
21 (8: 21) is the step whose eliminations leave [4,2] one candidate); and ``when [4,2]`` on the
whole search: 22) got 8, 36) lost 8, 92) got 2, 93) lost 2 and got 8, 94) lost 8.
"""

from __future__ import annotations

import pytest

from tests.support.helpers import Shell


def steps_shown(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("Steps:")]


def test_watch_stops_where_the_cells_value_changes_and_says_old_and_new() -> None:
    shell = Shell.loaded()
    assert shell.ok("watch [4,2]") == ["Watchpoint 1: [4,2]"]
    lines = shell.ok("run")
    at = lines.index("Watchpoint 1: [4,2] at step 22.")
    assert lines[at + 1 : at + 3] == ["Old value = empty", "New value = 8"]
    assert steps_shown(lines) == ["Steps:22"]
    lines = shell.ok("continue")
    at = lines.index("Watchpoint 1: [4,2] at step 36.")
    assert lines[at + 1 : at + 3] == ["Old value = 8", "New value = empty"]
    for step, old, new in ((92, "empty", "2"), (93, "2", "8"), (94, "8", "empty")):
        lines = shell.ok("c")
        at = lines.index(f"Watchpoint 1: [4,2] at step {step}.")
        assert lines[at + 1 : at + 3] == [f"Old value = {old}", f"New value = {new}"]


def test_watch_removed_stops_where_the_candidate_changes() -> None:
    """2 leaves [4,2]'s candidates (2 8 9 after step 1) by step 21, where 8 is its only one;
    the loaded state, before candidates are worked out, is no change."""
    shell = Shell.loaded()
    assert shell.ok("watch removed 2 [4,2]") == ["Watchpoint 1: removed 2 [4,2]"]
    lines = shell.ok("run")
    at = lines.index("Watchpoint 1: removed 2 [4,2] at step 21.")
    assert lines[at + 1 : at + 3] == ["Old value = a candidate", "New value = removed"]


def test_watchpoints_share_numbers_with_breakpoints_and_are_listed_as_gdb_lists_them() -> None:
    shell = Shell.loaded()
    shell.ok("break level >= 5")
    assert shell.ok("watch [4,2] if step > 50") == ["Watchpoint 2: [4,2] if step > 50"]
    shell.ok("tbreak 30")
    assert shell.ok("info break") == [
        "Breakpoint 1: level >= 5 (enabled, hit 0 times)",
        "Watchpoint 2: [4,2] if step > 50 (enabled, hit 0 times)",
        "Breakpoint 3: step 30 (once) (enabled, hit 0 times)",
    ]
    assert shell.ok("info watch") == ["Watchpoint 2: [4,2] if step > 50 (enabled, hit 0 times)"]
    assert shell.ok("info watchpoints") == shell.ok("info watch")
    assert shell.ok("disable 2") == ["Disabled breakpoint 2."]
    assert shell.ok("delete 2") == ["Deleted watchpoint 2."]
    assert shell.ok("info watch") == ["No watchpoints."]
    assert shell.fails("watch") == ["watch needs a cell: watch [r,c] | removed v [r,c] [if <expr>]"]


def test_reverse_step_is_back() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 30")
    assert steps_shown(shell.ok("reverse-step")) == ["Steps:29"]
    assert steps_shown(shell.ok("rs 9")) == ["Steps:20"]


def test_reverse_next_and_reverse_finish_pass_over_the_levels_below() -> None:
    """At step 98 the search is back at level 3 (Upward guess [2,3]), which it entered at 16;
    levels 4 and deeper ran from 18 to 97."""
    shell = Shell.loaded()
    shell.ok("runtil 98")
    shell.ok("goto 98")
    assert steps_shown(shell.ok("reverse-next")) == ["Steps:17"]
    assert steps_shown(shell.ok("rn")) == ["Steps:16"]
    shell.ok("goto 98")
    assert steps_shown(shell.ok("reverse-finish")) == ["Steps:15"]
    shell.ok("goto 5")
    assert shell.fails("reverse-finish") == [
        "No guess level to go back out of: the search is at level 0 (reverse-finish)"
    ]


def test_reverse_continue_goes_back_to_the_previous_stop() -> None:
    """From 30, with watch [4,2]: 22 (its value changed) is later than the guess of 18 (whose
    step before is 17); from 22 the guess of 18 is the latest: 17; then that of 16: 15; then a
    breakpoint at 13, later than the guess of 11."""
    shell = Shell.loaded()
    shell.ok("runtil 30")
    shell.ok("watch [4,2]")
    lines = shell.ok("reverse-continue")
    assert lines[:3] == ["Watchpoint 1: [4,2] at step 22.", "Old value = empty", "New value = 8"]
    assert steps_shown(lines) == ["Steps:22"]
    lines = shell.ok("rc")
    assert lines[0] == "Before step 18's guess: [3,3] at level 4 (1 out of 2)."
    assert steps_shown(lines) == ["Steps:17"]
    assert shell.ok("rc")[0] == "Before step 16's guess: [2,3] at level 3 (1 out of 2)."
    shell.ok("b 13")  # later than the step before the guess of 11
    lines = shell.ok("rc")
    assert lines[0] == "Breakpoint 2: step 13 at step 13."
    assert steps_shown(lines) == ["Steps:13"]
    assert shell.ok("info break")[0] == "Watchpoint 1: [4,2] (enabled, hit 0 times)"  # unchanged


def test_reverse_continue_with_no_stop_left_goes_to_the_start() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 5")
    lines = shell.ok("rc")
    assert lines[0] == "No more reverse-execution history: back at step 0, the record's first."
    assert shell.steps == 0
    assert shell.fails("rc") == [
        "No more reverse-execution history: step 0 is the record's first (reverse-continue)"
    ]


@pytest.mark.parametrize("verb", ["reverse-next", "reverse-continue", "reverse-finish", "rs"])
def test_a_reverse_verb_keeps_the_record(verb: str) -> None:
    """Going back reads the record: the future stays (goto 98 is still there)."""
    shell = Shell.loaded()
    shell.ok("runtil 98")
    shell.ok(verb)
    assert (
        shell.ok("info search")[1]
        == f"Step: {shell.steps} (no solution yet; the record holds steps 1..98)"
    )

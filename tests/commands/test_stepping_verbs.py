"""The debugger verbs people expect: continue, next, finish, tbreak,
breakpoint conditions, ignore, condition, display/undisplay, set and info settings, and what Enter
repeats. Expected steps come from the seed's reference trace (tests/data/reference), quoted at
each use."""

from __future__ import annotations

import pytest
from prompt_toolkit.input import PipeInput

from tests.support.helpers import Shell, interact, typed

pytestmark = pytest.mark.usefixtures("at_repo_root")


def level(shell: Shell) -> int:
    return shell.repl.session.state().level


def test_next_counts_a_guess_and_all_below_it_as_one_step() -> None:
    shell = Shell.loaded()
    shell.ok("goto 80")  # the trace: 76) Guess [1,5] level 8; 81) Guess [1,7] level 9
    assert level(shell) == 8
    lines = shell.ok("next")
    # the levels 9..11 below are tried and left; back at level 8 with
    # 97) Upward guess [1,5] level 8 at 2 out of 2
    assert "81) Guess [1,7] level 9 at 1 out of 2" in lines
    assert "97) Upward guess [1,5] level 8 at 2 out of 2" in lines
    assert shell.steps == 97 and level(shell) == 8
    assert "Steps:97" in lines


def test_next_without_a_new_guess_is_one_step() -> None:
    shell = Shell.loaded()
    shell.ok("goto 1")
    shell.ok("next")  # the trace: 2) row 2 complete shrunken by group
    assert shell.steps == 2


def test_finish_runs_until_the_level_is_left() -> None:
    shell = Shell.loaded()
    shell.ok("goto 97")
    assert level(shell) == 8
    lines = shell.ok("finish")  # the trace: 98) Upward guess [2,3] level 3 at 2 out of 2
    assert "98) Upward guess [2,3] level 3 at 2 out of 2" in lines
    assert shell.steps == 98 and level(shell) == 3
    shell.ok("goto 0")
    assert shell.fails("finish") == ["No guess level to finish: the search is at level 0 (finish)"]


@pytest.mark.parametrize(
    ("verb", "refused"),
    [
        ("step", "step takes a number of steps (1 or more): step [n]"),
        ("next", "next takes a count (1 or more): next [n]"),
        ("finish", "finish takes a number of levels (1 or more): finish [n]"),
        ("back", "back takes a number of steps (1 or more): back [n]"),
        ("reverse-step", "back takes a number of steps (1 or more): back [n]"),
    ],
)
def test_a_count_of_0_is_refused_as_minus_1_is(verb: str, refused: str) -> None:
    """``step 0`` took a step (and ``finish 0`` finished a level) while ``step
    -1`` was refused: 0 is refused with the same line, and nothing moves."""
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("runtil 30")
    state = shell.repl.session.state()
    assert shell.fails(f"{verb} 0") == [refused] == shell.fails(f"{verb} -1")
    assert shell.repl.session.state() == state


@pytest.mark.parametrize("verb", ["until", "advance"])
def test_until_and_advance_say_why_they_stop_short_of_their_step(verb: str) -> None:
    """``runtil 90`` is at guess level 10 (the trace: 94) Upward guess [2,6]
    level 10, so level 10 is the present's); 96) Upward guess [1,7] level 9 leaves it, and
    ``until 120`` stopped there without a word. One line says so, before the show block."""
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("runtil 90")
    assert level(shell) == 10
    lines = shell.ok(f"{verb} 120")
    assert shell.steps == 96 and level(shell) == 9
    said = lines.index("Stopped at step 96, short of step 120: guess level 10 was left.")
    assert said < lines.index("Steps:96")
    reached = shell.ok(f"{verb} 97")  # the trace: 97) Upward guess [1,5] level 8
    assert shell.steps == 97 and not any(line.startswith("Stopped at") for line in reached)


def test_continue_runs_to_the_next_breakpoint_or_the_end() -> None:
    shell = Shell.loaded()
    shell.ok("break level >= 11")
    lines = shell.ok("c")  # the trace: 92) Guess [4,2] level 11 at 1 out of 2
    assert "Breakpoint 1: level >= 11 at step 92." in lines
    shell.ok("delete 1")
    lines = shell.ok("continue")  # on through the solution at 131 to the end at 284
    assert "Fine [steps:131, solution sum:1]." in lines
    assert "Invalid quiz [steps:284] - no more solution (solution sum is 1)" in lines


def test_tbreak_stops_once_then_is_gone() -> None:
    shell = Shell.loaded()
    assert shell.ok("tbreak level >= 11") == ["Temporary breakpoint 1: level >= 11"]
    assert "Temporary breakpoint 1: level >= 11 at step 92." in shell.ok("run")
    assert shell.ok("info break") == ["No breakpoints."]


def test_a_condition_stops_only_where_it_holds() -> None:
    shell = Shell.loaded()
    # level 11 is reached once in the whole search, at step 92 (the seed's runs: biggest 11,
    # then 7): with "if step > 100" nothing stops the search
    assert shell.ok("break level >= 11 if step > 100") == [
        "Breakpoint 1: level >= 11 if step > 100"
    ]
    assert "Invalid quiz [steps:284] - no more solution (solution sum is 1)" in shell.ok("continue")
    shell.ok("goto 0")
    shell.ok("condition 1 step > 50 and level >= 11")
    assert "Breakpoint 1: level >= 11 at step 92." in shell.ok("continue")
    assert shell.ok("condition 1") == ["Breakpoint 1 now stops unconditionally."]
    assert shell.fails("break level >= 3 if steps > 5")[0].startswith(
        "Not a condition: 'steps > 5'"
    )
    assert shell.fails("condition 9 step > 1") == ["No breakpoint 9; see info break."]


def test_ignore_passes_over_stops_and_counts_them() -> None:
    shell = Shell.loaded()
    shell.ok("break level >= 10")  # the trace: 84) Guess [2,6] level 10; 92) ... level 11
    assert shell.ok("ignore 1 1") == ["Will ignore the next 1 stops of breakpoint 1."]
    assert "Breakpoint 1: level >= 10 at step 92." in shell.ok("run")
    assert shell.ok("info break") == ["Breakpoint 1: level >= 10 (enabled, hit 2 times)"]


def test_display_runs_at_every_stop_until_undisplay() -> None:
    shell = Shell.loaded()
    assert shell.ok("display levels") == ["Display 1: levels"]
    lines = shell.ok("runtil 65")  # the trace: runtil 65 ends at guess level 7
    assert lines[-9:-7] == ["1: levels", "At guess level 7:"]
    assert "1: levels" in shell.ok("step")
    assert "1: levels" not in shell.ok("show")  # show does not stop anywhere new
    assert shell.ok("display") == ["1: levels"]
    assert shell.ok("undisplay 1") == ["Removed display 1."]
    assert "1: levels" not in shell.ok("step")
    assert shell.fails("display run")[0].startswith("display runs commands that look")


def test_set_trace_and_solutions_off_keep_what_matters() -> None:
    shell = Shell.loaded()
    shell.ok("set trace off")
    lines = shell.ok("set solutions off")
    assert lines[:3] == ["trace off", "solutions off", "colour auto"]
    lines = shell.ok("runrun 0")
    # no trace lines and no solution grid; the Fine line, the end and the timing stay
    assert not [line for line in lines if ") Guess " in line or "shrunken" in line]
    assert "Fine [steps:131, solution sum:1]." in lines
    assert "145 327 698" not in lines  # the seed's solution, first row
    assert "Invalid quiz [steps:284] - no more solution (solution sum is 1)" in lines
    assert shell.ok("info settings")[:2] == ["trace off", "solutions off"]
    assert shell.fails("set trace maybe") == ["set trace needs one of on, off: set trace on|off"]


def test_enter_repeats_the_last_stepping_command(pipe: PipeInput) -> None:
    keys = typed("load-quiz examples/seed.txt", "step", "", "next", "", "show", "", "bye")
    repl = interact(pipe, keys)
    # step, step (Enter), next, next (Enter); Enter after show repeats nothing
    steps = repl.session.state().steps
    assert steps == 4  # the trace: no guess before 7), so each of the four is one step
    fresh = Shell.loaded()
    for command in ("step", "step", "next", "next"):
        fresh.ok(command)
    assert steps == fresh.steps


def test_enter_repeats_up_and_down_as_gdb_does(pipe: PipeInput) -> None:
    """At step 40 the seed's search stands at guess level 5 (the trace: 39) Guess [1,1] level
    5); up, Enter, Enter selects level 2, then down and Enter level 4 (without the repeats: up
    to 4, down back to the live level 5)."""
    keys = typed("load-quiz examples/seed.txt", "runtil 40", "up", "", "", "down", "", "bye")
    repl = interact(pipe, keys)
    assert repl.frame is not None and repl.frame.level == 4


def test_tui_switches_only_from_the_interactive_shell() -> None:
    shell = Shell.loaded()
    assert shell.fails("tui") == [
        "tui works in the interactive shell on a terminal (sudoku-repl --tui)"
    ]
    shell.repl.can_switch = True  # what the interactive shell sets on a real terminal
    shell.ok("tui")
    assert shell.repl.switch_to_tui  # the shell's loop then opens the full screen

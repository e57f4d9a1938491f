"""gdb's words, meaning what gdb means, and the defects of part 4 that go with
them: ``info search``, ``help runtil``, bisect's probe lines, ``set trace off``.

The expected values are written by hand from the seed quiz's published session: the guess
lines of its trace (``tests/golden/seed_run_run.out``: 7) Guess [6,2] level 1, 11) Guess [4,3]
level 2, 16) [2,3] level 3, 36) Forward guess [3,3] level 4, 42) Forward [1,1] level 5, 55)
Forward [1,2] level 6, 65) Forward [1,8] level 7, 76) Guess [1,5] level 8, 81) Guess [1,7] level
9, 94) Upward guess [2,6] level 10, 92) Guess [4,2] level 11) and the ``levels`` listings of the
article (``tests/data/article_002_listings.txt``: at step 94, Level 10 [2,6]=6 (2 out of 2) ...
Level 1 [6,2]=5 (1 out of 2)).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.commands.table import commands, lookup
from tests.support.helpers import REPO, Shell, run_program

#: the guess levels at step 65 (the article: runtil 65, then levels), innermost first, with
#: their frame numbers as gdb's (#0 the innermost) and the step each guess was taken at (the
#: trace's guess lines)
AT_65 = [
    "> #0 Level 7 [1,8]=9 (2 out of 2) at step 65",
    "  #1 Level 6 [1,2]=4 (2 out of 2) at step 55",
    "  #2 Level 5 [1,1]=6 (2 out of 2) at step 42",
    "  #3 Level 4 [3,3]=9 (2 out of 2) at step 36",
    "  #4 Level 3 [2,3]=1 (1 out of 2) at step 16",
    "  #5 Level 2 [4,3]=6 (1 out of 2) at step 11",
    "  #6 Level 1 [6,2]=5 (1 out of 2) at step 7",
]
#: frame 5 at step 65: level 2
FRAME_2 = (
    "Frame 5, level 2 of 7 (read-only): the state at step 11, where level 2's guess [4,3]=6 "
    "was taken."
)
PRESENT_65 = "Frame 0, level 7 of 7: the present state, at step 65."


def test_gdb_aliases_name_the_commands_gdb_means() -> None:
    for alias, name in [
        ("n", "next"),
        ("s", "step"),
        ("b", "break"),
        ("br", "break"),
        ("tb", "tbreak"),
        ("d", "delete"),
        ("fin", "finish"),
        ("c", "continue"),
        ("i", "info"),
        ("bt", "backtrace"),
        ("where", "backtrace"),
        ("quit", "bye"),
        ("exit", "bye"),
        ("q", "bye"),
    ]:
        cmd = lookup(alias)
        assert cmd is not None and cmd.name == name, alias


def test_no_new_word_shadows_the_original_ten_or_their_aliases() -> None:
    """The original's ten (the table's first ten: test_command_declarations.py) keep their names
    and aliases: s, r, rt, lv, q."""
    original = [commands()[name] for name in list(commands())[:10]]
    assert {alias for cmd in original for alias in cmd.aliases} >= {"s", "r", "rt", "lv", "q"}
    for cmd in original:
        for word in (cmd.name, *cmd.aliases):
            assert lookup(word) is cmd, word


def test_break_words_as_gdb_types_them() -> None:
    shell = Shell.loaded()
    assert shell.ok("b level >= 5") == ["Breakpoint 1: level >= 5"]
    assert shell.ok("tb step 90") == ["Temporary breakpoint 2: step 90"]
    listing = [
        "Breakpoint 1: level >= 5 (enabled, hit 0 times)",
        "Breakpoint 2: step 90 (once) (enabled, hit 0 times)",
    ]
    for line in ("info b", "i b", "info breakpoints", "info break"):
        assert shell.ok(line) == listing
    assert shell.ok("d 1") == ["Deleted breakpoint 1."]
    assert shell.ok("br cell [4,2]") == ["Breakpoint 3: cell [4,2]"]


def test_quit_and_exit_end_the_session_as_bye_does() -> None:
    for word in ("quit", "exit", "q"):
        shell = Shell()
        assert shell.ok(word) == []
        assert shell.repl.done


def test_backtrace_where_and_bt_list_the_guess_levels_innermost_first() -> None:
    shell = Shell.loaded()
    assert shell.ok("bt") == ["No guess level: the search is at level 0."]
    shell.ok("runtil 65")
    for word in ("bt", "where", "backtrace"):
        assert shell.ok(word) == AT_65


def test_backtrace_after_upward_guesses_names_the_step_of_each_level() -> None:
    """At step 94 level 10 was just tried again going up from 11 (94) Upward guess); levels
    8 and 9 keep their first values, guessed at 76 and 81."""
    shell = Shell.loaded()
    shell.ok("runrun 0")
    shell.ok("goto 94")
    assert shell.ok("bt") == [
        "> #0 Level 10 [2,6]=6 (2 out of 2) at step 94",
        "  #1 Level 9 [1,7]=1 (1 out of 2) at step 81",
        "  #2 Level 8 [1,5]=2 (1 out of 2) at step 76",
        "  #3 Level 7 [1,8]=9 (2 out of 2) at step 65",
        "  #4 Level 6 [1,2]=4 (2 out of 2) at step 55",
        "  #5 Level 5 [1,1]=6 (2 out of 2) at step 42",
        "  #6 Level 4 [3,3]=9 (2 out of 2) at step 36",
        "  #7 Level 3 [2,3]=1 (1 out of 2) at step 16",
        "  #8 Level 2 [4,3]=6 (1 out of 2) at step 11",
        "  #9 Level 1 [6,2]=5 (1 out of 2) at step 7",
    ]


def test_frame_up_and_down_select_a_level_and_show_its_state_read_only() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 65")
    assert shell.ok("frame") == [PRESENT_65]
    assert shell.ok("frame 0") == [PRESENT_65]  # gdb's frame 0: the innermost
    assert shell.ok("frame 5") == [FRAME_2]
    assert shell.ok("frame") == [FRAME_2]
    assert shell.ok("levels") == [
        FRAME_2,
        "At guess level 2:",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]
    shown = shell.ok("show")
    assert shown[0] == FRAME_2
    assert "Steps:11" in shown
    assert shown[-1] == "At guess level 2 [4,3] 1"
    board = shell.ok("board")
    assert board[:2] == [FRAME_2, "Board at step 11, guess level 2:"]
    bt = shell.ok("bt")
    assert bt[5] == "> #5 Level 2 [4,3]=6 (1 out of 2) at step 11"
    assert bt[0] == "  #0 Level 7 [1,8]=9 (2 out of 2) at step 65"
    # up goes outward, toward level 1; down inward, back to the present
    assert shell.ok("up") == [
        "Frame 6, level 1 of 7 (read-only): the state at step 7, where level 1's guess "
        "[6,2]=5 was taken."
    ]
    assert shell.fails("up") == ["Initial frame selected; you cannot go up."]
    assert shell.ok("down") == [FRAME_2]
    assert shell.ok("down 9") == [PRESENT_65]
    assert shell.fails("down") == ["Bottom (innermost) frame selected; you cannot go down."]
    assert shell.fails("frame 7") == ["No frame 7: the frames are 0..6, levels 7..1 (frame [n])"]
    assert shell.steps == 65  # selecting changed nothing


def test_up_and_down_with_a_count_go_as_far_as_there_is_as_gdb_does() -> None:
    """gdb refuses ``up`` and ``down`` alone at the end of the stack, not with a count: ``up 0``
    and ``down 0`` select the frame again (``down 0`` at frame 0 was refused, ``up 0`` not)."""
    shell = Shell.loaded()
    shell.ok("runtil 65")
    assert shell.ok("down 0") == [PRESENT_65]
    assert shell.ok("up 0") == [PRESENT_65]
    shell.ok("frame 5")
    assert shell.ok("up 0") == [FRAME_2] == shell.ok("down 0")
    assert shell.ok("up 9")[0].startswith("Frame 6, level 1 of 7")
    assert shell.ok("up 1")[0].startswith("Frame 6, level 1 of 7")
    assert shell.fails("up") == ["Initial frame selected; you cannot go up."]
    assert shell.steps == 65


#: ``runtil 92; frame 5``: level 6's guess [1,2]=4, the Forward guess of step 55 (the trace)
FRAME_5_AT_92 = (
    "Frame 5, level 6 of 11 (read-only): the state at step 55, where level 6's guess [1,2]=4 "
    "was taken."
)


@pytest.mark.parametrize(
    "line",
    [
        "why [1,2]",
        "why [4,3] --depth 1",
        "why removed 7 [4,3]",
        "why removed 8 [1,8]",
        "why wrong",
        "why [1,2] --book",
        "check",
        "hint se",
        "matrix",  # (matrix kh answered for the present)
        "matrix kh",
        "matrix nak 9",
    ],
)
def test_why_check_and_hint_se_answer_for_the_selected_frame(line: str) -> None:
    """With frame 5 selected at step 92, ``print [1,8]`` read the frame's
    ``candidates 7 9`` but ``why [1,8]`` answered ``65) [1,8]=9``, a value of the present. In a
    frame they answer for its state, as at that step (``goto 55``), after the frame's line."""
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("runtil 92")
    assert shell.ok("frame 5") == [FRAME_5_AT_92]
    assert shell.ok("print [1,8]") == [FRAME_5_AT_92, "[1,8] is empty: candidates 7 9"]
    empty = shell.ok("why [1,8]")
    assert empty[:2] == [
        FRAME_5_AT_92,
        "[1,8] is empty at step 55: candidates 7 9; the others are gone:",
    ]
    in_frame = shell.ok(line)
    assert shell.steps == 92 and shell.repl.frame is not None
    shell.ok("goto 55")
    assert in_frame == [FRAME_5_AT_92, *shell.ok(line)]


@pytest.mark.parametrize(
    ("line", "first"),
    [
        ("when [1,8]", "From the whole record, steps 1..92"),
        ("when [1,8]=9", "From the whole record, steps 1..92"),
        ("when removed 7 [1,8]", "From the whole record, steps 1..92"),
        ("info search", "Where the search is: the present, step 92"),
    ],
)
def test_when_and_info_search_in_a_frame_say_they_do_not_answer_for_it(
    line: str, first: str
) -> None:
    """In a frame they answered for the whole record or the present without a
    word. The frame's own answer would be another question (when: the whole record, whatever
    the frame; info search: where the search is): a first line says so, then the answer as
    at frame 0."""
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("runtil 92")
    present = shell.ok(line)
    shell.ok("frame 5")
    assert shell.ok(line) == [
        f"{first}, not frame 5 (step 55): frame 0 goes back to the present.",
        *present,
    ]


def test_hint_in_a_frame_is_refused_naming_the_way_back() -> None:
    """hint says what step does next, and step goes on from the present: one line names the
    frame and how to come back to the present, where hint answers again."""
    shell = Shell.loaded()
    shell.ok("set trace off")
    shell.ok("runtil 92")
    present = shell.ok("hint")
    shell.ok("frame 5")
    assert shell.fails("hint") == [
        "hint tells what step does next, from the present (step 92), not from frame 5: frame 0 "
        "(or down) goes back to it"
    ]
    shell.ok("frame 0")
    assert shell.ok("hint") == present


def test_a_stepping_command_comes_back_to_the_present() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 65")
    shell.ok("frame 3")
    shown = shell.ok("step")
    assert not shown[0].startswith("Frame")
    assert "Steps:66" in shown
    assert shell.ok("frame")[0] == "Frame 0, level 7 of 7: the present state, at step 66."
    shell.ok("frame 6")
    shell.ok("goto 65")
    assert shell.ok("levels")[:2] == ["At guess level 7:", "Level 7 [1,8]=9 (2 out of 2)"]


def test_frame_at_level_0_says_there_is_none() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 5")
    assert shell.fails("frame 1") == [
        "No guess level to select: the search is at level 0 (frame [n])"
    ]
    assert shell.fails("up") == ["No guess level to move among: the search is at level 0."]


def test_when_a_cell_equals_a_value() -> None:
    """[4,2] got 2 at step 92 (the guess at level 11) and lost it at 93 (its forward guess)."""
    shell = Shell.loaded()
    shell.ok("runtil 98")
    assert shell.ok("when [4,2]=2") == [
        "   (inside step 65: [4,2] held 2 only for a while, placed by a fill pass that went "
        "wrong and undone by the next guess)",
        "92) [4,2] got 2",
        "93) [4,2] lost 2",
    ]
    assert shell.ok("when [4,2]=7") == ["[4,2] never got 7 in steps 1..98."]


def test_bisect_level_probes_say_what_was_probed() -> None:
    """Steps 90..91 make no new guess (the search was at level 10 there: 84) Guess [2,6] level
    10): once a probe said "biggest level 0" for them."""
    shell = Shell.loaded()
    shell.ok("runrun 0")
    assert shell.ok("bisect level 11") == [
        "steps 1..142: level 11 reached (new guesses up to level 11)",
        "steps 1..71: level 11 not reached (new guesses up to level 7)",
        "steps 72..107: level 11 reached (new guesses up to level 11)",
        "steps 72..89: level 11 not reached (new guesses up to level 10)",
        "steps 90..98: level 11 reached (new guesses up to level 11)",
        "steps 90..94: level 11 reached (new guesses up to level 11)",
        "steps 90..92: level 11 reached (new guesses up to level 11)",
        "steps 90..91: level 11 not reached (no new guess)",
        "Level 11 is first reached at step 92: 92) Guess [4,2] level 11 at 1 out of 2",
    ]


def test_info_search_says_where_the_search_is_in_few_lines() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 98")
    shell.ok("b level >= 5")
    shell.ok("disable 1")
    shell.ok("goto 65")
    lines = shell.ok("info search")
    assert lines == [
        "Quiz: examples/seed.txt",
        "Step: 65 (no solution yet; the record holds steps 1..98)",
        "Guess level: 7 now, 7 the biggest up to this step",
        "Run mode: 0; guess mode: 0",
        "Breakpoints: 1 (0 enabled)",
    ]
    assert len(lines) <= 10
    assert Shell().ok("info search") == ["No quiz loaded: info search has nothing to say yet."]


def test_help_runtil_explains_the_biggest_level_is_per_command() -> None:
    text = " ".join(Shell().ok("help runtil"))
    assert "biggest level of this command's own" in text
    assert "runtil 65 says 7" in text and "run (to the solution at step 131) says 6" in text


def test_set_trace_off_says_the_new_setting() -> None:
    shell = Shell.loaded()
    assert shell.ok("set trace off")[0] == "trace off"
    assert shell.ok("set trace on")[0] == "trace on"


DONE_WHEN = """\
load-quiz examples/seed.txt
b level >= 5
tb step 90
info b
run
bt
where
backtrace
frame 2
up
down
frame
n
fin
info breakpoints
d 1
when [4,2]=2
quit
show
"""


def test_the_gdb_script_runs_in_batch_mode(tmp_path: Path) -> None:
    """The issue's script, from the outside: no unknown command, no traceback; bt lists the
    levels at step 39, where the breakpoint level >= 5 stops the run (39) Guess [1,1] level 5);
    quit ends the session (the show after it does not run)."""
    script = tmp_path / "gdb.txt"
    script.write_text(DONE_WHEN)
    done = run_program("-x", str(script), text=True)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Unknown command" not in out and "Traceback" not in done.stderr + out
    lines = out.splitlines()
    bt = lines.index("bt")
    assert lines[bt + 1].startswith("> #0 Level 5 [1,1]=")
    assert lines[bt + 1].endswith("(1 out of 2) at step 39")
    assert lines[bt + 2 : bt + 6] == [
        "  #1 Level 4 [3,3]=9 (2 out of 2) at step 36",
        "  #2 Level 3 [2,3]=1 (1 out of 2) at step 16",
        "  #3 Level 2 [4,3]=6 (1 out of 2) at step 11",
        "  #4 Level 1 [6,2]=5 (1 out of 2) at step 7",
    ]
    assert lines.count("  #4 Level 1 [6,2]=5 (1 out of 2) at step 7") == 3  # bt, where, backtrace
    frame_2 = "Frame 2, level 3 of 5 (read-only): the state at step 16, where level 3's guess"
    assert any(line.startswith(frame_2) for line in lines)
    assert lines[-2:] == ["Order please:", "quit"]


def test_a_quiz_number_after_the_file_loads_that_quiz() -> None:
    """Line 18 of puzzles/norvig_top95.txt begins 45.....3....8.1....9..."""
    done = run_program("puzzles/norvig_top95.txt", "18", "-c", "show", text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Quiz loaded."
    grid = lines[lines.index("show") + 1 :][:3]
    assert grid == ["450 000 030", "000 801 000", "090 000 000"]
    assert (REPO / "puzzles/norvig_top95.txt").read_text().splitlines()[17].startswith("45.....3.")
    bad = run_program("puzzles/norvig_top95.txt", "x", "-c", "bye", text=True)
    assert bad.returncode == 2
    assert bad.stderr == (
        "sudoku-repl: the quiz number is a whole number from 1, not 'x': "
        "sudoku-repl FILE N loads quiz N of FILE\n"
    )


# -- more gdb habits -------------------------------------------
#
# Read off the seed's published trace (tests/golden/seed_run_run.out) by hand: guesses at 7, 11,
# 16 (level 3), 18 (level 4), 36, 39 (level 5, the first new guess at 5), 42, 44 (6), 55, 62 (7),
# 65, 76 (8), 81 (9), 84 (10), 92 (11), 93 (Forward, 11), 94 (Upward, 10), 96 (Upward, 9), 97
# (Upward, 8), 98 (Upward [2,3] level 3 at 2 out of 2); and `when [4,2]` on the whole search:
# 22) got 8, 36) lost 8, 92) got 2, 93) lost 2 and got 8, 94) lost 8.


def steps_shown(lines: list[str]) -> list[str]:
    """The ``Steps:N`` lines of the show blocks among ``lines``."""
    return [line for line in lines if line.startswith("Steps:")]


def test_break_with_a_bare_number_is_a_step_as_gdbs_is_a_line() -> None:
    shell = Shell.loaded()
    assert shell.ok("break 92") == ["Breakpoint 1: step 92"]
    assert shell.ok("b 40 if level >= 5") == ["Breakpoint 2: step 40 if level >= 5"]
    assert shell.ok("tbreak 30") == ["Temporary breakpoint 3: step 30"]
    assert "Temporary breakpoint 3: step 30 at step 30." in shell.ok("run")
    lines = shell.ok("continue")
    assert "Breakpoint 2: step 40 at step 40." in lines
    assert "Breakpoint 1: step 92 at step 92." in shell.ok("continue")
    assert shell.fails("break 9x") == [
        "Unknown break word '9x'; break level >= <L> | step <N> | cell [r,c] | cell [r,c]=v | row <r> | "
        "removed v [r,c] | wrong | solution | <N> [if <expr>]"
    ]


def test_tbreak_answers_temporary_breakpoint_as_gdb() -> None:
    shell = Shell.loaded()
    assert shell.ok("tbreak level >= 5") == ["Temporary breakpoint 1: level >= 5"]
    assert shell.ok("info break") == ["Breakpoint 1: level >= 5 (once) (enabled, hit 0 times)"]
    assert "Temporary breakpoint 1: level >= 5 at step 39." in shell.ok("run")


def test_step_n_takes_n_steps_and_shows_the_state_once() -> None:
    """Seven of the original's steps: one of them filters and guesses (7) Guess [6,2]), so the
    count reaches 8, as seven single steps do."""
    shell = Shell.loaded()
    lines = shell.ok("step 7")
    assert steps_shown(lines) == ["Steps:8"]
    assert "7) Guess [6,2] level 1 at 1 out of 2" in lines
    single = Shell.loaded()
    singles = [single.ok("step") for _ in range(7)]
    assert steps_shown(singles[-1]) == ["Steps:8"]

    def trace(lines: list[str]) -> list[str]:
        return [line for line in lines if line.split(")")[0].isdigit()]

    assert trace(lines) == [line for one in singles for line in trace(one)]
    # a breakpoint stops the count sooner
    shell = Shell.loaded()
    shell.ok("b 3")
    lines = shell.ok("step 10")
    assert "Breakpoint 1: step 3 at step 3." in lines
    assert steps_shown(lines) == ["Steps:3"]


def test_next_n_and_finish_n_count_as_gdb() -> None:
    """At step 92 the search is at level 11: next reaches 93 (Forward guess at 11), the next
    next 94 (level 10); finish leaves 11 at 94, finish 2 leaves 10 at 96 (level 9)."""
    shell = Shell.loaded()
    shell.ok("runtil 98")
    shell.ok("goto 92")
    assert steps_shown(shell.ok("next 2")) == ["Steps:94"]
    shell.ok("goto 92")
    assert steps_shown(shell.ok("finish 2")) == ["Steps:96"]
    shell.ok("goto 92")
    assert steps_shown(shell.ok("finish")) == ["Steps:94"]
    shell.ok("goto 7")
    assert shell.fails("finish 2") == [
        "No 2 guess levels to finish: the search is at level 1 (finish [n])"
    ]


def test_continue_n_passes_over_the_breakpoint_it_stopped_at_n_minus_1_more_times() -> None:
    """level >= 5 stops at new guesses at level 5 or deeper: 39, 44, 62, 76, ..."""
    shell = Shell.loaded()
    assert shell.ok("continue 3")[0] == "Not stopped at any breakpoint; argument ignored."
    shell = Shell.loaded()
    shell.ok("break level >= 5")
    assert "Breakpoint 1: level >= 5 at step 39." in shell.ok("run")
    lines = shell.ok("continue 3")
    assert lines[0] == "Will ignore the next 2 stops of breakpoint 1."
    assert "Breakpoint 1: level >= 5 at step 76." in lines
    assert shell.ok("info break") == ["Breakpoint 1: level >= 5 (enabled, hit 4 times)"]


def test_delete_alone_deletes_every_breakpoint_without_asking_in_batch_mode() -> None:
    shell = Shell.loaded()
    assert shell.ok("delete") == ["No breakpoints to delete."]
    shell.ok("b 5")
    shell.ok("watch [4,2]")
    assert shell.ok("delete") == ["Deleted all 2 breakpoints."]
    assert shell.ok("info break") == ["No breakpoints."]


def test_delete_alone_asks_first_where_the_shell_may_ask() -> None:
    shell = Shell.loaded("n", "y")
    shell.repl.asks = True
    shell.ok("b 5")
    assert shell.ok("delete") == ["Not confirmed: the breakpoints stay."]
    assert shell.ok("info break") == ["Breakpoint 1: step 5 (enabled, hit 0 times)"]
    assert shell.ok("delete") == ["Deleted all 1 breakpoint."]
    assert shell.ok("info break") == ["No breakpoints."]
    assert shell.answers.questions == ["Delete all breakpoints? (y or n)"] * 2


def test_undisplay_alone_removes_every_display_without_asking_in_batch_mode() -> None:
    """gdb's undisplay alone deletes every display (it was refused)."""
    shell = Shell.loaded()
    assert shell.ok("undisplay") == ["No displays to remove."]
    shell.ok("display levels")
    shell.ok("display board")
    assert shell.ok("undisplay") == ["Removed all 2 displays."]
    assert shell.ok("display") == ["No displays."]
    assert shell.ok("step")[-1] != "Board at step 1:"  # no display runs at the stop
    assert "undisplay [n]: " in shell.ok("help undisplay")[0]


def test_undisplay_alone_asks_first_where_the_shell_may_ask() -> None:
    shell = Shell.loaded("n", "", "yes")
    shell.repl.asks = True
    shell.ok("display levels")
    assert shell.ok("undisplay") == ["Not confirmed: the displays stay."]
    assert shell.ok("undisplay") == ["Not confirmed: the displays stay."]  # Enter: no
    assert shell.ok("display") == ["1: levels"]
    assert shell.ok("undisplay") == ["Removed all 1 display."]
    assert shell.ok("display") == ["No displays."]
    assert shell.answers.questions == ["Remove all displays? (y or n)"] * 3
    assert shell.fails("undisplay 1") == ["No display 1; display lists them."]


def test_print_says_a_cells_value_or_candidates_in_the_frame_looked_at() -> None:
    """The seed's [1,3] is a given 5; [4,2] has 2 8 9 after step 1 and gets 8 at 22."""
    shell = Shell.loaded()
    assert shell.ok("print [4,2]") == ["[4,2] is empty (the first step works out the candidates)"]
    shell.ok("step")
    assert shell.ok("p [4,2]") == ["[4,2] is empty: candidates 2 8 9"]
    assert shell.ok("p [1,3]") == ["[1,3] = 5"]
    shell.ok("runtil 22")
    assert shell.ok("p [4,2]") == ["[4,2] = 8"]
    shell.ok("frame 3")  # level 1, taken at step 7
    assert shell.ok("p [4,2]") == [
        "Frame 3, level 1 of 4 (read-only): the state at step 7, where level 1's guess [6,2]=5 "
        "was taken.",
        "[4,2] is empty: candidates 2 8 9",
    ]
    assert shell.fails("print") == ["print needs a cell: print [r,c]"]


def test_info_frame_and_info_display() -> None:
    shell = Shell.loaded()
    assert shell.ok("info frame") == ["No guess level: the search is at level 0, at step 0."]
    shell.ok("runtil 65")
    assert shell.ok("info frame") == [PRESENT_65, AT_65[0][5:]]
    shell.ok("frame 5")
    assert shell.ok("info frame") == [FRAME_2, AT_65[5][5:]]
    assert shell.ok("info display") == ["No displays."]
    shell.ok("display levels")
    assert shell.ok("info display") == ["1: levels"]


def test_until_and_advance_run_forward_to_a_step_or_out_of_the_level() -> None:
    """From step 0 (level 0) advance 30 reaches 30; from 92 (level 11) advance 120 stops where
    level 11 is left, at 94, as gdb's advance stops where the function returns."""
    shell = Shell.loaded()
    assert steps_shown(shell.ok("advance 30")) == ["Steps:30"]
    assert shell.fails("advance 10") == [
        "Step 10 is not ahead: the search is at step 30 (goto 10 goes back): advance <step>"
    ]
    shell.ok("runtil 98")
    shell.ok("goto 92")
    assert steps_shown(shell.ok("advance 120")) == ["Steps:94"]
    shell.ok("goto 92")
    assert steps_shown(shell.ok("until 120")) == ["Steps:94"]
    shell.ok("goto 92")
    assert steps_shown(shell.ok("u")) == ["Steps:93"]  # until alone: next


def test_a_typo_of_an_alias_names_the_alias() -> None:
    shell = Shell()
    # (export is as near)
    assert shell.fails("exti")[0] == "Unknown command 'exti'; did you mean exit, next or export?"
    assert shell.fails("qiut")[0] == "Unknown command 'qiut'; did you mean quit?"


def test_a_gdb_word_that_means_nothing_here_says_what_to_type_in_one_line() -> None:
    shell = Shell.loaded()
    assert shell.fails("list") == [
        "Unknown command 'list' (gdb's list): there is no source here; show prints the grid "
        "and the candidates, history the trace lines."
    ]
    assert shell.fails("stepi") == [
        "Unknown command 'stepi' (gdb's stepi): a step is the smallest unit here; step."
    ]
    assert shell.fails("jump 5") == [
        "Unknown command 'jump' (gdb's jump): goto <step> goes to any step, forward or back."
    ]

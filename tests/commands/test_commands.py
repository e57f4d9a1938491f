"""The command language in-process: ``Repl.execute`` with a list-collecting output, scripted guess
answers and a fake clock. Expected lines come from docs/commands.md, the reference traces and the
SudokuSolver 2.6 article, never from the code under test."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.core.errors import GuessAborted
from tests.support import helpers
from tests.support.helpers import (
    AFTER_UNKNOWN,
    HELP_ORDER_LIST,
    NO_QUIZ,
    ORDER_LIST,
    SEED,
    SEED_GRID,
    SEED_QUIZ,
    STEP6_TRACE,
    reference_lines,
)

pytestmark = pytest.mark.usefixtures("at_repo_root")

NO_MORE_284 = "Invalid quiz [steps:284] - no more solution (solution sum is 1)"

# The show block after `runtil 90` on the seed, as the article prints it (docs/commands.md 5).
SHOW_90 = [
    "645 327 198",
    "831 954 627",
    "279 618 543",
    "",
    "406 095 370",
    "910 073 056",
    "753 200 980",
    "",
    "367 502 019",
    "094 700 030",
    "000 039 760",
    "",
    "Steps:90",
    "Candidates:",
    "[4,2]: 2 8 [4,4]: 1 8 [4,9]: 1 2",
    "[5,3]: 2 8 [5,4]: 4 8 [5,7]: 2 4",
    "[6,5]: 4 6 [6,6]: 1 6 [6,9]: 1 4",
    "[7,5]: 4 8 [7,7]: 4 8",
    "[8,1]: 1 5 [8,5]: 6 8 [8,6]: 1 6 [8,7]: 2 8 [8,9]: 2 5",
    "[9,1]: 1 5 [9,2]: 2 8 [9,3]: 2 8 [9,4]: 1 4 [9,9]: 4 5",
    "The foremost cell with 2 candidate(s) at [4,2]",
    "At guess level 10 [2,6] 1",
]


class Shell(helpers.Shell):
    def snapshot(self) -> tuple[object, ...]:
        """Everything a failed command must leave alone."""
        session = self.repl.session
        state = session.state() if session.loaded else None
        return (state, session.quiz, session.settings.copy(), session.loaded)


loaded = Shell.loaded


def timing(steps: int, total: int, biggest: int, questions: int = 0) -> list[str]:
    """The timing lines on the fake clock: 250 ms, and 250 more for each guess question asked
    (its wait reads the clock twice; the wait itself, one tick, is left out)."""
    return [
        f"Run time: {250 * (1 + questions)} milliseconds; steps: {steps}, solution sum: {total}.",
        f" Biggest level on this run(til): {biggest}",
    ]


# -- section 3/4: errors that change nothing ----------------------------------------------------


def write(tmp_path: Path, name: str, text: str, newline: str = "\n") -> str:
    path = tmp_path / name
    path.write_bytes(text.replace("\n", newline).encode())
    return str(path)


def nine_lines(quiz: str) -> str:
    return "".join(quiz[r * 9 : r * 9 + 9] + "\n" for r in range(9))


def with_givens(**cells: int) -> str:
    """An 81-character quiz with the given cells (``c5_9=3`` means [5,9]=3), others empty."""
    grid = ["0"] * 81
    for name, value in cells.items():
        r, c = (int(x) for x in name[1:].split("_"))
        grid[(r - 1) * 9 + (c - 1)] = str(value)
    return "".join(grid)


def error_cases(tmp_path: Path) -> list[tuple[str, str]]:
    """(command, the one line it must print) for every load-quiz error of docs/commands.md 4."""
    missing = str(tmp_path / "missing.txt")
    bad_line = write(tmp_path, "bad_line.txt", "# a quiz\n005300000\n\n12ab 3\n" + "0" * 9 + "\n")
    short = write(tmp_path, "short.txt", "# five rows\n" + nine_lines(SEED_QUIZ)[: 10 * 5])
    per_line = write(tmp_path, "two.txt", SEED_QUIZ + "\n" + SEED_QUIZ.replace("0", ".") + "\n")
    row = write(tmp_path, "row.txt", nine_lines(with_givens(c1_2=4, c1_7=4)))
    return [
        ("load-quiz", "No quiz file specified."),
        ("load-quiz   ", "No quiz file specified."),
        (f"load-quiz {missing}", f"Fail to open quiz file {missing}: No such file or directory."),
        (f"load-quiz {tmp_path}", f"Fail to open quiz file {tmp_path}: it is a directory."),
        (f"load-quiz {bad_line}", "Invalid line 4: 12ab 3."),
        (f"load-quiz {short}", f"Quiz file {short} has only 5 rows."),
        (f"load-quiz {per_line} 3", f"Quiz file {per_line} has only 2 quizzes."),
        (f"load-quiz {row}", "Invalid quiz: 4 appears twice in row 1 ([1,2] and [1,7])."),
        # a column clash that is also a block clash: columns come before blocks
        (
            f"load-quiz {with_givens(c1_1=7, c3_1=7)}",
            "Invalid quiz: 7 appears twice in col 1 ([1,1] and [3,1]).",
        ),
        (
            f"load-quiz {with_givens(c4_4=2, c6_6=2)}",
            "Invalid quiz: 2 appears twice in blk 5 ([4,4] and [6,6]).",
        ),
        # rows come before columns even when the column clash comes first in row-major order
        (
            f"load-quiz {with_givens(c1_2=6, c9_2=6, c8_1=3, c8_9=3)}",
            "Invalid quiz: 3 appears twice in row 8 ([8,1] and [8,9]).",
        ),
        # the first row with a clash, then the first clash in unit order within it
        (
            f"load-quiz {with_givens(c2_3=5, c2_5=4, c2_8=5, c2_9=4, c7_1=1, c7_2=1)}",
            "Invalid quiz: 5 appears twice in row 2 ([2,3] and [2,8]).",
        ),
        (
            f"load-quiz {with_givens(c5_1=9, c5_4=9, c5_7=9)}",
            "Invalid quiz: 9 appears twice in row 5 ([5,1] and [5,4]).",
        ),
        # columns before blocks; the first column with a clash
        (
            f"load-quiz {with_givens(c1_1=8, c2_2=8, c3_6=1, c9_6=1, c2_5=2, c8_5=2)}",
            "Invalid quiz: 2 appears twice in col 5 ([2,5] and [8,5]).",
        ),
        # a block clash: cells in the block's row-major order
        (
            f"load-quiz {with_givens(c7_9=6, c8_7=6)}",
            "Invalid quiz: 6 appears twice in blk 9 ([7,9] and [8,7]).",
        ),
    ]


ARGUMENT_ERRORS = [
    "runtil abc",
    "runtil -3",
    "runtil",
    "runtil 1.5",
    "runrun x",
    "runrun",
    "run-mode 7",
    "run-mode x",
    "guess-mode x",
    "step x",
]


def test_load_errors_before_any_quiz_print_one_line_and_load_nothing(tmp_path: Path) -> None:
    shell = Shell()
    shell.ok("run-mode 2")
    before = shell.snapshot()
    for command, line in error_cases(tmp_path):
        assert shell.fails(command) == [line], command
        assert shell.snapshot() == before, command
        assert shell.repl.session.quiz is None
        assert not shell.repl.session.loaded
    assert shell.fails("show") == [NO_QUIZ]


def test_load_errors_keep_the_loaded_quiz_and_its_state(tmp_path: Path) -> None:
    shell = loaded()
    shell.ok("run-mode 1")
    shell.ok("guess-mode 0")
    shell.ok("runtil 20")
    before = shell.snapshot()
    show = shell.ok("show")
    for command, line in error_cases(tmp_path):
        assert shell.fails(command) == [line], command
        assert shell.snapshot() == before, command
    assert shell.ok("show") == show


@pytest.mark.parametrize("command", ARGUMENT_ERRORS)
def test_bad_number_is_one_line_naming_the_command_and_changes_nothing(command: str) -> None:
    shell = loaded()
    shell.ok("runtil 12")
    before = shell.snapshot()
    lines = shell.fails(command)
    assert len(lines) == 1
    name = command.split()[0]
    # docs/commands.md 3: the line names the problem and the expected form, e.g.
    # "runtil needs a step count: runtil <steps>".
    assert lines[0].startswith(name + " ")
    usage = {
        "runtil": "runtil <steps>",
        "runrun": "runrun <sum>",
        "run-mode": "run-mode [0|1|2|3|4|5]",
        "guess-mode": "guess-mode [1|0]",
        "step": "step [n]",
    }[name]
    assert lines[0].endswith(usage)
    assert shell.snapshot() == before


def test_runtil_error_is_the_documented_line() -> None:
    shell = loaded()
    assert shell.fails("runtil abc") == ["runtil needs a step count: runtil <steps>"]


def test_numbers_accept_surrounding_blanks() -> None:
    shell = loaded()
    assert shell.ok("run-mode  2 ") == [
        "Working mode:2 (1:grp-only; 2:ply-only; other:both grp and ply)"
    ]
    shell.ok("run-mode 0")
    lines = shell.ok("runtil   3  ")
    assert lines[0] == "2) row 2 complete shrunken by group"
    assert lines[13] == "Steps:3"
    assert lines[-2:] == timing(3, 0, 0)


@pytest.mark.parametrize("command", ["show", "levels", "step", "run", "runtil 5", "runrun 0"])
def test_commands_need_a_quiz(command: str) -> None:
    shell = Shell()
    shell.ok("run-mode 1")
    before = shell.snapshot()
    assert shell.fails(command) == [NO_QUIZ]
    assert shell.snapshot() == before
    assert not shell.repl.session.loaded
    assert shell.repl.session.quiz is None


@pytest.mark.parametrize("command", ARGUMENT_ERRORS)
def test_bad_number_before_any_quiz_changes_nothing(command: str) -> None:
    shell = Shell()
    shell.ok("guess-mode 1")
    before = shell.snapshot()
    assert len(shell.fails(command)) == 1
    assert shell.snapshot() == before


@pytest.mark.parametrize("command", ["runtil \uff13", "run-mode \u0662", "runrun \u0663"])
def test_only_ascii_digits_make_a_number(command: str) -> None:
    shell = loaded()
    before = shell.snapshot()
    assert len(shell.fails(command)) == 1
    assert shell.snapshot() == before


def test_after_the_end_run_commands_repeat_the_last_line() -> None:
    shell = loaded()
    lines = shell.ok("runrun 0")
    assert lines[-3:] == [NO_MORE_284, *timing(284, 1, 11)]
    before = shell.snapshot()
    assert shell.ok("step") == [NO_MORE_284]
    assert shell.snapshot() == before
    for command in ("run", "runtil 9999", "runrun 0", "runrun 3"):
        assert shell.ok(command) == [NO_MORE_284, *timing(284, 1, 0)], command
        assert shell.snapshot() == before
    assert shell.ok("levels") == ["At guess level 0:"]


def test_after_the_end_a_new_load_starts_over() -> None:
    shell = loaded()
    shell.ok("run-mode 1")
    shell.ok("runrun 0")
    assert shell.ok(f"load-quiz {SEED}") == ["Quiz loaded."]
    assert shell.ok("show") == [*SEED_GRID, "Steps:0", "Candidates:"]
    # the settings stay (docs/commands.md 3)
    assert shell.ok("run-mode") == [
        "Working mode:1 (1:grp-only; 2:ply-only; other:both grp and ply)"
    ]


# -- happy paths --------------------------------------------------------------------------------


def test_unknown_command_prints_the_banner_and_the_original_order_list() -> None:
    shell = Shell()
    lines = shell.fails("frobnicate now")
    # what was wrong, then the original's banner and Order List as 2.6
    # prints them for an unknown command, then where the others are: 15 lines
    assert lines == ["Unknown command 'frobnicate'.", *AFTER_UNKNOWN]
    assert len(lines) == 15
    assert shell.out.errors == lines[:1]


@pytest.mark.parametrize(
    ("typo", "first"),
    [
        ("stpe", "Unknown command 'stpe'; did you mean step?"),
        ("lvels", "Unknown command 'lvels'; did you mean levels?"),
        ("runtl 5", "Unknown command 'runtl'; did you mean runtil, until or run?"),
        ("bak", "Unknown command 'bak'; did you mean back, break or tbreak?"),
        ("load x.txt", "Unknown command 'load'; did you mean load-quiz or board?"),
        ("xyzzy", "Unknown command 'xyzzy'."),
    ],
)
def test_a_typo_names_up_to_three_near_commands_in_at_most_15_lines(typo: str, first: str) -> None:
    lines = Shell().fails(typo)
    assert lines == [first, *AFTER_UNKNOWN]
    assert len(lines) <= 15


def test_help_prints_the_order_list() -> None:
    shell = Shell()
    lines = shell.ok("help")
    assert lines[: len(HELP_ORDER_LIST)] == HELP_ORDER_LIST
    assert "help [command]: list the commands, or explain one" in lines[len(ORDER_LIST) :]
    entries: list[str] = []
    for line in lines[len(ORDER_LIST) :]:
        if line.startswith("  "):  # a long entry's next line (80 columns)
            entries[-1] += " " + line.strip()
        else:
            entries.append(line)
    for entry in entries:
        name, _, summary = entry.partition(": ")
        assert name and summary, entry
    assert len(lines) > len(ORDER_LIST) + 20  # the commands this project adds too


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            "info foo",
            "Unknown info word 'foo'; info break | info watch | info search | info settings | info frame | info display",
        ),
        (
            "set foo bar",
            "Unknown set word 'foo'; set trace on|off | set solutions on|off | "
            "set colour on|off|auto | set pagination on|off | set height <N> | set height auto | "
            "set names readalps|standard | set cell [r,c]=v | set removed v [r,c]",
        ),
        (
            "set trase on",
            "Unknown set word 'trase' (did you mean trace?); set trace on|off | set solutions "
            "on|off | set colour on|off|auto | set pagination on|off | set height <N> | "
            "set height auto | set names readalps|standard | set cell [r,c]=v | set removed v [r,c]",
        ),
        (
            "break levl >= 3",
            "Unknown break word 'levl' (did you mean level?); break level >= <L> | step <N> | "
            "cell [r,c] | cell [r,c]=v | row <r> | removed v [r,c] | wrong | solution | <N> [if <expr>]",
        ),
    ],
)
def test_an_unknown_sub_word_lists_the_valid_ones_in_one_line(line: str, said: str) -> None:
    shell = Shell.loaded()
    assert shell.fails(line) == [said]


def test_help_for_one_command() -> None:
    lines = Shell().ok("help runtil")
    assert lines[0] == "runtil <steps>: run till certain steps run"
    assert len(lines) > 1, "a longer explanation follows the entry"


def test_help_for_an_unknown_command_is_an_error() -> None:
    shell = Shell()
    lines = shell.fails("help nosuch")
    assert len(lines) == 1 and "nosuch" in lines[0]


def test_modes_query_and_set() -> None:
    shell = Shell()
    assert shell.ok("run-mode") == [
        "Working mode:0 (1:grp-only; 2:ply-only; other:both grp and ply)"
    ]
    for mode in (1, 2, 0):
        assert shell.ok(f"run-mode {mode}") == [
            f"Working mode:{mode} (1:grp-only; 2:ply-only; other:both grp and ply)"
        ]
    assert shell.ok("guess-mode") == ["In interactive guessing mode:0 (0:no; other:yes)"]
    for arg, mode in (("1", 1), ("0", 0), ("7", 1), ("0", 0), ("42", 1)):
        assert shell.ok(f"guess-mode {arg}") == [
            f"In interactive guessing mode:{mode} (0:no; other:yes)"
        ]
    assert shell.ok("guess-mode") == ["In interactive guessing mode:1 (0:no; other:yes)"]


def test_show_before_the_first_step() -> None:
    shell = loaded()
    assert shell.ok("show") == [*SEED_GRID, "Steps:0", "Candidates:"]
    assert shell.ok("levels") == ["At guess level 0:"]


def test_show_after_runtil_90_is_the_published_block() -> None:
    shell = loaded()
    lines = shell.ok("runtil 90")
    trace = reference_lines("seed_steps_from_90.trace")[0]
    assert lines == [*trace, *SHOW_90, *timing(90, 0, 10)]
    assert shell.ok("show") == SHOW_90


def test_first_step_computes_the_candidates_and_stays_at_level_0() -> None:
    shell = loaded()
    lines = shell.ok("step")
    assert lines[:15] == [
        *SEED_GRID,
        "Steps:1",
        "Candidates:",
        # worked out by hand: 1..9 minus the givens of each cell's row, column and block
        "[1,1]: 1 2 6 9 [1,2]: 2 4 9 [1,5]: 2 4 6 8 9 [1,6]: 2 4 6 7 8 [1,7]: 1 4 6 8 9 "
        "[1,8]: 1 4 6 7 9 [1,9]: 1 4 7 8",
    ]
    assert lines[-1].startswith("The foremost cell with ")
    assert shell.ok("show") == lines
    assert shell.ok("levels") == ["At guess level 0:"]


def test_run_run_prints_the_published_figures() -> None:
    shell = loaded()
    first = shell.ok("run")
    assert first == [*reference_lines("seed_run_run.trace")[0], *timing(131, 1, 11)]
    second = shell.ok("run")
    assert second == [*reference_lines("seed_run_run.trace")[1], *timing(284, 1, 7)]


def test_step_after_a_solution_resumes_the_search() -> None:
    shell = loaded()
    shell.ok("run")
    lines = shell.ok("step")
    assert lines[0] == "132) Forward guess [1,5] level 6 at 2 out of 2"
    assert "Steps:132" in lines


# -- load formats -------------------------------------------------------------------------------

OTHER_QUIZ = "400000805030000000000700000020000060000080400000010000000603070500200000104000000"
OTHER_GRID = [
    "400 000 805",
    "030 000 000",
    "000 700 000",
    "",
    "020 000 060",
    "000 080 400",
    "000 010 000",
    "",
    "000 603 070",
    "500 200 000",
    "104 000 000",
    "",
]


def test_load_nine_line_file_with_comments_dots_blanks_and_crlf(tmp_path: Path) -> None:
    text = (
        "# a comment first\n"
        "400 000 805\n"
        "\n"
        "   # an indented comment\n"
        ".3. ... ...\n"
        "000700000\n"
        "|.2.|...|.6.|\n"
        "000 080 400  trailing words\n"
        "... .1. ...\n"
        "000 603 070\n"
        "5.. 2.. ...\n"
        "104 000 000\n"
        "# and a trailing comment\n"
    )
    name = write(tmp_path, "quiz.txt", text, newline="\r\n")
    shell = Shell()
    assert shell.ok(f"load-quiz {name}") == ["Quiz loaded."]
    assert shell.ok("show") == [*OTHER_GRID, "Steps:0", "Candidates:"]


def test_load_one_quiz_per_line_file(tmp_path: Path) -> None:
    name = write(
        tmp_path,
        "many.txt",
        f"# three quizzes\n{SEED_QUIZ.replace('0', '.')}\n{OTHER_QUIZ}\n{SEED_QUIZ}\n",
    )
    shell = Shell()
    assert shell.ok(f"load-quiz {name} 2") == ["Quiz loaded."]
    assert shell.ok("show") == [*OTHER_GRID, "Steps:0", "Candidates:"]
    assert shell.ok(f"load-quiz {name}") == ["Quiz loaded."]
    assert shell.ok("show") == [*SEED_GRID, "Steps:0", "Candidates:"]
    assert shell.ok(f"load-quiz {name} 3") == ["Quiz loaded."]
    assert shell.ok("show") == [*SEED_GRID, "Steps:0", "Candidates:"]


def test_load_inline_quiz_string() -> None:
    shell = Shell()
    assert shell.ok(f"load-quiz {OTHER_QUIZ.replace('0', '.')}") == ["Quiz loaded."]
    assert shell.ok("show") == [*OTHER_GRID, "Steps:0", "Candidates:"]
    assert shell.ok(f"load-quiz {SEED_QUIZ}") == ["Quiz loaded."]
    assert shell.ok("run")[-3:] == ["Fine [steps:131, solution sum:1].", *timing(131, 1, 11)]


def test_load_replaces_the_quiz_and_resets_the_engine_but_not_the_settings() -> None:
    shell = loaded()
    shell.ok("guess-mode 0")
    shell.ok("run-mode 2")
    shell.ok("runtil 40")
    assert shell.ok(f"load-quiz {OTHER_QUIZ}") == ["Quiz loaded."]
    assert shell.ok("show") == [*OTHER_GRID, "Steps:0", "Candidates:"]
    assert shell.ok("levels") == ["At guess level 0:"]
    assert shell.ok("run-mode") == [
        "Working mode:2 (1:grp-only; 2:ply-only; other:both grp and ply)"
    ]


# -- guessing through read_answer ---------------------------------------------------------------

Q_62 = "Take a guess please, by default it will be [6,2]=5:"
Q_43 = "Take a guess please, by default it will be [4,3]=6:"
Q_23 = "Take a guess please, by default it will be [2,3]=1:"


def guessing(*answers: str | type[BaseException]) -> Shell:
    shell = loaded(*answers)
    assert shell.ok("guess-mode 1") == ["In interactive guessing mode:1 (0:no; other:yes)"]
    for _ in range(5):
        shell.ok("step")
    assert shell.answers.questions == []
    return shell


def test_guess_answered_with_enter_takes_the_default() -> None:
    shell = guessing("")
    lines = shell.ok("step")
    assert shell.answers.questions == [Q_62]
    assert lines[: len(STEP6_TRACE) + 1] == [*STEP6_TRACE, "7) Guess [6,2] level 1 at 1 out of 2"]
    assert lines[-1] == "At guess level 1 [6,2] 1"
    assert shell.ok("levels") == ["At guess level 1:", "Level 1 [6,2]=5 (1 out of 2)"]


def test_guess_answered_with_a_cell_and_value() -> None:
    shell = guessing("", "", " [ 2 , 3 ] = 9 ")
    # steps 6..13 of the reference session (seed_interactive.trace)
    assert shell.ok("step")[len(STEP6_TRACE)] == "7) Guess [6,2] level 1 at 1 out of 2"
    assert shell.ok("step")[0] == "8) row 5 complete shrunken by group"
    assert shell.ok("step")[0] == "005 300 000"
    assert shell.ok("step")[0] == "11) Guess [4,3] level 2 at 1 out of 2"
    assert shell.ok("step")[0] == "005 300 000"
    assert shell.ok("step")[0] == "13) col 3 complete shrunken by group"
    assert shell.ok("step")[0] == "005 300 000"
    lines = shell.ok("step")
    assert shell.answers.questions == [Q_62, Q_43, Q_23]
    assert lines[0] == "16) Guess [2,3] level 3 at 1 out of 2"
    assert lines[-1] == "At guess level 3 [2,3] 1"
    assert shell.ok("levels") == [
        "At guess level 3:",
        "Level 3 [2,3]=9 (1 out of 2)",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]


@pytest.mark.parametrize(
    "bad",
    [
        "yes",
        "[6,2]",
        "[6,2]=",
        "6,2=5",
        "[6,2]=3",  # not a candidate of [6,2] (5 9)
        "[1,3]=5",  # a given, not an empty cell
        "[10,2]=5",
        "[0,2]=5",
        "[6,2]=5 please",
    ],
)
def test_bad_answer_gets_one_line_and_the_question_again(bad: str) -> None:
    shell = guessing(bad, "")
    lines = shell.ok("step")
    assert shell.answers.questions == [Q_62, Q_62]
    n = len(STEP6_TRACE)
    assert lines[:n] == STEP6_TRACE
    assert len(lines[n]) > 0 and lines[n] != "7) Guess [6,2] level 1 at 1 out of 2"
    assert lines[n + 1] == "7) Guess [6,2] level 1 at 1 out of 2"
    assert shell.out.errors == [lines[n]]
    assert shell.ok("levels") == ["At guess level 1:", "Level 1 [6,2]=5 (1 out of 2)"]


def test_answer_picking_another_candidate() -> None:
    shell = guessing("[6,2]=9")
    lines = shell.ok("step")
    assert "7) Guess [6,2] level 1 at 1 out of 2" in lines
    assert shell.ok("levels") == ["At guess level 1:", "Level 1 [6,2]=9 (1 out of 2)"]


def test_aborted_answer_leaves_the_engine_as_before_the_step() -> None:
    shell = guessing(GuessAborted, "")
    before = shell.snapshot()
    show = shell.ok("show")
    lines = shell.run("step")
    assert shell.answers.questions == [Q_62]
    assert "7) Guess [6,2] level 1 at 1 out of 2" not in lines
    assert shell.snapshot() == before
    assert shell.ok("show") == show
    # nothing lost: the same step again asks the same question and goes on as before
    again = shell.ok("step")
    assert shell.answers.questions == [Q_62, Q_62]
    assert again[: len(STEP6_TRACE) + 1] == [*STEP6_TRACE, "7) Guess [6,2] level 1 at 1 out of 2"]


def test_aborted_answer_during_run_leaves_the_engine_as_before_the_asking_step() -> None:
    shell = guessing(GuessAborted, "", "", "[2,3]=9", "[1,6]=7")
    at_5 = shell.snapshot()
    shell.ok("run-mode 0")
    # from step 5 the run asks at once, at step 6; the abort puts back the state after step 5
    lines = shell.run("run")
    assert shell.answers.questions == [Q_62]
    assert "7) Guess [6,2] level 1 at 1 out of 2" not in lines
    assert shell.snapshot() == at_5
    assert shell.ok("run")[-3:] == ["Fine [steps:40, solution sum:1].", *timing(40, 1, 4, 4)]


def test_aborted_answer_during_a_long_run_keeps_the_steps_before_the_asking_one() -> None:
    stepped = guessing()
    at_5 = stepped.snapshot()
    shell = loaded(GuessAborted, "")
    shell.ok("guess-mode 1")
    shell.run("runtil 30")
    assert shell.answers.questions == [Q_62]
    assert shell.snapshot() == at_5
    assert shell.ok("step")[len(STEP6_TRACE)] == "7) Guess [6,2] level 1 at 1 out of 2"


def test_guessing_session_of_the_article_reaches_the_solution_at_step_40() -> None:
    shell = guessing("", "", "[2,3]=9", "[1,6]=7")
    lines: list[str] = []
    for _ in range(31):
        lines = shell.ok("step")
    assert lines[-1] == "Fine [steps:40, solution sum:1]."
    assert shell.answers.questions == [
        Q_62,
        Q_43,
        Q_23,
        "Take a guess please, by default it will be [1,9]=7:",
    ]
    assert shell.ok("levels") == [
        "At guess level 4:",
        "Level 4 [1,6]=7 (1 out of 4)",
        "Level 3 [2,3]=9 (1 out of 2)",
        "Level 2 [4,3]=6 (1 out of 2)",
        "Level 1 [6,2]=5 (1 out of 2)",
    ]
    shell.ok("guess-mode 0")
    assert shell.ok("run")[-3:] == [
        "Invalid quiz [steps:293] - no more solution (solution sum is 1)",
        *timing(293, 1, 11),
    ]


# -- edge quizzes, worked out by hand from docs/engine.md -----------------------------------------

SOLUTION = "145327698839654127672918543496185372218473956753296481367542819984761235521839764"
SOLUTION_GRID = [
    "145 327 698",
    "839 654 127",
    "672 918 543",
    "",
    "496 185 372",
    "218 473 956",
    "753 296 481",
    "",
    "367 542 819",
    "984 761 235",
    "521 839 764",
    "",
]


def test_full_grid_is_a_solution_at_step_1_then_the_end_at_step_2() -> None:
    shell = Shell()
    assert shell.ok(f"load-quiz {SOLUTION}") == ["Quiz loaded."]
    # a step that reports a solution prints the grid and the Fine line, no show block
    assert shell.ok("step") == [*SOLUTION_GRID, "Fine [steps:1, solution sum:1]."]
    assert shell.ok("step") == [
        "2) No more solution (solution sum is 1).",
        *SOLUTION_GRID,
        "Invalid quiz [steps:2] - no more solution (solution sum is 1)",
    ]
    assert shell.ok("run") == [
        "Invalid quiz [steps:2] - no more solution (solution sum is 1)",
        *timing(2, 1, 0),
    ]


def test_cell_without_candidate_ends_the_search_at_once() -> None:
    # [1,1] sees 2..9 in row 1 and 1 in column 1: no candidate, though no value clashes
    quiz = "023456789" + "0" * 27 + "100000000" + "0" * 36
    shell = Shell()
    assert shell.ok(f"load-quiz {quiz}") == ["Quiz loaded."]
    grid = [
        "023 456 789",
        "000 000 000",
        "000 000 000",
        "",
        "000 000 000",
        "100 000 000",
        "000 000 000",
        "",
        "000 000 000",
        "000 000 000",
        "000 000 000",
        "",
    ]
    assert shell.ok("runrun 0") == [
        "1) [1,1] has no candidate",
        "2) No more solution (solution sum is 0).",
        *grid,
        "Invalid quiz [steps:2] - no more solution (solution sum is 0)",
        *timing(2, 0, 0),
    ]


def test_foremost_line_is_shown_for_cell_1_1() -> None:
    shell = Shell()
    shell.ok("load-quiz 023456789" + "0" * 72)
    lines = shell.ok("step")
    assert lines[12:14] == ["Steps:1", "Candidates:"]
    assert lines[14] == "[1,1]: 1"
    assert lines[-1] == "The foremost cell with 1 candidate(s) at [1,1]"


def test_interrupt_stops_after_the_current_step() -> None:
    polls: list[int] = []

    def interrupted() -> bool:
        polls.append(1)
        return len(polls) > 3  # three steps, then Ctrl-C

    shell = Shell(interrupted=interrupted)
    shell.run(f"load-quiz {SEED}")
    shell.run("run")
    model = loaded()
    show_3 = model.ok("runtil 3")[1:-2]
    assert show_3[12] == "Steps:3"
    assert shell.out.lines[1:] == [
        "2) row 2 complete shrunken by group",
        "Interrupted at step 3.",
        *show_3,
        *timing(3, 0, 0),
    ]
    assert shell.repl.session.state() == model.repl.session.state()


def test_help_glossary_explains_the_originals_words_with_their_standard_names() -> None:
    """Grp, ply and 2GW among them, one line each."""
    shell = Shell()
    lines = shell.ok("help glossary")
    by_term = {line.partition(":")[0]: line for line in lines[1:]}
    assert {"grp", "ply", "1GW", "2GW", "3GW", "complete shrink", "guess level"} <= set(by_term)
    assert "hidden single" in by_term["complete shrink"]
    assert "hidden subset" in by_term["2GW"] and "naked subset" in by_term["1GW"]
    assert "(gdb)" in by_term["Order please"]
    assert "help glossary" in "\n".join(shell.ok("help help"))

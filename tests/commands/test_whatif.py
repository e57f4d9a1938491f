"""``whatif guesses``: each guess taken on the way to the present answered
with each other candidate, on a fork of the session.

The expected figures come from reasoning on the seed quiz's solution (printed by ``run``: row 1
``145 327 698``, ...) and from sessions driven through the guess question instead (guess-mode 1
answering the other value, then Enter), whose trace lines were read by hand: e.g. answering
``[6,2]=9`` gives ``60) Upward guess [6,2] level 1 at 2 out of 2``, ``Fine [steps:184, ...]``
and ``284) No more solution``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_repl.commands.declared.whatif import WHATIF
from sudoku_repl.core.quiz import Quiz
from sudoku_repl.core.session import Quiet
from sudoku_repl.tools.whatif import guesses as wi
from tests.support.helpers import PUZZLES, SEED, SLOW, Answers, Shell, completions, spawn_shell

pytestmark = pytest.mark.usefixtures("at_repo_root")

HEADING = "step  level   cell  taken  other  first solution  solutions  biggest  wrong at  end"
#: the new guesses of the seed's search up to its first solution (``history`` shows them):
#: (step, level, cell, value taken, the other candidate)
SEED_GUESSES = [
    (7, 1, "[6,2]", 5, 9),
    (11, 2, "[4,3]", 6, 7),
    (16, 3, "[2,3]", 1, 9),
    (18, 4, "[3,3]", 2, 9),
    (39, 5, "[1,1]", 2, 6),
    (44, 6, "[1,2]", 2, 4),
    (62, 7, "[1,8]", 7, 9),
    (76, 8, "[1,5]", 2, 8),
    (81, 9, "[1,7]", 1, 8),
    (84, 10, "[2,6]", 4, 6),
    (92, 11, "[4,2]", 2, 8),
    (105, 4, "[1,9]", 7, 8),
    (111, 5, "[1,8]", 6, 9),
    (123, 5, "[1,7]", 6, 9),
    (127, 6, "[1,5]", 2, 9),
]


def after_run() -> Shell:
    shell = Shell.loaded()
    shell.ok("run")
    assert shell.steps == 131
    return shell


def json_rows(shell: Shell) -> list[dict[str, object]]:
    return [json.loads(line) for line in shell.ok("whatif guesses --format json")]


def present(shell: Shell) -> tuple[int, int, int, list[str]]:
    """What must not change: the step, the cursor, the record's length and the show block."""
    session = shell.repl.session
    if not shell.repl.loaded:
        return (0, 0, 0, [])
    return (shell.steps, session.cursor, len(session.history), shell.ok("show"))


def test_after_run_the_table_has_a_row_for_6_2_and_one_per_guess() -> None:
    shell = after_run()
    lines = shell.ok("whatif guesses")
    assert lines[0] == (
        "As taken: first solution at step 131, solution sum 1, biggest level 11, the search "
        "ends at step 284."
    )
    assert lines[1] == HEADING
    assert lines[2].split() == ["7", "1", "[6,2]", "5", "9", "184", "1", "11", "60", "284"]
    rows = [line.split() for line in lines[2:]]
    assert [(int(r[0]), int(r[1]), r[2], int(r[3]), int(r[4])) for r in rows] == SEED_GUESSES


def test_a_row_whose_other_value_is_the_solutions_reaches_a_solution() -> None:
    # The solution has [2,3]=9 and [1,9]=8, and when those guesses were taken every guess
    # above them stood at the solution's value ([6,2]=5, [4,3]=6; for [1,9] also [2,3]=9): so
    # the other value leads to the solution, and nothing under it is wrong. Every other row's
    # other value is not the solution's (or lies under a wrong guess): with one solution, no
    # solution lies under it, and the search gives it up.
    rows = {(r["cell"], r["step"]): r for r in json_rows(after_run())}
    for key, first in ((("[2,3]", 16), 49), (("[1,9]", 105), 115)):
        assert rows[key]["wrong_at"] is None
        assert rows[key]["first_solution"] == first  # read in the guess-mode 1 trace
    wrong = [r for key, r in rows.items() if key not in (("[2,3]", 16), ("[1,9]", 105))]
    assert len(wrong) == 13
    assert all(isinstance(r["wrong_at"], int) and r["wrong_at"] > r["step"] for r in wrong)
    assert all(r["solutions"] == 1 and r["end"] == 284 and r["complete"] for r in rows.values())
    assert all(r["biggest"] == 11 for r in rows.values())


def test_a_row_is_what_the_guess_question_answered_the_other_way_gives() -> None:
    # [1,2] is the sixth new guess: Enter five times, then the other value, then Enter
    asked = Shell.loaded("", "", "", "", "", "[1,2]=4")
    asked.answers.then = ""
    asked.ok("guess-mode 1")
    trace = asked.ok("runrun 0")
    assert "87) Upward guess [1,2] level 6 at 2 out of 2" in trace
    assert "Fine [steps:131, solution sum:1]." in trace
    row = next(r for r in json_rows(after_run()) if r["cell"] == "[1,2]")
    assert (row["wrong_at"], row["first_solution"], row["end"]) == (87, 131, 284)


def test_csv_and_json_shapes() -> None:
    shell = after_run()
    lines = shell.ok("whatif guesses --format csv")
    assert lines[0] == (
        "step,level,cell,taken,other,first_solution,solutions,biggest,wrong_at,end,complete"
    )
    assert lines[1] == '7,1,"[6,2]",5,9,184,1,11,60,284,true'
    assert lines[3] == '16,3,"[2,3]",1,9,49,1,11,,284,true'  # no wrong step: empty
    assert len(lines) == 1 + len(SEED_GUESSES)
    rows = json_rows(shell)
    assert rows[0] == {
        "step": 7, "level": 1, "cell": "[6,2]", "taken": 5, "other": 9, "first_solution": 184,
        "solutions": 1, "biggest": 11, "wrong_at": 60, "end": 284, "complete": True,
    }  # fmt: skip
    assert len(rows) == len(SEED_GUESSES)


def test_the_cap_stops_each_row_and_says_so() -> None:
    lines = after_run().ok("whatif guesses --max-steps 20")
    assert lines[0].endswith("stopped at step 151 by the cap.")  # 131 + 20
    assert lines[2].split() == ["7", "1", "[6,2]", "5", "9", "-", "0", "2", "-", "27", "cap"]
    assert lines[-1] == (
        "cap: the search went past --max-steps 20 steps after the guess and was stopped there."
    )


def test_nothing_changes_and_the_record_still_replays() -> None:
    shell = after_run()
    before = present(shell)
    shell.ok("whatif guesses")
    assert present(shell) == before
    assert shell.ok("history 36 36") == [  # a fill pass that went wrong belongs to the next step
        "35) shrinking 1 from [9,1] went wrong",
        "36) Forward guess [3,3] level 4 at 2 out of 2",
    ]
    assert "Invalid quiz [steps:284] - no more solution (solution sum is 1)" in shell.ok("runrun 0")


FORM = "whatif guesses [--format text|csv|json] [--max-steps N] [--keep]"
KEEP_LINE = (
    "Kept the rows as experiments 2 to {last}, in the rows' order (experiments lists them; "
    "compare N puts one beside the present)."
)
RUN = [f"load-quiz {SEED}", "run"]
#: lines whose words are wrong, and what their one line says before it names the form
WORDS = {
    "whatif": "whatif needs one of guesses: ",
    "whatif gueses": "Unknown whatif word 'gueses' (did you mean guesses?); ",
    "whatif guesses --format xml": "whatif guesses --format needs one of text, csv, json: ",
    "whatif guesses --max-steps 0": "whatif guesses --max-steps needs a whole number >= 1: ",
    "whatif guesses --jobs 2": "Unknown whatif option '--jobs'; ",
    "whatif guesses --keep --keep": "whatif guesses --keep is given twice: ",
    "whatif guesses csv": "whatif guesses takes options, not 'csv': ",
}


@pytest.mark.parametrize(
    ("setup", "line", "said"),
    [
        ([], "whatif guesses", "No quiz loaded: whatif guesses looks at the guesses of a search."),
        ([f"load-quiz {SEED}"], "whatif guesses", "No guess with another candidate before step 0"),
        ([f"load-quiz {SEED}", "goto 6"], "whatif guesses", "before step 6: whatif guesses"),
        *((RUN, line, said) for line, said in WORDS.items()),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(setup: list[str], line: str, said: str) -> None:
    shell = Shell()
    for command in setup:
        shell.ok(command)
    before = present(shell)
    out = shell.fails(line)
    assert len(out) == 1 and said in out[0], out
    if line in WORDS:
        assert out[0].endswith(FORM)
    assert present(shell) == before


class Polls:
    """An interrupt flag that is raised at the ``at``-th poll (the stepping loop polls between
    steps): a Ctrl-C in the middle of the rows, without a clock."""

    def __init__(self, at: int) -> None:
        self.at, self.count = at, 0

    def __call__(self) -> bool:
        self.count += 1
        return self.count >= self.at


def test_ctrl_c_keeps_the_rows_done_and_changes_nothing() -> None:
    full = after_run().ok("whatif guesses")
    polls = Polls(at=10**9)
    shell = Shell(Answers(), interrupted=polls)
    shell.ok(f"load-quiz {SEED}")
    shell.ok("run")
    before = present(shell)
    polls.count, polls.at = 0, 1000  # the search as taken and a few rows: about 200 polls a row
    lines = shell.ok("whatif guesses")
    assert lines[-1].startswith("Interrupted after ") and lines[-1].endswith(
        f" of {len(SEED_GUESSES)} rows; nothing changed."
    )
    done = int(lines[-1].split()[2])
    assert 0 < done < len(SEED_GUESSES)
    assert lines[:-1] == full[: 2 + done]  # the rows done are the full table's first ones
    polls.at = 10**9
    assert present(shell) == before


def test_ctrl_c_while_the_guesses_are_read_prints_no_row() -> None:
    shell = Shell(Answers(), interrupted=Polls(at=3))  # (one poll a guess read)
    shell.ok(f"load-quiz {SEED}")
    shell.repl.session.run(Quiet(), 1)  # as `run` does, with no poll counted
    assert shell.ok("whatif guesses") == ["Interrupted before the first row; nothing changed."]


def test_as_taken_finds_the_records_first_solution_after_the_whole_search() -> None:
    shell = Shell.loaded()
    shell.ok("runrun 0")  # the whole search: the first solution lies inside the record
    assert shell.steps == 284
    lines = shell.ok("whatif guesses")
    assert lines[0] == (
        "As taken: first solution at step 131, solution sum 1, biggest level 11, the search "
        "ends at step 284."
    )
    # the guesses after the solution too: level 1's is the last new guess of the search
    assert len(lines) > 2 + len(SEED_GUESSES)


def test_keep_makes_each_row_an_experiment_and_comes_back_to_the_present() -> None:
    shell = after_run()
    shell.ok("goto 100")  # a present inside the record: its future must stay too
    before = present(shell)
    plain = shell.ok("whatif guesses")
    assert len(plain) == 2 + 11  # the guesses before step 100
    kept = shell.ok("whatif guesses --keep")
    assert kept == [*plain, KEEP_LINE.format(last=12)]  # the same rows, made in the session
    assert present(shell) == before
    listed = shell.ok("experiments")
    assert len(listed) == 12 and listed[0].startswith("* 1 main")
    assert "parted at step 6 by [6,2]=9; got to step 284, 1 solution" in listed[1]
    compared = shell.ok("compare 2")  # its figures are the row's: first solution 184, end 284
    assert compared[2].split()[-2:] == ["284", "131"]
    assert compared[3].split()[-2:] == ["184", "131"]
    shell.ok("experiment 4")  # [2,3]=9: the solution at step 49, as the row says
    assert shell.ok("history 49 49")[-1] == "Fine [steps:49, solution sum:1]."


def test_ctrl_c_during_keep_keeps_the_experiments_of_the_rows_done_only() -> None:
    polls = Polls(at=10**9)
    shell = Shell(Answers(), interrupted=polls)
    shell.ok(f"load-quiz {SEED}")
    shell.ok("run")
    before = present(shell)
    polls.count, polls.at = 0, 1000
    lines = shell.ok("whatif guesses --keep")
    assert lines[-1].startswith("Interrupted after ")
    assert lines[-1].endswith(" rows; the present is as it was.")
    done = int(lines[-1].split()[2])
    assert 0 < done < len(SEED_GUESSES)
    polls.at = 10**9
    assert present(shell) == before
    assert len(shell.ok("experiments")) == 1 + done  # none for the row interrupted


def test_the_progress_line_is_told_which_row_is_worked_on() -> None:
    shell = after_run()
    hooks = shell.repl.hooks
    seen: list[str | None] = []
    hooks.tick = lambda: seen.append(hooks.doing)
    shell.ok("whatif guesses")
    assert seen[0] == "whatif guesses: reading the guesses"  # one tick a guess
    assert seen[len(SEED_GUESSES)] == "whatif guesses: the search as taken"
    assert "whatif guesses: row 1 of 15" in seen and "whatif guesses: row 15 of 15" in seen
    assert hooks.doing is None


@SLOW
def test_in_a_terminal_the_rows_come_and_ctrl_c_stops_a_long_one(tmp_path: Path) -> None:
    # the edge case labelled insufficient_givens: its search runs for minutes, so each row
    # runs to the cap (some seconds each) and Ctrl-C lands while the rows are worked out
    hard = "...........5....9...4....1.2....3.5....7.....438...2......9.....1.4...6.........."
    child = spawn_shell(tmp_path, SEED)
    try:
        child.expect_exact("Order please:")
        child.sendline("set pagination off")
        child.expect_exact("Order please:")
        child.sendline("run")
        child.expect_exact("Order please:")
        child.sendline("whatif guesses")
        child.expect(r"\s+7\s+1\s+\[6,2\]\s+5\s+9\s+184\s+1\s+11\s+60\s+284")
        child.expect_exact("Order please:")
        child.sendline(f"load-quiz {hard}")
        child.expect_exact("Order please:")
        child.sendline("goto 300")
        child.expect_exact("Order please:")
        child.sendline("whatif guesses --format csv --max-steps 30000")
        # row 2 or later (a row done): the line is drawn after a moment and redrawn in place,
        # and the native core may be past row 2 by then
        child.expect(
            r"whatif guesses: row ([2-9]|[1-9]\d+) of (\d+), \d+\.\d s \(Ctrl-C stops\)",
            timeout=60,
        )
        child.sendintr()
        child.expect(r"Interrupted after ([1-9]\d*) of (\d+) rows; nothing changed\.", timeout=30)
        assert int(child.match.group(1)) < int(child.match.group(2))
        child.expect_exact("Order please:")
    finally:
        child.close(force=True)


def test_completion_offers_the_words_of_the_forms() -> None:
    assert completions("whatif ") == ["whatif guesses"]
    assert completions("whatif guesses ") == [
        "whatif guesses --format",
        "whatif guesses --keep",
        "whatif guesses --max-steps",
    ]
    assert completions("whatif guesses --format ") == [
        "whatif guesses --format csv",
        "whatif guesses --format json",
        "whatif guesses --format text",
    ]


def test_save_session_replays_kept_rows_only(tmp_path: Path) -> None:
    shell = after_run()
    shell.ok("whatif guesses")  # changes nothing: not in the script
    shell.ok("whatif guesses --keep --max-steps 5")  # makes experiments: in it
    shell.ok(f"save-session {tmp_path / 's.txt'}")
    script = (tmp_path / "s.txt").read_text().splitlines()
    assert [line for line in script if line.startswith("whatif")] == [
        "whatif guesses --keep --max-steps 5"
    ]


@pytest.mark.parametrize("number", [0, 1, 2])
def test_a_row_reaches_a_solution_exactly_when_its_value_is_the_solutions(number: int) -> None:
    # top95 quizzes have one solution: an other value leads to a solution iff the state before
    # its guess holds only the solution's values and the value is the solution's for the cell
    quiz = [line for line in (PUZZLES / "norvig_top95.txt").read_text().split() if len(line) == 81]
    session = Shell().repl.session
    session.load(Quiz.from_string(quiz[number]))
    session.run(Quiet(), 1)
    solution = session.state().values
    assert 0 not in solution
    checked = 0
    for guess in wi.taken_guesses(session):
        before = session.state_after(guess.move).values
        on_track = all(v in (0, solution[i]) for i, v in enumerate(before))
        for other in guess.others:
            row = wi.what_if(session, guess, other, cap=5000)
            if not row.complete:
                continue
            checked += 1
            reaches = on_track and other == solution[guess.cell]
            assert (row.wrong_at is None) is reaches, row
            # the search runs to its end: the one solution is found, under this value or not
            assert row.solutions == 1 and row.first_solution is not None, row
    assert checked >= 5


def test_help_names_the_default_cap() -> None:

    assert f"(--max-steps, default {wi.DEFAULT_CAP})" in WHATIF.help.replace("\n", " ")


#: a quiz whose search drops steps under a record cap of 300 moves
DROPPING_QUIZ = "1...5...9.......3..79........7.1...65....42..6..8.......5.6...7.....2.4....3..8.."


def test_keep_on_a_record_that_dropped_steps_keeps_the_rows_and_the_present(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kept row shares the present record up to its guess: its search must not drop those
    moves (they were the next rows' guesses and the present experiment's record; it was a
    Traceback)."""
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "300")
    shell = Shell()
    for line in ("run-mode 2", f"load-quiz {DROPPING_QUIZ}", "set cell [4,8]=8", "goto 1191"):
        shell.ok(line)
    history = shell.repl.session.history
    dropped, first = history.dropped, history.first_steps
    assert dropped and first > 1  # the case: the record starts past step 1
    listed = shell.ok("experiments")
    before = present(shell)
    plain = shell.ok("whatif guesses --max-steps 133")
    rows = len(plain) - 3  # as taken, the heading, the rows, the cap's line
    assert rows > 20
    kept = shell.ok("whatif guesses --max-steps 133 --keep")
    number = int(listed[-1].split()[1])  # the experiments' numbers go on from the last one
    assert kept == [
        *plain,
        f"Kept the rows as experiments {number + 1} to {number + rows}, in the rows' order "
        "(experiments lists them; compare N puts one beside the present).",
    ]
    assert present(shell) == before
    assert (history.dropped, history.first_steps) == (dropped, first)
    now = shell.ok("experiments")
    assert now[: len(listed)] == listed and len(now) == len(listed) + rows
    assert shell.ok(f"experiment {number + rows}")[0].startswith(f"Experiment {number + rows} ")

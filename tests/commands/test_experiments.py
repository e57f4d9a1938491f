"""Experiments: the futures of the search kept side by side, what-if edits, compare.

The expected figures come from the spec and from transcripts reviewed by hand: the seed quiz's
first solution is at step 131 with biggest level 11 (the reference trace seed_run_run); at step
6 its foremost guess is [6,2] with candidates 5 9 (the show block of the reference trace at step
6); [1,3] holds the given 5 (the seed quiz's first row, ..53.....); answering [6,2]=9 at step 6
finds the first solution at step 184 (tests/data/experiments_done_when.out, reviewed by hand:
the trace after the answer follows the same guesses one level shifted, see the docs page).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from sudoku_repl.api import Session
from sudoku_repl.core import hand
from sudoku_repl.core.engine import Choice, Engine
from sudoku_repl.core.errors import UserError
from sudoku_repl.core.geometry import Cell
from sudoku_repl.core.session import Quiet
from tests.support.helpers import SEED, SEED_QUIZ, TEST_DATA, Answers, Shell, fake_clock
from tests.support.sweeps import either

DATA = TEST_DATA


def done_when_shell(*later: str) -> Shell:
    """The issue's script up to its second run: run, goto 6, answer [6,2]=9, run (``later``:
    the answers to the questions that come after)."""
    shell = Shell.loaded("[6,2]=9", *later)
    assert shell.ok("run")[-3] == "Fine [steps:131, solution sum:1]."
    shell.ok("goto 6")
    shell.ok("guess-mode 1")
    shell.ok("step")
    assert shell.answers.questions == ["Take a guess please, by default it will be [6,2]=5:"]
    shell.ok("guess-mode 0")
    shell.ok("run")
    return shell


def test_a_guess_answered_otherwise_keeps_the_first_future() -> None:
    shell = done_when_shell()
    lines = shell.ok("experiments")
    assert lines == [
        "  1 main: the first line of search; got to step 131, 1 solution, biggest level 11, "
        "not finished; at step 131",
        "* 2 6:[6,2]=9: parted at step 6 by [6,2]=9; got to step 184, 1 solution, biggest "
        "level 11, not finished; at step 184",
    ]


def test_compare_names_the_parting_step_and_both_first_solutions() -> None:
    shell = done_when_shell()
    lines = shell.ok("compare 1 2")
    assert lines[0] == "Experiments 1 and 2 part at step 6."
    rows = {line[:24].strip(): line[24:].split() for line in lines[2:9]}
    assert rows["steps"] == ["131", "184"]
    assert rows["first solution at step"] == ["131", "184"]
    assert rows["solutions"] == ["1", "1"]
    assert rows["biggest level"] == ["11", "11"]
    assert rows["finished"] == ["no", "no"]
    # both reach the one solution of the seed quiz
    assert lines[-1] == "Their last states hold the same values."
    assert shell.ok("compare 1") == lines  # B: the present one


def test_switching_shows_the_kept_step_without_running() -> None:
    shell = done_when_shell()
    session = shell.repl.session
    moves = len(session.history)
    lines = shell.ok("experiment 1")
    assert lines[0] == "Experiment 1 (main), at step 131."
    assert not any(line[:1].isdigit() and ")" in line[:5] for line in lines)  # no trace line
    assert "Steps:131" in shell.ok("show")
    assert shell.steps == 131
    assert shell.ok("experiment 6:[6,2]=9")[0] == "Experiment 2 (6:[6,2]=9), at step 184."
    assert len(session.history) == moves  # the same record, not run again
    shell.ok("goto 100")
    assert shell.ok("experiment 2")[0] == "Experiment 2 (6:[6,2]=9), at step 100."  # stays


def test_naming_and_deleting() -> None:
    shell = done_when_shell()
    assert shell.ok("experiment name nine first") == ["Experiment 2 is named nine first."]
    shell.ok("experiment 1")
    assert shell.ok("experiment nine first")[0].startswith("Experiment 2 (nine first)")
    assert shell.fails("experiment delete 2") == [  # the present one: how to leave it, once
        "Experiment 2 is the present one: experiment N|NAME goes to another first, then it can "
        "be deleted."
    ]
    shell.ok("experiment main")
    assert shell.ok("experiment delete 2") == ["Deleted experiment 2 (nine first)."]
    assert [line[:3] for line in shell.ok("experiments")] == ["* 1"]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("experiment 99", "No experiment 99: there are 1 (main), 2 (6:[6,2]=9)"),
        (
            "compare 1 1",
            "compare needs two different experiments (both are 1): compare A [B], B the "
            "present one by default",
        ),
        ("compare 1 x", "No experiment x: there are 1 (main), 2 (6:[6,2]=9)"),
        ("compare", "compare needs one or two experiments: compare A [B]"),
        (
            "set cell [0,1]=5",
            "No cell [0,1]: rows and columns go from 1 to 9; set cell needs a cell and a "
            "value: set cell [r,c]=v",
        ),
        (
            "set cell [1,1]=10",
            "No value 10: values go from 1 to 9; set cell needs a cell and a value: set cell "
            "[r,c]=v",
        ),
        (
            "set removed 3 [1,3]",
            "[1,3] is filled already (it holds 5): an edit needs an empty cell",
        ),
        ("set cell [1,1]=5", "[1,1]=5 breaks a rule: [1,3] in its row holds 5 already"),
        ("set removed 3 [1,1]", "3 is no candidate of [1,1] any more (it has 1 2 6 9)"),
        ("experiment name 12", "An experiment's name needs a letter (not '12'): its number is 2"),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(line: str, said: str) -> None:
    shell = done_when_shell()
    shell.ok("goto 10")
    show, listing = shell.ok("show"), shell.ok("experiments")
    script = list(shell.repl.script.lines)
    assert shell.fails(line) == [said]
    assert shell.ok("show") == show
    assert shell.ok("experiments") == listing
    assert shell.repl.script.lines == script


def test_set_cell_is_a_step_by_hand_and_a_new_experiment() -> None:
    shell = Shell.loaded()
    shell.ok("runtil 10")
    assert shell.steps == 11  # runtil stops at the step boundary after 10 (as the original)
    show = shell.ok("show")
    assert shell.fails("set cell [1,1]=5") == [
        "[1,1]=5 breaks a rule: [1,3] in its row holds 5 already"
    ]
    assert shell.ok("show") == show
    lines = shell.ok("set cell [4,2]=2")
    assert lines == [
        "12) [4,2]=2 set by hand",
        "Experiment 2 (11:[4,2]=2 by hand) begins here.",
    ]
    assert shell.ok("history 12 12") == ["12) [4,2]=2 set by hand"]
    assert shell.ok("why [4,2] --book") == ["NA(29)=2 [4,2] since step 12, KH(29)=29:", lines[0]]
    board = shell.ok("board")
    assert any("{2}" in line for line in board)
    assert board[-1] == "        {5} set by hand (set cell: a what-if edit)"
    # the first line of search stays as it was: at step 11, where the edit was made
    assert shell.ok("experiments")[0].endswith(
        "got to step 11, 0 solutions, biggest level 2, not finished; at step 11"
    )
    # going back before the edit and on again follows it (it is part of this record)
    shell.ok("goto 8")
    shell.ok("goto 12")
    assert shell.ok("history 12 12") == ["12) [4,2]=2 set by hand"]
    shell.ok("goto 11")
    assert shell.ok("step")[0] == "12) [4,2]=2 set by hand"
    assert len(shell.ok("experiments")) == 2


def test_a_removal_by_hand_and_a_value_that_leads_nowhere() -> None:
    shell = Shell.loaded()
    shell.ok("goto 6")  # [6,2]: 5 9, the guess due; the one solution has [6,2]=5
    assert shell.ok("set removed 9 [6,2]") == [
        "7) 9 removed from [6,2] by hand",
        "Experiment 2 (6:9 removed from [6,2] by hand) begins here.",
    ]
    shell.ok("runrun 0")
    state = shell.repl.session.state()
    assert (state.solutions, state.status.name) == (1, "FINISHED")
    # a legal value with no solution behind it: the search runs dry, which is the point
    shell.ok("experiment 1")
    shell.ok("goto 6")
    assert shell.ok("set cell [6,2]=9")[0] == "7) [6,2]=9 set by hand"
    shell.ok("runrun 0")
    state = shell.repl.session.state()
    assert (state.solutions, state.status.name) == (0, "FINISHED")
    # and taking the solution's value away by hand leaves none either
    shell.ok("experiment 1")
    shell.ok("goto 6")
    shell.ok("set removed 5 [6,2]")
    shell.ok("runrun 0")
    assert shell.repl.session.state().solutions == 0


def test_save_session_rebuilds_every_experiment(tmp_path: Path) -> None:
    shell = done_when_shell()
    shell.ok("experiment name answered nine")
    shell.ok("goto 20")
    shell.ok("set cell [4,2]=2")
    shell.ok("experiment 1")
    listing = shell.ok("experiments")
    script = tmp_path / "s.txt"
    shell.ok(f"save-session {script}")
    replay = Shell(Answers(then=""))
    replay.ok(f"source {script}")
    assert replay.ok("experiments") == listing
    assert replay.ok("show") == shell.ok("show")


def test_the_api_returns_values() -> None:
    session = Session.from_quiz(SEED_QUIZ)
    session.run()
    session.goto(6)
    exp = session.branch(session.cursor, choice=(46, 9))  # [6,2] is cell 5 * 9 + 1
    assert exp.number == 2 and exp.name == "6:[6,2]=9"
    session.run()
    listed = session.experiments
    assert [(e.number, e.steps, e.current) for e in listed] == [(1, 131, False), (2, 184, True)]
    comparison = session.compare(1, 2)
    assert (comparison.parted_step, comparison.a.steps, comparison.b.steps) == (6, 131, 184)
    assert comparison.a.first_solution == 131
    info = session.switch(1)
    assert (info.number, info.at_step, session.state().steps) == (1, 131, 131)
    with pytest.raises(UserError):
        session.branch(5, choice=None)  # the record's own move
    with pytest.raises(UserError):
        session.switch(99)


def test_a_different_run_mode_from_an_earlier_step_is_an_experiment() -> None:
    shell = Shell.loaded()
    shell.ok("run")
    shell.ok("goto 20")
    shell.ok("run-mode 1")
    shell.ok("run")
    lines = shell.ok("experiments")
    assert lines[1].startswith("* 2 20:mode 1: parted at step 20 by mode 1;")


def test_experiments_are_dropped_with_the_record_on_load_quiz() -> None:
    shell = done_when_shell()
    shell.ok(f"load-quiz {SEED}")
    assert shell.ok("experiments") == [
        "* 1 main: the first line of search; got to step 0, 0 solutions, biggest level 0, "
        "not finished; at step 0"
    ]


def test_the_record_cap_deletes_experiments_that_parted_in_the_dropped_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SUDOKU_REPL_RECORD_CAP", "200")
    shell = Shell.loaded("[6,2]=9")
    shell.ok("runtil 20")
    shell.ok("goto 6")
    shell.ok("guess-mode 1")
    shell.ok("step")
    shell.ok("guess-mode 0")
    lines = shell.ok("runrun 0")
    assert any(line.startswith("Experiments 1 parted before step") for line in lines)
    assert [line[:3] for line in shell.ok("experiments")] == ["* 2"]


def test_done_when_batch_transcript_reviewed_by_hand() -> None:
    """The issue's Done-when script in batch mode, against the transcript reviewed by hand."""
    import io

    from sudoku_repl.frontends.batch import run_batch

    script = (DATA / "experiments_done_when.txt").read_text().splitlines()
    out = io.StringIO()
    run_batch(iter(script), out, clock=fake_clock())
    assert out.getvalue() == (DATA / "experiments_done_when.out").read_text()


# -- the stateful test: every experiment replays from scratch as recorded ----------------------


def signature(session: Session) -> list[tuple[int, int, Choice, tuple[object, ...]]]:
    """The present experiment's record: per move, its step count, run mode, choice, events."""
    h = session.history
    return [(h.steps_after(m + 1), h.run_mode(m), h.choice(m), h.events(m)) for m in range(len(h))]


def replayed(session: Session) -> list[tuple[int, int, Choice, tuple[object, ...]]]:
    """The same record made again from the loaded quiz along its own answers and run modes."""
    h = session.history
    engine = Engine.from_givens(SEED_QUIZ_VALUES)
    found = []
    for m in range(len(h)):
        ev = hand.advance(engine, h.run_mode(m), h.choice(m))
        found.append((engine.steps, h.run_mode(m), h.choice(m), tuple(ev)))
    return found


SEED_QUIZ_VALUES = [int(c) for c in SEED_QUIZ]


class ExperimentMachine(RuleBasedStateMachine):
    @initialize()
    def load(self) -> None:
        self.session = Session.from_quiz(SEED_QUIZ)
        self.session.run(solutions=0, max_steps=60)
        self.kept: dict[int, list[tuple[int, int, Choice, tuple[object, ...]]]] = {}

    def _leave(self) -> None:
        """The present experiment's record, kept to check it when it is back."""
        tree = self.session.experiment_tree
        self.kept[tree.current.number] = signature(self.session)

    @rule(step=st.integers(0, 80))
    def goto(self, step: int) -> None:
        self.session.goto(step)

    @rule(n=st.integers(1, 5))
    def back(self, n: int) -> None:
        now = self.session.state().steps
        self.session.goto(max(now - n, 0))

    @rule(pick=st.integers(0, 8), steps=st.integers(1, 30))
    def answer_a_guess(self, pick: int, steps: int) -> None:
        """Step on in guess mode, answering the first question with a candidate by ``pick``."""
        session = self.session
        before = session.experiment_tree.current.number
        record = signature(session)

        class Pick(Quiet):
            def ask_guess(self, cell: Cell, value: int) -> Choice:
                cands = [v for v in range(1, 10) if session.engine.cands[cell] >> (v - 1) & 1]
                return (cell, cands[pick % len(cands)]) if cands else None

        session.settings.guess_mode = 1
        try:
            session.run(Pick(), solutions=0, max_steps=session.state().steps + steps)
        finally:
            session.settings.guess_mode = 0
        if session.experiment_tree.current.number != before:
            self.kept[before] = record

    @rule(data=st.data(), remove=st.booleans())
    def edit(self, data: st.DataObject, remove: bool) -> None:
        """A what-if edit: mostly a legal one (an empty cell, one of its candidates), now and
        then any (refused ones change nothing)."""
        session = self.session
        state = session.state()
        empty = [c for c in range(81) if not state.values[c] and state.cands[c]]
        if empty and data.draw(st.integers(0, 3)):
            cell = data.draw(st.sampled_from(empty))
            cands = [v for v in range(1, 10) if state.cands[cell] >> (v - 1) & 1]
            value = data.draw(st.sampled_from(cands))
        else:
            cell, value = data.draw(st.integers(0, 80)), data.draw(st.integers(1, 9))
        record = signature(session)
        before = session.experiment_tree.current.number
        try:
            session.hand_edit(cell, value, remove)
        except UserError:
            assert signature(session) == record and session.state() == state
            return
        self.kept[before] = record

    @rule(data=st.data())
    def branch_at_a_guess(self, data: st.DataObject) -> None:
        """``Session.branch`` at a recorded new guess, with another candidate."""
        session = self.session
        h = session.history
        guesses = [m for m, _ in h.new_guesses(1, h.last_steps)]
        if not guesses:
            return
        move = data.draw(st.sampled_from(guesses))
        guess = next(e for e in h.events(move) if e[0] == 7)  # GUESS
        cell = guess[2]
        cands = [v for v in range(1, 10) if session.state_after(move).cands[cell] >> (v - 1) & 1]
        recorded = h.choice(move)
        taken = recorded[1] if recorded is not None else cands[0]
        others = [v for v in cands if v != taken]
        if not others:
            return
        record = signature(session)
        before = session.experiment_tree.current.number
        session.branch(move, choice=(cell, data.draw(st.sampled_from(others))))
        self.kept[before] = record
        session.run(solutions=0, max_steps=session.state().steps + data.draw(st.integers(0, 40)))

    @rule(data=st.data())
    def switch(self, data: st.DataObject) -> None:
        numbers = [e.number for e in self.session.experiment_tree]
        target = data.draw(st.sampled_from(numbers))
        self._leave()
        self.session.switch(target)
        if target in self.kept:
            assert signature(self.session) == self.kept[target]

    @invariant()
    def every_experiment_replays_as_recorded(self) -> None:
        session = self.session
        present = session.experiment_tree.current.number
        cursor = session.cursor
        state = session.state()
        for e in list(session.experiment_tree):
            session.experiment_tree.view(e)
            assert signature(session) == replayed(session)
        session.experiment_tree.unview()
        assert session.experiment_tree.current.number == present
        assert session.cursor == cursor and session.state() == state
        assert session.state_after(cursor) == state


TestExperimentMachine = ExperimentMachine.TestCase
TestExperimentMachine.settings = settings(
    max_examples=either(30, 60),  # (60, the sweep's: benchmarks/sweeps.sh)
    stateful_step_count=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_branch_refuses_an_answer_that_is_no_candidate() -> None:
    session = Session.from_quiz(SEED_QUIZ)
    session.run()
    session.goto(6)
    with pytest.raises(UserError):
        session.branch(session.cursor, choice=(48, 9))  # [6,4] holds the given 2
    assert [e.number for e in session.experiments] == [1]
    assert session.state().steps == 6  # where it was


def test_timeline_compare_draws_both_curves_as_text_and_svg(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    shell = done_when_shell()
    lines = shell.ok("timeline --compare 1 2")
    assert lines[0] == "Guess level over steps 1..184: 1 main (a) and 2 6:[6,2]=9 (b)"
    assert "| they part at step 6" in lines[lines.index(next(x for x in lines if "└" in x)) + 2]
    assert lines[-2] == "1 main: biggest level 11 at step 92; solution at step 131."
    assert lines[-1] == "2 6:[6,2]=9: biggest level 11 at step 145; solution at step 184."
    # the top row (level 11): main's peak early (a), the other's later (b), apart
    top = lines[1]
    assert top.startswith("11 │") and top.index("a") < top.index("b")
    svg = tmp_path / "cmp.svg"
    assert shell.ok(f"timeline --compare 1 2 --svg {svg}") == [f"Wrote {svg}."]
    root = ET.parse(svg).getroot()
    classes = [e.get("class") for e in root.iter() if e.get("class")]
    assert {"level a", "level b", "parted"} <= set(classes)
    assert shell.fails("timeline --compare 1") == [
        "timeline --compare 1 needs an experiment: timeline --compare <A> <B> | "
        "timeline --compare <A> <B> --svg <file>"
    ]
    assert shell.fails("timeline --compare 1 1") == [
        "timeline --compare needs two different experiments: timeline --compare A B [--svg <file>]"
    ]


def test_a_step_called_off_at_its_question_keeps_no_experiment() -> None:
    """Run mode 2 from step 5 cuts the record at once; the guess question then called off puts
    the session back, the first line of search present and whole (checked by hand: from step 5
    mode 2's first move is a filter that leaves a guess due)."""
    from sudoku_repl.core.errors import GuessAborted

    shell = Shell(Answers(GuessAborted))
    shell.ok(f"load-quiz {SEED}")
    shell.ok("run")
    shell.ok("goto 5")
    shell.ok("run-mode 2")
    shell.ok("guess-mode 1")
    show = shell.ok("show")
    assert shell.fails("step") == ["Guess question aborted: back at step 5."]
    assert shell.ok("show") == show
    assert shell.ok("experiments") == [
        "* 1 main: the first line of search; got to step 131, 1 solution, biggest level 11, "
        "not finished; at step 5"
    ]


# -- running on where another experiment holds the future follows it ----------

MAIN_AT_131 = (
    "1 main: the first line of search; got to step 131, 1 solution, biggest level 11, "
    "not finished; at step 131"
)
NINE_AT_184 = (
    "2 6:[6,2]=9: parted at step 6 by [6,2]=9; got to step 184, 1 solution, biggest level 11, "
    "not finished; at step 184"
)


def records(shell: Shell) -> dict[int, list[tuple[int, int, Choice, tuple[object, ...]]]]:
    """Every experiment's record, by number."""
    session = shell.repl.session
    tree = session.experiment_tree
    found = {}
    try:
        for exp in list(tree):
            tree.view(exp)
            found[exp.number] = signature(session)
    finally:
        tree.unview()
    return found


@pytest.mark.parametrize("run", ["run", "runrun 0"])
def test_running_on_the_main_line_from_another_experiment_follows_it(run: str) -> None:
    """The issue's script: back at step 0 of experiment 2, the default answers are the main
    line's: running on follows experiment 1 instead of making a third one just like it."""
    shell = done_when_shell()
    kept = records(shell)
    shell.ok("goto 0")
    lines = shell.ok(run)
    assert lines[-1] == (
        "Experiment 1 (main) goes on this way from step 6: it is the present one now "
        "(experiment 2 stands at its end)."
    )
    listed = shell.ok("experiments")
    assert [line[2:] for line in listed] == [
        MAIN_AT_131.replace("not finished", "finished").replace("131", "284")
        if run == "runrun 0"
        else MAIN_AT_131,
        NINE_AT_184,
    ]
    assert listed[0].startswith("* 1 ")
    now = records(shell)
    assert now[2] == kept[2]
    assert now[1][: len(kept[1])] == kept[1]  # (runrun 0 goes on past the main line's end)


def test_answering_as_another_experiment_did_follows_it() -> None:
    """On the main line at step 6, answering [6,2]=9 again goes into experiment 2."""
    shell = done_when_shell("[6,2]=9")
    shell.ok("experiment 1")
    kept = records(shell)
    shell.ok("goto 6")
    shell.ok("guess-mode 1")
    lines = shell.ok("step")
    assert lines[0] == "7) Guess [6,2] level 1 at 1 out of 2"
    assert lines[-1] == (
        "Experiment 2 (6:[6,2]=9) goes on this way from step 6: it is the present one now "
        "(experiment 1 stands at its end)."
    )
    assert shell.ok("experiments") == [
        f"  {MAIN_AT_131}",
        "* " + NINE_AT_184.replace("at step 184", "at step 7"),
    ]
    assert records(shell) == kept


def test_a_run_mode_another_experiment_ran_from_that_step_follows_it() -> None:
    shell = Shell.loaded()
    shell.ok("run")
    shell.ok("goto 20")
    shell.ok("run-mode 1")
    shell.ok("run")
    kept = records(shell)
    assert len(kept) == 2
    for mode, present in (("0", "* 1 main"), ("1", "* 2 20:mode 1"), ("0", "* 1 main")):
        shell.ok("goto 20")
        shell.ok(f"run-mode {mode}")
        shell.ok("run")
        listed = shell.ok("experiments")
        assert len(listed) == 2 and any(line.startswith(present) for line in listed)
    assert records(shell) == kept


def test_a_step_called_off_after_following_a_run_mode_goes_back_to_where_it_began() -> None:
    """Run mode 2 from step 5 follows experiment 2 at the step's first move; its guess question
    called off puts the session back in experiment 1 at step 5, and experiment 2 where it
    stood (the same session as ``test_a_step_called_off_at_its_question_keeps_no_experiment``
    with experiment 2 made first)."""
    from sudoku_repl.core.errors import GuessAborted

    shell = Shell(Answers(GuessAborted))
    for line in (f"load-quiz {SEED}", "run", "goto 5", "run-mode 2", "run", "experiment 1"):
        shell.ok(line)
    shell.ok("goto 5")
    shell.ok("guess-mode 1")
    listed, show, kept = shell.ok("experiments"), shell.ok("show"), records(shell)
    assert listed[0].endswith("at step 5") and listed[1].startswith("  2 5:mode 2:")
    assert shell.fails("step") == ["Guess question aborted: back at step 5."]
    assert shell.ok("show") == show
    assert shell.ok("experiments") == listed
    assert records(shell) == kept

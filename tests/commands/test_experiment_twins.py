"""An identical ``set cell`` edit, or ``whatif guesses
--keep`` asked twice from the same position, follows the experiment that holds that future
instead of forking a copy of it (``compare`` would find the two identical).

Expected lines: the seed quiz's edit at step 11 and its experiment line are those of
``test_experiments.test_set_cell_is_a_step_by_hand_and_a_new_experiment``; the rows of
``whatif guesses --keep`` after ``run`` are the fifteen of ``test_whatif`` (``SEED_GUESSES``:
experiments 2 to 16, 2 parted at step 6 by [6,2]=9, first solution 184)."""

from __future__ import annotations

import pytest

from tests.support.helpers import SEED, Answers, Shell

EDIT = "set cell [4,2]=2"
EDIT_TRACE = "12) [4,2]=2 set by hand"
BEGINS = "Experiment 2 (11:[4,2]=2 by hand) begins here."
FOLLOWED = (
    "Experiment 2 (11:[4,2]=2 by hand) goes on this way from step 11: it is the present one now "
    "(experiment 1 stands at its end)."
)
KEEP_LINE = (
    "Kept the rows as experiments 2 to 16, in the rows' order (experiments lists them; "
    "compare N puts one beside the present)."
)


def at_step_11() -> Shell:
    shell = Shell.loaded()
    shell.ok("runtil 10")
    assert shell.steps == 11
    return shell


def test_the_same_edit_from_the_same_step_follows_its_experiment() -> None:
    shell = at_step_11()
    assert shell.ok(EDIT) == [EDIT_TRACE, BEGINS]
    listed = shell.ok("experiments")
    assert shell.ok("experiment 1")[0] == "Experiment 1 (main), at step 11."
    assert shell.ok(EDIT) == [EDIT_TRACE, FOLLOWED]  # no third experiment
    assert shell.ok("experiments") == listed  # the same two, experiment 2 the present again
    assert shell.steps == 12
    assert shell.fails("compare 1 3") == [
        "No experiment 3: there are 1 (main), 2 (11:[4,2]=2 by hand)"
    ]


def test_the_same_edit_where_the_present_record_holds_it_moves_on_in_it() -> None:
    shell = at_step_11()
    shell.ok(EDIT)
    listed = shell.ok("experiments")
    shell.ok("back")
    assert shell.steps == 11
    assert shell.ok(EDIT) == [
        EDIT_TRACE,
        "Experiment 2 (11:[4,2]=2 by hand) goes on with this edit already.",
    ]
    assert shell.ok("experiments") == listed
    assert shell.steps == 12


def test_another_edit_from_the_same_step_is_still_a_new_experiment() -> None:
    shell = at_step_11()
    shell.ok(EDIT)
    shell.ok("experiment 1")
    lines = shell.ok("set removed 2 [4,2]")
    assert lines[-1] == "Experiment 3 (11:2 removed from [4,2] by hand) begins here."
    assert len(shell.ok("experiments")) == 3


def test_whatif_keep_twice_from_the_same_step_keeps_no_copies() -> None:
    shell = Shell.loaded()
    shell.ok("run")
    first = shell.ok("whatif guesses --keep")
    assert first[-1] == KEEP_LINE
    listed = shell.ok("experiments")
    assert len(listed) == 16
    again = shell.ok("whatif guesses --keep")
    assert again == first  # the same rows, and the same experiments: followed, not copied
    assert shell.ok("experiments") == listed
    assert shell.fails("compare 2 17")[0].startswith("No experiment 17: there are 1 (main), ")
    compared = shell.ok("compare 2")
    assert compared[0] == "Experiments 2 and 1 part at step 6."
    assert compared[3].split()[-2:] == ["184", "131"]  # the first solutions, as the row says


class Polls:
    """An interrupt flag raised at the ``at``-th poll (between steps), without a clock."""

    def __init__(self, at: int) -> None:
        self.at, self.count = at, 0

    def __call__(self) -> bool:
        self.count += 1
        return self.count >= self.at


@pytest.mark.parametrize("at", [50, 400])
def test_ctrl_c_during_a_second_keep_deletes_none_of_the_first(at: int) -> None:
    polls = Polls(at=10**9)
    shell = Shell(Answers(), interrupted=polls)
    shell.ok(f"load-quiz {SEED}")
    shell.ok("run")
    shell.ok("whatif guesses --keep --max-steps 20")
    listed = shell.ok("experiments")
    polls.count, polls.at = 0, at
    lines = shell.ok("whatif guesses --keep")  # rows go further: the kept ones are followed
    assert lines[-1].startswith("Interrupted after ")
    polls.at = 10**9
    after = shell.ok("experiments")
    assert len(after) == len(listed)  # the row interrupted was experiment k: it stays
    assert [line[:20] for line in after] == [line[:20] for line in listed]

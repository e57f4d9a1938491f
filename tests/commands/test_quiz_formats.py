"""The formats of other programs: SadMan ``.sdk``, Simple Sudoku ``.ss``,
HoDoKu library lines, candidate grids and 729-character candidate strings. The examples are in
``puzzles/formats`` (its README says where each format is described); every expected value here
is written by hand from those files: the first grid of norvig_easy50 and one position of it
(4 placed in [5,6], 1 in [5,7], 4 in [9,4]; 9 deleted from [1,8], 2 from [2,2])."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_repl.api import Session
from sudoku_repl.core.errors import UserError
from sudoku_repl.tools.rating.reading import read_quizzes
from tests.support.helpers import PUZZLES
from tests.support.soundness import new_repl, run_commands, snapshot

FORMATS = PUZZLES / "formats"
EASY01 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: the givens of a candidate grid of the position: the placed values are values like the givens
EASY01_PLACED = "..3.2.6..9..3.5..1..18.64....81.29..7....41.8..67.82....26.95..8..2.3..9..541.3.."
LIBRARY = FORMATS / "easy01_hodoku_library.txt"
LIBRARY_LINE = LIBRARY.read_text().splitlines()[0]


def candidates(lines: list[str], cell: str) -> str:
    """The candidates ``show`` gives a cell (``[1,8]: 5 7 8`` -> ``5 7 8``)."""
    for line in lines:
        at = line.find(f"{cell}: ")
        if at >= 0:
            rest = line[at + len(cell) + 2 :]
            return rest.split(" [", 1)[0]
    raise AssertionError(f"{cell} not among the candidates")


def steps(lines: list[str]) -> int:
    return int(next(line for line in lines if line.startswith("Steps:"))[6:])


@pytest.mark.parametrize(
    "name", ["easy01.sdk", "easy01.ss"], ids=["sadman-sdk", "simple-sudoku-ss"]
)
def test_a_quiz_of_another_program_loads_its_givens(name: str) -> None:
    repl, out = new_repl()
    assert run_commands(repl, out, f"load-quiz {FORMATS / name}") == ["Quiz loaded."]
    assert str(repl.session.quiz) == EASY01
    assert steps(run_commands(repl, out, "show")) == 0
    assert [e.number for e in repl.session.experiments] == [1]


def test_sadman_puzzle_section(tmp_path: Path) -> None:
    path = tmp_path / "q.sdk"
    rows = [EASY01[k : k + 9] for k in range(0, 81, 9)]
    path.write_text("#AHelper\n[Puzzle]\n" + "\n".join(rows) + "\n")
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {path}")
    assert str(repl.session.quiz) == EASY01


def test_a_library_line_loads_as_a_what_if_start() -> None:
    repl, out = new_repl()
    said = run_commands(repl, out, f"load-quiz {LIBRARY}")
    assert said == [
        "Quiz loaded.",
        # (in plain words, a position with candidates removed)
        "Loaded a position with 3 values placed and 2 candidates removed: step 1 worked the "
        "candidates out from the givens (experiment 1), then what-if experiment 2 made those "
        "edits by hand, a step each (compare 1 2 sets the two side by side).",
    ]
    assert str(repl.session.quiz) == EASY01  # the placed values are no givens
    shown = run_commands(repl, out, "show")
    assert steps(shown) == 6  # step 1, then five edits
    assert shown[5] == "700 004 108" and shown[10] == "005 410 300"
    assert candidates(shown, "[1,8]") == "5 7 8"  # 9 deleted
    assert candidates(shown, "[2,2]") == "4 6 7 8"  # 2 deleted
    assert candidates(shown, "[5,2]") == "2 3 5 9"  # 1 and 4 placed in its row
    # experiment 1 holds the candidates worked out from the givens alone
    run_commands(repl, out, "experiment 1")
    first = run_commands(repl, out, "show")
    assert steps(first) == 1
    assert candidates(first, "[1,8]") == "5 7 8 9"
    assert candidates(first, "[2,2]") == "2 4 6 7 8"


def test_the_second_library_line_is_a_plain_quiz() -> None:
    repl, out = new_repl()
    assert run_commands(repl, out, f"load-quiz {LIBRARY} 2") == ["Quiz loaded."]
    assert str(repl.session.quiz) == EASY01
    assert steps(run_commands(repl, out, "show")) == 0


@pytest.mark.parametrize(
    "name", ["easy01_hodoku_pm.txt", "easy01_candidates_729.txt"], ids=["pm-grid", "729"]
)
def test_a_candidate_grid_loads_its_values_as_givens_and_its_candidates(name: str) -> None:
    repl, out = new_repl()
    said = run_commands(repl, out, f"load-quiz {FORMATS / name}")
    assert said[1].startswith("Loaded a position with 2 candidates removed: step 1 worked")
    assert str(repl.session.quiz) == EASY01_PLACED
    shown = run_commands(repl, out, "show")
    assert steps(shown) == 3
    assert candidates(shown, "[1,8]") == "5 7 8"
    assert candidates(shown, "[2,2]") == "4 6 7 8"
    assert candidates(shown, "[5,3]") == "9"  # one digit, seen in its row: a naked single


def test_simple_sudokus_three_grids_are_givens_values_and_candidates() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {FORMATS / 'easy01_progress.ss'}")
    assert str(repl.session.quiz) == EASY01
    shown = run_commands(repl, out, "show")
    assert steps(shown) == 6
    assert shown[5] == "700 004 108"
    assert candidates(shown, "[1,8]") == "5 7 8"
    assert candidates(shown, "[9,6]") == "7"


def test_inline_library_line_and_candidate_string() -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz '{LIBRARY_LINE}'")
    assert steps(run_commands(repl, out, "show")) == 6
    text = (FORMATS / "easy01_candidates_729.txt").read_text().strip()
    run_commands(repl, out, f"load-quiz {text}")
    assert str(repl.session.quiz) == EASY01_PLACED


def test_save_session_writes_the_position_as_a_library_line(tmp_path: Path) -> None:
    repl, out = new_repl()
    script = tmp_path / "s.txt"
    run_commands(repl, out, f"load-quiz {FORMATS / 'easy01_progress.ss'}", "step")
    before = run_commands(repl, out, "show")
    run_commands(repl, out, f"save-session {script}")
    assert f"load-quiz '{LIBRARY_LINE}'" in script.read_text().splitlines()
    again, out2 = new_repl()
    run_commands(again, out2, f"source {script}")
    assert run_commands(again, out2, "show") == before


BAD = [
    (
        ":0000:x:..3.2.6..9..3.5..1..18.64....81.29..7....+4+1.8..67.82....26.95..8..2.3..9..5+41.3.:::",
        "Invalid library line: its givens have 80 cells where 81 are needed: "
        ":<technique>:<candidates>:<givens>:<deleted candidates>:...",
    ),
    (
        ":0000:x:" + EASY01 + ":9x8::",
        "Invalid library line: deleted candidate '9x8' is not <digit><row><col> (three digits "
        "1-9): :<technique>:<candidates>:<givens>:<deleted candidates>:...",
    ),
    (
        ":0000:x:+3" + EASY01[1:] + ":::",
        "Invalid quiz: 3 appears twice in row 1 ([1,1] and [1,3]).",
    ),
    (
        ":0000:x:" + EASY01 + ":518 718 818 918::",
        "Invalid quiz: [1,8] is left without a candidate (its row, column and block rule out "
        "every one it has).",
    ),
]


@pytest.mark.parametrize(("line", "said"), BAD, ids=["80-cells", "entry", "clash", "empty"])
def test_bad_input_is_one_line_and_the_loaded_quiz_stays(line: str, said: str) -> None:
    repl, out = new_repl()
    run_commands(repl, out, f"load-quiz {FORMATS / 'easy01.sdk'}", "step", "step")
    before = snapshot(repl)
    out.clear()
    assert not repl.execute(f"load-quiz '{line}'")
    assert out.lines == [said]
    assert snapshot(repl) == before


def test_a_candidate_grid_with_an_empty_cell_is_refused(tmp_path: Path) -> None:
    grid = (FORMATS / "easy01_hodoku_pm.txt").read_text().replace("| 45  ", "| .   ", 1)
    path = tmp_path / "pm.txt"
    path.write_text(grid)
    repl, out = new_repl()
    assert not repl.execute(f"load-quiz {path}")
    assert out.lines == ["Invalid quiz: [1,1] has no candidate and no value."]


def test_rate_reads_the_givens_of_library_lines() -> None:
    quizzes = list(read_quizzes(str(LIBRARY)))
    assert [(n, str(q)) for n, q in quizzes] == [(1, EASY01), (2, EASY01)]


def test_rate_reads_a_printed_grid_as_one_quiz() -> None:
    quizzes = list(read_quizzes(str(FORMATS / "easy01.ss")))
    assert [(n, str(q)) for n, q in quizzes] == [(1, EASY01)]


def test_hand_edits_refused_change_nothing() -> None:
    session = Session.from_quiz(EASY01)
    session.step()
    before = (session.state(), session.cursor, len(session.experiments))
    with pytest.raises(UserError):
        # the second edit removes a candidate [1,1] does not have (4 5)
        session.hand_edits([(0, 4, True), (0, 9, True)], "test")
    assert (session.state(), session.cursor, len(session.experiments)) == before


def test_rate_reads_candidate_strings_as_pencil_mark_puzzles() -> None:
    """A 729-character line is a pencil-mark puzzle (a sukaku), its candidates kept as
    written (it was read as its values alone before); written back as it was read."""
    path = FORMATS / "easy01_candidates_729.txt"
    line = path.read_text().split()[0]
    quizzes = list(read_quizzes(str(path)))
    assert [(n, str(q)) for n, q in quizzes] == [(1, line)]
    (_, quiz) = quizzes[0]
    assert not isinstance(quiz, str) and quiz.marks is not None
    # a cell of one candidate is still to be placed: its digit alone in its nine places
    placed = [k for k, ch in enumerate(EASY01_PLACED) if ch != "."]
    assert all(quiz.marks[k] == 1 << (int(EASY01_PLACED[k]) - 1) for k in placed)

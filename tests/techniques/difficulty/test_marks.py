"""Pencil-mark states (``marks.Marks``): from givens, sukaku and puzzle lines, a session's
state; bad text said in one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sudoku_repl.core.engine import Engine, loaded_state
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.techniques.difficulty.marks import Marks, MarksError, cell_name, state_line
from tests.techniques.difficulty.oracle import masks

SEED = "005300000800000020070010500400005300010070006003200080060500009004000030000009700"


def test_givens_leave_the_digits_no_given_peer_holds() -> None:
    marks = Marks.from_givens([int(c) for c in SEED])
    assert list(marks.cands) == masks(SEED)
    assert marks.cands[2] == 1 << 4  # r1c3 is the given 5
    # r1c1: row 1 holds 5 and 3, column 1 holds 8 and 4, box 1 holds 5, 8 and 7
    assert marks.cands[0] == sum(1 << (d - 1) for d in (1, 2, 6, 9))


def test_a_sukaku_line_reads_back_as_it_was_written() -> None:
    marks = Marks.from_sukaku(SEED)
    line = marks.sukaku()
    assert len(line) == 729
    assert line[18:27] == "....5...."  # r1c3, the given 5
    assert line[:9] == "12...6..9"
    assert Marks.from_sukaku(line) == marks
    assert Marks.from_sukaku(line.replace(".", "0")) == marks
    assert Marks.from_sukaku(SEED.replace("0", ".")) == marks


def test_a_states_line_is_its_values_alone_or_its_729_characters() -> None:
    values = [int(c) for c in SEED]
    assert state_line(values, None) == SEED
    # r1c1 keeps 1 and 9 (engine bits 0 and 8), the given 5 of r1c3 stands alone, every other
    # empty cell keeps every digit
    marks = [0b1_0000_0001 if i == 0 else 0b1_1111_1111 for i in range(81)]
    line = state_line(values, marks)
    assert len(line) == 729
    assert line[:9] == "1.......9"
    assert line[18:27] == "....5...."
    assert line[9:18] == "123456789"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("123", "a sukaku is 729 characters"),
        ("x" + SEED[1:], "not 'x' (at r1c1)"),
        ("1" * 729, "place 2 of a cell holds 2, . or 0, not '1' (at r1c1)"),
    ],
)
def test_bad_text_is_one_line_saying_what_is_accepted(text: str, said: str) -> None:
    with pytest.raises(MarksError) as caught:
        Marks.from_sukaku(text)
    assert said in str(caught.value)
    assert "\n" not in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_masks_out_of_range_are_refused() -> None:
    with pytest.raises(MarksError):
        Marks((0x200,) * 81)
    with pytest.raises(MarksError):
        Marks((1,) * 80)
    with pytest.raises(MarksError):
        Marks.from_givens([10] + [0] * 80)


def test_a_sessions_state_is_its_placed_values_and_its_candidates() -> None:
    engine = Engine(loaded_state([int(c) for c in SEED], CLASSIC))
    for _ in range(8):
        engine.step()
    state = engine.state()
    marks = Marks.from_state(state.values, state.cands)
    for i in range(81):
        if state.values[i]:
            assert marks.cands[i] == 1 << (state.values[i] - 1)
        else:
            assert marks.cands[i] == state.cands[i]
    with pytest.raises(MarksError, match="a 9x9 quiz"):
        Marks.from_state(bytes(369), (0,) * 369)


def test_a_session_before_its_first_step_has_its_givens_candidates() -> None:
    engine = Engine(loaded_state([int(c) for c in SEED], CLASSIC))
    assert Marks.from_engine_state(engine.state()) == Marks.from_givens([int(c) for c in SEED])
    engine.step()
    engine.step()
    state = engine.state()
    assert Marks.from_engine_state(state) == Marks.from_state(state.values, state.cands)


def test_cells_are_named_row_and_column_from_1() -> None:
    assert cell_name(0) == "r1c1"
    assert cell_name(4) == "r1c5"
    assert cell_name(80) == "r9c9"


def test_rating_a_classic_state_imports_no_session_nor_rules() -> None:
    # a process that rates a file of states (benchmarks/bench_difficulty.py's, a user's) pays its
    # imports once a file: the rules' parser, the session's state and the core's counter (its
    # C extension) are not on a classic state's way
    code = (
        "import sys\n"
        "from sudoku_repl.techniques.difficulty.braids import b_rating\n"
        "from sudoku_repl.techniques.difficulty.bxb import bxb_rating\n"
        "from sudoku_repl.techniques.difficulty.marks import Marks\n"
        "from sudoku_repl.techniques.difficulty.te import te_depth\n"
        f"te_depth(Marks.from_sukaku({SEED!r}))\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "sudoku_repl.techniques.difficulty.te" in loaded
    unwanted = {"core.rules", "core.state", "core.counting", "core.native"}
    assert not {f"sudoku_repl.{name}" for name in unwanted} & loaded

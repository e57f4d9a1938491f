"""The native ``Core`` checks what crosses from Python.

Its moves index tables by the cells, values, candidates, status and pending cell it is given;
a state out of range read or wrote out of bounds (a segfault, or silent damage). Each method
now checks its inputs once per call and raises ``ValueError`` with one line. Each bad call runs
in a subprocess after a valid push, followed by moves on the core: a crash fails the test
instead of killing the run, and a bad input accepted (the old behaviour) fails it too.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from sudoku_repl.core import native

pytestmark = pytest.mark.skipif(
    not native.available(), reason=f"no native core here: {native.build()}"
)

#: the script's set-up: a core on the classic geometry holding a valid empty state
PRELUDE = """
from array import array
from sudoku_repl.core import native_engine as ne
from sudoku_repl.core.geometry import CLASSIC
from sudoku_repl.core.state import Frame
M = ne._core_module()
core = M.Core(*ne.tables(CLASSIC))
VALUES, CANDS = bytes(81), array("H", [0x1FF] * 81)
LOADED, SOLVED, GUESS_DUE = 0, 2, 4
core.push(LOADED, 0, 0, -1, VALUES, CANDS, ())

def frame(cell=0, options=(1, 2), tried=1, values=VALUES, cands=CANDS):
    return Frame(cell, options, tried, values, cands)

def bad_value(v):
    return bytes([v]) + VALUES[1:]

def bad_cands(m):
    return array("H", [m]) + CANDS[1:]

def bad_table(k, i, v):
    tables = list(ne.tables(CLASSIC))
    if k == 0:  # the size
        tables[0] = v
    else:
        tables[k] = array("i", tables[k])
        tables[k][i] = v
    return tables
"""

#: after the bad call: moves on the core (where an accepted bad state would be read)
AFTER = """
for _ in range(3):
    core.advance(0, ne.ALL_KINDS)
core.pull()
"""

BAD_CALLS = {
    "status 77": "core.push(77, 0, 0, -1, VALUES, CANDS, ())",
    "status -1": "core.push(-1, 0, 0, -1, VALUES, CANDS, ())",
    "candidates 0xFFFF (array)": "core.push(GUESS_DUE, 0, 0, 0, VALUES, bad_cands(0xFFFF), ())",
    "candidates 0xFFFF (list)": (
        "core.push(GUESS_DUE, 0, 0, 0, VALUES, [0xFFFF] + [0x1FF] * 80, ())"
    ),
    "candidates -1 (list)": "core.push(LOADED, 0, 0, -1, VALUES, [-1] + [0x1FF] * 80, ())",
    "pending 5000": "core.push(GUESS_DUE, 0, 0, 5000, VALUES, CANDS, ())",
    "pending -1 with a guess due": "core.push(GUESS_DUE, 0, 0, -1, VALUES, CANDS, ())",
    "pending -7": "core.push(LOADED, 0, 0, -7, VALUES, CANDS, ())",
    "value 200 (bytes)": "core.push(LOADED, 0, 0, -1, bad_value(200), CANDS, ())",
    "value 200 (list)": "core.push(LOADED, 0, 0, -1, [200] + [0] * 80, CANDS, ())",
    "frame cell 100000": "core.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(cell=100000),))",
    "frame option 200": "core.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(options=(1, 200)),))",
    "frame option 0": "core.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(options=(1, 0)),))",
    "frame tried 0": "core.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(tried=0),))",
    "frame twelve options": (
        "core.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(options=tuple(range(1, 13))),))"
    ),
    "frame value 200": (
        "core.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(values=bad_value(200)),))"
    ),
    "frame candidates 0xFFFF": (
        "core.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(cands=bad_cands(0xFFFF)),))"
    ),
    "run: negative moves": "core.run(0, 0, 1, 0, 0, 0, -1, -5, 0, 0, 0)",
    "run: negative index": "core.run(0, 0, 1, 0, 0, 0, -1, 10, -3, 0, 0)",
    "search: negative steps": "core.search(0, -1, 0, 0, -1)",
    "size 0": "core = M.Core(*bad_table(0, 0, 0))",
    "a peer 100000": "core = M.Core(*bad_table(2, 5, 100000))",
    "a unit cell -3": "core = M.Core(*bad_table(5, 0, -3))",
    "a line cell 100000": "core = M.Core(*bad_table(7, 4, 100000))",
    "a block cell 100000": "core = M.Core(*bad_table(9, 4, 100000))",
    "block_of 200": "core = M.Core(*bad_table(10, 4, 200))",
    "a unit 5000": "core = M.Core(*bad_table(12, 4, 5000))",
    "peer_at past the peers": "core = M.Core(*bad_table(1, 81, 100000))",
    "initialised twice": "core.__init__(*bad_table(0, 0, 200))",
    "not initialised": (
        "bare = M.Core.__new__(M.Core); bare.push(SOLVED, 0, 0, -1, VALUES, CANDS, (frame(),))"
    ),
}


@pytest.mark.parametrize("call", BAD_CALLS.values(), ids=BAD_CALLS.keys())
def test_a_bad_input_is_refused_with_one_line(call: str) -> None:
    script = (
        PRELUDE
        + textwrap.dedent(f"""
        try:
            {call}
        except ValueError as e:
            print("refused:", e)
        else:
            print("accepted")
        """)
        + AFTER
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, f"the process died ({done.returncode}): {done.stderr[-500:]}"
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("refused: "), done.stdout
    assert "accepted" in lines[0] and "%" not in lines[0]  # it says what is accepted


def test_a_refused_push_leaves_no_half_state() -> None:
    """A push refused part way (a bad frame after good cells) leaves the core blank and
    finished: a move then does nothing, and no refused cell is kept."""
    script = PRELUDE + textwrap.dedent("""
        try:
            core.push(SOLVED, 3, 0, -1, bad_value(5), CANDS, (frame(cell=100000),))
        except ValueError:
            pass
        print(core.advance(0, ne.ALL_KINDS), core.pull()[:4], sum(core.pull()[4]))
        """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.split() == ["[]", "(3,", "0,", "0,", "-1)", "0"]


def test_valid_inputs_still_run() -> None:
    """The checks refuse nothing the engine makes: a valid push then moves as before."""
    script = PRELUDE + textwrap.dedent("""
        core.push(GUESS_DUE, 0, 0, 80, VALUES, CANDS, (frame(cell=3, options=(9,), tried=1),))
        events = core.advance(0, ne.ALL_KINDS)
        print(len(core.pull()[7]))
        """)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.split() == ["2"]

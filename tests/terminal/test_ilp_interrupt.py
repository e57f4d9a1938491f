"""Issue 44: Ctrl-C in a real terminal stops ``solve ilp`` while HiGHS works, and the session is
as it was. Under way means: the progress line (``solve ilp: HiGHS at work, ... (Ctrl-C
stops)``) has been drawn twice while the solutions of an empty grid are counted to a billion,
which never ends alone. How soon it stops is a figure of ``benchmarks/bench_ilp.py``."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.helpers import NEEDS_HIGHS, PROMPT, plain, spawn_shell

DRAWN = re.compile(r"solve ilp: HiGHS at work, \d+\.\d s \(Ctrl-C stops\)")
#: what the count would print, had it ended by itself
ENDED = "Not unique: 1000000000 solutions found"


@NEEDS_HIGHS
def test_ctrl_c_stops_solve_ilp_and_the_session_goes_on(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("." * 81 + "\n")
    child = spawn_shell(tmp_path, str(empty))
    try:
        child.expect_exact(PROMPT)
        child.sendline("solve ilp --count 1000000000")
        for _ in range(2):
            child.expect(DRAWN, timeout=60)
        child.sendintr()
        said = child.expect([r"Interrupted after \d+ solutions? found; nothing changed\.", ENDED])
        assert said == 0
        child.expect(r"HiGHS [\d.]+: \d+ runs? \(")
        child.expect_exact(PROMPT)
        assert "Traceback" not in plain(child.before)
        child.sendline("show")
        child.expect(r"Steps:(\d+)")
        assert child.match.group(1) == "0"
        child.expect_exact(PROMPT)
        child.sendline("bye")
        child.expect_exact("bye")
    finally:
        child.close(force=True)

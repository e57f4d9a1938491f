"""What a session keeps of the command lines that failed: their count and the first
few, cut short, for batch mode's summary; a failed line of megabytes is not kept whole (it was:
+28.6 MB a failed 30 MB line, never released, in batch mode and the shell alike)."""

from __future__ import annotations

import tracemalloc

from sudoku_repl.commands.dispatch import Repl
from sudoku_repl.commands.failures import KEPT, NAMED

LINE = 2_000_000  # characters of each failed line
LINES = 20


class Discarded:
    """An ``Output`` that keeps nothing (what is measured is the Repl's own)."""

    def message(self, line: str) -> None:
        pass

    def error(self, line: str) -> None:
        pass


def test_failed_lines_are_counted_and_a_few_kept_cut_short() -> None:
    repl = Repl(Discarded(), lambda question: "")
    repl.execute("frobnicate " + "x" * LINE)  # (the tables made: not what is measured)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for n in range(LINES):
            line = f"frobnicate{n} " + "x" * LINE  # unknown: it fails
            assert not repl.execute(line)
            del line
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < LINES * LINE // 100, kept  # under 1% of what failed
    assert len(repl.failures) == LINES + 1
    names = ["frobnicate", *(f"frobnicate{n}" for n in range(NAMED - 1))]
    assert repl.failures.lines == [f"{name} ".ljust(KEPT, "x") for name in names]
    assert repl.failures.summary().startswith(f"{LINES + 1} command(s) failed: frobnicate xxx")
    assert repl.failures.summary().endswith(f"and {LINES + 1 - NAMED} more")

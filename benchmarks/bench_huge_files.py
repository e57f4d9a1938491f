"""Loading the first quiz of a huge file (100 MB) reads a line or two, not the file: the CPU
seconds of ``load-quiz`` and the peak RSS it grew, in a fresh interpreter each.

    python benchmarks/bench_huge_files.py

The files are tests/commands/test_quiz_files.py's (tests/support/huge_files.py): a quiz of nine
lines then 100 MB of junk lines, a quiz a line (its first and its second asked), a bad third
line then NUL bytes, and 100 MB of NUL bytes without a line break; they are written in a
temporary folder, removed after. Prints each load's CPU seconds and growth (KiB); target: at
most 3 CPU-seconds a load (6 for the file without a line break, which is refused at its first
megabytes), what the tests asserted before the figure moved here (the tests
keep the growth's bound).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from common import machine, verdict

from tests.support.helpers import SEED_QUIZ, edge_case
from tests.support.huge_files import MB, measure_load, write_huge, write_sparse

TARGET_SECONDS = 3.0


def main() -> None:
    print(machine())
    rows = "".join(SEED_QUIZ[i : i + 9] + "\n" for i in range(0, 81, 9))
    ten = edge_case("ten_solutions").puzzle
    worst = 0.0
    with tempfile.TemporaryDirectory() as folder:
        d = Path(folder)
        loads = [
            ("nine_lines", write_huge(d / "nine_lines.txt", rows), "", 1.0),
            ("one_per_line", write_huge(d / "one_per_line.txt", f"{SEED_QUIZ}\n{ten}\n"), "", 1.0),
            ("one_per_line#2", d / "one_per_line.txt", " 2", 1.0),
            (
                "bad_third_line",
                write_sparse(d / "bad.txt", rows[:20] + "oops\n", 100 * MB),
                "",
                1.0,
            ),
            ("no_line_break", write_sparse(d / "no_break.txt", "", 100 * MB), "", 2.0),
        ]
        for name, path, number, allowed in loads:
            result = measure_load(f"load-quiz {path}{number}")
            seconds = float(result["seconds"])  # type: ignore[arg-type]
            worst = max(worst, seconds / allowed)
            print(
                f"{name:16} {seconds:6.3f} CPU s  grew {result['grown_kb']} KiB  {result['lines']}"
            )
    print(f"target: at most {TARGET_SECONDS:g} CPU s a load (twice that without line breaks)")
    print(verdict(worst < TARGET_SECONDS))


if __name__ == "__main__":
    main()
